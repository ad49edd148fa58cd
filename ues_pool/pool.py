"""A UES world per A2A context, served from a warm pool.

``async with pool.lease(context_id) as lease:`` is how work uses a world. It waits for earlier work of the same
context (one assessment per context at a time), hands out a ready instance — from the warm idle set (milliseconds)
or a fresh start — and, however the block ends (normally, by an exception, by cancellation), gives the world back:
wiped (``/simulation/clear``, every non-admin key revoked) into the idle set, or destroyed when the wipe failed. So
a finished assessment never holds a world that another one is waiting for.

The idle set holds ``min_idle`` warm worlds (refilled in the background) plus the worlds given back: those are kept
for the next taker, most recently given back first, and stopped once nobody took them for ``idle_ttl_s`` (while the
idle set is larger than ``min_idle``, at least one). A world costs about a CPU-second to start and little to keep,
so a stream of assessments one after another reuses the same few worlds instead of starting one per assessment,
and a burst's worlds serve the rest of the burst. A run that knows what it will lease — ``green-agent assess``: one
world — calls ``prestart(n)`` instead: those worlds start at once, beside whatever else the run starts, and are not
kept up afterwards; a taker arriving while one is on its way waits for it rather than starting another.

Invariants:

* Every instance the pool started is in exactly one place — being started, idle, leased, or being given back — and
  together they never exceed ``max_instances``. ``shutdown()`` stops all of them; nothing keeps running.
* A dead world is never handed out: an idle instance is probed just before it is handed out, and one that does not
  answer is passed over.
* A world is destroyed only on evidence that it is dead: its backend says its process or container is gone, its
  port refuses connections, or ``health_failures`` health rounds in a row got no answer. One slow answer — a busy
  world, or the green's own event loop stalled past a probe's timeout — never kills a world, leased or idle. Health
  rounds run in the maintenance task, every instance probed concurrently, never on a lease's path.
* A leased world's death is told to its holder at once: the lease is marked broken and its ``lost`` event set, so
  the work using it ends instead of waiting out HTTP timeouts. A leased world's exit is seen as it happens
  (``Backend.exited``: the process's pidfd, the container's ``die`` event), not a health round later.
* Work that must finish once begun (giving a world back, destroying one) runs in tasks of its own that shutdown
  waits for, so a cancelled caller never leaves an instance half-wiped, uncounted, or running.
* The pool speaks to its worlds only through ``services.ues.client.UESClient``.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import AsyncIterator, Coroutine
from dataclasses import dataclass, field
from typing import Any

import httpx
import structlog
from pydantic import BaseModel, Field

from services.ues.client import Health, UESClient, UESError, tls_context
from ues_pool.backends.base import Backend, BackendError, Instance

__all__ = ["Lease", "PoolConfig", "PoolExhausted", "UESPool"]

log = structlog.get_logger("ues_pool")


class PoolConfig(BaseModel):
    """Pool behaviour: ``PoolSettings.pool``, read from ``GREEN_POOL_<FIELD>`` (``GREEN_POOL_MIN_IDLE``, ...)."""

    min_idle: int = Field(default=2, ge=0)
    max_instances: int = Field(default=16, ge=1)
    acquire_timeout_s: float = Field(default=60.0, ge=0)
    health_interval_s: float = Field(default=1.0, gt=0)
    # Health rounds in a row without an answer before a world its backend still reports running is declared dead.
    health_failures: int = Field(default=3, ge=1)
    # How long a world above the warm set may stay idle before it is stopped.
    idle_ttl_s: float = Field(default=60.0, ge=0)
    # Starts in flight at once: a container's world costs about a CPU-second of imports, so 32 at once on 2 cores
    # all miss their start-up timeout. The rest queue, untimed, for a slot.
    max_concurrent_starts: int = Field(default_factory=lambda: max(2, os.cpu_count() or 2), ge=1)


class PoolExhausted(RuntimeError):
    """Every instance slot is taken and none freed up within the acquire timeout."""


@dataclass(eq=False)
class Lease:
    """A context's hold on one UES instance, for the duration of one ``lease()`` block. ``broken_reason`` says why
    the world was declared dead, if it was; ``lost`` is set at that moment, for work that waits on it."""

    context_id: str
    instance: Instance
    broken_reason: str | None = None
    lost: asyncio.Event = field(default_factory=asyncio.Event, repr=False)

    def mark_broken(self, reason: str) -> None:
        """Declare the lease's world dead (the first reason stands) and wake whoever waits on ``lost``."""
        if self.broken_reason is None:
            self.broken_reason = reason
        self.lost.set()

    @property
    def instance_id(self) -> str:
        return self.instance.instance_id

    @property
    def backend(self) -> str:
        return self.instance.backend

    @property
    def url(self) -> str:
        """The URL the green uses."""
        return self.instance.url

    @property
    def advertised_url(self) -> str:
        """The URL given to purples (differs when they run elsewhere)."""
        return self.instance.advertised_url

    @property
    def admin_key(self) -> str:
        return self.instance.admin_key

    @property
    def broken(self) -> bool:
        return self.broken_reason is not None


