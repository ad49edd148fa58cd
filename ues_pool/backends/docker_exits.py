"""Containers' exits as the Docker engine reports them, the moment they happen.

One ``docker events`` stream per backend — the ``die`` events of the containers carrying the pool's name — read in a
thread of its own (the SDK's stream blocks) and handed to the event loop, where whoever waits for that container's
exit (``ContainerExits.exited``) is woken. The stream is opened on first use, and opened again when the engine drops
it (a restart), replaying the events since it broke; while it is down, the pool's health rounds still find a dead
world. A paused container sends no ``die``: a silent world is never taken for a dead one here.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import threading
import time
from collections.abc import Awaitable, Callable
from typing import Any

import structlog

from ues_pool.backends.engine import LABEL_POOL

__all__ = ["ContainerExits"]

log = structlog.get_logger("ues_pool.docker")

# How long a watcher waits for the stream to open before it checks the container once anyway (an engine slow to
# answer): an exit before the stream opened is only caught by that check.
OPEN_TIMEOUT_S = 5.0
REPLAY_WAIT_S = 1.0  # how long an exit seen by the engine's state waits for its replayed die event
# Between two attempts to open the stream while the engine does not answer.
RETRY_S = 1.0


def exit_text(code: object) -> str:
    """``137`` → ``exit code 137, SIGKILL``: the exit code, and the signal when it says one ended the process."""
    try:
        number = int(str(code))
    except ValueError:
        return "exit code unknown"
    if number > 128:
        with contextlib.suppress(ValueError):
            return f"exit code {number}, {signal.Signals(number - 128).name}"
    return f"exit code {number}"


class ContainerExits:
    """The exits of one pool's containers; see the module docstring. ``client`` returns the docker client (called
    from the stream's thread)."""

    def __init__(self, client: Callable[[], Any], pool_name: str) -> None:
        self._client = client
        self._filters = {"type": "container", "event": "die", "label": f"{LABEL_POOL}={pool_name}"}
        self._waiters: dict[str, list[asyncio.Future[str]]] = {}
        self._thread: threading.Thread | None = None
        self._stream: Any = None
        self._closed = threading.Event()
        self._listening = asyncio.Event()

    async def exited(self, container_id: str, running: Callable[[], Awaitable[bool]]) -> str:
        """Return, saying how, once the engine reports that the container exited. ``running`` (the engine's word on
        the container) is asked once the stream is open, so that an exit before that is not missed."""
        loop = asyncio.get_running_loop()
        self._open(loop)
        died: asyncio.Future[str] = loop.create_future()
        self._waiters.setdefault(container_id, []).append(died)
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._listening.wait(), OPEN_TIMEOUT_S)
            if not died.done() and not await running():
                # An exit before the stream opened is replayed by it (it opens from a second back): wait a moment for
                # that event, which says how the container ended, before settling for the engine's bare word.
                with contextlib.suppress(TimeoutError):
                    return await asyncio.wait_for(asyncio.shield(died), REPLAY_WAIT_S)
                return "the Docker engine reports its container is no longer running"
            return await died
        finally:
            waiting = self._waiters.get(container_id, [])
            if died in waiting:
                waiting.remove(died)
            if not waiting:
                self._waiters.pop(container_id, None)

    def _open(self, loop: asyncio.AbstractEventLoop) -> None:
        if self._thread is not None and self._thread.is_alive():
            return
        self._closed.clear()
        self._thread = threading.Thread(target=self._read, args=(loop,), name="ues-docker-exits", daemon=True)
        self._thread.start()

    def _read(self, loop: asyncio.AbstractEventLoop) -> None:
        """The stream's thread: read ``die`` events and hand each to the loop, until ``close``."""
        # From a second back, also the first time: a world leased and killed before the stream opened (a world from a
        # standby is leased milliseconds after its start) still has its exit told.
        since: int | None = int(time.time()) - 1
        while not self._closed.is_set():
            try:
                stream = self._client().events(decode=True, filters=self._filters, since=since)
                self._stream = stream
                if self._closed.is_set():
                    stream.close()
                    return
                loop.call_soon_threadsafe(self._listening.set)
                for event in stream:
                    loop.call_soon_threadsafe(self._died, event)
            except RuntimeError:  # the event loop is closed: nobody is waiting any more
                return
            except Exception as exc:
                if self._closed.is_set():
                    return
                log.warning("ues_docker_events_broke", error=str(exc))
            finally:
                self._stream = None
                with contextlib.suppress(RuntimeError):
                    loop.call_soon_threadsafe(self._listening.clear)
            # Reopened from a second before the break: an exit meanwhile is replayed (a repeat wakes nobody).
            since = int(time.time()) - 1
            self._closed.wait(RETRY_S)

    def _died(self, event: dict[str, Any]) -> None:
        actor = event.get("Actor") or {}
        container_id = str(event.get("id") or actor.get("ID") or "")
        code = (actor.get("Attributes") or {}).get("exitCode")
        why = f"the Docker engine reports its container exited ({exit_text(code)})"
        for waiter in self._waiters.pop(container_id, []):
            if not waiter.done():
                waiter.set_result(why)

    async def close(self) -> None:
        """Stop reading (a later ``exited`` opens the stream again) and wait for the thread to end."""
        self._closed.set()
        stream, thread = self._stream, self._thread
        if stream is not None:
            with contextlib.suppress(Exception):
                await asyncio.to_thread(stream.close)
        if thread is not None:
            await asyncio.to_thread(thread.join, RETRY_S + 2)
        self._thread = None
        self._listening.clear()
