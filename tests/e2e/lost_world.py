"""A world killed while the purple holds its turn (issue 37 item 3), as the process and docker fault tests both play
it: a real green, a real purple that holds its turn and keeps every message it is sent, the world's process or
container killed behind the green's back, and the time from the kill to the task's end measured on the client's side.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from green_agent.embedded import serve_in_process
from services.purple.server import create_purple_app
from tests.a2a.conftest import status_text
from tests.conftest import free_port
from tests.e2e.conftest import GatewayResult, Green, start_assessment
from ues_pool.pool import Lease

# The deadline: a killed world ends its trial within this many seconds of the kill.
DEADLINE_S = 2.0


@dataclass
class HoldingPurple:
    """A purple that holds the messages of the ``hold`` types (every ``turn_start`` by default) until the green cancels
    them (task mode, so the green can), and keeps every message it is sent: what a purple mid-turn hears when its world
    dies."""

    reply_mode = "task"
    hold: tuple[str, ...] = ("turn_start",)
    received: list[dict[str, Any]] = field(default_factory=list)
    holding: asyncio.Event = field(default_factory=asyncio.Event)

    async def handle(self, payload: dict[str, Any], context_id: str) -> dict[str, Any] | None:
        self.received.append(payload)
        if payload.get("message_type") in self.hold:
            self.holding.set()
            await asyncio.Event().wait()  # until the green cancels it
        return None

    def completions(self) -> list[dict[str, Any]]:
        """The ``assessment_complete`` messages it received."""
        return [m for m in self.received if m.get("message_type") == "assessment_complete"]


@contextlib.asynccontextmanager
async def holding_purple(hold: tuple[str, ...] = ("turn_start",)) -> AsyncIterator[tuple[str, HoldingPurple]]:
    """A ``HoldingPurple`` (holding ``hold``) served over real A2A HTTP on loopback: its URL and the purple.

    Leave the block only once every stream of an in-process green has ended: sse-starlette ends every SSE stream of
    the event loop when one uvicorn server of it shuts down (its shutdown watcher follows the latest server's flag),
    so a green streaming another assessment meanwhile would see its stream cut."""
    purple = HoldingPurple(hold)
    port = free_port()
    app = create_purple_app(purple, url=f"http://127.0.0.1:{port}/", name="holding purple")
    async with serve_in_process(app, port) as url:
        yield url, purple


@dataclass
class KilledMidTurn:
    """What happened: the assessment as the client saw it, the lease whose world was killed, and the times from the
    kill to the pool declaring the world dead (``detected_s``) and to the task's terminal state (``ended_s``)."""

    result: GatewayResult
    lease: Lease
    detected_s: float
    ended_s: float

    def figure(self, backend: str) -> str:
        """The measured times as one JSON line (``-s`` shows them)."""
        return json.dumps({"figure": "killed_world_to_trial_end", "backend": backend,
                           "detected_s": round(self.detected_s, 3), "ended_s": round(self.ended_s, 3)})


async def kill_mid_turn(green: Green, purple_url: str, purple: HoldingPurple,
                        kill: Callable[[Lease], Awaitable[None]]) -> KilledMidTurn:
    """Start a one-trial assessment of mini_day; once the purple holds what it holds (turn 1, by default), ``kill``
    the world; wait for the end."""
    live = start_assessment(green, purple_url, scenario_id="mini_day")
    await asyncio.wait_for(purple.holding.wait(), 60)
    lease = green.pool.lease_of(live.context_id)
    assert lease is not None and not lease.broken, lease
    declared: list[float] = []
    noticed = asyncio.create_task(lease.lost.wait())
    noticed.add_done_callback(lambda _: declared.append(time.monotonic()))
    killed = time.monotonic()
    await kill(lease)
    result = await live.result()
    await asyncio.wait_for(noticed, 60)
    assert live.ended_at is not None, status_text(result.final)
    return KilledMidTurn(result, lease, declared[0] - killed, live.ended_at - killed)


def assert_ended_at_once(killed: KilledMidTurn, purple: HoldingPurple) -> dict[str, Any]:
    """The trial ended within the deadline, errored ``world_lost`` with a reason naming the world and where it ran,
    and the purple was sent ``assessment_complete`` with that reason. Returns the trial row."""
    result, lease = killed.result, killed.lease
    assert killed.ended_s < DEADLINE_S, (
        f"the trial ended {killed.ended_s:.2f} s after its world was killed (the deadline is {DEADLINE_S:g} s): the "
        f"pool declared the world dead after {killed.detected_s:.2f} s, and the green took "
        f"{killed.ended_s - killed.detected_s:.2f} s more to end the task")
    # The one trial lost its world: nothing about the purple was measured, so the task fails (the rows still come).
    assert result.state == "failed" and "world_lost" in status_text(result.final), status_text(result.final)
    [row] = result.trial_rows()
    assert row["status"] == "errored" and row["reasons"] == ["world_lost"] and row["completion_reason"] == "error", row
    reason = row["errors"][0]
    instance = lease.instance
    assert instance.instance_id in reason and instance.where in reason and instance.location, reason
    assert lease.broken_reason == reason

    [complete] = purple.completions()
    assert complete["reason"] == "error" and complete["detail"] == reason, complete
    return row
