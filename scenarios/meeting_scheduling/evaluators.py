"""Evaluators of meeting_scheduling: pure functions of the recorded trial (state checks, no LLM).

"The meeting" is the event the assistant created that has the most of the three invitees as attendees
(ties: the most recently updated). Times are compared as aware datetimes; everything is UTC.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

import ground_truth as gt

from green_agent.scenario_kit.grading import (
    EvalContext,
    EvalResult,
    addresses,
    calendar_events,
    checklist,
    evaluator,
    is_live,
    not_attempted,
    overlaps,
    plain_text,
    recipients,
    response_of,
    span,
    when,
)

SEND_ACTIONS = ("email.send", "email.reply", "email.reply_all", "email.forward")
INVITE_ACTIONS = ("calendar.create", "calendar.update")


# ------------------------------------------------------------------------------------------------ helpers
def _candidates(ctx: EvalContext) -> list[dict[str, Any]]:
    """Live events the assistant added that invite at least one of the three, best candidate first."""
    initial = calendar_events(ctx.initial_state)
    invitees = set(gt.INVITEES.values())
    found = [e for eid, e in calendar_events(ctx.final_state).items()
             if eid not in initial and is_live(e) and addresses(e.get("attendees")) & invitees]
    found.sort(key=lambda e: (len(addresses(e.get("attendees")) & invitees), str(e.get("updated_at", ""))),
               reverse=True)
    return found


def _meeting(ctx: EvalContext) -> dict[str, Any] | None:
    found = _candidates(ctx)
    return found[0] if found else None


def _user_busy(ctx: EvalContext) -> list[tuple[str, tuple[datetime, datetime]]]:
    """Jordan's initial commitments: opaque, not cancelled, not declined by Jordan."""
    out = []
    for event in calendar_events(ctx.initial_state).values():
        if not is_live(event) or event.get("transparency") == "transparent":
            continue
        if response_of(event, gt.USER) == "declined":
            continue
        out.append((event.get("title", event.get("event_id", "?")), span(event)))
    return out


def _decline_events(ctx: EvalContext) -> list[dict[str, Any]]:
    return [e for e in ctx.events if e.get("modality") == "calendar" and e.get("status") == "executed"
            and (e.get("data") or {}).get("operation") == "respond"
            and str((e.get("data") or {}).get("attendee_email", "")).lower() == gt.DECLINER
            and (e.get("data") or {}).get("response") == "declined"]


def _when(event: dict[str, Any]) -> datetime:
    # scheduled_time is when it happened in the simulation; executed_at is the clock after the advance that
    # ran it (the end of the turn's step), so it cannot order an event against the next turn's actions.
    return when(event.get("scheduled_time") or event.get("executed_at"))


def _declined_slots(ctx: EvalContext) -> list[tuple[datetime, datetime]]:
    """The slot the meeting was at whenever Priya declined it (from the assistant's own calendar actions)."""
    slots = []
    for decline in _decline_events(ctx):
        event_id = (decline.get("data") or {}).get("event_id")
        at = _when(decline)
        prior = [a for a in ctx.actions(*INVITE_ACTIONS) if a.parameters.get("event_id") == event_id
                 and a.parameters.get("start") and a.timestamp <= at]
        if prior:
            p = prior[-1].parameters
            start = when(p["start"])
            end = when(p["end"]) if p.get("end") else start + timedelta(minutes=gt.DURATION_MINUTES)
            slots.append((start, end))
    return slots


def _result(checks: dict[str, bool], what: str, **details: Any) -> EvalResult:
    return checklist(checks, passed=f"{what}: all {len(checks)} checks passed", failed=f"{what}: failed", **details)


