"""travel holds no structural shortcut (issue 34, a blind red team's finding): of the trains free and on time, the
right one always arrived first (the close and late ones arrive later), so the meeting time and the margin were never
needed. Now some trains, free, on time and in time, leave before the earliest the user can be at the station (told in
the request), and how many of the free trains on time arrive before the right one is drawn evenly: "the earliest
arrival of those" is right no more often than chance, while the oracle still passes the part through the real
green."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from green_agent.config import GreenSettings
from green_agent.scenario_kit.day import slice_of
from green_agent.scenario_kit.grading import when
from green_agent.scenarios import ScenarioLibrary
from green_agent.selftest import selftest

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
PART = ScenarioLibrary(SCENARIOS).pack().parts["travel"]
WORLDS = range(200)
TOLERANCE = 0.08
FREE = ("right", "close", "late", "early")  # free trains the offer shows on time


def truths() -> list:
    return [PART.Truth.model_validate(slice_of(seed, "balance", PART).truth, from_attributes=True)
            for seed in WORLDS]


def candidates(t) -> list[int]:
    """The red team's filter: the offer's trains with no supplement and no delay note."""
    return [i for i, kind in enumerate(t.kinds) if kind in FREE]


def test_the_earliest_free_train_on_time_is_right_no_more_often_than_chance():
    found = truths()
    assert all(len(t.trains) == len(t.kinds) and t.earliest for t in found)
    hits = sum(t.kinds[min(candidates(t), key=lambda i: when(t.trains[i][1]))] == "right" for t in found)
    chance = sum(1 / len(candidates(t)) for t in found)
    assert abs(hits - chance) / len(found) <= TOLERANCE, (hits, chance)
    # The right one's rank by arrival among them is drawn evenly: as often last as first.
    ranks = Counter(sorted(candidates(t), key=lambda i: when(t.trains[i][1])).index(t.kinds.index("right"))
                    for t in found if len(candidates(t)) == 2)
    assert ranks[0] and abs(ranks[0] - ranks[1]) <= 0.3 * sum(ranks.values()), ranks


def test_an_early_train_leaves_before_the_station_time_and_the_right_one_after_it():
    for t in truths():
        earliest = when(t.earliest)
        for kind, (dep, _, arr) in zip(t.kinds, t.trains, strict=True):
            if kind == "early":
                assert when(dep) < earliest, t
            if kind == "right":
                assert when(dep) > earliest and [dep, arr] == t.right, t


async def test_the_oracle_passes_the_part(tmp_path):
    rows = await selftest(["workday"], GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path), ("oracle",),
                          (1, 2, 3), configs=[{"parts": ["travel"], "attacks": "none"}])
    assert len(rows) == 3
    assert all(r.passed and r.percentage == 100.0 for r in rows), [(r.seed, r.percentage, r.errors[:1]) for r in rows]
