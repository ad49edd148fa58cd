"""The task store: progress reads are immediate, writes are batched, terminal states are never late, and each task's
history stays bounded however many updates it gets."""

from __future__ import annotations

import asyncio

from a2a.server.context import ServerCallContext
from a2a.server.tasks import DatabaseTaskStore, TaskManager
from a2a.types import a2a_pb2
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from green_agent.task_store import DROPPED_KEY, HISTORY_HEAD, ThrottledTaskStore, bound_history

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
    # ... and caught up by the timer: one interval on a quiet machine, longer when the event loop is starved
    for _ in range(100):
        if (await inner.get("t1", ctx)).metadata["note"] == "update 49":
            break
        await asyncio.sleep(0.1)
    assert (await inner.get("t1", ctx)).metadata["note"] == "update 49"
    await store.save(task(State.TASK_STATE_WORKING, "late progress"), ctx)
    await store.save(task(State.TASK_STATE_COMPLETED, "done"), ctx)
    await asyncio.sleep(0.5)
    stored = await inner.get("t1", ctx)
    assert stored.status.state == State.TASK_STATE_COMPLETED and stored.metadata["note"] == "done"
    await inner.engine.dispose()


# ------------------------------------------------------------------------------------------------ bounded history
def request_message() -> a2a_pb2.Message:
    return a2a_pb2.Message(message_id="request", role=a2a_pb2.Role.ROLE_USER, context_id="c1",
                           parts=[a2a_pb2.Part(text='{"participants": {}}')])


def status_update(state: int, i: int) -> a2a_pb2.TaskStatusUpdateEvent:
    message = a2a_pb2.Message(message_id=f"m{i:06d}", role=a2a_pb2.Role.ROLE_AGENT, task_id="t1", context_id="c1",
                              parts=[a2a_pb2.Part(text=f"update {i:06d}")])
    return a2a_pb2.TaskStatusUpdateEvent(task_id="t1", context_id="c1",
                                         status=a2a_pb2.TaskStatus(state=state, message=message))


async def stored_bytes(inner: DatabaseTaskStore) -> int:
    """The stored row's JSON columns, in bytes."""
    async with inner.engine.connect() as conn:
        row = (await conn.execute(text("SELECT length(status) + length(history) + coalesce(length(artifacts), 0) "
                                       "FROM tasks WHERE id = 't1'"))).one()
    return int(row[0])


async def test_history_stays_bounded_in_the_store_and_in_the_running_task(tmp_path):
    """Driven through the SDK's own TaskManager (which moves every status message into the history): the stored
    row and the task the SDK holds in memory keep the request, the first update and the last ``limit`` ones, and
    stay the same size from update 100 to update 1 000; the artifact and the final state are kept whole."""
    inner = DatabaseTaskStore(create_async_engine(f"sqlite+aiosqlite:///{tmp_path / 'tasks.db'}"))
    await inner.initialize()
    limit = 10
    store = ThrottledTaskStore(inner, interval_s=0.0, history_limit=limit)  # interval 0: every update is written
    ctx = ServerCallContext()
    manager = TaskManager(store, ctx, "t1", "c1", request_message())
    await manager.save_task_event(a2a_pb2.Task(id="t1", context_id="c1", history=[request_message()],
                                               status=a2a_pb2.TaskStatus(state=State.TASK_STATE_SUBMITTED)))
    sizes = {}
    for i in range(1000):
        await manager.save_task_event(status_update(State.TASK_STATE_WORKING, i))
        if i + 1 in (100, 1000):
            sizes[i + 1] = await stored_bytes(inner)
    assert sizes[100] == sizes[1000], sizes

    running = await manager.get_task()
    stored = await inner.get("t1", ctx)
    assert running is not None and stored is not None
    for task in (running, stored):
        assert len(task.history) == HISTORY_HEAD + limit
        assert [m.message_id for m in task.history[:HISTORY_HEAD]] == ["request", "m000000"]
        assert [m.message_id for m in task.history[HISTORY_HEAD:]] == [f"m{i:06d}" for i in range(989, 999)]
        assert task.status.message.message_id == "m000999"
        assert task.metadata[DROPPED_KEY] == 999 - 1 - limit  # 999 moved into the history, 1 + 10 of them kept

    artifact = a2a_pb2.Artifact(artifact_id="a1", name="Result", parts=[a2a_pb2.Part(text="x" * 10_000)])
    await manager.save_task_event(a2a_pb2.TaskArtifactUpdateEvent(task_id="t1", context_id="c1", artifact=artifact))
    await manager.save_task_event(status_update(State.TASK_STATE_COMPLETED, 1000))
    final = await store.get("t1", ctx)
    assert final is not None and final.status.state == State.TASK_STATE_COMPLETED
    assert final.status.message.message_id == "m001000"
    assert list(final.artifacts) == [artifact]
    assert len(final.history) == HISTORY_HEAD + limit
    await inner.engine.dispose()


def test_bound_history_keeps_everything_under_the_limit_and_nothing_when_unbounded():
    task = a2a_pb2.Task(id="t1", history=[a2a_pb2.Message(message_id=str(i)) for i in range(5)])
    assert bound_history(task, 3) == 0 and len(task.history) == 5 and DROPPED_KEY not in task.metadata
    assert bound_history(task, None) == 0 and len(task.history) == 5
    assert bound_history(task, 1) == 2
    assert [m.message_id for m in task.history] == ["0", "1", "4"] and task.metadata[DROPPED_KEY] == 2
