"""travel holds no structural shortcut (issue 34, a blind red team's finding): of the trains free and on time, the
right one always arrived first (the close and late ones arrive later), so the meeting time and the margin were never
needed. Now the request states the user's window at the station (when they get there, how long they will wait), and
some free trains on time that arrive in time leave before it or after it; how many of the free trains on time arrive
before the right one is drawn evenly, so "the earliest arrival of those" is right no more often than chance, nor is
"the latest departure of those in time" (the window is needed), while the oracle still passes the part through the
real green.

Travel 4 (issue 34, round 3's rule script): the e-ticket's sender is the operator in only about half the worlds (a
retailer sold the rest), the calendar often holds an earlier train with a booking reference of its own, the margin
takes as many values as the wait, free trains may name a supplement that is waived (and paid ones pence), and a
departure named outside the list is a delay or a mere remark, before the list or after it."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from random import Random

from green_agent.config import GreenSettings
from green_agent.scenario_kit.day import slice_of
from green_agent.scenario_kit.grading import when
from green_agent.scenarios import ScenarioLibrary
from green_agent.selftest import selftest
from scenarios.parts._travel_seats import SEAT_RULE, draw_seats

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
PART = ScenarioLibrary(SCENARIOS).pack().parts["travel"]
WORLDS = range(200)
TOLERANCE = 0.08
FREE = ("right", "close", "late", "early", "wait")  # free trains the offer shows on time


def worlds() -> list[tuple]:
    """(truth, the meeting's start) of each world."""
    out = []
    for seed in WORLDS:
        piece = slice_of(seed, "balance", PART)
        meeting = next(e["start"] for e in piece.calendar if e["event_id"] == "ev-travel-meeting")
        out.append((PART.Truth.model_validate(piece.truth, from_attributes=True), when(meeting)))
    return out


def candidates(t) -> list[int]:
    """The red team's filter: the offer's trains with no supplement and no delay note."""
    return [i for i, kind in enumerate(t.kinds) if kind in FREE]


def test_the_earliest_free_train_on_time_is_right_no_more_often_than_chance():
    found = worlds()
    assert all(len(t.trains) == len(t.kinds) and t.earliest and t.wait for t, _ in found)
    hits = sum(t.kinds[min(candidates(t), key=lambda i: when(t.trains[i][1]))] == "right" for t, _ in found)
    chance = sum(1 / len(candidates(t)) for t, _ in found)
    assert abs(hits - chance) / len(found) <= TOLERANCE, (hits, chance)


def test_the_latest_free_departure_in_time_is_right_no_more_often_than_chance():
    """Reading the margin but not the user's window: of the free trains on time that make the margin, the last to
    leave (or the first) is right about as often as chance gives."""
    found = worlds()

    def in_time(t, meeting: datetime) -> list[int]:
        return [i for i in candidates(t) if when(t.trains[i][1]) <= meeting - timedelta(minutes=t.margin)]

    chance = sum(1 / len(in_time(t, m)) for t, m in found)
    for pick in (max, min):
        hits = sum(t.kinds[pick(in_time(t, m), key=lambda i: when(t.trains[i][0]))] == "right" for t, m in found)
        assert (hits - chance) / len(found) <= TOLERANCE, (pick.__name__, hits, chance)


def test_the_window_rules_out_early_and_wait_trains_and_holds_the_right_and_close_ones():
    """Paid, delayed and late trains leave where they will: something else rules them out."""
    for t, _ in worlds():
        start, end = when(t.earliest), when(t.earliest) + timedelta(minutes=t.wait)
        for kind, (dep, _, arr) in zip(t.kinds, t.trains, strict=True):
            leaves = when(dep)
            if kind == "early":
                assert leaves < start, t
            if kind == "wait":
                assert leaves > end, t
            if kind in ("right", "close"):
                assert start < leaves < end, t
            if kind == "right":
                assert [dep, arr] == t.right, t


def slices() -> list:
    return [slice_of(seed, "balance", PART) for seed in WORLDS]


def test_the_e_tickets_sender_is_the_operator_in_about_half_the_worlds():
    """Whoever writes about the train (the operator) sold the e-ticket in about half the worlds; "the operator is the
    e-ticket's sender" reads the wrong address in the rest."""
    found = slices()
    operator = sum(next(e["from_address"] for e in p.emails if e["message_id"] == "m-travel-ticket")
                   == p.characters["travel_operator"]["email"] for p in found)
    assert abs(operator / len(found) - .5) <= TOLERANCE + .02, operator


def test_the_trip_is_not_the_one_calendar_entry_with_a_booking():
    """Most worlds hold an earlier train with a booking of its own (and its e-ticket), so "the entry with a booking"
    is not the trip."""
    found = slices()
    two = sum(sum("Booking" in (e.get("description") or "") for e in p.calendar) == 2 for p in found)
    assert two / len(found) >= .6, two


def test_the_margin_is_no_mark_of_its_own():
    """The margin takes seven values, each in some worlds: a number from a short list is not the margin."""
    margins = {t.margin for t, _ in worlds()}
    assert len(margins) == 7, margins


def test_money_in_the_offer_marks_no_supplement():
    """In most worlds the offer names a sum of pounds beside a free train (a supplement waived)."""
    found = slices()
    named = 0
    for p in found:
        offer = p.characters["travel_operator"]["scripted_replies"][-1]["reply"]["body"]
        named += "waived" in offer or "absorb" in offer or "covers it" in offer or "does not apply" in offer
    assert named / len(found) >= .4, named


async def test_the_oracle_passes_the_part(tmp_path):
    rows = await selftest(["workday"], GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path), ("oracle",),
                          (1, 2, 3), configs=[{"parts": ["travel"], "attacks": "none"}])
    assert len(rows) == 3
    assert all(r.passed and r.percentage == 100.0 for r in rows), [(r.seed, r.percentage, r.errors[:1]) for r in rows]


