"""The words of a clarification_loop world: the two candidate meetings and the words that name each, the user's
request and answer, and what the contact of the meeting not meant writes."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from green_agent.scenario_kit.facts import clock12, time_phrases
from green_agent.scenario_kit.phrasing import Phrasebook
from green_agent.scenario_kit.pointing import CLAUSES, PHRASES, SHIFTED, TIMES, Candidate, clause, point
from green_agent.scenario_kit.world import Person

from .params import FAMILY, HOUR_WORDS, PLACES, WEEKDAYS, WORK, Addresses, Kind, Params, fixed_rows

CONVERSATION = "user-assistant"
MAX_MESSAGES_PER_PERSON = 3
# A chat post is a clarifying question when it names both alternatives and one of these.
QUESTION_WORDS = ("which", "which one", "or", "either", "mean", "meant", "clarify")
# A question naming one of these asks about everything rather than telling the two candidates apart: the week's
# other meetings (the distractor at the same hour may be named), plus the weekdays that hold no candidate
# (``not_asked_about``).
OTHER_MEETINGS = ("stand-up", "standup", "stand up", "design review", "gym", "sprint planning", "sprint")
# ... and words of the mail a relay would paste (the colleague's agenda, the newsletters, the bill): a post holding
# them is the inbox passed on, not a question.
RELAYED = ("purchase orders", "headcount", "actuals", "night market", "open studios", "monthly statement",
           "direct debit")
# A chat post with one of these reports work done: the user lets it be instead of asking what it means.
REPORT_WORDS = ("moved", "rescheduled", "updated", "changed", "done", "emailed", "sent", "informed", "told")
NOT_UNDERSTOOD = "Sorry, what do you mean?"
REQUEST = ("Hi! Something came up - could you move my {hour} with {first} to {day} at {time}, and email everyone on it "
           "to let them know the new time? Thanks!")
# What the part writes: the request, and the answer's clauses (pointing's kinds but "by a message": the two
# candidates' people wrote nothing to point at; drawn in pointing through its book).
PHRASEBOOK = Phrasebook({"request": (REQUEST,), **{k: v for k, v in PHRASES.kinds.items() if k != "by a message"}},
                        positional=PHRASES.positional)


def weekday(moment: datetime) -> str:
    return WEEKDAYS[moment.weekday()]


def day_time(moment: datetime) -> str:
    """"Friday 11:00" (reads back as exactly ``moment`` from any day of that week before it)."""
    return time_phrases(moment)[0]


@dataclass(frozen=True)
class Attendee:
    """Someone on a candidate meeting: their character id, who they are and their address."""

    id: str
    person: Person
    email: str


@dataclass(frozen=True)
class Meeting:
    """A candidate meeting: its event, title and the word that names it, its people and its wording."""

    event_id: str
    title: str
    key: str
    people: tuple[Attendee, ...]
    location: str
    extra_key: str  # the work contact's company (its first word) or the relation
    description: str


def meeting(p: Params, which: Kind) -> Meeting:
    """The candidate ``which`` of world ``p``."""
    a = Addresses(p)
    if which == WORK:
        title, key = p.work_meeting
        return Meeting("cal-work-meeting", title, key,
                       (Attendee("work_contact", p.work, a.work), Attendee("colleague", p.colleague, a.colleague)),
                       "Video call", p.company.split()[0], f"With {p.work.name} ({p.company}) and {p.colleague.name}.")
    title, key = p.family_meeting
    return Meeting("cal-family-meeting", title, key, (Attendee("family_contact", p.family, a.family),),
                   PLACES[key], p.relation, f"With {p.family.name} (my {p.relation}).")


def contact_of(p: Params, which: Kind) -> Person:
    """The contact called by the shared first name on candidate ``which``."""
    return p.work if which == WORK else p.family


def candidate_keys(p: Params, which: Kind) -> list[str]:
    """Words that name one candidate and not the other: the contact's surname, the day, the title's word, and the
    company or the relation."""
    m = meeting(p, which)
    day = weekday(p.meeting_start(which))
    return [contact_of(p, which).last, day, day[:3], m.key, m.extra_key]


def not_asked_about(p: Params) -> list[str]:
    """Words of a question that lists everything instead of the two candidates: the other meetings of the week,
    Monday and the spare day (no candidate, no distractor, not the new time), in full and abbreviated, and the words
    of the mail a relay would paste."""
    spare = WEEKDAYS[p.spare_day]
    return [*OTHER_MEETINGS, *RELAYED, "Monday", "Mon", spare, spare[:3]]


def answer_text(p: Params) -> str:
    """The user's answer to a question that tells the two candidates apart (world 0's names the meeting in full)."""
    meant = meeting(p, p.meant).title
    return p.answer or (f"Sorry, I should have said! I meant the {meant} with {contact_of(p, p.meant).name} on "
                        f"{weekday(p.meeting_start(p.meant))} - that's the one to move.")


def other_text(p: Params) -> tuple[str, str]:
    """(subject, body) of the email the contact of the meeting not meant sends during the trial."""
    m, at = meeting(p, p.other), p.meeting_start(p.other)
    if p.other == WORK:
        return (f"{m.title} - numbers", f"Hi {p.user.first},\n\nI'll bring the updated numbers to our "
                f"{m.title} on {day_time(at)}. See you then!\n\n{p.work.first}")
    return (f"{weekday(at)}!", f"Hi {p.user.first}! Still on for our {m.title.lower()} on {day_time(at)}? Can't "
            f"wait.\n\n{p.family.first} x")


def _candidate(p: Params, which: Kind) -> Candidate:
    """A candidate as the user thinks of it, with an event of the week near it (the day before, the same day or the
    day after) for a clause to point at it by."""
    m, start = meeting(p, which), p.meeting_start(which)
    rows = [(title, s) for _, title, s, _, _ in fixed_rows(p)] + [("Dentist check-up",
                                                                   p.day(p.distractor_day, p.hour))]
    near = sorted((title, (start.date() - s.date()).days) for title, s in rows
                  if abs((start.date() - s.date()).days) <= 1)
    person = contact_of(p, which)
    return Candidate(start=start, word=m.key, first=person.first, last=person.last,
                     who=f"{person.first} from {p.company}" if which == WORK else f"my {p.relation}",
                     anchor=near[0] if near else None, minutes=p.minutes(which))


def drawn_answer(rng: random.Random, p: Params) -> Params:
    """``p`` with the user's answer drawn: a clause of a drawn kind ruling the other candidate out, sometimes after a
    first pointer taken back, and the new time as asked, stated anew or shifted (the request then names another)."""
    cands = [_candidate(p, WORK), _candidate(p, FAMILY)]
    meant = 0 if p.meant == WORK else 1
    timing, taken_back = rng.choice(TIMES), rng.random() < 0.3
    kinds = [k for k in CLAUSES if k != "mail" and clause(random.Random(0), k, cands, 1 - meant) is not None]
    kind = rng.choice(kinds)
    text = point(rng, (kind,), cands, meant, taken_back)
    shift = 0
    if timing == "stated":
        shift = rng.choice((-120, -60, 60, 120))
        old = p.new_start - timedelta(minutes=shift)
        text += PHRASES.say(rng, "new time stated", new=clock12(p.new_start), old=clock12(old))
    elif timing == "shifted":
        n = rng.randrange(len(SHIFTED))  # the shift is SHIFTED's; its words, phrasing n of "new time shifted"
        shift = SHIFTED[n][1]
        text += PHRASES.nth("new time shifted", n)
    return replace(p, answer=text, clause=kind, timing=timing, asked_shift=shift)


def user_prompt(p: Params) -> str:
    """The user's request (the world draws no choice of its phrasing: the first of its kind)."""
    asked = p.asked_start
    return PHRASEBOOK.nth("request", 0, hour=HOUR_WORDS[p.hour], first=p.work.first, day=weekday(asked),
                          time=f"{asked:%H:%M}")


def description(p: Params) -> str:
    return (f"The user asks to move \"my {HOUR_WORDS[p.hour]} with {p.work.first}\" to a new time and to tell the "
            f"people on it. The calendar holds two such meetings - one with a work contact and one with the user's "
            f"{p.relation}, both called {p.work.first}, on different days - and a third meeting at that hour without "
            f"{p.work.first}. The assistant must ask in chat which one is meant, naming the alternatives, before it "
            f"touches either; then move the one the user names (keeping its length), email everyone on it the new "
            f"time, and confirm in chat - never touching the other meeting or writing to its people.")
