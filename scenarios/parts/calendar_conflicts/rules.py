"""How calendar_conflicts reads the user's priorities, shared by the drawing (which builds a world) and the graders.

Nothing here is a fact of one world (those are the part's truth, ``CalendarTruth``): which of the user's events are
commitments, when two clash, where a losing meeting may move, and which words say that a meeting was declined.

The user's priorities (stated in chat): (1) the board review is never moved or declined — or, in half the worlds, it
is the one meeting the user may miss, declined when it clashes (``BOARD_SIDES``); (2) the personal event with the
user's child stays — or, in half the worlds, it is the one that moves (``PERSONAL_SIDES``); (3) otherwise the
world's *regime* decides between a customer meeting and an internal one — customers first, internal first, internal
first except one named customer (an account at risk), customers first except one named customer (an account being
wound down), internal first except the customer who wrote to the user about an agenda (named only by that mail), or
customers first except the customer the user meets on a named weekday (named only by the calendar). A losing meeting
the user organises moves to the slot the world's *destination* rule names (the earliest free start of that day, the
first free start after the meeting it clashed with ends, the latest start that still ends by 17:00, the latest start
that ends by the time the meeting it clashed with starts, the earliest start from 13:00, or the latest start that
still ends by noon; on the hour or half past, 09:00-17:00 UTC); one somebody else organises is declined. A drawn
world asks for a slot no other of these rules gives (``drawing._distinct_targets``), so no default rule lands on it
by luck. Each is stated in words of many shapes (``texts.PHRASES``).
No fixed rule ("keep the external meeting", "move the later one", "keep the bigger meeting") reads that: the
decision needs the user's words. All times are UTC. Spans, liveness and RSVPs are read as ``scenario_kit.grading``
reads them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta
from itertools import combinations
from typing import Any

from green_agent.scenario_kit.grading import is_live, overlaps, response_of, span

WORK_START = "09:00"
WORK_END = "17:00"
# The grid free starts are looked for on, and the grid the user asks a moved meeting to start on ("on the hour or
# half past").
SLOT_GRID = timedelta(minutes=15)
MOVE_GRID = (0, 30)

# How the user settles a customer meeting against an internal one (the third priority), and how often a world
# draws each: the ones naming one customer are drawn most (they need the user's words clash by clash).
REGIMES = ("customers", "internal", "internal_except", "customers_except", "internal_except_mail",
           "customers_except_day")
REGIME_WEIGHTS = (1, 1, 1, 1, 1, 1)
# The regimes that name one customer as the exception (``focus``) and whether that customer then wins.
EXCEPTIONS = {"internal_except": True, "customers_except": False, "internal_except_mail": True,
              "customers_except_day": False}
# The user's first two priorities, each drawn and stated in the request: the clash with the board review is won by
# the board review (``board``) or by the other meeting, the board review then declined (``call``: the user only sits
# in); the clash with the personal event with the user's child is won by the personal event (``personal``) or by the
# meeting, the personal event then moved like a meeting the user organises (``meeting``). Each side half the time:
# neither the board review's title nor an event without attendees tells the winner.
BOARD_SIDES = ("board", "call")
PERSONAL_SIDES = ("personal", "meeting")
# Where a losing meeting the user organises goes.
# (The rule "nearest its old start" left the classic in part version 4, and the day part ``conflicts`` in its
# version 3: a free slot never overlaps the meeting that won, so the nearest one is always the "before" or the "after"
# one.)
DESTINATIONS = ("earliest", "after", "latest", "before", "afternoon", "morning")
AFTERNOON = "13:00"
NOON = "12:00"

# Ways of saying "I won't be there" (whole words/phrases, scenario_kit.facts).
DECLINE_WORDS = (
    "decline", "declined", "declining", "can't make", "cannot make", "can't attend", "cannot attend",
    "won't make", "won't be able", "will not be able", "unable to attend", "unable to make", "not able to make",
    "not attend", "not attending", "won't attend", "will not attend", "skip", "skipping", "sit out",
    "bow out", "drop out of", "step out of", "miss", "rsvp'd no", "rsvped no", "said no", "can't join",
    "cannot join", "won't join", "unable to join", "not join", "not be joining", "won't be joining",
    "can't be there", "won't be there", "not be there", "not be able to", "regrets", "have to pass",
)

Span = tuple[datetime, datetime]
Events = Mapping[str, dict[str, Any]]


def committed(event: dict[str, Any], user: str) -> bool:
    """The user is bound by the event: live, opaque, and not declined by the user (events the user organises list
    no RSVP for the user)."""
    return is_live(event) and event.get("transparency") != "transparent" and \
        response_of(event, user.lower()) != "declined"


def in_week(event: dict[str, Any], first_day: str, last_day: str) -> bool:
    return first_day <= span(event)[0].date().isoformat() <= last_day


def clashes(events: Events, user: str, first_day: str, last_day: str) -> list[tuple[str, str]]:
    """Pairs of the user's commitments in the week that overlap, as (event_id, event_id) in calendar order."""
    mine = [(eid, span(e)) for eid, e in events.items() if committed(e, user) and in_week(e, first_day, last_day)]
    return [(a[0], b[0]) for a, b in combinations(mine, 2) if overlaps(a[1], b[1])]


