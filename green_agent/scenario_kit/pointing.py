"""How a user points at one of several look-alike meetings ("my 3 o'clock with Dana") when asked which one is meant:
never by a field to copy, but by a fact to resolve against the world — a nearby event on the calendar ("the day
after my dentist"), the meetings' order in the week, a message in the inbox ("the Dana who wrote about the
invoice"), the others ruled out by who they are ("not my cousin, not the Keystone one"), or a first pointer taken
back for another ("the Tuesday one - no, sorry, ..."). The answer may also move the new time ("make it 4pm, not
11", "an hour later than I said"). Used by the parts ``clarification`` (a day's task) and ``clarification_loop``
(the classic)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timedelta

from green_agent.scenario_kit.facts import clock12
from green_agent.scenario_kit.phrasing import Phrasebook

__all__ = ["KINDS", "PHRASES", "TIMES", "Candidate", "point", "retime"]

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
# How the answer points at the meant meeting (a world's shape, with how it sets the time).
KINDS = ("anchor", "order", "not", "fix", "mail")
TIMES = ("as asked", "stated", "shifted")

# The meant meeting by an event of the calendar near it: the anchor is the day before it (1), the same day (0) or
# the day after (-1).
ANCHOR = {
    1: ("The one the day after my {anchor}.", "Whichever falls the day after the {anchor}.",
        "It's the day after my {anchor} - that one.", "The one right after the {anchor}, the next day.",
        "Ugh, the one the day after the {anchor}."),
    0: ("The one on the same day as my {anchor}.", "Same day as the {anchor}, that one.",
        "The one I have on my {anchor} day.", "Whichever is the day of the {anchor}.",
        "The one that shares a day with the {anchor}."),
    -1: ("The one the day before my {anchor}.", "Whichever is the day before the {anchor}.",
         "It's on the eve of my {anchor} - that one.", "The one just before the {anchor}, the day before.",
         "The one I have the day ahead of the {anchor}."),
}
# By its place among the look-alikes in the week: first, middle (of three), last.
ORDER = {
    "first": ("The earliest of them.", "The first one this week.", "Whichever comes first.",
              "The sooner one, please.", "The one earlier in the week."),
    "middle": ("The one in the middle.", "The second of the three.", "Neither the first nor the last one.",
               "The one between the other two.", "The middle one of the week."),
    "last": ("The last one of the week.", "The later one.", "Whichever comes last.",
             "The one at the end of the week.", "The latest of them, please."),
}
# By ruling the others out: {refs} names each other meeting by who the person is, its title's word or surname.
NOT = ("Not {refs} - the other one.", "Definitely not {refs}. The remaining one.",
       "{Refs_keep}. The other one is the one to move.", "Leave {refs} alone - it's the other.",
       "Anything but {refs}.")
# A first pointer at the wrong meeting, taken back for a second one.
FIX = ("{wrong}. Hang on, no - sorry, that one stays. {right}", "I think {wrong}... no, wait, I'm mixing them up. "
       "{right}", "{wrong}. Actually scratch that: {right}", "Hmm, {wrong}? No - I checked, it's the other way. "
       "{right}", "{wrong} - no, sorry, ignore that. {right}")
# By a message in the inbox: the look-alike who wrote about ``topic``.
MAIL = ("The one with the {first} who emailed me about {topic}.", "Whichever is with the {first} that wrote about "
        "{topic}.", "{Topic} - the {first} who sent that, that's the one.", "The {first} from the {topic} email.",
        "The one with whoever wrote to me about {topic}.")
# The new time set again in the answer: stated (another clock time), or shifted from the one asked (minutes).
STATED = (" And make it {new} rather than {old}, if you can.", " Oh - {new}, not {old}; I got the time wrong.",
          " Could it be {new} instead of what I said?", " Also: {new} works better than {old}.",
          " And sorry, {new} is the time, not {old}.")
SHIFTED = ((" And an hour later than I said.", 60), (" Half an hour earlier than I said, though.", -30),
           (" Actually push it back an hour from what I said.", 60),
           (" Make it thirty minutes later than I told you.", 30), (" And an hour earlier than I said, sorry.", -60))
PHRASES = Phrasebook({"answer by an event near it": tuple(p for ps in ANCHOR.values() for p in ps),
                      "answer by its place in the week": tuple(p for ps in ORDER.values() for p in ps),
                      "answer ruling the others out": NOT, "answer taken back": FIX, "answer by a message": MAIL,
                      "new time stated": STATED, "new time shifted": tuple(t for t, _ in SHIFTED)})


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


def _ref(rng: random.Random, c: Candidate) -> str:
    """A plain pointer at ``c``: who the person is, the title's word, the surname or the weekday."""
    return rng.choice((f"the one with {c.who}", f"the {c.word} one", f"{c.last}'s",
                       f"the {WEEKDAYS[c.start.weekday()]} one"))


