"""The words of a clarification_loop world: the candidate meetings and the words that name each, the user's
request and answer, and what the candidates' contacts write (the client as a work contact does)."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from datetime import datetime

from green_agent.scenario_kit.facts import time_phrases
from green_agent.scenario_kit.phrasing import Phrasebook
from green_agent.scenario_kit.pointing import CLAUSES, PHRASES, Candidate, clause, plain_pointer, pointer
from green_agent.scenario_kit.world import Person

from .params import (
    CLIENT,
    FAMILY,
    FORMS,
    HOUR_WORDS,
    NEW_LENGTHS,
    PLACES,
    WEEKDAYS,
    WORK,
    Addresses,
    Kind,
    Params,
    fixed_rows,
)

CONVERSATION = "user-assistant"
MAX_MESSAGES_PER_PERSON = 3
# A chat post is a clarifying question when it names every alternative and one of these.
QUESTION_WORDS = ("which", "which one", "or", "either", "mean", "meant", "clarify")
# A question naming one of these asks about everything rather than telling the candidates apart: the week's
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
# A clause saying the meeting it names is the one to move, and one saying it stays (beside pointing's "ruled
# out"): each side carries the other side's words ("not", "can't stay" in a pointer at the meant one; "move" in one
# at the meeting kept), so no word list reads which side a clause is on (version 3). Every answer names every
# candidate, each by a clause of one side (version 4): none presumes how many candidates there are.
# A clause on the meant meeting is drawn from one of two kinds alike often, and one on a meeting kept likewise: each
# side has a kind worded without the words a cue list reads as "keep it" (not, n't, no, stay, keep, leave, alone) and
# a kind worded with them, so those words are in a clause on the meant meeting as often as in one on a meeting kept,
# whatever a wording pack makes of each kind (version 4).
# "pointed at": {x} is the meeting to move, said plainly - no negation, no "stay" / "keep" / "leave".
POINTED = ("it's {x}", "I meant {x}", "{x} is the one to move", "{x} - that's the one", "{x}, for sure",
           "the one that has to shift is {x}", "nothing else, just {x}", "move {x}", "{x} needs a new time",
           "I mean {x}")
# "pointed at, as not kept": {x} is the meeting to move, said through what does not stay - every phrasing carries a
# negation or "stay" / "keep" / "leave" (of {x} or of the others).
UNKEPT = ("{x} can't stay where it is", "not the others - {x}", "I don't mean the others, I mean {x}",
          "{x} is not staying put", "don't leave {x} where it is", "keep the others, move {x}",
          "{x} can't keep its slot", "leave the others alone and shift {x}", "I'm not keeping {x} where it is",
          "{x} shouldn't stay where it is")
# "kept": {x} is not the meeting to move, said through what stays - with a negation or "stay" / "keep" / "leave".
KEPT = ("move a different one, {x} stays", "{x} is the one I'm keeping", "the one to move isn't {x}",
        "{x} doesn't move", "whatever you move, not {x}", "{x} has to stay put", "I mean a different one, not {x}",
        "{x} isn't what I meant")
# "kept, as another moved": {x} is not the meeting to move, said plainly - no negation, no "stay" / "keep" /
# "leave": {x} is fine as booked, another one moves.
SETTLED = ("{x} goes ahead as booked", "I want {x} exactly as it is", "{x} is settled, it's one of the others",
           "shift one of the others, {x} is set", "I need {x} where it is", "{x} is happening as planned",
           "the one to move is another one - {x} is sorted", "{x} works as it is", "{x} already suits me",
           "{x} is right where I want it")
# A first clause the wrong way round (the meant meeting kept, or another one to move), taken back: no phrasing
# presumes which side it was on (version 3).
REVERSED = ("{wrong}. No, wait - the other way round. {right}", "{wrong}... sorry, I've got that backwards. {right}",
            "{wrong} - scratch that, I mixed them up. {right}",
            "Hmm, {wrong}? No, I checked, it's the reverse. {right}",
            "{wrong}. Ignore that, wrong way round. {right}")
# The meeting's length at its new time (version 6), the answer's last sentence. Every kind names a length or a shift
# in minutes beside the right one or instead of it, so "the number in the sentence" is no reading: only the sentence
# composed with the meeting's own length (or another candidate's) is.
# "new length stated": the length is {n} minutes; {m} minutes is said and dropped (the right one first in half).
LENGTH_STATED = ("And this time it only needs to run {n} minutes, not {m}.",
                 "One more thing: not {m} minutes - book {n} minutes for it.",
                 "It should run {n} minutes now (I first thought {m}, but no).",
                 "I was going to say {m} minutes, but make it {n} minutes long.")
# "new length kept": the meeting keeps its own length; {m} minutes (not its length) is said and dropped.
LENGTH_KEPT = ("Keep it as long as it is now - no need to change it to {m} minutes.",
               "I thought about {m} minutes, but no - the same length it has now.",
               "Length: what it already has, not {m} minutes.",
               "Don't make it {m} minutes; it runs as long as it does now.")
# "new length shorter" / "new length longer": the length is the meeting's own minus / plus {d} minutes.
LENGTH_SHORTER = ("And make it {d} minutes shorter than it is now.", "Cut {d} minutes off its current length, too.")
LENGTH_LONGER = ("And make it {d} minutes longer than it is now.", "Add {d} minutes to its current length, too.")
# "new length as another's": the length is that of another candidate, {x} (a pointer at it: "Whitaker's", "the
# Thursday one"), which itself stays where it is.
LENGTH_AS = ("And give it the same length as {x} - that one stays put, of course.",
             "Make it run as long as {x} does (which doesn't move).")
# What a candidate's contact writes during the trial (the work contact, the relative or friend): about their
# meeting, never about a move, whichever of the two is meant. Phrasing 0 is world 0's.
WORK_NOTE = (("{title} - numbers", "Hi {user},\n\nI'll bring the updated numbers to our {title} on {when}. See you "
              "then!\n\n{first}"),
             ("Before {day}", "Hi {user},\n\nQuick one: can you send me last quarter's figures before our {title} "
              "on {when}?\n\nThanks,\n{first}"),
             ("Re: {title}", "{user} - I've booked the video link for {when}. Talk then.\n\n{first}"))
FAMILY_NOTE = (("{day}!", "Hi {user}! Still on for our {lower} on {when}? Can't wait.\n\n{first} x"),
               ("see you {day}", "Heyyy {user}, looking forward to {day}!! I'll be the one with the umbrella :)"
                "\n\n{first}"),
               ("Quick q", "Hi {user}, is {when} still good for the {lower}? No worries if not.\n\n{first} x"))
# What the part writes: the request, the answer's clauses (pointing's kinds but "by a message": the candidates'
# people wrote nothing to point at; drawn in pointing through its book, plus the classic's own two sides) and the
# contacts' notes (subject and body, a phrasing each).
PHRASEBOOK = Phrasebook({"request": (REQUEST,),
                         **{k: v for k, v in PHRASES.kinds.items() if k != "by a message"},
                         "pointed at": POINTED, "pointed at, as not kept": UNKEPT, "kept": KEPT,
                         "kept, as another moved": SETTLED, "answer reversed": REVERSED,
                         "new length stated": LENGTH_STATED, "new length kept": LENGTH_KEPT,
                         "new length shorter": LENGTH_SHORTER, "new length longer": LENGTH_LONGER,
                         "new length as another's": LENGTH_AS,
                         "work contact note": tuple(f"{a}\n{b}" for a, b in WORK_NOTE),
                         "family contact note": tuple(f"{a}\n{b}" for a, b in FAMILY_NOTE)},
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
    if which == CLIENT:
        title, key = p.client_meeting
        return Meeting("cal-client-meeting", title, key, (Attendee("client_contact", p.client, a.client),),
                       "Video call", p.client_company.split()[0], f"With {p.client.name} ({p.client_company}).")
    title, key = p.family_meeting
    return Meeting("cal-family-meeting", title, key, (Attendee("family_contact", p.family, a.family),),
                   PLACES[key], p.relation, f"With {p.family.name} (my {p.relation}).")


def contact_of(p: Params, which: Kind) -> Person:
    """The contact called by the shared first name on candidate ``which``."""
    return {WORK: p.work, FAMILY: p.family, CLIENT: p.client}[which]


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


def contact_text(p: Params, which: Kind) -> tuple[str, str]:
    """(subject, body) of the email the contact of candidate ``which`` sends during the trial (in the phrasing the
    world drew; world 0's is the first)."""
    m, at = meeting(p, which), p.meeting_start(which)
    # the client writes as a work contact does
    kind = "family contact note" if which == FAMILY else "work contact note"
    n = p.notes[(WORK, FAMILY, CLIENT).index(which)]
    text = PHRASEBOOK.nth(kind, n, title=m.title, lower=m.title.lower(), when=day_time(at), day=weekday(at),
                          user=p.user.first, first=contact_of(p, which).first)
    subject, _, body = text.partition("\n")
    return subject, body


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
                     who={WORK: f"{person.first} from {p.company}", CLIENT: f"{person.first} from {p.client_company}",
                          FAMILY: f"my {p.relation}"}[which],
                     anchor=near[0] if near else None, minutes=p.minutes(which))


