"""Assessments on the embedded default: an in-process green runner, a process pool, and (unless a URL is
given) a baseline purple started for you. Used by ``green-agent assess`` and ``green-agent scenarios selftest``.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx

from green_agent.assessment.runner import Outcome, run_assessment
from green_agent.config import GreenSettings
from green_agent.protocol import ProgressUpdate, parse_request
from green_agent.scenarios import ScenarioLibrary
from ues_pool.backends.base import free_port
from ues_pool.backends.process import ProcessBackend
from ues_pool.pool import PoolConfig, UESPool


@contextlib.asynccontextmanager
async def purple_process(role: str, scenarios_dir: Path, startup_timeout: float = 30.0) -> AsyncIterator[str]:
    """Run ``purple-agent --role ROLE`` on a free loopback port; yield its URL; stop it afterwards."""
    port = free_port()
    env = {**os.environ, "GREEN_SCENARIOS_DIR": str(scenarios_dir)}
    errors = tempfile.TemporaryFile()
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "services.purple.cli", "--role", role, "--port", str(port),
        env=env, stdout=asyncio.subprocess.DEVNULL, stderr=errors)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + startup_timeout
        async with httpx.AsyncClient(timeout=1.0) as http:
            while True:
                if proc.returncode is not None:
                    errors.seek(0)
                    tail = errors.read().decode(errors="replace")[-500:]
                    raise RuntimeError(f"purple-agent --role {role} exited: {tail}")
                try:
                    if (await http.get(url + "/.well-known/agent-card.json")).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() > deadline:
                    raise RuntimeError(f"purple-agent --role {role} did not start within {startup_timeout:g} s")
                await asyncio.sleep(0.05)
        yield url
    finally:
        if proc.returncode is None:
            proc.terminate()
            try:
                await asyncio.wait_for(proc.wait(), 5)
            except TimeoutError:
                proc.kill()
                await proc.wait()
        errors.close()


@contextlib.asynccontextmanager
async def serve_in_process(app: Any, port: int | None = None, startup_timeout: float = 60.0) -> AsyncIterator[str]:
    """Serve an ASGI app with uvicorn on a loopback port in this process (lifespan included); yield its URL."""
    import uvicorn  # late: only the harnesses serve in-process

    port = port or free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on"))
    task = asyncio.create_task(server.serve())
    deadline = time.monotonic() + startup_timeout
    while not server.started:
        if task.done():
            task.result()
            raise RuntimeError("uvicorn stopped before it started")
        if time.monotonic() > deadline:
            raise RuntimeError("uvicorn did not start in time")
        await asyncio.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        await asyncio.wait_for(task, 30)


async def assess_once(*, scenario_ids: list[str], purple_url: str, pool: UESPool, library: ScenarioLibrary,
                      seed: int = 0, trials: int = 1, config: dict[str, Any] | None = None,
                      emit: Callable[[ProgressUpdate], Awaitable[None]] | None = None) -> Outcome:
    """One assessment in a fresh context of ``pool``; the context is released afterwards."""
    request = parse_request({"participants": {"personal_assistant": purple_url},
                             "config": {"scenarios": scenario_ids, "seed": seed, "trials": trials,
                                        **(config or {})}})
    context_id = f"local-{uuid.uuid4().hex[:12]}"

    async def quiet(update: ProgressUpdate) -> None:
        return None

    lease = await pool.acquire(context_id)
    try:
        return await run_assessment(request, assessment_id=uuid.uuid4().hex, context_id=context_id, lease=lease,
                                    emit=emit or quiet, cancel=asyncio.Event(), library=library)
    finally:
        await pool.release(context_id)


@contextlib.asynccontextmanager
async def local_pool(settings: GreenSettings, min_idle: int = 1) -> AsyncIterator[UESPool]:
    backend = ProcessBackend(f"{settings.pool_name}-local", settings.data_dir / "pool")
    async with UESPool(backend, PoolConfig(min_idle=min_idle, max_instances=settings.pool_max_instances)) as pool:
        yield pool
