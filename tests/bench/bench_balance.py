"""Balanced draws (issue 35 item 3): how much an assessment's mean varies when its days are drawn in balance
(config ``worlds: "each"``: every part about equally often, every other day one attack, goals in turn) against the
same number of days drawn independently (one root seed per day). Prints one JSON object.

    uv run python -m tests.bench.bench_balance [--assessments 10] [--days 10] [--role oracle-p50]

A purple of middling competence (the ladder's rung doing half its plan, by default) plays ``--assessments``
assessments of ``--days`` workdays each, both ways, through the real green over A2A; the figure is the standard
deviation of the assessments' means (lower: two runs of one purple agree more, and close purples separate sooner).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from green_agent.config import GreenSettings
from green_agent.logs import configure_logging
from green_agent.selftest import assess_via_green, practice_green

ROOT = Path(__file__).resolve().parents[2]


async def measure(assessments: int, days: int, role: str, concurrency: int, tmp: Path) -> dict[str, Any]:
    settings = GreenSettings(scenarios_dir=ROOT / "scenarios", data_dir=tmp, character_mode="scripted")
    gate = asyncio.Semaphore(concurrency)

    async def scores(green: str, purple: str, config: dict[str, Any]) -> list[float]:
        async with gate:
            rows = await assess_via_green(green, purple, ["workday"], config)
        return [r["percentage"] for r in rows if r.get("row_type") == "trial"]

    started = time.monotonic()
    async with practice_green(settings, (role,)) as (green, purples):
        purple = purples[role]
        balanced = await asyncio.gather(*(scores(green, purple, {"seed": 1000 + a, "trials": days, "worlds": "each"})
                                          for a in range(assessments)))
        singles = await asyncio.gather(*(scores(green, purple, {"seed": 5000 + a * days + d})
                                         for a in range(assessments) for d in range(days)))
    independent = [[s for d in range(days) for s in singles[a * days + d]] for a in range(assessments)]

    def spread(groups: list[list[float]]) -> dict[str, Any]:
        means = [statistics.fmean(g) for g in groups]
        return {"assessment_means": [round(m, 2) for m in means], "mean": round(statistics.fmean(means), 2),
                "sd_of_means": round(statistics.stdev(means), 2) if len(means) > 1 else None}

    return {"role": role, "assessments": assessments, "days": days, "balanced": spread(balanced),
            "independent": spread(independent), "trials": assessments * days * 2,
            "wall_s": round(time.monotonic() - started, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--assessments", type=int, default=10)
    parser.add_argument("--days", type=int, default=10)
    parser.add_argument("--role", default="oracle-p50")
    parser.add_argument("--concurrency", type=int, default=3)
    args = parser.parse_args()
    configure_logging("warning", json=True)
    with tempfile.TemporaryDirectory() as tmp:
        print(json.dumps(asyncio.run(measure(args.assessments, args.days, args.role, args.concurrency, Path(tmp))),
                         indent=2))


if __name__ == "__main__":
    main()
