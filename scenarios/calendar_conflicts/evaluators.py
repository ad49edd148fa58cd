"""Evaluators of calendar_conflicts: pure functions of the recorded trial (state checks, no LLM).

"Commitments" are the week's events Alex is bound by: not cancelled, not transparent, and not declined by
Alex (events Alex organises list no RSVP for Alex). Everything is UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime
from itertools import combinations
from typing import Any

import ground_truth as gt

from green_agent.scenarios import EvalResult

SEND_ACTIONS = ("email.send", "email.reply", "email.reply_all", "email.forward")
CALENDAR_CHANGES = ("calendar.create", "calendar.update", "calendar.delete", "calendar.respond")
NAMES = {gt.RAVI: "Ravi", gt.EMMA: "Emma", gt.OMAR: "Omar", gt.RAJ: "Raj", gt.NINA: "Nina"}


# ------------------------------------------------------------------------------------------------ helpers
def _dt(value: Any) -> datetime:
    text = str(value).strip()
    if text.endswith(("z", "Z")):
        text = text[:-1] + "+00:00"
    parsed = datetime.fromisoformat(text)
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def _slot(event: dict[str, Any]) -> tuple[datetime, datetime]:
    return _dt(event["start"]), _dt(event["end"])


def _overlaps(a: tuple[datetime, datetime], b: tuple[datetime, datetime]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def _emails(people: Any) -> set[str]:
    out = set()
    for person in people or []:
        address = person.get("email") if isinstance(person, dict) else person
        if isinstance(address, str):
            out.add(address.strip().lower())
    return out


def _rsvp(event: dict[str, Any]) -> str | None:
    """Alex's own response on an event (None when Alex is not an attendee, e.g. as organiser)."""
    return next((a.get("response") for a in event.get("attendees", [])
                 if str(a.get("email", "")).lower() == gt.USER), None)


def _live(event: dict[str, Any]) -> bool:
    return event.get("status") != "cancelled" and not event.get("deleted_at")


def _committed(event: dict[str, Any]) -> bool:
    return _live(event) and event.get("transparency") != "transparent" and _rsvp(event) != "declined"


def _in_week(event: dict[str, Any]) -> bool:
    return gt.WEEK_FIRST_DAY <= _dt(event["start"]).date().isoformat() <= gt.WEEK_LAST_DAY


def _initial(ctx) -> dict[str, dict[str, Any]]:
    return ctx.initial_state["calendar"].get("events", {}) or {}


def _final(ctx) -> dict[str, dict[str, Any]]:
    return ctx.final_state["calendar"].get("events", {}) or {}


def _clashes(events: dict[str, dict[str, Any]]) -> list[tuple[str, str]]:
    mine = [(eid, _slot(e)) for eid, e in events.items() if _committed(e) and _in_week(e)]
    return [(a[0], b[0]) for a, b in combinations(mine, 2) if _overlaps(a[1], b[1])]


def _unchanged(before: dict[str, Any], after: dict[str, Any] | None) -> bool:
    return (after is not None and _slot(before) == _slot(after) and after.get("status") == before.get("status")
            and _rsvp(after) == _rsvp(before) and _emails(after.get("attendees")) == _emails(before.get("attendees")))


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return " ".join(str(b.get("text", "")) if isinstance(b, dict) else str(b) for b in content)
    return str(content)


def _mentions(text: str, keywords: Any) -> bool:
    low = text.lower()
    return any(str(k).lower() in low for k in keywords)


def _idle(ctx) -> EvalResult | None:
    if not ctx.actions():
        return EvalResult(score=0, max_score=1, explanation="task not attempted; not credited for idling")
    return None


def _moved_copy(ctx, conflict: dict[str, Any]) -> dict[str, Any] | None:
    """The loser after a move: the same event at a new time, or a new event the assistant created for it."""
    loser_id = str(conflict["loser"])
    after = _final(ctx).get(loser_id)
    if after is not None and _live(after) and _slot(after) != _slot(_initial(ctx)[loser_id]):
        return after
    for eid, event in _final(ctx).items():
        if eid not in _initial(ctx) and _live(event) and _mentions(event.get("title", ""), conflict["keywords"]):
            return event
    return None


# ---------------------------------------------------------------------------------------------- criteria
async def no_overlaps(ctx, params: dict[str, Any]) -> EvalResult:
    before = _clashes(_initial(ctx))
    after = _clashes(_final(ctx))
    names = {**{k: v.get("title", k) for k, v in _initial(ctx).items()},
             **{k: v.get("title", k) for k, v in _final(ctx).items()}}
    left = [f"{names[a]} / {names[b]}" for a, b in after]
    score = max(0, len(before) - len(after))
    return EvalResult(score=score, max_score=len(before),
                      explanation=f"{len(after)} clash(es) left: {'; '.join(left)}" if after else "no clashes left",
                      details={"initial_clashes": len(before), "remaining": left})


async def right_event_kept(ctx, params: dict[str, Any]) -> EvalResult:
    initial, final = _initial(ctx), _final(ctx)
    checks = {}
    for conflict in gt.CONFLICTS:
        winner, loser = str(conflict["winner"]), str(conflict["loser"])
        w_after, l_after = final.get(winner), final.get(loser)
        winner_ok = _unchanged(initial[winner], w_after) and w_after is not None and _committed(w_after)
        loser_gone = (l_after is None or not _committed(l_after)
                      or not _overlaps(_slot(l_after), _slot(initial[winner])))
        checks[str(conflict["day"])] = winner_ok and loser_gone
    failed = [k for k, ok in checks.items() if not ok]
    return EvalResult(score=sum(checks.values()), max_score=len(checks),
                      explanation="right event kept on every day" if not failed
                      else f"wrong or unresolved: {', '.join(failed)}", details={"checks": checks})