def _side(rng: random.Random, kind: str, cands: list[Candidate], x: int, meant: bool) -> str | None:
    """A clause on ``cands[x]`` by ``kind``: the one to move (``meant``) or the one that stays (pointing's "ruled
    out" rarely, the classic's "kept" kinds mostly), each side with or without the "keep" words alike often."""
    if not meant and rng.random() < 0.2:  # pointing's "ruled out" is all "not"s: rarely, or it marks a side
        return clause(rng, kind, cands, x)
    # with the "keep" words or without, alike often on either side
    words = rng.choice(("pointed at", "pointed at, as not kept") if meant else ("kept", "kept, as another moved"))
    n = PHRASEBOOK.index(rng, words)  # drawn before the pointer it wraps
    pointed = pointer(rng, kind, cands, x)
    return None if pointed is None else PHRASEBOOK.nth(words, n, x=pointed)


def _fits(cands: list[Candidate], x: int) -> list[str]:
    """The kinds of clause that single ``cands[x]`` out (the middle of three has no place in the week to name)."""
    return [k for k in CLAUSES if k != "mail" and pointer(random.Random(0), k, cands, x) is not None]


def _clauses(rng: random.Random, form: str, cands: list[Candidate], meant: int) -> tuple[str, list[str]]:
    """The answer's clauses and the kinds they point by: every candidate named once, the meant one pointed at and
    each other one ruled out or kept, the meant one's clause at the place ``form`` says (``FORMS``) and the others in
    a drawn order. Which candidates the answer names, how many, and where a clause sits tell nothing: only what each
    clause says of its meeting does."""
    others = [x for x in range(len(cands)) if x != meant]
    rng.shuffle(others)
    order = list(others)
    order.insert(FORMS.index(form), meant)
    said, kinds = [], []
    for x in order:
        kind = rng.choice(_fits(cands, x))
        text = _side(rng, kind, cands, x, x == meant)
        assert text is not None  # the kind was chosen because it singles x out
        said.append(text)
        kinds.append(kind)
    return "; ".join(said), kinds


