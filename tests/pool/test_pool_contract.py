"""One contract for every UES pool backend, run against real servers (and a real Docker engine).

The docker backend uses the project image from tests/docker/conftest.py (built from the working tree, or
``GREEN_TEST_IMAGE``); without an engine its tests skip, and fail under ``GREEN_REQUIRE_DOCKER=1``. The swarm backend
uses the same image on the same engine, which must be a swarm manager (``deploy/swarm.sh``; CI runs it): the same
skip-or-fail rule applies when it is not.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import os
import re
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
import structlog.testing

from tests.conftest import start_ues_process, stop_ues_process
from tests.docker.conftest import LABEL, SESSION, docker_client, docker_missing, project_image  # noqa: F401  (fixtures)
from ues_pool.backends.base import Backend, BackendError
from ues_pool.backends.docker import LABEL_POOL, DockerBackend, DockerConfig
from ues_pool.backends.external import ExternalBackend, ExternalServer
from ues_pool.backends.process import ProcessBackend, ProcessConfig
from ues_pool.backends.select import BackendConfigError, make_pool
from ues_pool.backends.select import make_backend as make_backend_from
from ues_pool.backends.swarm import SwarmBackend, SwarmConfig
from ues_pool.pool import PoolConfig, PoolExhausted, UESPool
from ues_pool.settings import PoolSettings

BACKENDS = ["process", "external", "docker", "swarm"]
STARTING_BACKENDS = ["process", "docker", "swarm"]  # the backends that start (and must stop) what they serve
CONTAINER_BACKENDS = ("docker", "swarm")  # the backends that need the project image
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def external_servers():
    servers = [start_ues_process() for _ in range(3)]
    yield servers
    for server in servers:
        stop_ues_process(server)


def make_backend(kind: str, tmp_path: Path, *, external_servers=None, image: str | None = None,
                 name: str | None = None) -> Backend:
    name = name or f"test-{uuid.uuid4().hex[:8]}"
    if kind == "process":
        return ProcessBackend(ProcessConfig(pool_name=name, state_dir=tmp_path / "pool"))
    if kind == "docker":
        assert image is not None
        # The session label lets tests/docker/conftest.py remove anything a failed test leaves behind.
        return DockerBackend(DockerConfig(pool_name=name, image=image, labels={LABEL: SESSION}, startup_timeout=60))
    if kind == "swarm":
        assert image is not None
        return SwarmBackend(SwarmConfig(pool_name=name, image=image, labels={LABEL: SESSION}, startup_timeout=60))
    return ExternalBackend([ExternalServer(url=s.url, admin_key=s.admin_key) for s in external_servers])


def image_for(request, kind: str) -> str | None:
    """The project image when ``kind`` runs containers (skips or fails per the docker tests' rule without an engine,
    or for swarm without a swarm manager)."""
    if kind == "swarm":
        request.getfixturevalue("swarm_manager")
    return request.getfixturevalue("project_image") if kind in CONTAINER_BACKENDS else None


@pytest.fixture(scope="session")
def swarm_manager(request):
    """The engine, checked to be a swarm manager; at the session's end, every service this session labelled (and
    its containers) is removed, whatever a failed test left behind."""
    client = request.getfixturevalue("docker_client")
    swarm = client.info().get("Swarm") or {}
    if swarm.get("LocalNodeState") != "active" or not swarm.get("ControlAvailable"):
        docker_missing(f"the Docker engine is not a swarm manager (swarm {swarm.get('LocalNodeState')}); "
                       "run deploy/swarm.sh")
    yield client
    for service in client.services.list(filters={"label": f"{LABEL}={SESSION}"}):
        service.remove()
    for container in client.containers.list(all=True, filters={"label": f"{LABEL}={SESSION}"}):
        container.remove(force=True)


@functools.cache
def engine():
    """A docker client of the tests' own, for acting on worlds behind the pool's back."""
    import docker

    return docker.from_env()


@pytest.fixture(params=BACKENDS)
async def pool_factory(request, tmp_path) -> AsyncIterator:
    kind = request.param
    servers = request.getfixturevalue("external_servers") if kind == "external" else None
    image = image_for(request, kind)
    pools: list[UESPool] = []

    async def factory(**config) -> UESPool:
        defaults = {"min_idle": 1, "max_instances": 3, "health_interval_s": 0.25, "acquire_timeout_s": 5}
        backend = make_backend(kind, tmp_path, external_servers=servers, image=image)
        pool = await UESPool(backend, PoolConfig(**{**defaults, **config})).start()
        pools.append(pool)
        return pool

    factory.kind = kind  # type: ignore[attr-defined]
    yield factory
    for pool in pools:
        await pool.shutdown()


async def emails(lease) -> int:
    """Mails in the world of ``lease`` (a Lease or an Instance: both carry url and admin_key)."""
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


async def mint_key(lease) -> str:
    """A purple-like key minted in the lease's world; returns its secret."""
    async with httpx.AsyncClient() as c:
        r = await c.post(lease.url + "/keys", headers={"X-API-Key": lease.admin_key},
                         json={"name": "purple", "permissions": ["email:state"]})
        r.raise_for_status()
        return r.json()["secret"]


async def key_works(lease, secret: str) -> bool:
    async with httpx.AsyncClient() as c:
        r = await c.get(lease.url + "/email/state", headers={"X-API-Key": secret})
        return r.status_code == 200


async def test_a_lease_is_sticky_and_its_world_is_wiped_for_reuse(pool_factory):
    pool = await pool_factory(min_idle=1, max_instances=2)
    async with pool.lease("ctx-a") as lease:
        assert lease.url.startswith("http://") and lease.advertised_url and lease.admin_key
        await send_mail(lease)
        purple_secret = await mint_key(lease)
        # One world for the whole block: the context's lease stays the same and keeps what was done in it.
        assert pool.lease_of("ctx-a") is lease
        assert await emails(lease) == 1 and await key_works(lease, purple_secret)
        assert pool.lease_of("ctx-a") is lease
        instance_id = lease.instance_id
    await wait_for(lambda: _true(len(pool._idle) >= 1))
    async with pool.lease("ctx-b") as reused:
        if pool_factory.kind in STARTING_BACKENDS:
            assert pool.stats["acquired_warm"] >= 1
        assert await emails(reused) == 0, "a world given back must be wiped before reuse"
        if reused.instance_id == instance_id:
            async with httpx.AsyncClient() as c:
                r = await c.get(reused.url + "/email/state", headers={"X-API-Key": purple_secret})
                assert r.status_code == 401, "keys minted for the previous context must be revoked"


async def _true(value: bool) -> bool:
    return value


async def _empty(awaitable) -> bool:
    return not await awaitable


# ---------------------------------------------------------------------- lease(): one piece of work, one world
class Boom(Exception):
    pass


@pytest.mark.parametrize("ending", ["normal", "exception", "cancelled"])
async def test_lease_gives_the_world_back_wiped_on_every_way_out(pool_factory, ending):
    pool = await pool_factory(min_idle=0, max_instances=2)
    inside = asyncio.Event()
    held: dict[str, object] = {}

    async def work() -> None:
        async with pool.lease("ctx") as lease:
            held["lease"], held["secret"] = lease, await mint_key(lease)
            await send_mail(lease)
            assert pool.lease_of("ctx") is lease and not lease.broken
            if ending == "exception":
                raise Boom
            if ending == "cancelled":
                inside.set()
                await asyncio.sleep(3600)

    if ending == "normal":
        await work()
    elif ending == "exception":
        with pytest.raises(Boom):
            await work()
    else:
        task = asyncio.create_task(work())
        await inside.wait()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
    lease = held["lease"]
    # Given back before the block's exit completes, whatever the way out: back in the idle set, blank.
    assert pool.lease_of("ctx") is None
    assert lease.instance in pool._idle
    assert pool._gates == {}, "the context's lock is gone once nobody holds or waits for it"
    assert pool.total == 1
    assert await emails(lease) == 0, "a world given back must be wiped"
    assert not await key_works(lease, held["secret"]), "keys minted during the lease must be revoked"
    async with pool.lease("next") as reused:
        assert reused.instance is lease.instance, "the next lease starts warm on the world given back"


