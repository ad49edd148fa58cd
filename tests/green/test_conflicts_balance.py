"""conflicts holds no structural shortcut (issue 34, rule scripts measured on held-out wording): the personal
commitment (the one event without attendees) won its clash in every world, every overlapping pair was a clash to fix,
and only a loser was ever the user's own meeting, so a script kept the event without attendees, fixed every overlap
and moved or declined by who organised what, and its one guess (customer or internal) was right half the time. Part
version 3: the personal commitment stays or gives way by the user's words (half the time each); in half the worlds
the user accepts one of the two overlaps (either alike) and it stays, every title named in the request either way;
who organises each meeting is drawn apart for winners and losers; a clash left in place costs one, as touching an
event to keep does; and the destination rules are the five that give distinct kinds of slot ("the nearest" was always
the before or the after one). Every such fixed rule is right about as often as chance, and all of them at once in
about one world in eight, while the oracle still passes through the real green."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from green_agent.config import GreenSettings
from green_agent.scenario_kit.day import slice_of
from green_agent.scenarios import ScenarioLibrary
from green_agent.selftest import selftest

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
PART = ScenarioLibrary(SCENARIOS).pack().parts["conflicts"]
WORLDS = range(1, 201)
CHANCE, TOLERANCE = 1 / 2, 0.1
_FOUND: list[tuple[Any, dict[str, dict[str, Any]], str]] = []


def drawn() -> list[tuple[Any, dict[str, dict[str, Any]], str]]:
    """Per world: its truth, its events by id, and its request."""
    if not _FOUND:
        for seed in WORLDS:
            piece = slice_of(seed, "balance", PART)
            assert piece is not None, seed
            truth = PART.Truth.model_validate(piece.truth, from_attributes=True)
            _FOUND.append((truth, {e["event_id"]: e for e in piece.calendar}, piece.request))
    return _FOUND


def _rate(hits: list[bool]) -> float:
    return sum(hits) / len(hits)


def _kept(t: Any, eid: str) -> bool:
    return eid in t.winners


def test_the_event_without_attendees_wins_no_more_often_than_chance():
    found = drawn()
    bare = [_kept(t, "ev-conflicts-personal") for t, _, _ in found if t.accepted != "b"]
    assert abs(_rate(bare) - CHANCE) <= TOLERANCE, _rate(bare)
    customer = [_kept(t, "ev-conflicts-customer") for t, _, _ in found if t.accepted != "a"]
    assert abs(_rate(customer) - CHANCE) <= TOLERANCE, _rate(customer)


def test_fixing_every_overlap_is_right_as_often_as_leaving_one():
    found = drawn()
    accepted = [t.accepted for t, _, _ in found]
    assert abs(accepted.count("") / len(found) - 1 / 2) <= TOLERANCE
    assert abs(accepted.count("a") / len(found) - 1 / 4) <= 0.07
    assert abs(accepted.count("b") / len(found) - 1 / 4) <= 0.07
    # Every title of the four is named in the request whichever overlap stays.
    for _, events, request in found:
        for eid in ("ev-conflicts-customer", "ev-conflicts-internal", "ev-conflicts-personal",
                    "ev-conflicts-meeting"):
            assert events[eid]["title"] in request, (eid, request)


def test_who_organises_a_meeting_tells_nothing():
    """Keeping the meeting the user does not organise (or the one the user does) in a clash where one of the two
    is the user's and the other not: no better than chance."""
    found = drawn()
    rows = []
    for t, events, _ in found:
        for pair in (("ev-conflicts-customer", "ev-conflicts-internal"),
                     ("ev-conflicts-personal", "ev-conflicts-meeting")):
            if all(_kept(t, e) for e in pair):
                continue
            user = str(events["ev-conflicts-unrelated"]["organizer"]).lower()  # the user's own
            mine = [str(events[e]["organizer"]).lower() == user for e in pair]
            if mine.count(True) == 1:
                rows.append(_kept(t, pair[mine.index(True)]))
    assert len(rows) >= 60 and abs(_rate(rows) - CHANCE) <= 0.12, (len(rows), _rate(rows))


def _all_right(t: Any, personal: bool, customer: bool, leave: str) -> bool:
    """Whether keeping the personal commitment (or not), the customer (or not) and leaving overlap ``leave`` ("" for
    none) gets every decision of world ``t`` right."""
    if t.accepted != leave:
        return False
    return ((leave == "a" or _kept(t, "ev-conflicts-customer") == customer)
            and (leave == "b" or _kept(t, "ev-conflicts-personal") == personal))


