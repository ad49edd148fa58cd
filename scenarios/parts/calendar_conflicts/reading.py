"""How calendar_conflicts reads a trial: the calendar before and after, what became of each losing meeting (moved by
the user's rules, declined, out of the winner's way), what the assistant sent (``precision.outgoing``, the one
reading of ``scenario_kit.sent``) and whether a text names a move or a decline. Everything is UTC.

"Commitments" are the week's events the user is bound by: not cancelled, not transparent, and not declined by the
user (``rules.committed``). A notification names a move only with the new start among few times
(``MAX_TIMES_NAMED``): a list of guesses names nothing."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from green_agent.judging.context import EvalContext
from green_agent.scenario_kit import facts
from green_agent.scenario_kit.grading import addresses, calendar_events, is_live, overlaps, plain_text, response_of
from green_agent.scenario_kit.grading import span as span_of
from green_agent.scenario_kit.precision import Sent, outgoing

from . import rules
from .truth import CalendarTruth, ClashFact

CALENDAR_CHANGES = ("calendar.create", "calendar.update", "calendar.delete", "calendar.respond")
# A notification naming more moments than this is a list of guesses, not the new time.
MAX_TIMES_NAMED = 6
# Words a chat line uses to claim that an event was changed, and words that say it was not ("kept", "nothing
# else moved"): a line naming an event that is no loser with the first and none of the second claims a change.
CHANGE_WORDS = ("moved", "rescheduled", "shifted", "pushed", "declined", "cancelled", "canceled", "deleted",
                "dropped", "skipped")
KEEP_WORDS = ("not", "no", "nothing", "never", "kept", "keep", "keeping", "stays", "stay", "stayed", "remains",
              "remain", "unchanged", "untouched", "already", "left", "as is", "intact", "protected", "preserved",
              "won", "wins", "priority")
# Where a summary line splits into clauses, each read on its own for a claimed change ("kept X; declined Y").
CLAUSE = re.compile(r"[;,.()\[\]]|\s[-\u2013\u2014]\s|\s(?:and|but|while|so)\s", re.IGNORECASE)
# Summary lines beyond one per clash plus a greeting and a closing line, and messages beyond one per person
# affected, allowed before a criterion is scaled down (``volume``): chat and mail are never free.
CHAT_LINES_SLACK = 8

Events = dict[str, dict[str, Any]]


def initial(ctx: EvalContext) -> Events:
    return calendar_events(ctx.initial_state)


def final(ctx: EvalContext) -> Events:
    return calendar_events(ctx.final_state)


def week_clashes(truth: CalendarTruth, events: Events) -> list[tuple[str, str]]:
    """The week's clashes among the user's commitments, but the overlap the user accepts (``truth.accepted``)."""
    accepted = set(truth.accepted)
    return [(a, b) for a, b in rules.clashes(events, truth.user, truth.first_day, truth.last_day)
            if not (accepted and {a, b} == accepted)]


def unchanged(truth: CalendarTruth, before: dict[str, Any], after: dict[str, Any] | None) -> bool:
    user = truth.user.lower()
    return (after is not None and is_live(after) == is_live(before) and span_of(before) == span_of(after)
            and after.get("status") == before.get("status") and after.get("title") == before.get("title")
            and response_of(after, user) == response_of(before, user)
            and addresses(after.get("attendees")) == addresses(before.get("attendees")))


def replacements(ctx: EvalContext, clash: ClashFact) -> list[dict[str, Any]]:
    """Live events the assistant created that carry the losing meeting's name (a re-created meeting)."""
    before = initial(ctx)
    return [e for eid, e in final(ctx).items() if eid not in before and is_live(e)
            and facts.has_any(str(e.get("title") or ""), clash.keywords)]


def moved_copy(ctx: EvalContext, truth: CalendarTruth, clash: ClashFact) -> dict[str, Any] | None:
    """The loser after a move: the same event at a new time, or a replacement the assistant created for it while
    the original is gone (deleted, cancelled)."""
    before, after = initial(ctx)[clash.loser], final(ctx).get(clash.loser)
    if after is not None and is_live(after) and span_of(after) != span_of(before):
        return after
    if after is None or not rules.committed(after, truth.user):
        copies = replacements(ctx, clash)
        return copies[0] if copies else None
    return None


