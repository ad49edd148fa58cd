"""Load and leaks (issue 12, item 8). Prints one JSON object.

    uv run python -m tests.bench.bench_load [--backend process|docker|all] [--sequential 100] [--concurrent 16]

One real green A2A server in this process (uvicorn, the green's own pool built from its settings), real
``purple-agent`` processes on loopback, scenario ``mini_day`` of ``tests/scenarios``, scripted characters; each
assessment is sent the way the AgentBeats gateway sends it (``message/stream``, a fresh context each).

* **process** — ``--sequential`` assessments one after another on the process backend, pool of
  ``max_instances`` 3 and ``min_idle`` 1, the purple cycling through ``oracle``, ``noop``, ``garbage`` and
  ``hostile-forbidden`` (every one must end ``completed`` with a ``completed`` trial). Reports the outcomes by
  purple (final state / trial status / passed), the total wall time, the per-assessment wall p50/p95 and the pool's
  metrics at the end. Leak checks are sampled after a warm-up of 3 assessments (``start``), half-way (``half``)
  and at the end (``end``), once the pool has settled (nothing leased, nothing starting):

  - this process's open file descriptors (also by kind: TCP sockets by state, ``tcp_close_wait`` being pooled
    connections whose peer has gone) and RSS (the green is in-process), with their growth per 100 assessments
    between ``start`` and ``end`` (RSS also between ``half`` and ``end``, past the warm-up of caches and the
    allocator); also the highest fd count seen after any assessment;
  - this process's descendant processes (worlds and purples, from a ``/proc`` scan): at most ``max_instances`` +
    the number of purples, after every assessment;
  - purple keys still active on the idle worlds (``GET /keys`` with each world's admin key): must be 0;
  - rows of the green's task table (SQLite, ``data_dir/tasks.db``) and its bytes: rows must equal the assessments
    finished (one task each), nothing else;
  - the green's in-memory bookkeeping: running assessments (the executor's and the A2A SDK's active-task
    registry), the SDK's clean-up and background tasks, the task store's pending writes, timers and locks, the
    pool's leases, gates, tasks and silence counters: all 0 when nothing runs;
  - and after the green and the purples are stopped: the fds and descendants left (against the count before).

* **docker** — one green with ``GREEN_UES_BACKEND=docker`` (image ``--image``, default ``ues-green:test``;
  containers publish on loopback, where the green and the purples reach them), ``max_instances`` 16,
  ``--rounds`` (default 2) rounds of ``--concurrent`` assessments launched at once (``noop`` and ``oracle``
  alternating, distinct contexts). Reports per round the outcomes, wall time, per-assessment wall p50/p95, the
  trials' own duration (after the world was leased) and errors; the pool's metrics; the most containers carrying
  the pool's label at any time (polled every 0.25 s through all rounds; must stay ≤ 16); the same leak checks
  after each round (fds, RSS and their growth from the first round to the last, keys on idle worlds, task rows =
  16 per round, bookkeeping) and, once the green has stopped, the containers left with the pool's label (must be
  0). If no Docker engine answers, or the image is missing, the part reports ``{"skipped": "<why>"}``.

Timings are noisy on a 2-core machine; the leak figures are counts and should not be.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import sqlite3
import statistics
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from green_agent.embedded import purple_process
from green_agent.logs import configure_logging
from services.ues.client import UESClient
from tests.e2e.conftest import SCENARIOS, GatewayResult, Green, assess, e2e_settings, running_green
from ues_pool.backends.docker import LABEL_POOL

PROCESS_PURPLES = ("oracle", "noop", "garbage", "hostile-forbidden")
DOCKER_PURPLES = ("noop", "oracle")
PROCESS_MAX_INSTANCES = 3
DOCKER_MAX_INSTANCES = 16
WARM_UP = 3
DEFAULT_IMAGE = "ues-green:test"


# ------------------------------------------------------------------------------------------------ measures
def open_fds() -> int:
    """Open file descriptors of this process (the green runs in it)."""
    return len(os.listdir("/proc/self/fd"))


def rss_mb() -> float:
    """This process's resident set, in MB."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    return 0.0


