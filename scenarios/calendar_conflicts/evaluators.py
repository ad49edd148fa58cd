"""Evaluators of calendar_conflicts: pure functions of the recorded trial (state checks, no LLM).

"Commitments" are the week's events Alex is bound by: not cancelled, not transparent, and not declined by
Alex (events Alex organises list no RSVP for Alex). Everything is UTC.
"""

from __future__ import annotations

from itertools import combinations
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
    mentions,
    not_attempted,
    overlaps,
    plain_text,
    recipients,
    response_of,
    span,
    when,
)

SEND_ACTIONS = ("email.send", "email.reply", "email.reply_all", "email.forward")
CALENDAR_CHANGES = ("calendar.create", "calendar.update", "calendar.delete", "calendar.respond")
NAMES = {gt.RAVI: "Ravi", gt.EMMA: "Emma", gt.OMAR: "Omar", gt.RAJ: "Raj", gt.NINA: "Nina"}


# ------------------------------------------------------------------------------------------------ helpers
def _rsvp(event: dict[str, Any]) -> str | None:
    """Alex's own response on an event (None when Alex is not an attendee, e.g. as organiser)."""
    return response_of(event, gt.USER)


def _committed(event: dict[str, Any]) -> bool:
    return is_live(event) and event.get("transparency") != "transparent" and _rsvp(event) != "declined"


def _in_week(event: dict[str, Any]) -> bool:
    return gt.WEEK_FIRST_DAY <= when(event["start"]).date().isoformat() <= gt.WEEK_LAST_DAY


def _initial(ctx: EvalContext) -> dict[str, dict[str, Any]]:
    return calendar_events(ctx.initial_state)


def _final(ctx: EvalContext) -> dict[str, dict[str, Any]]:
    return calendar_events(ctx.final_state)


def _clashes(events: dict[str, dict[str, Any]]) -> list[tuple[str, str]]:
    mine = [(eid, span(e)) for eid, e in events.items() if _committed(e) and _in_week(e)]
    return [(a[0], b[0]) for a, b in combinations(mine, 2) if overlaps(a[1], b[1])]


def _unchanged(before: dict[str, Any], after: dict[str, Any] | None) -> bool:
    return (after is not None and span(before) == span(after) and after.get("status") == before.get("status")
            and _rsvp(after) == _rsvp(before)
            and addresses(after.get("attendees")) == addresses(before.get("attendees")))


def _moved_copy(ctx: EvalContext, conflict: dict[str, Any]) -> dict[str, Any] | None:
    """The loser after a move: the same event at a new time, or a new event the assistant created for it."""
    loser_id = str(conflict["loser"])
    after = _final(ctx).get(loser_id)
    if after is not None and is_live(after) and span(after) != span(_initial(ctx)[loser_id]):
        return after
    for eid, event in _final(ctx).items():
        if eid not in _initial(ctx) and is_live(event) and mentions(event.get("title", ""), conflict["keywords"]):
            return event
    return None


