"""Calibration benchmark (issue 25): the full competence ladder on every scenario. Prints one JSON object.

    uv run python -m tests.bench.bench_calibrate [--seeds 10] [--trials 1] [--rungs 0,25,50,75,100]
        [--mistakes wrong-person,wrong-time,late] [--scenarios a,b] [--out DIR]

Through the real green over A2A (in-process green, process UES pool, one graded-oracle purple process per rung),
characters scripted: every scenario × every rung × ``--seeds`` worlds (root seeds 0..N-1) × ``--trials``. Per
scenario: the ladder's means, monotone yes/no, the noise (sd between worlds at p = 0.5, within a world when
``--trials`` ≥ 2), the noise floor at n = 30 and the detectable difference at n = 10, and the findings. With
``--out`` the calibration JSON and its HTML page are written there too.

Target: all scenarios × 5 rungs × 10 worlds in at most 10 minutes on the 2-core CI machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from green_agent.calibration.analysis import CalibrationReport
from green_agent.calibration.page import write
from green_agent.calibration.run import MISTAKE_KINDS, calibrate, mistake_role
from green_agent.config import GreenSettings
from green_agent.logs import configure_logging
from green_agent.scenarios import ScenarioLibrary

TARGET_WALL_S = 600.0


def summarise(report: CalibrationReport) -> dict[str, Any]:
    """The figures docs/scoring.md quotes, per scenario."""
    out: dict[str, Any] = {}
    for s in report.scenarios:
        by_n = {d.n: d for d in s.detectable}
        out[s.scenario_id] = {
            "means": {f"{r.percent / 100:g}": r.mean for r in s.rungs},
            "ci95": {f"{r.percent / 100:g}": r.ci95 for r in s.rungs},
            "monotone": s.monotone, "monotone_worlds": s.monotone_worlds,
            "between_world_sd": s.between_world_sd, "within_world_sd": s.within_world_sd, "sd": s.sd,
            "noise_floor_n30": by_n[30].noise_floor if 30 in by_n else None,
            "detectable_n10": by_n[10].difference if 10 in by_n else None,
            "separates_0_50_100_at_n10": all(x.separates for x in s.separations
                                             if (x.low, x.high) in {(0, 50), (50, 100)}),
            "mistakes": {m.role: {"mean": m.mean, "drop": m.drop} for m in s.mistakes},
            "findings": [f"{f.kind}: {f.text}" for f in s.findings],
        }
    return out


async def run(args: argparse.Namespace) -> CalibrationReport:
    """The calibration of the grid ``args`` asks for."""
    with tempfile.TemporaryDirectory(prefix="bench-calibrate-") as tmp:
        settings = GreenSettings(data_dir=Path(tmp), character_mode="scripted")
        ids = args.scenarios or ScenarioLibrary(settings.scenarios_dir).ids()
        return await calibrate(ids, settings, rungs=args.rungs, seeds=tuple(range(args.seeds)), trials=args.trials,
                               mistakes=[mistake_role(k, args.q) for k in args.mistakes],
                               concurrency=args.concurrency)


def bench(report: CalibrationReport, args: argparse.Namespace) -> dict[str, Any]:
    """The benchmark's JSON: grid, wall time against the target, and the figures per scenario."""
    ids = [s.scenario_id for s in report.scenarios]
    trials = sum(r.trials for s in report.scenarios for r in s.rungs) + \
        sum(m.trials for s in report.scenarios for m in s.mistakes)
    return {
        "machine": {"cpus": os.cpu_count(), "loadavg_1m_at_end": round(os.getloadavg()[0], 2)},
        "grid": {"scenarios": len(ids), "rungs": report.rungs, "worlds": args.seeds, "trials_per_world": args.trials,
                 "mistakes": report.mistakes, "trials": trials},
        "wall_s": report.wall_seconds, "target_wall_s": TARGET_WALL_S,
        "meets_target": report.wall_seconds <= TARGET_WALL_S * trials / (len(ids) * 5 * 10) if trials else False,
        "test": report.test, "noise_floor": report.noise_floor,
        "flagged": [s.scenario_id for s in report.flagged],
        "scenarios": summarise(report),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench_calibrate", description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10, help="worlds: root seeds 0..N-1 (default 10)")
    parser.add_argument("--trials", type=int, default=1, help="trials per world (2+ measures within-world noise)")
    parser.add_argument("--rungs", default="0,25,50,75,100", type=lambda t: tuple(int(v) for v in t.split(",")))
    parser.add_argument("--mistakes", default="", type=lambda t: tuple(k for k in t.split(",") if k),
                        help=f"mistaken oracles to run too: {', '.join(MISTAKE_KINDS)}")
    parser.add_argument("--q", type=int, default=100, help="their mistake rate, percent (25, 50, 100)")
    parser.add_argument("--scenarios", default="", type=lambda t: [s for s in t.split(",") if s])
    parser.add_argument("--concurrency", type=int, default=3)
    parser.add_argument("--out", default=None, help="folder for calibration.json and calibration.html")
    args = parser.parse_args(argv)
    configure_logging("warning", False)
    report = asyncio.run(run(args))
    if args.out:
        folder = Path(args.out)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "calibration.json").write_text(report.model_dump_json(indent=2))
        write(folder / "calibration.html", report)
    print(json.dumps(bench(report, args), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
