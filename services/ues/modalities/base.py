"""What every modality (email, sms, chat, calendar, …) provides to the engine.

A modality owns its state and the operations on it. The engine never touches modality internals: it
validates an input with the modality's input model, executes it with :meth:`Modality.apply`, and moves
whole states in and out with :meth:`Modality.dump` / :meth:`Modality.load`.

Contract for ``apply``: it is atomic (it either raises before mutating or fully applies) and it
writes every identifier it generates back into the input, so that replaying the same inputs on the same
starting state reproduces the same state exactly. Undo and backward time jumps rely on that.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from services.ues.timeutil import AwareDatetime

# A single string over this size is refused with 422 (protocol.md §6).
MAX_STRING_LENGTH = 256 * 1024


def construct(cls: type[BaseModel], values: dict[str, Any]) -> Any:
    """Build a model from already-valid values, skipping validation and default handling.

    ``values`` must hold every field. Pydantic's ``model_construct`` costs ~20 µs per call, which dominated
    executing thousands of scheduled events; this costs ~1 µs.
    """
    model = cls.__new__(cls)
    object.__setattr__(model, "__dict__", values)
    object.__setattr__(model, "__pydantic_fields_set__", set(values))
    object.__setattr__(model, "__pydantic_extra__", None)
    object.__setattr__(model, "__pydantic_private__", None)
    return model


class ExecutionError(Exception):
    """The event was valid but could not be executed (unknown id, missing attendee, …)."""


class StrictBody(BaseModel):
    """Base of every request and input model: bounded strings, unknown keys ignored (like real UES)."""

    model_config = ConfigDict(str_max_length=MAX_STRING_LENGTH, extra="ignore")


class ModalityInput(StrictBody):
    """Common fields of every modality input (the event ``data``)."""

    modality_type: str
    timestamp: AwareDatetime
    input_id: str = Field(default_factory=lambda: str(uuid.uuid4()))

    def check(self) -> None:
        """Semantic validation before queueing; raise ValueError naming the field."""

    def to_data(self) -> dict[str, Any]:
        """The JSON form stored as event ``data``."""
        return self.model_dump(mode="json")


class Modality:
    """Base class of modality states."""

    modality_type: ClassVar[str]
    input_model: ClassVar[type[ModalityInput]]

    def __init__(self, last_updated: datetime, update_count: int = 0) -> None:
        self.last_updated = last_updated
        self.update_count = update_count

    # --- whole-state transfer -------------------------------------------------------------
    @classmethod
    def empty(cls, now: datetime, previous: Modality | None = None) -> Modality:
        """A fresh empty state; ``previous`` lets clear keep identity settings (user address)."""
        raise NotImplementedError

    @classmethod
    def load(cls, data: dict[str, Any]) -> Modality:
        """Build from an export dump (§3). Raise ValueError / ValidationError naming the field."""
        raise NotImplementedError

    def dump(self) -> dict[str, Any]:
        """The full JSON state as exported (§3)."""
        raise NotImplementedError

    # --- execution ------------------------------------------------------------------------
    def apply(self, inp: ModalityInput) -> None:
        """Execute one input; raise ExecutionError (or ValueError) when it cannot be applied."""
        raise NotImplementedError

    def touch(self, when: datetime) -> None:
        self.last_updated = when
        self.update_count += 1

    # --- inspection -----------------------------------------------------------------------
    def validate_state(self) -> list[str]:
        """Internal consistency errors, checked by ``/simulation/start``."""
        return []

    def summary(self) -> str:
        """One line for ``/environment/state``."""
        return self.modality_type

    def compact(self) -> dict[str, Any]:
        """Compact snapshot for ``/environment/state?compact=true``."""
        return {"modality_type": self.modality_type, "last_updated": self.last_updated.isoformat(),
                "update_count": self.update_count}

    def base_dump(self) -> dict[str, Any]:
        return {"modality_type": self.modality_type, "last_updated": self.last_updated.isoformat(),
                "update_count": self.update_count}