def _taken_back(rng: random.Random, cands: list[Candidate], meant: int, text: str) -> str:
    """``text`` after a first clause the wrong way round, taken back, on any candidate alike: the meant one said to
    stay, or another said to move (rarely as a bare pointer, "that one stays": it can only be on one not meant)."""
    x = rng.randrange(len(cands))
    kind = rng.choice(_fits(cands, x))
    if x != meant and rng.random() < 0.25:
        wrong, words = pointer(rng, kind, cands, x), "answer taken back"
    else:
        wrong, words = _side(rng, kind, cands, x, x != meant), "answer reversed"
    assert wrong is not None
    return PHRASEBOOK.say(rng, words, wrong=wrong[0].upper() + wrong[1:], right=text)


def drawn_answer(rng: random.Random, p: Params) -> Params:
    """``p`` with the user's answer drawn: a clause on every candidate (``_clauses``), sometimes after a first clause
    the wrong way round taken back, and the new time as asked, stated anew or shifted (the request then names
    another); and the phrasings of the contacts' notes."""
    cands = [_candidate(p, k) for k in p.candidates]
    meant = p.candidates.index(p.meant)
    taken_back, form = rng.random() < 0.3, rng.choice(FORMS)
    body, kinds = _clauses(rng, form, cands, meant)
    text = body[0].upper() + body[1:] + "."
    if taken_back:
        text = _taken_back(rng, cands, meant, text)
    text += f" {p.timed}"  # the new time, a decision of its own (params.draw_params drew it)
    minutes, way, said = drawn_length(rng, p, cands, meant)
    text += f" {said}"
    notes = (PHRASEBOOK.index(rng, "work contact note"), PHRASEBOOK.index(rng, "family contact note"),
             PHRASEBOOK.index(rng, "work contact note"))
    return replace(p, answer=text, clause="+".join(kinds), form=form, notes=notes, new_minutes=minutes,
                   lengthing=way)


