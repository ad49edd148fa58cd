"""Helpers every router uses: the simulation handle, fast JSON responses, action responses."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import Request, Response
from pydantic import Field
from pydantic_core import to_json

from services.ues.engine import Simulation
from services.ues.events import SimEvent
from services.ues.modalities.base import StrictBody


def sim(request: Request) -> Simulation:
    return request.app.state.sim


def respond(payload: Any, status_code: int = 200) -> Response:
    """Serialise with pydantic-core (fast, datetime-aware) instead of FastAPI's generic encoder."""
    return Response(content=to_json(payload), status_code=status_code, media_type="application/json")


def action_response(event: SimEvent, message: str) -> Response:
    """ModalityActionResponse (ues-api.md §2.12) with the event's true status."""
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
