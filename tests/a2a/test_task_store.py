"""The throttled task store: progress reads are immediate, writes are batched, terminal states are never late."""

from __future__ import annotations

import asyncio

from a2a.server.context import ServerCallContext
from a2a.server.tasks import DatabaseTaskStore
from a2a.types import a2a_pb2
from sqlalchemy.ext.asyncio import create_async_engine

from green_agent.task_store import ThrottledTaskStore

State = a2a_pb2.TaskState


def task(state: int, note: str) -> a2a_pb2.Task:
    t = a2a_pb2.Task(id="t1", context_id="c1")
    t.status.state = state
    t.metadata["note"] = note
    return t


async def test_working_updates_are_batched_and_terminal_states_written_at_once(tmp_path):
    inner = DatabaseTaskStore(create_async_engine(f"sqlite+aiosqlite:///{tmp_path / 'tasks.db'}"))
    await inner.initialize()
    store = ThrottledTaskStore(inner, interval_s=0.3)
    ctx = ServerCallContext()
    for i in range(50):
        await store.save(task(State.TASK_STATE_WORKING, f"update {i}"), ctx)
    assert (await store.get("t1", ctx)).metadata["note"] == "update 49"  # readers see the newest at once
    assert (await inner.get("t1", ctx)).metadata["note"] == "update 0"  # the database was written once
    await asyncio.sleep(0.5)
    assert (await inner.get("t1", ctx)).metadata["note"] == "update 49"  # and caught up by the timer
    await store.save(task(State.TASK_STATE_WORKING, "late progress"), ctx)
    await store.save(task(State.TASK_STATE_COMPLETED, "done"), ctx)
    await asyncio.sleep(0.5)
    stored = await inner.get("t1", ctx)
    assert stored.status.state == State.TASK_STATE_COMPLETED and stored.metadata["note"] == "done"
    await inner.engine.dispose()