TCP_STATES = {"01": "established", "06": "time_wait", "08": "close_wait", "0A": "listen"}


def fd_kinds() -> dict[str, int]:
    """This process's open fds by kind; TCP sockets by state (``tcp_close_wait``: the peer hung up and the
    connection is still held — a pooled connection to a world that is gone)."""
    tcp: dict[str, str] = {}
    for table in ("/proc/self/net/tcp", "/proc/self/net/tcp6"):
        with contextlib.suppress(OSError), open(table) as lines:
            for line in list(lines)[1:]:
                fields = line.split()
                tcp[fields[9]] = TCP_STATES.get(fields[3], "other")
    kinds: Counter[str] = Counter()
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue  # closed meanwhile (the listing's own fd)
        if target.startswith("socket:["):
            state = tcp.get(target[8:-1])
            kinds[f"tcp_{state}" if state else "socket_other"] += 1
        elif target.startswith("pipe:"):
            kinds["pipe"] += 1
        elif target.startswith("anon_inode:"):
            kinds["anon_inode"] += 1
        else:
            kinds["file"] += 1
    return dict(sorted(kinds.items()))


def descendants() -> dict[str, int]:
    """This process's descendants (children, their children…) by kind, from a scan of ``/proc``: ``purple``,
    ``ues`` (process-backend worlds) or ``other``."""
    parent_of: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue  # gone between the listing and the read
        # The command name may hold spaces and parentheses: fields start after its closing parenthesis.
        parent_of[int(entry)] = int(stat[stat.rfind(")") + 2:].split()[1])
    found: set[int] = set()
    frontier = {os.getpid()}
    while frontier:
        frontier = {pid for pid, ppid in parent_of.items() if ppid in frontier and pid not in found}
        found |= frontier
    kinds: Counter[str] = Counter()
    for pid in found:
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        kinds["purple" if "services.purple" in command else "ues" if "ues" in command else "other"] += 1
    return {"total": sum(kinds.values()), **dict(sorted(kinds.items()))}


def task_table(data_dir: Path) -> dict[str, int]:
    """Rows of the green's task table and the bytes of its SQLite files (database, WAL, journal)."""
    db = data_dir / "tasks.db"
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
        rows = int(conn.execute("SELECT count(*) FROM tasks").fetchone()[0])
    size = sum(p.stat().st_size for p in data_dir.glob("tasks.db*") if p.is_file())
    return {"rows": rows, "bytes": size}


async def active_purple_keys(green: Green) -> dict[str, int]:
    """Purple keys still active on the pool's idle worlds (the admin key has no creator and is not counted)."""
    worlds = keys = 0
    for instance in list(green.pool._idle):
        async with UESClient(instance.url, instance.admin_key) as admin:
            listed = await admin.keys()
        worlds += 1
        keys += sum(1 for k in listed if k["is_active"] and k.get("created_by") is not None)
    return {"idle_worlds_checked": worlds, "active_purple_keys": keys}


def bookkeeping(green: Green) -> dict[str, int]:
    """Sizes of the green's per-task and per-context state: all 0 when no assessment runs."""
    handler = green.app.state.a2a_handler  # the SDK's DefaultRequestHandlerV2
    registry = handler._active_task_registry
    store = handler.task_store
    pool = green.pool
    return {
        "executor_runs": len(green.app.state.executor._runs),
        "sdk_active_tasks": len(registry._active_tasks),
        "sdk_cleanup_tasks": sum(1 for t in registry._cleanup_tasks if not t.done()),
        "sdk_background_tasks": sum(1 for t in handler._background_tasks if not t.done()),
        "store_pending": len(store._pending), "store_timers": len(store._timers),
        "store_last_write": len(store._last_write), "store_locks": len(store._locks),
        "pool_leases": len(pool._leases), "pool_gates": len(pool._gates),
        "pool_tasks": sum(1 for t in pool._tasks if not t.done()), "pool_silent_rounds": len(pool._silent_rounds),
    }


