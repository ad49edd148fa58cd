"""Calendar routes (ues-api.md §2.9)."""

from __future__ import annotations

import uuid
from typing import Any

from fastapi import APIRouter, Body, Depends, Request, Response
from pydantic import Field

from services.ues.auth import ApiKey, Permission
from services.ues.errors import ApiError
from services.ues.events import SimEvent
from services.ues.modalities.base import StrictBody
from services.ues.modalities.calendar import CalendarState
from services.ues.modalities.calendar_models import (
    DEFAULT_COLOR,
    AttendeeResponse,
    CalendarInput,
    EventFields,
    EventStatus,
    EventTransparency,
    EventVisibility,
    RecurrenceScope,
)
from services.ues.routes.common import act, action_response, body_fields, derived_body, respond, sim, with_body
from services.ues.timeutil import AwareDatetime

router = APIRouter(prefix="/calendar", tags=["calendar"])


def _state(request: Request) -> CalendarState:
    mod = sim(request).modality("calendar")
    assert isinstance(mod, CalendarState)
    return mod


# The request bodies have no docstrings: a docstring would become their published schema's description.
class DeleteEventBody(StrictBody):
    event_id: str
    calendar_id: str = "primary"
    recurrence_scope: RecurrenceScope = "this"
    recurrence_id: str | None = None


# The event to change, as a delete names it, then the changes (pydantic orders fields from the last base on).
class UpdateEventBody(EventFields, DeleteEventBody):
    pass


# A create sets the fields of a new event: in its own calendar, no occurrence, these required or defaulted.
CreateEventBody = derived_body(
    "CreateEventBody", EventFields, omit=("recurrence_id",), first=("title", "start", "end", "calendar_id"),
    title=(str, ...),
    start=(AwareDatetime, ...),
    end=(AwareDatetime, ...),
    # None means the default calendar ("primary" unless /calendar/calendars/set-default changed it).
    calendar_id=(str | None, None),
    all_day=(bool, False),
    timezone=(str, "UTC"),
    status=(EventStatus, "confirmed"),
    visibility=(EventVisibility, "default"),
    transparency=(EventTransparency, "opaque"),
)


class RespondBody(StrictBody):
    event_id: str
    attendee_email: str
    response: AttendeeResponse
    comment: str | None = None


class CalendarQuery(StrictBody):
    calendar_ids: list[str] | None = None
    start: AwareDatetime | None = None
    end: AwareDatetime | None = None
    search: str | None = None
    status: EventStatus | None = None
    has_attendees: bool | None = None
    recurring: bool | None = None
    expand_recurring: bool = False
    limit: int | None = Field(default=None, ge=0)  # like real UES, 0 means "no limit"
    offset: int = Field(default=0, ge=0)
    sort_by: str = "start"
    sort_order: str = "asc"


class CreateCalendarBody(StrictBody):
    calendar_id: str = Field(min_length=1)
    name: str
    color: str = DEFAULT_COLOR
    visible: bool = True


class UpdateCalendarBody(StrictBody):
    calendar_id: str
    name: str | None = None
    color: str | None = None
    visible: bool | None = None


class CalendarIdBody(StrictBody):
    calendar_id: str


def _calendar_act(request: Request, key: ApiKey, **fields: Any) -> SimEvent:
    # Invalid values for this state (a new end before the stored start, …) answer 400 before anything is recorded.
    return act(request, key, CalendarInput, prepare=lambda inp: _state(request).preflight(inp), **fields)


# ---------------------------------------------------------------------------------------- reads
@router.get("/state")
async def calendar_state(request: Request, compact: bool = False,
                         key: ApiKey = Depends(Permission("calendar:state"))) -> Response:
    state = _state(request)
    out: dict[str, Any] = {
        "modality_type": "calendar", "last_updated": state.last_updated.isoformat(),
        "update_count": state.update_count, "default_calendar_id": state.default_calendar_id,
        "user_timezone": state.user_timezone,
    }
    if compact:
        out["calendars"] = state.calendars_compact()
    else:
        out["calendars"] = state.calendars
        out["events"] = state.events
    out["calendar_count"] = len(state.calendars)
    out["event_count"] = len(state.events)
    return respond(out)


@router.post("/query")
async def calendar_query(request: Request, body: CalendarQuery | None = Body(default=None),
                         key: ApiKey = Depends(Permission("calendar:query"))) -> Response:
    q = body or CalendarQuery()
    matched = _state(request).query(
        calendar_ids=q.calendar_ids, start=q.start, end=q.end, search=q.search, status=q.status,
        has_attendees=q.has_attendees, recurring=q.recurring, expand_recurring=q.expand_recurring,
        sort_by=q.sort_by, sort_order=q.sort_order)
    page = matched[q.offset:q.offset + q.limit] if q.limit else matched[q.offset:]
    return respond({"modality_type": "calendar", "events": page, "count": len(page),
                    "total_count": len(matched)})