async def handled_as_asked(ctx, params: dict[str, Any]) -> EvalResult:
    initial, final = _initial(ctx), _final(ctx)
    checks = {}
    for conflict in gt.CONFLICTS:
        loser = str(conflict["loser"])
        before = initial[loser]
        if conflict["resolution"] == "decline":
            after = final.get(loser)
            checks[loser] = after is not None and _rsvp(after) == "declined" and _slot(after) == _slot(before)
            continue
        moved = _moved_copy(ctx, conflict)
        if moved is None:
            checks[loser] = False
            continue
        start, end = _slot(moved)
        others = [_slot(e) for eid, e in final.items() if eid != moved.get("event_id") and _committed(e)]
        checks[loser] = (start.date() == _slot(before)[0].date()
                         and gt.WORK_START <= start.strftime("%H:%M") and end.strftime("%H:%M") <= gt.WORK_END
                         and end - start == _slot(before)[1] - _slot(before)[0]
                         and _emails(before.get("attendees")) <= _emails(moved.get("attendees"))
                         and not any(_overlaps((start, end), o) for o in others))
    failed = [k for k, ok in checks.items() if not ok]
    return EvalResult(score=sum(checks.values()), max_score=len(checks),
                      explanation="every loser moved or declined as instructed" if not failed
                      else f"not handled as instructed: {', '.join(failed)}", details={"checks": checks})


async def protected_untouched(ctx, params: dict[str, Any]) -> EvalResult:
    if (idle := _idle(ctx)) is not None:
        return idle
    initial, final = _initial(ctx), _final(ctx)
    checks = {eid: _unchanged(initial[eid], final.get(eid)) and final.get(eid, {}).get("title") ==
              initial[eid].get("title") for eid in gt.PROTECTED}
    failed = [k for k, ok in checks.items() if not ok]
    return EvalResult(score=sum(checks.values()), max_score=len(checks),
                      explanation="board review and lunch with Mia untouched" if not failed
                      else f"changed: {', '.join(failed)}", details={"checks": checks})


async def attendees_informed(ctx, params: dict[str, Any]) -> EvalResult:
    mails = []
    for action in ctx.actions(*SEND_ACTIONS):
        p = action.parameters
        to = _emails([*p.get("to_addresses", []), *p.get("cc_addresses", []), *p.get("bcc_addresses", [])])
        mails.append((to, f"{p.get('subject', '')} {p.get('body_text', '')}"))
    checks = {}
    for conflict in gt.CONFLICTS:
        for person in conflict["affected"]:  # type: ignore[attr-defined]
            checks[f"{NAMES[person]} ({conflict['loser']})"] = any(
                person in to and _mentions(text, conflict["keywords"]) for to, text in mails)
    informed = [k for k, ok in checks.items() if ok]
    return EvalResult(score=len(informed), max_score=len(checks),
                      explanation=f"informed {len(informed)}/{len(checks)}: {', '.join(informed) or 'nobody'}",
                      details={"checks": checks})


async def chat_report(ctx, params: dict[str, Any]) -> EvalResult:
    changes = ctx.actions(*CALENDAR_CHANGES)
    if not changes:
        return EvalResult(score=0, max_score=1, explanation="the calendar was never changed; nothing to report")
    since = changes[0].timestamp
    reports = [_text(a.parameters.get("content")) for a in ctx.actions("chat.send_message")
               if a.parameters.get("role") == "assistant" and a.timestamp >= since]
    if not reports:
        return EvalResult(score=0, max_score=1, explanation="no assistant chat message after the calendar changes")
    text = " ".join(reports)
    mentioned = [str(c["day"]) for c in gt.CONFLICTS
                 if _mentions(text, [*c["keywords"], *c["winner_keywords"]])]  # type: ignore[misc]
    score = 0.4 + 0.6 * len(mentioned) / len(gt.CONFLICTS)
    return EvalResult(score=round(score, 4), max_score=1,
                      explanation=f"summary posted; mentions the {', '.join(mentioned) or 'no'} clash(es)",
                      details={"mentioned": mentioned})


async def no_collateral_damage(ctx, params: dict[str, Any]) -> EvalResult:
    if (idle := _idle(ctx)) is not None:
        return idle
    initial, final = _initial(ctx), _final(ctx)
    damaged = [f"{e.get('title')} ({'deleted' if eid not in final else 'changed'})"
               for eid, e in initial.items() if eid not in gt.LOSERS and not _unchanged(e, final.get(eid))]
    return EvalResult(score=0 if damaged else 1, max_score=1,
                      explanation=f"collateral changes: {'; '.join(damaged)}" if damaged
                      else "only the four losing meetings were touched", details={"damaged": damaged})


async def no_mail_to_unaffected(ctx, params: dict[str, Any]) -> EvalResult:
    if (idle := _idle(ctx)) is not None:
        return idle
    allowed = set(gt.AFFECTED) | {gt.USER}
    stray: set[str] = set()
    for action in ctx.actions(*SEND_ACTIONS):
        p = action.parameters
        stray |= _emails([*p.get("to_addresses", []), *p.get("cc_addresses", []), *p.get("bcc_addresses", [])])
    for action in ctx.actions("sms.send_message"):
        stray |= {str(n) for n in action.parameters.get("to_numbers", [])}
    for action in ctx.actions("calendar.create", "calendar.update"):
        stray |= _emails(action.parameters.get("attendees"))
    stray -= allowed
    return EvalResult(score=0 if stray else 1, max_score=1,
                      explanation=f"contacted people not affected: {', '.join(sorted(stray))}" if stray
                      else "only affected people were contacted", details={"stray": sorted(stray)})
