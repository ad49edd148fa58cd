"""Who is away on a given day, as colleagues really say it: statements of leave whose words are the same whether the
person is away that day or not — only the dates, set against the day in question (and, for words like "tomorrow",
against the day the message was written), tell which.

A statement is one of several constructions (``CONSTRUCTIONS``): a span of leave, a return date, a trip of some days,
leave that was moved (the newer span counts: the older one is a decoy holding the other answer), and leave anchored
on another dated event (its date stated in another message, ``Leave.anchors``). Spans are written absolutely ("from
Thursday 16 April to the 20th") or, in a dated message, relative to its date ("until tomorrow", "since Monday").
Used by the parts that ask who is in (route_request) or who can be reached (contacts_lookup).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from green_agent.scenario_kit.phrasing import Phrasebook

__all__ = ["BOOK", "CONSTRUCTIONS", "EVENTS", "Leave", "leave_range", "leave_span", "leave_statement", "written_date"]

CONSTRUCTIONS = ("span", "back", "trip", "moved", "anchored", "cover", "cancelled")
# Dated events a leave may be anchored on: the anchor's date is only in another message.
EVENTS = ("sales kickoff", "board meeting", "quarterly review", "compliance review", "all-hands", "supplier expo",
          "planning hearing", "design freeze", "tender deadline")
SPAN = ("off {a} to {b}", "away until {b}", "on leave {a} - {b}", "out between {a} and {b}",
        "on holiday from {a}; back to work on {back}", "off work {a} through {b}")
BACK = ("{first} is back on {back}.", "{first} returns to the office {back}.", "Expect {first} back {back}.",
        "{first}'s first day back is {back}.")
TRIP = ("{first} flew out {a} for {n} days.", "{first} left {a} for a {n}-day course.",
        "{first} is doing a {n}-day site tour starting {a}.")
MOVED = ("{first}'s leave was {old}, but {their} manager moved it: it's {new} now.",
         "{first} has swapped {their} days off - not {old} any more, {new} instead.",
         "Change of plan for {first}: the time off planned {old} is now {new}.")
ANCHORED = ("{first} is off from the day after the {event} for {n} days.",
            "{first} takes {n} days off starting the day after the {event}.",
            "{first} is away the {n} days before the {event}.")
# Said of the person standing in ({other}): the leave is {first}'s, whichever name comes first.
COVER = ("{other} is covering for {first}, who is {span}.", "While {first} is {span}, {other} picks up {their} work.",
         "{other} has {first}'s desk, as {first} is {span}.", "Ask {other}, not {first}, for anything while {first} "
         "is {span}.")
# Leave that was called off (the person is in whatever its dates say) or swapped for other days.
CANCELLED = ("{first}'s leave {range} is cancelled - {first} is in after all.",
             "{first} was going to be off {range}, but that fell through.",
             "{first} no longer needs the days off {range}; forget what I said.")
SWAPPED = ("{first} cancelled the days off {old} and took {new} instead.",
           "{first} gave up the leave {old}; {first} is off {new} now.")
ANCHOR = ("Reminder: the {event} is on {date}.", "The {event} is set for {date}.",
          "Don't forget the {event} ({date}).")
# The statements' kinds, drawn through this book: a part that states leave merges its kinds into its own phrasebook
# (under these names), so a wording pack that words the part words its leave too. A phrasing's position is drawn
# before the dates that fill it (``index``, then ``nth``), as the stream always drew them.
BOOK = Phrasebook({"span": SPAN, "back": BACK, "trip": TRIP, "moved": MOVED, "anchored": ANCHORED, "anchor": ANCHOR,
                   "cover": COVER, "cancelled": CANCELLED, "swapped": SWAPPED}, positional=frozenset({"anchored"}))
# Whether an anchored phrasing puts the leave before its event (else after), by position: a wording keeps the order.
_BEFORE = tuple("before" in template for template in ANCHORED)


@dataclass
class Leave:
    """Statements drawn for one world, and the anchor messages they lean on (event → the sentence dating it)."""

    today: datetime  # midnight of the day the question concerns
    anchors: dict[str, str] = field(default_factory=dict)
    events: tuple[str, ...] = EVENTS  # the events this part may anchor leave on (parts of one day use apart ones)

    def day(self, offset: int) -> datetime:
        return self.today + timedelta(days=offset)


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _absolute(rng: random.Random, d: datetime) -> str:
    return rng.choice((f"{d:%A} {d.day} {d:%B}", f"{d.day} {d:%B}", f"the {_ordinal(d.day)}",
                       f"{d:%A} the {_ordinal(d.day)}", f"{d:%a} {d.day}/{d.month}"))


def written_date(rng: random.Random, d: datetime, said: datetime | None) -> str:
    """``d`` as a message of date ``said`` puts it: relative to ``said`` half the time, else absolutely."""
    if said is not None and rng.random() < 0.5:
        gap = (d.date() - said.date()).days
        near = {0: "today", 1: "tomorrow", -1: "yesterday"}
        if gap in near:
            return near[gap]
        if 1 < gap < 7:
            return f"{d:%A}" if rng.random() < 0.5 else f"this {d:%A}"
        if -7 < gap < -1:
            return f"last {d:%A}"
    return _absolute(rng, d)


def leave_span(rng: random.Random, leave: Leave, first: int, last: int, said: datetime | None) -> str:
    """Days ``first`` to ``last`` of ``leave`` (from the day in question) as a span's words ("off 3 June to Friday the
    5th"), dates written as a message of date ``said`` puts them."""
    a, b, back = (leave.day(n) for n in (first, last, last + 1))
    n = BOOK.index(rng, "span")
    return BOOK.nth("span", n, a=written_date(rng, a, said), b=written_date(rng, b, said),
                    back=written_date(rng, back, said))


