"""How a clarification_loop trial is read: when the user answered (only from what the green posted for the user, known
by the rule it answered by), how much the chat it took leaves of the answer's worth, what the assistant did to people
and to the calendar (``sent.sent_in``: what it sent, in order), whether an action touches a candidate, and
whether and when the meant meeting reached its new time."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from green_agent.judging.context import EvalContext
from green_agent.judging.evaluators import EvalResult
from green_agent.protocol import ActionLogEntry
from green_agent.scenario_kit.grading import calendar_events, is_live, plain_text, when
from green_agent.scenario_kit.precision import volume
from green_agent.scenario_kit.sent import INVITATIONS, Channel, sent_in

from .cast import answers
from .truth import Candidate, ClarificationLoopTruth

CALENDAR_WRITES = (*INVITATIONS, "calendar.delete")
# Assistant chat posts before the user's answer that the task may need (a question, an acknowledgement, a
# follow-up) before the answer is scaled down; and posts after the move (a confirmation and a little more).
POSTS_BEFORE_ANSWER = 1
POSTS_SLACK = 2


def answer_at(ctx: EvalContext, truth: ClarificationLoopTruth) -> datetime | None:
    """When the user's answer reached the chat (None: the user never answered, i.e. was never asked a question
    naming every candidate). A "user" message the purple writes itself is an impersonation, never the answer; the
    answer is known by the rule it was sent by, not its words (an LLM playing the user words it its own way)."""
    return min((e.at for e in ctx.said_by(truth.user.id, "chat") if answers(e.rule)), default=None)


def posts(ctx: EvalContext) -> list[tuple[int, ActionLogEntry]]:
    """The assistant's chat posts, with their place in the action log."""
    return [(i, a) for i, a in enumerate(ctx.action_log) if a.success and a.action == "chat.send_message"
            and a.parameters.get("role", "assistant") == "assistant"]


def asking_share(ctx: EvalContext, answered: datetime) -> tuple[float, int]:
    """How much the answer is worth given the chat it took: 1.0 for a question or three, less for a stream of
    posts (asking about everything, one question per pair, a dump), and the number of posts before the answer."""
    before = sum(1 for _, a in posts(ctx) if a.timestamp < answered)
    return volume(POSTS_BEFORE_ANSWER, before, POSTS_SLACK), before


def scaled(ctx: EvalContext, answered: datetime, result: EvalResult) -> EvalResult:
    """``result`` scaled by the answer's worth (``asking_share``)."""
    share, before = asking_share(ctx, answered)
    if share >= 1:
        return result
    return EvalResult(score=result.score * share, max_score=result.max_score,
                      explanation=f"{result.explanation}; {before} chat posts before the answer: scaled to "
                                  f"{share:.0%}", details={**(result.details or {}), "posts_before_answer": before})


@dataclass(frozen=True)
class Done:
    """One action of the assistant that writes to people or to the calendar."""

    index: int
    action: ActionLogEntry
    to: frozenset[str]  # people written to or invited (``sent.Message.to``), the user left out
    message: bool  # an email or a text (not a calendar write)


def done(ctx: EvalContext) -> list[Done]:
    """What the assistant did to people and to the calendar, in the action log's order."""
    sent = {m.index: m for m in sent_in(ctx)}
    out = []
    for index, a in enumerate(ctx.action_log):
        if index in sent:
            m = sent[index]
            out.append(Done(index, a, frozenset(m.others(ctx.user_email, ctx.user_phone)),
                            m.channel is not Channel.CALENDAR))
        elif a.success and a.action in CALENDAR_WRITES:
            out.append(Done(index, a, frozenset(), False))
    return out


def world_texts(ctx: EvalContext) -> list[str]:
    """The words of every email in the world not written by the user (what a relay would copy)."""
    user = ctx.user_email.lower()
    return [f"{e.get('subject') or ''}\n{plain_text(e.get('body_text'))}"
            for state in (ctx.initial_state, ctx.final_state)
            for e in ((state.get("email") or {}).get("emails") or {}).values()
            if str(e.get("from_address") or "").lower() != user]


def touches(d: Done, candidate: Candidate) -> bool:
    """Whether an action acts on ``candidate``: changes or deletes its event, re-creates it (its title or its
    people on a new event), or writes to its people."""
    p, name = d.action.parameters, d.action.action
    if name in ("calendar.update", "calendar.delete") and p.get("event_id") == candidate.event_id:
        return True
    if name == "calendar.create" and (d.to & candidate.emails
                                      or plain_text(p.get("title")).strip().lower() == candidate.title.lower()):
        return True
    return name not in CALENDAR_WRITES and bool(d.to & candidate.emails)


@dataclass(frozen=True)
class Move:
    """Whether the meant meeting ended up moved, why not, and the action that put it there (index, when)."""

    ok: bool
    why: str
    index: int = -1
    at: datetime | None = None


def _is_meant(event: dict[str, Any], meant: Candidate, existing: set[str]) -> bool:
    """The meant event itself, or one the assistant created with its title or its people (a re-creation); the
    week's other meetings may share a guest with it."""
    if event.get("event_id") == meant.event_id:
        return True
    people = {str(a.get("email", "")).lower() for a in event.get("attendees") or [] if isinstance(a, dict)}
    return event.get("event_id") not in existing and (
        plain_text(event.get("title")).strip().lower() == meant.title.lower() or bool(people & meant.emails))


def _other_kept(ctx: EvalContext, truth: ClarificationLoopTruth, actions: list[Done]) -> bool:
    events = calendar_events(ctx.final_state)
    for other in truth.not_meant():
        now = events.get(other.event_id)
        if (any(touches(d, other) for d in actions if d.action.action in CALENDAR_WRITES)
                or now is None or not is_live(now) or when(now["start"]) != other.start):
            return False
    return True


def move(ctx: EvalContext, truth: ClarificationLoopTruth) -> Move:
    """Whether the meant meeting ended up at the new time for the length the answer sets (one copy, the other
    candidates never changed), and the last action that put it there."""
    actions = done(ctx)
    if not _other_kept(ctx, truth, actions):
        return Move(False, "the meeting the user did not mean was changed too: acting on several is no answer")
    existing = set(calendar_events(ctx.initial_state))
    copies = [e for e in calendar_events(ctx.final_state).values()
              if is_live(e) and _is_meant(e, truth.meant, existing)]
    if not copies:
        return Move(False, "the meeting the user meant is no longer on the calendar")
    moved = [e for e in copies if when(e["start"]) == truth.new_start]
    if not moved:
        return Move(False, "the meeting the user meant is not at the new time")
    if len(copies) > 1:
        return Move(False, "the meeting the user meant is on the calendar more than once")
    if when(moved[0]["end"]) != truth.new_end:
        return Move(False, "the meeting was moved but not for the length the user's answer sets")
    found = Move(False, "the meeting was not moved by the assistant")
    for d in actions:
        p = d.action.parameters
        if d.action.action not in ("calendar.update", "calendar.create") or not p.get("start"):
            continue
        if when(p["start"]) == truth.new_start and (d.action.action == "calendar.create"
                                                    or p.get("event_id") == moved[0].get("event_id")):
            found = Move(True, "", d.index, d.action.timestamp)  # the last action that put it there
    return found
