"""From the scores of a competence ladder to figures and findings: per scenario, each rung's mean and interval,
monotonicity in p, the noise between and within worlds, and the difference n trials detect."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Sequence
from enum import StrEnum
from itertools import pairwise
from typing import TypeVar

from pydantic import BaseModel, Field

from green_agent.calibration.paired import SuitePower
from green_agent.calibration.scores import Score, ladder_role
from green_agent.judging.stats import ALPHA, POWER, detectable_difference, mean_interval, pooled_within, sample_sd

__all__ = ["CalibrationReport", "Finding", "FindingKind", "ScenarioCalibration", "Score", "analyse", "ladder_role"]

# Run sizes the report gives the detectable difference for.
RUN_SIZES = (5, 10, 30)
# The rungs a scenario must separate at n = SEPARATE_AT worlds (percent of the plan's steps).
MUST_SEPARATE = ((0, 50), (50, 100))
SEPARATE_AT = 10
# The rung whose spread is the noise reported: the middle of the ladder, where dropping steps varies the most.
NOISE_RUNG = 50
# The ends of the ladder must be where the self-test puts the noop and the oracle.
FLOOR_MAX, TOP_MIN = 10.0, 95.0
TEST = (f"two-sided two-sample t-test, alpha {ALPHA}, power {POWER}, t with 2(n-1) degrees of freedom, equal n per "
        f"arm; sd = the largest single-trial sd of any rung (across worlds and trials)")
NOISE_FLOOR = ("95 % range of the difference between two reruns of the same assistant with n worlds each "
               "(t_0.975 * sd * sqrt(2/n), the same sd)")


K = TypeVar("K", bound=Hashable)


class FindingKind(StrEnum):
    """Why a scenario is listed."""

    NOT_MONOTONE = "not_monotone"
    WORLD_NOT_MONOTONE = "world_not_monotone"
    NOT_SEPARATED = "not_separated"
    FLOOR_TOO_HIGH = "floor_too_high"
    TOP_TOO_LOW = "top_too_low"
    MISTAKE_FREE = "mistake_costs_nothing"
    FAILED_TRIALS = "failed_trials"
    TOO_FEW_WORLDS = "too_few_worlds"


# Findings about the ladder itself; the others concern the mistaken oracles or the run.
LADDER_FINDINGS = frozenset({FindingKind.NOT_MONOTONE, FindingKind.WORLD_NOT_MONOTONE, FindingKind.NOT_SEPARATED,
                             FindingKind.FLOOR_TOO_HIGH, FindingKind.TOP_TOO_LOW})


class Finding(BaseModel):
    """One reason a scenario's score may not measure competence as it should."""

    kind: FindingKind
    text: str


class Rung(BaseModel):
    """One rung of a scenario's ladder: the oracle carrying out ``percent`` % of its steps."""

    percent: int
    role: str
    trials: int
    mean: float | None
    ci95: tuple[float, float] | None
    sd: float | None
    world_means: dict[str, float]


class MistakeRung(BaseModel):
    """A mistaken oracle's mean against the full oracle's."""

    role: str
    trials: int
    mean: float | None
    ci95: tuple[float, float] | None
    drop: float | None = Field(description="the full oracle's mean minus this one's")


class Separation(BaseModel):
    """Whether two rungs' means lie further apart than n worlds can detect."""

    low: int
    high: int
    difference: float
    needed: float | None
    n: int
    separates: bool


class Detectable(BaseModel):
    """For a run of ``n`` trials per arm."""

    n: int
    difference: float | None
    noise_floor: float | None


class ScenarioCalibration(BaseModel):
    """Every figure of one scenario."""

    scenario_id: str
    rungs: list[Rung]
    monotone: bool
    monotone_worlds: str = Field(description="worlds whose own ladder is monotone, of worlds with every rung")
    between_world_sd: float | None = Field(description=f"sd across worlds of the world means at rung {NOISE_RUNG}")
    within_world_sd: float | None = Field(description="sd of trials around their own world and rung's mean, pooled")
    sd: float | None = Field(description="the sd behind the detectable differences (see CalibrationReport.test)")
    detectable: list[Detectable]
    separations: list[Separation]
    mistakes: list[MistakeRung] = Field(default_factory=list)
    findings: list[Finding]