# ---------------------------------------------------------------------------------------- actions
@router.post("/create")
@with_body(CreateEventBody)
async def calendar_create(body: StrictBody, request: Request,
                          key: ApiKey = Depends(Permission("calendar:create"))) -> Response:
    # The calendar event id is generated here and stored in the event data, so the message can name it
    # (the only place a client learns it, §6 item 7) and a replay recreates the same id.
    event_id = str(uuid.uuid4())
    fields = body_fields(body)
    calendar_id = fields.pop("calendar_id") or _state(request).default_calendar_id
    event = _calendar_act(request, key, **fields, operation="create", event_id=event_id, calendar_id=calendar_id)
    return action_response(request, event,
                           f"Created calendar event: {fields['title']} (calendar_event_id: {event_id})")


@router.post("/update")
async def calendar_update(body: UpdateEventBody, request: Request,
                          key: ApiKey = Depends(Permission("calendar:update"))) -> Response:
    event = _calendar_act(request, key, **body_fields(body, drop_none=True), operation="update")
    return action_response(request, event, f"Updated calendar event: {body.event_id}")


@router.post("/delete")
async def calendar_delete(body: DeleteEventBody, request: Request,
                          key: ApiKey = Depends(Permission("calendar:delete"))) -> Response:
    event = _calendar_act(request, key, **body_fields(body), operation="delete")
    return action_response(request, event, f"Deleted calendar event: {body.event_id}")


@router.post("/respond")
async def calendar_respond(body: RespondBody, request: Request,
                           key: ApiKey = Depends(Permission("calendar:respond"))) -> Response:
    event = _calendar_act(request, key, operation="respond", event_id=body.event_id,
                          attendee_email=body.attendee_email, response=body.response, response_comment=body.comment)
    return action_response(request, event,
                           f"Responded to event {body.event_id}: {body.attendee_email} -> {body.response}")


# ---------------------------------------------------------------------------------------- calendar list
def _calendar_action(request: Request, key: ApiKey, message: str, **fields: Any) -> Response:
    """Run a calendar-list operation as an event (so undo/reset/replay include it); ``{status, message,
    calendar}`` like real UES. Not-found and conflict cases are answered before any event is recorded."""
    event = _calendar_act(request, key, **fields)
    if event.status != "executed":
        raise ApiError(400, event.error_message or "Calendar operation failed")
    cal = _state(request).calendars.get(fields["calendar_id"])
    info = cal.info() if cal is not None and fields["operation"] != "delete_calendar" else None
    return respond({"status": "success", "message": message, "calendar": info})


def _require_calendar(state: CalendarState, calendar_id: str, quoted: bool = False) -> None:
    if calendar_id not in state.calendars:
        raise ApiError(404, f"Calendar '{calendar_id}' not found" if quoted else f"Calendar {calendar_id} not found")


@router.get("/calendars")
async def list_calendars(request: Request, key: ApiKey = Depends(Permission("calendar:calendars:list"))) -> Response:
    state = _state(request)
    infos = [c.info() for c in state.calendars.values()]
    return respond({"calendars": infos, "count": len(infos), "default_calendar_id": state.default_calendar_id})


@router.post("/calendars/create")
async def create_calendar(body: CreateCalendarBody, request: Request,
                          key: ApiKey = Depends(Permission("calendar:calendars:create"))) -> Response:
    if body.calendar_id in _state(request).calendars:
        raise ApiError(400, f"Calendar '{body.calendar_id}' already exists")
    return _calendar_action(request, key, f"Created calendar: {body.name}", operation="create_calendar",
                            calendar_id=body.calendar_id, name=body.name, color=body.color, visible=body.visible)


@router.post("/calendars/update")
async def update_calendar(body: UpdateCalendarBody, request: Request,
                          key: ApiKey = Depends(Permission("calendar:calendars:update"))) -> Response:
    state = _state(request)
    _require_calendar(state, body.calendar_id)
    name = body.name if body.name is not None else state.calendars[body.calendar_id].name
    return _calendar_action(request, key, f"Updated calendar: {name}", operation="update_calendar",
                            calendar_id=body.calendar_id, name=body.name, color=body.color, visible=body.visible)


@router.post("/calendars/delete")
async def delete_calendar(body: CalendarIdBody, request: Request,
                          key: ApiKey = Depends(Permission("calendar:calendars:delete"))) -> Response:
    state = _state(request)
    _require_calendar(state, body.calendar_id, quoted=True)
    if body.calendar_id == state.default_calendar_id:
        raise ApiError(400, "Cannot delete default calendar")
    name = state.calendars[body.calendar_id].name
    return _calendar_action(request, key, f"Deleted calendar: {name}", operation="delete_calendar",
                            calendar_id=body.calendar_id)


@router.post("/calendars/set-default")
async def set_default_calendar(body: CalendarIdBody, request: Request,
                               key: ApiKey = Depends(Permission("calendar:calendars:default"))) -> Response:
    state = _state(request)
    _require_calendar(state, body.calendar_id)
    name = state.calendars[body.calendar_id].name
    return _calendar_action(request, key, f"Set default calendar to: {name}", operation="set_default_calendar",
                            calendar_id=body.calendar_id)
