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


def world_config(app: Any, log_level: str, **bind: Any) -> uvicorn.Config:
    """How every world is served: no access log (the world keeps its own), the lifespan on (it runs the clock's
    ticker). ``bind`` is ``host`` and ``port`` for a server that binds its own socket."""
    return uvicorn.Config(app, log_level=log_level, access_log=False, lifespan="on", **bind)
