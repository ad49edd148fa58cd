"""How a meeting_scheduling trial is read: what the assistant sent, which event is "the meeting", where it was when,
and what the invitees really said.

What the invitees said - availability, declines, acceptances - is read only from what the green scheduled for them
(``ctx.said_by``), never from the calendar's attendee responses, which the assistant's own key can write. "The
meeting" is the live event the assistant created that has the most of the three invitees as attendees (ties: the
most recently updated). Times are aware datetimes; everything is UTC.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from green_agent.judging.context import EvalContext
from green_agent.scenario_kit.grading import (
    addresses,
    calendar_events,
    is_live,
    overlaps,
    plain_text,
    response_of,
    span,
    when,
)
from green_agent.scenario_kit.precision import Sent, contacted, outgoing
from green_agent.scenario_kit.sent import INVITATIONS, Message

from .slots import Rule, Span, in_window
from .truth import MeetingTruth

Event = dict[str, Any]
DECLINED = "the slot that was declined"


def sent(ctx: EvalContext) -> list[Sent]:
    """What the assistant sent to others: emails, SMS and invitations — edits of the user's own existing events
    left out (user_calendar_untouched judges those; their attendees were invited long ago)."""
    initial = calendar_events(ctx.initial_state)
    return [s for s in outgoing(ctx) if not (s.channel == "calendar" and str(s.message.event_id) in initial)]


def outsiders(ctx: EvalContext, truth: MeetingTruth) -> frozenset[str]:
    """Everyone outside the meeting who was written to or invited (the user never counts)."""
    return contacted(sent(ctx), truth.people, [p.id for p in truth.invitees]).strays


def candidates(ctx: EvalContext, truth: MeetingTruth) -> list[Event]:
    """Live events the assistant added that invite at least one of the three, best candidate first."""
    initial = calendar_events(ctx.initial_state)
    invitees = truth.emails
    found = [e for eid, e in calendar_events(ctx.final_state).items()
             if eid not in initial and is_live(e) and addresses(e.get("attendees")) & invitees]
    found.sort(key=lambda e: (len(addresses(e.get("attendees")) & invitees), str(e.get("updated_at", ""))),
               reverse=True)
    return found


def meeting(ctx: EvalContext, truth: MeetingTruth) -> Event | None:
    """The meeting: the best candidate (None when the assistant created none)."""
    found = candidates(ctx, truth)
    return found[0] if found else None


def _slots(ctx: EvalContext, truth: MeetingTruth, event_id: Any) -> list[tuple[datetime, Span]]:
    """(when, slot) of every create/update of ``event_id`` that set its start, in order."""
    out = []
    for action in ctx.actions(*INVITATIONS):
        p = action.parameters
        if p.get("event_id") != event_id or not p.get("start"):
            continue
        start = when(p["start"])
        out.append((action.timestamp, (start, when(p["end"]) if p.get("end") else start + truth.length)))
    return out


def _slot_at(ctx: EvalContext, truth: MeetingTruth, event_id: Any, moment: datetime) -> Span | None:
    """Where the assistant had put ``event_id`` at ``moment``."""
    before = [slot for at, slot in _slots(ctx, truth, event_id) if at <= moment]
    return before[-1] if before else None


def _invited_since(ctx: EvalContext, truth: MeetingTruth, event: Event) -> datetime:
    """When the meeting was (re)sent at its final start: acceptances before that were for another time."""
    since, previous = ctx.start_time, None
    for at, (start, _) in _slots(ctx, truth, event.get("event_id")):
        if start != previous:
            since, previous = at, start
    return since


def _rsvps(ctx: EvalContext, character_id: str, event_id: Any) -> list[tuple[datetime, str]]:
    """The RSVPs ``character_id`` really gave to ``event_id`` (the green scheduled them), in time order."""
    out = [(e.at, str(e.data.get("response"))) for e in ctx.said_by(character_id, "calendar")
           if e.data.get("operation") == "respond" and e.data.get("event_id") == event_id]
    return sorted(out, key=lambda pair: pair[0])


def acceptances(ctx: EvalContext, truth: MeetingTruth, event: Event) -> dict[str, datetime | None]:
    """Invitee id -> when they accepted the meeting at its final time (None: they have not, by their own RSVP)."""
    since = _invited_since(ctx, truth, event)
    attending = addresses(event.get("attendees"))
    out: dict[str, datetime | None] = {}
    for person in truth.invitees:
        said = [(at, r) for at, r in _rsvps(ctx, person.id, event.get("event_id")) if at >= since]
        ok = person.email.lower() in attending and bool(said) and said[-1][1] == "accepted"
        out[person.id] = said[-1][0] if ok else None
    return out


def declines(ctx: EvalContext, truth: MeetingTruth) -> list[tuple[datetime, Any]]:
    """(when, event id) of each decline the decliner really sent."""
    return [(e.at, e.data.get("event_id")) for e in ctx.said_by(truth.decliner, "calendar")
            if e.data.get("operation") == "respond" and e.data.get("response") == "declined"]


def declined_slots(ctx: EvalContext, truth: MeetingTruth) -> list[Span]:
    """Where the meeting was whenever the decliner declined it (from the assistant's own calendar actions)."""
    slots = [_slot_at(ctx, truth, event_id, at) for at, event_id in declines(ctx, truth)]
    return [s for s in slots if s is not None]


def user_busy(ctx: EvalContext, truth: MeetingTruth) -> list[tuple[str, Span]]:
    """The user's initial commitments: opaque, not cancelled, not declined by the user."""
    out = []
    for event in calendar_events(ctx.initial_state).values():
        if not is_live(event) or event.get("transparency") == "transparent":
            continue
        if response_of(event, truth.user.email.lower()) == "declined":
            continue
        out.append((str(event.get("title", event.get("event_id", "?"))), span(event)))
    return out


def said(event: Any) -> str:
    """What a character's scheduled message said (subject and body)."""
    return f"{plain_text(event.data.get('subject'))}\n" \
           f"{plain_text(event.data.get('body') or event.data.get('body_text'))}"


def _busy_at(truth: MeetingTruth, who: str, slot: Span) -> bool:
    return any(overlaps(slot, busy) for busy in truth.busy.get(who, ()))


def unheard(truth: MeetingTruth, invite: Message) -> set[str]:
    """The invitees (addresses) whose answer the first invitation ``invite`` ignores: it overlaps a busy time they
    gave or breaks a rule they stated in it or pointed to (the one kept for an older email: the answer names it)."""
    if not invite.start:
        return set()
    start = when(invite.start)
    slot = (start, when(invite.end) if invite.end else start + truth.length)
    return {p.email.lower() for p in truth.invitees
            if _busy_at(truth, p.id, slot) or truth.rules.get(p.id, Rule()).breaks(*slot)}


def broken(ctx: EvalContext, truth: MeetingTruth, event: Event) -> dict[str, list[str]]:
    """What the slot of ``event`` breaks (reason → who), empty when it works for everybody."""
    slot = span(event)
    people = [p.id for p in truth.invitees]
    declined = any(overlaps(slot, d) for d in declined_slots(ctx, truth))
    # The day the decline rules out binds every slot but the declined one (which was right when it was chosen).
    rules = {w: truth.rules.get(w, Rule()) if declined else truth.rule_after_decline(w) for w in people}
    failed = {
        "outside the requested window": [] if in_window(*slot) else ["window"],
        "a standing rule of an invitee": [w for w in people if rules[w].breaks(*slot)],
        "a busy time an invitee gave": [w for w in people if _busy_at(truth, w, slot)],
        "the user's calendar": [title for title, taken in user_busy(ctx, truth) if overlaps(slot, taken)],
        DECLINED: ["declined"] if declined else [],
    }
    return {why: who for why, who in failed.items() if who}
