"""One way to wait for something unless the assessment is cancelled first."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import TypeVar

T = TypeVar("T")


class Cancelled(Exception):
    """The assessment's cancel event fired while we were waiting; what we waited for was abandoned."""


async def unless_cancelled(awaitable: Awaitable[T], cancel: asyncio.Event) -> T:
    """The result of ``awaitable``, or Cancelled as soon as ``cancel`` is set — whichever comes first.

    The abandoned awaitable is cancelled and awaited before Cancelled is raised, so nothing it started is left
    running (a purple's turn in flight, a wait for a world). A cancel already set wins without starting anything.
    """
    if cancel.is_set():
        if asyncio.iscoroutine(awaitable):
            awaitable.close()  # never started: close it so Python does not warn that it was never awaited
        raise Cancelled
    work = asyncio.ensure_future(awaitable)
    stop = asyncio.ensure_future(cancel.wait())
    try:
        await asyncio.wait({work, stop}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        stop.cancel()
        if not work.done():
            work.cancel()
            await asyncio.gather(work, return_exceptions=True)
    if work.cancelled():
        raise Cancelled
    return work.result()
