"""A task store that writes ``working`` updates at most once per interval per task.

The SDK saves the whole task — its ever-growing history included — on every status update, so a verbose
assessment of a few hundred turns spent most of its time re-serialising history into SQLite. Progress in
between is kept in memory (reads see it at once) and written by a timer; terminal states, artifacts and
anything not ``working`` are written immediately, so nothing that matters waits.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

from a2a.server.context import ServerCallContext
from a2a.server.tasks import TaskStore
from a2a.types import a2a_pb2

WORKING = a2a_pb2.TaskState.TASK_STATE_WORKING


class ThrottledTaskStore(TaskStore):
    """Wraps another store (``inner``); every attribute not defined here is the inner store's."""

    def __init__(self, inner: TaskStore, interval_s: float = 1.0) -> None:
        self.inner = inner
        self.interval_s = interval_s
        self._last_write: dict[str, float] = {}
        self._pending: dict[str, tuple[a2a_pb2.Task, ServerCallContext]] = {}
        self._timers: dict[str, asyncio.Task] = {}
        self._locks: dict[str, asyncio.Lock] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def save(self, task: a2a_pb2.Task, context: ServerCallContext) -> None:
        now = time.monotonic()
        if task.status.state == WORKING and not task.artifacts and \
                now - self._last_write.get(task.id, 0.0) < self.interval_s:
            snapshot = a2a_pb2.Task()
            snapshot.CopyFrom(task)
            self._pending[task.id] = (snapshot, context)
            if task.id not in self._timers:
                self._timers[task.id] = asyncio.create_task(self._flush_later(task.id))
            return
        self._drop(task.id)
        self._last_write[task.id] = now
        await self._write(task, context)
        if task.status.state != WORKING:
            self._last_write.pop(task.id, None)
            self._locks.pop(task.id, None)

    async def _write(self, task: a2a_pb2.Task, context: ServerCallContext) -> None:
        # One write per task at a time, in order: a timer's older snapshot must never land after a newer state.
        async with self._locks.setdefault(task.id, asyncio.Lock()):
            await self.inner.save(task, context)

    async def _flush_later(self, task_id: str) -> None:
        await asyncio.sleep(self.interval_s)
        self._timers.pop(task_id, None)
        pending = self._pending.pop(task_id, None)
        if pending is not None:
            self._last_write[task_id] = time.monotonic()
            await self._write(*pending)

    def _drop(self, task_id: str) -> None:
        self._pending.pop(task_id, None)
        timer = self._timers.pop(task_id, None)
        if timer is not None:
            timer.cancel()

    async def get(self, task_id: str, context: ServerCallContext) -> a2a_pb2.Task | None:
        pending = self._pending.get(task_id)
        if pending is not None:
            copy = a2a_pb2.Task()
            copy.CopyFrom(pending[0])
            return copy
        return await self.inner.get(task_id, context)

    async def list(self, params: a2a_pb2.ListTasksRequest, context: ServerCallContext) -> a2a_pb2.ListTasksResponse:
        await self.flush()
        return await self.inner.list(params, context)

    async def delete(self, task_id: str, context: ServerCallContext) -> None:
        self._drop(task_id)
        self._last_write.pop(task_id, None)
        await self.inner.delete(task_id, context)

    async def flush(self) -> None:
        """Write every pending update now (before listing, and at shutdown)."""
        for task_id in list(self._pending):
            timer = self._timers.pop(task_id, None)
            if timer is not None:
                timer.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await timer
            pending = self._pending.pop(task_id, None)
            if pending is not None:
                await self._write(*pending)
