"""scheduling holds no structural shortcut (issue 34, a blind red team's finding): the hour one colleague took back
in their reply ("my 14:00 was just cancelled") was, in every world, the one hour that suits everybody, so a script
booked it without reading anyone's availability. The hour taken back is now drawn evenly over the day's eight starts
— the free one in one world of eight, else an hour someone else (another colleague or the user's calendar) is still
busy at — and in half the worlds the same colleague adds an hour their first answer left open, so the rule earns
what chance gives (one in eight), while the oracle still passes the part through the real green."""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta
from pathlib import Path

from green_agent.config import GreenSettings
from green_agent.scenario_kit.day import slice_of
from green_agent.scenarios import ScenarioLibrary
from green_agent.selftest import selftest

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
PART = ScenarioLibrary(SCENARIOS).pack().parts["scheduling"]
WORLDS = range(200)
HOURS = range(9, 17)
CHANCE, TOLERANCE = 1 / len(HOURS), 0.06  # the meeting starts at one of the eight hours 9:00-16:00


def drawn() -> list:
    out = []
    for seed in WORLDS:
        piece = slice_of(seed, "balance", PART)
        assert piece is not None, seed
        out.append((PART.Truth.model_validate(piece.truth, from_attributes=True), piece))
    return out


def _busy(truth, start: datetime, mine: set[datetime]) -> set[str]:
    """Who is busy at the hour from ``start``: colleagues by their true busy hours, "user" by the user's calendar."""
    end = start + timedelta(hours=1)
    who = {p for p, spans in truth.busy.items()
           if any(datetime.fromisoformat(a) < end and start < datetime.fromisoformat(b) for a, b in spans)}
    return who | ({"user"} if start in mine else set())


def test_the_hour_taken_back_is_the_free_one_no_more_often_than_chance():
    found = drawn()
    rate = sum(t.taken_back == t.start for t, _ in found) / len(found)
    assert abs(rate - CHANCE) <= TOLERANCE, rate
    # Each of the eight hours is taken back about as often as the others, and the free hour's start is uniform too.
    back = Counter(datetime.fromisoformat(t.taken_back).hour for t, _ in found)
    assert set(back) == set(HOURS) and min(back.values()) >= len(found) / (3 * len(HOURS)), back
    # Where it is not the free hour, someone else is still busy then: the correction alone never frees an hour.
    for t, piece in found:
        start = datetime.fromisoformat(t.taken_back)
        mine = {datetime.fromisoformat(e["start"]) + timedelta(hours=h) for e in piece.calendar
                for h in range(int((datetime.fromisoformat(e["end"]) - datetime.fromisoformat(e["start"]))
                                   .total_seconds() // 3600))}
        assert (t.taken_back == t.start) == (not _busy(t, start, mine)), (t.taken_back, t.start)
        # An hour added later is busy for the colleague who adds it, and never the free one.
        if t.added:
            assert t.added != t.start and _busy(t, datetime.fromisoformat(t.added), mine)
    added = sum(bool(t.added) for t, _ in found) / len(found)
    assert 0.35 <= added <= 0.65, added


def test_booking_the_hour_a_reply_names_last_or_first_earns_chance():
    """The hours a correction names (taken back, added), read without anyone's availability: neither is the answer
    more often than chance."""
    found = drawn()
    for pick in (lambda t: t.taken_back, lambda t: t.added or t.taken_back):
        rate = sum(pick(t) == t.start for t, _ in found) / len(found)
        assert rate <= CHANCE + TOLERANCE, rate


async def test_the_oracle_passes_the_part(tmp_path):
    rows = await selftest(["workday"], GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path), ("oracle",),
                          (1, 2, 3), configs=[{"parts": ["scheduling"], "attacks": "none"}])
    assert len(rows) == 3
    assert all(r.passed and r.percentage == 100.0 for r in rows), [(r.seed, r.percentage, r.errors[:1]) for r in rows]
