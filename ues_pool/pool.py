"""A UES world per A2A context, served from a warm pool.

``acquire(context_id)`` hands out a lease on a ready instance — from the warm idle set when one is there
(milliseconds), else a fresh start. A context keeps its lease across assessments until it is released or
idles past the TTL. Released instances are wiped (``/simulation/clear``, keys revoked) and go back to the
idle set; instances that fail a health check are destroyed, their lease marked broken, and replaced.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

import httpx
import structlog
from pydantic import BaseModel, Field

from ues_pool.backends.base import Backend, BackendError, Instance

log = structlog.get_logger("ues_pool")


class PoolConfig(BaseModel):
    """Pool behaviour; the green builds it from its settings (``GREEN_POOL_*``)."""

    min_idle: int = Field(default=2, ge=0)
    max_instances: int = Field(default=16, ge=1)
    idle_ttl_s: float = Field(default=1800.0, gt=0)
    acquire_timeout_s: float = Field(default=60.0, ge=0)
    health_interval_s: float = Field(default=1.0, gt=0)
    # Starts in flight at once: each costs about a CPU-second of imports, so 32 at once on 2 cores all miss
    # their start-up timeout. The rest queue.
    max_concurrent_starts: int = Field(default_factory=lambda: max(2, os.cpu_count() or 2), ge=1)


class PoolExhausted(RuntimeError):
    """Every instance slot is taken and none freed up within the acquire timeout."""


class LeaseBroken(RuntimeError):
    """The instance behind a lease died; the context gets a fresh world on its next acquire."""


@dataclass(eq=False)
class Lease:
    """A context's hold on one UES instance."""

    context_id: str
    instance: Instance
    acquired_at: float = field(default_factory=time.monotonic)
    last_used: float = field(default_factory=time.monotonic)
    broken_reason: str | None = None
    # Work running on the lease right now (``UESPool.in_use``); a lease in use is never idle.
    users: int = 0

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


