"""Helpers every router uses: the simulation handle, fast JSON responses, action responses."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import Request, Response
from pydantic import BaseModel, ConfigDict, Field
from pydantic_core import to_json

from services.ues.compat import action_status, is_real, zulu
from services.ues.engine import Simulation
from services.ues.events import SimEvent
from services.ues.modalities.base import StrictBody


class ErrorBody(BaseModel):
    """Every error answer (ues-api.md §1.4): ``detail`` is a string, an object, or, for a 422 from request
    validation, pydantic's error list; handler-level errors add ``error`` and ``type``."""

    model_config = ConfigDict(extra="allow")

    detail: Any
    error: str | None = None
    type: str | None = None


_ERROR_DESCRIPTIONS = {
    400: "Bad value: an undecodable body, an invalid value for the current state, a refused operation",
    401: "API key missing, unknown or revoked",
    403: "The key lacks this route's permission",
    404: "Unknown id (event, key, hold, webhook, calendar), no pending event, or a modality absent from the "
         "environment",
    409: "Conflict with the simulation's state: running or stopped, active holds, scheduling in the past, "
         "already revoked, too many webhooks",
    413: "Request body over the size limit of the caller's key",
    422: "Request failed schema validation",
    429: "The key's rate limit is exhausted (Retry-After says when to retry)",
}
# What any authenticated route can answer, whatever it does: auth, body size, rate limit, validation, bad values.
AUTHENTICATED_ERRORS = (400, 401, 403, 413, 422, 429)


def error_responses(*codes: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses`` entries for error status ``codes``, all with the ``ErrorBody`` model."""
    return {code: {"model": ErrorBody, "description": _ERROR_DESCRIPTIONS[code]} for code in codes}


def sim(request: Request) -> Simulation:
    return request.app.state.sim


def respond(payload: Any, status_code: int = 200) -> Response:
    """Serialise with pydantic-core (fast, datetime-aware) instead of FastAPI's generic encoder."""
    return Response(content=to_json(payload), status_code=status_code, media_type="application/json")


def action_response(request: Request, event: SimEvent, message: str) -> Response:
    """ModalityActionResponse (ues-api.md §2.12) with the event's true status.

    Real-UES mode answers as real UES does: ``"executed"`` and the success message on the email, chat and location
    routes even when the event failed; the true status elsewhere; ``Z`` datetimes.
    """
    if is_real(request.app.state):
        status = action_status(event)
        if status == "failed":
            message = f"Action failed: {event.error_message}"
        return respond({"event_id": event.event_id, "scheduled_time": zulu(event.scheduled_time),
                        "status": status, "message": message, "modality": event.modality})
    if event.status == "failed":
        message = f"Action failed: {event.error_message}"
    return respond({"event_id": event.event_id, "scheduled_time": event.scheduled_time.isoformat(),
                    "status": event.status, "message": message, "modality": event.modality})


class MessageIds(StrictBody):
    """Body of bulk message operations (read, star, archive, …)."""

    message_ids: list[str] = Field(min_length=1, max_length=10000)


SortOrder = Literal["asc", "desc"]


def echo(query: StrictBody) -> dict[str, Any]:
    """The non-null request fields, echoed back as ``query`` in query responses."""
    return query.model_dump(mode="json", exclude_none=True)


def paginate(items: list, offset: int, limit: int | None) -> list:
    return items[offset:offset + limit] if limit is not None else items[offset:]