def declined(ctx: EvalContext, truth: CalendarTruth, clash: ClashFact) -> bool:
    """The user declined the loser, which is still there at its time."""
    after = final(ctx).get(clash.loser)
    return (after is not None and is_live(after) and response_of(after, truth.user.lower()) == "declined"
            and span_of(after) == span_of(initial(ctx)[clash.loser]))


def clear(ctx: EvalContext, truth: CalendarTruth, clash: ClashFact) -> bool:
    """The loser no longer overlaps the winner among the user's commitments (whatever became of it)."""
    winner = span_of(initial(ctx)[clash.winner])
    after = final(ctx).get(clash.loser)
    versions = ([after] if after is not None else []) + replacements(ctx, clash)
    return not any(rules.committed(e, truth.user) and overlaps(span_of(e), winner) for e in versions)


def properly_moved(ctx: EvalContext, truth: CalendarTruth, clash: ClashFact) -> dict[str, Any] | None:
    """The moved loser when the move follows the user's rules: the start the user's destination rule gives
    (``ClashFact.new_start``, or the cautious reading's ``new_start_also``), same day, within working hours, same
    length, the same attendees, and no clash with any other commitment."""
    moved = moved_copy(ctx, truth, clash)
    if moved is None or not clear(ctx, truth, clash):
        return None
    before = initial(ctx)[clash.loser]
    start, end = span_of(moved)
    b_start, b_end = span_of(before)
    work_start, work_end = truth.work_hours
    others = [span_of(e) for eid, e in final(ctx).items()
              if eid != moved.get("event_id") and e is not moved and rules.committed(e, truth.user)]
    targets = [t for t in (clash.new_start, *clash.new_start_also) if t]
    ok = ((not targets or start in targets)
          and start.date() == b_start.date() and work_start <= start.strftime("%H:%M")
          and end.strftime("%H:%M") <= work_end and end.date() == start.date() and end - start == b_end - b_start
          and addresses(before.get("attendees")) <= addresses(moved.get("attendees"))
          and not any(overlaps((start, end), o) for o in others))
    return moved if ok else None


def names_move(text: str, reference: datetime, moved: dict[str, Any]) -> bool:
    start = span_of(moved)[0]
    named = facts.times(text, reference)
    return (start.hour, start.minute) in {(t.hour, t.minute) for t in named} and len(named) <= MAX_TIMES_NAMED


def says_declined(text: str) -> bool:
    return facts.has_any(text, rules.DECLINE_WORDS)


def sent(ctx: EvalContext, truth: CalendarTruth) -> list[Sent]:
    """Every message the assistant sent to other people (emails, texts, invitations), one reading; one that claims a
    sender other than the user is no message of the user's (and a violation the green records)."""
    return [s for s in outgoing(ctx) if not s.message.as_someone_else(truth.user.lower(), ctx.user_phone)]


def standing(ctx: EvalContext, truth: CalendarTruth) -> list[str]:
    """The clashes left in place (both events still the user's commitments, still overlapping), as "left:<loser>"."""
    left = {frozenset(p) for p in week_clashes(truth, final(ctx))}
    return [f"left:{c.loser}" for c in truth.clashes if frozenset((c.winner, c.loser)) in left]


def changed(ctx: EvalContext, truth: CalendarTruth) -> list[str]:
    """Events that are no loser and were changed or deleted (moved, retitled, declined, cancelled...)."""
    after = final(ctx)
    return [eid for eid, e in initial(ctx).items()
            if eid not in truth.losers and not unchanged(truth, e, after.get(eid))]


def world_texts(ctx: EvalContext, truth: CalendarTruth) -> list[str]:
    """The words of every message in the world before the assistant wrote (what a digest would copy)."""
    out = []
    for state in (ctx.initial_state, ctx.final_state):
        for e in ((state.get("email") or {}).get("emails") or {}).values():
            if str(e.get("from_address") or "").lower() != truth.user.lower():
                out.append(f"{e.get('subject') or ''}\n{plain_text(e.get('body_text'))}")
    return out
