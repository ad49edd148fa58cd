"""UES pool benchmark (issue: a UES per context from a warm pool). Prints one JSON object.

    uv run python -m tests.bench.bench_pool [--backend process|docker|all] [--image IMAGE]

Per backend, against real instances:

* cold start — ``backend.start()`` until ``/health`` answers, p50/p99 over ``--cold`` starts;
* warm lease — the time to enter ``pool.lease()`` for a new context while the idle set is full (``min_idle=2``),
  p50/p99 over ``--warm`` lease blocks (each gives its world back wiped on exit, outside the timing), waiting for
  the refill between samples; the ratio cold p50 / warm p99;
* 16 concurrent leases on a warm pool (``max_instances=16``): 16 contexts enter ``lease()`` at once and hold their
  worlds until all are in; wall time until the last is in, errors;
* resident memory per instance (process: RSS of the server process; docker: the container's memory usage
  from ``docker stats``);
* 32 live instances (``max_instances=32``): 32 contexts enter ``lease()`` at once and hold their worlds, each is
  checked to answer ``/health``; errors and total memory.

The docker backend uses ``--image`` (default ``$GREEN_TEST_IMAGE`` or ``ues-green:test``, the image
``tests/docker`` builds); it is reported as skipped when no engine answers or the image is missing.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import httpx
import structlog

from ues_pool.backends.base import Backend, Instance
from ues_pool.backends.docker import DockerBackend
from ues_pool.backends.process import ProcessBackend
from ues_pool.backends.select import docker_available
from ues_pool.pool import Lease, PoolConfig, UESPool

TARGETS = {
    "warm_lease_p99_ms": 50.0,
    "cold_over_warm_min": 20.0,
    "cold_start_p50_s": {"process": 1.2, "docker": 2.5},
    "live_instances": 32,
}


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def summary(samples: list[float], scale: float, digits: int) -> dict[str, float]:
    return {"p50": round(pct(samples, 0.5) * scale, digits), "p99": round(pct(samples, 0.99) * scale, digits),
            "mean": round(statistics.fmean(samples) * scale, digits), "n": len(samples)}


async def memory_mb(backend: Backend, instance: Instance) -> float | None:
    """Resident memory of one instance in MiB."""
    if isinstance(backend, DockerBackend):
        stats = (await backend.stats(instance)).get("memory_stats", {})
        inner = stats.get("stats", {})
        if "rss" in inner:  # cgroup v1: anonymous resident memory, comparable to a process's RSS
            used = inner["rss"]
        elif "usage" in stats:  # cgroup v2: usage minus the reclaimable page cache
            used = stats["usage"] - inner.get("inactive_file", 0)
        else:
            return None
        return round(used / 2**20, 1)
    return rss_mb(instance.handle.pid)


def rss_mb(pid: int) -> float | None:
    """VmRSS of a process in MiB (a /proc read: instant)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        return None
    return None


async def wait_until(predicate: Callable[[], bool], timeout: float) -> None:  # noqa: ASYNC109
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise TimeoutError("pool did not refill in time")
        await asyncio.sleep(0.01)


@contextlib.asynccontextmanager
async def leases_held(pool: UESPool, contexts: list[str]) -> AsyncIterator[tuple[list[Lease | Exception], float]]:
    """Enter ``pool.lease()`` for every context at once and hold all the worlds until the block ends. Yields, per
    context, its lease or the error entering raised, and the wall time until every entry had finished."""
    loop = asyncio.get_running_loop()
    entered: list[asyncio.Future[Lease | Exception]] = [loop.create_future() for _ in contexts]
    done = asyncio.Event()

    async def hold(context_id: str, slot: asyncio.Future[Lease | Exception]) -> None:
        try:
            async with pool.lease(context_id) as lease:
                slot.set_result(lease)
                await done.wait()
        except Exception as exc:
            if slot.done():
                raise
            slot.set_result(exc)

    started = time.perf_counter()
    holders = [asyncio.create_task(hold(c, slot)) for c, slot in zip(contexts, entered, strict=True)]
    try:
        results = await asyncio.gather(*entered)
        yield results, time.perf_counter() - started
    finally:
        done.set()
        await asyncio.gather(*holders, return_exceptions=True)


