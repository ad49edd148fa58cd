"""UES pool benchmark: cold and warm starts, and density (worlds per GB, 64 live worlds). Prints one JSON object.

    uv run python -m tests.bench.bench_pool [--backend process|docker|swarm|all] [--image IMAGE] [--max-live N]

Per backend, against real instances:

* cold start — ``backend.start()`` until ``/health`` answers, p50/p99 over ``--cold`` starts ``--gap`` seconds apart
  (the process backend's first start also launches its fork server; it is reported apart, as ``first_start_s``);
* warm lease — the time to enter ``pool.lease()`` for a new context while the idle set is full (``min_idle=2``),
  p50/p99 over ``--warm`` lease blocks (each gives its world back wiped on exit, outside the timing), waiting for
  the refill between samples; the ratio cold p50 / warm p99;
* 16 concurrent leases on a warm pool (``max_instances=16``): 16 contexts enter ``lease()`` at once and hold their
  worlds until all are in; wall time until the last is in, errors;
* memory per world: process = unique set size (``Private_Clean + Private_Dirty`` of ``/proc/<pid>/smaps_rollup``:
  what the world costs beyond the pages it shares with its fork server), with RSS and PSS beside it; docker and
  swarm = the container's anonymous memory from ``docker stats``; worlds per GB = 1024 / that;
* 64 live worlds (``max_instances=64``): 64 contexts enter ``lease()`` at once on an empty pool and hold their
  worlds, each is checked to answer ``/health``; bring-up wall time, errors, total memory (process: the worlds' USS
  plus the fork server's RSS);
* ``--max-live N``: the largest number of live worlds this machine holds — worlds are started 32 at a time until N
  are up or one fails, then every one must answer ``/health``; the count, the memory used (``MemAvailable`` before
  minus after) and the first error.

The docker and swarm backends use ``--image`` (default ``$GREEN_TEST_IMAGE`` or ``ues-green:test``, the image
``tests/docker`` builds); they are reported as skipped when no engine answers, the image is missing, or (swarm) the
engine is not a swarm manager.
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
from ues_pool.backends.docker import DockerBackend, DockerConfig
from ues_pool.backends.process import ProcessBackend, ProcessConfig
from ues_pool.backends.select import docker_available
from ues_pool.pool import Lease, PoolConfig, UESPool

TARGETS: dict[str, Any] = {
    "warm_lease_p99_ms": 50.0,
    # A warm set must be worth keeping where a cold start is slow; forked worlds start in ~20 ms, so not for process.
    "cold_over_warm_min": {"docker": 20.0, "swarm": 20.0},
    "cold_start_p50_s": {"process": 0.1, "docker": 2.5, "swarm": 3.0},
    "uss_per_world_mb": {"process": 15.0},
    "live_worlds": 64,
}


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def summary(samples: list[float], scale: float, digits: int) -> dict[str, float]:
    return {"p50": round(pct(samples, 0.5) * scale, digits), "p99": round(pct(samples, 0.99) * scale, digits),
            "mean": round(statistics.fmean(samples) * scale, digits), "n": len(samples)}


async def memory_mb(backend: Backend, instance: Instance) -> float | None:
    """What one world costs, in MiB: the process's unique set size, or the container's anonymous memory."""
    if isinstance(backend, ProcessBackend):
        return smaps(instance.handle.pid).get("uss")
    stats = (await backend.stats(instance)).get("memory_stats", {})  # type: ignore[attr-defined]
    inner = stats.get("stats", {})
    if "rss" in inner:  # cgroup v1: anonymous resident memory, comparable to a process's RSS
        used = inner["rss"]
    elif "usage" in stats:  # cgroup v2: usage minus the reclaimable page cache
        used = stats["usage"] - inner.get("inactive_file", 0)
    else:
        return None
    return round(used / 2**20, 1)


def smaps(pid: int) -> dict[str, float]:
    """RSS, PSS and USS (private clean + private dirty) of a process in MiB, from ``/proc/<pid>/smaps_rollup``."""
    fields: dict[str, float] = {}
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            name, _, rest = line.partition(":")
            if name in ("Rss", "Pss", "Private_Clean", "Private_Dirty"):
                fields[name] = int(rest.split()[0]) / 1024
    except OSError:
        return {}
    if not fields:
        return {}
    return {"rss": round(fields.get("Rss", 0), 1), "pss": round(fields.get("Pss", 0), 1),
            "uss": round(fields.get("Private_Clean", 0) + fields.get("Private_Dirty", 0), 1)}


def mem_available_mb() -> float:
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) / 1024
    return 0.0


def fork_server_mb(backend: Backend) -> float | None:
    """RSS of the process backend's fork server (counted once, however many worlds it forked)."""
    server = getattr(backend, "_server", None)
    return smaps(server.process.pid).get("rss") if server is not None else None


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


