"""calendar_conflicts holds no structural shortcut (issue 34, rule scripts measured on held-out wording): the board
review won its clash and the personal event with the user's child (the one event without attendees on the day the
request names) won its clash in every world, so a script kept both without reading the request, and with customers
first by default it kept the right event in three clashes of four. Now the user's first two priorities are drawn:
the board review stays or is the meeting the user may miss (declined), the personal event stays or is the one that
moves; each half the time, stated only in the request's words, with the other meeting's organiser drawn alike either
way. Every rule on the form of the week — keep the board review, keep the event without attendees, keep the customer,
keep what the user does not organise, all four at once — keeps the right event no more often than chance, and a
wrong choice costs a right one (``right_event_kept`` and ``protected_untouched`` cancel, ``no_overlaps`` counts a
winner moved out of the way), while the oracle still passes the classic through the real green. Part version 4:
the slot a moved meeting is asked to take is never the slot another destination rule gives (the rule "nearest its
old start", always the "before" or the "after" slot, gave way to "the latest ending by noon"), so a default
destination lands on it one time in six."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from green_agent.config import GreenSettings
from green_agent.scenario_kit.day import slice_of
from green_agent.scenario_kit.part import ALONE
from green_agent.scenarios import ScenarioLibrary
from green_agent.selftest import selftest

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
PART = ScenarioLibrary(SCENARIOS).pack().parts["calendar_conflicts"]
WORLDS = range(1, 201)
CHANCE, TOLERANCE = 1 / 2, 0.1  # each clash is won by one of its two events


def drawn() -> list[tuple[Any, dict[str, dict[str, Any]], str]]:
    """Per world: its truth, its events by id, and its request."""
    out = []
    for seed in WORLDS:
        piece = slice_of(seed, "balance", PART, shape=ALONE)
        assert piece is not None, seed
        truth = PART.Truth.model_validate(piece.truth, from_attributes=True)
        out.append((truth, {e["event_id"]: e for e in piece.calendar}, piece.request))
        MAILS[seed] = list(piece.emails)
    return out


MAILS: dict[int, list[Any]] = {}  # the inbox of each world drawn


def _rate(hits: list[bool]) -> float:
    return sum(hits) / len(hits)


def test_the_board_review_and_the_personal_event_win_no_more_often_than_chance():
    found = drawn()
    board = [c.winner_title == "Board review" for t, _, _ in found for c in t.clashes if c.kind == "board"]
    assert abs(_rate(board) - CHANCE) <= TOLERANCE, _rate(board)
    # The personal event: the one event of the pair without attendees.
    bare = [not events[c.winner].get("attendees") for t, events, _ in found for c in t.clashes
            if c.kind == "personal"]
    assert abs(_rate(bare) - CHANCE) <= TOLERANCE, _rate(bare)
    # Both sides are said in the request, and the board review is named there either way.
    assert all("board review" in request.lower() for _, _, request in found)


def test_who_organises_the_other_meeting_tells_nothing():
    """Keeping the board review (or the personal event) only when the other meeting is someone else's, or only
    when it is the user's: neither beats chance."""
    found = drawn()
    for kind, title in (("board", lambda c: c.winner_title == "Board review"),
                        ("personal", lambda c: c.winner_side == "personal")):
        for mine in (True, False):
            rows = [title(c) for t, events, _ in found for c in t.clashes if c.kind == kind
                    and (str(events[c.winner if not title(c) else c.loser].get("organizer", "")).lower()
                         == t.user.lower()) == mine]
            assert rows and abs(_rate(rows) - CHANCE) <= 0.15, (kind, mine, _rate(rows))


