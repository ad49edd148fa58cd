"""The calendar side of ``organiser_move`` (scenarios/parts/organiser_move.py): the meeting's two dated instances (the
one to move and its twin), outside calls, and the mails of their hosts."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from green_agent.scenario_kit import build as kit
from green_agent.scenario_kit.records import CalendarEvent, Email
from green_agent.scenario_kit.slices import Day, iso
from green_agent.scenario_kit.world import Person

from ._organiser_phrases import PHRASES

HOUR = timedelta(hours=1)
# The two instances of the user's meeting: which id is the one to move is drawn, so no id, and no order on the
# calendar, marks it.
SERIES = ("ev-move-meeting-a", "ev-move-meeting-b")


def event(event_id: str, title: str, start: datetime, host: Person, user: Person, created: str,
          response: str) -> CalendarEvent:
    """An outside call of ``host``'s on the user's calendar, the user's ``response`` to it."""
    return kit.calendar_event(event_id, title, iso(start), iso(start + HOUR), organizer=host.email,
                              attendees=[(host.email, host.name, "accepted"), (user.email, user.name, response)],
                              created_at=created, updated_at=created)


def series(day: Day, title: str, held: datetime, twin: datetime, attendees: list[Person],
           created: str) -> tuple[str, str, list[CalendarEvent]]:
    """The meeting to move (at ``held``) and its twin instance (at ``twin``, same title and people), as (the id to
    move, the twin's id, both events in a drawn order): only the asker's mail, naming ``held``, tells which."""
    rng, user = day.rng, day.user
    ids = list(SERIES)
    rng.shuffle(ids)
    people = [(user.email, user.name, "accepted"), *((p.email, p.name, "accepted") for p in attendees)]
    events = [kit.calendar_event(i, title, iso(at), iso(at + HOUR), organizer=user.email, attendees=people,
                                 description=f"{title} with the team.", created_at=created, updated_at=created)
              for i, at in ((ids[0], held), (ids[1], twin))]
    rng.shuffle(events)
    return ids[0], ids[1], events


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


def twin_note(rng: random.Random, title: str, held: str, twin: str) -> str:
    """The asker's sentence naming the twin instance as fine (kind "twin_ok"), so the asker's mail names both dates
    and its first time is the one to move only half the time."""
    return PHRASES.say(rng, "twin_ok", title=title, held=held, twin=twin, Twin=twin[:1].upper() + twin[1:])
