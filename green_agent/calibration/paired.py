"""Paired power: how small a difference between two purples a board of n worlds detects when both face the same
worlds (issue 35). The ladder's rungs are coupled — a step done at p = 0.5 is done at every higher p on the same
world (services/purple/graded.py) — so two close rungs on the same worlds are two purples a few points apart, and
their per-world differences are what a paired comparison sees: each world's own difficulty cancels.

For each close pair of rungs (``COUPLED``) and each suite (the classic scenarios, the composed workday, the mix of
both): the true difference, the sd of the per-world differences (paired) and of each rung's scores (unpaired), the
smallest difference a paired and an unpaired t-test detect at n worlds (power 0.8, alpha 0.05), and the power a
paired test of n worlds has against the measured difference, from resampled boards."""

from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Iterable, Sequence

from pydantic import BaseModel

from green_agent.calibration.scores import Score, ladder_role
from green_agent.judging.stats import ALPHA, detectable_difference, paired_detectable_difference, sample_sd, t_quantile

__all__ = ["BOARD_SIZES", "COUPLED", "PairedPower", "SuitePower", "paired_power"]

# Pairs of close rungs: purples 5, 10 and 20 points of the plan apart.
COUPLED = ((50, 55), (50, 60), (50, 70))
BOARD_SIZES = (10, 20, 40, 80)
RESAMPLES = 2000


class SizePower(BaseModel):
    """At a board of ``n`` worlds: the detectable differences, and the measured power against the true one."""

    n: int
    paired_detectable: float | None
    unpaired_detectable: float | None
    paired_power: float | None  # share of resampled boards of n worlds whose paired t-test finds the difference


class PairedPower(BaseModel):
    """Two coupled rungs on one suite."""

    low: int
    high: int
    worlds: int  # worlds both rungs were scored in
    difference: float | None  # mean over worlds of high - low, points
    sd_paired: float | None  # sd of the per-world differences
    sd_unpaired: float | None  # the larger of the two rungs' sd across worlds
    sizes: list[SizePower]


class SuitePower(BaseModel):
    """Every coupled pair of rungs on one suite of scenarios (the classic ones, the composed workday, or both)."""

    suite: str
    scenarios: list[str]
    pairs: list[PairedPower]


def _power(differences: Sequence[float], n: int, rng: random.Random) -> float | None:
    """The share of boards of ``n`` worlds, drawn with replacement from the measured differences, on which a
    two-sided paired t-test at ``ALPHA`` rejects "no difference"."""
    if len(differences) < 2 or n < 2:
        return None
    critical = t_quantile(1 - ALPHA / 2, n - 1)
    hits = 0
    for _ in range(RESAMPLES):
        board = [rng.choice(differences) for _ in range(n)]
        sd = sample_sd(board) or 0.0
        mean = sum(board) / n
        if sd == 0:
            hits += mean != 0  # every world differs by the same nonzero amount
        else:
            hits += abs(mean) / (sd / math.sqrt(n)) > critical
    return round(hits / RESAMPLES, 3)


def _world_means(scores: Iterable[Score], role: str, scenarios: set[str]) -> dict[tuple[str, int], float]:
    grouped: dict[tuple[str, int], list[float]] = defaultdict(list)
    for s in scores:
        if s.role == role and s.scenario_id in scenarios and s.status == "completed":
            grouped[(s.scenario_id, s.seed)].append(s.percentage)
    return {world: sum(v) / len(v) for world, v in grouped.items()}


def paired_power(suite: str, scenarios: Sequence[str], scores: Sequence[Score], rungs: Sequence[int],
                 sizes: Sequence[int] = BOARD_SIZES) -> SuitePower:
    """The paired and unpaired power of boards of ``sizes`` worlds of ``scenarios`` for every coupled pair of
    ``rungs`` that was run."""
    wanted = set(scenarios)
    rng = random.Random(f"paired:{suite}")
    out = []
    for low, high in COUPLED:
        if low not in rungs or high not in rungs:
            continue
        a, b = (_world_means(scores, ladder_role(p), wanted) for p in (low, high))
        worlds = sorted(a.keys() & b.keys())
        diffs = [b[w] - a[w] for w in worlds]
        sd_d = sample_sd(diffs)
        sds = [sd for sd in (sample_sd(list(a.values())), sample_sd(list(b.values()))) if sd is not None]
        sd_u = max(sds) if sds else None
        out.append(PairedPower(
            low=low, high=high, worlds=len(worlds), difference=round(sum(diffs) / len(diffs), 2) if diffs else None,
            sd_paired=None if sd_d is None else round(sd_d, 2), sd_unpaired=None if sd_u is None else round(sd_u, 2),
            sizes=[SizePower(n=n, paired_detectable=None if sd_d is None else paired_detectable_difference(sd_d, n),
                             unpaired_detectable=None if sd_u is None else detectable_difference(sd_u, n),
                             paired_power=_power(diffs, n, rng)) for n in sizes]))
    return SuitePower(suite=suite, scenarios=sorted(wanted), pairs=out)
