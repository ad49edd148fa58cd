"""Worlds come back under every path (issue 12, item 2): one hundred assessments, one after another, on a pool of
three worlds, with every way an assessment can end mixed in — passed, errored on an unreachable purple, garbage
replies, silence past the turn timeout, a cancel while the purple holds a turn, the world killed mid-trial, misuse
(forbidden routes, oversized bodies, chat posted as the user), and requests rejected before any world is taken.

A context holds a world only inside its assessment (the lease block in the executor), so an idle context never holds
one: when the pool is full, the next assessment finds a world without waiting. The pool's ``acquire_waits`` counter
proves it over all hundred, and no assessment ever needs a fourth world.
"""

from __future__ import annotations

import os
import signal
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import pytest

from services.ues.client import UESClient
from tests.a2a.conftest import rpc, status_text
from tests.conftest import free_port
from tests.e2e.conftest import (
    GatewayResult,
    Green,
    assess,
    e2e_settings,
    progress_type,
    running_green,
    start_assessment,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")

ASSESSMENTS = 100
WORLDS = 3
MISUSE = ("hostile-forbidden", "hostile-oversized", "hostile-chat-as-user")


def trial(result: GatewayResult) -> dict[str, Any]:
    [row] = result.trial_rows()
    return row


async def passes(green: Green, purples: Callable[..., Awaitable[str]], i: int) -> str:
    result = await assess(green, await purples("oracle"), scenario_id="mini_day", verbose_updates=False)
    assert result.state == "completed", status_text(result.final)
    row = trial(result)
    assert row["status"] == "completed" and row["passed"] is True, row
    return "oracle passed"


async def scores_nothing(green: Green, purples: Callable[..., Awaitable[str]], i: int) -> str:
    result = await assess(green, await purples("noop"), scenario_id="mini_day", verbose_updates=False)
    assert result.state == "completed", status_text(result.final)
    assert trial(result)["passed"] is False
    return "noop failed the task"


async def unreachable(green: Green, purples: Callable[..., Awaitable[str]], i: int) -> str:
    result = await assess(green, f"http://127.0.0.1:{free_port()}", scenario_id="mini_day")
    assert result.state == "failed" and "purple_unreachable" in status_text(result.final)
    row = trial(result)
    assert row["status"] == "errored" and any("assessment_start" in e for e in row["errors"]), row["errors"]
    return "purple unreachable"


async def garbage(green: Green, purples: Callable[..., Awaitable[str]], i: int) -> str:
    result = await assess(green, await purples("garbage"), scenario_id="mini_day", verbose_updates=False)
    assert result.state == "completed", status_text(result.final)
    row = trial(result)
    assert row["status"] == "completed" and any("non-protocol reply" in w for w in row["warnings"]), row
    return "garbage replies"


async def silent(green: Green, purples: Callable[..., Awaitable[str]], i: int) -> str:
    result = await assess(green, await purples("hostile-silence"), scenario_id="mini_day", turn_timeout_s=0.5,
                          verbose_updates=False)
    assert result.state == "completed", status_text(result.final)
    assert trial(result)["status"] == "timeout"
    return "turn timeouts"


async def unknown_scenario(green: Green, purples: Callable[..., Awaitable[str]], i: int) -> str:
    result = await assess(green, await purples("noop"), scenario_id=f"no_such_scenario_{i}")
    assert result.state == "rejected" and "config.scenario_id" in status_text(result.final)
    return "rejected: unknown scenario"


async def malformed(green: Green, purples: Callable[..., Awaitable[str]], i: int) -> str:
    result = await assess(green, await purples("noop"), scenario_id="mini_day", turn_timeout_s=-1)
    assert result.state == "rejected" and "config.turn_timeout_s" in status_text(result.final)
    return "rejected: malformed config"


async def cancelled(green: Green, purples: Callable[..., Awaitable[str]], i: int) -> str:
    live = start_assessment(green, await purples("slow", slow_s=120), scenario_id="mini_day")
    await live.wait_for(lambda e: progress_type(e) == "update_turn_started")
    answer = await rpc(green.url, "tasks/cancel", {"id": live.task_id}, wait_s=60)
    assert answer["result"]["status"]["state"] == "canceled", answer
    result = await live.result()
    assert trial(result)["status"] == "cancelled"
    return "cancelled mid-turn"


async def world_killed(green: Green, purples: Callable[..., Awaitable[str]], i: int) -> str:
    live = start_assessment(green, await purples("slow"), scenario_id="mini_day")
    await live.wait_for(lambda e: progress_type(e) == "update_turn_started")
    lease = green.pool.lease_of(live.context_id)
    assert lease is not None
    os.kill(lease.instance.handle.pid, signal.SIGKILL)  # while the slow purple holds the turn
    result = await live.result()
    assert result.state == "failed" and "world_lost" in status_text(result.final)
    row = trial(result)
    assert row["status"] == "errored" and any(lease.instance_id in e for e in row["errors"]), row["errors"]
    return "world killed mid-trial"


async def misuse(green: Green, purples: Callable[..., Awaitable[str]], i: int) -> str:
    role = MISUSE[(i // len(CYCLE)) % len(MISUSE)]
    result = await assess(green, await purples(role), scenario_id="mini_day", verbose_updates=False)
    assert result.state == "completed", status_text(result.final)
    row = trial(result)
    assert row["status"] == "completed", row
    if role == "hostile-oversized":  # refused as too large: counted against the key, not a violation
        assert row["calls"]["by_status"].get("413", 0) >= 1, row["calls"]
    else:
        assert row["violations"], row
    return role


# The hundredth (i = 99) is the last of the cycle: an oracle that must still pass.
CYCLE = (world_killed, unreachable, garbage, silent, unknown_scenario, cancelled, misuse, malformed, scores_nothing,
         passes)


async def test_a_hundred_assessments_on_three_worlds(tmp_path, purples):
    settings = e2e_settings(tmp_path / "green", pool_min_idle=1, pool_max_instances=WORLDS,
                            pool_acquire_timeout_s=30)
    async with running_green(settings) as green:
        pool = green.pool
        seen: Counter[str] = Counter()
        for i in range(ASSESSMENTS):
            step = CYCLE[i % len(CYCLE)]
            try:
                seen[await step(green, purples, i)] += 1
            except AssertionError as exc:
                raise AssertionError(f"assessment {i + 1} ({step.__name__}): {exc}") from exc
            assert pool.metrics()["leased"] == 0, (i + 1, step.__name__, pool.metrics())

        stats = pool.metrics()
        # Every assessment found a world at once: nobody waited, nobody needed a fourth.
        assert stats["acquire_waits"] == 0, stats
        assert pool.total <= WORLDS, stats
        assert stats["destroyed_unhealthy"] == ASSESSMENTS // len(CYCLE), stats  # exactly the killed ones
        assert sum(seen.values()) == ASSESSMENTS and len(seen) == len(CYCLE) + len(MISUSE) - 1, seen

        async with httpx.AsyncClient() as http:
            exported = (await http.get(green.url + "/metrics")).text
        assert 'green_pool_events{event="acquire_waits"} 0.0' in exported, exported

        # The worlds left are blank: no purple key survives any of the hundred endings.
        for instance in list(pool._idle):
            async with UESClient(instance.url, instance.admin_key) as admin:
                keys = await admin.keys()
            assert [k for k in keys if k["is_active"] and k.get("created_by") is not None] == [], keys
