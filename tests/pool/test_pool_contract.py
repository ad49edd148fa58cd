"""One contract for every UES pool backend, run against real servers."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import textwrap
import time
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from tests.conftest import start_ues_process, stop_ues_process
from ues_pool.backends.external import ExternalBackend, ExternalServer
from ues_pool.backends.process import ProcessBackend
from ues_pool.pool import PoolConfig, PoolExhausted, UESPool

BACKENDS = ["process", "external"]
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def external_servers():
    servers = [start_ues_process() for _ in range(3)]
    yield servers
    for server in servers:
        stop_ues_process(server)


def make_backend(kind: str, tmp_path: Path, external_servers, name: str | None = None):
    if kind == "process":
        return ProcessBackend(name or f"test-{uuid.uuid4().hex[:8]}", tmp_path / "pool")
    return ExternalBackend([ExternalServer(url=s.url, admin_key=s.admin_key) for s in external_servers])


@pytest.fixture(params=BACKENDS)
async def pool_factory(request, tmp_path) -> AsyncIterator:
    kind = request.param
    servers = request.getfixturevalue("external_servers") if kind == "external" else None
    pools: list[UESPool] = []

    async def factory(**config) -> UESPool:
        defaults = {"min_idle": 1, "max_instances": 3, "health_interval_s": 0.25, "acquire_timeout_s": 5}
        pool = await UESPool(make_backend(kind, tmp_path, servers), PoolConfig(**{**defaults, **config})).start()
        pools.append(pool)
        return pool

    factory.kind = kind  # type: ignore[attr-defined]
    yield factory
    for pool in pools:
        await pool.shutdown()


async def emails(lease) -> int:
    async with httpx.AsyncClient() as c:
        r = await c.get(lease.url + "/email/state", headers={"X-API-Key": lease.admin_key})
        r.raise_for_status()
        return r.json()["total_email_count"]


async def send_mail(lease) -> None:
    async with httpx.AsyncClient() as c:
        r = await c.post(lease.url + "/email/send", headers={"X-API-Key": lease.admin_key},
                         json={"from_address": "a@x.com", "to_addresses": ["b@x.com"], "subject": "s",
                               "body_text": "b"})
        r.raise_for_status()


async def wait_for(predicate, timeout: float = 10.0) -> None:  # noqa: ASYNC109
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if await predicate():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("condition not reached in time")


async def test_acquire_is_sticky_and_release_wipes_for_reuse(pool_factory):
    pool = await pool_factory(min_idle=1, max_instances=2)
    lease = await pool.acquire("ctx-a")
    assert (await pool.acquire("ctx-a")) is lease
    assert lease.url.startswith("http://") and lease.advertised_url and lease.admin_key
    await send_mail(lease)
    async with httpx.AsyncClient() as c:
        r = await c.post(lease.url + "/keys", headers={"X-API-Key": lease.admin_key},
                         json={"name": "purple", "permissions": ["email:state"]})
        purple_secret = r.json()["secret"]
    instance_id = lease.instance_id
    await pool.release("ctx-a")
    await wait_for(lambda: _true(len(pool._idle) >= 1))
    reused = await pool.acquire("ctx-b")
    if pool_factory.kind == "process":
        assert pool.stats["acquired_warm"] >= 1
    assert await emails(reused) == 0, "a released world must be wiped before reuse"
    if reused.instance_id == instance_id:
        async with httpx.AsyncClient() as c:
            r = await c.get(reused.url + "/email/state", headers={"X-API-Key": purple_secret})
            assert r.status_code == 401, "keys minted for the previous context must be revoked"


async def _true(value: bool) -> bool:
    return value


async def _empty(awaitable) -> bool:
    return not await awaitable


async def test_two_contexts_see_different_worlds(pool_factory):
    pool = await pool_factory(min_idle=0, max_instances=3)
    a, b = await asyncio.gather(pool.acquire("ctx-a"), pool.acquire("ctx-b"))
    assert a.instance_id != b.instance_id and a.url != b.url
    await send_mail(a)
    assert await emails(a) == 1
    assert await emails(b) == 0


async def test_max_instances_back_pressure(pool_factory):
    pool = await pool_factory(min_idle=0, max_instances=2, acquire_timeout_s=0.5)
    await pool.acquire("a")
    await pool.acquire("b")
    started = time.monotonic()
    with pytest.raises(PoolExhausted, match="all 2 UES instances are in use"):
        await pool.acquire("c")
    assert time.monotonic() - started >= 0.45

    pool.config.acquire_timeout_s = 10

    async def release_later():
        await asyncio.sleep(0.3)
        await pool.release("a")

    releaser = asyncio.create_task(release_later())
    lease = await pool.acquire("c")  # waits for the slot "a" frees
    await releaser
    assert await emails(lease) == 0


async def test_dead_instance_is_detected_and_replaced(pool_factory, external_servers):
    pool = await pool_factory(min_idle=0, max_instances=3)
    lease = await pool.acquire("ctx")
    if pool_factory.kind == "process":
        os.kill(lease.instance.handle.pid, signal.SIGKILL)
        victim = None
    else:
        victim = next(s for s in external_servers if s.url == lease.url)
        victim.process.kill()
        victim.process.wait()
    await wait_for(lambda: _true(lease.broken), timeout=5)
    assert "health check failed" in lease.broken_reason
    if victim is not None:
        # An external server cannot be restarted by the pool; bring it back for the other tests.
        fresh = start_ues_process()
        victim.url, victim.admin_key, victim.process = fresh.url, fresh.admin_key, fresh.process
        pool.backend.servers = [ExternalServer(url=s.url, admin_key=s.admin_key) for s in external_servers]
    replacement = await pool.acquire("ctx")
    assert replacement is not lease and not replacement.broken
    assert await emails(replacement) == 0


async def test_shutdown_leaves_nothing_running(tmp_path):
    backend = ProcessBackend(f"test-{uuid.uuid4().hex[:8]}", tmp_path / "pool")
    pool = await UESPool(backend, PoolConfig(min_idle=2, max_instances=4)).start()
    await pool.acquire("a")
    await wait_for(lambda: _true(len(pool._idle) == 2))
    assert len(await backend.owned()) == 3
    await pool.shutdown()
    assert await backend.owned() == []


ORPHAN_OWNER = textwrap.dedent("""
    import asyncio, sys
    from pathlib import Path
    from ues_pool.backends.process import ProcessBackend
    from ues_pool.pool import PoolConfig, UESPool

    async def main():
        pool = await UESPool(ProcessBackend(sys.argv[1], Path(sys.argv[2])), PoolConfig(min_idle=2)).start()
        await pool.acquire("ctx")
        while len(pool._idle) < 2:
            await asyncio.sleep(0.05)
        print("ready", flush=True)
        await asyncio.sleep(3600)

    asyncio.run(main())
""")


async def test_orphans_of_a_killed_owner_are_reaped(tmp_path):
    name = f"orphan-{uuid.uuid4().hex[:8]}"
    owner = subprocess.Popen([sys.executable, "-c", ORPHAN_OWNER, name, str(tmp_path / "pool")],  # noqa: ASYNC220
                             stdout=subprocess.PIPE, cwd=ROOT)
    try:
        for line in owner.stdout:  # structlog lines may come first
            if line.strip() == b"ready":
                break
    finally:
        owner.send_signal(signal.SIGKILL)
        owner.wait()
    backend = ProcessBackend(name, tmp_path / "pool")
    orphans = await backend.owned()
    assert len(orphans) == 3, "the killed owner's servers outlive it (they are the orphans)"
    pool = await UESPool(backend, PoolConfig(min_idle=0)).start()
    try:
        assert pool.stats["reaped_orphans"] == 3
        await wait_for(lambda: _empty(backend.owned()), timeout=5)
    finally:
        await pool.shutdown()
