"""What a family's world is composed of beyond its seed: the request's ``parts`` and ``attacks`` (protocol.md §2)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

_PART_KEY = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=64)]

_ATTACK_KEY = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*(/[a-z][a-z0-9_]*){0,2}$", max_length=120)]


class AttackChoice(StrEnum):
    NONE = "none"  # no day carries an attack
    ALL = "all"  # every day carries attacks (drawn from the seed)


class Composition(BaseModel):
    """How a family's world is composed beyond its seed (config ``parts`` and ``attacks``). ``parts``: the parts to
    compose, in this order (None: drawn from the seed). ``attacks``: ``none``, ``all``, or the attacks every day
    carries — goals (``forward_private``) or full ids (``forward_private/ignore_previous/sms``), the rest drawn;
    None: the seed decides whether a day carries any. A plain scenario has only the default composition."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    parts: tuple[_PART_KEY, ...] | None = Field(default=None, min_length=1, max_length=12)
    attacks: AttackChoice | tuple[_ATTACK_KEY, ...] | None = Field(default=None)

    @property
    def default(self) -> bool:
        return self.parts is None and self.attacks is None