def test_no_fixed_rule_gets_the_whole_day_right_often():
    """Keep the event without attendees (or the meeting), the customer (or the internal meeting), fix every overlap
    (or leave one of the two): each combination gets every decision of the day right in at most about one world in
    eight."""
    found = drawn()
    rates = {}
    for personal in (True, False):
        for customer in (True, False):
            for leave in ("", "a", "b"):
                rates[(personal, customer, leave)] = _rate([_all_right(t, personal, customer, leave)
                                                            for t, _, _ in found])
    assert max(rates.values()) <= 1 / 8 + 0.06, rates


def test_each_destination_rule_is_drawn_and_a_day_moves_none_one_or_two():
    found = drawn()
    rules = [t.rule for t, _, _ in found]
    for rule in ("earliest", "after", "latest", "before", "afternoon"):
        assert abs(rules.count(rule) / len(found) - 1 / 5) <= 0.07, (rule, rules.count(rule))
    moves = {len(t.moved) for t, _, _ in found}
    assert moves == {0, 1, 2}
    # A personal commitment that gives way is the user's own, moved with nobody to tell.
    for t, _, _ in found:
        if t.home == "yields" and t.accepted != "b":
            assert "ev-conflicts-personal" in t.moved


async def test_the_oracle_passes_days_of_the_part(tmp_path):
    settings = GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path)
    rows = await selftest(["workday"], settings, ("oracle",), (1, 2, 3),
                          configs=[{"parts": ["conflicts"], "attacks": "none"}])
    assert len(rows) == 3
    assert all(r.passed and r.percentage == 100.0 for r in rows), [(r.seed, r.percentage, r.errors[:1]) for r in rows]


def _said(request: str, kinds: tuple[str, ...]) -> list[tuple[int, str]]:
    """Where each public phrasing of ``kinds`` sits in ``request``, in order: (position, kind)."""
    from scenarios.parts.conflicts import PHRASES
    return sorted((request.find(text), kind) for kind in kinds for text in PHRASES.phrasings(kind)
                  if isinstance(text, str) and text in request)


def test_every_rule_has_a_rival_in_the_request_and_neither_place_tells():
    """Part version 4 (round 3's r3a read every rule of the public words, 100 %): each decision is disputed between
    two people's rules with opposite answers (the destination among three rules), the user following one by name.
    Every rule's cue words are in every request, and the rule said first is the user's only at chance."""
    found = drawn()
    homes, rules = [], []
    for t, _, request in found:
        home = _said(request, ("personal_stays", "personal_yields"))
        assert {kind for _, kind in home} == {"personal_stays", "personal_yields"}, request
        homes.append(home[0][1] == f"personal_{t.home}")
        rule = _said(request, ("earliest", "after", "latest", "before", "afternoon"))
        assert len({kind for _, kind in rule}) == 3 and t.rule in {kind for _, kind in rule}, request
        rules.append(rule[0][1] == t.rule)
    assert abs(_rate(homes) - CHANCE) <= TOLERANCE, _rate(homes)
    assert abs(_rate(rules) - 1 / 3) <= TOLERANCE, _rate(rules)


def test_a_guess_among_the_rules_said_gets_the_day_right_at_most_one_world_in_fifty():
    """Part version 5 (a guess of the four decisions passed about one world in sixteen): the overlap to fix is argued
    three ways and three one-to-ones booked at one time are argued too, so a script that reads every rule of the
    request but not whose the user follows (one answer said per decision, drawn uniformly) gets every loser right in
    at most one world in fifty; the trio is in every request, each of its titles in a rule to keep."""
    found = drawn()
    assert sum(t.chance for t, _, _ in found) / len(found) <= 0.02
    kept = [t.trio for t, _, _ in found]
    for trio in ("ev-conflicts-trio0", "ev-conflicts-trio1", "ev-conflicts-trio2"):
        assert abs(kept.count(trio) / len(found) - 1 / 3) <= TOLERANCE, (trio, kept.count(trio))
    for t, events, request in found:
        assert all(events[f"ev-conflicts-trio{n}"]["title"] in request for n in range(3)), request
        assert set(t.declined) >= {f"ev-conflicts-trio{n}" for n in range(3)} - {t.trio}
