"""A task store that keeps each task's history bounded and writes ``working`` updates at most once per interval.

The SDK's task manager moves every status message into ``task.history`` and saves the whole task on every status
update: left alone, the history grows by one message per update, and every write (the SDK's ``_to_orm`` →
``MessageToDict`` of each message), every copy for a subscriber and every snapshot costs more than the last. So:

* **Bounded history.** ``save`` trims the history *in place* to its first ``HISTORY_HEAD`` messages (the platform's
  request and the green's "assessment accepted" update, which lists the planned trials) and the last
  ``history_limit``; how many were dropped is kept in ``task.metadata["history_dropped"]``. The task passed to
  ``save`` is the one the SDK's ``TaskManager`` holds in memory, so trimming it bounds the running task too, not just
  the stored row: a write costs the same at update 10 and at update 10 000. The status (the newest message),
  the artifacts and the terminal state are never trimmed.
* **Throttled progress.** Progress in between is kept in memory (reads see it at once) and written by a timer;
  terminal states, artifacts and anything not ``working`` are written immediately, so nothing that matters waits.

Both through the SDK's ``TaskStore`` interface around its ``DatabaseTaskStore``: nothing of the SDK is copied.
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
# The first history messages always kept: the request that created the task, and the green's acceptance.
HISTORY_HEAD = 2
DEFAULT_HISTORY_LIMIT = 64
DROPPED_KEY = "history_dropped"


def bound_history(task: a2a_pb2.Task, limit: int | None, head: int = HISTORY_HEAD) -> int:
    """Trim ``task.history`` in place to its first ``head`` and last ``limit`` messages (``None``: no bound);
    returns how many were dropped now, and adds them to ``task.metadata["history_dropped"]``."""
    if limit is None:
        return 0
    excess = len(task.history) - head - limit
    if excess <= 0:
        return 0
    del task.history[head:head + excess]
    before = task.metadata[DROPPED_KEY] if DROPPED_KEY in task.metadata else 0
    task.metadata[DROPPED_KEY] = (before if isinstance(before, int | float) else 0) + excess
    return excess


class ThrottledTaskStore(TaskStore):
    """Wraps another store (``inner``); every attribute not defined here is the inner store's.

    ``history_limit``: the last status messages kept per task (besides the first ``HISTORY_HEAD``); None keeps all.
    """

    def __init__(self, inner: TaskStore, interval_s: float = 1.0,
                 history_limit: int | None = DEFAULT_HISTORY_LIMIT) -> None:
        self.inner = inner
        self.interval_s = interval_s
        self.history_limit = history_limit
        self._last_write: dict[str, float] = {}
        self._pending: dict[str, tuple[a2a_pb2.Task, ServerCallContext]] = {}
        self._timers: dict[str, asyncio.Task[None]] = {}
        self._locks: dict[str, asyncio.Lock] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def save(self, task: a2a_pb2.Task, context: ServerCallContext) -> None:
        bound_history(task, self.history_limit)
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
