"""Reading result files and pairing two purples' trials by the world they faced."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Sequence
from enum import StrEnum
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from green_agent.judging.stats import difference_interval, sign_flip_p, welch_interval

__all__ = ["FEW_PAIRS", "Comparison", "Contrast", "Level", "Side", "compare", "read_side"]

# Below this many paired worlds an interval is too wide to rank by, and the page says so.
FEW_PAIRS = 10


class Level(StrEnum):
    """What a contrast is about: the whole board, one scenario, or one part of the composed days."""

    OVERALL = "overall"
    SCENARIO = "scenario"
    PART = "part"


class _Part(BaseModel):
    model_config = ConfigDict(extra="ignore")
    part: str
    percentage: float


class _Row(BaseModel):
    """What a comparison reads of a trial row (protocol.md §3): older rows without a world digest do not pair."""

    model_config = ConfigDict(extra="ignore")
    scenario_id: str
    status: str
    percentage: float
    world_digest: str = ""
    participant: str = ""
    participant_id: str | None = None
    part_scores: list[_Part] = []


class Side(BaseModel):
    """One purple's scored trials, from result files; ``errored`` trials measured nothing and are only counted."""

    label: str
    files: int
    rows: list[_Row]
    errored: int = 0


class Contrast(BaseModel):
    """A minus B on one item (the whole board, a scenario, or a part of the composed days)."""

    level: Level
    name: str
    pairs: int  # worlds both faced
    mean_a: float | None  # over the paired worlds
    mean_b: float | None
    difference: float | None  # mean over paired worlds of (A - B), percentage points
    paired_ci95: tuple[float, float] | None
    p_value: float | None  # two-sided sign-flip test of the paired differences
    unpaired_difference: float | None  # all of each side's worlds, paired or not
    unpaired_ci95: tuple[float, float] | None  # Welch's: what the same rows say without pairing
    differences: list[float] = []  # per paired world, for the plot


class Comparison(BaseModel):
    """Purple A against purple B on the worlds both faced."""

    a: str
    b: str
    worlds_a: int
    worlds_b: int
    overall: Contrast
    scenarios: list[Contrast]
    parts: list[Contrast]
    warnings: list[str] = []


def _rows_of(data: Any) -> list[Any]:
    if isinstance(data, dict) and isinstance(data.get("results"), list):  # the gateway's results file
        return list(data["results"])
    return list(data) if isinstance(data, list) else []


def read_side(paths: Sequence[Path]) -> Side:
    """The trial rows of result files and folders of them (``assess`` writes a list of rows; a leaderboard's
    results file holds them under ``results``); a ValueError names a file that is not one."""
    files = [f for p in paths for f in (sorted(Path(p).rglob("*.json")) if Path(p).is_dir() else [Path(p)])]
    rows: list[_Row] = []
    errored = 0
    named: set[str] = set()  # a leaderboard results file names its purple under ``participants``
    for file in files:
        try:
            data = json.loads(file.read_text())
        except (OSError, json.JSONDecodeError) as exc:
            raise ValueError(f"{file}: not a results file ({exc})") from None
        if isinstance(data, dict) and isinstance(data.get("participants"), dict):
            named |= {str(v) for k, v in data["participants"].items() if k != "green" and v}
        for n, raw in enumerate(_rows_of(data)):
            if not isinstance(raw, dict) or raw.get("row_type") != "trial":
                continue
            try:
                row = _Row.model_validate(raw)
            except ValidationError as exc:
                raise ValueError(f"{file}: row {n}: {exc.errors()[0]['loc']}: {exc.errors()[0]['msg']}") from None
            if row.status == "errored":
                errored += 1
            else:
                rows.append(row)
    if not files:
        raise ValueError(f"{', '.join(map(str, paths))}: no results file")
    # The purple's name: the id its rows or its results file give (the request's agentbeats_ids, the leaderboard's
    # participants), else the file or folder's name — never the role, which every purple of a board shares.
    ids = {r.participant_id for r in rows if r.participant_id} or named
    label = ids.pop() if len(ids) == 1 else Path(paths[0]).stem
    return Side(label=label, files=len(files), rows=rows, errored=errored)


def _worlds(rows: Iterable[_Row], level: Level) -> dict[str, dict[str, list[float]]]:
    """item name → world → scores (several trials of one world are averaged later)."""
    out: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for row in rows:
        world = f"{row.scenario_id}:{row.world_digest}" if row.world_digest else ""
        if level is Level.OVERALL:
            out["all"][world].append(row.percentage)
        elif level is Level.SCENARIO:
            out[row.scenario_id][world].append(row.percentage)
        else:
            for part in row.part_scores:
                out[part.part][world].append(part.percentage)
    return out


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def _contrast(level: Level, name: str, a: dict[str, list[float]], b: dict[str, list[float]]) -> Contrast:
    paired = sorted(w for w in a.keys() & b.keys() if w)
    diffs = [round(_mean(a[w]) - _mean(b[w]), 4) for w in paired]
    means_a, means_b = [_mean(v) for v in a.values()], [_mean(v) for v in b.values()]
    unpaired = round(_mean(means_a) - _mean(means_b), 2) if means_a and means_b else None
    return Contrast(
        level=level, name=name, pairs=len(paired),
        mean_a=round(_mean([_mean(a[w]) for w in paired]), 2) if paired else None,
        mean_b=round(_mean([_mean(b[w]) for w in paired]), 2) if paired else None,
        difference=round(_mean(diffs), 2) if diffs else None, paired_ci95=difference_interval(diffs),
        p_value=sign_flip_p(diffs), unpaired_difference=unpaired, unpaired_ci95=welch_interval(means_a, means_b),
        differences=diffs)


def compare(a: Side, b: Side) -> Comparison:
    """A against B: overall, per scenario and per part, paired by world."""
    levels = {level: (_worlds(a.rows, level), _worlds(b.rows, level)) for level in Level}
    items = {level: [_contrast(level, name, wa.get(name, {}), wb.get(name, {}))
                     for name in sorted(wa.keys() | wb.keys())] for level, (wa, wb) in levels.items()}
    overall = items[Level.OVERALL][0] if items[Level.OVERALL] else _contrast(Level.OVERALL, "all", {}, {})
    warnings = []
    if overall.pairs < FEW_PAIRS:
        warnings.append(f"only {overall.pairs} world(s) pair up (rows of both purples with one world_digest): the "
                        f"paired interval is {'missing' if overall.pairs < 2 else 'wide'}; run both on the same "
                        f"board (the same scenarios, seeds and held-out secret)")
    for side in (a, b):
        undigested = sum(not r.world_digest for r in side.rows)
        if undigested:
            warnings.append(f"{side.label}: {undigested} row(s) carry no world_digest (written before it existed) "
                            f"and pair with nothing")
        if side.errored:
            warnings.append(f"{side.label}: {side.errored} errored trial(s) measured nothing and are left out")
    worlds = {label: len({(r.scenario_id, r.world_digest) for r in s.rows}) for label, s in (("a", a), ("b", b))}
    return Comparison(a=a.label, b=b.label, worlds_a=worlds["a"], worlds_b=worlds["b"], overall=overall,
                      scenarios=items[Level.SCENARIO], parts=items[Level.PART], warnings=warnings)
