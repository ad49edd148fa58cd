"""How a user points at one of several look-alike meetings ("my 3 o'clock with Dana") when asked which one is meant:
never by a field to copy, and never by one clause alone. Each other look-alike is ruled out by a clause of its own,
each by a different kind of fact to resolve against the world — who it is with, an event near it on the calendar
("not the one the day after my eye test"), what its person wrote ("not the Dana who emailed about the invoice"), its
place in the week or its length, said as a negation ("X can stay") or as the pair the meant one is in ("one of the
later two") — sometimes after a first pointer at a wrong one taken back. The answer may also move the new time
("make it 4pm, not 11", "an hour later than I said"), or — a decision of its own (``timed``) — name three free times on
the new day and an event of that day, the new time being the first of them after it or the last before it. Used by
the parts ``clarification`` (a day's task) and
``clarification_loop`` (the classic)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from green_agent.scenario_kit.facts import clock12
from green_agent.scenario_kit.phrasing import Phrasebook

__all__ = ["CLAUSES", "PHRASES", "SHIFTED", "STATED", "TIMED", "TIMES", "Candidate", "clause", "event_at",
           "plain_pointer", "point", "pointer", "retime", "timed", "within"]

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
# How a clause of the answer rules a look-alike out: who it is with (surname, title's word, weekday, company or
# relation), an event near it, what its person wrote, its place in the week, its length. Every answer rules each
# other look-alike out by a clause of its own: no clause alone tells which one is meant.
CLAUSES = ("who", "near", "mail", "place", "length")
TIMES = ("as asked", "stated", "shifted")

# A look-alike ruled out: "not <x>" in several constructions.
NEG = ("not {x}", "{x} stays where it is", "leave {x} alone", "{x} isn't it", "I'm keeping {x}", "it's not {x}",
       "{x} can stay", "definitely not {x}")
# ... where <x> is the look-alike by the event near it (its day minus the anchor's: 1, 0, -1)
NEAR = {1: ("the one the day after my {anchor}", "the one right after the {anchor}, the next day",
            "whichever falls the day after the {anchor}"),
        0: ("the one on the same day as my {anchor}", "the one I have on my {anchor} day",
            "whichever shares a day with the {anchor}"),
        -1: ("the one the day before my {anchor}", "the one on the eve of my {anchor}",
             "whichever is the day ahead of the {anchor}")}
# ... by what its person wrote
MAILED = ("the one with the {first} who emailed me about {topic}", "whichever is with the {first} that wrote about "
          "{topic}", "the {first} who sent me {topic}", "the one with whoever wrote to me about {topic}")
# ... by its place in the week (low: the earliest, high: the latest): (as <x>, the pair the meant one is in)
PLACE = {"low": (("the earliest one", "the first of them", "the one early in the week"),
                 ("it's one of the later two", "one of the two later in the week", "it's not the first one")),
         "high": (("the last one", "the latest of them", "the one at the end of the week"),
                  ("it's one of the earlier two", "one of the first two", "it's not the last one"))}
# ... by its length (low: the shortest)
LENGTH = {"low": (("the shortest one", "the {minutes}-minute one", "the quick one"),
                  ("it's one of the longer two", "one of the two longer ones", "it's not the short one")),
          "high": (("the longest one", "the {minutes}-minute one", "the long one"),
                   ("it's one of the shorter two", "one of the two shorter ones", "it's not the long one"))}
# A first pointer at a wrong look-alike, taken back.
FIX = ("{wrong}. Hang on, no - sorry, that one stays. {right}", "I think {wrong}... no, wait, I'm mixing them up. "
       "{right}", "{wrong}. Actually scratch that. {right}", "Hmm, {wrong}? No - I checked, it's the other way. "
       "{right}", "{wrong} - no, sorry, ignore that. {right}")
# The new time set again in the answer: stated (another clock time), or shifted from the one asked (minutes).
STATED = (" And make it {new} rather than {old}, if you can.", " Oh - {new}, not {old}; I got the time wrong.",
          " Could it be {new} instead of what I said?", " Also: {new} works better than {old}.",
          " And sorry, {new} is the time, not {old}.")
SHIFTED = ((" And an hour later than I said.", 60), (" Half an hour earlier than I said, though.", -30),
           (" Actually push it back an hour from what I said.", 60),
           (" Make it thirty minutes later than I told you.", 30), (" And an hour earlier than I said, sorry.", -60))
# The new time by an event of the new day (``timed``), fields a, b, c (three clock times in a drawn order) and anchor
# (the event's title): "after" - the new time is the first of the three after the event; "before" - the last of the
# three before it. Every phrasing carries both words, "before" and "after" (a cue list on them reads nothing), and no
# phrasing presumes where the event sits among the times (before them all, between two, after them all).
TIMED_AFTER = ("{a}, {b} or {c} that day - whichever comes first after my {anchor}; before it I'm tied up.",
               "Timing: any of {a}, {b} and {c} works that day, but not before my {anchor} - so the first of them "
               "after it.",
               "On the time: of {a}, {b} and {c}, take the earliest one after my {anchor} that day (I can't do "
               "anything before it).",
               "For the time, I'm free at {a}, {b} or {c} that day; pick the first one after my {anchor}, since "
               "before it is no good.")
TIMED_BEFORE = ("{a}, {b} or {c} that day - whichever comes last before my {anchor}; after it I'm tied up.",
                "Timing: any of {a}, {b} and {c} works that day, but not after my {anchor} - so the last of them "
                "before it.",
                "On the time: of {a}, {b} and {c}, take the latest one before my {anchor} that day (I can't do "
                "anything after it).",
                "For the time, I'm free at {a}, {b} or {c} that day; pick the last one before my {anchor}, since "
                "after it is no good.")
# Where the event sits among the three sorted times (-1: before them all; 0, 1: after the first or the second; 2:
# after them all) by which side the new time is on: each of the three times is the new one in two of the six.
TIMED = (("after", -1), ("after", 0), ("after", 1), ("before", 0), ("before", 1), ("before", 2))
PHRASES = Phrasebook({"ruled out": NEG, "by an event near it": tuple(p for ps in NEAR.values() for p in ps),
                      "by its place in the week": tuple(p for ps in PLACE.values() for q in ps for p in q),
                      "by its length": tuple(p for ps in LENGTH.values() for q in ps for p in q),
                      "by a message": MAILED, "answer taken back": FIX,
                      "new time stated": STATED, "new time shifted": tuple(t for t, _ in SHIFTED),
                      "new time by an event": TIMED_AFTER + TIMED_BEFORE},
                     # Grouped by the fact each group states (a day near the anchor, a place in the week, a length),
                     # and a shift's minutes by its position.
                     positional=frozenset({"by an event near it", "by its place in the week", "by its length",
                                           "new time shifted", "new time by an event"}))


@dataclass(frozen=True)
class Candidate:
    """One look-alike meeting as the user thinks of it: its start, title word, the person's surname, who they are to
    the user ("Dana from Orbit Analytics", "my cousin"), an event near it (title, the meeting's day minus the
    anchor's) and what the person last emailed about (None: nothing)."""

    start: datetime
    word: str
    first: str
    last: str
    who: str
    anchor: tuple[str, int] | None = None
    topic: str | None = None
    minutes: int = 0


def plain_pointer(rng: random.Random, c: Candidate) -> str:
    """A plain pointer at ``c``: who the person is, the title's word, the surname or the weekday."""
    return rng.choice((f"the one with {c.who}", f"the {c.word} one", f"{c.last}'s",
                       f"the {WEEKDAYS[c.start.weekday()]} one"))


def _rank(cands: list[Candidate], key: Callable[[Candidate], Any], x: int) -> str | None:
    """Whether candidate ``x`` is the lowest ("low") or the highest ("high") of ``cands`` by ``key``, else None."""
    ranked = sorted(range(len(cands)), key=lambda i: key(cands[i]))
    return "low" if ranked[0] == x else "high" if ranked[-1] == x else None


def within(rng: random.Random, kind: str, group: int, groups: int, book: Phrasebook = PHRASES) -> int:
    """A phrasing of ``kind`` (of ``book``, or of a wording of it) drawn within its ``group``: the kind's phrasings
    are ``groups`` equal shares in the order of its tables (``NEAR``'s offsets; ``PLACE``'s and ``LENGTH``'s sides,
    each the negated then the pair; ``TIMED``'s sides), and which share a clause draws from is the fact it states."""
    share = len(book.phrasings(kind)) // groups
    return group * share + rng.randrange(share)


def _singles(kind: str, cands: list[Candidate], x: int) -> bool:
    """Whether ``kind`` (``CLAUSES``) can single ``cands[x]`` out: it has an anchor or a message, or is at an end of
    the week or (alone at its length) of the lengths."""
    c = cands[x]
    if kind in ("who", "near", "mail"):
        return kind == "who" or (c.anchor if kind == "near" else c.topic) is not None
    side = _rank(cands, (lambda y: y.start) if kind == "place" else (lambda y: y.minutes), x)
    return side is not None and (kind != "length" or [y for y in cands if y.minutes == c.minutes] == [c])


def _ranked(kind: str, cands: list[Candidate], x: int) -> tuple[str, int, int]:
    """The phrase kind that points at ``cands[x]`` by its place in the week or its length, the first of its side's
    phrasings (its negated pointers; the pairs follow) and how many groups there are."""
    words, sides = ("by its place in the week", PLACE) if kind == "place" else ("by its length", LENGTH)
    side = _rank(cands, (lambda y: y.start) if kind == "place" else (lambda y: y.minutes), x)
    if side is None:
        raise ValueError(f"{kind} cannot single candidate {x} out")  # callers ask _singles first
    return words, 2 * list(sides).index(side), 2 * len(sides)


def clause(rng: random.Random, kind: str, cands: list[Candidate], x: int) -> str | None:
    """A clause ruling ``cands[x]`` out by ``kind`` (``CLAUSES``), said as a negation or as a pair the meant one is in;
    None when that kind cannot single ``x`` out."""
    if not _singles(kind, cands, x):
        return None
    if kind in ("place", "length") and len(cands) == 3 and rng.random() < 0.5:  # "the later two": exactly three
        words, group, groups = _ranked(kind, cands, x)
        return PHRASES.nth(words, within(rng, words, group + 1, groups), minutes=cands[x].minutes)
    neg = PHRASES.index(rng, "ruled out")  # drawn before the pointer it negates
    return PHRASES.nth("ruled out", neg, x=pointer(rng, kind, cands, x))


def point(rng: random.Random, kinds: tuple[str, ...], cands: list[Candidate], meant: int,
          taken_back: bool) -> str:
    """The user's answer pointing at ``cands[meant]``: one clause per other look-alike, each ruling it out by one of
    ``kinds`` (in turn), after a first pointer at a wrong one taken back when ``taken_back``."""
    others = [i for i in range(len(cands)) if i != meant]
    for order in (others, others[::-1]):
        said = [clause(rng, kind, cands, x) for kind, x in zip(kinds, order, strict=False)]
        if all(said):
            break
    else:
        raise ValueError(f"the clauses {kinds} cannot rule the others out")
    text = "; ".join(str(t) for t in said)
    text = text[0].upper() + text[1:] + "."
    if taken_back:
        wrong = plain_pointer(rng, cands[rng.choice(others)])
        text = PHRASES.say(rng, "answer taken back", wrong=wrong[0].upper() + wrong[1:], right=text)
    return text


def retime(rng: random.Random, kind: str, asked: datetime, choices: list[datetime]) -> tuple[datetime, str]:
    """The new start after the answer and the words that set it: ``asked`` as it was, another time stated (one of
    ``choices``), or ``asked`` shifted (one of the shifts landing on one of ``choices``)."""
    if kind == "as asked":
        return asked, ""
    if kind == "stated":
        new = rng.choice([c for c in choices if c != asked])
        return new, PHRASES.say(rng, "new time stated", new=clock12(new), old=clock12(asked))
    fits = [n for n, (_, delta) in enumerate(SHIFTED) if asked + timedelta(minutes=delta) in choices]
    if not fits:
        raise ValueError("no shift of the asked time is free")
    n = rng.choice(fits)  # the shift is SHIFTED's; its words, phrasing n of "new time shifted"
    return asked + timedelta(minutes=SHIFTED[n][1]), PHRASES.nth("new time shifted", n)


def event_at(slots: list[datetime], gap: int) -> datetime:
    """When the event that picks the new time among ``slots`` (``timed``'s three, two hours apart) starts, for the
    place ``gap`` it sits at (``TIMED``'s): an hour before them all (-1), or 90 minutes after ``slots[gap]`` — clear,
    for 30 minutes, of every slot of up to 90 minutes."""
    return slots[0] - timedelta(minutes=60) if gap < 0 else slots[gap] + timedelta(minutes=90)


def timed(rng: random.Random, slots: list[datetime], anchor: str, asked: datetime,
          way: tuple[str, int] | None = None) -> tuple[int, datetime, str, str]:
    """The new time as a decision of its own: ``slots`` are three free starts on the new day, two hours apart and
    sorted (``asked``, the request's time, none of them); half the time a first time set anew ("an hour later than I
    said", "11am, not 10am" - naming any of the three alike) is taken back before them. Returns which of them is
    the new one (uniform over the three), when the event ``anchor`` (30 minutes, clear of every slot of up to 90
    minutes) starts, the words naming the times in a drawn order, and the way drawn
    (``TIMED``: the side and where the event sits; ``way`` one drawn before, so that a world redrawn until its times
    are free keeps each time the new one alike often)."""
    side, gap = way or rng.choice(TIMED)
    at = event_at(slots, gap)
    right = gap + 1 if side == "after" else gap
    said = rng.sample(slots, len(slots))  # the order the times are said in tells nothing
    group = ("after", "before").index(side)
    n = within(rng, "new time by an event", group, 2)
    words = PHRASES.nth("new time by an event", n, a=clock12(said[0]), b=clock12(said[1]), c=clock12(said[2]),
                        anchor=anchor.lower())
    if rng.random() < 0.5:  # half the time after a time first set anew from the request's ``asked``, taken back
        if rng.random() < 0.5:
            wrong = PHRASES.say(rng, "new time stated", new=clock12(rng.choice(slots)), old=clock12(asked))
        else:
            wrong = PHRASES.say(rng, "new time shifted")
        words = PHRASES.say(rng, "answer taken back", wrong=wrong.strip().rstrip("."), right=words)
    return right, at, words, f"{side} {'all' if gap in (-1, 2) else 'between'}"


def pointer(rng: random.Random, kind: str, cands: list[Candidate], x: int) -> str | None:
    """A bare pointer at ``cands[x]`` by ``kind`` (``CLAUSES``), with no stance: what ``clause`` negates, and what a
    part wraps in words saying it IS the meant one (so what points and what rules out read alike); None when that
    kind cannot single ``x`` out (no anchor or message, the middle of the week or of the lengths)."""
    if not _singles(kind, cands, x):
        return None
    c = cands[x]
    if kind == "who":
        return plain_pointer(rng, c)
    if kind == "near" and c.anchor is not None:
        return PHRASES.nth("by an event near it", within(rng, "by an event near it", list(NEAR).index(c.anchor[1]),
                                                         len(NEAR)), anchor=c.anchor[0].lower())
    if kind == "mail":
        return PHRASES.say(rng, "by a message", first=c.first, topic=c.topic)
    words, group, groups = _ranked(kind, cands, x)
    return PHRASES.nth(words, within(rng, words, group, groups), minutes=c.minutes)