def _positional(rng: random.Random, cands: list[Candidate], meant: int) -> str:
    """The meant one by an event near it when it has one, else by its place in the week."""
    c = cands[meant]
    if c.anchor is not None and rng.random() < 0.5:
        return rng.choice(ANCHOR[c.anchor[1]]).format(anchor=c.anchor[0])
    return _order(rng, cands, meant)


def _order(rng: random.Random, cands: list[Candidate], meant: int) -> str:
    ranked = sorted(range(len(cands)), key=lambda i: cands[i].start)
    place = ranked.index(meant)
    return rng.choice(ORDER["first" if place == 0 else "last" if place == len(cands) - 1 else "middle"])


def point(rng: random.Random, kind: str, cands: list[Candidate], meant: int) -> str:
    """The user's pointer of ``kind`` (``KINDS``) at ``cands[meant]``."""
    c, others = cands[meant], [x for i, x in enumerate(cands) if i != meant]
    if kind == "anchor":
        if c.anchor is None:
            raise ValueError("an anchor pointer needs an event near the meeting")
        return rng.choice(ANCHOR[c.anchor[1]]).format(anchor=c.anchor[0])
    if kind == "order":
        return _order(rng, cands, meant)
    if kind == "not":
        refs = [_ref(rng, o) for o in others]
        joined = " or ".join(refs) if len(refs) > 1 else refs[0]
        keep = " and ".join(refs)
        return rng.choice(NOT).format(refs=joined, Refs_keep=keep[0].upper() + keep[1:]
                                      + (" stay where they are" if len(refs) > 1 else " stays where it is"))
    if kind == "fix":
        wrong = _ref(rng, rng.choice(others))
        return rng.choice(FIX).format(wrong=wrong[0].upper() + wrong[1:], right=_positional(rng, cands, meant))
    if kind == "mail":
        if c.topic is None:
            raise ValueError("a mail pointer needs a message from the meeting's person")
        return rng.choice(MAIL).format(first=c.first, topic=c.topic, Topic=c.topic[0].upper() + c.topic[1:])
    raise ValueError(f"no pointer kind {kind!r}")


def retime(rng: random.Random, kind: str, asked: datetime, choices: list[datetime]) -> tuple[datetime, str]:
    """The new start after the answer and the words that set it: ``asked`` as it was, another time stated (one of
    ``choices``), or ``asked`` shifted (one of the shifts landing on one of ``choices``)."""
    if kind == "as asked":
        return asked, ""
    if kind == "stated":
        new = rng.choice([c for c in choices if c != asked])
        return new, rng.choice(STATED).format(new=clock12(new), old=clock12(asked))
    fits = [(text, delta) for text, delta in SHIFTED if asked + timedelta(minutes=delta) in choices]
    if not fits:
        raise ValueError("no shift of the asked time is free")
    text, delta = rng.choice(fits)
    return asked + timedelta(minutes=delta), text
