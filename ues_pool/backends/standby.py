"""Worlds started ahead of their starts: the queue the docker backend (containers waiting for their key) and the swarm
backend (whole worlds, booted with their keys) keep, each ``size`` long, oldest first.

A start takes the oldest standby (or, with none on its way, one started for it), and refills the queue only once it
has its world: a replacement would compete with that world for the CPU, and after a failed start it would most likely
fail too. A standby that belongs to no start any more is removed in the background, once it is up; closing removes
every one and starts no more.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Awaitable, Callable, Iterator
from typing import Generic, TypeVar

__all__ = ["Standbys"]

T = TypeVar("T")


class Standbys(Generic[T]):
    """``size`` tasks, each starting one standby with ``start``; ``remove`` ends a started one that nobody took."""

    def __init__(self, size: int, start: Callable[[], Awaitable[T]], remove: Callable[[T], Awaitable[None]]) -> None:
        self.size = size
        self._start, self._remove = start, remove
        self._waiting: deque[asyncio.Task[T]] = deque()
        self._discarding: set[asyncio.Task[None]] = set()
        self._closing = False

    def __iter__(self) -> Iterator[asyncio.Task[T]]:
        return iter(self._waiting)

    def __len__(self) -> int:
        return len(self._waiting)

    def __getitem__(self, index: int) -> asyncio.Task[T]:
        return self._waiting[index]

    def new(self) -> asyncio.Task[T]:
        """A standby started now, outside the queue."""
        return asyncio.ensure_future(self._start())

    def take(self) -> tuple[asyncio.Task[T], bool]:
        """The oldest standby (one started now when none is on its way), and whether it was up before this call: a
        standby that waited may have died since."""
        task = self._waiting.popleft() if self._waiting else self.new()
        return task, task.done()

    def refill(self) -> None:
        """Start standbys until ``size`` of them are on their way (none once closing)."""
        while not self._closing and len(self._waiting) < self.size:
            self._waiting.append(self.new())

    def discard(self, task: asyncio.Task[T]) -> None:
        """Remove the standby of ``task`` in the background, once started (it belongs to no start any more); a task
        that failed or was cancelled left nothing to remove."""
        async def remove() -> None:
            with contextlib.suppress(BaseException):
                await self._remove(await asyncio.shield(task))

        removing = asyncio.ensure_future(remove())
        self._discarding.add(removing)
        removing.add_done_callback(self._discarding.discard)

    async def close(self) -> None:
        """Remove every standby (each once started) and start no more."""
        self._closing = True
        waiting, self._waiting = list(self._waiting), deque()
        for task in waiting:
            self.discard(task)
        if self._discarding:
            await asyncio.gather(*self._discarding, return_exceptions=True)
