"""sms_coordination holds no structural shortcut (issue 34, a blind red team's finding): where a colleague's mail
moves this week's office day ("not Wednesday as usual"), the usual day it moves from was, in every world, the day of
the free window, so "the window on the day the office moved from" needed neither the office day nor anything else.
The usual day is now drawn evenly among the days of the offer but this week's office day, so the rule earns what
chance gives (one over the number of such days), while the oracle still passes the part through the real green. And
"the later one on Friday" no longer points at a window of three or more that day (only the earliest or the latest
one of those is named by its place in the day)."""

from __future__ import annotations

import random
import re
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

from green_agent.config import GreenSettings
from green_agent.scenario_kit.day import slice_of
from green_agent.scenarios import ScenarioLibrary
from green_agent.selftest import selftest
from scenarios.parts._sms_coordination_parking import PLACES, places_in
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


# v5 (issue 34): what the scripts read with the public words — the prompt's half of the day applied to every day, the
# latest notice of the building's desk, a title or the word "home" for what is done at home — is right at chance.
def _slices() -> list[Any]:
    return [slice_of(seed, "balance", PART) for seed in WORLDS]


def test_the_prompts_half_of_the_day_holds_for_the_free_window_only_as_often_as_chance() -> None:
    found = [p.truth for p in _slices()]
    # The prompt names the half the usual shift leaves free; on the other shift's days (the rota's) it turns round.
    prompt_half = [(datetime.fromisoformat(t.valid).hour >= 12) == (t.shift == "late") for t in found]
    assert abs(sum(prompt_half) / len(found) - 0.5) <= TOLERANCE
    # The rota alone is wrong for a swapped day, and the swap falls on the free window's day in a share of worlds.
    # v6: a swap is approved in a quarter of the worlds; in half as many again it is refused or called off.
    swapped = [t for t in found if t.swapped]
    assert 0.15 <= len(swapped) / len(found) <= 0.35
    on_free = sum(t.swapped == _day(t.valid) for t in swapped) / len(swapped)
    assert 0.25 <= on_free <= 0.65, on_free


def test_the_latest_building_notice_is_the_one_that_stops_no_visit_about_half_the_time() -> None:
    latest, over = 0, 0
    slices = _slices()
    for p in slices:
        notices = [e for e in p.emails if e["message_id"].startswith("m-sms-notice")]
        harmless = next(e for e in notices if e["message_id"] == "m-sms-notice-3")
        latest += max(notices, key=lambda e: e["received_at"]) is harmless
        valid = datetime.fromisoformat(p.truth.valid)
        over += f"{valid:%A}" in harmless["body_text"] or f"{valid.day}" in harmless["subject"]
    assert abs(latest / len(slices) - 0.5) <= 0.15, latest
    assert over / len(slices) >= 0.6  # the free window is, in most worlds, under a notice of its own


def test_neither_a_title_nor_home_in_its_place_tells_what_is_kept_at_home() -> None:
    rows = []
    titles: dict[str, set[str]] = {"home": set(), "out": set()}
    for p in _slices():
        for e in p.calendar:
            if e["event_id"] in ("ev-sms-home", "ev-sms-appointment"):
                side = "home" if e["event_id"] == "ev-sms-home" else "out"
                titles[side].add(e["title"])
                if e.get("location"):
                    rows.append((side == "home", "home" in str(e["location"]).lower()))
    # The same kinds of appointment are kept at home and gone out for: a list of titles reads nothing.
    assert titles["home"] <= titles["out"]
    right = sum(a == b for a, b in rows) / len(rows)
    assert right < 0.8, right


def test_the_colleagues_latest_mail_names_the_office_day_first_or_last_only_as_often_as_the_other_day() -> None:
    """v6: a later mail may take back a move of the office day ("reverted") as well as make one ("corrected"), and
    either day may come first in it, so neither the latest mail nor the place of a weekday in it decides; and an
    office day held in mails always holds a window, so misreading them costs."""
    rows = []
    for p in _slices():
        t = p.truth
        if t.office == "prompt":
            continue
        office = {_day(s) for s, r in zip([x for x in t.slots if x != t.valid], t.reasons, strict=True)
                  if r == "office"}
        assert len(office) == 1, (t.office, t.reasons)
        mails = [e for e in p.emails if e["message_id"].startswith("m-sms-office")]
        latest = max(mails, key=lambda e: e["received_at"])
        days = re.findall(r"\b(?:Mon|Tues|Wednes|Thurs|Fri)day", f"{latest['subject']}\n{latest['body_text']}")
        rows.append((t.office, bool(days) and days[0] in office, bool(days) and days[-1] in office))
    assert sum(r[0] == "reverted" for r in rows) >= len(rows) / 4
    for at in (1, 2):
        assert sum(r[at] for r in rows) / len(rows) <= 0.55, [r for r in rows if r[at]]


# v7 (issue 34): a pass was one choice among the windows, so a guess passed one world in seven. The tradesperson must
# also be told where to park on the booked day (the building's notice and its update).
def _day_line(mail: dict[str, Any], weekday: str) -> str:
    return str(next(line for line in mail["body_text"].splitlines() if line.startswith(f"- {weekday}:")))


def test_a_guess_of_the_window_and_the_parking_together_passes_at_most_three_worlds_in_a_hundred() -> None:
    """The booked day's place is even among the eight, the notice's line for that day holds it only half the time
    (the update changes or keeps every day, half each), and every place is named in the mails, so a reader guessing
    the window among those offered and the place among those named passes about 3 % of worlds or fewer."""
    slices = _slices()
    shares: Counter[str] = Counter()
    in_notice, chance = 0, 0.0
    for p in slices:
        t = p.truth
        shares[t.parking] += 1
        notice, update = (next(e for e in p.emails if e["message_id"] == f"m-sms-park-{n}") for n in (1, 2))
        weekday = _day(t.valid)
        assert t.parking in _day_line(update, weekday)
        in_notice += t.parking in _day_line(notice, weekday)
        named = {place for place in PLACES if place in f"{notice['body_text']}\n{update['body_text']}"}
        assert t.parking in named and len(named) >= 7, named
        chance += 1 / len(t.slots) / len(named)
    assert set(shares) == set(PLACES) and max(shares.values()) / len(slices) <= 1 / len(PLACES) + TOLERANCE / 2
    assert abs(in_notice / len(slices) - 0.5) <= TOLERANCE, in_notice
    assert chance / len(slices) <= 0.03, chance / len(slices)


def test_a_place_ruled_out_in_its_own_clause_does_not_count_against_the_one_to_use() -> None:
    assert places_in("Please park in the loading bay, not the gravel lot (closed that day).") == {"loading"}
    assert places_in("The visitor bays are coned off, so use the kiln yard.") == {"kiln"}
    assert places_in("Don't use the back alley; the church car park is kept for trades.") == {"church"}
    # Naming every place alike tells none of them.
    assert len(places_in("Park in the loading bay or the back alley.")) == 2
    assert len(places_in("Not the loading bay, not the back alley.")) == 2