async def bench(kind: str, make: Callable[[], Backend], cold_n: int, warm_n: int) -> dict[str, Any]:
    out: dict[str, Any] = {}

    # ---- cold start
    backend = make()
    cold, memory = [], []
    try:
        for _ in range(cold_n):
            started = time.perf_counter()
            instance = await backend.start()
            cold.append(time.perf_counter() - started)
            await asyncio.sleep(0.5)  # let start-up settle before sampling memory
            memory.append(await memory_mb(backend, instance))
            await backend.stop(instance)
    finally:
        await backend.close()
    out["cold_start_s"] = summary(cold, 1, 3)
    known = [m for m in memory if m is not None]
    out["memory_per_instance_mb"] = round(statistics.median(known), 1) if known else None

    # ---- warm lease: entering lease() with a warm idle set (the give-back on exit is not timed)
    pool = await UESPool(make(), PoolConfig(min_idle=2, max_instances=8, health_interval_s=5)).start()
    warm = []
    try:
        for i in range(warm_n):
            await wait_until(lambda: len(pool._idle) >= 2 and pool._starting == 0, 120)
            started = time.perf_counter()
            async with pool.lease(f"warm-{i}"):
                warm.append(time.perf_counter() - started)
        out["warm_lease_ms"] = summary(warm, 1000, 3)
        out["warm_leases_from_idle_set"] = pool.stats["acquired_warm"]
        out["cold_p50_over_warm_p99"] = round(pct(cold, 0.5) / pct(warm, 0.99), 1)
    finally:
        await pool.shutdown()

    # ---- 16 concurrent leases on a warm pool (2 idle: 14 of them are cold starts)
    pool = await UESPool(make(), PoolConfig(min_idle=2, max_instances=16, acquire_timeout_s=300,
                                            health_interval_s=5)).start()
    try:
        await wait_until(lambda: len(pool._idle) >= 2 and pool._starting == 0, 120)
        async with leases_held(pool, [f"c{i}" for i in range(16)]) as (results, wall):
            errors = [repr(r) for r in results if isinstance(r, Exception)]
            out["concurrent_16"] = {"wall_s": round(wall, 3), "errors": len(errors),
                                    "warm": pool.stats["acquired_warm"], "cold": pool.stats["acquired_cold"],
                                    "error_samples": errors[:3]}
    finally:
        await pool.shutdown()

    # ---- 32 live instances held at once
    pool = await UESPool(make(), PoolConfig(min_idle=0, max_instances=32, acquire_timeout_s=600,
                                            health_interval_s=5)).start()
    try:
        async with leases_held(pool, [f"live{i}" for i in range(32)]) as (results, wall):
            leases = [r for r in results if isinstance(r, Lease)]
            errors = [repr(r) for r in results if isinstance(r, Exception)]
            healthy = 0
            async with httpx.AsyncClient(timeout=10) as client:
                for lease in leases:
                    try:
                        r = await client.get(lease.url + "/health")
                        if r.status_code == 200:
                            healthy += 1
                        else:
                            errors.append(f"{lease.instance_id}: /health answered {r.status_code}")
                    except httpx.HTTPError as exc:
                        errors.append(f"{lease.instance_id}: {exc!r}")
            mems = [await memory_mb(pool.backend, lease.instance) for lease in leases]
            known = [m for m in mems if m is not None]
            out["live_32"] = {"instances": len(leases), "healthy": healthy,
                              "errors": len(errors), "lease_wall_s": round(wall, 3),
                              "total_memory_mb": round(sum(known), 1) if known else None,
                              "error_samples": errors[:3]}
    finally:
        await pool.shutdown()

    out["targets"] = {
        "warm_lease_p99_ms<=50": out["warm_lease_ms"]["p99"] <= TARGETS["warm_lease_p99_ms"],
        "cold_over_warm>=20": out["cold_p50_over_warm_p99"] >= TARGETS["cold_over_warm_min"],
        f"cold_start_p50_s<={TARGETS['cold_start_p50_s'][kind]}":
            out["cold_start_s"]["p50"] <= TARGETS["cold_start_p50_s"][kind],
        "live_32_without_errors": out["live_32"]["healthy"] == 32 and out["live_32"]["errors"] == 0,
    }
    return out


def settle(limit_s: float) -> None:
    """Wait (at most ``limit_s``) for the machine to calm down after the previous backend's 32-instance storm."""
    deadline = time.monotonic() + limit_s
    while os.getloadavg()[0] > 1.0 and time.monotonic() < deadline:
        time.sleep(2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=["process", "docker", "all"], default="all")
    parser.add_argument("--image", default=os.environ.get("GREEN_TEST_IMAGE", "ues-green:test"))
    parser.add_argument("--cold", type=int, default=10, help="cold starts to time per backend")
    parser.add_argument("--warm", type=int, default=100, help="warm lease blocks to time per backend")
    parser.add_argument("--settle", type=float, default=90, help="max seconds to wait for 1-min load < 1 before "
                        "each backend")
    args = parser.parse_args()
    # Keep stdout for the JSON: pool and backend logs go to stderr, warnings and up only.
    structlog.configure(logger_factory=structlog.PrintLoggerFactory(sys.stderr),
                        wrapper_class=structlog.make_filtering_bound_logger(30))

    kinds = ["process", "docker"] if args.backend == "all" else [args.backend]
    state = Path(tempfile.mkdtemp(prefix="bench-pool-"))
    out: dict[str, Any] = {
        "machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0]},
        "targets": {**TARGETS},
        "notes": ["backends run with startup_timeout=180 s so that 32 simultaneous cold starts on a small host "
                  "measure throughput rather than the default start-up timeout",
                  "memory: process = VmRSS (includes shared library pages); docker = cgroup rss (anonymous memory "
                  "only), so the two are not strictly comparable"],
    }
    for kind in kinds:
        name = f"bench-{kind}-{uuid.uuid4().hex[:6]}"
        if kind == "process":
            def make(name: str = name) -> Backend:
                return ProcessBackend(name, state, startup_timeout=180)
        else:
            ok, why = docker_available(args.image)
            if not ok:
                out[kind] = {"skipped": why}
                continue
            out["machine"]["docker_image"] = args.image

            def make(name: str = name) -> Backend:
                return DockerBackend(name, image=args.image, startup_timeout=180)
        settle(args.settle)
        load_before = os.getloadavg()[0]
        out[kind] = asyncio.run(bench(kind, make, args.cold, args.warm))
        # Other work on the machine skews every figure: say how busy it was.
        out[kind]["loadavg_1min"] = {"before": round(load_before, 2), "after": round(os.getloadavg()[0], 2)}
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
