"""Play the competence ladder through the real green over A2A, as the self-test plays its purples: one green server,
one purple process per rung, one assessment per (rung, world) covering every scenario."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from typing import Any

from green_agent.assessment.purple_link import PurpleError
from green_agent.calibration.analysis import CalibrationReport, Score, analyse, ladder_role
from green_agent.calibration.paired import paired_power
from green_agent.config import GreenSettings
from green_agent.scenarios import library_for
from green_agent.selftest import assess_via_green, practice_green

LADDER = (0, 25, 50, 55, 60, 70, 75, 100)
# Kinds of mistake a mistaken oracle makes (services/purple/graded.py Mistake) and the rates with a role.
MISTAKE_KINDS = ("wrong-person", "wrong-time", "late")
MISTAKE_RATES = (25, 50, 100)


def mistake_role(kind: str, percent: int) -> str:
    """The purple role of the oracle making ``kind`` mistakes at ``percent`` % of the steps that admit one."""
    if kind not in MISTAKE_KINDS or percent not in MISTAKE_RATES:
        raise ValueError(f"mistakes are one of {', '.join(MISTAKE_KINDS)} at q in {MISTAKE_RATES} percent "
                         f"(got {kind!r} at {percent})")
    return f"oracle-{kind}-q{percent}"


async def calibrate(scenario_ids: list[str], settings: GreenSettings, *, rungs: Sequence[int] = LADDER,
                    seeds: Sequence[int] = tuple(range(10)), trials: int = 1, mistakes: Sequence[str] = (),
                    concurrency: int = 3, timeout_s: float = 900) -> CalibrationReport:
    """Run every rung (and each mistaken oracle in ``mistakes``, role names) on every scenario in the world of every
    seed, ``trials`` trials each, and analyse the scores per scenario."""
    unknown = [p for p in rungs if p not in LADDER]
    if unknown or not rungs:
        raise ValueError(f"rungs are percentages among {LADDER} (got {list(rungs)})")
    started = time.monotonic()
    roles = [*(ladder_role(p) for p in sorted(set(rungs))), *dict.fromkeys(mistakes)]
    gate = asyncio.Semaphore(concurrency)

    async def one(green: str, purple: str, role: str, seed: int) -> list[Score]:
        async with gate:
            try:
                rows = await assess_via_green(green, purple, scenario_ids, {"seed": seed, "trials": trials},
                                              timeout_s=timeout_s)
            except (RuntimeError, TimeoutError, PurpleError) as exc:
                # One lost assessment is a finding in the scenarios it covered, not a lost calibration.
                return [Score(scenario_id=sid, role=role, seed=seed, trial=0, status="failed", percentage=0.0,
                              errors=[f"the assessment failed: {exc}"]) for sid in scenario_ids]
        return [_score(row, role, seed) for row in rows if row.get("row_type") == "trial"]

    async with practice_green(settings, tuple(roles)) as (green, purples):
        batches = await asyncio.gather(*(one(green, purples[role], role, seed) for seed in seeds for role in roles))
    scores = [score for batch in batches for score in batch]
    library = library_for(settings)
    days = [sid for sid in scenario_ids if (f := library.spec(sid).family) is not None and f.composable]
    classic = [sid for sid in scenario_ids if sid not in days]
    suites = [(name, ids) for name, ids in (("classic", classic), ("workday", days), ("mix", scenario_ids))
              if ids and (name != "mix" or (classic and days))]
    return CalibrationReport(
        paired=[paired_power(name, ids, scores, sorted(set(rungs))) for name, ids in suites],
        scenarios=[analyse(sid, scores, rungs, list(dict.fromkeys(mistakes))) for sid in scenario_ids],
        rungs=sorted(set(rungs)), seeds=list(seeds), trials=trials, mistakes=list(dict.fromkeys(mistakes)),
        wall_seconds=round(time.monotonic() - started, 1), character_mode=str(settings.character_mode),
        scores=scores)


def _score(row: dict[str, Any], role: str, seed: int) -> Score:
    return Score(scenario_id=row["scenario_id"], role=role, seed=seed, trial=row["trial"], status=row["status"],
                 percentage=row["percentage"], errors=[str(e) for e in row.get("errors", [])])