async def settle(green: Green, timeout_s: float = 15.0) -> float:
    """Wait until nothing is leased or starting and the bookkeeping is empty (background refills and the SDK's
    clean-up run after the result is sent); return how long that took, or -1 if it never happened."""
    started = time.monotonic()
    while time.monotonic() - started < timeout_s:
        metrics = green.pool.metrics()
        if metrics["leased"] == 0 and metrics["starting"] == 0 and not any(bookkeeping(green).values()):
            return round(time.monotonic() - started, 2)
        await asyncio.sleep(0.05)
    return -1.0


async def sample(green: Green, data_dir: Path, finished: int) -> dict[str, Any]:
    """One leak-check sample, taken once the green has settled."""
    settled = await settle(green)
    out: dict[str, Any] = {"assessments_finished": finished, "settled_after_s": settled, "fds": open_fds(),
                           "fd_kinds": fd_kinds(), "rss_mb": rss_mb(), "descendants": descendants()}
    out.update(await active_purple_keys(green))
    out["task_table"] = task_table(data_dir)
    out["task_rows_equal_finished"] = out["task_table"]["rows"] == finished
    out["bookkeeping"] = bookkeeping(green)
    out["bookkeeping_empty"] = not any(out["bookkeeping"].values())
    return out


def pct(values: list[float], q: float) -> float | None:
    """The ``q`` quantile (nearest rank) of ``values``, in seconds rounded to milliseconds."""
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * q))], 3)


def outcome(result: GatewayResult) -> tuple[str, str | None, bool | None, list[str]]:
    """(final state, trial status, passed, errors) of a one-trial assessment."""
    rows = result.trial_rows()
    row = rows[0] if len(rows) == 1 else {}
    return result.state, row.get("status"), row.get("passed"), list(row.get("errors", []))


def growth_per_100(first: dict[str, Any], last: dict[str, Any], key: str) -> float | None:
    """How much ``key`` grew between two samples, scaled to 100 assessments."""
    done = last["assessments_finished"] - first["assessments_finished"]
    return round((last[key] - first[key]) * 100 / done, 2) if done else None


