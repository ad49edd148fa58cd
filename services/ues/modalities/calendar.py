"""Calendar: calendars, events, attendees, reminders and recurrence (ues-api.md §3.6).

Every operation is planned first (validated against the state without touching it) and then committed, so
``apply`` is atomic, and routes can run the same planning as a pre-flight check to turn invalid values into
a 400 before any event is recorded. Generated ids (the new event's id, the id of a split series or of a
modified occurrence) are written back into the input, so replaying inputs reproduces the state exactly.

The data and the input are ``calendar_models.py``'s, recurrence (RFC 5545 where real UES is vague or buggy)
``calendar_recurrence.py``'s; this module is the state and its operations.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import date, datetime, timedelta
from operator import attrgetter
from typing import Any, ClassVar

from pydantic import BaseModel, ValidationError

from services.ues.modalities.base import ExecutionError, Modality, ModalityInput
from services.ues.modalities.calendar_models import (
    DEFAULT_CALENDAR_ID,
    DEFAULT_CALENDAR_NAME,
    DEFAULT_COLOR,
    EVENT_FIELDS,
    UPDATABLE_FIELDS,
    Calendar,
    CalendarEvent,
    CalendarInput,
    RecurrenceRule,
    to_day,
    valid_email,
)
from services.ues.modalities.calendar_recurrence import count_before, expand, occurrence_times, series_start
from services.ues.timeutil import EPOCH, parse_dt

__all__ = ["CalendarInput", "CalendarState"]


def _norm_days(values: list[str]) -> list[str]:
    days = {to_day(v) for v in values}
    return sorted(d.isoformat() for d in days if d is not None)


def _clone(src: CalendarEvent, **overrides: Any) -> CalendarEvent:
    fields = {name: getattr(src, name) for name in EVENT_FIELDS}
    fields["attendees"] = [a.model_copy() for a in src.attendees]
    fields["reminders"] = list(src.reminders)
    fields["attachments"] = list(src.attachments)
    fields["recurrence_exceptions"] = list(src.recurrence_exceptions)
    fields.update(overrides)
    return CalendarEvent.model_construct(**fields)


def _changes(inp: CalendarInput) -> dict[str, Any]:
    """The supplied (non-null) updatable fields of an input, copied so the state never shares them."""
    out: dict[str, Any] = {}
    for name in UPDATABLE_FIELDS:
        value = getattr(inp, name)
        if value is None:
            continue
        if name == "attendees":
            value = [a.model_copy() for a in value]
        elif name in ("reminders", "attachments"):
            value = list(value)
        out[name] = value
    return out


def _check_times(start: datetime, end: datetime, rule: RecurrenceRule | None) -> None:
    if end <= start:
        raise ValueError(f"end ({end.isoformat()}) must be after start ({start.isoformat()})")
    if rule is not None and (problem := rule.problem(start)):
        raise ValueError(problem)


def _validated(model: type[BaseModel], raw: Any, where: str) -> Any:
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(p) for p in err.get("loc", ()))
        raise ValueError(f"{where}{'.' + loc if loc else ''}: {err.get('msg')}") from None


Plan = Callable[[], None]


class CalendarState(Modality):
    """The calendar modality: calendars, events with their attendees and recurrence, and the user's responses."""

    modality_type: ClassVar[str] = "calendar"
    input_model: ClassVar[type[ModalityInput]] = CalendarInput

    def __init__(self, last_updated: datetime, update_count: int = 0, *,
                 calendars: dict[str, Calendar] | None = None, events: dict[str, CalendarEvent] | None = None,
                 default_calendar_id: str = DEFAULT_CALENDAR_ID, user_timezone: str = "UTC") -> None:
        super().__init__(last_updated, update_count)
        self.calendars: dict[str, Calendar] = calendars or {}
        self.events: dict[str, CalendarEvent] = events or {}
        self.default_calendar_id = default_calendar_id
        self.user_timezone = user_timezone
        self._ensure_calendar(last_updated)

    def _ensure_calendar(self, when: datetime) -> None:
        """A "primary" calendar exists whenever there is no calendar at all (§3.6)."""
        if not self.calendars:
            self.calendars[DEFAULT_CALENDAR_ID] = Calendar.model_construct(
                calendar_id=DEFAULT_CALENDAR_ID, name=DEFAULT_CALENDAR_NAME, color=DEFAULT_COLOR, visible=True,
                created_at=when, updated_at=when, event_ids={}, default_reminders=[])

    # ------------------------------------------------------------------ transfer
    @classmethod
    def empty(cls, now: datetime, previous: Modality | None = None) -> CalendarState:
        tz = previous.user_timezone if isinstance(previous, CalendarState) else "UTC"
        return cls(now, user_timezone=tz)

    @classmethod
    def load(cls, data: dict[str, Any]) -> CalendarState:
        last = data.get("last_updated")
        try:
            last_updated = parse_dt(last) if last else EPOCH
        except ValueError as exc:
            raise ValueError(f"last_updated: {exc}") from None
        try:
            update_count = int(data.get("update_count") or 0)
        except (TypeError, ValueError):
            raise ValueError("update_count must be an integer") from None
        raw_calendars = data.get("calendars") or {}
        raw_events = data.get("events") or {}
        if not isinstance(raw_calendars, dict):
            raise ValueError("calendars must be an object keyed by calendar_id")
        if not isinstance(raw_events, dict):
            raise ValueError("events must be an object keyed by event_id")
        stamps = {"created_at": last_updated, "updated_at": last_updated}
        calendars: dict[str, Calendar] = {}
        for key, raw in raw_calendars.items():
            if not isinstance(raw, dict):
                raise ValueError(f"calendars.{key} must be an object")
            cal = _validated(Calendar, {"calendar_id": key, **stamps, **raw}, f"calendars.{key}")
            if cal.calendar_id != key:
                raise ValueError(f"calendars.{key}.calendar_id '{cal.calendar_id}' does not match its key")
            calendars[key] = cal
        events: dict[str, CalendarEvent] = {}
        for key, raw in raw_events.items():
            if not isinstance(raw, dict):
                raise ValueError(f"events.{key} must be an object")
            event = _validated(CalendarEvent, {"event_id": key, **stamps, **raw}, f"events.{key}")
            if event.event_id != key:
                raise ValueError(f"events.{key}.event_id '{event.event_id}' does not match its key")
            for i, attendee in enumerate(event.attendees):
                if not valid_email(attendee.email):
                    raise ValueError(f"events.{key}.attendees[{i}].email: invalid email address {attendee.email!r}")
            for i, day in enumerate(event.recurrence_exceptions):
                if to_day(day) is None:
                    raise ValueError(f"events.{key}.recurrence_exceptions[{i}]: {day!r} is not a YYYY-MM-DD date")
            event.recurrence_exceptions = _norm_days(event.recurrence_exceptions)
            events[key] = event
        state = cls(last_updated, update_count, calendars=calendars, events=events,
                    default_calendar_id=str(data.get("default_calendar_id") or DEFAULT_CALENDAR_ID),
                    user_timezone=str(data.get("user_timezone") or "UTC"))
        # Scenario files often leave calendars' event_ids empty (or calendars empty, so "primary" was just
        # created): link every event to its calendar.
        for event in events.values():
            cal = state.calendars.get(event.calendar_id)
            if cal is not None:
                cal.event_ids.setdefault(event.event_id, None)
        return state

    def dump(self) -> dict[str, Any]:
        out = self.base_dump()
        out.update({
            "calendars": {k: c.model_dump(mode="json") for k, c in self.calendars.items()},
            "events": {k: e.model_dump(mode="json") for k, e in self.events.items()},
            "default_calendar_id": self.default_calendar_id,
            "user_timezone": self.user_timezone,
        })
        return out

    # ------------------------------------------------------------------ execution
    def apply(self, inp: ModalityInput) -> None:
        assert isinstance(inp, CalendarInput)
        self.plan(inp)()
        self.touch(inp.timestamp)

    def preflight(self, inp: CalendarInput) -> None:
        """Raise ValueError when ``inp`` has invalid values for the current state (a 400 in the routes).

        Missing events, calendars or attendees are not reported here: they are execution failures, recorded
        as a failed event like in real UES.
        """
        try:
            self.plan(inp)
        except ExecutionError:
            pass

    def plan(self, inp: CalendarInput) -> Plan:
        """Validate ``inp`` against the state without changing it; return the function that applies it."""
        planner = {
            "create": self._plan_create, "update": self._plan_update, "delete": self._plan_delete,
            "respond": self._plan_respond, "create_calendar": self._plan_create_calendar,
            "update_calendar": self._plan_update_calendar, "delete_calendar": self._plan_delete_calendar,
            "set_default_calendar": self._plan_set_default,
        }[inp.operation]
        try:
            return planner(inp)
        except OverflowError as exc:  # e.g. an occurrence computed past year 9999
            raise ValueError(f"date out of range: {exc}") from None

    def _event(self, event_id: str | None) -> CalendarEvent:
        event = self.events.get(event_id or "")
        if event is None:
            raise ExecutionError(f"Calendar event {event_id} not found")
        return event

    def _calendar(self, calendar_id: str | None) -> Calendar:
        cal = self.calendars.get(calendar_id or "")
        if cal is None:
            raise ExecutionError(f"Calendar {calendar_id} not found")
        return cal

    def _add(self, event: CalendarEvent, when: datetime) -> None:
        cal = self.calendars.get(event.calendar_id)
        if cal is None:  # unknown calendar: auto-created, named after its id (like real UES)
            cal = Calendar.model_construct(
                calendar_id=event.calendar_id, name=event.calendar_id.title(), color=DEFAULT_COLOR, visible=True,
                created_at=when, updated_at=when, event_ids={}, default_reminders=[])
            self.calendars[event.calendar_id] = cal
        self.events[event.event_id] = event
        cal.event_ids[event.event_id] = None
        cal.updated_at = when

    def _remove(self, event_id: str) -> None:
        event = self.events.pop(event_id, None)
        if event is not None and (cal := self.calendars.get(event.calendar_id)) is not None:
            cal.event_ids.pop(event_id, None)

    def _children(self, master_id: str) -> list[CalendarEvent]:
        """Modified occurrences of a series (rare: only scanned when a recurring master changes)."""
        return [e for e in self.events.values() if e.parent_event_id == master_id]

    def _new_id(self, inp: CalendarInput) -> str:
        if inp.created_event_id is None:
            inp.created_event_id = str(uuid.uuid4())
        if inp.created_event_id in self.events:
            raise ExecutionError(f"Calendar event {inp.created_event_id} already exists")
        return inp.created_event_id

    # create ----------------------------------------------------------------------------------------------
    def _plan_create(self, inp: CalendarInput) -> Plan:
        if inp.title is None or inp.start is None or inp.end is None:
            raise ValueError("title, start and end are required for create")
        _check_times(inp.start, inp.end, inp.recurrence)
        if inp.calendar_id is None:
            inp.calendar_id = self.default_calendar_id
        if inp.event_id is None:
            inp.event_id = str(uuid.uuid4())
        if inp.event_id in self.events:
            raise ExecutionError(f"Calendar event {inp.event_id} already exists")
        ts = inp.timestamp
        event = CalendarEvent.model_construct(
            event_id=inp.event_id, calendar_id=inp.calendar_id, title=inp.title, start=inp.start, end=inp.end,
            all_day=bool(inp.all_day), timezone=inp.timezone or "UTC", description=inp.description,
            location=inp.location, status=inp.status or "confirmed", organizer=inp.organizer,
            attendees=[a.model_copy() for a in inp.attendees or ()], recurrence=inp.recurrence,
            recurrence_exceptions=_norm_days(inp.recurrence_exceptions or []), recurrence_id=None,
            parent_event_id=None, reminders=list(inp.reminders or ()), color=inp.color,
            visibility=inp.visibility or "default", transparency=inp.transparency or "opaque",
            attachments=list(inp.attachments or ()), conference_link=inp.conference_link, created_at=ts,
            updated_at=ts, deleted_at=None)
        return lambda: self._add(event, ts)

    # update ----------------------------------------------------------------------------------------------
    def _plan_update(self, inp: CalendarInput) -> Plan:
        event = self._event(inp.event_id)
        if event.recurrence is not None and inp.recurrence_id is not None and inp.recurrence_scope != "all":
            day = to_day(inp.recurrence_id)
            if day is None:
                raise ValueError(f"recurrence_id: {inp.recurrence_id!r} is not a YYYY-MM-DD date")
            if inp.recurrence_scope == "this":
                return self._plan_modify_occurrence(event, inp, day)
            if day > series_start(event)[1]:
                return self._plan_split(event, inp, day)
        # Non-recurring event, scope "all", or a split at/before the first occurrence: edit in place.
        return self._plan_edit(event, inp)

    def _plan_edit(self, event: CalendarEvent, inp: CalendarInput) -> Plan:
        changes = _changes(inp)
        _check_times(changes.get("start", event.start), changes.get("end", event.end),
                     changes.get("recurrence", event.recurrence))
        extra = _norm_days(inp.recurrence_exceptions or [])
        ts = inp.timestamp

        def commit() -> None:
            for name, value in changes.items():
                setattr(event, name, value)
            if extra:  # like real UES, supplied exception dates are added to the existing ones
                event.recurrence_exceptions = sorted(set(event.recurrence_exceptions) | set(extra))
            event.updated_at = ts

        return commit

    def _plan_modify_occurrence(self, master: CalendarEvent, inp: CalendarInput, day: date) -> Plan:
        key = day.isoformat()
        existing = next((c for c in self._children(master.event_id) if c.recurrence_id == key), None)
        if existing is not None:  # this occurrence was already modified: edit that copy
            return self._plan_edit(existing, inp)
        changes = _changes(inp)
        changes.pop("recurrence", None)  # an occurrence is not itself recurring
        natural_start, natural_end = occurrence_times(master, day)
        start, end = changes.pop("start", natural_start), changes.pop("end", natural_end)
        _check_times(start, end, None)
        new_id = self._new_id(inp)
        ts = inp.timestamp
        occurrence = _clone(master, **changes, event_id=new_id, start=start, end=end, recurrence=None,
                            recurrence_exceptions=[], recurrence_id=key, parent_event_id=master.event_id,
                            created_at=ts, updated_at=ts, deleted_at=None)

        def commit() -> None:
            master.recurrence_exceptions = sorted({*master.recurrence_exceptions, key})
            master.updated_at = ts
            self._add(occurrence, ts)

        return commit

    def _truncated(self, master: CalendarEvent, day: date) -> RecurrenceRule | None:
        """The master's rule ending just before ``day``; None when no occurrence would remain."""
        rule = master.recurrence
        assert rule is not None
        before = count_before(master, day)
        if before == 0:
            return None
        if rule.end_type == "count":
            return rule.model_copy(update={"count": before})
        last = day - timedelta(days=1)
        end_date = min(rule.end_date, last) if rule.end_type == "until" and rule.end_date else last
        return rule.model_copy(update={"end_type": "until", "end_date": end_date, "count": None})

    def _plan_split(self, master: CalendarEvent, inp: CalendarInput, day: date) -> Plan:
        rule = master.recurrence
        assert rule is not None
        changes = _changes(inp)
        natural_start, natural_end = occurrence_times(master, day)
        start, end = changes.pop("start", natural_start), changes.pop("end", natural_end)
        new_rule = changes.pop("recurrence", None)
        if new_rule is None:
            new_rule = rule
            if rule.end_type == "count" and rule.count is not None:
                remaining = rule.count - count_before(master, day)
                if remaining <= 0:
                    raise ValueError(f"recurrence_id: the series has no occurrence on or after {day.isoformat()}")
                new_rule = rule.model_copy(update={"count": remaining})
        _check_times(start, end, new_rule)
        truncated = self._truncated(master, day)
        key = day.isoformat()
        kept = [d for d in master.recurrence_exceptions if d < key]
        moved = _norm_days([d for d in master.recurrence_exceptions if d >= key] + (inp.recurrence_exceptions or []))
        new_id = self._new_id(inp)
        ts = inp.timestamp
        future = _clone(master, **changes, event_id=new_id, start=start, end=end, recurrence=new_rule,
                        recurrence_exceptions=moved, recurrence_id=None, parent_event_id=None, created_at=ts,
                        updated_at=ts, deleted_at=None)

        def commit() -> None:
            if truncated is None:
                self._remove(master.event_id)
            else:
                master.recurrence = truncated
                master.recurrence_exceptions = kept
                master.updated_at = ts
            self._add(future, ts)

        return commit

    # delete ----------------------------------------------------------------------------------------------
    def _plan_delete(self, inp: CalendarInput) -> Plan:
        event = self._event(inp.event_id)
        ts = inp.timestamp
        if event.recurrence is not None and inp.recurrence_id is not None and inp.recurrence_scope != "all":
            day = to_day(inp.recurrence_id)
            if day is None:
                raise ValueError(f"recurrence_id: {inp.recurrence_id!r} is not a YYYY-MM-DD date")
            key = day.isoformat()
            children = self._children(event.event_id)
            if inp.recurrence_scope == "this":
                def skip_one() -> None:
                    event.recurrence_exceptions = sorted({*event.recurrence_exceptions, key})
                    event.updated_at = ts
                    for child in children:
                        if child.recurrence_id == key:
                            self._remove(child.event_id)

                return skip_one
            truncated = self._truncated(event, day)
            if truncated is not None:
                def cut() -> None:
                    event.recurrence = truncated
                    event.recurrence_exceptions = [d for d in event.recurrence_exceptions if d < key]
                    event.updated_at = ts
                    for child in children:
                        if (child.recurrence_id or "") >= key:
                            self._remove(child.event_id)

                return cut
        # Non-recurring, scope "all", no recurrence_id, or nothing left after the cut: hard delete.
        doomed = [event.event_id]
        if event.recurrence is not None:
            doomed += [c.event_id for c in self._children(event.event_id)]

        def remove() -> None:
            for event_id in doomed:
                self._remove(event_id)

        return remove

    # respond ---------------------------------------------------------------------------------------------
    def _plan_respond(self, inp: CalendarInput) -> Plan:
        event = self._event(inp.event_id)
        wanted = (inp.attendee_email or "").strip().lower()
        attendee = next((a for a in event.attendees if a.email.lower() == wanted), None)
        if attendee is None:
            raise ExecutionError(f"Attendee {inp.attendee_email} not found in event {inp.event_id}")
        response = inp.response
        if response is None:
            raise ValueError("response is required for respond")
        ts = inp.timestamp

        def commit() -> None:
            attendee.response = response
            if inp.response_comment:
                attendee.comment = inp.response_comment
            event.updated_at = ts

        return commit

    # calendars -------------------------------------------------------------------------------------------
    def _plan_create_calendar(self, inp: CalendarInput) -> Plan:
        calendar_id = inp.calendar_id or ""
        if calendar_id in self.calendars:
            raise ExecutionError(f"Calendar '{calendar_id}' already exists")
        ts = inp.timestamp
        cal = Calendar.model_construct(
            calendar_id=calendar_id, name=inp.name or calendar_id, color=inp.color or DEFAULT_COLOR,
            visible=True if inp.visible is None else inp.visible, created_at=ts, updated_at=ts, event_ids={},
            default_reminders=[])
        return lambda: self.calendars.__setitem__(calendar_id, cal)

    def _plan_update_calendar(self, inp: CalendarInput) -> Plan:
        cal = self._calendar(inp.calendar_id)
        ts = inp.timestamp

        def commit() -> None:
            if inp.name is not None:
                cal.name = inp.name
            if inp.color is not None:
                cal.color = inp.color
            if inp.visible is not None:
                cal.visible = inp.visible
            cal.updated_at = ts

        return commit

    def _plan_delete_calendar(self, inp: CalendarInput) -> Plan:
        cal = self._calendar(inp.calendar_id)
        if cal.calendar_id == self.default_calendar_id:
            raise ExecutionError("Cannot delete default calendar")
        ts = inp.timestamp

        doomed = set(cal.event_ids)
        # Modified occurrences of a deleted series go with it, whichever calendar they are in.
        doomed |= {e.event_id for e in self.events.values() if e.parent_event_id in doomed}

        def commit() -> None:
            for event_id in doomed:
                self._remove(event_id)
            del self.calendars[cal.calendar_id]
            self._ensure_calendar(ts)

        return commit

    def _plan_set_default(self, inp: CalendarInput) -> Plan:
        cal = self._calendar(inp.calendar_id)
        return lambda: setattr(self, "default_calendar_id", cal.calendar_id)

    # ------------------------------------------------------------------ queries
    def query(self, *, calendar_ids: list[str] | None = None, start: datetime | None = None,
              end: datetime | None = None, search: str | None = None, status: str | None = None,
              has_attendees: bool | None = None, recurring: bool | None = None, expand_recurring: bool = False,
              sort_by: str | None = "start", sort_order: str = "asc") -> list[CalendarEvent]:
        """Matching events (expanded occurrences included), sorted; pagination is the caller's."""
        wanted = set(calendar_ids) if calendar_ids else None
        needle = search.lower() if search else None
        out: list[CalendarEvent] = []
        for event in self.events.values():
            if ((wanted is not None and event.calendar_id not in wanted)
                    or (status is not None and event.status != status)
                    or (has_attendees is not None and bool(event.attendees) != has_attendees)
                    or (recurring is not None and (event.recurrence is not None) != recurring)):
                continue
            if needle is not None and needle not in (
                    f"{event.title} {event.description or ''} {event.location or ''}").lower():
                continue
            if expand_recurring and event.recurrence is not None:
                out.extend(expand(event, start, end))
            elif (start is None or event.end >= start) and (end is None or event.start <= end):
                out.append(event)
        if sort_by in ("start", "end", "status"):
            out.sort(key=attrgetter(sort_by), reverse=sort_order.lower() == "desc")
        return out

    # ------------------------------------------------------------------ inspection
    def validate_state(self) -> list[str]:
        errors = []
        for event_id, event in self.events.items():
            if event.calendar_id not in self.calendars:
                errors.append(f"event {event_id} references missing calendar {event.calendar_id}")
            if event.end <= event.start:
                errors.append(f"event {event_id} has end {event.end.isoformat()} not after start "
                              f"{event.start.isoformat()}")
            if event.parent_event_id and event.parent_event_id not in self.events:
                errors.append(f"modified occurrence {event_id} references missing parent {event.parent_event_id}")
        for calendar_id, cal in self.calendars.items():
            errors.extend(f"calendar {calendar_id} references missing event {event_id}"
                          for event_id in cal.event_ids if event_id not in self.events)
        return errors

    def calendars_compact(self) -> dict[str, dict[str, Any]]:
        return {k: {"calendar_id": c.calendar_id, "name": c.name, "color": c.color, "visible": c.visible,
                    "event_count": len(c.event_ids)} for k, c in self.calendars.items()}

    def summary(self) -> str:
        return f"{len(self.events)} events in {len(self.calendars)} calendars"

    def compact(self) -> dict[str, Any]:
        out = super().compact()
        out.update({"default_calendar_id": self.default_calendar_id, "user_timezone": self.user_timezone,
                    "calendars": self.calendars_compact(), "calendar_count": len(self.calendars),
                    "event_count": len(self.events)})
        return out