def test_a_fixed_rule_keeps_the_right_event_no_more_often_than_chance():
    """Board review first, then the event without attendees, then the customer (an attendee outside the user's
    domain): the old default, clash by clash and all four at once."""
    found = drawn()
    right, whole = [], []
    for t, events, _ in found:
        domain = t.user.rpartition("@")[2]

        def rank(eid: str, events: dict[str, dict[str, Any]] = events, domain: str = domain) -> int:
            e = events[eid]
            if e["title"] == "Board review":
                return 3
            if not e.get("attendees"):
                return 2
            return int(any(not a["email"].lower().endswith("@" + domain) for a in e["attendees"]))

        picks = [(rank(c.winner) > rank(c.loser)) for c in t.clashes]
        right += picks
        whole.append(all(picks))
    assert abs(_rate(right) - CHANCE) <= TOLERANCE, _rate(right)
    assert _rate(whole) <= 1 / 16 + 0.06, _rate(whole)
    # Keeping the meeting the user does not organise (declining is the usual fate of someone else's) neither.
    theirs = [str(events[c.winner].get("organizer", "")).lower() != t.user.lower() for t, events, _ in found
              for c in t.clashes]
    assert abs(_rate(theirs) - CHANCE) <= TOLERANCE, _rate(theirs)


def test_each_side_of_the_first_two_priorities_is_drawn_with_each_wording():
    found = drawn()
    sides = {(c.kind, c.winner_side) for t, _, _ in found for c in t.clashes if c.kind in ("board", "personal")}
    assert sides == {("board", "board"), ("board", "call"), ("personal", "personal"), ("personal", "meeting")}
    # A personal event that gives way is the user's own, moved with nobody to tell.
    for t, events, _ in found:
        for c in t.clashes:
            if c.kind == "personal" and c.winner_side == "meeting":
                assert c.resolution == "move" and not c.affected and not events[c.loser].get("attendees")
            if c.kind == "board" and c.winner_side == "call":
                assert c.resolution == "decline" and c.loser_title == "Board review"


async def test_the_oracle_passes_the_classic(tmp_path):
    rows = await selftest(["calendar_conflicts"], GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path),
                          ("oracle",), (1, 2, 3))
    assert len(rows) == 3
    assert all(r.passed and r.percentage == 100.0 for r in rows), [(r.seed, r.percentage, r.errors[:1]) for r in rows]


def test_the_mail_and_the_declined_meeting_point_at_no_winner():
    """A colleague's agenda mail ("shout if you can't make it") is about a meeting that will be declined no more
    often than about one that stays; the meeting the user already declined overlaps the winner or the loser alike."""
    found = drawn()
    about, touches = [], []
    for seed, (t, events, _) in zip(WORLDS, found, strict=True):
        mail = next(m for m in MAILS[seed] if "shout if you can't make it" in str(m["body_text"]).lower())
        subject = str(mail["subject"]).lower()
        named = [c for c in t.clashes for title in (c.winner_title, c.loser_title)
                 if subject.startswith(title.lower().split(":")[0])]
        hit = next((c for c in t.clashes if subject.startswith(c.loser_title.lower().split(":")[0])
                    and events[c.loser]["organizer"] == mail["from_address"]), None)
        if named:
            about.append(hit is not None)
        (declined,) = [e for eid, e in events.items() if eid in t.already_declined]
        for c in t.clashes:
            spans = {eid: (events[eid]["start"], events[eid]["end"]) for eid in (c.winner, c.loser)}
            over = [eid for eid, (a, b) in spans.items() if a < declined["end"] and declined["start"] < b]
            if len(over) == 1:
                touches.append(over[0] == c.winner)
    assert len(about) >= 150 and abs(_rate(about) - CHANCE) <= TOLERANCE, (len(about), _rate(about))
    # (It overlaps only one of the two in about a quarter of the worlds: a smaller sample, a wider margin.)
    assert len(touches) >= 40 and abs(_rate(touches) - CHANCE) <= 0.15, (len(touches), _rate(touches))