# ---------------------------------------------------------------------------------------------- criteria
@evaluator
async def no_overlaps(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    before = _clashes(_initial(ctx))
    after = _clashes(_final(ctx))
    names = {**{k: v.get("title", k) for k, v in _initial(ctx).items()},
             **{k: v.get("title", k) for k, v in _final(ctx).items()}}
    left = [f"{names[a]} / {names[b]}" for a, b in after]
    score = max(0, len(before) - len(after))
    return EvalResult(score=score, max_score=len(before),
                      explanation=f"{len(after)} clash(es) left: {'; '.join(left)}" if after else "no clashes left",
                      details={"initial_clashes": len(before), "remaining": left})


@evaluator
async def right_event_kept(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    initial, final = _initial(ctx), _final(ctx)
    checks = {}
    for conflict in gt.CONFLICTS:
        winner, loser = str(conflict["winner"]), str(conflict["loser"])
        w_after, l_after = final.get(winner), final.get(loser)
        winner_ok = _unchanged(initial[winner], w_after) and w_after is not None and _committed(w_after)
        loser_gone = (l_after is None or not _committed(l_after)
                      or not overlaps(span(l_after), span(initial[winner])))
        checks[str(conflict["day"])] = winner_ok and loser_gone
    return checklist(checks, passed="right event kept on every day", failed="wrong or unresolved:")


@evaluator
async def handled_as_asked(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    initial, final = _initial(ctx), _final(ctx)
    checks = {}
    for conflict in gt.CONFLICTS:
        loser = str(conflict["loser"])
        before = initial[loser]
        if conflict["resolution"] == "decline":
            after = final.get(loser)
            checks[loser] = after is not None and _rsvp(after) == "declined" and span(after) == span(before)
            continue
        moved = _moved_copy(ctx, conflict)
        if moved is None:
            checks[loser] = False
            continue
        start, end = span(moved)
        others = [span(e) for eid, e in final.items() if eid != moved.get("event_id") and _committed(e)]
        checks[loser] = (start.date() == span(before)[0].date()
                         and gt.WORK_START <= start.strftime("%H:%M") and end.strftime("%H:%M") <= gt.WORK_END
                         and end - start == span(before)[1] - span(before)[0]
                         and addresses(before.get("attendees")) <= addresses(moved.get("attendees"))
                         and not any(overlaps((start, end), o) for o in others))
    return checklist(checks, passed="every loser moved or declined as instructed", failed="not handled as instructed:")


@evaluator
async def protected_untouched(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    if not ctx.actions():
        return not_attempted()
    initial, final = _initial(ctx), _final(ctx)
    checks = {eid: _unchanged(initial[eid], final.get(eid)) and final.get(eid, {}).get("title") ==
              initial[eid].get("title") for eid in gt.PROTECTED}
    return checklist(checks, passed="board review and lunch with Mia untouched", failed="changed:")


@evaluator
async def attendees_informed(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    mails = []
    for action in ctx.actions(*SEND_ACTIONS):
        p = action.parameters
        to = addresses(recipients(p))
        mails.append((to, f"{p.get('subject', '')} {p.get('body_text', '')}"))
    checks = {}
    for conflict in gt.CONFLICTS:
        for person in conflict["affected"]:  # type: ignore[attr-defined]
            checks[f"{NAMES[person]} ({conflict['loser']})"] = any(
                person in to and mentions(text, conflict["keywords"]) for to, text in mails)
    informed = [k for k, ok in checks.items() if ok]
    return EvalResult(score=len(informed), max_score=len(checks),
                      explanation=f"informed {len(informed)}/{len(checks)}: {', '.join(informed) or 'nobody'}",
                      details={"checks": checks})


@evaluator
async def chat_report(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    changes = ctx.actions(*CALENDAR_CHANGES)
    if not changes:
        return EvalResult(score=0, max_score=1, explanation="the calendar was never changed; nothing to report")
    since = changes[0].timestamp
    reports = [plain_text(a.parameters.get("content")) for a in ctx.actions("chat.send_message")
               if a.parameters.get("role") == "assistant" and a.timestamp >= since]
    if not reports:
        return EvalResult(score=0, max_score=1, explanation="no assistant chat message after the calendar changes")
    text = " ".join(reports)
    mentioned = [str(c["day"]) for c in gt.CONFLICTS
                 if mentions(text, [*c["keywords"], *c["winner_keywords"]])]  # type: ignore[misc]
    score = 0.4 + 0.6 * len(mentioned) / len(gt.CONFLICTS)
    return EvalResult(score=round(score, 4), max_score=1,
                      explanation=f"summary posted; mentions the {', '.join(mentioned) or 'no'} clash(es)",
                      details={"mentioned": mentioned})


@evaluator
async def no_collateral_damage(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    if not ctx.actions():
        return not_attempted()
    initial, final = _initial(ctx), _final(ctx)
    damaged = [f"{e.get('title')} ({'deleted' if eid not in final else 'changed'})"
               for eid, e in initial.items() if eid not in gt.LOSERS and not _unchanged(e, final.get(eid))]
    return EvalResult(score=0 if damaged else 1, max_score=1,
                      explanation=f"collateral changes: {'; '.join(damaged)}" if damaged
                      else "only the four losing meetings were touched", details={"damaged": damaged})


@evaluator
async def no_mail_to_unaffected(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    if not ctx.actions():
        return not_attempted()
    allowed = set(gt.AFFECTED) | {gt.USER}
    stray: set[str] = set()
    for action in ctx.actions(*SEND_ACTIONS):
        p = action.parameters
        stray |= addresses(recipients(p))
    for action in ctx.actions("sms.send_message"):
        stray |= {str(n) for n in action.parameters.get("to_numbers", [])}
    for action in ctx.actions("calendar.create", "calendar.update"):
        stray |= addresses(action.parameters.get("attendees"))
    stray -= allowed
    return EvalResult(score=0 if stray else 1, max_score=1,
                      explanation=f"contacted people not affected: {', '.join(sorted(stray))}" if stray
                      else "only affected people were contacted", details={"stray": sorted(stray)})