async def test_leases_of_one_context_run_one_after_the_other(pool_factory):
    pool = await pool_factory(min_idle=0, max_instances=3)
    running: list[int] = []
    overlaps: list[int] = []
    mail_seen: list[int] = []

    async def work(n: int) -> None:
        async with pool.lease("ctx") as lease:
            running.append(n)
            overlaps.append(len(running))
            mail_seen.append(await emails(lease))
            await send_mail(lease)
            await asyncio.sleep(0.3)
            running.remove(n)

    await asyncio.gather(work(1), work(2), work(3))
    assert overlaps == [1, 1, 1], "two leases of one context were held at the same time"
    assert mail_seen == [0, 0, 0], "each lease starts on a wiped world"
    assert pool._gates == {} and pool.lease_of("ctx") is None


async def test_a_waiter_cancelled_while_waiting_leaves_the_lock_usable(pool_factory):
    pool = await pool_factory(min_idle=0, max_instances=3)
    inside, done = asyncio.Event(), asyncio.Event()

    async def holder() -> None:
        async with pool.lease("ctx"):
            inside.set()
            await done.wait()

    async def waiter() -> None:
        async with pool.lease("ctx"):
            raise AssertionError("a cancelled waiter must never get the lease")

    holding = asyncio.create_task(holder())
    await inside.wait()
    waiting = asyncio.create_task(waiter())
    await asyncio.sleep(0.2)  # queued behind the holder
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    done.set()
    await holding
    async with asyncio.timeout(10), pool.lease("ctx") as lease:
        assert await emails(lease) == 0
    assert pool._gates == {} and pool.lease_of("ctx") is None
    assert pool.total <= 1


async def test_a_lease_cancelled_while_waiting_for_a_slot_leaks_nothing(pool_factory):
    pool = await pool_factory(min_idle=0, max_instances=1, acquire_timeout_s=30)
    inside, done = asyncio.Event(), asyncio.Event()

    async def holder(context_id: str) -> None:
        async with pool.lease(context_id):
            inside.set()
            await done.wait()

    holding = asyncio.create_task(holder("a"))
    await inside.wait()
    waiting = asyncio.create_task(holder("b"))  # another context: waits for the only slot
    await asyncio.sleep(0.2)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert set(pool._gates) == {"a"} and pool.total == 1
    done.set()
    await holding
    async with asyncio.timeout(10), pool.lease("b") as lease:  # the slot is usable at once
        assert await emails(lease) == 0
    assert pool.total == 1 and pool._gates == {}


async def test_sequential_leases_never_exhaust_the_pool(pool_factory):
    """Each finished lease frees its world at once: any number of sequential assessments fit in a small pool."""
    pool = await pool_factory(min_idle=1, max_instances=3, acquire_timeout_s=2)
    for i in range(10):
        async with pool.lease(f"ctx-{i}") as lease:
            assert await emails(lease) == 0
            await send_mail(lease)
        assert pool.total <= 3
    assert pool._leases == {} and pool._gates == {}
    # The world given back serves the next lease: no start per lease (the first, and the warm set's refill).
    assert pool.stats["started"] <= 2, pool.stats
    backend = pool.backend
    await pool.shutdown()
    if pool_factory.kind in STARTING_BACKENDS:
        assert await backend.owned() == []
    else:  # external: every server handed back to the backend
        assert sorted(backend._free) == list(range(len(backend.servers)))


async def test_two_contexts_see_different_worlds(pool_factory):
    pool = await pool_factory(min_idle=0, max_instances=3)
    async with pool.lease("ctx-a") as a, pool.lease("ctx-b") as b:
        assert a.instance_id != b.instance_id and a.url != b.url
        await send_mail(a)
        assert await emails(a) == 1
        assert await emails(b) == 0


async def until_pool(pool: UESPool, condition) -> None:
    """Wait, on the pool's own change notifications, until ``condition()`` holds. Each step is an event (a start
    ended, a world given back, idle worlds trimmed...), never a clock; the bound only keeps a broken pool from
    hanging the run."""
    async with asyncio.timeout(300):
        while not condition():
            await pool._wait_change()


async def test_idle_worlds_above_the_warm_set_are_stopped_after_the_idle_ttl(pool_factory):
    """Worlds given back after a burst are kept for the next takers, then stopped once nobody took them for
    ``idle_ttl_s``; the warm set stays.

    Deterministic under any load: every wait is for an event of the pool. The third holder may find all three slots
    taken (the warm set's refill holds one) and wait for that world to be ready: the acquire timeout is far beyond
    any start, so the wait ends when it is, never on a clock. The TTL is too long to pass by itself: the test makes it
    pass by ageing the idle worlds, then waits for the trim."""
    pool = await pool_factory(min_idle=1, max_instances=3, health_interval_s=0.2, idle_ttl_s=3600,
                              acquire_timeout_s=300)
    inside = [asyncio.Event() for _ in range(3)]
    done = asyncio.Event()

    async def hold(i: int) -> None:
        async with pool.lease(f"burst-{i}"):
            inside[i].set()
            await done.wait()

    holders = [asyncio.create_task(hold(i)) for i in range(3)]
    everyone_inside = asyncio.ensure_future(asyncio.gather(*(event.wait() for event in inside)))
    try:
        await asyncio.wait([everyone_inside, *holders], return_when=asyncio.FIRST_COMPLETED)
        for holder in holders:
            if holder.done():
                holder.result()  # a holder that failed ends the test with its own error
        await everyone_inside
    finally:
        everyone_inside.cancel()
        done.set()
    await asyncio.gather(*holders)  # each block ends once its world is given back
    assert len(pool._idle) >= 3  # all three kept: the burst's next takers
    async with pool.lease("next"):
        pass
    started, trimmed = pool.stats["started"], pool.stats["idle_trimmed"]
    for instance_id in pool._idle_since:  # the TTL passes
        pool._idle_since[instance_id] -= pool.config.idle_ttl_s
    await until_pool(pool, lambda: len(pool._idle) == 1 and pool.total == 1)
    assert pool.stats["idle_trimmed"] - trimmed >= 2 and pool.stats["started"] == started  # trimmed, not replaced
    async with pool.lease("after") as lease:
        assert await emails(lease) == 0


async def test_max_instances_back_pressure(pool_factory):
    pool = await pool_factory(min_idle=0, max_instances=2, acquire_timeout_s=0.5)
    a_inside, a_done = asyncio.Event(), asyncio.Event()

    async def hold_a() -> None:
        async with pool.lease("a"):
            a_inside.set()
            await a_done.wait()

    holder = asyncio.create_task(hold_a())
    await a_inside.wait()
    async with pool.lease("b"):
        started = time.monotonic()
        with pytest.raises(PoolExhausted, match="all 2 UES instances are in use"):
            async with pool.lease("c"):
                raise AssertionError("a third world must not be handed out")
        assert time.monotonic() - started >= 0.45
        assert pool.lease_of("c") is None and "c" not in pool._gates and pool.total == 2
        assert pool.stats["acquire_waits"] == 1  # "a" and "b" found a slot free; "c" waited (and gave up)

        pool.config.acquire_timeout_s = 10
        asyncio.get_running_loop().call_later(0.3, a_done.set)
        started = time.monotonic()
        async with pool.lease("c") as lease:  # waits for the slot "a" frees
            assert time.monotonic() - started >= 0.25
            assert await emails(lease) == 0
            assert pool.total == 2
    await holder
    assert pool.stats["acquire_waits"] == 2


