"""Real-UES mode: reproduce the observable behaviour of a real UES 0.3.0 server where ours deliberately differs.

Our simulator fixes places where real UES is buggy or vague (the items ues-api.md marks **REC**). A server started
with ``UES_COMPAT=real-0.3`` (``ues-server --compat real-0.3``) undoes those fixes, so that a green agent, a pool or
a client can be tested offline against what a real server answers. The protections real UES lacks (413 body limit,
429 rate limit) stay: a well-behaved client never meets them.

This module owns the idea: the mode itself and the small decisions the app, engine and routes ask about. Native mode
(the default) must behave exactly as it did before real mode existed.
"""

from __future__ import annotations

import contextlib
import enum
from collections.abc import Iterator
from datetime import datetime
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from services.ues.errors import ApiError
from services.ues.validation import describe_validation_error

if TYPE_CHECKING:
    from starlette.datastructures import State

    from services.ues.events import SimEvent
    from services.ues.modalities.base import Modality


class Compat(enum.StrEnum):
    """Which server the simulator behaves like (setting ``UES_COMPAT``)."""

    NATIVE = "native"
    REAL_0_3 = "real-0.3"


# Real UES's ModalityActionResponse hard-codes status "executed" on these routes, even for a failed event (§2.12).
HARD_CODED_STATUS_MODALITIES = frozenset({"email", "chat", "location"})
# The keys of real UES's EventResponse (recorded: tests/green/data/mixed-turn.real-ues.json); no agent_id, no
# metadata, and ``data`` null where our native answers leave it out.
REAL_EVENT_KEYS = ("event_id", "scheduled_time", "modality", "status", "priority", "created_at", "data",
                   "executed_at", "error_message")

# Keys our event ``data`` adds to real UES's input models; real mode leaves them out while they are unset.
_EXTENSION_DATA_KEYS = {"calendar": ("name", "visible", "created_event_id"), "sms": ("message_ids", "mark_unread")}


def is_real(state: State) -> bool:
    """Whether the app whose ``app.state`` this is runs in real-UES mode."""
    return state.settings.compat is Compat.REAL_0_3


def zulu(value: datetime | None) -> str | None:
    """A UTC datetime as real UES's response models render it (``...Z``); other offsets unchanged."""
    if value is None:
        return None
    text = value.isoformat()
    return text[:-6] + "Z" if text.endswith("+00:00") else text


def event_json(event: SimEvent, include_data: bool) -> dict[str, Any]:
    """An EventResponse in real UES's shape: no ``agent_id`` or ``metadata``; ``data`` null unless included, and
    without our extension keys while they are unset."""
    data = None
    if include_data:
        data = event.data_json()
        extension = _EXTENSION_DATA_KEYS.get(event.modality, ())
        if any(data.get(k, 0) is None for k in extension):
            data = {k: v for k, v in data.items() if not (k in extension and v is None)}
    return {"event_id": event.event_id, "scheduled_time": zulu(event.scheduled_time), "modality": event.modality,
            "status": event.status, "priority": event.priority, "created_at": zulu(event.created_at),
            "data": data, "executed_at": zulu(event.executed_at), "error_message": event.error_message}


def action_status(event: SimEvent) -> str:
    """The ``status`` real UES answers for an action: the true one, except where it is hard-coded."""
    return "executed" if event.modality in HARD_CODED_STATUS_MODALITIES else event.status


# How real UES's routes name what failed; only "send email" is documented (§4.3), the rest follow its pattern.
_FAILED_TO = {("email", "send"): "send email", ("email", "receive"): "receive email",
              ("sms", "send_message"): "send SMS", ("sms", "receive_message"): "receive SMS",
              ("chat", "send_message"): "send chat message"}
# The routes whose invalid input real UES answers with 500 (calendar, location and weather answer 400/422).
_INVALID_INPUT_IS_500 = frozenset({"email", "sms", "chat"})


@contextlib.contextmanager
def action_input_errors(state: State, modality: str, operation: str) -> Iterator[None]:
    """Around building and checking an action's input: in real-UES mode, invalid input on the email, sms and chat
    routes becomes HTTP 500 (§4.3). Real UES's event-level validation raises ``HTTPException(400, "Invalid event
    data: …")`` inside the route's catch-all, which answers ``500 "Failed to <verb>: 400: Invalid event data: …"``.
    Natively (and on other routes) the errors pass through: 400 for a ValueError, 422 for a pydantic error."""
    if not is_real(state) or modality not in _INVALID_INPUT_IS_500:
        yield
        return
    verb = _FAILED_TO.get((modality, operation), f"{operation.replace('_', ' ')} ({modality})")
    try:
        yield
    except ValidationError as exc:
        raise ApiError(500, f"Failed to {verb}: 400: Invalid event data: "
                            f"{describe_validation_error(exc, 'data')}") from None
    except ValueError as exc:
        raise ApiError(500, f"Failed to {verb}: 400: Invalid event data: {exc}") from None


def adapt_modalities(compat: Compat, modalities: dict[str, Modality]) -> None:
    """Give freshly built modality states real UES's behaviour, in real-UES mode: chat messages of the same
    timestamp in ``(timestamp, message_id)`` order — random, since ids are uuid4 (§6 item 8) — instead of insertion
    order; an email bulk operation on unknown ids "executed" instead of failed (§3.3)."""
    if compat is not Compat.REAL_0_3:
        return
    from services.ues.modalities.chat import ChatState
    from services.ues.modalities.email import EmailState

    for mod in modalities.values():
        if isinstance(mod, ChatState):
            mod.order_ties_by_id()
        elif isinstance(mod, EmailState):
            mod.ignore_unknown_ids()
