"""The world a trial runs in, as the trial sees it: how it reaches the world, and the word that the world was lost.

Whoever holds the world (the pool, through its ``Lease``) declares it dead when its process or container exits or it
stops answering; the trial waits on nothing after that (``WorldAccess.unless_lost``): whatever it was waiting for —
the purple's turn, a call to the world — is abandoned at once, its HTTP calls cancelled."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, TypeVar

from green_agent.assessment.cancel import unless_set
from services.ues.client import UESClient

if TYPE_CHECKING:  # the gateway's server (uvicorn, Starlette) is loaded only by a green that runs one
    from green_agent.world_gateway import WorldGateway

__all__ = ["WorldAccess", "WorldLost", "WorldWatch"]

T = TypeVar("T")


class WorldWatch(Protocol):
    """How whoever holds a trial's world (a pool's ``Lease``) tells the trial that the world was declared dead:
    ``lost`` is set at that moment, and ``broken_reason`` says why, naming the world and where it ran (the pool knows
    which world died and why, where the trial's own errors only say "unreachable at URL")."""

    @property
    def broken_reason(self) -> str | None: ...

    @property
    def lost(self) -> asyncio.Event: ...


class WorldLost(Exception):
    """The trial's world was declared dead while the trial waited on something; that wait was abandoned."""


@dataclass(frozen=True)
class WorldAccess:
    """The world a trial runs in: the green's client of it, the URL the purple is told (``advertised_url``), the
    green's world gateway when it has one on (the purple is then told its route for this world instead, and the calls
    of its key are counted from the gateway's record), and ``watch``: the word of whoever holds the world when it is
    declared dead (None: nobody watches it)."""

    ues: UESClient
    advertised_url: str
    gateway: WorldGateway | None = None
    watch: WorldWatch | None = None

    @property
    def broken_reason(self) -> str | None:
        """Why the world was declared dead, or None while it was not."""
        watch = self.watch
        return watch.broken_reason if watch is not None and watch.lost.is_set() else None

    @property
    def death(self) -> str:
        """Why the world was declared dead, for a world known to be."""
        return self.broken_reason or "the trial's world was declared dead"

    async def unless_lost(self, work: Awaitable[T]) -> T:
        """``work``'s result, or WorldLost the moment the world is declared dead (``work`` abandoned, its HTTP calls
        cancelled; at once, without starting it, when the world is dead already)."""
        if self.watch is None:
            return await work
        return await unless_set(work, self.watch.lost, WorldLost)
