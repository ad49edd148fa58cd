"""The meeting week every meeting_scheduling world shares, the invitees' standing rules (``Rule``) and the slot
arithmetic its draw and its graders agree on (``valid_starts``, ``failures``).

World-specific facts (who is invited, their busy times and rules, which slots work) are drawn by ``params`` and reach
the graders through the part's truth; nothing here names a person of any world. All times are UTC (the team is in
London, on GMT that week).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta

from pydantic import BaseModel, ConfigDict

START = "2026-03-09T09:00:00+00:00"  # Monday, the day of the trial
END = "2026-03-09T17:00:00+00:00"
DURATION_MINUTES = 60
HOUR = timedelta(minutes=DURATION_MINUTES)
FIRST_DAY = "2026-03-10"  # Tuesday
LAST_DAY = "2026-03-13"  # Friday
WORK_START = "09:00"
WORK_END = "17:00"
MEETING_DAYS = (2, 3, 4, 5)  # ISO weekdays the meeting may fall on
# ISO weekday -> date of the meeting week (Monday is the day of the trial).
DATES = {1: "2026-03-09", 2: "2026-03-10", 3: "2026-03-11", 4: "2026-03-12", 5: "2026-03-13"}
WEEKDAYS = {1: "Monday", 2: "Tuesday", 3: "Wednesday", 4: "Thursday", 5: "Friday"}

# Words of an email that asks someone for their availability (whole words, scenario_kit.facts): what the invitees'
# scripted availability replies answer, and what availability_requested counts.
AVAILABILITY_WORDS = ("availability", "available", "free", "busy", "when", "what times", "which times", "slot",
                      "schedule", "diary", "calendar")

Span = tuple[datetime, datetime]


class Rule(BaseModel):
    """An invitee's standing rule: no meeting starting before ``not_before`` or ending after ``end_by`` ("HH:MM"
    UTC), none on the ISO weekdays ``days_out``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    not_before: str | None = None
    end_by: str | None = None
    days_out: tuple[int, ...] = ()

    def breaks(self, start: datetime, end: datetime) -> bool:
        """Whether a meeting from ``start`` to ``end`` breaks this rule (or spills into another day)."""
        return (start.isoweekday() in self.days_out
                or start.strftime("%H:%M") < (self.not_before or "00:00")
                or end.strftime("%H:%M") > (self.end_by or "23:59") or end.date() != start.date())

    def without(self, kind: str) -> Rule:
        """This rule with its ``kind`` part (``not_before``, ``end_by``, ``days_out``) left out."""
        return self.model_copy(update={kind: () if kind == "days_out" else None})


def dt(value: str) -> datetime:
    return datetime.fromisoformat(value)


def at(weekday: int, minutes: int) -> datetime:
    """The moment ``minutes`` after midnight on ``weekday`` (ISO, 1 = Monday) of the meeting week."""
    return dt(f"{DATES[weekday]}T00:00:00+00:00") + timedelta(minutes=minutes)


def hm(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def in_window(start: datetime, end: datetime) -> bool:
    """Tuesday to Friday of the meeting week, inside working hours."""
    return (FIRST_DAY <= start.date().isoformat() <= LAST_DAY and end.date() == start.date()
            and WORK_START <= start.strftime("%H:%M") and end.strftime("%H:%M") <= WORK_END)


def failures(start: datetime, busy: Mapping[str, Iterable[Span]], rules: Mapping[str, Rule],
             minutes: int = DURATION_MINUTES) -> list[str]:
    """Every constraint a meeting at ``start`` breaks: ``window``, ``rule:<who>``, ``busy:<who>`` (``busy`` and
    ``rules`` are keyed by who holds them)."""
    end = start + timedelta(minutes=minutes)
    out = [] if in_window(start, end) else ["window"]
    out += [f"rule:{who}" for who, rule in rules.items() if rule.breaks(start, end)]
    out += [f"busy:{who}" for who, spans in busy.items() if any(a < end and start < b for a, b in spans)]
    return out


def starts(step_minutes: int = 5) -> list[datetime]:
    """Every candidate start Tuesday to Friday, 09:00 to 17:00, on a ``step_minutes`` grid."""
    out = []
    for weekday in MEETING_DAYS:
        out += [at(weekday, m) for m in range(9 * 60, 17 * 60, step_minutes)]
    return out


def valid_starts(busy: Mapping[str, Iterable[Span]], rules: Mapping[str, Rule]) -> list[datetime]:
    """Every 5-minute start where a 60-minute meeting fits the window, all rules and all calendars."""
    listed = {who: list(spans) for who, spans in busy.items()}
    return [s for s in starts() if not failures(s, listed, rules)]