def test_no_default_destination_lands_on_the_asked_slot_more_often_than_chance():
    """Where a moved meeting goes: a script that always uses one destination rule (the earliest slot, the first after
    the meeting that won, the latest, the last before it, the first from 13:00, the last ending by noon) lands on the
    asked slot only when that rule is the one asked — no other rule's slot (nor the slot of a reading that keeps clear
    of the already-declined meeting) is the asked one, and each rule is asked in about one world in six."""
    from scenarios.parts.calendar_conflicts import drawing, rules
    from scenarios.parts.calendar_conflicts.plan import busy

    plans = [drawing.drawn(__import__("random").Random(f"balance-destination-{seed}")) for seed in WORLDS]
    chance = 1 / len(rules.DESTINATIONS)
    asked = [p.destination for p in plans]
    for rule in rules.DESTINATIONS:
        assert abs(asked.count(rule) / len(plans) - chance) <= 0.07, (rule, asked.count(rule))
    moves = [(p, c) for p in plans for c in p.clashes if c.resolution == "move"]
    assert len(moves) == 2 * len(plans)
    for rule in rules.DESTINATIONS:
        hits = []
        for p, c in moves:
            day, length = c.loser.day.isoformat(), c.loser.span[1] - c.loser.span[0]
            slot = rules.target_start(busy(p, c), day, length, rule, c.winner.span)
            hits.append(slot is not None and f"{slot:%H:%M}" == c.new_start)
            if rule != p.destination:
                assert not hits[-1], (rule, p.destination, c.loser.event_id)
        assert abs(_rate(hits) - chance) <= 0.07, (rule, _rate(hits))


def test_no_fixed_priority_rule_gets_every_clash_right_often():
    """Each of the eight fixed rules (the board review or the other meeting, the personal event or the meeting,
    customers or internal meetings first) against the four clashes of each world: how often it keeps the right event
    in all four. About one world in 16 to 32 (the two customer clashes share a regime); the brief's aim of at most 2 %
    needs a fifth clash (not done yet)."""
    from itertools import product

    found = drawn()
    rates = {}
    for board, personal, customer in product(("board", "call"), ("personal", "meeting"), ("customer", "internal")):
        want = {"board": board, "personal": personal, "customer": customer}
        rates[(board, personal, customer)] = _rate([all(c.winner_side == want[c.kind] for c in t.clashes)
                                                    for t, _, _ in found])
    # 1/16 and two and a half standard deviations of a rate over the 200 worlds (a draw of world seeds moves it by one)
    assert max(rates.values()) <= 1 / 16 + 2.5 * (1 / 16 * 15 / 16 / len(found)) ** 0.5, rates


def _customer_pairs(t: Any, events: dict[str, dict[str, Any]]) -> list[tuple[bool, str, str]]:
    """The three overlapping pairs of a customer meeting and an internal one: the two clashes and the overlap the user
    accepts, as (accepted, customer meeting id, internal meeting id)."""
    domain = t.user.rpartition("@")[2]

    def internal(eid: str) -> bool:
        e = events[eid]
        return all(a["email"].lower().endswith("@" + domain) for a in e.get("attendees") or []) and \
            str(e.get("organizer", "")).lower().endswith("@" + domain)

    out = []
    for ids, accepted in [*(((c.winner, c.loser), False) for c in t.clashes if c.kind == "customer"),
                          (tuple(t.accepted), True)]:
        (inner,) = [x for x in ids if internal(x)]
        (outer,) = [x for x in ids if x != inner]
        out.append((accepted, outer, inner))
    return out



Pair = tuple[bool, str, str]
# Features of one pair (accepted?, customer meeting, internal meeting) a fixed rule could pick the accepted one by.
FEATURES = {
    "earlier in the day": lambda t, ev, p: min(ev[p[1]]["start"], ev[p[2]]["start"]),
    "named earlier in the request": lambda t, ev, p, named="": named.index(ev[p[2]]["title"]),
    "the user organises the customer meeting": lambda t, ev, p: str(ev[p[1]]["organizer"]).lower() == t.user.lower(),
    "the user organises the internal meeting": lambda t, ev, p: str(ev[p[2]]["organizer"]).lower() == t.user.lower(),
    "the internal meeting starts first": lambda t, ev, p: ev[p[2]]["start"] < ev[p[1]]["start"],
    "the longer customer meeting": lambda t, ev, p: _length(ev[p[1]]),
    "the longer internal meeting": lambda t, ev, p: _length(ev[p[2]]),
    "more attendees": lambda t, ev, p: len(ev[p[2]].get("attendees") or []) + len(ev[p[1]].get("attendees") or []),
}

COPIED = ("the user organises the customer meeting", "the user organises the internal meeting",
          "the internal meeting starts first", "the longer customer meeting", "the longer internal meeting",
          "more attendees")


