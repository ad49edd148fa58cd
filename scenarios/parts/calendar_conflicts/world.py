"""The records of a calendar_conflicts world (the week's events, the inbox, what arrives during the morning) and the
whole of it as one ``Slice`` with its ``Frame``: the part drawn alone sets the user, the morning's hours, the request
and the turn budget."""

from __future__ import annotations

from datetime import timedelta

from green_agent.scenario_kit import build as kit
from green_agent.scenario_kit.records import CalendarEvent, ScheduledEvent
from green_agent.scenario_kit.slices import Frame, Slice

from .cast import characters
from .oracle import FINISH_AFTER_TURN, reckless, solution
from .plan import KEY, Plan, moment, stamp
from .texts import texts
from .truth import truth

MAX_TURNS = 6
START, END = "08:30", "12:30"  # the Monday morning the assistant works in


def calendar(plan: Plan) -> list[CalendarEvent]:
    """Every event of the week, made a week before and last edited on the Thursday before."""
    names = {p.email: p.name for p in [plan.user, *plan.people.values()] if p.email}
    created = stamp(plan.monday - timedelta(days=7), "10:00")
    updated = stamp(plan.monday - timedelta(days=4), "15:00")
    return [kit.calendar_event(e.event_id, e.title, stamp(e.day, e.start), stamp(e.day, e.end), organizer=e.organizer,
                               attendees=[(a, names[a], r) for a, r in e.attendees], description=e.description,
                               location=e.location, created_at=created, updated_at=updated) for e in plan.events]


def arrivals(plan: Plan) -> list[ScheduledEvent]:
    """A customer's mail and the courier's text, arriving during the morning."""
    start = stamp(plan.monday, START)
    return [kit.scheduled_event(f"bg-{i}", at, modality, data, created_at=start)
            for i, (at, modality, data) in enumerate(plan.noise, 1)]


def build(plan: Plan) -> Slice:
    """The whole world of ``plan``: its records, characters, oracle, truth and frame."""
    words, facts = texts(plan), truth(plan)
    u = plan.user
    return Slice(part=KEY, request=words["user_prompt"], emails=list(plan.emails), arrivals=arrivals(plan),
                 calendar=calendar(plan), characters=characters(plan), steps=solution(plan), reckless=reckless(plan),
                 truth=facts, recipients=set(facts.affected), last_turn=FINISH_AFTER_TURN - 1,
                 events={c.loser.event_id for c in plan.clashes},
                 frame=Frame(user=u, start=moment(plan.monday, START), end=moment(plan.monday, END),
                             prompt=words["user_prompt"], description=words["description"], max_turns=MAX_TURNS,
                             time_step="PT1H", finish_after_turn=FINISH_AFTER_TURN, personality=u.personality))