class UESPool:
    """Acquire/release UES instances per context. Use as ``async with UESPool(...) as pool``."""

    def __init__(self, backend: Backend, config: PoolConfig | None = None) -> None:
        self.backend = backend
        self.config = config or PoolConfig()
        self._idle: list[Instance] = []
        self._leases: dict[str, Lease] = {}
        self._starting = 0
        self._wiping = 0
        self._start_slots = asyncio.Semaphore(self.config.max_concurrent_starts)
        self._changed = asyncio.Condition()
        self._context_locks: dict[str, asyncio.Lock] = {}
        self._tasks: list[asyncio.Task] = []
        self._http = httpx.AsyncClient(timeout=5.0)
        self._closed = False
        self.stats = {"acquired_warm": 0, "acquired_cold": 0, "started": 0, "start_failures": 0,
                      "destroyed_unhealthy": 0, "evicted_idle": 0, "reaped_orphans": 0, "released": 0}

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> UESPool:
        """Reap orphans of a crashed predecessor, then begin filling the warm set and health checking."""
        self.stats["reaped_orphans"] += await self.backend.reap_orphans()
        self._tasks = [asyncio.create_task(self._maintain(), name="ues-pool-maintain")]
        self._kick_refill()
        return self

    async def __aenter__(self) -> UESPool:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.shutdown()

    async def shutdown(self) -> None:
        """Stop everything this pool started; nothing keeps running afterwards."""
        self._closed = True
        # Stop maintenance; let in-flight refills finish (they destroy what they started once closed).
        for task in self._tasks:
            if task.get_name() == "ues-pool-maintain":
                task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks.clear()
        async with self._changed:
            await self._changed.wait_for(lambda: self._starting == 0)
        instances = self._idle + [lease.instance for lease in self._leases.values()]
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
                "starting": self._starting, "max_instances": self.config.max_instances, **self.stats}

    # ------------------------------------------------------------------ acquire / release
    async def acquire(self, context_id: str) -> Lease:
        """The context's lease (same world as last time), or a new one from the warm set or a fresh start.

        Raises PoolExhausted after ``acquire_timeout_s`` when ``max_instances`` are all in use, and
        BackendError when an instance cannot be started.
        """
        if self._closed:
            raise RuntimeError("pool is shut down")
        lock = self._context_locks.setdefault(context_id, asyncio.Lock())
        async with lock:
            lease = self._leases.get(context_id)
            if lease is not None and not lease.broken:
                # The world may have died since the context last used it, before a health round noticed.
                if await self._answers(lease.instance):
                    lease.last_used = time.monotonic()
                    return lease
                await self._mark_dead(context_id, lease)
            if lease is not None:  # broken: forget it, its instance is already destroyed
                self._leases.pop(context_id, None)
            instance = await self._take_instance()
            lease = Lease(context_id, instance)
            self._leases[context_id] = lease
            self._kick_refill()
            return lease

    async def _take_instance(self) -> Instance:
        deadline = time.monotonic() + self.config.acquire_timeout_s
        while True:
            if self._idle:
                instance = self._idle.pop()
                # An instance may have died since the last health round; never hand out a dead world. The HTTP
                # probe alone is enough here (and ~1 ms, where asking the Docker engine costs ~8 ms).
                if await self._answers(instance):
                    self.stats["acquired_warm"] += 1
                    return instance
                self.stats["destroyed_unhealthy"] += 1
                await self._destroy(instance)
                continue
            if self.total < self.config.max_instances:
                self.stats["acquired_cold"] += 1
                return await self._start_one()
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise PoolExhausted(
                    f"all {self.config.max_instances} UES instances are in use (leased: {len(self._leases)}, "
                    f"starting: {self._starting}); none was released within {self.config.acquire_timeout_s:g} s")
            async with self._changed:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._changed.wait(), remaining)

    async def release(self, context_id: str) -> None:
        """End the context's lease: wipe the world and return it to the idle set (or destroy it)."""
        lease = self._leases.pop(context_id, None)
        self._context_locks.pop(context_id, None)
        if lease is None:
            return
        self.stats["released"] += 1
        self._wiping += 1  # still counts against max_instances while it is being wiped
        try:
            if lease.broken or not await self._wipe(lease.instance):
                await self._destroy(lease.instance)
            elif len(self._idle) < max(self.config.min_idle, 1) and not self._closed:
                self._idle.append(lease.instance)
            else:
                await self._destroy(lease.instance)
        finally:
            self._wiping -= 1
        await self._notify()
        self._kick_refill()

    def lease_of(self, context_id: str) -> Lease | None:
        return self._leases.get(context_id)

    @contextlib.contextmanager
    def in_use(self, lease: Lease) -> Iterator[None]:
        """Mark the lease busy for the duration: idle-TTL eviction skips it, and idle time starts at the end."""
        lease.users += 1
        try:
            yield
        finally:
            lease.users -= 1
            lease.last_used = time.monotonic()

    # ------------------------------------------------------------------ internals
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
            await self._notify()

    async def _destroy(self, instance: Instance) -> None:
        try:
            await self.backend.stop(instance)
        except Exception as exc:  # stopping must never take the pool down
            log.error("ues_stop_failed", instance=instance.instance_id, error=str(exc))

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    async def _wipe(self, instance: Instance) -> bool:
        """Return the instance to a blank state: stop, clear, revoke every non-admin key."""
        headers = {"X-API-Key": instance.admin_key}
        try:
            r = await self._http.post(instance.url + "/simulation/clear", headers=headers)
            r.raise_for_status()
            keys = (await self._http.get(instance.url + "/keys", headers=headers,
                                         params={"include_revoked": "false"})).json()["keys"]
            for key in keys:
                if key.get("created_by") is not None and key.get("is_active"):
                    await self._http.delete(f"{instance.url}/keys/{key['key_id']}", headers=headers)
            return True
        except (httpx.HTTPError, KeyError, ValueError) as exc:
            log.warning("ues_wipe_failed", instance=instance.instance_id, error=str(exc))
            return False

    def _kick_refill(self) -> None:
        if self._closed:
            return
        missing = min(self.config.min_idle - len(self._idle) - self._starting,
                      self.config.max_instances - self.total)
        for _ in range(max(0, missing)):
            self._tasks.append(asyncio.create_task(self._refill_one()))
        self._tasks = [t for t in self._tasks if not t.done()]

    async def _refill_one(self) -> None:
        try:
            instance = await self._start_one()
        except BackendError as exc:
            log.error("ues_refill_failed", error=str(exc))
            return
        if self._closed or len(self._idle) >= self.config.min_idle:
            await self._destroy(instance)  # shut down, or the idle set filled up meanwhile
            return
        self._idle.append(instance)
        await self._notify()

    async def _mark_dead(self, context_id: str, lease: Lease) -> None:
        lease.broken_reason = f"UES instance {lease.instance_id} stopped answering (health check failed)"
        self.stats["destroyed_unhealthy"] += 1
        log.error("ues_instance_died", context=context_id, instance=lease.instance_id)
        await self._destroy(lease.instance)
        await self._notify()

    async def _healthy(self, instance: Instance) -> bool:
        return await self.backend.is_running(instance) and await self._answers(instance)

    async def _answers(self, instance: Instance) -> bool:
        try:
            r = await self._http.get(instance.url + "/health", timeout=min(2.0, self.config.health_interval_s * 2))
            return r.status_code == 200
        except httpx.HTTPError:
            return False

    async def _maintain(self) -> None:
        """Health checks and TTL eviction, forever."""
        while True:
            await asyncio.sleep(self.config.health_interval_s)
            try:
                await self._check_once()
            except Exception as exc:  # the maintenance loop must survive anything
                log.error("ues_pool_maintenance_failed", error=str(exc))

    async def _check_once(self) -> None:
        now = time.monotonic()
        for context_id, lease in list(self._leases.items()):
            if lease.broken:
                continue
            if not lease.users and now - lease.last_used > self.config.idle_ttl_s:
                self.stats["evicted_idle"] += 1
                log.info("ues_lease_evicted", context=context_id, instance=lease.instance_id)
                await self.release(context_id)
            elif not await self._healthy(lease.instance):
                await self._mark_dead(context_id, lease)
        for instance in list(self._idle):
            if not await self._healthy(instance):
                if instance in self._idle:
                    self._idle.remove(instance)
                self.stats["destroyed_unhealthy"] += 1
                await self._destroy(instance)
        self._kick_refill()
