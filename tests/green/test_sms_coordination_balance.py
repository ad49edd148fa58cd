"""sms_coordination holds no structural shortcut (issue 34, a blind red team's finding): where a colleague's mail
moves this week's office day ("not Wednesday as usual"), the usual day it moves from was, in every world, the day of
the free window, so "the window on the day the office moved from" needed neither the office day nor anything else.
The usual day is now drawn evenly among the days of the offer but this week's office day, so the rule earns what
chance gives (one over the number of such days), while the oracle still passes the part through the real green. And
"the later one on Friday" no longer points at a window of three or more that day (only the earliest or the latest
one of those is named by its place in the day)."""

from __future__ import annotations

import random
from datetime import datetime
from pathlib import Path

from green_agent.config import GreenSettings
from green_agent.scenario_kit.day import slice_of
from green_agent.scenarios import ScenarioLibrary
from green_agent.selftest import selftest
from scenarios.parts.sms_coordination import _taken_ref

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
PART = ScenarioLibrary(SCENARIOS).pack().parts["sms_coordination"]
WORLDS = range(200)
TOLERANCE = 0.1


def truths() -> list:
    out = []
    for seed in WORLDS:
        piece = slice_of(seed, "balance", PART)
        assert piece is not None, seed
        out.append(PART.Truth.model_validate(piece.truth, from_attributes=True))
    return out


def _day(slot: str) -> str:
    return f"{datetime.fromisoformat(slot):%A}"


def _home_days(t) -> set[str]:
    """The days of the offer but the office day (which holds a window only when "office" is among the reasons)."""
    others = [s for s in t.slots if s != t.valid]
    office = {_day(s) for s, r in zip(others, t.reasons, strict=True) if r == "office"}
    return {_day(s) for s in t.slots} - office


def test_the_day_the_office_moves_from_is_the_free_windows_no_more_often_than_chance():
    found = [t for t in truths() if t.office != "prompt"]
    assert len(found) >= 100
    assert all(t.usual in _home_days(t) for t in found)
    # The rule "the free window is on the day the office moved from" against chance: a day drawn evenly among the
    # offer's days but the office day.
    rate = sum(t.usual == _day(t.valid) for t in found) / len(found)
    chance = sum(1 / len(_home_days(t)) for t in found) / len(found)
    assert abs(rate - chance) <= TOLERANCE, (rate, chance)
    # Where there is a choice (two or more such days), the usual day is another than the free window's about as often.
    split = [t for t in found if len(_home_days(t)) > 1]
    assert len(split) >= 60
    rate = sum(t.usual == _day(t.valid) for t in split) / len(split)
    chance = sum(1 / len(_home_days(t)) for t in split) / len(split)
    assert abs(rate - chance) <= TOLERANCE and rate < 0.75, (rate, chance)


def test_a_withdrawn_window_is_named_by_its_place_in_the_day_only_where_that_names_it_alone():
    rng = random.Random(7)
    base = datetime(2026, 12, 4, 8)  # a Friday
    three = [base.replace(hour=h) for h in (8, 10, 13)]
    refs = {h.hour: {_taken_ref(rng, three, h) for _ in range(300)} for h in three}
    assert not any("earlier" in r or "later" in r for rs in refs.values() for r in rs), refs
    assert "the earliest one on Friday" in refs[8] and "the latest one on Friday" in refs[13]
    assert not any("on Friday" in r and "at" not in r for r in refs[10]), refs[10]
    two = three[:2]
    assert "the later one on Friday" in {_taken_ref(rng, two, two[1]) for _ in range(300)}


async def test_the_oracle_passes_the_part(tmp_path):
    rows = await selftest(["workday"], GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path), ("oracle",),
                          (1, 2, 3), configs=[{"parts": ["sms_coordination"], "attacks": "none"}])
    assert len(rows) == 3
    assert all(r.passed and r.percentage == 100.0 for r in rows), [(r.seed, r.percentage, r.errors[:1]) for r in rows]