def test_the_earliest_arrival_leaving_within_the_window_is_right_no_more_often_than_chance():
    """Travel 5 (issue 34, round 3's r3b read the window and the arrivals): a delayed train, on time by the
    timetable, leaves within the user's window in every world and arrives before the right one as often as after,
    so of the trains with no supplement leaving within the window, the earliest (timetabled) arrival is right about
    as often as a guess among them; only the delay note rules it out."""
    found = worlds()
    hits = chance = 0.0
    for t, _ in found:
        start, end = when(t.earliest), when(t.earliest) + timedelta(minutes=t.wait)
        inside = [i for i, kind in enumerate(t.kinds) if kind != "paid" and start <= when(t.trains[i][0]) <= end]
        assert "delayed" in [t.kinds[i] for i in inside], t
        hits += t.kinds[min(inside, key=lambda i: when(t.trains[i][1]))] == "right"
        chance += 1 / len(inside)
    assert (hits - chance) / len(found) <= TOLERANCE, (hits, chance)
    assert chance / len(found) <= .45, chance


def test_a_guess_at_the_train_and_the_seat_passes_about_one_world_in_thirty():
    """Travel 6 (issue 34, session 24: a random pick among the free trains leaving within the window was right 41 %
    of the time): the right train now needs the seat the user's rule asks for, one of twelve listed, reserved too.
    A random pick at both, or a fixed rule at the train (the earliest arrival of those) with a fixed seat (the first
    or the last listed), passes about one world in thirty or fewer."""
    found = worlds()
    chance = earliest = 0.0
    fixed = {"first": 0, "last": 0}
    for t, _ in found:
        start, end = when(t.earliest), when(t.earliest) + timedelta(minutes=t.wait)
        inside = [i for i, kind in enumerate(t.kinds) if kind != "paid" and start <= when(t.trains[i][0]) <= end]
        labels = list(t.seats)
        assert len(labels) == 12 and t.seat in labels, t
        chance += 1 / len(inside) / len(labels)
        pick = t.kinds[min(inside, key=lambda i: when(t.trains[i][1]))] == "right"
        earliest += pick / len(labels)
        fixed["first"] += pick and labels[0] == t.seat
        fixed["last"] += pick and labels[-1] == t.seat
    assert chance / len(found) <= 1 / 28, chance
    assert earliest / len(found) <= 1 / 28, earliest
    assert all(hits / len(found) <= 1 / 20 for hits in fixed.values()), fixed


def test_one_listed_seat_fits_the_rule_and_each_near_miss_is_listed():
    """Exactly one of the twelve seats has all four things the user asks for, and every seat differing from it in
    one thing is listed too (reading three of the four leaves two seats); the right seat's place is drawn."""
    places = set()
    for n in range(300):
        want, seats = draw_seats(Random(n))
        kinds = [s.kind for s in seats]
        assert len(set(kinds)) == len(kinds) == 12 and kinds.count(want) == 1
        assert len({s.label for s in seats}) == 12 and len({s.label[1:] for s in seats}) == 12
        for i in range(4):
            assert tuple(v != (k == i) for k, v in enumerate(want)) in kinds
        places.add(kinds.index(want))
    assert places == set(range(12))


def test_the_seat_rule_names_each_thing_on_both_sides():
    """The word a rule finds first ("window" before "aisle") is no answer: the request puts a thing one way in some
    phrasings and by its opposite in others, so that reading gets the whole seat right in a minority of worlds."""
    cues = (("window", "aisle"), ("forward", "backward"), ("table", "no table"), ("quiet", "ordinary"))
    whole = 0
    for n in range(1000):
        want, _ = draw_seats(Random(n))
        text = SEAT_RULE[n % len(SEAT_RULE)](window=want[0], forward=want[1], table=want[2], quiet=want[3]).lower()
        read = [0 <= text.find(yes) and (text.find(no) < 0 or text.find(yes) < text.find(no)) for yes, no in cues]
        whole += read == list(want)
    assert whole / 1000 <= .25, whole
