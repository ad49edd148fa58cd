"""What a scenario's ``evaluators.py`` imports: ``@evaluator``, the types an evaluator sees and returns, and
helpers that read a recorded trial.

The helpers read values that the simulator and the purple produced, so they take odd input without raising
where a plain answer exists (a missing list, ``None`` content, a ``Z`` or naive timestamp); they never
decide what a scenario grades, only how a value is read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

from green_agent.judging.context import EvalContext
from green_agent.judging.evaluators import EvalResult, evaluator
from services.ues.client import parse_time

__all__ = [
    "EvalContext",
    "EvalResult",
    "addresses",
    "calendar_events",
    "checklist",
    "evaluator",
    "identifier",
    "is_live",
    "mentions",
    "overlaps",
    "plain_text",
    "recipients",
    "response_of",
    "span",
    "when",
    "world_truth",
]

Span = tuple[datetime, datetime]


# ------------------------------------------------------------------------------------------------ values
def world_truth(ctx: EvalContext) -> Mapping[str, Any]:
    """The ground truth of the trial's world (``ctx.truth``). Raises ValueError when there is none — a scenario
    that grades against its world cannot be graded without it, and a criterion error says so instead of a 0."""
    if not ctx.truth:
        raise ValueError("this scenario grades against its world's ground truth, and the trial has none")
    return ctx.truth


def identifier(value: Any) -> str:
    """An email address (lower-case, without a display name) or a phone number (+digits; 10 digits get +1), so
    two spellings of one address or number compare equal."""
    text = str(value).strip()
    if "@" in text:
        return text.rsplit("<", 1)[-1].rstrip(">").strip().lower()
    digits = re.sub(r"\D", "", text)
    return ("+1" + digits) if len(digits) == 10 else ("+" + digits if digits else text)


def when(value: datetime | str) -> datetime:
    """A timestamp as an aware datetime: ISO-8601 with ``Z``/``z``, an offset, or naive meaning UTC (as UES
    reads them). Raises ValueError when it is none of these."""
    if isinstance(value, datetime):
        return value if value.tzinfo is not None else value.replace(tzinfo=UTC)
    stamp = str(value).strip()
    return parse_time(stamp[:-1] + "Z" if stamp.endswith("z") else stamp)


def plain_text(content: Any) -> str:
    """Chat or field content as plain text: a string as is, content blocks (``[{"text": …}, …]``) joined by
    spaces, nothing as ``""``."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return " ".join(str(b.get("text", "")) if isinstance(b, dict) else str(b) for b in content)
    return "" if content is None else str(content)


def mentions(haystack: str, keywords: Iterable[Any]) -> bool:
    """Whether ``haystack`` contains any of ``keywords``, ignoring case."""
    low = haystack.lower()
    return any(str(k).lower() in low for k in keywords)


def addresses(people: Any) -> set[str]:
    """The email addresses in a list of addresses or of ``{"email": …}`` records (attendees), lower-cased."""
    out = set()
    for person in people or []:
        address = person.get("email") if isinstance(person, dict) else person
        if isinstance(address, str):
            out.add(address.strip().lower())
    return out


def recipients(parameters: dict[str, Any]) -> list[str]:
    """To, cc and bcc of an email action's parameters, as given."""
    return [*(parameters.get("to_addresses") or []), *(parameters.get("cc_addresses") or []),
            *(parameters.get("bcc_addresses") or [])]


# ------------------------------------------------------------------------------------------------ calendar
def calendar_events(state: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """event_id → event of a recorded state (``ctx.initial_state`` or ``ctx.final_state``)."""
    return state["calendar"].get("events", {}) or {}


def span(event: dict[str, Any]) -> Span:
    """(start, end) of a calendar event."""
    return when(event["start"]), when(event["end"])


def overlaps(a: Span, b: Span) -> bool:
    """Whether two half-open spans share time (back-to-back spans do not)."""
    return a[0] < b[1] and b[0] < a[1]


def is_live(event: dict[str, Any]) -> bool:
    """Not cancelled and not deleted."""
    return event.get("status") != "cancelled" and not event.get("deleted_at")


def response_of(event: dict[str, Any], email: str) -> str | None:
    """The RSVP of attendee ``email`` (lower-case) on ``event``; None when not an attendee (e.g. the organiser
    of an event that lists no RSVP for them)."""
    return next((a.get("response") for a in event.get("attendees", []) if str(a.get("email", "")).lower() == email),
                None)


# ------------------------------------------------------------------------------------------------ results
def checklist(checks: dict[str, bool], *, passed: str, failed: str, **details: Any) -> EvalResult:
    """One point per check that holds. The explanation is ``passed`` when all hold, else ``failed`` followed by
    the names of those that do not; details carry ``checks`` and any extra ``details``."""
    missed = [name for name, ok in checks.items() if not ok]
    return EvalResult(score=sum(checks.values()), max_score=len(checks),
                      explanation=f"{failed} {', '.join(missed)}" if missed else passed,
                      details={"checks": checks, **details})
