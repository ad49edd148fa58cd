"""The calendar side of ``organiser_move`` (scenarios/parts/organiser_move.py): the meeting's three or four dated
instances (the one to move and its twins), outside calls, the mails of their hosts, and how people write a time or a
stretch of it."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from green_agent.scenario_kit import build as kit
from green_agent.scenario_kit.records import CalendarEvent, Email
from green_agent.scenario_kit.slices import Day, iso
from green_agent.scenario_kit.world import Person

from ._organiser_phrases import PHRASES

HOUR = timedelta(hours=1)
# The instances of the user's meeting (three or four, ``INSTANCES``): which id is the one to move is drawn, so no id,
# and no order on the calendar, marks it.
SERIES = ("ev-move-meeting-a", "ev-move-meeting-b", "ev-move-meeting-c", "ev-move-meeting-d")
INSTANCES = (3, 4)
# How long the moved meeting runs, in minutes: the asker's mail says (the instances run an hour). Anything that rules
# a wrong offer out overlaps its first half hour, so every length leaves the wrong offers out.
LENGTHS = (45, 60, 90)
WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 8: "eight", 9: "nine", 10: "ten", 11: "eleven",
         12: "twelve"}


def clock(rng: random.Random, t: datetime) -> str:
    """A clock time as people write it: "13:30", "1:30pm", "half past one" (minutes are 0 or 30)."""
    twelve = t.hour - 12 if t.hour > 12 else t.hour
    words = f"half past {WORDS[twelve]}" if t.minute else ("noon" if t.hour == 12 else WORDS[twelve])
    half = f":{t.minute:02d}" if t.minute else ""
    return rng.choice((f"{t:%H:%M}", f"{twelve}{half}{'pm' if t.hour >= 12 else 'am'}", words))


def stretch_words(rng: random.Random, a: datetime, b: datetime) -> str:
    """A busy stretch in words: several frames, open-ended when it runs from the morning or into the evening."""
    if a.hour <= 9 and rng.random() < 0.5:
        return rng.choice((f"until {clock(rng, b)}", f"all morning until {clock(rng, b)}"))
    if b.hour >= 17 and rng.random() < 0.5:
        return rng.choice((f"from {clock(rng, a)} on", f"from {clock(rng, a)} until the end of the day"))
    x, y = clock(rng, a), clock(rng, b)
    forms = [f"from {x} to {y}", f"between {x} and {y}", f"{x} until {y}"]
    if ":" in x and ":" in y and "m" not in x + y:
        forms.append(f"{x}-{y}")
    return rng.choice(forms)


def event(event_id: str, title: str, start: datetime, host: Person, user: Person, created: str,
          response: str) -> CalendarEvent:
    """An outside call of ``host``'s on the user's calendar, the user's ``response`` to it."""
    return kit.calendar_event(event_id, title, iso(start), iso(start + HOUR), organizer=host.email,
                              attendees=[(host.email, host.name, "accepted"), (user.email, user.name, response)],
                              created_at=created, updated_at=created)


def series(day: Day, title: str, held: datetime, twins: list[datetime], attendees: list[Person],
           created: str) -> tuple[str, list[str], list[CalendarEvent]]:
    """The meeting to move (at ``held``) and its twin instances (at ``twins``, same title and people), as (the id to
    move, the twins' ids, all events in a drawn order): only the asker's mail, naming ``held``, tells which."""
    rng, user = day.rng, day.user
    ids = rng.sample(SERIES, 1 + len(twins))
    people = [(user.email, user.name, "accepted"), *((p.email, p.name, "accepted") for p in attendees)]
    events = [kit.calendar_event(i, title, iso(at), iso(at + HOUR), organizer=user.email, attendees=people,
                                 description=f"{title} with the team.", created_at=created, updated_at=created)
              for i, at in zip(ids, (held, *twins), strict=True)]
    rng.shuffle(events)
    return ids[0], ids[1:], events


def called_off(day: Day, offer: datetime, blocking: list[tuple[Person, str]],
               created: str) -> tuple[Person, CalendarEvent, list[Email]]:
    """An outside call the user accepted on ``offer`` whose host calls it off by mail, and each real clash's host
    (``blocking``: host, title) saying theirs stands (the same cancel words, negated): every accepted clash comes with
    its host's mail, so neither the calendar nor "the clash with a mail" points at the right offer."""
    rng, user = day.rng, day.user
    (host,) = day.people(1, domain=rng.choice(("acme.example", "globex.example", "initech.example")))
    title = PHRASES.say(rng, "blocker_title", name=host.name, user=user.first,
                        company=host.email.split("@")[1].split(".")[0].capitalize())
    mails = []
    for n, (who, name, kind) in enumerate(((host, title, "calledoff"), *((*b, "still_on") for b in blocking))):
        mails.append(kit.inbox_email(
            f"m-move-host-{n}", who.email, user.email,
            PHRASES.say(rng, "host_subject", event=name, Event=name[:1].upper() + name[1:]),
            PHRASES.say(rng, kind, user=user.first, event=name, name=who.first),
            iso(day.start - timedelta(hours=rng.randrange(2, 20))), read=True))
    rng.shuffle(mails)
    return host, event("ev-move-calledoff", title, offer + HOUR / 2, host, user, created, "accepted"), mails


def twin_note(rng: random.Random, title: str, held: str, twins: list[str]) -> str:
    """The asker's sentences naming the twin instances as fine (kind "twin_ok", its ``twin`` their times joined) and
    naming them again (kind "twin_seen"), so the asker's mail names every date of the meeting twice and its first time
    is the one to move only a third or a quarter of the time."""
    listed = f"{', '.join(twins[:-1])} and {twins[-1]}"
    # the ask names the meeting to move twice (its own sentence and this one): the twins are named again too
    fine = PHRASES.say(rng, "twin_ok", title=title, held=held, twin=listed, Twin=listed[:1].upper() + listed[1:])
    return f"{fine} {PHRASES.say(rng, 'twin_seen', title=title, twin=listed)}"


def length_note(rng: random.Random, minutes: int) -> str:
    """The asker's sentence on how long the moved meeting runs (``LENGTHS``): kind "shorter", "keep_hour" or
    "longer", each naming the length wanted and one other, the negation deciding."""
    return PHRASES.say(rng, {45: "shorter", 60: "keep_hour", 90: "longer"}[minutes])