async def kill(pool: UESPool, kind: str, instance, external_servers) -> None:
    """Kill the server behind ``instance`` as a crash would. An external server cannot be restarted by the pool: a
    fresh one takes its place (at another URL) for the pool's later starts and for the other tests."""
    if kind == "process":
        os.kill(instance.handle.pid, signal.SIGKILL)
    elif kind == "docker":
        await asyncio.to_thread(instance.handle.kill)
    elif kind == "swarm":  # the task's container dies: swarm marks the task failed and, restart "none", keeps it so
        await asyncio.to_thread(engine().api.kill, instance.handle.container_id)
    else:
        victim = next(s for s in external_servers if s.url == instance.url)
        victim.process.kill()
        victim.process.wait()
        fresh = start_ues_process()
        victim.url, victim.admin_key, victim.process = fresh.url, fresh.admin_key, fresh.process
        pool.backend.servers = [ExternalServer(url=s.url, admin_key=s.admin_key) for s in external_servers]


async def test_a_world_dying_during_a_lease_is_detected_and_replaced(pool_factory, external_servers):
    pool = await pool_factory(min_idle=0, max_instances=3)
    async with pool.lease("ctx") as lease:
        await kill(pool, pool_factory.kind, lease.instance, external_servers)
        await wait_for(lambda: _true(lease.broken), timeout=5)
        assert f"UES world {lease.instance_id} ({lease.instance.where}) was declared dead" in lease.broken_reason
        assert pool.stats["destroyed_unhealthy"] == 1
    assert pool.lease_of("ctx") is None and pool.total == 0, "a dead world is destroyed, not given back"
    async with pool.lease("ctx") as replacement:
        assert replacement is not lease and not replacement.broken
        assert replacement.instance is not lease.instance
        assert await emails(replacement) == 0


@pytest.mark.parametrize("pool_factory", ["process", "docker"], indirect=True)
async def test_a_leased_world_that_exits_is_declared_lost_as_it_happens(pool_factory):
    """An exit is evidence, seen as it happens (the process's pidfd, the container's ``die`` event): with no health
    round to notice it, the lease is broken at once — its ``lost`` event set, its reason naming the world, where it
    ran and how it ended — and the world is replaced."""
    pool = await pool_factory(min_idle=0, max_instances=3, health_interval_s=3600)  # no health round runs
    async with pool.lease("ctx") as lease:
        instance = lease.instance
        killed = time.monotonic()
        await kill(pool, pool_factory.kind, instance, None)
        try:
            await asyncio.wait_for(lease.lost.wait(), 30)
        except TimeoutError:
            raise AssertionError(f"the {pool_factory.kind} backend never reported the killed world's exit") from None
        print(json.dumps({"figure": "exit_to_lease_lost", "backend": pool_factory.kind,
                          "seconds": round(time.monotonic() - killed, 3)}))
        assert lease.broken_reason is not None and lease.broken_reason.startswith(
            f"UES world {instance.instance_id} ({pool_factory.kind} backend, {instance.location}, {instance.url}) "
            "was declared dead: ")
        assert ("its process" if pool_factory.kind == "process" else "SIGKILL") in lease.broken_reason
        assert pool.stats["destroyed_unhealthy"] == 1
    assert pool.total == 0, "a dead world is destroyed, not given back"
    async with pool.lease("ctx") as replacement:
        assert replacement.instance is not instance and await emails(replacement) == 0


async def stall(kind: str, instance, external_servers, *, frozen: bool) -> None:
    """Freeze (or thaw) the server behind ``instance``: alive, but answering nothing, like a world under load."""
    if kind == "docker":
        await asyncio.to_thread(instance.handle.pause if frozen else instance.handle.unpause)
        return
    if kind == "swarm":  # a paused container's task stays "running" for swarm: alive, and silent
        api = engine().api
        await asyncio.to_thread(api.pause if frozen else api.unpause, instance.handle.container_id)
        return
    pid = instance.handle.pid if kind == "process" else \
        next(s for s in external_servers if s.url == instance.url).process.pid
    os.kill(pid, signal.SIGSTOP if frozen else signal.SIGCONT)


async def test_a_silent_world_in_use_is_not_killed_without_evidence(pool_factory, external_servers):
    """A leased world that stops answering is given ``health_failures`` rounds: fewer silent rounds, then an answer,
    and it lives on with everything in it; only that many rounds in a row declare it dead."""
    pool = await pool_factory(min_idle=0, max_instances=3, health_interval_s=3600)  # rounds run by hand below
    async with pool.lease("ctx") as lease:
        await send_mail(lease)
        await stall(pool_factory.kind, lease.instance, external_servers, frozen=True)
        try:
            for _ in range(pool.config.health_failures - 1):
                await pool._check_once()
            assert not lease.broken and pool.stats["destroyed_unhealthy"] == 0
        finally:
            await stall(pool_factory.kind, lease.instance, external_servers, frozen=False)
        await pool._check_once()  # an answer: the silent rounds start again from zero
        await stall(pool_factory.kind, lease.instance, external_servers, frozen=True)
        try:
            for _ in range(pool.config.health_failures - 1):
                await pool._check_once()
            assert not lease.broken, lease.broken_reason
        finally:
            await stall(pool_factory.kind, lease.instance, external_servers, frozen=False)
        assert await emails(lease) == 1, "the world and its state survived"

        await stall(pool_factory.kind, lease.instance, external_servers, frozen=True)
        try:
            for _ in range(pool.config.health_failures):
                await pool._check_once()
        finally:
            if pool_factory.kind == "external":  # the pool does not stop external servers: thaw it for others
                await stall(pool_factory.kind, lease.instance, external_servers, frozen=False)
        assert lease.broken and f"no answer to {pool.config.health_failures} health probes in a row" \
            in lease.broken_reason
        assert pool.stats["destroyed_unhealthy"] == 1


async def test_a_stalled_green_does_not_kill_its_worlds(pool_factory):
    """The green's own event loop blocked for several probe timeouts (the flooded-green case): every probe in flight
    times out at once when it resumes, and still no world is destroyed."""
    pool = await pool_factory(min_idle=1, max_instances=3)
    await wait_for(lambda: _true(len(pool._idle) == 1), timeout=30)
    async with pool.lease("ctx") as lease:
        for _ in range(3):
            await asyncio.sleep(0.3)  # a health round is in flight
            time.sleep(1.5)  # noqa: ASYNC251  (the point: the event loop is blocked)
        await asyncio.sleep(1.0)  # rounds after the stall answer again
        assert not lease.broken, lease.broken_reason
        # The refill of the warm set (a cold start, slow on a busy machine) is not what this test is about.
        await wait_for(lambda: _true(len(pool._idle) == 1), timeout=60)
        assert pool.stats["destroyed_unhealthy"] == 0
        assert await emails(lease) == 0


