"""Progress under a flood (issue 12, item 1). Prints one JSON object.

    uv run python -m tests.bench.bench_progress [--updates 10000] [--flood-per-turn 2000] [--turns 40]

* **store** — what one task write costs at update 10, 1 000 and 10 000, onto SQLite. ``bounded``: the green's
  store (``ThrottledTaskStore``, history bounded to its default, no throttling: every update written) driven
  update by update through the SDK's own ``TaskManager`` (which moves every status message into the task's
  history): ``update_*`` is one whole update, ``save_*`` the store's save of the task as it stands then.
  ``unbounded``: the SDK's ``DatabaseTaskStore`` alone, ``save_*`` of a task already holding that many messages
  (driving it to 10 000 would take hours: each write re-serialises the whole history). Median wall and CPU
  milliseconds over the writes around each point (the wall time includes SQLite's commit, so the disk; the CPU
  time is what the write takes from the green's event loop and its threads), and the bytes stored (the row's
  JSON columns) and held (the task in memory).
* **flood** — one real green (in-process, process UES pool, scripted characters, default settings), a
  ``hostile-flood`` purple (``--flood-per-turn`` email sends per turn, 16 in flight; the simulator's rate limit
  refuses most with 429) and, in other contexts, a ``noop`` purple on ``bench_long`` (``--turns`` turns: the
  green's per-turn overhead, from the row's ``timing``) and the ``oracle`` on ``mini_day`` (its score), each run
  alone and again while the flood runs. Reports the other contexts' overhead p50/p95 and turn wall time alone vs
  beside the flood, the oracle's score both ways, the flood's turns, calls per turn, progress updates per turn
  received by the client and the stored history length, the lag of the green's event loop (a 20 ms sleep's
  lateness, sampled while the other context runs) and the green's RSS (this process: the green is in-process;
  purples and worlds are processes of their own, and on a machine of 2 cores they compete with it for CPU).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from a2a.server.context import ServerCallContext
from a2a.server.tasks import DatabaseTaskStore, TaskManager, TaskStore
from a2a.types import a2a_pb2
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from green_agent.config import GreenSettings
from green_agent.embedded import purple_process
from green_agent.logs import configure_logging
from green_agent.protocol import CharacterMode
from green_agent.task_store import DEFAULT_HISTORY_LIMIT, ThrottledTaskStore
from tests.a2a.conftest import rpc
from tests.e2e.conftest import (
    TERMINAL,
    GatewayResult,
    Green,
    assess,
    progress_data,
    progress_type,
    running_green,
    start_assessment,
)

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
WORKING = a2a_pb2.TaskState.TASK_STATE_WORKING
CHECKPOINTS = (10, 1_000, 10_000)
WINDOW = 41  # writes timed around each checkpoint (odd)


# ------------------------------------------------------------------------------------------------ the store
def _update(i: int) -> a2a_pb2.TaskStatusUpdateEvent:
    """A status update the size of a green progress update (a sentence and a DataPart of a dozen fields)."""
    data = {"message_type": "update_turn_completed", "scenario_id": "bench_long", "trial": 0, "turn": i,
            "actions": 3, "current_time": "2026-03-02T10:00:00+00:00", "time_step": "PT1H"}
    message = a2a_pb2.Message(message_id=f"m{i:08d}", role=a2a_pb2.Role.ROLE_AGENT, task_id="t", context_id="c",
                              parts=[a2a_pb2.Part(text=f"Turn {i} completed; clock at 2026-03-02T10:00:00+00:00"),
                                     a2a_pb2.Part(text=json.dumps(data), media_type="application/json")])
    return a2a_pb2.TaskStatusUpdateEvent(task_id="t", context_id="c",
                                         status=a2a_pb2.TaskStatus(state=WORKING, message=message))


def _request() -> a2a_pb2.Message:
    return a2a_pb2.Message(message_id="request", role=a2a_pb2.Role.ROLE_USER, context_id="c",
                           parts=[a2a_pb2.Part(text='{"participants": {"personal_assistant": "http://p"}}')])


async def _row_bytes(inner: DatabaseTaskStore) -> int:
    async with inner.engine.connect() as conn:
        row = (await conn.execute(text("SELECT length(status) + length(history) FROM tasks WHERE id = 't'"))).one()
    return int(row[0])


def _medians(samples: list[tuple[float, float]], what: str) -> dict[str, float]:
    """Median wall and CPU milliseconds of (wall, cpu) samples: the wall time includes SQLite's commit (the disk),
    the CPU time (every thread of this process) is what the write takes from the green."""
    return {f"{what}_ms_median": round(statistics.median(w for w, _ in samples), 3),
            f"{what}_cpu_ms_median": round(statistics.median(c for _, c in samples), 3),
            f"{what}s_timed": len(samples)}


async def _time_saves(store: TaskStore, task: a2a_pb2.Task, times: int) -> list[tuple[float, float]]:
    """The same task saved ``times`` times straight into ``store`` (no task manager around it)."""
    ctx = ServerCallContext()
    samples = []
    for _ in range(times):
        t0, c0 = time.perf_counter(), time.process_time()
        await store.save(task, ctx)
        samples.append(((time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000))
    return samples


async def _new_store(folder: Path, name: str) -> DatabaseTaskStore:
    inner = DatabaseTaskStore(create_async_engine(f"sqlite+aiosqlite:///{folder / name}"))
    await inner.initialize()
    return inner


async def bench_bounded(folder: Path, updates: int) -> dict[str, Any]:
    inner = await _new_store(folder, "bounded.db")
    store = ThrottledTaskStore(inner, interval_s=0.0)  # every update written: the worst case
    manager = TaskManager(store, ServerCallContext(), "t", "c", _request())
    await manager.save_task_event(a2a_pb2.Task(id="t", context_id="c", history=[_request()],
                                               status=a2a_pb2.TaskStatus(state=a2a_pb2.TaskState.TASK_STATE_SUBMITTED)))
    samples: dict[int, list[tuple[float, float]]] = {n: [] for n in CHECKPOINTS if n <= updates}
    out: dict[str, Any] = {"history_limit": DEFAULT_HISTORY_LIMIT, "at": {}}
    started = time.perf_counter()
    for i in range(1, updates + WINDOW // 2 + 1):  # a window of writes centred on each checkpoint
        t0, c0 = time.perf_counter(), time.process_time()
        await manager.save_task_event(_update(i))
        elapsed = ((time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000)
        for n in samples:
            if n - WINDOW // 2 <= i <= n + WINDOW // 2:
                samples[n].append(elapsed)
        if i in samples:
            task = await manager.get_task()
            assert task is not None
            out["at"][str(i)] = {"history": len(task.history), "task_bytes_in_memory": task.ByteSize(),
                                 "row_bytes_stored": await _row_bytes(inner),
                                 **_medians(await _time_saves(inner, task, WINDOW), "save")}
    for n, values in samples.items():
        out["at"][str(n)].update(_medians(values, "update"))
    out["total_s"] = round(time.perf_counter() - started, 2)
    await inner.engine.dispose()
    return out


async def bench_unbounded(folder: Path, updates: int) -> dict[str, Any]:
    inner = await _new_store(folder, "unbounded.db")
    out: dict[str, Any] = {"at": {}}
    for n in (c for c in CHECKPOINTS if c <= updates):
        task = a2a_pb2.Task(id="t", context_id="c", history=[_request()])
        task.history.extend(_update(i).status.message for i in range(1, n))
        task.status.CopyFrom(_update(n).status)
        times = await _time_saves(inner, task, 9 if n >= 10_000 else WINDOW)
        out["at"][str(n)] = {"history": len(task.history), "task_bytes_in_memory": task.ByteSize(),
                             "row_bytes_stored": await _row_bytes(inner), **_medians(times, "save")}
    await inner.engine.dispose()
    return out


# ------------------------------------------------------------------------------------------------ the flood
def _rss_mb() -> dict[str, float]:
    """This process's resident set now and at its peak (VmHWM), in MB."""
    values: dict[str, float] = {}
    with open("/proc/self/status") as status:
        for line in status:
            name, _, rest = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                values[name] = round(int(rest.split()[0]) / 1024, 1)
    return {"rss_mb": values.get("VmRSS", 0.0), "peak_rss_mb": values.get("VmHWM", 0.0)}


