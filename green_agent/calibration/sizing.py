"""A board sized by power (issue 35): how many composed days and classic trials a board needs for a paired
comparison to resolve a given difference, measured by resampling boards of that shape from the worlds a calibration
ran.

A board of ``days`` composed days and ``classic_trials`` trials of every classic scenario (config ``worlds:
"each"``: every trial a world of its own) is drawn, world by world, from the worlds the calibration scored, and two
coupled rungs (a purple and one a few points better) are compared on it as ``green-agent compare`` does: a two-sided
paired t-test of the per-world differences at alpha 0.05. The share of boards on which the test finds the difference
is the measured power — against the rungs' own difference, and against the same per-world differences shifted to
the target difference (the spread of a pair of purples that far apart).

    uv run python -m green_agent.calibration.sizing REPORT.json [REPORT.json ...] [--low 50 --high 55] [--target 5]

The smallest board (fewest trials) that resolves the target is the one whose resampled power at the target is at
least 0.8 and whose paired detectable difference, (t + t) · sd / √n, is at most the target.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel

from green_agent.calibration.constants import merged_scores, read_reports, suites
from green_agent.calibration.scores import Score, ladder_role
from green_agent.judging.calibrated import Suite
from green_agent.judging.stats import ALPHA, POWER, paired_detectable_difference, sample_sd, t_quantile

__all__ = ["BoardPower", "board_power", "differences", "main"]

RESAMPLES = 2000
# The shapes tried: composed days alone, classic trials alone, and both (as many days as trials of each classic).
DAYS = tuple(range(2, 81))
TRIALS_EACH = tuple(range(1, 11))


class BoardPower(BaseModel):
    """One board shape and what a paired test on it resolves."""

    days: int  # composed days
    classic_trials: int  # trials of each classic scenario
    trials: int
    difference: float  # the coupled rungs' mean difference on the worlds boards are drawn from
    sd_paired: float  # sd of the per-world differences over those worlds
    paired_detectable: float | None  # (t + t) * sd / sqrt(trials): the difference found with power 0.8
    power: float  # share of resampled boards on which the paired test finds the rungs' own difference
    power_at_target: float  # the same with every difference shifted so their mean is the target
    target: float


def differences(scores: Sequence[Score], low: int, high: int, scenario_ids: Sequence[str]) -> dict[str, list[float]]:
    """Per scenario, the per-world differences high − low over the worlds where both rungs completed a trial."""
    by: dict[tuple[str, str, int], list[float]] = defaultdict(list)
    wanted = set(scenario_ids)
    for s in scores:
        if s.scenario_id in wanted and s.status == "completed":
            by[(s.role, s.scenario_id, s.seed)].append(s.percentage)
    out: dict[str, list[float]] = defaultdict(list)
    for (role, sid, seed), values in sorted(by.items()):
        if role == ladder_role(low) and (higher := by.get((ladder_role(high), sid, seed))):
            out[sid].append(sum(higher) / len(higher) - sum(values) / len(values))
    return dict(out)


def _found(board: Sequence[float]) -> bool:
    n = len(board)
    mean = sum(board) / n
    sd = sample_sd(board) or 0.0
    if sd == 0:
        return mean != 0
    return abs(mean) / (sd / math.sqrt(n)) > t_quantile(1 - ALPHA / 2, n - 1)


def board_power(pools: dict[str, list[float]], days: int, classic_trials: int, *, workday: Sequence[str],
                target: float, resamples: int = RESAMPLES, seed: str = "board") -> BoardPower:
    """The power of a board of ``days`` days (drawn from the ``workday`` scenarios' pools) and ``classic_trials``
    trials of every other scenario in ``pools`` (per-world differences), resampled ``resamples`` times."""
    strata = [(sid, days if sid in workday else classic_trials) for sid in sorted(pools)]
    strata = [(sid, k) for sid, k in strata if k]
    every = [d for sid, k in strata for d in pools[sid]]
    if len(every) < 2 or sum(k for _, k in strata) < 2:
        raise ValueError(f"a board of {days} days and {classic_trials} trials per classic needs two worlds or more")
    # The board's own mix of scenarios weighs each scenario's spread: the pooled sd of a board's worlds.
    weighted = [(d, k / len(pools[sid])) for sid, k in strata for d in pools[sid]]
    total = sum(w for _, w in weighted)
    mean = sum(d * w for d, w in weighted) / total
    # Bessel's correction over the worlds pooled: with one scenario this is the sample sd of its differences.
    sd = math.sqrt(sum(w * (d - mean) ** 2 for d, w in weighted) / total * len(every) / (len(every) - 1))
    rng = random.Random(f"{seed}:{days}:{classic_trials}")
    hits = shifted = 0
    for _ in range(resamples):
        board = [rng.choice(pools[sid]) for sid, k in strata for _ in range(k)]
        hits += _found(board)
        shifted += _found([d - mean + target for d in board])
    n = sum(k for _, k in strata)
    return BoardPower(days=days, classic_trials=classic_trials, trials=n, difference=round(mean, 2),
                      sd_paired=round(sd, 2), paired_detectable=paired_detectable_difference(sd, n),
                      power=round(hits / resamples, 3), power_at_target=round(shifted / resamples, 3), target=target)


def _shapes(have_days: bool, have_classic: bool) -> list[tuple[int, int]]:
    shapes = []
    if have_days:
        shapes += [(d, 0) for d in DAYS]
    if have_classic:
        shapes += [(0, t) for t in TRIALS_EACH]
    if have_days and have_classic:
        shapes += [(t, t) for t in TRIALS_EACH]
    return shapes


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (module docstring): one JSON object, every shape and the smallest that resolves the
    target at power 0.8."""
    parser = argparse.ArgumentParser(prog="python -m green_agent.calibration.sizing",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("reports", nargs="+", type=Path, help="calibrate's JSON reports")
    parser.add_argument("--low", type=int, default=50)
    parser.add_argument("--high", type=int, default=55)
    parser.add_argument("--target", type=float, default=5.0, help="the difference to resolve, points (default 5)")
    args = parser.parse_args(argv)
    reports = read_reports(args.reports, "board sizing")
    if reports is None:
        return 2
    found = suites(reports)
    workday, classic = found.get(Suite.WORKDAY, []), found.get(Suite.CLASSIC, [])
    pools = differences(merged_scores(reports), args.low, args.high, [*workday, *classic])
    days_pools, classic_pools = sum(s in pools for s in workday), sum(s in pools for s in classic)
    rows = [board_power(pools, d, t, workday=workday, target=args.target)
            for d, t in _shapes(days_pools > 0, classic_pools > 0) if d * days_pools + t * classic_pools >= 2]
    # Resolved: found on at least POWER of the resampled boards, and by the t-test's own arithmetic. The ladder's
    # differences are one-sided (a higher rung never does less), which makes a t-test surer of itself than on two
    # real purples, each better in some worlds; the arithmetic keeps the choice honest for those.
    enough = [r for r in rows if r.power_at_target >= POWER and r.paired_detectable is not None
              and r.paired_detectable <= args.target]
    print(json.dumps({"low": args.low, "high": args.high, "target": args.target, "resamples": RESAMPLES,
                      "worlds": {sid: len(v) for sid, v in sorted(pools.items())},
                      "boards": [r.model_dump() for r in rows],
                      "smallest": None if not enough else min(enough, key=lambda r: (r.trials, -r.power_at_target))
                      .model_dump()}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