async def test_a_silent_idle_world_is_passed_over_not_destroyed(pool_factory, external_servers):
    """A taker that finds the idle world silent takes another (or starts one) instead of waiting on it or killing
    it; once it answers again it is handed out as before."""
    pool = await pool_factory(min_idle=1, max_instances=3, health_interval_s=3600)
    await wait_for(lambda: _true(len(pool._idle) == 1), timeout=30)
    silent = pool._idle[0]
    await stall(pool_factory.kind, silent, external_servers, frozen=True)
    try:
        async with pool.lease("ctx") as lease:
            assert lease.instance is not silent
            assert silent in pool._idle and pool.stats["destroyed_unhealthy"] == 0
    finally:
        await stall(pool_factory.kind, silent, external_servers, frozen=False)
    async with pool.lease("later") as lease:
        assert await emails(lease) == 0
    assert pool.stats["destroyed_unhealthy"] == 0


@pytest.mark.parametrize("noticed_by", ["probe", "health_round"])
async def test_a_dead_idle_instance_is_never_handed_out(pool_factory, external_servers, noticed_by):
    """An idle world that died is never leased: the probe just before handing it out catches it even when no health
    round has run yet, and health rounds remove it from the idle set (and refill) without waiting for a taker."""
    interval = 3600 if noticed_by == "probe" else 0.25
    pool = await pool_factory(min_idle=1, max_instances=3, health_interval_s=interval)
    await wait_for(lambda: _true(len(pool._idle) == 1), timeout=30)
    dead = pool._idle[0]
    await kill(pool, pool_factory.kind, dead, external_servers)
    if noticed_by == "health_round":
        await wait_for(lambda: _true(dead not in pool._idle and pool.stats["destroyed_unhealthy"] == 1), timeout=5)
        await wait_for(lambda: _true(len(pool._idle) == 1), timeout=30)  # refilled
    else:
        assert dead in pool._idle
    async with pool.lease("ctx") as lease:
        assert lease.instance is not dead and lease.url != dead.url
        assert await emails(lease) == 0
    # The probe disposes of a world that refuses; on a loaded machine it may find it silent instead (no evidence of
    # death: passed over, left to the health rounds). Either way it was never handed out.
    assert pool.stats["destroyed_unhealthy"] == 1 or dead in pool._idle
    if pool_factory.kind in STARTING_BACKENDS:
        async def destroyed() -> bool:  # owned() names each as "<pid or container id>:<instance id>"
            return not any(o.endswith(f":{dead.instance_id}") for o in await pool.backend.owned())

        await wait_for(destroyed, timeout=10)


@pytest.mark.parametrize("kind", STARTING_BACKENDS)
async def test_shutdown_leaves_nothing_running(request, tmp_path, kind):
    backend = make_backend(kind, tmp_path, image=image_for(request, kind))
    pool = await UESPool(backend, PoolConfig(min_idle=2, max_instances=4)).start()
    async with pool.lease("a") as lease:
        await wait_for(lambda: _true(len(pool._idle) == 2), timeout=30)
        assert len(await backend.owned()) == 3 + await standbys(backend)
        await pool.shutdown()  # with a lease still held
        assert await backend.owned() == []
        assert lease.broken and "shut down" in lease.broken_reason
    assert await backend.owned() == [] and pool.total == 0


async def standbys(backend: Backend) -> int:
    """How many containers the backend keeps started ahead of their worlds (docker's standbys; none elsewhere), once
    each is created: they count among ``owned()``."""
    waiting = list(getattr(backend, "_standbys", ()))
    await asyncio.gather(*waiting, return_exceptions=True)
    return len(waiting)


ORPHAN_OWNER = textwrap.dedent("""
    import asyncio, sys
    from pathlib import Path
    from ues_pool.pool import PoolConfig, UESPool

    def backend(kind, name, where, label):
        key, _, value = label.partition("=")
        if kind == "docker":
            from ues_pool.backends.docker import DockerBackend, DockerConfig
            return DockerBackend(DockerConfig(pool_name=name, image=where, labels={key: value}, startup_timeout=60))
        if kind == "swarm":
            from ues_pool.backends.swarm import SwarmBackend, SwarmConfig
            return SwarmBackend(SwarmConfig(pool_name=name, image=where, labels={key: value}, startup_timeout=60))
        from ues_pool.backends.process import ProcessBackend, ProcessConfig
        return ProcessBackend(ProcessConfig(pool_name=name, state_dir=Path(where)))

    async def main():
        pool = await UESPool(backend(*sys.argv[1:5]), PoolConfig(min_idle=2)).start()
        async with pool.lease("ctx"):
            while len(pool._idle) < 2:
                await asyncio.sleep(0.05)
            standbys = list(getattr(pool.backend, "_standbys", ()))  # docker: containers started ahead, orphans too
            await asyncio.gather(*standbys, return_exceptions=True)
            print("ready", len(standbys), flush=True)
            await asyncio.sleep(3600)

    asyncio.run(main())
""")


@pytest.mark.parametrize("kind", STARTING_BACKENDS)
async def test_orphans_of_a_killed_owner_are_reaped(request, tmp_path, kind):
    name = f"orphan-{uuid.uuid4().hex[:8]}"
    where = image_for(request, kind) or str(tmp_path / "pool")
    owner = subprocess.Popen([sys.executable, "-c", ORPHAN_OWNER, kind, name, where, f"{LABEL}={SESSION}"],  # noqa: ASYNC220
                             stdout=subprocess.PIPE, cwd=ROOT)
    standby = None
    try:
        for line in owner.stdout:  # structlog lines may come first
            if line.startswith(b"ready "):
                standby = int(line.split()[1])
                break
    finally:
        owner.send_signal(signal.SIGKILL)
        owner.wait()
    assert standby is not None, "the owner never got its worlds up"
    backend = make_backend(kind, tmp_path, image=image_for(request, kind), name=name)
    orphans = await backend.owned()
    assert len(orphans) == 3 + standby, "the killed owner's servers (and standbys) outlive it: they are the orphans"
    pool = await UESPool(backend, PoolConfig(min_idle=0)).start()
    try:
        assert pool.stats["reaped_orphans"] == 3 + standby
        await wait_for(lambda: _empty(backend.owned()), timeout=5)
    finally:
        await pool.shutdown()


@pytest.mark.parametrize("kind", STARTING_BACKENDS)
async def test_instances_of_a_live_owner_are_not_reaped(request, tmp_path, kind):
    """Another run of the same pool name whose owner is alive (here: this very process) keeps its instances."""
    name = f"alive-{uuid.uuid4().hex[:8]}"
    image = image_for(request, kind)
    first = await UESPool(make_backend(kind, tmp_path, image=image, name=name), PoolConfig(min_idle=0)).start()
    try:
        async with first.lease("ctx") as lease:
            second = await UESPool(make_backend(kind, tmp_path, image=image, name=name),
                                   PoolConfig(min_idle=0)).start()
            try:
                assert second.stats["reaped_orphans"] == 0
                assert await first.backend.is_running(lease.instance)
                assert await emails(lease) == 0
            finally:
                await second.shutdown()
    finally:
        await first.shutdown()


# ---------------------------------------------------------------------- docker only
def docker_fixtures(request) -> tuple:
    """(docker client, project image) from tests/docker/conftest.py's fixtures."""
    return request.getfixturevalue("docker_client"), request.getfixturevalue("project_image")


