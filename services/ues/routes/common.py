"""Helpers every router uses: the simulation handle, recording an action, request bodies built from the modality
models, fast JSON responses, action responses."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any, Literal, TypeVar

from fastapi import Request, Response
from pydantic import BaseModel, ConfigDict, Field, create_model
from pydantic_core import to_json

from services.ues.auth import ApiKey
from services.ues.compat import action_input_errors, action_status, is_real, zulu
from services.ues.engine import Simulation
from services.ues.events import SimEvent
from services.ues.modalities.base import ModalityInput, StrictBody

InputT = TypeVar("InputT", bound=ModalityInput)
HandlerT = TypeVar("HandlerT", bound=Callable[..., Any])
T = TypeVar("T")


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
    simulation: Simulation = request.app.state.sim
    return simulation


def act(request: Request, key: ApiKey, model: type[InputT], /, *, prepare: Callable[[InputT], object] | None = None,
        **fields: Any) -> SimEvent:
    """Record an action of ``key``'s holder: the input ``model`` built from ``fields`` at the current simulated time,
    checked, and executed now as an event.

    ``prepare`` sees the checked input before it is recorded, for what needs the live state (a calendar preflight)
    or the mode (an sms change real UES makes directly). In real-UES mode an invalid input on the email, sms and chat
    routes answers 500, as real UES does (``compat.action_input_errors``).
    """
    s = sim(request)
    modality = model.model_fields["modality_type"].default
    with action_input_errors(request.app.state, modality, fields.get("operation", "")):
        inp = model(timestamp=s.now, **fields)
        inp.check()
    if prepare is not None:
        prepare(inp)
    return s.act(inp, key.key_id)


def body_fields(body: BaseModel, *, skip: Collection[str] = (), drop_none: bool = False) -> dict[str, Any]:
    """The fields of a request body less ``skip`` (with ``drop_none``, only those that are set), as the validated
    objects themselves: an input built from them does not dump and re-validate the nested models."""
    out = {name: getattr(body, name) for name in type(body).model_fields if name not in skip}
    return {k: v for k, v in out.items() if v is not None} if drop_none else out


def derived_body(name: str, source: type[BaseModel], *, omit: Collection[str] = (), first: Sequence[str] = (),
                 **changed: Any) -> type[StrictBody]:
    """A request body model called ``name`` made of ``source``'s fields (type, default, constraints, description),
    so that a field a body shares with a modality model is defined once, there.

    The fields are ``source``'s less ``omit``, in its order but ``first`` first; ``changed`` gives a field another
    ``(annotation, default or Field(...))``, or adds one, as ``pydantic.create_model`` takes them. A type checker
    cannot name the result: give it to its route with :func:`with_body`.
    """
    fields: dict[str, Any] = {n: (f.annotation, f) for n, f in source.model_fields.items() if n not in omit}
    fields.update(changed)
    order = [*first, *(n for n in fields if n not in first)]
    model: type[StrictBody] = create_model(name, __base__=StrictBody, **{n: fields[n] for n in order})
    return model


def with_body(model: type[BaseModel]) -> Callable[[HandlerT], HandlerT]:
    """Make FastAPI take the route handler's ``body`` parameter as ``model``; put it under the route decorator.

    For a model that is a value rather than a class statement (:func:`derived_body`, or chosen per route): the
    handler annotates ``body`` with a class a type checker knows, a base of ``model``, and this hands FastAPI the
    real one, which it reads from the handler's annotations when the route is added.
    """
    def mark(handler: HandlerT) -> HandlerT:
        handler.__annotations__["body"] = model
        return handler

    return mark


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


def paginate(items: list[T], offset: int, limit: int | None) -> list[T]:
    return items[offset:offset + limit] if limit is not None else items[offset:]
