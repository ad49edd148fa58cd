"""Calendar's data (ues-api.md §3.6): calendars, events, attendees, reminders, recurrence rules, and the input every
calendar operation is (``CalendarInput``, whose fields also make the request bodies of routes/calendar.py).
"""

from __future__ import annotations

import calendar as _cal
import re
import uuid
from datetime import date, datetime
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    field_validator,
    model_validator,
)

from services.ues.modalities.base import ModalityInput, StrictBody
from services.ues.timeutil import AwareDatetime, parse_dt

DEFAULT_CALENDAR_ID = "primary"
DEFAULT_CALENDAR_NAME = "Personal"
DEFAULT_COLOR = "#4285f4"
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")

CalendarOperation = Literal[
    "create", "update", "delete", "respond",
    # Calendar-list management (the /calendar/calendars/* routes). Real UES mutates the state directly for
    # these; we record them as events so that undo, reset and replay see them like every other change.
    "create_calendar", "update_calendar", "delete_calendar", "set_default_calendar",
]
RecurrenceScope = Literal["this", "this_and_future", "all"]
AttendeeResponse = Literal["accepted", "declined", "tentative", "needs-action"]
EventStatus = Literal["confirmed", "tentative", "cancelled"]
EventVisibility = Literal["public", "private", "default"]
EventTransparency = Literal["opaque", "transparent"]
ReminderType = Literal["notification", "email", "both"]
Frequency = Literal["daily", "weekly", "monthly", "yearly"]
EndType = Literal["never", "until", "count"]
DayOfWeek = Literal["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


def valid_email(address: str) -> bool:
    return bool(_EMAIL.match(address))


def to_day(value: str) -> date | None:
    """``YYYY-MM-DD`` (or an ISO datetime, taking its own date) as a date; None when unparseable."""
    text = value.strip()
    try:
        return date.fromisoformat(text) if len(text) == 10 else parse_dt(text).date()
    except ValueError:
        return None


def _lower(value: Any) -> Any:
    return value.strip().lower() if isinstance(value, str) else value


def _id_dict(value: Any) -> Any:
    if isinstance(value, list | tuple | set | frozenset | dict):
        return dict.fromkeys(str(v) for v in value)
    return value


# A set of ids kept in insertion order (O(1) add/remove, deterministic dumps); serialised as a JSON array.
IdSet = Annotated[dict[str, None], BeforeValidator(_id_dict),
                  PlainSerializer(lambda v: list(v), return_type=list[str])]


class _Model(BaseModel):
    model_config = ConfigDict(extra="ignore")


class Attendee(_Model):
    email: str
    display_name: str | None = None
    optional: bool = False
    response: AttendeeResponse = "needs-action"
    comment: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _legacy_names(cls, value: Any) -> Any:
        # The client library briefly used response_status / "needsAction" (ues-api.md §3.6).
        if isinstance(value, dict):
            if "response" not in value and "response_status" in value:
                value = {**value, "response": value["response_status"]}
            if value.get("response") == "needsAction":
                value = {**value, "response": "needs-action"}
        return value

    @field_validator("email")
    @classmethod
    def _lower_email(cls, value: str) -> str:
        # Only lower-cased here; the format is checked by CalendarInput.check / CalendarState.load, so that a
        # bad address is a 400 naming the field rather than a schema error.
        return value.strip().lower()


class RecurrenceRule(_Model):
    frequency: Frequency
    interval: int = Field(default=1, ge=1)
    days_of_week: list[DayOfWeek] | None = None
    day_of_month: int | None = Field(default=None, ge=1, le=31)
    month_of_year: int | None = Field(default=None, ge=1, le=12)
    end_type: EndType = "never"
    end_date: date | None = None
    count: int | None = Field(default=None, ge=1)

    @field_validator("frequency", mode="before")
    @classmethod
    def _lower_frequency(cls, value: Any) -> Any:
        return _lower(value)  # "DAILY" (the client library's spelling) is accepted too

    @field_validator("days_of_week", mode="before")
    @classmethod
    def _lower_days(cls, value: Any) -> Any:
        return [_lower(d) for d in value] if isinstance(value, list) else value

    def problem(self, start: datetime | None) -> str | None:
        """The first semantic error of this rule (naming the field), or None."""
        freq = self.frequency
        if freq == "weekly" and not self.days_of_week:
            return "recurrence.days_of_week is required for weekly recurrence"
        if self.days_of_week and len(set(self.days_of_week)) != len(self.days_of_week):
            return "recurrence.days_of_week must not contain duplicates"
        if freq in ("monthly", "yearly") and self.day_of_month is None:
            return f"recurrence.day_of_month is required for {freq} recurrence"
        if freq == "yearly":
            if self.month_of_year is None:
                return "recurrence.month_of_year is required for yearly recurrence"
            if self.day_of_month is not None and self.day_of_month > _cal.monthrange(2000, self.month_of_year)[1]:
                return (f"recurrence.day_of_month {self.day_of_month} does not exist in month "
                        f"{self.month_of_year}")
        if self.end_type == "until":
            if self.end_date is None:
                return "recurrence.end_date is required when end_type is 'until'"
            if start is not None and self.end_date < start.date():
                return "recurrence.end_date must not be before the start date"
        if self.end_type == "count" and self.count is None:
            return "recurrence.count is required when end_type is 'count'"
        return None


class Reminder(_Model):
    minutes_before: int = Field(ge=0)
    type: ReminderType = "notification"


class EventAttachment(_Model):
    filename: str
    size: int = Field(ge=0)
    mime_type: str
    url: str | None = None
    data: str | None = None
    attachment_id: str = Field(default_factory=lambda: str(uuid.uuid4()))


class Calendar(_Model):
    calendar_id: str
    name: str
    color: str = DEFAULT_COLOR
    visible: bool = True
    created_at: AwareDatetime
    updated_at: AwareDatetime
    event_ids: IdSet = Field(default_factory=dict)
    default_reminders: list[Reminder] = []

    def info(self) -> dict[str, Any]:
        """CalendarInfo of the /calendar/calendars routes."""
        return {"calendar_id": self.calendar_id, "name": self.name, "color": self.color, "visible": self.visible,
                "event_count": len(self.event_ids), "created_at": self.created_at.isoformat(),
                "updated_at": self.updated_at.isoformat()}


class CalendarEvent(_Model):
    event_id: str
    calendar_id: str
    title: str
    start: AwareDatetime
    end: AwareDatetime
    all_day: bool = False
    timezone: str = "UTC"
    description: str | None = None
    location: str | None = None
    status: str = "confirmed"
    organizer: str | None = None
    attendees: list[Attendee] = []
    recurrence: RecurrenceRule | None = None
    recurrence_exceptions: list[str] = []
    recurrence_id: str | None = None
    parent_event_id: str | None = None
    reminders: list[Reminder] = []
    color: str | None = None
    visibility: str = "default"
    transparency: str = "opaque"
    attachments: list[EventAttachment] = []
    conference_link: str | None = None
    created_at: AwareDatetime
    updated_at: AwareDatetime
    deleted_at: AwareDatetime | None = None


EVENT_FIELDS = tuple(CalendarEvent.model_fields)


class EventFields(StrictBody):
    """What a calendar input sets on an event. The same fields make the request bodies of ``POST /calendar/update``
    and ``/calendar/create`` (routes/calendar.py), so a new event field is added here and nowhere else."""

    title: str | None = None
    description: str | None = None
    start: AwareDatetime | None = None
    end: AwareDatetime | None = None
    all_day: bool | None = None
    timezone: str | None = None
    location: str | None = None
    status: EventStatus | None = None
    organizer: str | None = None
    attendees: list[Attendee] | None = None
    recurrence: RecurrenceRule | None = None
    recurrence_exceptions: list[str] | None = None
    # Names the occurrence an update or delete applies to, not a field of the event; here for its place among the
    # event data's keys (real UES's order).
    recurrence_id: str | None = None
    reminders: list[Reminder] | None = None
    color: str | None = None
    visibility: EventVisibility | None = None
    transparency: EventTransparency | None = None
    attachments: list[EventAttachment] | None = None
    conference_link: str | None = None


# Fields an update replaces (calendar_id is ignored on update, like real UES: the body defaults it). Recurrence
# exceptions are added to, not replaced.
UPDATABLE_FIELDS = tuple(name for name in EventFields.model_fields
                         if name not in ("recurrence_exceptions", "recurrence_id"))


class _CalendarOperation(ModalityInput):
    modality_type: Literal["calendar"] = "calendar"
    operation: CalendarOperation
    event_id: str | None = None
    calendar_id: str | None = None
    recurrence_scope: RecurrenceScope = "this"


# Pydantic orders fields from the last base to the class itself: the event data's keys stay in their order (the
# operation and its target, the event fields, the rest).
class CalendarInput(EventFields, _CalendarOperation):
    # respond
    attendee_email: str | None = None
    response: AttendeeResponse | None = None
    response_comment: str | None = None
    # calendar-list management
    name: str | None = None
    visible: bool | None = None
    # Id of the event an update/delete creates (split series, modified occurrence); written back on apply.
    created_event_id: str | None = None

    def check(self) -> None:
        op = self.operation
        if op == "create":
            if not self.title or not self.title.strip():
                raise ValueError("title is required and must not be empty")
            if self.start is None:
                raise ValueError("start is required for create")
            if self.end is None:
                raise ValueError("end is required for create")
        elif op in ("update", "delete", "respond"):
            if not self.event_id:
                raise ValueError(f"event_id is required for {op}")
            if op == "update" and self.title is not None and not self.title.strip():
                raise ValueError("title must not be empty")
            if op == "respond":
                if not self.attendee_email:
                    raise ValueError("attendee_email is required for respond")
                if self.response is None:
                    raise ValueError("response is required for respond")
        else:
            if not self.calendar_id:
                raise ValueError(f"calendar_id is required for {op}")
            if op == "create_calendar" and not (self.name or "").strip():
                raise ValueError("name is required and must not be empty")
        if self.start is not None and self.end is not None and self.end <= self.start:
            raise ValueError(f"end ({self.end.isoformat()}) must be after start ({self.start.isoformat()})")
        if self.organizer and not valid_email(self.organizer):
            raise ValueError(f"organizer: invalid email address {self.organizer!r}")
        for i, attendee in enumerate(self.attendees or []):
            if not valid_email(attendee.email):
                raise ValueError(f"attendees[{i}].email: invalid email address {attendee.email!r}")
        if self.recurrence is not None:
            problem = self.recurrence.problem(self.start)
            if problem:
                raise ValueError(problem)
        for i, day in enumerate(self.recurrence_exceptions or []):
            if to_day(day) is None:
                raise ValueError(f"recurrence_exceptions[{i}]: {day!r} is not a YYYY-MM-DD date")
        if self.recurrence_id is not None and to_day(self.recurrence_id) is None:
            raise ValueError(f"recurrence_id: {self.recurrence_id!r} is not a YYYY-MM-DD date")