async def test_docker_containers_are_hardened_and_labelled(request):
    engine, image = docker_fixtures(request)
    backend = DockerBackend(DockerConfig(pool_name=f"test-{uuid.uuid4().hex[:8]}", image=image, labels={LABEL: SESSION},
                                         cpus=0.5, memory="256m", pids_limit=128, startup_timeout=60))
    instance = await backend.start()
    try:
        attrs = (await asyncio.to_thread(engine.api.inspect_container, instance.handle.id))
        host = attrs["HostConfig"]
        assert host["ReadonlyRootfs"] is True
        assert "/tmp" in host["Tmpfs"]
        assert host["SecurityOpt"] == ["no-new-privileges"]
        assert host["CapDrop"] == ["ALL"]
        assert host["NanoCpus"] == 500_000_000
        assert host["Memory"] == 256 * 1024 * 1024
        assert host["PidsLimit"] == 128
        assert not host.get("Binds") and not attrs.get("Mounts")
        assert attrs["Config"]["User"] == "10001:10001"
        bindings = host["PortBindings"]["8000/tcp"]
        assert [b["HostIp"] for b in bindings] == ["127.0.0.1"]
        labels = attrs["Config"]["Labels"]
        assert labels[LABEL_POOL] == backend.config.pool_name
        assert labels["org.ues-green.run"] == backend.run_id
        assert labels["org.ues-green.owner-pid"] == str(os.getpid())
        # The admin key travels on the container's stdin only (it started ahead of its world, as a standby): not in
        # its environment or command line (both shown by `docker inspect`), not in its logs.
        assert instance.admin_key not in json.dumps(attrs)
        assert attrs["Config"]["OpenStdin"] is True and "--admin-key-stdin" in attrs["Args"]
        logs = await asyncio.to_thread(instance.handle.logs)
        assert instance.admin_key.encode() not in logs
        async with httpx.AsyncClient() as c:
            r = await c.get(instance.url + "/email/state", headers={"X-API-Key": instance.admin_key})
            assert r.status_code == 200
    finally:
        await backend.stop(instance)
        await backend.stop(instance)  # already gone: must not raise
        assert not await backend.is_running(instance)
        await backend.close()


class ContainerNames(httpx.AsyncBaseTransport):
    """Resolves container names on ``network`` the way a green inside that network would (the test runs on the
    host, which has no DNS for them but can reach their addresses)."""

    def __init__(self, client, network: str) -> None:
        self.client, self.network = client, network
        self.inner = httpx.AsyncHTTPTransport()

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        attrs = await asyncio.to_thread(self.client.api.inspect_container, request.url.host)
        request.url = request.url.copy_with(host=attrs["NetworkSettings"]["Networks"][self.network]["IPAddress"])
        return await self.inner.handle_async_request(request)


async def test_docker_network_mode_addresses_containers_by_name(request):
    engine, image = docker_fixtures(request)
    network = await asyncio.to_thread(engine.networks.create, f"ues-test-{uuid.uuid4().hex[:8]}",
                                      labels={LABEL: SESSION})
    backends = [DockerBackend(DockerConfig(pool_name=f"test-{uuid.uuid4().hex[:8]}", image=image,
                                           labels={LABEL: SESSION}, network=network.name, advertise_host=advertise,
                                           startup_timeout=60))
                for advertise in (None, "purple-reachable.example")]
    try:
        for backend in backends:
            backend._http = httpx.AsyncClient(transport=ContainerNames(engine, network.name), timeout=1.0)
            instance = await backend.start()
            try:
                assert instance.url == f"http://{instance.instance_id}:8000"
                attrs = await asyncio.to_thread(engine.api.inspect_container, instance.handle.id)
                assert network.name in attrs["NetworkSettings"]["Networks"]
                if backend.config.advertise_host is None:
                    assert instance.advertised_url == instance.url
                    assert not attrs["HostConfig"].get("PortBindings")
                else:  # published, and advertised at the published port
                    port = attrs["NetworkSettings"]["Ports"]["8000/tcp"][0]["HostPort"]
                    assert instance.advertised_url == f"http://purple-reachable.example:{port}"
            finally:
                await backend.stop(instance)
    finally:
        for backend in backends:
            await backend.close()
        await asyncio.to_thread(network.remove)


async def _logs_say(engine, container: str, text: str) -> bool:
    return text.encode() in await asyncio.to_thread(engine.api.logs, container)


async def _answers_only_its_own_key(instance, other) -> None:
    async with httpx.AsyncClient(base_url=instance.url, timeout=10) as c:
        r = await c.get("/email/state", headers={"X-API-Key": instance.admin_key})
        assert r.status_code == 200 and r.json()["emails"] == {}
        assert (await c.get("/email/state", headers={"X-API-Key": other.admin_key})).status_code == 401


async def test_docker_worlds_start_from_warmed_standby_containers(request):
    """The backend keeps a container started ahead of its world (the simulator warmed, waiting for a key on stdin):
    a start makes that container the world, a replacement follows, and nothing stays once the backend closes."""
    engine, image = docker_fixtures(request)
    backend = DockerBackend(DockerConfig(pool_name=f"test-{uuid.uuid4().hex[:8]}", image=image, labels={LABEL: SESSION},
                                         startup_timeout=60))
    try:
        first = await backend.start()
        assert await standbys(backend) == 1
        waiting = backend._standbys[0].result().name
        await wait_for(lambda: _logs_say(engine, waiting, "waiting for the admin key"), timeout=60)
        assert sorted(o.split(":")[1] for o in await backend.owned()) == sorted([first.instance_id, waiting])
        second = await backend.start()
        assert second.instance_id == waiting, "the waiting standby became the world"
        await _answers_only_its_own_key(first, second)
        await _answers_only_its_own_key(second, first)
        assert await standbys(backend) == 1
        assert backend._standbys[0].result().name not in (first.instance_id, second.instance_id)
        await backend.stop(first)
        await backend.stop(second)
    finally:
        await backend.close()
    assert await backend.owned() == [], "closing removed the standby"
    await backend.close()


async def test_docker_a_standby_killed_while_waiting_is_replaced(request):
    """A standby that died before it was needed (killed, or an engine restart) is removed, and the start that finds
    it dead still gets a world, from a new container."""
    engine, image = docker_fixtures(request)
    backend = DockerBackend(DockerConfig(pool_name=f"test-{uuid.uuid4().hex[:8]}", image=image, labels={LABEL: SESSION},
                                         startup_timeout=60))
    try:
        first = await backend.start()
        await standbys(backend)
        dead = backend._standbys[0].result().name
        await wait_for(lambda: _logs_say(engine, dead, "waiting for the admin key"), timeout=60)
        await asyncio.to_thread(engine.api.kill, dead)
        second = await backend.start()
        assert second.instance_id != dead
        await _answers_only_its_own_key(second, first)
        assert all(not o.endswith(f":{dead}") for o in await backend.owned()), "the dead standby was removed"
        await backend.stop(first)
        await backend.stop(second)
    finally:
        await backend.close()


async def test_docker_without_standbys_starts_every_world_from_nothing(request):
    """``standby=0`` (GREEN_UES_DOCKER_STANDBY=0): no container waits ahead; each world is started when asked."""
    _, image = docker_fixtures(request)
    backend = DockerBackend(DockerConfig(pool_name=f"test-{uuid.uuid4().hex[:8]}", image=image, labels={LABEL: SESSION},
                                         startup_timeout=60, standby=0))
    try:
        first = await backend.start()
        second = await backend.start()
        await _answers_only_its_own_key(first, second)
        assert await standbys(backend) == 0
        assert sorted(o.split(":")[1] for o in await backend.owned()) == sorted([first.instance_id,
                                                                                 second.instance_id])
        await backend.stop(first)
        await backend.stop(second)
    finally:
        await backend.close()


