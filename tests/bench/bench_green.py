"""Green agent benchmark (issue: the green agent, end to end). Prints one JSON object.

    uv run python -m tests.bench.bench_green [--trials N] [--concurrent N]

Against the real green A2A server (in-process uvicorn, process UES pool) and a real ``noop`` purple process,
characters scripted:

* **Per-turn overhead** — the time the green spends between receiving a purple reply and sending the next
  ``turn_start``, next to the time it spends waiting on UES inside that window (the floor). Measured by the
  trial itself (the row's ``timing`` block) on ``tests/scenarios/bench_long``: 240 turns, so one trial gives 239
  samples. Run with ``verbose_updates`` false and true (true is the protocol default: two progress updates per
  turn, each persisted by the A2A task store).
* **Concurrency** — N assessments of ``mini_day`` in different contexts at once against one green: wall time,
  errors, statuses.

Targets: overhead p95 ≤ 20 ms and ≤ 3× the floor p95; N concurrent assessments without errors.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from green_agent.config import GreenSettings
from green_agent.embedded import purple_process
from green_agent.logs import configure_logging
from green_agent.selftest import assess_via_green, green_server

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
TARGETS = {"overhead_p95_ms": 20.0, "overhead_over_floor_p95": 3.0, "concurrent_errors": 0}


def _trial_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in rows if r.get("row_type") == "trial"]


def _overhead(rows: list[dict[str, Any]], verbose: bool, wall_s: float) -> dict[str, Any]:
    trials = _trial_rows(rows)
    timing = [r["timing"] for r in trials]
    samples = sum(int(t["turn_samples"]) for t in timing)
    # One bench_long trial holds 239 samples; with several trials report the worst trial (the honest choice
    # when only per-trial percentiles are kept).
    p50 = max(t["green_overhead_ms_p50"] for t in timing)
    p95 = max(t["green_overhead_ms_p95"] for t in timing)
    floor_p50 = max(t["ues_floor_ms_p50"] for t in timing)
    floor_p95 = max(t["ues_floor_ms_p95"] for t in timing)
    return {
        "verbose_updates": verbose, "trials": len(trials), "samples": samples,
        "turns": sum(int(r["turns_taken"]) for r in trials), "wall_s": round(wall_s, 2),
        "statuses": sorted({r["status"] for r in trials}), "errors": [e for r in trials for e in r["errors"]],
        "overhead_ms_p50": p50, "overhead_ms_p95": p95, "floor_ms_p50": floor_p50, "floor_ms_p95": floor_p95,
        "ratio_p50": round(p50 / floor_p50, 2) if floor_p50 else None,
        "ratio_p95": round(p95 / floor_p95, 2) if floor_p95 else None,
        "per_trial": timing,
        "meets_target": p95 <= TARGETS["overhead_p95_ms"] and bool(floor_p95)
        and p95 <= TARGETS["overhead_over_floor_p95"] * floor_p95,
    }


async def _one(green: str, purple: str, scenario: str, config: dict[str, Any]) -> tuple[list[dict[str, Any]], float]:
    started = time.perf_counter()
    rows = await assess_via_green(green, purple, [scenario], config)
    return rows, time.perf_counter() - started


async def bench(trials: int, concurrent: int) -> dict[str, Any]:
    out: dict[str, Any] = {"targets": TARGETS, "machine": {"cpus": os.cpu_count(),
                                                           "loadavg_1m_at_start": round(os.getloadavg()[0], 2)}}
    with tempfile.TemporaryDirectory(prefix="bench-green-") as tmp:
        # Leases stay with their contexts, so every assessment below holds a world: room for all of them.
        settings = GreenSettings(scenarios_dir=SCENARIOS, data_dir=Path(tmp), pool_min_idle=2,
                                 pool_max_instances=2 * concurrent + 8, character_mode="scripted")
        async with green_server(settings) as green, purple_process("noop", SCENARIOS) as purple:
            await _one(green, purple, "mini_day", {})  # warm-up: imports, pool, connections

            out["overhead"] = []
            for verbose in (False, True):
                rows, wall = await _one(green, purple, "bench_long", {"trials": trials, "verbose_updates": verbose})
                out["overhead"].append(_overhead(rows, verbose, wall))

            _, single = await _one(green, purple, "mini_day", {"verbose_updates": True})
            started = time.perf_counter()
            results = await asyncio.gather(*(_one(green, purple, "mini_day", {"verbose_updates": True})
                                             for _ in range(concurrent)), return_exceptions=True)
            wall = time.perf_counter() - started
            errors: list[str] = []
            statuses: list[str] = []
            p95s: list[float] = []
            for result in results:
                if isinstance(result, BaseException):
                    errors.append(f"{type(result).__name__}: {result}")
                    continue
                for row in _trial_rows(result[0]):
                    statuses.append(row["status"])
                    errors += row["errors"]
                    if row["timing"]["green_overhead_ms_p95"] is not None:
                        p95s.append(row["timing"]["green_overhead_ms_p95"])
            out["concurrent"] = {
                "assessments": concurrent, "scenario": "mini_day", "purple": "noop", "wall_s": round(wall, 2),
                "single_assessment_wall_s": round(single, 2), "pool_warm_idle": settings.pool.min_idle,
                "statuses": statuses, "errors": errors,
                "overhead_ms_p95_worst": max(p95s) if p95s else None,
                "meets_target": not errors and statuses == ["completed"] * concurrent,
            }
    out["meets_targets"] = all(o["meets_target"] for o in out["overhead"]) and out["concurrent"]["meets_target"]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench_green", description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=1, help="bench_long trials per overhead run (239 samples each)")
    parser.add_argument("--concurrent", type=int, default=8, help="concurrent assessments")
    args = parser.parse_args(argv)
    configure_logging("error")
    result = asyncio.run(bench(args.trials, args.concurrent))
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
