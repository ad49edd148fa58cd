"""Where the tradesperson parks his van on the booked day (sms_coordination v7, issue 34 session 22): a second decision
a pass needs beside the window. The building's car park is resurfaced this week; the desk's notice gives, for every
day of the week, the place trades park and a place closed that day, and a later update changes or keeps every day
(half each), naming a third place beside the notice's. The booked day's place is even among eight, the notice's
place for that day right only half the time, and every place named in the mails: a guess of the window that happens
to be right still fails seven times in eight, and a script that books the right window must still read its day's
two lines."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from green_agent.judging.context import EvalContext
from green_agent.scenario_kit import build as kit
from green_agent.scenario_kit.grading import identifier
from green_agent.scenario_kit.precision import outgoing
from green_agent.scenario_kit.records import Email
from green_agent.scenario_kit.slices import Day, iso

from ._sms_coordination_phrases import PHRASES

# The places a van may be sent, and the word that names each in a text (lower case, matched at a word's start, so
# "visitor" finds "visitors'"). No word is in a street, building or appointment name the part writes.
PLACES = ("loading bay", "visitor bays", "kiln yard", "station forecourt", "church car park", "residents' garage",
          "back alley", "gravel lot")
KEYS = ("loading", "visitor", "kiln", "station", "church", "garage", "alley", "gravel")


@dataclass(frozen=True)
class Parking:
    """Per day of the week (offsets), the notice's place and closed place, the update's line (``change``: the day
    moves to ``later``; else the switch to ``later`` is called off), and the place that counts."""

    days: tuple[int, ...]
    notice: tuple[int, ...]
    shut: tuple[int, ...]
    change: tuple[bool, ...]
    later: tuple[int, ...]

    def place(self, offset: int) -> str:
        """The place (of PLACES) trades park on the day ``offset`` days ahead."""
        d = self.days.index(offset)
        return PLACES[self.later[d] if self.change[d] else self.notice[d]]

    def named(self) -> set[int]:
        return {*self.notice, *self.shut, *self.later}


def draw_parking(rng: random.Random, days: list[int]) -> Parking:
    """Each day's three places differ; every place is named somewhere (or as many as three a day can name), drawn by
    rejection, which keeps every place even on every day."""
    count, want = len(PLACES), min(len(PLACES), 3 * len(days))
    while True:
        picks = [rng.sample(range(count), 3) for _ in days]
        if len({p for trio in picks for p in trio}) >= want:
            break
    return Parking(days=tuple(days), notice=tuple(p[0] for p in picks), shut=tuple(p[1] for p in picks),
                   change=tuple(rng.random() < 0.5 for _ in days), later=tuple(p[2] for p in picks))


def parking_mails(day: Day, p: Parking, sender: str, building: str) -> list[Email]:
    """The desk's notice (read, days ago) and its update (unread, yesterday): a line for every day in each."""
    rng = day.rng

    def weekday(offset: int) -> str:
        return f"{day.at(0, days=offset):%A}"

    lines = "\n".join(PHRASES.say(rng, "parking_line", day=weekday(o), place=PLACES[n], shut=PLACES[s])
                      for o, n, s in zip(p.days, p.notice, p.shut, strict=True))
    later = "\n".join(PHRASES.say(rng, "parking_change", day=weekday(o), place=PLACES[z], old=PLACES[n]) if ch else
                      PHRASES.say(rng, "parking_stays", day=weekday(o), place=PLACES[n], other=PLACES[z])
                      for o, n, z, ch in zip(p.days, p.notice, p.later, p.change, strict=True))
    mails = []
    for n, (kind, text, at, read) in enumerate((("parking_notice", lines, day.at(11, days=-4), True),
                                                ("parking_update", later, day.at(17, days=-1), False))):
        subject, body = PHRASES.say(rng, kind, lines=text, building=building).split("\n", 1)
        mails.append(kit.inbox_email(f"m-sms-park-{n + 1}", sender, day.user.email, subject, body, iso(at),
                                     read=read))
    return mails


# A clause that says a place is not the one to use: a place named only there is not where the van was sent ("the
# loading bay, not Kiln Lane, which is closed"). Naming one place in a clause of its own and every other beside such
# words still tells one: no more than a guess.
_NOT_THIS = re.compile(r"\b(?:not|closed|shut|coned|fenced|isn't|won't|don't|do not|can't|cannot|no longer|"
                       r"instead of|rather than|avoid|unavailable|off limits)\b", re.I)
# Clauses end at punctuation and at the conjunctions that join a reason or a contrast ("park in the alley since the
# bays are closed"), so a place ruled out in its own clause never takes the one to use with it.
_CLAUSE = re.compile(r"[.;:!?,()\n]| - | (?:but|since|because|as|so|while|whereas|though|although|and|which) ")


def places_in(text: str) -> set[str]:
    """The places (by their word) ``text`` tells the van to use: those named in a clause that rules none out, or,
    when every clause naming one rules something out, every one named."""
    clauses = [c for c in _CLAUSE.split(text.lower()) if c.strip()]

    def named_in(c: str) -> set[str]:
        return {w for w in KEYS if re.search(rf"\b{w}", c)}

    told = {w for c in clauses if not _NOT_THIS.search(c) for w in named_in(c)}
    return told or {w for c in clauses for w in named_in(c)}


def parking_miss(ctx: EvalContext, phone: str, place: str) -> str | None:
    """Why the tradesperson was not told where to park on the booked day (None: he was, or the world has no
    parking): the latest of the assistant's texts to him that names a place must tell that one alone."""
    if not place:
        return None
    key = KEYS[PLACES.index(place)]
    texts = [s.body for s in outgoing(ctx, ("sms",)) if not phone or identifier(phone) in s.to]
    naming = [t for t in texts if places_in(t)]
    if not naming:
        return "he was never told where to park on the booked day"
    told = places_in(naming[-1])
    if told != {key}:
        return "he was told several places to park" if len(told) > 1 else "he was told the wrong place to park"
    return None
