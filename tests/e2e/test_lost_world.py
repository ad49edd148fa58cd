"""A world killed mid-turn on the process backend ends its trial at once (issue 37 item 3): a real green (A2A over
HTTP, a real process pool), a real purple holding its turn, the world's process SIGKILLed. The trial ends ``errored``
(``world_lost``, the task ``failed``) within 2 s of the kill, its reason names the world and where it ran, the purple's
turn is cancelled and it is sent ``assessment_complete`` with that reason; another assessment running meanwhile in
another context completes untouched, and the pool replaces the dead world.

The times (kill → the pool declares the world dead, kill → the task's end) are printed as JSON lines (``-s``).
"""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

from tests.a2a.conftest import status_text
from tests.e2e.conftest import assess, progress_type, start_assessment
from tests.e2e.lost_world import assert_ended_at_once, holding_purple, kill_mid_turn
from ues_pool.backends.base import process_start_time
from ues_pool.pool import Lease

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def sigkill(lease: Lease) -> None:
    """SIGKILL the world's process, as the OOM killer would."""
    os.kill(lease.instance.handle.pid, signal.SIGKILL)


async def test_a_world_killed_mid_turn_ends_its_trial_at_once(green, purples):
    pool = green.pool
    destroyed = pool.stats["destroyed_unhealthy"]
    # Another context's assessment, in its own world, runs through the kill.
    other = start_assessment(green, await purples("slow", slow_s=1.0), scenario_id="mini_day")
    await other.wait_for(lambda e: progress_type(e) == "update_turn_started")
    other_lease = pool.lease_of(other.context_id)
    assert other_lease is not None

    async with holding_purple() as (url, purple):  # serving until every stream has ended (holding_purple)
        killed = await kill_mid_turn(green, url, purple, sigkill)
        print(killed.figure("process"))
        assert_ended_at_once(killed, purple)
        dead = killed.lease.instance
        assert process_start_time(dead.handle.pid) is None, "the dead world's process is gone"
        assert pool.stats["destroyed_unhealthy"] == destroyed + 1

        untouched = await other.result()
        assert untouched.state == "completed", status_text(untouched.final)
        [row] = untouched.trial_rows()
        assert row["status"] == "completed" and row["errors"] == [] and row["turns_taken"] == 4, row
        assert not other_lease.broken and row["provenance"]["ues_instance"] == other_lease.instance_id

        # The pool replaces the dead world: the warm set fills up again, and the context's next assessment completes.
        async with asyncio.timeout(60):
            while pool.metrics()["idle"] < pool.config.min_idle:  # noqa: ASYNC110  (no event says it is full)
                await asyncio.sleep(0.05)
        follow = await assess(green, await purples("noop"), context_id=killed.result.context_id,
                              scenario_id="mini_day", verbose_updates=False)
        assert follow.state == "completed", status_text(follow.final)
        [row] = follow.trial_rows()
        assert row["status"] == "completed" and row["provenance"]["ues_instance"] != dead.instance_id, row


async def test_a_world_killed_during_assessment_start_ends_its_trial_at_once(green):
    """The world dies while the green waits on the purple's answer to ``assessment_start``: the same end, at once."""
    async with holding_purple(hold=("assessment_start",)) as (url, purple):
        killed = await kill_mid_turn(green, url, purple, sigkill)
        print(killed.figure("process"))
        assert_ended_at_once(killed, purple)
