"""The one "wait unless cancelled" helper: the work's result, or Cancelled with the work stopped."""

from __future__ import annotations

import asyncio

import pytest

from green_agent.assessment.cancel import Cancelled, unless_cancelled


async def test_the_result_when_the_work_finishes_first():
    assert await unless_cancelled(asyncio.sleep(0, result=7), asyncio.Event()) == 7


async def test_work_errors_propagate():
    async def boom() -> None:
        raise ValueError("boom")

    with pytest.raises(ValueError, match="boom"):
        await unless_cancelled(boom(), asyncio.Event())


async def test_a_cancel_stops_the_work_at_once():
    cancel = asyncio.Event()
    stopped = asyncio.Event()

    async def slow() -> None:
        try:
            await asyncio.sleep(60)
        finally:
            stopped.set()

    asyncio.get_running_loop().call_later(0.05, cancel.set)
    with pytest.raises(Cancelled):
        await asyncio.wait_for(unless_cancelled(slow(), cancel), 5)
    assert stopped.is_set()  # the abandoned work was cancelled and awaited, not left running


async def test_an_already_set_cancel_starts_nothing():
    cancel = asyncio.Event()
    cancel.set()
    started = []

    async def work() -> None:
        started.append(True)

    with pytest.raises(Cancelled):
        await unless_cancelled(work(), cancel)
    assert started == []