def test_the_overlap_the_user_accepts_is_no_pair_a_fixed_rule_finds():
    """Every drawn world holds a fifth overlapping pair the user says to leave (both meetings stay), shaped like the
    two clashes of a customer meeting and an internal one, on the day of one of them (before or after it alike), and
    named beside both in the request, each by its day and its internal meeting (first, second or last alike; no
    customer named). Between the two pairs of that day, its place in the day or in the sentence picks the accepted one
    no more often than one time in two (chance), and who organises either meeting, which starts first, how long each
    is and how many attend are as in the day's clash; its customer is the company of no other meeting."""
    found = drawn()
    said = []
    picks: dict[str, list[bool]] = {name: [] for name in FEATURES}
    for t, events, request in found:
        pairs = _customer_pairs(t, events)
        named = request.rsplit("\n\n", 1)[-1]
        assert all(events[outer]["title"].split()[0] not in named for _, outer, _ in pairs)
        said.append(sorted(pairs, key=lambda p, n=named: n.index(events[p[2]]["title"]))[0][0])
        day = events[t.accepted[0]]["start"][:10]
        same = [p for p in pairs if events[p[1]]["start"][:10] == day]
        assert len(same) == 2, "the accepted overlap shares its day with one customer clash"
        for name, feature in FEATURES.items():
            keys = [feature(t, events, p, named) if "named" in name else feature(t, events, p) for p in same]
            if keys[0] != keys[1]:  # the rule picks the pair whose feature is the higher (or True)
                picks[name].append(same[keys.index(max(keys))][0])
        company = events[pairs[-1][1]]["title"].split()[0]
        assert sum(1 for e in events.values() if company in e["title"]) == 1, company
    assert abs(_rate(said) - 1 / 3) <= TOLERANCE, _rate(said)  # named first: one time in three
    # Who organises each meeting of the accepted pair, how long each is, which starts first and how many attend are as
    # in the clash of its day: those features never differ; where it lies in the day and in the request, half the time.
    for name in COPIED:
        assert not picks.pop(name), name
    for name, hits in picks.items():
        assert len(hits) >= 40 and abs(_rate(hits) - CHANCE) <= TOLERANCE, (name, len(hits), _rate(hits))