async def bench(kind: str, make: Callable[[], Backend], cold_n: int, warm_n: int,
                max_live: int = 0, starts_only: bool = False, gap: float = 0.5) -> dict[str, Any]:
    out: dict[str, Any] = {}

    # ---- cold start
    backend = make()
    cold, memory, detail = [], [], []
    try:
        started = time.perf_counter()
        first = await backend.start()  # the process backend launches its fork server here
        out["first_start_s"] = round(time.perf_counter() - started, 3)
        await backend.stop(first)
        for _ in range(cold_n):
            started = time.perf_counter()
            instance = await backend.start()
            cold.append(time.perf_counter() - started)
            await asyncio.sleep(gap)  # let start-up settle before sampling memory (and a standby boot, given time)
            memory.append(await memory_mb(backend, instance))
            if isinstance(backend, ProcessBackend):
                detail.append(smaps(instance.handle.pid))
            await backend.stop(instance)
        out["fork_server_rss_mb"] = fork_server_mb(backend)
    finally:
        await backend.close()
    out["cold_start_s"] = summary(cold, 1, 3)
    known = [m for m in memory if m is not None]
    per_world = statistics.median(known) if known else None
    out["memory_per_world_mb"] = round(per_world, 1) if per_world else None
    if detail:
        out["process_memory_mb"] = {k: round(statistics.median(d[k] for d in detail), 1) for k in ("rss", "pss", "uss")}
    out["worlds_per_gb"] = round(1024 / per_world) if per_world else None

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
    if starts_only:
        return out

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

    # ---- 64 live worlds held at once, from an empty pool
    live = TARGETS["live_worlds"]
    pool = await UESPool(make(), PoolConfig(min_idle=0, max_instances=live, acquire_timeout_s=600,
                                            health_interval_s=5)).start()
    try:
        async with leases_held(pool, [f"live{i}" for i in range(live)]) as (results, wall):
            leases = [r for r in results if isinstance(r, Lease)]
            silent = await unhealthy(leases)
            errors = [repr(r) for r in results if isinstance(r, Exception)] + silent
            mems = [await memory_mb(pool.backend, lease.instance) for lease in leases]
            known = [m for m in mems if m is not None]
            server = fork_server_mb(pool.backend) or 0.0
            out[f"live_{live}"] = {
                "worlds": len(leases), "healthy": len(leases) - len(silent), "errors": len(errors),
                "bring_up_s": round(wall, 3), "total_memory_mb": round(sum(known) + server, 1) if known else None,
                "error_samples": errors[:3]}
    finally:
        await pool.shutdown()

    if max_live:
        out["max_live"] = await most_live(make, max_live)

    out["targets"] = {
        "warm_lease_p99_ms<=50": out["warm_lease_ms"]["p99"] <= TARGETS["warm_lease_p99_ms"],
        f"cold_start_p50_s<={TARGETS['cold_start_p50_s'][kind]}":
            out["cold_start_s"]["p50"] <= TARGETS["cold_start_p50_s"][kind],
        f"live_{live}_without_errors": out[f"live_{live}"]["healthy"] == live and out[f"live_{live}"]["errors"] == 0,
    }
    if kind in TARGETS["cold_over_warm_min"]:
        out["targets"][f"cold_over_warm>={TARGETS['cold_over_warm_min'][kind]:g}"] = \
            out["cold_p50_over_warm_p99"] >= TARGETS["cold_over_warm_min"][kind]
    if kind in TARGETS["uss_per_world_mb"] and per_world is not None:
        out["targets"][f"uss_per_world_mb<={TARGETS['uss_per_world_mb'][kind]}"] = \
            per_world <= TARGETS["uss_per_world_mb"][kind]
    return out


async def unhealthy(leases: list[Lease]) -> list[str]:
    """One line per lease whose world does not answer ``/health`` with 200."""
    errors = []
    async with httpx.AsyncClient(timeout=30) as client:
        for lease in leases:
            try:
                r = await client.get(lease.url + "/health")
                if r.status_code != 200:
                    errors.append(f"{lease.instance_id}: /health answered {r.status_code}")
            except httpx.HTTPError as exc:
                errors.append(f"{lease.instance_id}: {exc!r}")
    return errors