class CalibrationReport(BaseModel):
    """What ``green-agent calibrate`` writes."""

    scenarios: list[ScenarioCalibration]
    rungs: list[int]
    seeds: list[int]
    trials: int
    mistakes: list[str]
    test: str = TEST
    noise_floor: str = NOISE_FLOOR
    wall_seconds: float
    character_mode: str
    # Every trial's outcome, so a report can be analysed again without rerunning it (``reanalysed``).
    scores: list[Score] = Field(default_factory=list)
    # Close rungs on the same worlds, per suite (calibration/paired.py): what paired comparisons resolve.
    paired: list[SuitePower] = Field(default_factory=list)

    def reanalysed(self) -> CalibrationReport:
        """The same run analysed by this version of ``analyse``."""
        return self.model_copy(update={"scenarios": [
            analyse(s.scenario_id, self.scores, self.rungs, self.mistakes) for s in self.scenarios]})

    @property
    def flagged(self) -> list[ScenarioCalibration]:
        """Scenarios whose ladder has a finding (issue 25's list: not monotone, not separated, wrong ends)."""
        return [s for s in self.scenarios if any(f.kind in LADDER_FINDINGS for f in s.findings)]


def _mean(values: Sequence[float]) -> float | None:
    return round(sum(values) / len(values), 2) if values else None


def _rung(percent: int, role: str, scores: list[Score]) -> Rung:
    values = [s.percentage for s in scores]
    by_world: dict[int, list[float]] = defaultdict(list)
    for s in scores:
        by_world[s.seed].append(s.percentage)
    sd = sample_sd(values)
    return Rung(percent=percent, role=role, trials=len(values), mean=_mean(values), ci95=mean_interval(values),
                sd=None if sd is None else round(sd, 2),
                world_means={str(seed): round(sum(v) / len(v), 2) for seed, v in sorted(by_world.items())})


def _separation(low: Rung, high: Rung, n: int) -> Separation | None:
    if low.mean is None or high.mean is None:
        return None
    difference = round(high.mean - low.mean, 2)
    needed = None if low.sd is None or high.sd is None else detectable_difference(low.sd, n, high.sd)
    return Separation(low=low.percent, high=high.percent, difference=difference, needed=needed, n=n,
                      separates=needed is not None and difference >= needed and difference > 0)


def _failed(mine: list[Score]) -> list[Finding]:
    failed = [s for s in mine if s.status != "completed"]
    if not failed:
        return []
    return [Finding(kind=FindingKind.FAILED_TRIALS, text=(
        f"{len(failed)} trial(s) did not complete (left out): "
        + "; ".join(f"{s.role} seed {s.seed}: {s.status} {'; '.join(s.errors[:1])}" for s in failed[:3])))]


class _Shape(BaseModel):
    """How a ladder's means rise with p: over the whole scenario and world by world."""

    monotone: bool
    worlds: list[str]  # every world with a score on some rung
    complete: list[str]  # the worlds with a score on every rung
    bad_worlds: list[str]  # complete worlds whose own ladder falls somewhere
    findings: list[Finding]


def _shape(ladder: list[Rung]) -> _Shape:
    findings: list[Finding] = []
    means = [r.mean for r in ladder if r.mean is not None]
    monotone = all(b >= a for a, b in pairwise(means))
    if not monotone:
        drops = [f"{a.percent} % → {b.percent} %: {a.mean:g} → {b.mean:g}" for a, b in pairwise(ladder)
                 if a.mean is not None and b.mean is not None and b.mean < a.mean]
        findings.append(Finding(kind=FindingKind.NOT_MONOTONE, text="the mean falls as more steps are done: "
                                + ", ".join(drops)))
    worlds = sorted({w for r in ladder for w in r.world_means}, key=int)
    complete = [w for w in worlds if all(w in r.world_means for r in ladder)]
    bad_worlds = [w for w in complete
                  if any(b.world_means[w] < a.world_means[w] for a, b in pairwise(ladder))]
    if bad_worlds:
        findings.append(Finding(kind=FindingKind.WORLD_NOT_MONOTONE, text=(
            f"in {len(bad_worlds)} of {len(complete)} worlds doing more of the plan scored less (seeds "
            f"{', '.join(bad_worlds[:10])}): a step is charged for, or credit depends on a step done alone")))
    return _Shape(monotone=monotone, worlds=worlds, complete=complete, bad_worlds=bad_worlds, findings=findings)


def _ends(by_percent: dict[int, Rung]) -> list[Finding]:
    """Whether the ladder's ends are where the self-test puts the noop and the oracle."""
    findings = []
    if 0 in by_percent and (by_percent[0].mean or 0) > FLOOR_MAX:
        findings.append(Finding(kind=FindingKind.FLOOR_TOO_HIGH,
                                text=f"doing none of the plan scores {by_percent[0].mean:g} % (> {FLOOR_MAX:g})"))
    if 100 in by_percent and by_percent[100].mean is not None and by_percent[100].mean < TOP_MIN:
        findings.append(Finding(kind=FindingKind.TOP_TOO_LOW,
                                text=f"the whole plan scores {by_percent[100].mean:g} % (< {TOP_MIN:g})"))
    return findings