def _length(event: dict[str, Any]) -> int:
    from datetime import datetime

    start, end = (datetime.fromisoformat(str(event[k])) for k in ("start", "end"))
    return int((end - start).total_seconds() // 60)


# A short cue list of each side of the user's first three priorities, as a rule script would read them (part 6).
_STAYS = ("never", "untouchable", "sacred", "stays", "comes first", "protected", "nothing bumps", "always")
_GIVES = ("skip", "decline", "optional", "sitting in", "miss", "let go", "flexible", "can move", "can shift",
          "reschedul", "moves", "movable")
_CUSTOMERS = ("customer meetings win", "customers first", "customer always", "keep the customer",
              "customer meetings beat", "customers come first", "customer one")
_INTERNAL = ("internal meetings win", "internal first", "internal comes first", "keep the internal",
             "internal meetings beat", "not this week", "internal ones")


def _cues(text: str, words: tuple[str, ...]) -> int:
    return sum(text.count(w) for w in words)


def _clauses(request: str, key: str) -> str:
    return " ".join(c for c in re.split(r"(?<=[.;])\s+|\n+|\d\)\s", request.lower()) if key in c)


def test_the_cue_words_of_each_rule_stand_for_both_answers() -> None:
    """Each rule carries, in its own clause, the other side's cue words negated or the rule restated (drawn), both
    customers of the week's customer clashes are named with their weekdays, and the lunch hour's 12:00 and 13:00 are
    in every request: counting a side's cue words keeps the right event no more often than chance, a customer's
    name or a weekday singles out no exception, and a time in the request names no destination rule."""
    found = drawn()
    board, personal, regime = [], [], []
    for truth, events, request in found:
        low = request.lower()
        assert "12:00" in request and "13:00" in request
        assert all(c.customer in request for c in truth.clashes if c.kind == "customer")
        won = next(c for c in truth.clashes if c.kind == "board").winner_title == "Board review"
        said = _clauses(request, "board review")
        board.append((_cues(said, _STAYS) >= _cues(said, _GIVES)) == won)
        clash = next(c for c in truth.clashes if c.kind == "personal")
        kept = not events[clash.winner].get("attendees")
        said = _clauses(request, events[clash.winner if kept else clash.loser]["title"].split()[0].lower())
        personal.append((_cues(said, _STAYS) >= _cues(said, _GIVES)) == kept)
        regime.append((_cues(low, _CUSTOMERS) >= _cues(low, _INTERNAL)) == truth.regime.startswith("customers"))
    for hits in (board, personal, regime):
        assert _rate(hits) <= CHANCE + 0.15, _rate(hits)


# A short cue list of leaving an overlap alone and of resolving it, as a rule script reads the line of each internal
# meeting (part 7).
_LEAVE = ("leave", "as they are", "keep both", "juggle", "live with", "let both stand", "untouched", "fine")
_FIX = ("fix", "sort", "resolv", "like the rest", "needs")


def _first(text: str, words: tuple[str, ...]) -> int:
    return min((i for i in (text.find(w) for w in words) if i >= 0), default=len(text))


def test_the_cue_words_of_the_accepted_overlap_stand_for_both_answers() -> None:
    """The overlap the user accepts and the two clashes beside it are said a line each, and every line carries both the
    words of leaving both meetings and those of resolving the clash (one side negated, retracted or reported): the line
    with the most leave-words over fix-words, or whose first (or last) cue is a leave-word, is the accepted one no more
    often than chance (one time in three, or in two between the lines whose cue differs)."""
    most, first, last = [], [], []
    for t, events, request in drawn():
        lines = [line.lower() for line in request.rsplit("\n\n", 1)[-1].splitlines()[1:]]
        assert len(lines) == 3
        ok = next(i for i, line in enumerate(lines) if any(events[e]["title"].lower() in line for e in t.accepted))
        score = [_cues(line, _LEAVE) - _cues(line, _FIX) for line in lines]
        if score.count(max(score)) == 1:
            most.append(score.index(max(score)) == ok)
        for hits, pick in ((first, lambda s: _first(s, _LEAVE) < _first(s, _FIX)),
                           (last, lambda s: _first(s[::-1], tuple(w[::-1] for w in _LEAVE))
                            < _first(s[::-1], tuple(w[::-1] for w in _FIX)))):
            said = [pick(line) for line in lines]
            if said.count(True) == 1:
                hits.append(said.index(True) == ok)
    assert len(most) >= 20 and _rate(most) <= 1 / 3 + TOLERANCE, (len(most), _rate(most))
    for hits in (first, last):
        assert len(hits) >= 20 and _rate(hits) <= 1 / 3 + TOLERANCE, (len(hits), _rate(hits))


def _signatures(kind: str) -> list[str]:
    """The longest fixed stretch of each public phrasing of ``kind``: what a script matching the public sentence
    reads."""
    from scenarios.parts.calendar_conflicts.texts import PHRASES
    return [max(re.split(r"\{[^}]*\}", str(p)), key=len).strip().lower() for p in PHRASES.kinds[kind]]


def _said(request: str, kind: str) -> int:
    """Where the first public sentence of ``kind`` stands in ``request`` (-1: none)."""
    low = request.lower()
    return min((i for i in (low.find(s) for s in _signatures(kind)) if i >= 0), default=-1)


def test_each_rule_stands_beside_the_other_sides_public_sentence() -> None:
    """Part 8: every drawn request gives each of the first two priorities in both sides' public sentences, one
    version beside the other in a drawn order, the one that holds named by its position alone: a script that matches
    one side's sentence, or takes the first or the last version given, keeps the right event no more often than
    chance."""
    first: dict[str, list[bool]] = {"board": [], "personal": []}
    for truth, _, request in drawn():
        for kind, sides in (("board", ("board", "call")), ("personal", ("personal", "meeting"))):
            at = {side: _said(request, f"{kind}_{side}") for side in sides}
            assert all(i >= 0 for i in at.values()), (kind, request)
            won = next(c.winner_side for c in truth.clashes if c.kind == kind)
            first[kind].append(min(at, key=lambda s: at[s]) == won)
    for hits in first.values():
        assert abs(_rate(hits) - CHANCE) <= TOLERANCE, _rate(hits)
