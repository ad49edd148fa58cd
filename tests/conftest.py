"""Shared fixtures: an in-process simulator app and a real ``ues-server`` process."""

from __future__ import annotations

import asyncio
import os
import secrets
import subprocess
import sys
import tempfile
from collections.abc import AsyncIterator, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

import httpx
import pytest
import structlog

from green_agent.protocol import PURPLE_PERMISSIONS
from services.ues.app import create_app
from services.ues.client import wait_until_answers
from services.ues.settings import UESSettings
from ues_pool.backends.base import free_port

# Tests stay offline: litellm uses its bundled price list instead of fetching one from GitHub at import.
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

T = TypeVar("T")

ADMIN_SECRET = "test-admin-" + "0" * 40


@pytest.fixture(autouse=True)
def _structlog_as_it_was() -> Iterator[None]:
    """A test that runs a command in-process (``green_agent.cli.main``) configures logging for the whole process:
    put structlog back as it was, so that later tests log (and capture logs) as they expect."""
    saved = structlog.get_config()
    yield
    if structlog.get_config() != saved:
        structlog.configure(**saved)


@pytest.fixture
def ues_app():
    """A fresh simulator app (rate limiting off, so tests can hammer it)."""
    return create_app(UESSettings(rate_limit_per_second=0), admin_secret=ADMIN_SECRET)


@pytest.fixture
async def client(ues_app) -> AsyncIterator[httpx.AsyncClient]:
    """An httpx client talking to the app in-process through ASGI."""
    transport = httpx.ASGITransport(app=ues_app)
    async with httpx.AsyncClient(transport=transport, base_url="http://ues") as c:
        yield c


@pytest.fixture
def admin() -> dict[str, str]:
    return {"X-API-Key": ADMIN_SECRET}


@dataclass
class Creds:
    key_id: str
    secret: str

    @property
    def headers(self) -> dict[str, str]:
        return {"X-API-Key": self.secret}


@pytest.fixture
async def purple(client, admin) -> Creds:
    """A key holding exactly the purple permissions of protocol.md §5."""
    r = await client.post("/keys", json={"name": "purple", "permissions": list(PURPLE_PERMISSIONS)},
                          headers=admin)
    assert r.status_code == 201, r.text
    body = r.json()
    return Creds(body["key_id"], body["secret"])


def run_blocking(coro: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(coro)`` for sync helpers, also when an async test calls them: a running loop forbids
    ``asyncio.run`` on its own thread, so the coroutine gets a thread and a loop of its own while the caller
    blocks, as the helper always did."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


@dataclass
class UESProcess:
    url: str
    admin_key: str
    process: subprocess.Popen

    @property
    def headers(self) -> dict[str, str]:
        return {"X-API-Key": self.admin_key}


def start_ues_process(extra_env: dict[str, str] | None = None, timeout: float = 20.0) -> UESProcess:
    """Start a real ``ues-server`` on a free loopback port and wait for ``/health``."""
    port = free_port()
    key = secrets.token_hex(32)
    env = {**os.environ, "UES_ADMIN_KEY": key, **(extra_env or {})}
    log = tempfile.TemporaryFile()
    proc = subprocess.Popen([sys.executable, "-m", "services.ues.cli", "--host", "127.0.0.1", "--port", str(port)],
                            env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"

    def exited() -> str | None:
        if proc.poll() is None:
            return None
        log.seek(0)
        return f"ues-server exited early: {log.read().decode(errors='replace')}"

    try:
        run_blocking(wait_until_answers(url + "/health", timeout_s=timeout, still_starting=exited))
    except BaseException:
        proc.kill()
        proc.wait(5)
        raise
    return UESProcess(url, key, proc)


def stop_process(proc: subprocess.Popen[bytes], grace_s: float = 5.0) -> None:
    """Terminate a process the tests started; kill it when it has not ended within ``grace_s``."""
    if proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(grace_s)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(grace_s)


def stop_ues_process(ues: UESProcess) -> None:
    stop_process(ues.process)


@pytest.fixture(scope="module")
def ues_server() -> Iterator[UESProcess]:
    """A real simulator process, shared by the tests of one module."""
    ues = start_ues_process({"UES_RATE_LIMIT_PER_SECOND": "0"})
    yield ues
    stop_ues_process(ues)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests that need the local model (fixture ``local_llm``) run last, in their order: CI builds the model's server
    in the background while every other test runs (deploy/local-llm.sh install --background)."""
    items.sort(key=lambda item: "local_llm" in getattr(item, "fixturenames", ()))
