"""Shared fixtures: an in-process simulator app and a real ``ues-server`` process."""

from __future__ import annotations

import asyncio
import os
import secrets
import subprocess
import sys
import tempfile
from collections import Counter
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


# The suite runs on pytest-xdist workers (pyproject's addopts: ``-n 3``): its controller hands out whole groups, and a
# group runs on one worker, in order. A test's group is its module (module-scoped servers start once), or a group
# shared by modules that must not run beside each other or that share a costly session fixture. xdist's own
# ``--dist loadgroup`` cannot do this under pytest 9 (it renames ``item._nodeid``, which pytest 9 no longer reads),
# so the grouping is a scheduler of ours, on node ids alone: the controller never sees the items.
ENGINE = "docker-engine"
# Everything that drives the Docker engine runs on one worker, one test after another: one test restarts the engine,
# others count what is left in it.
ENGINE_USERS = ("tests/docker/", "tests/pool/test_pool_contract.py", "tests/deploy/test_purple_template.py")
# The tests that read the whole source tree (mypy, ruff, the house rules, docstrings, the docs built from the code)
# and the one that plants probe modules in it to prove its checker live (tests/test_imports.py): one after another.
SOURCE_TREE = "source-tree"
SOURCE_TREE_READERS = ("tests/test_", "tests/docs/")
# Modules that share a session fixture worth starting once: the local model's server; the leaderboard's five real
# submissions (tests/deploy/conftest.py).
LOCAL_LLM = "local-llm"
SHARED_FIXTURE_USERS = {LOCAL_LLM: ("tests/llm/",),
                        "leaderboard-submissions": ("tests/deploy/test_leaderboard.py",
                                                    "tests/deploy/test_leaderboard_views.py",
                                                    "tests/deploy/test_template_flow.py")}
# Modules with one long test (over a minute on 2 quiet cores, `--durations`): started first, so that no worker begins
# one when the others are about to finish. The engine's group is the longest and goes before them.
LONG_FIRST = ("tests/green/test_selftest.py", "tests/green/test_workday_parts_selftest.py",
              "tests/e2e/test_worlds_come_back.py", "tests/green/test_scripted.py", "tests/green/test_sweep.py",
              "tests/green/test_attacks.py", "tests/green/test_real_ues.py")


def xdist_group_of(nodeid: str) -> str:
    """The group the test ``nodeid`` runs in (see above)."""
    module = nodeid.split("::")[0]
    if module.startswith(ENGINE_USERS):
        return ENGINE
    if module.startswith(SOURCE_TREE_READERS):
        return SOURCE_TREE
    for group, modules in SHARED_FIXTURE_USERS.items():
        if module.startswith(modules):
            return group
    return module


def _run_order(group: str) -> int:
    """The engine's tests first, then the long ones, the rest, and last those that need the local model: CI builds
    the model's server in the background while every other test runs (deploy/local-llm.sh install --background)."""
    if group == ENGINE:
        return 0
    if group in LONG_FIRST:
        return 1
    if group == LOCAL_LLM:
        return 3
    return 2


def _unique_node_ids(items: list[pytest.Item]) -> None:
    """xdist's controller knows a test only by its node id, so two tests of one id would run as one. Schemathesis's
    items (one per API operation) share their function's id under pytest 9, which builds an item's id from its
    ``originalname``: give each the id of its full name (``test_x[GET /health]``); refuse any other duplicate."""
    from _pytest.nodeid import NodeId

    seen = Counter(item.nodeid for item in items)
    for item in items:
        if seen[item.nodeid] > 1 and item.parent is not None and item.name != item.nodeid.rsplit("::", 1)[-1]:
            item._id = NodeId.parse(f"{item.parent.nodeid}::{item.name}")
    duplicates = sorted(nodeid for nodeid, n in Counter(item.nodeid for item in items).items() if n > 1)
    if duplicates:
        raise pytest.UsageError(f"tests share a node id, so xdist would run only one of each: {duplicates[:5]}")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Give every test its own node id, and put the groups in their run order: the controller hands them out in the
    order the workers collected them."""
    _unique_node_ids(items)
    items.sort(key=lambda item: _run_order(xdist_group_of(item.nodeid)))


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """A load-scope scheduler whose scopes are our groups, handed out in collection order."""
    from xdist.scheduler import LoadScopeScheduling

    class GroupScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return xdist_group_of(nodeid)

    return GroupScheduling(config, log)
