"""Serving one world over HTTP: uvicorn, made to sleep while the world is idle."""

from __future__ import annotations

import asyncio
import contextlib
import signal
from typing import Any

import uvicorn


class WorldServer(uvicorn.Server):
    """A uvicorn server that wakes once a second while idle, and at once on SIGTERM or SIGINT.

    uvicorn's own main loop wakes 10 times a second to look for a shutdown request; with a thousand idle worlds on
    two cores that polling alone saturated the machine. This loop wakes once a second (to refresh the Date header)
    and on a signal, through the event loop's own signal handling, which also wakes the loop. Shutdown is uvicorn's:
    the signal is recorded as uvicorn's handler would and re-raised once the server has stopped.
    """

    async def main_loop(self) -> None:
        loop = asyncio.get_running_loop()
        wake = asyncio.Event()

        def exit_now(sig: int) -> None:
            self.handle_exit(sig, None)
            wake.set()

        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, exit_now, sig)
        counter = 0
        should_exit = await self.on_tick(counter)
        while not should_exit:
            counter = (counter + 10) % 864000  # a multiple of 10: on_tick refreshes the Date header on every call
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), 1.0)
            should_exit = await self.on_tick(counter)


KEEP_ALIVE_S = 65
"""How long a world keeps an idle HTTP connection open. Longer than its clients keep theirs (httpx: 5 s), so that the
client always drops an idle connection first: with equal times a request could go out on a connection the world was
closing ("Server disconnected without sending a response"), as happened whenever a world paused for a few seconds
(``docker pause``) saw its keep-alive timer expire during the pause and fire on the thaw before the waiting request
was read."""


def world_config(app: Any, log_level: str, **bind: Any) -> uvicorn.Config:
    """How every world is served: no access log (the world keeps its own), the lifespan on (it runs the clock's
    ticker), idle connections kept ``KEEP_ALIVE_S``. ``bind`` is ``host`` and ``port`` for a server that binds its
    own socket."""
    return uvicorn.Config(app, log_level=log_level, access_log=False, lifespan="on", timeout_keep_alive=KEEP_ALIVE_S,
                          **bind)