@pytest.mark.parametrize("kind", CONTAINER_BACKENDS)
@pytest.mark.parametrize("delay", ["0", "1"])  # fails before the port is read / while /health is polled
async def test_a_container_start_failure_reports_logs_and_leaves_nothing(request, kind, delay):
    image = image_for(request, kind)
    config = {"pool_name": f"test-{uuid.uuid4().hex[:8]}", "image": image, "labels": {LABEL: SESSION},
              "command": ["sh", "-c", f"sleep {delay}; echo boom-before-start >&2; exit 3"], "startup_timeout": 30}
    backend = DockerBackend(DockerConfig(**config)) if kind == "docker" else SwarmBackend(SwarmConfig(**config))
    try:
        with pytest.raises(BackendError, match="boom-before-start"):
            await backend.start()
        assert await backend.owned() == []
    finally:
        await backend.close()


async def test_more_contexts_than_external_servers_wait_for_one_instead_of_failing(external_servers):
    """Three servers, a warm set of two, five contexts at once: the pool never asks the backend for a fourth world
    (it has none), so the contexts beyond three wait for a server to come back — nobody fails."""
    backend = ExternalBackend([ExternalServer(url=s.url, admin_key=s.admin_key) for s in external_servers])
    in_use: set[str] = set()
    most = 0

    async def context(i: int) -> None:
        nonlocal most
        async with pool.lease(f"ctx-{i}") as lease:
            assert lease.url not in in_use  # never two contexts on one server
            in_use.add(lease.url)
            most = max(most, len(in_use))
            await asyncio.sleep(0.3)
            in_use.discard(lease.url)

    async with UESPool(backend, PoolConfig(min_idle=2, max_instances=16, acquire_timeout_s=60)) as pool:
        assert pool.max_instances == 3
        await asyncio.gather(*(context(i) for i in range(5)))
        assert pool.stats["acquire_waits"] >= 2 and most == 3


# ---------------------------------------------------------------------- backend selection (GREEN_UES_BACKEND)
def settings(tmp_path: Path, **values) -> PoolSettings:
    return PoolSettings(_env_file=None, data_dir=tmp_path, pool_name=f"sel-{uuid.uuid4().hex[:8]}", **values)


def test_external_backend_from_settings(tmp_path):
    raw = '[{"url": "http://ues-a:8000/", "admin_key": "k1"}, ' \
          '{"url": "http://ues-b:8000", "admin_key": "k2", "advertised_url": "http://localhost:9000"}]'
    backend = make_backend_from(settings(tmp_path, ues_backend="external", ues_external=raw))
    assert isinstance(backend, ExternalBackend)
    assert [s.url for s in backend.servers] == ["http://ues-a:8000/", "http://ues-b:8000"]
    assert backend.servers[1].advertised_url == "http://localhost:9000"


@pytest.mark.parametrize(("raw", "message"), [
    (None, "needs GREEN_UES_EXTERNAL"),
    ("[{url: 1}]", "not valid JSON"),
    ('{"url": "http://x"}', "must be a non-empty JSON list"),
    ("[]", "must be a non-empty JSON list"),
    ('[{"url": "http://x"}]', "GREEN_UES_EXTERNAL is malformed: 0.admin_key: Field required"),
    ('[{"url": "x:8000", "admin_key": "k"}]', "must start with http://"),
])
def test_malformed_external_setting_is_a_clear_error(tmp_path, raw, message):
    with pytest.raises(BackendConfigError, match=re.escape(message)):
        make_backend_from(settings(tmp_path, ues_backend="external", ues_external=raw))


def test_auto_falls_back_to_process_without_the_image(tmp_path):
    with structlog.testing.capture_logs() as logs:
        backend = make_backend_from(settings(tmp_path, ues_backend="auto", ues_image="no-such-image:nope"))
    assert isinstance(backend, ProcessBackend)
    chosen = next(e for e in logs if e["event"] == "ues_backend_selected")
    assert chosen["backend"] == "process" and chosen["requested"] == "auto"
    assert chosen["reason"], "the log says why"


def test_auto_picks_docker_when_engine_and_image_are_there(request, tmp_path):
    _, image = docker_fixtures(request)
    with structlog.testing.capture_logs() as logs:
        backend = make_backend_from(settings(tmp_path, ues_backend="auto", ues_image=image,
                                             ues_docker_network="ues-net", ues_advertise_host="green-host"))
    assert isinstance(backend, DockerBackend)
    assert (backend.config.image, backend.config.network, backend.config.advertise_host) == \
        (image, "ues-net", "green-host")
    assert backend.config.publish_host == "0.0.0.0", "an advertised host must be able to reach the published port"
    assert next(e for e in logs if e["event"] == "ues_backend_selected")["backend"] == "docker"


def test_explicit_process_backend_and_pool_config(tmp_path):
    pool = make_pool(settings(tmp_path, ues_backend="process", pool_min_idle=3, pool_max_instances=7,
                              pool_acquire_timeout_s=9))
    assert isinstance(pool.backend, ProcessBackend) and pool.backend.config.bind_host == "127.0.0.1"
    assert (pool.config.min_idle, pool.config.max_instances, pool.config.acquire_timeout_s) == (3, 7, 9)


async def test_a_docker_world_does_not_join_the_compose_project_of_its_image(request):
    """An image built by `docker compose` carries the project's labels, and a container inherits its image's: a world
    would count as a container of the stack's `green` service (compose would stop the stack when it exits)."""
    import io

    engine, image = docker_fixtures(request)
    tag = f"ues-green:compose-labelled-{uuid.uuid4().hex[:8]}"
    dockerfile = f"FROM {image}\nLABEL com.docker.compose.project=stack com.docker.compose.service=green\n"
    await asyncio.to_thread(engine.images.build, fileobj=io.BytesIO(dockerfile.encode()), tag=tag, rm=True)
    backend = DockerBackend(DockerConfig(pool_name=f"test-{uuid.uuid4().hex[:8]}", image=tag, labels={LABEL: SESSION},
                                         startup_timeout=60))
    try:
        instance = await backend.start()
        try:
            labels = (await asyncio.to_thread(engine.api.inspect_container, instance.handle.id))["Config"]["Labels"]
            assert labels["com.docker.compose.project"] == "" and labels["com.docker.compose.service"] == ""
            assert labels[LABEL_POOL] == backend.config.pool_name  # still the pool's
        finally:
            await backend.stop(instance)
    finally:
        await backend.close()
        await asyncio.to_thread(engine.images.remove, tag, force=True)


# ---------------------------------------------------------------------- swarm only
def swarm_fixtures(request) -> tuple:
    """(docker client of a swarm manager, project image); skips or fails like the docker tests without one."""
    return request.getfixturevalue("swarm_manager"), request.getfixturevalue("project_image")


def swarm_backend(image: str, **kwargs) -> SwarmBackend:
    return SwarmBackend(SwarmConfig(**{"pool_name": f"test-{uuid.uuid4().hex[:8]}", "image": image,
                                       "labels": {LABEL: SESSION}, "startup_timeout": 60, **kwargs}))


async def service_of(engine_client, instance) -> dict:
    return (await asyncio.to_thread(engine_client.api.inspect_service, instance.handle.service_id))["Spec"]


