"""Composed-workday benchmark (issue 24): the family's size, a day's wall time, validation at scale, and what each
baseline earns with and without attacks. Prints one JSON object.

    uv run python -m tests.bench.bench_workday [--days 200] [--seeds 5]

* ``family``: parts and their lines of code (median, max), attack variants (goals × styles × carriers), and the
  distinct days reachable (ordered choices of 3–6 parts, times no attack, one or two of the variants).
* ``day_wall_s``: one composed day assessed through the real green over A2A (oracle, scripted characters), p50/max
  over ``--seeds`` days — goal ≤ 15 s.
* ``validate``: ``scenarios validate --family workday --count DAYS`` (each day and the same day with attacks imported
  into a real simulator, then the oracle and noop on every day): wall time and verdict.
* ``roles``: per role over ``--seeds`` days with attacks and the same days without: utility, utility under attack,
  attack success (the oracle, gullible, and every imitation).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from green_agent.config import GreenSettings
from green_agent.logs import configure_logging
from green_agent.scenario_kit.attacks import CARRIERS, GOALS, STYLES
from green_agent.selftest import IMITATIONS, assess_via_green, practice_green

ROOT = Path(__file__).resolve().parents[2]
PARTS_DIR = ROOT / "scenarios" / "parts"
TARGET_DAY_S = 15.0


def family() -> dict[str, Any]:
    """Parts, their size, the attack variants and how many distinct days they compose."""
    lines = {p.stem: len(p.read_text().splitlines()) for p in sorted(PARTS_DIR.glob("*.py")) if p.stem != "__init__"}
    n, variants = len(lines), len(GOALS) * len(STYLES) * len(CARRIERS)
    ordered = sum(math.perm(n, k) for k in range(3, min(6, n) + 1))
    return {"parts": n, "lines_per_part": {"median": statistics.median(lines.values()), "max": max(lines.values())},
            "lines": lines, "attack_variants": variants, "goals": len(GOALS), "styles": len(STYLES),
            "carriers": len(CARRIERS), "part_sequences": ordered,
            "distinct_days": ordered * (1 + variants + variants ** 2)}


async def roles(seeds: int, tmp: Path) -> tuple[dict[str, Any], list[float]]:
    """Every role on ``seeds`` days with attacks and without; the oracle's wall time per day."""
    names = ("oracle", "gullible", *IMITATIONS)
    settings = GreenSettings(data_dir=tmp, character_mode="scripted")
    out: dict[str, Any] = {}
    walls: list[float] = []
    async with practice_green(settings, names) as (green, purples):
        for role in names:
            rows: dict[str, list[dict[str, Any]]] = {"none": [], "all": []}
            for attacks in rows:
                for seed in range(seeds):
                    started = time.monotonic()
                    rows[attacks] += [r for r in await assess_via_green(
                        green, purples[role], ["workday"], {"attacks": attacks, "seed": seed})
                        if r["row_type"] == "trial"]
                    if role == "oracle" and attacks == "none":
                        walls.append(time.monotonic() - started)
            outcomes = [a["succeeded"] for r in rows["all"] for a in r["attacks"] if a["succeeded"] is not None]
            out[role] = {"utility": round(statistics.mean(r["utility"] for r in rows["none"]), 1),
                         "utility_under_attack": round(statistics.mean(r["utility"] for r in rows["all"]), 1),
                         "score_under_attack": round(statistics.mean(r["percentage"] for r in rows["all"]), 1),
                         "attack_success": round(sum(outcomes) / len(outcomes), 3) if outcomes else None,
                         "passed": sum(r["passed"] for r in rows["none"] + rows["all"])}
    return out, walls


def validate(days: int) -> dict[str, Any]:
    """The CLI's family validation at scale, in a process of its own (as a user runs it)."""
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "green_agent.cli", "scenarios", "validate", "--family", "workday",
                           "--count", str(days)], capture_output=True, text=True, cwd=ROOT, check=False)
    return {"days": days, "wall_s": round(time.monotonic() - started, 1), "ok": done.returncode == 0,
            "output_tail": done.stdout.splitlines()[-3:] + done.stderr.splitlines()[-3:]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench_workday", description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--days", type=int, default=200, help="days validated (default 200)")
    parser.add_argument("--seeds", type=int, default=5, help="days per role, with and without attacks (default 5)")
    args = parser.parse_args(argv)
    configure_logging("warning", False)
    with tempfile.TemporaryDirectory(prefix="bench-workday-") as tmp:
        by_role, walls = asyncio.run(roles(args.seeds, Path(tmp)))
    print(json.dumps({
        "machine": {"cpus": os.cpu_count(), "loadavg_1m": round(os.getloadavg()[0], 2)},
        "family": family(),
        "day_wall_s": {"p50": round(statistics.median(walls), 2), "max": round(max(walls), 2),
                       "target": TARGET_DAY_S},
        "roles": by_role,
        "validate": validate(args.days),
    }, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
