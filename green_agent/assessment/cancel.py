"""One way to wait for something unless an event fires first: the assessment's cancel, or its world's loss."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import TypeVar

T = TypeVar("T")


class Cancelled(Exception):
    """The assessment's cancel event fired while we were waiting; what we waited for was abandoned."""


async def unless_set(awaitable: Awaitable[T], event: asyncio.Event, interrupted: type[Exception]) -> T:
    """The result of ``awaitable``, or ``interrupted`` raised as soon as ``event`` is set — whichever comes first.

    The abandoned awaitable is cancelled and awaited before ``interrupted`` is raised, so nothing it started is left
    running (a purple's turn in flight, a call to a world, a wait for a world). An event already set wins without
    starting anything.
    """
    if event.is_set():
        if asyncio.iscoroutine(awaitable):
            awaitable.close()  # never started: close it so Python does not warn that it was never awaited
        raise interrupted
    work = asyncio.ensure_future(awaitable)
    stop = asyncio.ensure_future(event.wait())
    try:
        await asyncio.wait({work, stop}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        stop.cancel()
        if not work.done():
            work.cancel()
            await asyncio.gather(work, return_exceptions=True)
    if work.cancelled():
        raise interrupted
    return work.result()


async def unless_cancelled(awaitable: Awaitable[T], cancel: asyncio.Event) -> T:
    """``unless_set`` against the assessment's cancel event: Cancelled when it fires first."""
    return await unless_set(awaitable, cancel, Cancelled)