async def test_swarm_worlds_are_hardened_and_labelled(request):
    engine_client, image = swarm_fixtures(request)
    backend = swarm_backend(image, cpus=0.5, memory="256m", pids_limit=128)
    instance = await backend.start()
    try:
        spec = await service_of(engine_client, instance)
        task = spec["TaskTemplate"]
        container_spec = task["ContainerSpec"]
        # One replica that swarm never restarts: the pool replaces dead worlds.
        assert spec["Mode"] == {"Replicated": {"Replicas": 1}}
        assert task["RestartPolicy"]["Condition"] == "none"
        # Named by image id: swarm's agent never tries a registry for it.
        assert container_spec["Image"] == engine_client.images.get(image).id
        assert container_spec["ReadOnly"] is True and container_spec["User"] == "10001:10001"
        assert container_spec["CapabilityDrop"] == ["ALL"]
        assert [(m["Type"], m["Target"]) for m in container_spec["Mounts"]] == [("tmpfs", "/tmp")]
        limits = task["Resources"]["Limits"]
        assert (limits["NanoCPUs"], limits["MemoryBytes"], limits["Pids"]) == (500_000_000, 256 * 1024 * 1024, 128)
        for labels in (spec["Labels"], container_spec["Labels"]):  # on the service and on its container
            assert labels[LABEL_POOL] == backend.config.pool_name and labels["org.ues-green.run"] == backend.run_id
            assert labels["org.ues-green.owner-pid"] == str(os.getpid())
            assert labels["org.ues-green.instance"] == instance.instance_id
        network = await asyncio.to_thread(engine_client.networks.get, backend.config.network)
        assert [n["Target"] for n in task["Networks"]] == [network.id]
        assert network.attrs["Driver"] == "overlay" and network.attrs["Attachable"] is True
        assert spec["EndpointSpec"]["Mode"] == "dnsrr"
        assert [p["PublishMode"] for p in spec["EndpointSpec"]["Ports"]] == ["host"]

        # The container swarm started, as the engine runs it.
        attrs = await asyncio.to_thread(engine_client.api.inspect_container, instance.handle.container_id)
        host = attrs["HostConfig"]
        assert host["ReadonlyRootfs"] is True and host["CapDrop"] == ["ALL"]
        assert (host["NanoCpus"], host["Memory"], host["PidsLimit"]) == (500_000_000, 256 * 1024 * 1024, 128)
        assert not host.get("Binds") and [m["Type"] for m in attrs["Mounts"]] == ["tmpfs"]
        assert attrs["Config"]["User"] == "10001:10001"
        assert attrs["Config"]["Labels"][LABEL_POOL] == backend.config.pool_name
        inside = await asyncio.to_thread(
            engine_client.containers.get(instance.handle.container_id).exec_run,
            ["sh", "-c", "grep NoNewPrivs /proc/1/status; grep ' /tmp ' /proc/mounts; id -u"])
        lines = inside.output.decode().splitlines()
        assert lines[0].split() == ["NoNewPrivs:", "1"], "no-new-privileges holds for the world's processes"
        assert {"nosuid", "nodev", "noexec"} <= set(lines[1].split()[3].split(","))
        assert lines[2] == "10001"
        # The admin key travels by environment only: not on the command line, not in the logs.
        assert f"UES_ADMIN_KEY={instance.admin_key}" in attrs["Config"]["Env"]
        assert instance.admin_key not in " ".join([attrs["Path"], *attrs["Args"]])
        logs = await asyncio.to_thread(backend._logs, instance.handle.service_id, "(nothing masked)")
        assert instance.admin_key not in logs
        async with httpx.AsyncClient() as c:
            r = await c.get(instance.url + "/email/state", headers={"X-API-Key": instance.admin_key})
            assert r.status_code == 200
        assert await backend.is_running(instance)
        assert len(await backend.owned()) == 1 + await standbys(backend)
    finally:
        await backend.stop(instance)
        await backend.stop(instance)  # already gone: must not raise
        assert not await backend.is_running(instance), "a removed service is not running"
        await backend.close()
        assert await backend.owned() == []


async def test_swarm_placement_constraints_are_honoured(request):
    """A constraint no node satisfies is a clear start failure that leaves nothing behind; once a node carries the
    label, the same backend places its worlds there."""
    engine_client, image = swarm_fixtures(request)
    label = f"ues-test-{uuid.uuid4().hex[:8]}"
    backend = swarm_backend(image, constraints=[f"node.labels.{label}==yes"], placement_grace_s=0.5)
    node = engine_client.nodes.get(engine_client.info()["Swarm"]["NodeID"])
    try:
        with pytest.raises(BackendError, match=r"cannot be placed on any swarm node: no suitable node "
                                               r"\(scheduling constraints not satisfied") as failure:
            await backend.start()
        assert f"node.labels.{label}==yes" in str(failure.value)
        assert await backend.owned() == [], "an unplaceable world leaves no service behind"

        await asyncio.to_thread(label_node, node, label, "yes")
        instance = await backend.start()
        try:
            assert instance.handle.node_id == node.id
            assert (await service_of(engine_client, instance))["TaskTemplate"]["Placement"]["Constraints"] == \
                [f"node.labels.{label}==yes"]
            assert await emails(instance) == 0
        finally:
            await backend.stop(instance)
    finally:
        await asyncio.to_thread(label_node, node, label, None)
        await backend.close()


def label_node(node, label: str, value: str | None) -> None:
    """Set (or, with None, remove) a label of a swarm node. A node's version moves with its own status reports:
    an update may come "out of sequence" and is retried on the fresh version."""
    import docker

    for attempt in range(10):
        node.reload()
        labels = {k: v for k, v in (node.attrs["Spec"].get("Labels") or {}).items() if k != label}
        try:
            node.update({**node.attrs["Spec"], "Labels": labels if value is None else {**labels, label: value}})
            return
        except docker.errors.APIError as exc:
            if "out of sequence" not in str(exc) or attempt == 9:
                raise


@pytest.mark.parametrize("after", [0.0, 0.3, "running"])  # creating the service / waiting for its task / for /health
async def test_swarm_start_cancelled_leaves_nothing(request, after):
    _, image = swarm_fixtures(request)
    backend = swarm_backend(image)
    try:
        starting = asyncio.create_task(backend.start())
        if after == "running":  # the task runs: the start now waits for the simulator inside to answer /health
            await wait_for(lambda: _task_runs(backend), timeout=60)
        else:
            await asyncio.sleep(after)
        assert not starting.done(), "the start ended before the moment it was to be cancelled at"
        starting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await starting
        # The service goes at once; a container swarm's agent was still creating goes with its task, moments later.
        await wait_for(lambda: _empty(backend.owned()), timeout=15)
        instance = await backend.start()  # and the backend still starts worlds
        await backend.stop(instance)
    finally:
        await backend.close()


async def test_swarm_worlds_start_from_standby_worlds(request):
    """The backend keeps a world booted ahead of its start, with its own key: a start hands that world out, a
    replacement follows, and nothing stays once the backend closes."""
    _, image = swarm_fixtures(request)
    backend = swarm_backend(image)
    try:
        first = await backend.start()
        assert await standbys(backend) == 1
        waiting = backend._standbys[0].result().instance_id
        assert sorted(o.split(":")[1] for o in await backend.owned()) == sorted([first.instance_id, waiting])
        second = await backend.start()
        assert second.instance_id == waiting, "the waiting standby became the world"
        await _answers_only_its_own_key(first, second)
        await _answers_only_its_own_key(second, first)
        assert await standbys(backend) == 1
        assert backend._standbys[0].result().instance_id not in (first.instance_id, second.instance_id)
        await backend.stop(first)
        await backend.stop(second)
    finally:
        await backend.close()
    assert await backend.owned() == [], "closing removed the standby"
    await backend.close()