# ------------------------------------------------------------------------------------------------ process
async def bench_process(folder: Path, sequential: int) -> dict[str, Any]:
    data_dir = folder / "green"
    settings = e2e_settings(data_dir, ues_backend="process", pool_min_idle=1,
                            pool_max_instances=PROCESS_MAX_INSTANCES)
    before: dict[str, Any] = {"fds": open_fds(), "descendants": descendants()}
    out: dict[str, Any] = {"backend": "process", "scenario": "mini_day", "purples": list(PROCESS_PURPLES),
                           "pool": {"max_instances": PROCESS_MAX_INSTANCES, "min_idle": 1},
                           "warm_up": WARM_UP, "assessments": sequential, "before_green": before}
    process_bound = PROCESS_MAX_INSTANCES + 1 + len(PROCESS_PURPLES)  # the worlds, their fork server, the purples
    async with contextlib.AsyncExitStack() as stack:
        purples = {role: await stack.enter_async_context(purple_process(role, SCENARIOS)) for role in PROCESS_PURPLES}
        green = await stack.enter_async_context(running_green(settings))
        finished = 0
        outcomes: dict[str, Counter[str]] = {role: Counter() for role in PROCESS_PURPLES}
        walls: list[float] = []
        errors: list[str] = []
        fd_max = descendants_max = 0

        async def one(i: int, measured: bool) -> None:
            nonlocal finished, fd_max, descendants_max
            role = PROCESS_PURPLES[i % len(PROCESS_PURPLES)]
            t0 = time.perf_counter()
            try:
                result = await assess(green, purples[role], scenario_id="mini_day", verbose_updates=False)
            except Exception as exc:  # reported, never hidden: the run goes on to show what else breaks
                errors.append(f"assessment {i + 1} ({role}): {type(exc).__name__}: {exc}")
                return
            finally:
                finished += 1
            wall = time.perf_counter() - t0
            state, status, passed, trial_errors = outcome(result)
            if measured:
                walls.append(wall)
                outcomes[role][f"{state}/{status}/passed={passed}"] += 1
            errors.extend(f"assessment {i + 1} ({role}): {e}" for e in trial_errors)
            fd_max = max(fd_max, open_fds())
            descendants_max = max(descendants_max, descendants()["total"])

        for i in range(WARM_UP):
            await one(i, measured=False)
        samples = {"start": await sample(green, data_dir, finished)}
        started = time.perf_counter()
        for i in range(sequential):
            await one(WARM_UP + i, measured=True)
            if i + 1 == max(1, sequential // 2):
                samples["half"] = await sample(green, data_dir, finished)
        total = time.perf_counter() - started
        samples["end"] = await sample(green, data_dir, finished)
        completed = sum(n for c in outcomes.values() for k, n in c.items() if k.startswith("completed/completed/"))
        out.update({
            "all_completed": completed == sequential and not errors,
            "outcomes": {role: dict(c) for role, c in outcomes.items()},
            "errors": errors,
            "wall_s_total": round(total, 2),
            "assessment_wall_s_p50": pct(walls, 0.5), "assessment_wall_s_p95": pct(walls, 0.95),
            "assessment_wall_s_mean": round(statistics.fmean(walls), 3) if walls else None,
            "pool_metrics_end": green.pool.metrics(),
            "samples": samples,
            "fds_max_after_any_assessment": fd_max,
            "descendants_max_after_any_assessment": descendants_max,
            "descendants_bound": process_bound,
            "fds_growth_per_100": growth_per_100(samples["start"], samples["end"], "fds"),
            "rss_mb_growth_per_100": growth_per_100(samples["start"], samples["end"], "rss_mb"),
            "rss_mb_growth_per_100_second_half": growth_per_100(samples["half"], samples["end"], "rss_mb"),
        })
    await asyncio.sleep(0.5)  # let the stopped processes' pipes close
    out["after_stop"] = {"fds": open_fds(), "descendants": descendants()}
    out["leaks"] = {
        "descendants_within_bound": descendants_max <= process_bound,
        "purple_keys_on_idle_worlds": max(s["active_purple_keys"] for s in samples.values()),
        "task_rows_equal_finished": all(s["task_rows_equal_finished"] for s in samples.values()),
        "bookkeeping_empty": all(s["bookkeeping_empty"] for s in samples.values()),
        "fds_left_after_stop": out["after_stop"]["fds"] - before["fds"],
        "descendants_left_after_stop": out["after_stop"]["descendants"]["total"] - before["descendants"]["total"],
    }
    return out


# ------------------------------------------------------------------------------------------------ docker
def docker_client_or_reason(image: str) -> tuple[Any, str | None]:
    """A docker SDK client, or None and why the docker part cannot run."""
    try:
        import docker
    except ImportError:
        return None, "the docker SDK is not installed"
    try:
        client = docker.from_env(timeout=60)
        client.ping()
    except Exception as exc:
        return None, f"no Docker engine answers ({type(exc).__name__}: {exc}); run deploy/docker-engine.sh"
    try:
        client.images.get(image)
    except Exception as exc:
        client.close()
        return None, f"image {image!r} is not available ({type(exc).__name__})"
    return client, None


def pool_containers(client: Any, pool_name: str) -> int:
    """Containers (running or not) carrying the pool's label."""
    return len(client.api.containers(all=True, filters={"label": f"{LABEL_POOL}={pool_name}"}))


class ContainerWatch:
    """Polls the number of the pool's containers in the background; keeps the highest seen."""

    def __init__(self, client: Any, pool_name: str, interval_s: float = 0.25) -> None:
        self.client, self.pool_name, self.interval_s = client, pool_name, interval_s
        self.max_seen = 0
        self.polls = 0
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        while True:
            count = await asyncio.to_thread(pool_containers, self.client, self.pool_name)
            self.max_seen = max(self.max_seen, count)
            self.polls += 1
            await asyncio.sleep(self.interval_s)

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        assert self._task is not None
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task


async def docker_round(green: Green, purples: dict[str, str], concurrent: int) -> dict[str, Any]:
    """``concurrent`` assessments launched at once, noop and oracle alternating, each in its own context."""

    async def timed(i: int) -> tuple[str, GatewayResult, float]:
        role = DOCKER_PURPLES[i % len(DOCKER_PURPLES)]
        t0 = time.perf_counter()
        result = await assess(green, purples[role], scenario_id="mini_day", verbose_updates=False, wait_s=600)
        return role, result, time.perf_counter() - t0

    started = time.perf_counter()
    results = await asyncio.gather(*(timed(i) for i in range(concurrent)), return_exceptions=True)
    wall = time.perf_counter() - started
    outcomes: dict[str, Counter[str]] = {role: Counter() for role in DOCKER_PURPLES}
    errors: list[str] = []
    walls: list[float] = []
    trials: list[dict[str, Any]] = []
    for i, item in enumerate(results):
        if isinstance(item, BaseException):
            errors.append(f"assessment {i + 1}: {type(item).__name__}: {item}")
            continue
        role, result, seconds = item
        state, status, passed, trial_errors = outcome(result)
        outcomes[role][f"{state}/{status}/passed={passed}"] += 1
        errors.extend(f"assessment {i + 1} ({role}): {e}" for e in trial_errors)
        walls.append(seconds)
        trials += result.trial_rows()
    completed = sum(n for c in outcomes.values() for k, n in c.items() if k.startswith("completed/completed/"))
    floors = [t["timing"]["ues_floor_ms_p95"] for t in trials if t["timing"]["ues_floor_ms_p95"] is not None]
    overheads = [t["timing"]["green_overhead_ms_p95"] for t in trials
                 if t["timing"]["green_overhead_ms_p95"] is not None]
    return {"assessments": concurrent, "all_completed": completed == concurrent and not errors,
            "outcomes": {role: dict(c) for role, c in outcomes.items()}, "errors": errors,
            "wall_s": round(wall, 2), "assessment_wall_s_p50": pct(walls, 0.5),
            "assessment_wall_s_p95": pct(walls, 0.95),
            # Where an assessment's time went: the trial itself (after its world was leased), and inside it the
            # green's gap between a reply and the next turn, against the time spent waiting on the world there.
            "trial_duration_s_p50": pct([float(t["duration_seconds"]) for t in trials], 0.5),
            "trial_duration_s_p95": pct([float(t["duration_seconds"]) for t in trials], 0.95),
            "green_overhead_ms_p95_worst": max(overheads, default=None),
            "ues_floor_ms_p95_worst": max(floors, default=None),
            "pool_metrics_after": dict(green.pool.metrics())}


async def bench_docker(folder: Path, concurrent: int, image: str, rounds: int = 2) -> dict[str, Any]:
    client, why = await asyncio.to_thread(docker_client_or_reason, image)
    if client is None:
        return {"skipped": why}
    data_dir = folder / "green-docker"
    pool_name = f"bench-load-{uuid.uuid4().hex[:8]}"
    settings = e2e_settings(data_dir, ues_backend="docker", ues_image=image, pool_name=pool_name,
                            pool_max_instances=DOCKER_MAX_INSTANCES, pool_acquire_timeout_s=120)
    client.close()  # its connections reopen on use; closed whenever fds are counted against this baseline
    before: dict[str, Any] = {"fds": open_fds(), "descendants": descendants()}
    out: dict[str, Any] = {"backend": "docker", "image": image, "scenario": "mini_day",
                           "purples": list(DOCKER_PURPLES), "pool_name": pool_name,
                           "pool": {"max_instances": DOCKER_MAX_INSTANCES, "min_idle": settings.pool.min_idle},
                           "before_green": before}
    watch = ContainerWatch(client, pool_name)
    try:
        async with contextlib.AsyncExitStack() as stack:
            purples = {role: await stack.enter_async_context(purple_process(role, SCENARIOS))
                       for role in DOCKER_PURPLES}
            green = await stack.enter_async_context(running_green(settings))
            watch.start()
            samples = {"start": await sample(green, data_dir, 0)}
            results = []
            for n in range(1, rounds + 1):
                results.append(await docker_round(green, purples, concurrent))
                samples[f"after_round_{n}"] = await sample(green, data_dir, n * concurrent)
            out.update({"rounds": results, "samples": samples, "pool_metrics_end": dict(green.pool.metrics())})
            out["containers_while_green_ran"] = {"max_seen": watch.max_seen, "polls": watch.polls}
            first, last = samples["after_round_1"], samples[f"after_round_{rounds}"]
            out[f"fds_growth_round_1_to_{rounds}"] = last["fds"] - first["fds"]
            out[f"rss_mb_growth_round_1_to_{rounds}"] = round(last["rss_mb"] - first["rss_mb"], 1)
        # the green is stopped (its pool shut down) and so are the purples
        await watch.stop()
        left = await asyncio.to_thread(pool_containers, client, pool_name)
        client.close()  # this bench's own connections to the engine, not the green's: closed before counting
        await asyncio.sleep(0.5)
        out["after_stop"] = {"pool_containers": left, "fds": open_fds(), "descendants": descendants()}
        out["leaks"] = {
            "containers_max_within_bound": watch.max_seen <= DOCKER_MAX_INSTANCES,
            "containers_left_after_stop": left,
            "purple_keys_on_idle_worlds": max(s["active_purple_keys"] for s in samples.values()),
            "task_rows_equal_finished": all(s["task_rows_equal_finished"] for s in samples.values()),
            "bookkeeping_empty": all(s["bookkeeping_empty"] for s in samples.values()),
            "fds_left_after_stop": out["after_stop"]["fds"] - before["fds"],
            "descendants_left_after_stop": out["after_stop"]["descendants"]["total"] - before["descendants"]["total"],
        }
        out["all_completed"] = all(r["all_completed"] for r in results)
    finally:
        if watch._task is not None and not watch._task.done():
            await watch.stop()
        # A leak was reported above; do not leave it running on the shared engine.
        for summary in client.api.containers(all=True, filters={"label": f"{LABEL_POOL}={pool_name}"}):
            client.api.remove_container(summary["Id"], force=True, v=True)
        client.close()
    return out


# ------------------------------------------------------------------------------------------------ main
async def bench(backend: str, sequential: int, concurrent: int, image: str, rounds: int) -> dict[str, Any]:
    out: dict[str, Any] = {"machine": {"cpus": os.cpu_count(), "loadavg_1m_at_start": round(os.getloadavg()[0], 2)},
                           "command": "uv run python -m tests.bench.bench_load " + " ".join(sys.argv[1:])}
    parts: dict[str, Callable[[Path], Awaitable[dict[str, Any]]]] = {
        "process": lambda folder: bench_process(folder, sequential),
        "docker": lambda folder: bench_docker(folder, concurrent, image, rounds),
    }
    with tempfile.TemporaryDirectory(prefix="bench-load-") as tmp:
        for name, run in parts.items():
            if backend in (name, "all"):
                started = time.perf_counter()
                out[name] = await run(Path(tmp))
                out[name]["part_wall_s"] = round(time.perf_counter() - started, 1)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench_load", description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--backend", choices=("process", "docker", "all"), default="all")
    parser.add_argument("--sequential", type=int, default=100, help="assessments in a row on the process backend")
    parser.add_argument("--concurrent", type=int, default=16, help="assessments at once on the docker backend")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of --concurrent on the docker backend")
    parser.add_argument("--image", default=DEFAULT_IMAGE, help="the project image the docker backend runs")
    args = parser.parse_args(argv)
    configure_logging("error")
    result = asyncio.run(bench(args.backend, args.sequential, args.concurrent, args.image, max(1, args.rounds)))
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