@dataclass(eq=False)
class _Gate:
    """One context's lock and how many hold it or wait for it; dropped when that count reaches zero, so that
    contexts seen once leave nothing behind."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0


class UESPool:
    """UES worlds per context. Use as ``async with UESPool(...) as pool``, then ``async with pool.lease(ctx)``."""

    def __init__(self, backend: Backend, config: PoolConfig | None = None) -> None:
        self.backend = backend
        self.config = config or PoolConfig()
        # The configured bound, or the backend's own when it is smaller (external: the servers listed).
        self.max_instances = min(self.config.max_instances, backend.capacity or self.config.max_instances)
        self._idle: list[Instance] = []
        self._leases: dict[str, Lease] = {}
        self._starting = 0
        self._wiping = 0
        self._prestarting = 0  # worlds of prestart() on their way: takers wait for them instead of starting more
        self._prestart_failures: list[BackendError] = []  # why prestarted worlds did not start, for their takers
        # The one start throttle (backends have none): here it bounds every backend's starts, refills and takers
        # alike, from one setting, and a start waiting for a slot already counts as starting against max_instances.
        self._start_slots = asyncio.Semaphore(self.config.max_concurrent_starts)
        # Replaced by a fresh event at every change (see _notify): waiting needs no lock, waking never awaits.
        self._changed = asyncio.Event()
        self._gates: dict[str, _Gate] = {}
        self._maintainer: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        # One per live lease: waits for its world's exit (Backend.exited). Apart from _tasks: it never ends by itself.
        self._exit_watches: dict[Lease, asyncio.Task[None]] = {}
        self._silent_rounds: dict[str, int] = {}  # instance id → health rounds in a row it did not answer
        self._idle_since: dict[str, float] = {}  # instance id → when it joined the idle set (monotonic)
        self._http = httpx.AsyncClient(timeout=5.0, verify=tls_context())
        self._closed = False
        self.stats = {"acquired_warm": 0, "acquired_cold": 0, "started": 0, "start_failures": 0,
                      "destroyed_unhealthy": 0, "reaped_orphans": 0, "released": 0,
                      # acquisitions that found every slot taken and had to wait for one: the figure to watch
                      # when sizing GREEN_POOL_MAX_INSTANCES
                      "acquire_waits": 0,
                      "idle_trimmed": 0,
                      # free worlds destroyed because their backend retires them (a paused or drained swarm node)
                      "retired": 0}

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> UESPool:
        """Reap orphans of a crashed predecessor, then begin filling the warm set and health checking."""
        self.stats["reaped_orphans"] += await self.backend.reap_orphans()
        self._maintainer = asyncio.create_task(self._maintain(), name="ues-pool-maintain")
        self._kick_refill()
        return self

    async def __aenter__(self) -> UESPool:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.shutdown()

    async def shutdown(self) -> None:
        """Stop everything this pool started; nothing keeps running afterwards. Leases still in use are marked
        broken (their worlds are gone); a second call does nothing."""
        if self._closed:
            return
        self._closed = True
        if self._maintainer is not None:
            self._maintainer.cancel()
            await asyncio.wait({self._maintainer})
        watches = list(self._exit_watches.values())
        self._exit_watches.clear()
        for watch in watches:
            watch.cancel()
        if watches:
            await asyncio.wait(watches)
        # In-flight starts, refills, give-backs and destroys finish first: once the pool is closed, each disposes
        # of its instance itself or leaves it where the sweep below finds it.
        while True:
            pending = {task for task in self._tasks if not task.done()}
            if pending:
                await asyncio.wait(pending)
            elif self._starting:
                await self._wait_change()
            else:
                break
        instances = self._idle + [lease.instance for lease in self._leases.values() if not lease.broken]
        for lease in self._leases.values():
            lease.mark_broken("the UES pool was shut down")
        self._idle, self._leases = [], {}
        await asyncio.gather(*(self._destroy(i) for i in instances), return_exceptions=True)
        await self._http.aclose()
        await self.backend.close()

    # ------------------------------------------------------------------ counts
    @property
    def total(self) -> int:
        live_leases = sum(1 for lease in self._leases.values() if not lease.broken)
        return len(self._idle) + live_leases + self._starting + self._wiping

    def metrics(self) -> dict[str, int | str]:
        return {"backend": self.backend.name, "idle": len(self._idle), "leased": len(self._leases),
                "starting": self._starting, "max_instances": self.max_instances, **self.stats}

    # ------------------------------------------------------------------ lease: one piece of work, one world
    @contextlib.asynccontextmanager
    async def lease(self, context_id: str) -> AsyncIterator[Lease]:
        """Hold a live world for the duration of the block; give it back wiped on every way out.

        Blocks of one context run one after another, in arrival order; a block waiting for its turn may be
        cancelled and leaves nothing held. Raises PoolExhausted after ``acquire_timeout_s`` when ``max_instances``
        are all in use, BackendError when an instance cannot be started, RuntimeError once the pool is shut down.
        If the world dies during the block the lease is marked ``broken`` (its ``broken_reason`` says why) and its
        ``lost`` event is set.
        """
        async with self._serialised(context_id):
            lease = await self._bind(context_id)
            try:
                yield lease
            finally:
                await self._hand_back(lease)

    def lease_of(self, context_id: str) -> Lease | None:
        """The lease the context holds right now (inside a ``lease()`` block), else None."""
        return self._leases.get(context_id)

    # ------------------------------------------------------------------ binding a context to a world
    @contextlib.asynccontextmanager
    async def _serialised(self, context_id: str) -> AsyncIterator[None]:
        """Hold the context's lock. asyncio.Lock passes the turn on when a waiter is cancelled, so a cancelled
        waiter never leaves the lock held; the gate's count drops the lock once nobody holds or waits for it."""
        gate = self._gates.get(context_id)
        if gate is None:
            gate = self._gates[context_id] = _Gate()
        gate.users += 1
        try:
            async with gate.lock:
                yield
        finally:
            gate.users -= 1
            if gate.users == 0:
                del self._gates[context_id]

    async def _bind(self, context_id: str) -> Lease:
        """A new lease for the context on an instance taken for it. The caller holds the context's lock, and the
        context's previous lease (if any) was given back before that lock was released."""
        instance = await self._take_instance()
        # No await from here on: a cancellation cannot land between taking the instance and recording it.
        lease = Lease(context_id, instance)
        self._leases[context_id] = lease
        self._exit_watches[lease] = asyncio.get_running_loop().create_task(
            self._watch_exit(lease), name=f"ues-pool-exit-watch-{instance.instance_id}")
        self._kick_refill()
        return lease

    async def _take_instance(self) -> Instance:
        deadline = time.monotonic() + self.config.acquire_timeout_s
        passed_over: set[Instance] = set()  # idle instances that did not answer this taker
        waited = False
        while True:
            if self._closed:
                raise RuntimeError("the UES pool is shut down")
            candidates = [i for i in self._idle if i not in passed_over]
            if candidates:
                # Never hand out a dead world: it may have died since the last health round. The instance stays in
                # the idle set while probed, so a cancelled probe loses nothing. The HTTP probe alone is enough
                # here (~1 ms, where asking the Docker engine costs ~8 ms). Those the last rounds found silent go last.
                instance = min(reversed(candidates), key=lambda i: self._silent_rounds.get(i.instance_id, 0))
                seen = await self._probe(instance)
                if instance not in self._idle:
                    continue  # another taker, or the health round, got it meanwhile
                if seen is Health.ANSWERS:
                    self._idle.remove(instance)
                    self._silent_rounds.pop(instance.instance_id, None)
                    self._idle_since.pop(instance.instance_id, None)
                    self.stats["acquired_warm"] += 1
                    return instance
                if seen is Health.REFUSED:  # nothing listens: dead, not slow
                    self._idle.remove(instance)
                    self.stats["destroyed_unhealthy"] += 1
                    await self._dispose(instance)
                else:  # silent is no evidence: the health rounds decide; this taker looks elsewhere
                    passed_over.add(instance)
                continue
            if self._prestarting:  # a world is on its way for takers like this one: starting another wastes it
                await self._wait_change()
                continue
            if self._prestart_failures:  # the world started for this taker failed: its reason is the answer
                raise self._prestart_failures.pop(0)
            if self.total < self.max_instances:
                self.stats["acquired_cold"] += 1
                return await self._start_one()
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise PoolExhausted(
                    f"all {self.max_instances} UES instances are in use (leased: {len(self._leases)}, "
                    f"starting: {self._starting}); none was given back within {self.config.acquire_timeout_s:g} s")
            if not waited:
                waited = True
                self.stats["acquire_waits"] += 1
            await self._wait_change(remaining)
            passed_over.clear()  # something changed: a silent world may answer again

    # ------------------------------------------------------------------ giving a world back
    async def _hand_back(self, lease: Lease) -> None:
        """Give the lease's world back and wait until it is done. The give-back runs in a task of its own: a
        cancellation of the caller only ends the waiting, never the wipe (shutdown waits for that task)."""
        watch = self._exit_watches.pop(lease, None)
        if watch is not None:
            watch.cancel()
        if self._leases.get(lease.context_id) is not lease:
            return  # given back already, or taken by shutdown, which destroyed its world
        # Detached at once, before any await: health rounds and shutdown no longer see it.
        del self._leases[lease.context_id]
        self.stats["released"] += 1
        if lease.broken:  # its instance is destroyed already; its slot is free
            self._notify()
            self._kick_refill()
            return
        self._wiping += 1  # still counts against max_instances until it is idle or destroyed
        await asyncio.shield(self._spawn(self._give_back(lease.instance), f"ues-pool-give-back-{lease.context_id}"))

    async def _give_back(self, instance: Instance) -> None:
        try:
            if not self._closed and not await self._retire(instance) and await self._wipe(instance):
                self._put_idle(instance)
            else:
                await self._destroy(instance)
        finally:
            self._wiping -= 1
            self._notify()
        self._kick_refill()

    async def _retire(self, instance: Instance) -> bool:
        """Whether its backend wants the free instance gone (a draining node), counted when it does."""
        try:
            retiring = await self.backend.retiring(instance)
        except Exception as exc:  # no answer is no reason to discard a world
            log.warning("ues_retiring_check_failed", instance=instance.instance_id, error=str(exc))
            return False
        if retiring:
            self.stats["retired"] += 1
            log.info("ues_instance_retired", instance=instance.instance_id, location=instance.location)
        return retiring

    def _put_idle(self, instance: Instance) -> None:
        self._idle.append(instance)  # the end of the list is taken first
        self._idle_since[instance.instance_id] = time.monotonic()

    async def _trim_idle(self) -> None:
        """Stop the idle worlds above the warm set that nobody took for ``idle_ttl_s``, oldest first. The warm set
        is ``min_idle`` worlds, at least one: with ``min_idle=0`` the next context still starts warm."""
        keep = max(self.config.min_idle, 1)
        now = time.monotonic()
        for instance in sorted(self._idle, key=lambda i: self._idle_since.get(i.instance_id, now)):
            idle_for = now - self._idle_since.get(instance.instance_id, now)
            if len(self._idle) <= keep or idle_for < self.config.idle_ttl_s:
                return  # the rest are younger
            self._idle.remove(instance)
            self.stats["idle_trimmed"] += 1
            await self._dispose(instance)
            self._notify()  # a slot is free

    async def _wipe(self, instance: Instance) -> bool:
        """Return the instance to a blank state: stop and clear the simulation, revoke every non-admin key."""
        ues = self._client(instance)
        try:
            await ues.clear()
            await ues.revoke_keys()
        except (UESError, KeyError, TypeError, ValueError) as exc:
            log.warning("ues_wipe_failed", instance=instance.instance_id, error=str(exc))
            return False
        return True

    # ------------------------------------------------------------------ starting and destroying
    async def _start_one(self) -> Instance:
        self._starting += 1
        try:
            async with self._start_slots:
                instance = await self.backend.start()
            self.stats["started"] += 1
            return instance
        except BackendError:
            self.stats["start_failures"] += 1
            raise
        finally:
            self._starting -= 1
            self._notify()

    async def _destroy(self, instance: Instance) -> None:
        self._silent_rounds.pop(instance.instance_id, None)
        self._idle_since.pop(instance.instance_id, None)
        try:
            await self.backend.stop(instance)
        except Exception as exc:  # stopping must never take the pool down
            log.error("ues_stop_failed", instance=instance.instance_id, error=str(exc))

    async def _dispose(self, instance: Instance) -> None:
        """Destroy the instance in a task of its own, so that a cancelled caller never leaves it half-stopped."""
        await asyncio.shield(self._spawn(self._destroy(instance), f"ues-pool-destroy-{instance.instance_id}"))

    def _kick_refill(self) -> None:
        if self._closed:
            return
        missing = min(self.config.min_idle - len(self._idle) - self._starting,
                      self.max_instances - self.total)
        for _ in range(max(0, missing)):
            self._spawn(self._refill_one(), "ues-pool-refill")

    async def _refill_one(self) -> None:
        try:
            instance = await self._start_one()
        except BackendError as exc:
            log.error("ues_refill_failed", error=str(exc))
            return
        if self._closed or len(self._idle) >= self.config.min_idle:
            await self._destroy(instance)  # shut down, or the idle set filled up meanwhile
            return
        self._put_idle(instance)
        self._notify()

    def prestart(self, count: int) -> None:
        """Begin starting ``count`` worlds for leases about to come, in the background. Unlike ``min_idle`` they
        are started once, not kept up: a run that knows it needs ``count`` worlds starts exactly those, while it
        gets its other parts ready. A world that fails to start fails the taker that waited for it, with the
        backend's reason (BackendError), as a start of its own would have."""
        if self._closed:
            raise RuntimeError("the UES pool is shut down")
        for _ in range(max(0, min(count, self.max_instances - self.total - self._prestarting))):
            self._prestarting += 1
            self._spawn(self._prestart_one(), "ues-pool-prestart")

    async def _prestart_one(self) -> None:
        instance: Instance | None = None
        try:
            instance = await self._start_one()
        except BackendError as exc:
            log.error("ues_prestart_failed", error=str(exc))
            self._prestart_failures.append(exc)
        finally:
            # No await between here and the notify: a waiting taker sees the world idle, or none on its way.
            self._prestarting -= 1
            if instance is not None and not self._closed:
                self._put_idle(instance)
            self._notify()
        if instance is not None and self._closed:
            await self._destroy(instance)

    def _spawn(self, work: Coroutine[Any, Any, None], name: str) -> asyncio.Task[None]:
        """Run ``work`` as a task the pool keeps (a strong reference) and shutdown waits for."""
        task = asyncio.get_running_loop().create_task(work, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # ------------------------------------------------------------------ waiting for a change
    def _notify(self) -> None:
        """Wake everyone waiting for a change (a slot freed, an instance idle, a start ended). Synchronous, so it
        is safe in ``finally`` blocks of cancelled tasks."""
        self._changed.set()
        self._changed = asyncio.Event()

    async def _wait_change(self, timeout: float | None = None) -> None:  # noqa: ASYNC109
        """Wait for the next ``_notify`` (or ``timeout``). Callers check their condition just before, with no
        await in between, so a change cannot slip by unseen."""
        changed = self._changed
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(changed.wait(), timeout)

    # ------------------------------------------------------------------ health
    def _client(self, instance: Instance) -> UESClient:
        return UESClient(instance.url, instance.admin_key, http=self._http)

    async def _probe(self, instance: Instance) -> Health:
        return await self._client(instance).probe(timeout_s=min(2.0, self.config.health_interval_s * 2))

    async def _death(self, instance: Instance) -> str | None:
        """One health round for one instance: why it is dead, or None while there is no evidence that it is."""
        if not await self.backend.is_running(instance):
            return f"the {self.backend.name} backend reports it is no longer running"
        seen = await self._probe(instance)
        if seen is Health.ANSWERS:
            if self._silent_rounds.pop(instance.instance_id, 0):
                self._notify()  # it may be taken again
            return None
        if seen is Health.REFUSED:
            return "its port refuses connections"
        silent = self._silent_rounds[instance.instance_id] = self._silent_rounds.get(instance.instance_id, 0) + 1
        if silent >= self.config.health_failures:
            return f"no answer to {silent} health probes in a row"
        log.warning("ues_instance_silent", instance=instance.instance_id, rounds=silent)
        return None

    async def _watch_exit(self, lease: Lease) -> None:
        """Declare the lease's world dead the moment its backend sees it exit (cancelled when the lease ends)."""
        try:
            why = await self.backend.exited(lease.instance)
        except Exception as exc:  # the health rounds still watch it
            log.warning("ues_exit_watch_failed", instance=lease.instance_id, error=str(exc))
            return
        if self._leases.get(lease.context_id) is lease:
            await self._mark_dead(lease.context_id, lease, why)

    async def _mark_dead(self, context_id: str, lease: Lease, why: str) -> None:
        """Declare the leased world dead — its holder is told at once (``Lease.lost``) — and destroy it."""
        if lease.broken:
            return
        lease.mark_broken(f"UES world {lease.instance_id} ({lease.instance.where}) was declared dead: {why}")
        self.stats["destroyed_unhealthy"] += 1
        log.error("ues_instance_died", context=context_id, instance=lease.instance_id, reason=why)
        await self._dispose(lease.instance)
        self._notify()

    async def _maintain(self) -> None:
        """Health checks of leased and idle instances, and the idle set's refill, forever."""
        while True:
            await asyncio.sleep(self.config.health_interval_s)
            try:
                await self._check_once()
                await self._trim_idle()
            except Exception as exc:  # the maintenance loop must survive anything
                log.error("ues_pool_maintenance_failed", error=str(exc))

    async def _check_once(self) -> None:
        """One health round: every leased and idle instance probed at once (one slow world delays no other)."""
        leased = [(context_id, lease) for context_id, lease in self._leases.items() if not lease.broken]
        idle = list(self._idle)
        deaths = await asyncio.gather(*(self._death(lease.instance) for _, lease in leased),
                                      *(self._death(instance) for instance in idle))
        for (context_id, lease), why in zip(leased, deaths[:len(leased)], strict=True):
            if why is not None and self._leases.get(context_id) is lease:
                await self._mark_dead(context_id, lease, why)
        for instance, why in zip(idle, deaths[len(leased):], strict=True):
            if why is not None and instance in self._idle:
                self._idle.remove(instance)
                self.stats["destroyed_unhealthy"] += 1
                log.error("ues_idle_instance_died", instance=instance.instance_id, reason=why)
                await self._dispose(instance)
            elif instance in self._idle and await self._retire(instance) and instance in self._idle:
                self._idle.remove(instance)
                await self._dispose(instance)
        self._kick_refill()