async def test_swarm_a_standby_killed_while_waiting_is_replaced(request):
    """A standby world that died before it was needed is removed, and the start that finds it dead still gets a
    world, booted then."""
    engine_client, image = swarm_fixtures(request)
    backend = swarm_backend(image)
    try:
        first = await backend.start()
        await standbys(backend)
        dead = backend._standbys[0].result()
        await asyncio.to_thread(engine_client.api.kill, dead.handle.container_id)
        # Swarm learns of the death from its agent a moment later; a start before that cannot know either.
        await wait_for(lambda: _true(backend._state(dead.handle.service_id) != "running"), timeout=30)
        second = await backend.start()
        assert second.instance_id != dead.instance_id
        await _answers_only_its_own_key(second, first)
        await wait_for(lambda: _gone(backend, dead.instance_id), timeout=15)  # removed in the background
        await backend.stop(first)
        await backend.stop(second)
    finally:
        await backend.close()


async def _gone(backend, instance_id: str) -> bool:
    return all(not o.endswith(f":{instance_id}") for o in await backend.owned())


async def _task_runs(backend: SwarmBackend) -> bool:
    owned = await backend.owned()
    return bool(owned) and await asyncio.to_thread(backend._state, owned[0].split(":")[1]) == "running"


async def test_swarm_reservations_beyond_the_swarm_are_a_clear_error(request):
    engine_client, image = swarm_fixtures(request)
    cpus = engine_client.info()["NCPU"]
    backend = swarm_backend(image, cpus=cpus * 4, reserve_cpus=cpus * 4, placement_grace_s=0.5)
    try:
        with pytest.raises(BackendError, match=r"no suitable node \(insufficient resources"):
            await backend.start()
        assert await backend.owned() == []
    finally:
        await backend.close()


async def test_swarm_missing_image_is_a_clear_error(request):
    swarm_fixtures(request)
    backend = swarm_backend("ues-green:no-such-tag")
    try:
        with pytest.raises(BackendError, match="'ues-green:no-such-tag' is not in the Docker engine"):
            await backend.start()
        assert await backend.owned() == []
    finally:
        await backend.close()


async def test_swarm_backend_from_settings_reserves_and_constrains(request, tmp_path, monkeypatch):
    """GREEN_UES_BACKEND=swarm and its GREEN_UES_SWARM_* settings, as an operator writes them, reach the service."""
    engine_client, image = swarm_fixtures(request)
    for key, value in {"GREEN_UES_BACKEND": "swarm", "GREEN_UES_IMAGE": image,
                       "GREEN_POOL_NAME": f"sel-{uuid.uuid4().hex[:8]}",
                       "GREEN_UES_SWARM_LABELS": json.dumps({LABEL: SESSION}),  # so the session's end removes it
                       "GREEN_UES_SWARM_CONSTRAINTS": "node.role==manager, node.platform.os==linux",
                       "GREEN_UES_SWARM_RESERVE_CPUS": "0.25", "GREEN_UES_SWARM_RESERVE_MEMORY": "64m",
                       "GREEN_UES_SWARM_MEMORY": "384m", "GREEN_UES_SWARM_ADVERTISE_NAME": "1",
                       # A network of its own, so that the subnet setting applies (it only shapes a new network).
                       "GREEN_UES_SWARM_NETWORK": f"ues-test-{SESSION}", "GREEN_UES_SWARM_SUBNET": "10.231.0.0/20"
                       }.items():
        monkeypatch.setenv(key, value)
    backend = make_backend_from(PoolSettings(_env_file=None, data_dir=tmp_path))
    assert isinstance(backend, SwarmBackend)
    assert backend.config.constraints == ["node.role==manager", "node.platform.os==linux"]
    try:
        instance = await backend.start()
        try:
            task = (await service_of(engine_client, instance))["TaskTemplate"]
            assert task["Resources"]["Reservations"] == {"NanoCPUs": 250_000_000, "MemoryBytes": 64 * 1024 * 1024}
            assert task["Resources"]["Limits"]["MemoryBytes"] == 384 * 1024 * 1024
            assert task["Placement"]["Constraints"] == ["node.role==manager", "node.platform.os==linux"]
            network = await asyncio.to_thread(engine_client.api.inspect_network, f"ues-test-{SESSION}")
            assert [c["Subnet"] for c in network["IPAM"]["Config"]] == ["10.231.0.0/20"]  # room for ~4 000 worlds
            # Purples on the overlay network get the world by name; the green (on the host) its published port.
            assert instance.advertised_url == f"http://{instance.instance_id}:8000"
            assert instance.url.startswith("http://127.0.0.1:")
            assert await emails(instance) == 0
        finally:
            await backend.stop(instance)
    finally:
        await backend.close()
        with contextlib.suppress(Exception):  # its last task's endpoint may linger a moment
            await wait_for(lambda: _removed_network(engine_client, f"ues-test-{SESSION}"), timeout=20)


async def _removed_network(engine_client, name: str) -> bool:
    import docker

    try:
        await asyncio.to_thread(engine_client.api.remove_network, name)
    except docker.errors.NotFound:
        return True
    except docker.errors.APIError:
        return False
    return True


@pytest.mark.parametrize(("values", "message"), [
    ({"ues_swarm_constraints": "ues=yes"}, "'ues=yes' is not a placement constraint like node.labels.ues==yes"),
    ({"ues_swarm_constraints": '["node.role==manager", 3]'}, "3 is not a placement constraint"),
    ({"ues_swarm_constraints": "[node.role==manager"}, "not a valid JSON list"),
    ({"ues_swarm_reserve_memory": "lots"}, "'lots' is not a size like 512m or 1g"),
    ({"ues_swarm_reserve_cpus": "-1"}, "greater than or equal to 0"),
    ({"ues_swarm_reserve_cpus": "2", "ues_swarm_cpus": "1"}, "GREEN_UES_SWARM_RESERVE_CPUS (2) is above the limit"),
    ({"ues_swarm_reserve_memory": "1g", "ues_swarm_memory": "256m"}, "GREEN_UES_SWARM_RESERVE_MEMORY (1g) is above"),
])
def test_malformed_swarm_settings_are_clear_errors(monkeypatch, values, message):
    from pydantic import ValidationError

    for key, value in values.items():
        monkeypatch.setenv(f"GREEN_{key.upper()}", value)
    with pytest.raises(ValidationError, match=re.escape(message)):
        PoolSettings(_env_file=None, ues_backend="swarm")


def test_auto_never_picks_swarm(request, tmp_path):
    """``auto`` chooses between docker and process only: swarm is asked for by name."""
    _, image = docker_fixtures(request)
    backend = make_backend_from(settings(tmp_path, ues_backend="auto", ues_image=image))
    assert isinstance(backend, DockerBackend) and not isinstance(backend, SwarmBackend)


async def test_swarm_purple_on_the_overlay_network_reaches_a_world_by_name(request):
    """What the backend advertises with ``advertise_name`` works for a purple attached to the overlay network: a
    container there (not a swarm service) reads the world's state with the world's key, by service name."""
    engine_client, image = swarm_fixtures(request)
    backend = swarm_backend(image, advertise_name=True)
    instance = await backend.start()
    try:
        assert instance.advertised_url == f"http://{instance.instance_id}:8000"
        probe = ("import sys, httpx; r = httpx.get(sys.argv[1] + '/email/state', "
                 "headers={'X-API-Key': sys.argv[2]}, timeout=10); print(r.status_code, r.json()['total_email_count'])")
        output = await asyncio.to_thread(
            engine_client.containers.run, image, ["python", "-c", probe, instance.advertised_url, instance.admin_key],
            network=backend.config.network, labels={LABEL: SESSION}, remove=True, read_only=True, cap_drop=["ALL"])
        assert output.decode().split() == ["200", "0"]
    finally:
        await backend.stop(instance)
        await backend.close()
