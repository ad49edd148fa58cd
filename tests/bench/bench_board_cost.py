"""What the default board costs (issue 35 item 5): deploy/agentbeats/scenario.json5's ``assessment_config`` played
once through the real green over A2A by baseline purples, and its trials and turns counted from the rows. Prints one
JSON object.

    uv run python -m tests.bench.bench_board_cost [--roles oracle,oracle-p50] [--seconds-per-turn 5]

The purple's time is what an LLM purple would spend answering: every turn the green gives it, at
``--seconds-per-turn`` each (the green's own time and the world's are not in it). The board's worlds are drawn from
its seed and, on a leaderboard, the held-out secret; without one (here) the worlds differ but the shape — how many
trials of what, and so how many turns — is the board's."""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import json5

from green_agent.config import GreenSettings
from green_agent.logs import configure_logging
from green_agent.selftest import assess_via_green, practice_green

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "deploy" / "agentbeats" / "scenario.json5"


def board() -> dict[str, Any]:
    """The default board's ``assessment_config``."""
    return dict(json5.loads(SCENARIO.read_text())["components"]["gateway"]["config"]["assessment_config"])


def _mean_turns(rows: list[dict[str, Any]]) -> float | None:
    return round(statistics.fmean(r["turns_taken"] for r in rows), 1) if rows else None


async def measure(roles: list[str], seconds_per_turn: float, tmp: Path) -> dict[str, Any]:
    settings = GreenSettings(scenarios_dir=ROOT / "scenarios", data_dir=tmp, character_mode="scripted")
    config = board()
    scenarios = config.pop("scenarios")
    started = time.monotonic()
    async with practice_green(settings, tuple(roles)) as (green, purples):
        runs = await asyncio.gather(*(assess_via_green(green, purples[role], scenarios, config, timeout_s=7200)
                                      for role in roles))
    out: dict[str, Any] = {"config": {"scenarios": scenarios, **config}, "seconds_per_turn": seconds_per_turn}
    for role, rows in zip(roles, runs, strict=True):
        trials = [r for r in rows if r.get("row_type") == "trial"]
        summary = next((r for r in rows if r.get("row_type") == "summary"), {})
        days = [r for r in trials if len(r["parts"]) > 1]  # a classic scenario is one part drawn alone
        classic = [r for r in trials if len(r["parts"]) <= 1]
        turns = sum(r["turns_taken"] for r in trials)
        out[role] = {
            "trials": len(trials), "days": len(days), "classic_trials": len(classic),
            "worlds": len({(r["scenario_id"], r["world_digest"]) for r in trials}),
            "turns": turns, "turns_per_day": _mean_turns(days), "turns_per_classic_trial": _mean_turns(classic),
            "purple_hours_at_rate": round(turns * seconds_per_turn / 3600, 2),
            "mean_percentage": summary.get("mean_percentage"),
            "paired_detectable_difference": summary.get("paired_detectable_difference"),
            "errored_trials": summary.get("errored_trials"),
        }
    out["wall_s"] = round(time.monotonic() - started, 1)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--roles", default="oracle,oracle-p50",
                        type=lambda t: [r.strip() for r in t.split(",") if r.strip()])
    parser.add_argument("--seconds-per-turn", type=float, default=5.0)
    args = parser.parse_args()
    configure_logging("warning", json=True)
    with tempfile.TemporaryDirectory() as tmp:
        print(json.dumps(asyncio.run(measure(args.roles, args.seconds_per_turn, Path(tmp))), indent=2))


if __name__ == "__main__":
    main()