def leave_range(rng: random.Random, leave: Leave, first: int, last: int) -> str:
    """Days ``first`` to ``last`` of ``leave`` as a range of absolute dates ("3 June to 5 June")."""
    a, b = (_absolute(rng, leave.day(n)) for n in (first, last))
    return rng.choice((f"{a} to {b}", f"from {a} until {b}", f"{a} - {b}", f"{a} through {b}"))


def _spans(rng: random.Random, away: bool) -> tuple[int, int]:
    """A span of leave (days from the day in question, first and last) that holds it or not."""
    if away:
        return rng.choice(((-2, 0), (-1, 1), (0, 2), (-3, 1), (0, 0), (-1, 3), (-4, 0), (0, 4)))
    return rng.choice(((1, 3), (2, 4), (-5, -1), (-3, -1), (1, 1), (-2, -1), (3, 7), (-8, -3)))


def leave_statement(rng: random.Random, leave: Leave, first: str, away: bool, construction: str,
                    said: datetime | None, their: str = "their", other: str = "") -> str:
    """A sentence saying when ``first`` (a name, or "our <role>") is on leave, in ``construction``'s words: away on
    the day in question or not (``away``). ``said``: the message's date (None for undated text: absolute dates only);
    ``other``: someone standing in (the "cover" construction names them too)."""
    text = _statement(rng, leave, first, away, construction, said, their, other)
    return text[:1].upper() + text[1:]


def _statement(rng: random.Random, leave: Leave, first: str, away: bool, construction: str,
               said: datetime | None, their: str, other: str) -> str:
    if construction == "cover" and other:
        lo, hi = _spans(rng, away)
        n = BOOK.index(rng, "cover")
        return BOOK.nth("cover", n, first=first, other=other, their=their, span=leave_span(rng, leave, lo, hi, said))
    if construction == "cancelled":
        if away:
            n = BOOK.index(rng, "swapped")
            return BOOK.nth("swapped", n, first=first, old=leave_range(rng, leave, *_spans(rng, False)),
                            new=leave_range(rng, leave, *_spans(rng, True)))
        n = BOOK.index(rng, "cancelled")
        return BOOK.nth("cancelled", n, first=first, range=leave_range(rng, leave, *_spans(rng, True)))
    if construction in ("span", "cover"):
        lo, hi = _spans(rng, away)
        return f"{first} is {leave_span(rng, leave, lo, hi, said)}."
    if construction == "back":
        # Said during the leave: back later than the day (away) or on or before it (in).
        back = rng.choice((1, 2, 3, 5)) if away else rng.choice((0, -1, -2))
        m = BOOK.index(rng, "back")
        return BOOK.nth("back", m, first=first, back=written_date(rng, leave.day(back), said))
    if construction == "trip":
        n = rng.choice((2, 3, 4, 5))
        start = rng.randrange(1 - n, 1) if away else rng.choice((-n - rng.randrange(1, 3), rng.randrange(1, 4)))
        m = BOOK.index(rng, "trip")
        return BOOK.nth("trip", m, first=first, a=written_date(rng, leave.day(start), said), n=n)
    if construction == "moved":
        new, old = _spans(rng, away), _spans(rng, not away)
        m = BOOK.index(rng, "moved")
        return BOOK.nth("moved", m, first=first, their=their, old=leave_range(rng, leave, *old),
                        new=leave_range(rng, leave, *new))
    free = [e for e in leave.events if e not in leave.anchors]
    if not free:  # every event already anchors someone's leave: a plain span
        return _statement(rng, leave, first, away, "span", said, their, other)
    event = rng.choice(free)
    n = rng.choice((2, 3, 4))
    which = BOOK.index(rng, "anchored")
    before = _BEFORE[which]
    # The span is n days after (or before) the event: place the event so that the span holds the day or not.
    lo = rng.randrange(-n + 1, 1) if away else (rng.choice((1, 2)) if rng.random() < 0.5 else -n - rng.randrange(1, 3))
    at = lo + n if before else lo - 1
    m = BOOK.index(rng, "anchor")
    leave.anchors[event] = BOOK.nth("anchor", m, event=event, date=_absolute(rng, leave.day(at)))
    return BOOK.nth("anchored", which, first=first, event=event, n=n)
