"""The shape of a calendar_conflicts week — which day holds which kind of clash, whose each loser is, where the
overlap the user accepts goes — drawn once per world (``drawing.drawn``), and that overlap itself: two meetings shaped
like a clash of a customer meeting and an internal one, which the user says to leave as they are (issue 34: fixing
every overlapping pair is no rule)."""

from __future__ import annotations

import random
from datetime import date
from typing import TYPE_CHECKING

from green_agent.scenario_kit.world import shuffled

from .plan import A, D, Event, Redraw, grid, hhmm, minutes, plus

if TYPE_CHECKING:
    from .drawing import _Choices, _Week


def shape(rng: random.Random, regime: str, board_side: str, personal_side: str
           ) -> tuple[tuple[str, ...], tuple[bool, ...], int, bool]:
    """Which day holds which kind of clash, whether each loser is the user's (moved) or someone else's (declined),
    and the customer clash whose day holds the overlap the user accepts, before or after it."""
    # A board review that gives way is the CEO's to decline; a personal event that gives way is the user's to move.
    forced = {"board": False if board_side == "call" else None,
              "personal": True if personal_side == "meeting" else None}
    while True:  # who organises each loser: the user (move it) or someone else (decline it); two of each, so that
        # moving to the user's slot is always part of the task and the organiser tells no loser more often than chance
        kinds = tuple(shuffled(rng, ["customer", "customer", "personal", "board"]))
        moves = tuple(rng.random() < 0.5 if forced.get(k) is None else bool(forced[k]) for k in kinds)
        if sum(moves) == 2 and (regime != "internal_except_mail" or _colleague_declines(kinds, moves, board_side)):
            break
    return kinds, moves, rng.choice([i for i, k in enumerate(kinds) if k == "customer"]), rng.random() < 0.5


def _colleague_declines(kinds: tuple[str, ...], moves: tuple[bool, ...], board_side: str) -> bool:
    """Whether a colleague organises a loser the user declines (what the agenda mail of a world whose exception is
    "the customer who mailed me" needs, ``_mail``): the personal event's rival, the board review itself, or the
    internal meeting losing to the first customer (the one that mailed, who wins)."""
    first = kinds.index("customer")
    return any(not move and (kind == "personal" or (kind == "board" and board_side == "call") or i == first)
               for i, (kind, move) in enumerate(zip(kinds, moves, strict=True)))


def accepted_pair(w: _Week, c: _Choices, day: date, events: list[Event], within: tuple[int, int],
              mine: tuple[bool, bool], lengths: tuple[int, int], inner_first: bool, size: int) -> list[Event]:
    """Two meetings that overlap each other and nothing else of the day, which the user says to leave as they are:
    a customer meeting and an internal one, as a clash of the two kinds is drawn (who organises each drawn apart),
    both ``within`` (minutes of the day: before the day's clash, or after it); ``mine``: whether the user organises
    the customer meeting, the internal one; ``lengths``: their minutes; ``inner_first``: whether the internal one
    starts first; ``size``: how many attend the internal one (the user's team, when the user organises it)."""
    rng = w.rng
    tpl, spares = c.spare
    team = next((x for x in spares if not mine[1] or len(x["team"]) == size), None)
    if team is None:
        raise Redraw
    co = w.customers[4]
    role = tpl["role"]
    contact = w.hire(f"{role[:1].upper()}{role[1:]} at {co} (customer).", f"{co.lower()}.example", "customer contact")

    taken = [(minutes(e.start), minutes(e.end)) for e in events]

    def free(lo: int, length: int) -> bool:
        return within[0] <= lo and lo + length <= within[1] and not any(a < lo + length and lo < b for a, b in taken)

    length, other = lengths
    starts = [minutes(s) for s in grid("09:30", plus("17:00", -length)) if free(minutes(s), length)]
    if not starts:
        raise Redraw
    a0 = rng.choice(starts)
    options = [s for s in range(a0 - other + 15, a0 + length, 15)
               if s >= 9 * 60 + 15 and s + other <= 17 * 60 and free(s, other) and (s < a0) == inner_first]
    if not options:
        raise Redraw
    b0 = rng.choice(options)
    organizer, attendees = ((w.U, [(contact.email, A)]) if mine[0] else
                            (contact.email, [(contact.email, A), (w.U, A)]))
    customer = Event(w.event_id(f"{co.lower()}-{tpl['slug']}", day), tpl["title"].format(co=co), day, hhmm(a0),
                     hhmm(a0 + length), organizer, attendees,
                     None if tpl["description"] is None else tpl["description"].format(co=co), "Zoom")
    if mine[1]:
        people = [w.hire(f"{role}; {mood}.", w.domain, timing=("PT20M", "PT5M")) for role, mood in team["team"]]
        organizer, attendees = w.U, [(p.email, A) for p in people]
    else:
        role, mood = team["owner"]
        owner = w.hire(f"{role}; {mood}.", w.domain, timing=("PT20M", "PT5M"))
        organizer, attendees = owner.email, [(owner.email, A), (w.U, A)]
    internal = Event(w.event_id(team["slug"], day), team["title"], day, hhmm(b0), hhmm(b0 + other), organizer,
                     attendees, team["description"])
    pair = [customer, internal]
    c.accepted = (customer.event_id, internal.event_id)
    return pair


def overlapping(events: list[Event], user: str) -> set[frozenset[str]]:
    """``plan.pairs`` in minutes of each day (fast): every event drawn is confirmed, opaque and in the week, so the
    user's commitments are the events the user has not declined."""
    by_day: dict[date, list[tuple[int, int, str]]] = {}
    for e in events:
        if (user, D) not in e.attendees:
            by_day.setdefault(e.day, []).append((minutes(e.start), minutes(e.end), e.event_id))
    return {frozenset((a[2], b[2])) for day in by_day.values() for i, a in enumerate(day) for b in day[i + 1:]
            if a[0] < b[1] and b[0] < a[1]}
