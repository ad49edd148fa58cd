"""Assessments on the embedded default: an in-process green runner, a process pool, and (unless a URL is
given) a baseline purple started for you; the world gateway when the settings turn it on. Used by ``green-agent
assess`` and ``green-agent scenarios selftest``.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from green_agent.config import GreenSettings
from green_agent.protocol import ProgressUpdate, parse_request
from services.ues.client import wait_until_answers
from ues_pool.backends.base import free_port
from ues_pool.backends.process import ProcessBackend, ProcessConfig
from ues_pool.backends.select import make_backend
from ues_pool.pool import UESPool

if TYPE_CHECKING:  # the runner is most of the green's imports: `assess` loads it while its worlds start
    from green_agent.assessment.outcome import Outcome
    from green_agent.assessment.runner import ScenarioRunner
    from green_agent.world_gateway import WorldGateway


def purple_command(role: str, port: int, *extra: str, scenarios_dir: Path | None = None,
                   plans_dir: Path | None = None) -> list[str]:
    """The command line of ``purple-agent --role ROLE`` on loopback ``port`` (``scenarios_dir``: where the oracle
    looks its scenario up; ``plans_dir``: where the green leaves generated worlds' plans; the purple's defaults
    when None)."""
    command = [sys.executable, "-m", "services.purple.cli", "--role", role, "--host", "127.0.0.1", "--port", str(port)]
    if scenarios_dir is not None:
        command += ["--scenarios-dir", str(scenarios_dir)]
    if plans_dir is not None:
        command += ["--plans-dir", str(plans_dir)]
    return [*command, *extra]


async def wait_for_purple(url: str, role: str, returncode: Callable[[], int | None], log: IO[bytes],
                          timeout_s: float) -> None:
    """Return once the purple at ``url`` serves its agent card (readiness is polled on the card path,
    docs/reference/protocol.md). RuntimeError with the tail of its ``log`` as soon as its process has a ``returncode``;
    TimeoutError after ``timeout_s``."""

    def exited() -> str | None:
        code = returncode()
        if code is None:
            return None
        log.seek(0)
        return f"purple-agent --role {role} exited ({code}): {log.read().decode(errors='replace')[-500:]}"

    await wait_until_answers(url + "/.well-known/agent-card.json", timeout_s=timeout_s, still_starting=exited)


@contextlib.asynccontextmanager
async def purple_process(role: str, scenarios_dir: Path, startup_timeout: float = 30.0,
                         plans_dir: Path | None = None, env: Mapping[str, str] | None = None) -> AsyncIterator[str]:
    """Run ``purple-agent --role ROLE`` on a free loopback port, reading ``scenarios_dir`` (and the oracle plans
    a green leaves in ``plans_dir``), with ``env`` added to its environment (``PURPLE_*`` settings); yield its URL
    once it serves; stop it afterwards."""
    port = free_port()
    errors = tempfile.TemporaryFile()
    command = purple_command(role, port, scenarios_dir=scenarios_dir, plans_dir=plans_dir)
    proc = await asyncio.create_subprocess_exec(*command, stdout=asyncio.subprocess.DEVNULL, stderr=errors,
                                                env={**os.environ, **env} if env else None)
    url = f"http://127.0.0.1:{port}"
    try:
        await wait_for_purple(url, role, lambda: proc.returncode, errors, startup_timeout)
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


@contextlib.contextmanager
def oracle_plans(settings: GreenSettings) -> Iterator[GreenSettings]:
    """``settings`` with a private folder for oracle plans (GreenSettings.oracle_plans_dir) for a local run whose
    purple this process starts, removed afterwards; unchanged when one is configured."""
    if settings.oracle_plans_dir is not None:
        yield settings
        return
    with tempfile.TemporaryDirectory(prefix="oracle-plans-") as folder:
        yield settings.model_copy(update={"oracle_plans_dir": Path(folder)})


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


async def assess_once(*, scenario_ids: list[str], purple_url: str, pool: UESPool, runner: ScenarioRunner,
                      seed: int = 0, trials: int = 1, config: dict[str, Any] | None = None,
                      emit: Callable[[ProgressUpdate], Awaitable[None]] | None = None) -> Outcome:
    """One assessment in a fresh context of ``pool``, which gets its world back afterwards."""
    request = parse_request({"participants": {"personal_assistant": purple_url},
                             "config": {"scenarios": scenario_ids, "seed": seed, "trials": trials,
                                        **(config or {})}})
    work = runner.plan(request)

    async def quiet(update: ProgressUpdate) -> None:
        return None

    async with pool.lease(f"local-{uuid.uuid4().hex[:12]}") as lease:
        return await runner.run(request, work, assessment_id=uuid.uuid4().hex, lease=lease, emit=emit or quiet,
                                cancel=asyncio.Event())


@contextlib.asynccontextmanager
async def world_gateway(settings: GreenSettings) -> AsyncIterator[WorldGateway | None]:
    """The world gateway the settings ask for (``GREEN_WORLD_GATEWAY``), serving for the block — give it to the
    ``ScenarioRunner`` — or None when it is off."""
    if not settings.world_gateway:  # off: the gateway's server modules (uvicorn, Starlette) are never loaded
        yield None
        return
    from green_agent.world_gateway import gateway_from

    gateway = gateway_from(settings)
    assert gateway is not None
    async with gateway:
        yield gateway


@contextlib.asynccontextmanager
async def local_pool(settings: GreenSettings, min_idle: int = 1, worlds: int = 0) -> AsyncIterator[UESPool]:
    """A pool for local runs: the embedded default (process) unless ``GREEN_UES_BACKEND`` names a backend, which is
    then honoured — a run never silently uses another backend than the one asked for. ``worlds``: worlds the run
    will lease, started at once (``UESPool.prestart``) rather than when it asks for them."""
    backend = ProcessBackend(settings.backend_config("process", ProcessConfig).model_copy(
        update={"pool_name": f"{settings.pool_name}-local", "state_dir": settings.data_dir / "pool"})) \
        if settings.ues_backend == "auto" else make_backend(settings)
    async with UESPool(backend, settings.pool.model_copy(update={"min_idle": min_idle})) as pool:
        pool.prestart(worlds)
        yield pool