async def most_live(make: Callable[[], Backend], limit: int, step: int = 32) -> dict[str, Any]:
    """Start worlds ``step`` at a time until ``limit`` are up or a start fails; then every one must answer."""
    backend = make()
    worlds: list[Instance] = []
    first_error = None
    available_before = mem_available_mb()
    started = time.perf_counter()
    # Starts are throttled by the pool, not the backend: as many at once as a pool would run (PoolConfig's default).
    slots = asyncio.Semaphore(PoolConfig().max_concurrent_starts)

    async def start() -> Instance:
        async with slots:
            return await backend.start()

    try:
        while len(worlds) < limit and first_error is None:
            batch = await asyncio.gather(*(start() for _ in range(min(step, limit - len(worlds)))),
                                         return_exceptions=True)
            worlds += [w for w in batch if isinstance(w, Instance)]
            failures = [w for w in batch if not isinstance(w, Instance)]
            if failures:
                first_error = repr(failures[0])[:300]
        wall = time.perf_counter() - started
        problems: list[str] = []
        async with httpx.AsyncClient(timeout=10) as client:
            for world in worlds:  # one by one: this checks the worlds, not how many connections the bench can open
                try:
                    status = (await client.get(world.url + "/health")).status_code
                    if status != 200:
                        problems.append(f"{world.instance_id}: /health answered {status}")
                except httpx.HTTPError as exc:
                    problems.append(f"{world.instance_id}: {exc!r}")
        silent = len(problems)
        used = available_before - mem_available_mb()
        return {"asked": limit, "live": len(worlds), "silent": silent, "silent_samples": problems[:3],
                "first_error": first_error,
                "bring_up_s": round(wall, 1), "memory_used_mb": round(used),
                "memory_per_world_mb": round(used / len(worlds), 1) if worlds else None}
    finally:
        for chunk in range(0, len(worlds), 32):
            await asyncio.gather(*(backend.stop(w) for w in worlds[chunk:chunk + 32]), return_exceptions=True)
        await backend.close()


def swarm_manager() -> tuple[bool, str]:
    """Whether the local engine is a swarm manager (``deploy/swarm.sh`` makes it one)."""
    import docker

    client = docker.from_env(timeout=5)
    try:
        info = client.info().get("Swarm", {})
    finally:
        client.close()
    if info.get("LocalNodeState") == "active" and info.get("ControlAvailable"):
        return True, "a swarm manager"
    return False, "the Docker engine is not a swarm manager (run deploy/swarm.sh)"


def settle(limit_s: float) -> None:
    """Wait (at most ``limit_s``) for the machine to calm down after the previous backend's 32-instance storm."""
    deadline = time.monotonic() + limit_s
    while os.getloadavg()[0] > 1.0 and time.monotonic() < deadline:
        time.sleep(2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=["process", "docker", "swarm", "all"], default="all")
    parser.add_argument("--image", default=os.environ.get("GREEN_TEST_IMAGE", "ues-green:test"))
    parser.add_argument("--cold", type=int, default=10, help="cold starts to time per backend")
    parser.add_argument("--gap", type=float, default=0.5, help="seconds between cold starts: a backend with standbys "
                        "(docker, swarm) serves a start from one only when its replacement booted in that time")
    parser.add_argument("--warm", type=int, default=100, help="warm lease blocks to time per backend")
    parser.add_argument("--max-live", type=int, default=0, help="look for the largest number of live worlds, up to "
                        "this many (0: skip)")
    parser.add_argument("--starts-only", action="store_true", help="cold starts and warm leases only (what "
                        "tests/bench/bench_figures.py records), without the concurrency and density runs")
    parser.add_argument("--settle", type=float, default=90, help="max seconds to wait for 1-min load < 1 before "
                        "each backend")
    args = parser.parse_args()
    # Keep stdout for the JSON: pool and backend logs go to stderr, warnings and up only.
    structlog.configure(logger_factory=structlog.PrintLoggerFactory(sys.stderr),
                        wrapper_class=structlog.make_filtering_bound_logger(30))

    kinds = ["process", "docker", "swarm"] if args.backend == "all" else [args.backend]
    state = Path(tempfile.mkdtemp(prefix="bench-pool-"))
    out: dict[str, Any] = {
        "machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0],
                    "memory_gb": round(mem_available_mb() / 1024, 1)},
        "targets": {**TARGETS},
        "notes": ["backends run with startup_timeout=180 s so that 64 simultaneous cold starts on a small host "
                  "measure throughput rather than the default start-up timeout",
                  "memory: process = USS (pages it shares with its fork server are not counted; the server's RSS is "
                  "reported once); docker/swarm = cgroup rss (anonymous memory only)"],
    }
    for kind in kinds:
        name = f"bench-{kind}-{uuid.uuid4().hex[:6]}"
        if kind == "process":
            def make(name: str = name) -> Backend:
                return ProcessBackend(ProcessConfig(pool_name=name, state_dir=state, startup_timeout=180))
        else:
            ok, why = docker_available(args.image)
            if ok and kind == "swarm":
                ok, why = swarm_manager()
            if not ok:
                out[kind] = {"skipped": why}
                continue
            out["machine"]["docker_image"] = args.image
            if kind == "docker":
                def make(name: str = name) -> Backend:
                    return DockerBackend(DockerConfig(pool_name=name, image=args.image, startup_timeout=180))
            else:
                from ues_pool.backends.swarm import SwarmBackend, SwarmConfig

                def make(name: str = name) -> Backend:
                    return SwarmBackend(SwarmConfig(pool_name=name, image=args.image, startup_timeout=180))
        settle(args.settle)
        load_before = os.getloadavg()[0]
        out[kind] = asyncio.run(bench(kind, make, args.cold, args.warm, args.max_live, args.starts_only, args.gap))
        # Other work on the machine skews every figure: say how busy it was.
        out[kind]["loadavg_1min"] = {"before": round(load_before, 2), "after": round(os.getloadavg()[0], 2)}
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