def _p(ordered: list[float], q: float) -> float:
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * q))], 2) if ordered else 0.0


_RECORDERS: list[LoopLag] = []
_HANDLE_RUN = asyncio.events.Handle._run


def _timed_run(handle: asyncio.events.Handle) -> None:
    """``Handle._run`` timing each step of the loop in CPU time of the loop's thread (waiting for a core or for the
    GIL is not counted: that is the machine, not the loop)."""
    c0 = time.thread_time()
    _HANDLE_RUN(handle)
    cpu_ms = (time.thread_time() - c0) * 1000
    if cpu_ms >= 5.0:
        callback = getattr(handle, "_callback", None)
        task = getattr(callback, "__self__", None)
        coro = task.get_coro() if isinstance(task, asyncio.Task) else None
        where = getattr(coro, "__qualname__", None) or getattr(callback, "__qualname__", repr(callback))
        for recorder in _RECORDERS:
            recorder.steps.append((cpu_ms, str(where)))


class LoopLag:
    """Watches the green's event loop (it runs in this process) while it runs: ``lag`` is how late a 20 ms sleep
    wakes up (wall time: includes the machine being busy — the flood's own processes hold the cores too — and other
    threads holding the GIL); ``steps`` are single steps of the loop (one callback, one stretch of a coroutine
    between two awaits) that took ≥ 5 ms of the loop thread's CPU, with the coroutine they belong to: the loop itself
    doing something long, what a flood must not cause; a full garbage collection (``full_gc_ms_max``) lands inside
    whichever step triggered it."""

    def __init__(self) -> None:
        self.lag: list[float] = []
        self.steps: list[tuple[float, str]] = []
        self.gc_ms: list[float] = []  # Python's garbage collections (inside whatever step triggered them)
        self._gc_started = 0.0
        self._task: asyncio.Task | None = None

    def _gc(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
        elif info.get("generation") == 2:
            self.gc_ms.append((time.perf_counter() - self._gc_started) * 1000)

    async def _run(self) -> None:
        while True:
            t0 = time.perf_counter()
            await asyncio.sleep(0.02)
            self.lag.append((time.perf_counter() - t0 - 0.02) * 1000)

    def start(self) -> None:
        self.lag, self.steps = [], []
        _RECORDERS.append(self)
        gc.callbacks.append(self._gc)
        asyncio.events.Handle._run = _timed_run  # type: ignore[method-assign, assignment]
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> dict[str, Any]:
        assert self._task is not None
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        _RECORDERS.remove(self)
        gc.callbacks.remove(self._gc)
        if not _RECORDERS:
            asyncio.events.Handle._run = _HANDLE_RUN  # type: ignore[method-assign]
        lag = sorted(self.lag)
        longest = sorted(self.steps, reverse=True)[:3]
        return {"samples": len(lag), "lag_ms_p50": _p(lag, 0.5), "lag_ms_p99": _p(lag, 0.99),
                "lag_ms_max": _p(lag, 1.0), "steps_over_5ms": len(self.steps),
                "steps_over_20ms": sum(1 for ms, _ in self.steps if ms >= 20),
                "longest_steps": [{"cpu_ms": round(ms, 1), "in": where} for ms, where in longest],
                "full_gc_collections": len(self.gc_ms), "full_gc_ms_max": round(max(self.gc_ms, default=0.0), 1)}


def _trial(result: GatewayResult) -> dict[str, Any]:
    rows = result.trial_rows()
    return rows[0] if rows else {"status": result.state}


def _turns_figures(result: GatewayResult, wall_s: float) -> dict[str, Any]:
    row = _trial(result)
    timing = row.get("timing") or {}
    turns = int(row.get("turns_taken") or 0)
    return {"status": row.get("status"), "turns": turns, "overhead_samples": timing.get("turn_samples"),
            "green_overhead_ms_p50": timing.get("green_overhead_ms_p50"),
            "green_overhead_ms_p95": timing.get("green_overhead_ms_p95"),
            "ues_floor_ms_p50": timing.get("ues_floor_ms_p50"), "ues_floor_ms_p95": timing.get("ues_floor_ms_p95"),
            "green_own_ms_p50": _minus(timing.get("green_overhead_ms_p50"), timing.get("ues_floor_ms_p50")),
            "green_own_ms_p95": _minus(timing.get("green_overhead_ms_p95"), timing.get("ues_floor_ms_p95")),
            "wall_s": round(wall_s, 2), "wall_ms_per_turn": round(1000 * wall_s / turns, 1) if turns else None}


def _minus(a: float | None, b: float | None) -> float | None:
    """Overhead minus the UES floor at the same percentile: roughly the green's own part of the gap between a
    reply and the next turn (the floor is the world's work, which a busy machine slows down for everyone)."""
    return round(a - b, 3) if a is not None and b is not None else None


def _score(result: GatewayResult) -> dict[str, Any]:
    row = _trial(result)
    return {"status": row.get("status"), "score": row.get("score"), "max_score": row.get("max_score"),
            "passed": row.get("passed")}


async def _timed(coro: Any) -> tuple[GatewayResult, float]:
    started = time.perf_counter()
    result = await coro
    return result, time.perf_counter() - started


def _flood_figures(result: GatewayResult, stored: dict[str, Any]) -> dict[str, Any]:
    per_turn: dict[int, int] = Counter()
    calls: list[dict[str, Any]] = []
    for event in result.working_updates():
        data = progress_data(event)
        if "turn" in data:
            per_turn[int(data["turn"])] += 1
        if progress_type(event) == "update_action_observed":
            calls.append({k: data[k] for k in ("actions", "succeeded", "refused")})
    return {"state": result.state, "turns": len(per_turn), "calls_per_turn_seen": calls,
            "calls_seen_total": sum(c["actions"] for c in calls),
            "progress_updates_received": len(result.working_updates()),
            "progress_updates_per_turn_max": max(per_turn.values(), default=0),
            "stored_history_len": len(stored.get("history", [])),
            "stored_history_dropped": (stored.get("metadata") or {}).get("history_dropped", 0)}


async def bench_flood(folder: Path, flood_per_turn: int, turns: int) -> dict[str, Any]:
    settings = GreenSettings(scenarios_dir=SCENARIOS, data_dir=folder, pool_min_idle=3, pool_max_instances=12,
                             character_mode=CharacterMode.SCRIPTED)
    flood_env = {"PURPLE_HOSTILE_FLOOD_COUNT": str(flood_per_turn), "PURPLE_HOSTILE_FLOOD_CONCURRENCY": "16"}
    out: dict[str, Any] = {"flood_per_turn": flood_per_turn, "rss_at_start": _rss_mb()}
    async with running_green(settings) as green, purple_process("noop", SCENARIOS) as noop, \
            purple_process("oracle", SCENARIOS) as oracle, \
            purple_process("hostile-flood", SCENARIOS, env=flood_env) as flood:
        await assess(green, noop, scenario_id="mini_day")  # warm-up: imports, pool, connections
        quiet: dict[str, Any] = {"scenario_id": "bench_long", "max_turns": turns}
        lag = LoopLag()
        lag.start()
        noop_alone, wall = await _timed(assess(green, noop, wait_s=600, **quiet))
        out["other_context_alone"] = {**_turns_figures(noop_alone, wall), "green_event_loop": await lag.stop()}
        out["oracle_alone"] = _score(await assess(green, oracle, scenario_id="mini_day", seed=7))
        out["rss_before_flood"] = _rss_mb()

        # the flood, on bench_long so that it outlasts what is measured beside it; cancelled afterwards
        whole = LoopLag()
        whole.start()
        live = start_assessment(green, flood, scenario_id="bench_long", max_turns=1000, wait_s=1800)
        await live.wait_for(lambda e: progress_type(e) == "update_action_observed", wait_s=600)
        lag.start()
        noop_beside, wall = await _timed(assess(green, noop, wait_s=900, **quiet))
        out["other_context_beside_flood"] = {**_turns_figures(noop_beside, wall), "green_event_loop": await lag.stop()}
        out["oracle_beside_flood"] = _score(await assess(green, oracle, scenario_id="mini_day", seed=7))
        out["flood_still_running_at_the_end"] = not any(
            e.get("kind") == "status-update" and e["status"]["state"] in TERMINAL for e in live.events)
        out["rss_during_flood"] = _rss_mb()
        await rpc(green.url, "tasks/cancel", {"id": live.task_id})
        flooded = await live.result(wait_s=600)
        out["green_event_loop_whole_flood"] = await whole.stop()
        stored = (await rpc(green.url, "tasks/get", {"id": flooded.task_id}))["result"]
        out["flood"] = _flood_figures(flooded, stored)
        out["rss_after_flood"] = _rss_mb()
        out["oracle_same_score_beside_flood"] = out["oracle_alone"] == out["oracle_beside_flood"]
        out["green_pool_backend"] = _backend(green)
    return out


def _backend(green: Green) -> str:
    return green.pool.backend.name


async def bench(updates: int, flood_per_turn: int, turns: int, skip_flood: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"machine": {"cpus": os.cpu_count(), "loadavg_1m_at_start": round(os.getloadavg()[0], 2)},
                           "command": "uv run python -m tests.bench.bench_progress " + " ".join(sys.argv[1:])}
    with tempfile.TemporaryDirectory(prefix="bench-progress-") as tmp:
        folder = Path(tmp)
        out["store"] = {"updates": updates, "bounded": await bench_bounded(folder, updates),
                        "unbounded_sdk": await bench_unbounded(folder, updates)}
        if not skip_flood:
            out["flood"] = await bench_flood(folder / "green", flood_per_turn, turns)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench_progress", description=__doc__.splitlines()[0])
    parser.add_argument("--updates", type=int, default=10_000, help="status updates driven through the store")
    parser.add_argument("--flood-per-turn", type=int, default=2000, help="email sends per turn of the flood")
    parser.add_argument("--turns", type=int, default=40, help="bench_long turns of the other context")
    parser.add_argument("--skip-flood", action="store_true", help="only the store figures")
    args = parser.parse_args(argv)
    configure_logging("error")
    result = asyncio.run(bench(args.updates, args.flood_per_turn, args.turns, args.skip_flood))
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