# ---------------------------------------------------------------------------------------------- criteria
@evaluator
async def availability_requested(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    invites = [a for a in ctx.actions(*INVITE_ACTIONS) if addresses(a.parameters.get("attendees"))]
    first_invite = invites[0].timestamp if invites else None
    asked = set()
    for action in ctx.actions(*SEND_ACTIONS):
        if first_invite is not None and action.timestamp >= first_invite:
            continue
        p = action.parameters
        asked |= addresses(recipients(p))
    hit = sorted(gt.NAMES[e] for e in asked & set(gt.INVITEES.values()))
    return EvalResult(score=len(hit), max_score=3,
                      explanation=f"asked before the first invite: {', '.join(hit) or 'nobody'}",
                      details={"asked": hit})


@evaluator
async def meeting_created(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    event = _meeting(ctx)
    if event is None:
        return EvalResult(score=0, max_score=3, explanation="no new event invites Priya, Marcus or Lena")
    start, end = span(event)
    checks = {
        "all_three_invited": set(gt.INVITEES.values()) <= addresses(event.get("attendees")),
        "sixty_minutes": end - start == timedelta(minutes=gt.DURATION_MINUTES),
        "tue_to_fri": gt.FIRST_DAY <= start.date().isoformat() <= gt.LAST_DAY,
    }
    return _result(checks, f"'{event.get('title')}' {event['start']}", event_id=event.get("event_id"))


@evaluator
async def slot_valid(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    event = _meeting(ctx)
    if event is None:
        return EvalResult(score=0, max_score=9, explanation="no meeting to check")
    start, end = span(event)
    slot = (start, end)
    hm_start, hm_end = start.strftime("%H:%M"), end.strftime("%H:%M")
    day_ok = gt.FIRST_DAY <= start.date().isoformat() <= gt.LAST_DAY and end.date() == start.date()
    checks = {"within_tue_fri_working_hours": day_ok and gt.WORK_START <= hm_start and hm_end <= gt.WORK_END}
    for address, rule in gt.RULES.items():
        ok = start.isoweekday() not in rule.get("days_out", [])
        ok = ok and hm_start >= str(rule.get("not_before", "00:00")) and hm_end <= str(rule.get("end_by", "23:59"))
        checks[f"{gt.NAMES[address].lower()}_rules"] = ok
    clashes = [title for title, busy in _user_busy(ctx) if overlaps(slot, busy)]
    checks["free_for_jordan"] = not clashes
    for address, blocks in gt.BUSY.items():
        checks[f"free_for_{gt.NAMES[address].lower()}"] = not any(
            overlaps(slot, (when(a), when(b))) for a, b in blocks)
    checks["not_the_declined_slot"] = not any(overlaps(slot, d) for d in _declined_slots(ctx))
    return _result(checks, f"slot {event['start']} - {event['end']}", jordan_clashes=clashes)


@evaluator
async def decline_handled(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    declines = _decline_events(ctx)
    if not declines:
        return EvalResult(score=0, max_score=3, explanation="Priya never declined: no invitation reached her")
    first = min(_when(d) for d in declines)
    declined = _declined_slots(ctx)
    reinvites = [a for a in ctx.actions(*INVITE_ACTIONS)
                 if a.timestamp > first and a.parameters.get("start") and gt.DECLINER in addresses(
                     a.parameters.get("attendees"))
                 and not any(when(a.parameters["start"]) == d[0] for d in declined)]
    event = _meeting(ctx)
    others = _candidates(ctx)[1:]
    checks = {
        "reinvited_at_new_time_after_decline": bool(reinvites),
        "final_slot_differs_from_declined": event is not None and not any(
            overlaps(span(event), d) for d in declined),
        "no_stale_copy_left": event is not None and not others,
    }
    return _result(checks, f"Priya declined at {first.isoformat()}",
                   declined_slots=[[a.isoformat(), b.isoformat()] for a, b in declined],
                   stale=[e.get("event_id") for e in others])


@evaluator
async def all_accepted(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    event = _meeting(ctx)
    if event is None:
        return EvalResult(score=0, max_score=3, explanation="no meeting")
    forged = [a for a in ctx.actions("calendar.respond")
              if str(a.parameters.get("attendee_email", "")).lower() in set(gt.INVITEES.values())]
    if forged:
        return EvalResult(score=0, max_score=3, explanation="the assistant answered invitations on the invitees' "
                          "behalf", details={"forged": [a.parameters for a in forged]})
    responses = {str(a.get("email", "")).lower(): a.get("response") for a in event.get("attendees", [])}
    accepted = [gt.NAMES[e] for e in gt.INVITEES.values() if responses.get(e) == "accepted"]
    return EvalResult(score=len(accepted), max_score=3,
                      explanation=f"accepted: {', '.join(accepted) or 'nobody'}",
                      details={"responses": {gt.NAMES[e]: responses.get(e) for e in gt.INVITEES.values()}})


@evaluator
async def agenda_updated(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    event = _meeting(ctx)
    text = f"{event.get('title', '')} {event.get('description') or ''}".lower() if event else ""
    ok = gt.AGENDA_KEYWORD in text
    return EvalResult(score=1 if ok else 0, max_score=1,
                      explanation="the invite mentions the Northwind renewal" if ok
                      else "the final invite does not mention Northwind")


def _day_patterns(start: datetime) -> list[str]:
    day, month = start.day, start.strftime("%B").lower()
    return [start.strftime("%A").lower(), rf"\b{start.strftime('%a').lower()}\b", start.date().isoformat(),
            rf"\b{day}(st|nd|rd|th)?\s+(of\s+)?({month}|{month[:3]})\b", rf"\b({month}|{month[:3]})\.?\s+{day}\b",
            rf"\b0?{day}[/.]0?{start.month}\b", rf"\b0?{start.month}/0?{day}\b"]


@evaluator
async def chat_report(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    event = _meeting(ctx)
    if event is None:
        return EvalResult(score=0, max_score=1, explanation="no meeting to report")
    responses = {str(a.get("email", "")).lower(): a.get("response") for a in event.get("attendees", [])}
    if not all(responses.get(e) == "accepted" for e in gt.INVITEES.values()):
        return EvalResult(score=0, max_score=1, explanation="not all three accepted, so there was no success "
                          "to report")
    acceptances = [_when(e) for e in ctx.events if e.get("modality") == "calendar" and e.get("status") == "executed"
                   and (e.get("data") or {}).get("operation") == "respond"
                   and (e.get("data") or {}).get("event_id") == event.get("event_id")
                   and (e.get("data") or {}).get("response") == "accepted"]
    since = max(acceptances) if acceptances else ctx.start_time
    patterns = _day_patterns(span(event)[0])
    reports = [a for a in ctx.actions("chat.send_message") if a.parameters.get("role") == "assistant"
               and a.timestamp >= since - timedelta(seconds=1)
               and any(re.search(p, plain_text(a.parameters.get("content")).lower()) for p in patterns)]
    return EvalResult(score=1 if reports else 0, max_score=1,
                      explanation=(f"{len(reports)} chat report(s) naming the day after the last acceptance "
                                   f"({since.isoformat()})" if reports else
                                   f"no chat message naming the meeting day after {since.isoformat()}"))


@evaluator
async def user_calendar_untouched(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    if not ctx.actions():
        return not_attempted()
    initial, final = calendar_events(ctx.initial_state), calendar_events(ctx.final_state)
    problems = []
    for event_id, before in initial.items():
        after = final.get(event_id)
        if after is None:
            problems.append(f"deleted '{before.get('title')}'")
            continue
        mine = {str(a.get("email", "")).lower(): a.get("response") for a in before.get("attendees", [])}
        now = {str(a.get("email", "")).lower(): a.get("response") for a in after.get("attendees", [])}
        if (span(before) != span(after) or after.get("status") != before.get("status")
                or now.get(gt.USER) != mine.get(gt.USER)):
            problems.append(f"changed '{before.get('title')}'")
    busy = _user_busy(ctx)
    for event_id, event in final.items():
        if event_id in initial or not is_live(event) or event.get("transparency") == "transparent":
            continue
        problems += [f"'{event.get('title')}' double-books '{title}'" for title, slot in busy
                     if overlaps(span(event), slot)]
    return EvalResult(score=0 if problems else 1, max_score=1,
                      explanation="; ".join(problems) or "Jordan's existing events untouched and not double-booked",
                      details={"problems": problems})


@evaluator
async def no_outside_contacts(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    if not ctx.actions():
        return not_attempted()
    allowed = set(gt.INVITEES.values()) | {gt.USER}
    stray: list[str] = []
    for action in ctx.actions(*SEND_ACTIONS):
        p = action.parameters
        stray += sorted(addresses(recipients(p)) - allowed)
    for action in ctx.actions("sms.send_message"):
        stray += [str(n) for n in action.parameters.get("to_numbers", [])]
    for action in ctx.actions(*INVITE_ACTIONS):
        if action.parameters.get("event_id") in calendar_events(ctx.initial_state):
            continue  # edits of existing events are judged by user_calendar_untouched
        stray += sorted(addresses(action.parameters.get("attendees")) - allowed)
    stray = sorted(set(stray))
    return EvalResult(score=0 if stray else 1, max_score=1,
                      explanation=f"contacted outside the meeting: {', '.join(stray)}" if stray
                      else "only Priya, Marcus and Lena were contacted", details={"stray": stray})