def free_starts(busy: Iterable[Span], day: str, duration: timedelta, grid: timedelta = SLOT_GRID) -> list[datetime]:
    """Starts on ``grid`` within the working day of ``day`` (an ISO date) where a meeting of ``duration`` fits
    without overlapping any of ``busy``."""
    busy = list(busy)
    start = datetime.fromisoformat(f"{day}T{WORK_START}:00+00:00")
    close = datetime.fromisoformat(f"{day}T{WORK_END}:00+00:00")
    out = []
    while start + duration <= close:
        if not any(overlaps((start, start + duration), b) for b in busy):
            out.append(start)
        start += grid
    return out


def customer_wins(regime: str, customer: str, focus: str | None) -> bool:
    """Whether, under ``regime``, a meeting with ``customer`` beats an internal meeting it clashes with."""
    if regime == "customers":
        return True
    if regime == "internal":
        return False
    if regime in EXCEPTIONS:
        return (customer == focus) == EXCEPTIONS[regime]
    raise ValueError(f"unknown regime {regime!r}")


def target_start(busy: Iterable[Span], day: str, duration: timedelta, destination: str,
                 winner: Span | None = None) -> datetime | None:
    """The one start the user's destination rule gives a moved meeting of ``duration`` on ``day`` (ISO date), among
    the user's other commitments ``busy``, on the hour or half past: the earliest free start (``earliest``), the
    first at or after the end of the meeting it clashed with, ``winner`` (``after``), the latest that still ends by
    the end of the working day (``latest``), the latest that ends by ``winner``'s start (``before``), the earliest
    from ``AFTERNOON`` (``afternoon``), or the latest that still ends by ``NOON`` (``morning``). None: no such
    slot."""
    starts = [s for s in free_starts(busy, day, duration) if s.minute in MOVE_GRID]
    if destination in ("after", "before") and winner is None:
        raise ValueError(f"the {destination!r} rule needs the meeting that won")
    if destination in ("after", "before") and winner is not None:
        starts = ([s for s in starts if s >= winner[1]] if destination == "after" else
                  [s for s in starts if s + duration <= winner[0]][-1:])
    elif destination == "latest":
        starts = starts[-1:]
    elif destination == "afternoon":
        starts = [s for s in starts if f"{s:%H:%M}" >= AFTERNOON]
    elif destination == "morning":
        starts = [s for s in starts if f"{s + duration:%H:%M}" <= NOON][-1:]
    elif destination != "earliest":
        raise ValueError(f"unknown destination {destination!r}")
    return starts[0] if starts else None


def every_target(busy: Iterable[Span], day: str, duration: timedelta,
                 winner: Span | None = None) -> dict[str, datetime | None]:
    """The start each destination rule gives (``target_start``), by rule."""
    busy = list(busy)
    return {d: target_start(busy, day, duration, d, winner) for d in DESTINATIONS}


def windows(starts: list[datetime], duration: timedelta, grid: timedelta = SLOT_GRID) -> list[tuple[str, str]]:
    """The free windows (earliest start, latest end) that ``starts`` (from ``free_starts``) make up, as HH:MM."""
    out: list[tuple[str, str]] = []
    first = prev = None
    for s in starts:
        if prev is not None and s - prev == grid:
            prev = s
            continue
        if first is not None and prev is not None:
            out.append((f"{first:%H:%M}", f"{prev + duration:%H:%M}"))
        first = prev = s
    if first is not None and prev is not None:
        out.append((f"{first:%H:%M}", f"{prev + duration:%H:%M}"))
    return out