def drawn_length(rng: random.Random, p: Params, cands: list[Candidate], meant: int) -> tuple[int, str, str]:
    """The meeting's length at its new time (version 6): one of ``NEW_LENGTHS`` alike often, drawn apart from its own
    length, then a way of saying it (``LENGTH_WAYS``) among those that fit - stated a quarter of the time, else kept
    when it is its own, shifted when it is not, or another candidate's when one has it. Returns the minutes, the way
    and the words."""
    minutes = rng.choice(NEW_LENGTHS)
    own = cands[meant].minutes
    alike = [x for x, c in enumerate(cands) if x != meant and c.minutes == minutes]
    # stated (a frame a regex reads) a quarter of the time; else a way that needs the meeting's own length or another
    # candidate's, one of which always fits
    # another candidate's length only when it is not the meeting's own (keeping it says that); a shift only when its
    # minutes are not the length itself ("30 minutes shorter" than an hour), so no number in the sentence is the answer
    # more often than by chance
    shift = "shorter" if minutes < own else "longer"
    ways = ["kept"] if minutes == own else [*([shift] if abs(own - minutes) != minutes else []),
                                            *(["as another"] if alike else [])] or ["stated"]
    way = "stated" if rng.random() < 0.25 else rng.choice(ways)
    dropped = rng.choice([m for m in NEW_LENGTHS if m not in (minutes, own)])
    if way == "stated":
        return minutes, way, PHRASEBOOK.say(rng, "new length stated", n=minutes, m=dropped)
    if way == "kept":
        return minutes, way, PHRASEBOOK.say(rng, "new length kept", m=dropped)
    if way in ("shorter", "longer"):
        return minutes, way, PHRASEBOOK.say(rng, f"new length {way}", d=abs(own - minutes))
    return minutes, way, PHRASEBOOK.say(rng, "new length as another's", x=plain_pointer(rng, cands[rng.choice(alike)]))


def user_prompt(p: Params) -> str:
    """The user's request (the world draws no choice of its phrasing: the first of its kind): a drawn world's time is
    none of the three the answer names."""
    asked = p.asked_start
    return PHRASEBOOK.nth("request", 0, hour=HOUR_WORDS[p.hour], first=p.work.first, day=weekday(asked),
                          time=f"{asked:%H:%M}")


def description(p: Params) -> str:
    if len(p.candidates) > 2:
        return (f"The user asks to move \"my {HOUR_WORDS[p.hour]} with {p.work.first}\" to a new time and to tell "
                f"the people on it. The calendar holds three such meetings - with a work contact, a client at another "
                f"firm and the user's {p.relation}, all called {p.work.first}, on different days - and a fourth "
                f"meeting at that hour without {p.work.first}. The assistant must ask in chat which one is meant, "
                f"naming the alternatives, before it touches any; then move the one the user names to the time and "
                f"for the length the user's answer sets, email everyone on it the new time, and confirm in chat - "
                f"never touching the others or writing to their people.")
    return (f"The user asks to move \"my {HOUR_WORDS[p.hour]} with {p.work.first}\" to a new time and to tell the "
            f"people on it. The calendar holds two such meetings - one with a work contact and one with the user's "
            f"{p.relation}, both called {p.work.first}, on different days - and a third meeting at that hour without "
            f"{p.work.first}. The assistant must ask in chat which one is meant, naming the alternatives, before it "
            f"touches either; then move the one the user names (keeping its length), email everyone on it the new "
            f"time, and confirm in chat - never touching the other meeting or writing to its people.")