def _separations(ladder: list[Rung], by_percent: dict[int, Rung]) -> tuple[list[Separation], list[Finding]]:
    """Neighbouring rungs and the pairs that must separate: how far apart they are, and the pairs that do not."""
    pairs = list(dict.fromkeys([*((a.percent, b.percent) for a, b in pairwise(ladder)),
                                *(p for p in MUST_SEPARATE if p[0] in by_percent and p[1] in by_percent)]))
    separations = [s for a, b in pairs if (s := _separation(by_percent[a], by_percent[b], SEPARATE_AT))]
    findings = []
    for s in separations:
        if (s.low, s.high) in MUST_SEPARATE and not s.separates:
            need = "unknown (no spread)" if s.needed is None else f"{s.needed:g}"
            findings.append(Finding(kind=FindingKind.NOT_SEPARATED, text=(
                f"rungs {s.low} % and {s.high} % are {s.difference:g} points apart; {SEPARATE_AT} worlds per arm "
                f"need {need}")))
    return separations, findings


def _mistakes(done: list[Score], mistake_roles: Sequence[str],
              top: Rung | None) -> tuple[list[MistakeRung], list[Finding]]:
    """Each mistaken oracle against the full one (``top``), and the mistakes that cost nothing."""
    mistakes = []
    findings = []
    for role in mistake_roles:
        values = [s.percentage for s in done if s.role == role]
        mean = _mean(values)
        drop = None if mean is None or top is None or top.mean is None else round(top.mean - mean, 2)
        mistakes.append(MistakeRung(role=role, trials=len(values), mean=mean, ci95=mean_interval(values), drop=drop))
        if drop is not None and drop <= 0 and values:
            findings.append(Finding(kind=FindingKind.MISTAKE_FREE,
                                    text=f"{role} scores as much as the oracle ({mean:g} %): the grading does not "
                                         f"see that mistake, or no step of the plan admits it"))
    return mistakes, findings


def analyse(scenario_id: str, scores: Iterable[Score], rungs: Sequence[int],
            mistake_roles: Sequence[str] = ()) -> ScenarioCalibration:
    """The figures and findings of one scenario from its trials' scores."""
    mine = [s for s in scores if s.scenario_id == scenario_id]
    done = [s for s in mine if s.status == "completed"]
    ladder = [_rung(p, ladder_role(p), [s for s in done if s.role == ladder_role(p)]) for p in sorted(rungs)]
    by_percent = {r.percent: r for r in ladder}
    shape = _shape(ladder)
    findings = [*_failed(mine), *shape.findings, *_ends(by_percent)]

    noise = [s for s in done if s.role == ladder_role(NOISE_RUNG)]
    world_means = [sum(v) / len(v) for v in _group(noise, lambda s: s.seed).values()]
    between = sample_sd(world_means)
    within = pooled_within(list(_group(done, lambda s: (s.role, s.seed)).values()))
    sds = [r.sd for r in ladder if r.sd is not None]
    sd = max(sds) if sds else None
    detectable = [Detectable(n=n, difference=None if sd is None else detectable_difference(sd, n),
                             noise_floor=None if sd is None else detectable_difference(sd, n, power=0.5))
                  for n in RUN_SIZES]
    if len(shape.worlds) < 2:
        findings.append(Finding(kind=FindingKind.TOO_FEW_WORLDS,
                                text="fewer than two worlds: no spread, so nothing about separation can be said"))
    separations, unseparated = _separations(ladder, by_percent)
    mistakes, free = _mistakes(done, mistake_roles, by_percent.get(100))
    return ScenarioCalibration(
        scenario_id=scenario_id, rungs=ladder, monotone=shape.monotone,
        monotone_worlds=f"{len(shape.complete) - len(shape.bad_worlds)}/{len(shape.complete)}",
        between_world_sd=None if between is None else round(between, 2),
        within_world_sd=None if within is None else round(within[0], 2), sd=sd, detectable=detectable,
        separations=separations, mistakes=mistakes, findings=[*findings, *unseparated, *free])


def _group(scores: Iterable[Score], key: Callable[[Score], K]) -> dict[K, list[float]]:
    out: dict[K, list[float]] = defaultdict(list)
    for s in scores:
        out[key(s)].append(s.percentage)
    return dict(out)
