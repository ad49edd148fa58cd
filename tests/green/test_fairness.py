"""Fairness under a flood (issue 12, item 1): one green, two contexts side by side — a ``hostile-flood`` purple
sending well over a thousand emails a turn (most refused with 429 by the simulator's rate limit) and the ``oracle`` —
on ``mini_day``.

What a user notices, asserted: the oracle's assessment beside the flood completes with the score it gets alone;
the flood's assessment completes too; each turn sends a bounded number of progress updates however many calls the
purple made (one ``update_action_observed`` with counts); and the task the green stores keeps a bounded history,
artifact and final state intact. Timings (the green's overhead on the oracle's turns, RSS) are not asserted here:
``tests/bench/bench_progress.py`` reports them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

from green_agent.embedded import purple_process
from green_agent.task_store import DROPPED_KEY, HISTORY_HEAD
from tests.a2a.conftest import rpc, status_text
from tests.e2e.conftest import (
    SCENARIOS,
    TERMINAL,
    GatewayResult,
    Green,
    assess,
    e2e_settings,
    progress_data,
    progress_type,
    running_green,
    start_assessment,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")

HISTORY_LIMIT = 6  # small, so that even these short assessments outgrow it
FLOOD_PER_TURN = 1500
FLOOD_ENV = {"PURPLE_HOSTILE_FLOOD_COUNT": str(FLOOD_PER_TURN), "PURPLE_HOSTILE_FLOOD_CONCURRENCY": "16"}
# update_turn_started, update_action_observed, update_responses_generated, update_turn_completed
MAX_UPDATES_PER_TURN = 4


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def side_by_side(tmp_path_factory) -> AsyncIterator[tuple[Green, str, str]]:
    settings = e2e_settings(tmp_path_factory.mktemp("fair"), task_history_limit=HISTORY_LIMIT)
    async with running_green(settings) as green, purple_process("oracle", SCENARIOS) as oracle, \
            purple_process("hostile-flood", SCENARIOS, env=FLOOD_ENV) as flood:
        yield green, oracle, flood


def only_trial(result: GatewayResult) -> dict[str, Any]:
    assert result.state == "completed", status_text(result.final)
    [row] = result.trial_rows()
    return row


def updates_by_turn(result: GatewayResult) -> dict[int, Counter[str]]:
    """Per turn, how many progress updates of each ``message_type`` the client received."""
    turns: dict[int, Counter[str]] = {}
    for event in result.working_updates():
        data = progress_data(event)
        if "turn" in data:
            turns.setdefault(int(data["turn"]), Counter())[str(progress_type(event))] += 1
    return turns


async def stored_task(green: Green, task_id: str) -> dict[str, Any]:
    return (await rpc(green.url, "tasks/get", {"id": task_id}))["result"]


def check_stored(task: dict[str, Any], result: GatewayResult) -> None:
    """Bounded history; the final state and the artifact are those the client received."""
    assert len(task.get("history", [])) <= HISTORY_HEAD + HISTORY_LIMIT, len(task["history"])
    assert task["metadata"][DROPPED_KEY] > 0
    assert task["status"]["state"] == result.state == "completed"
    assert task["artifacts"][0]["name"] == "Result"
    assert task["artifacts"][0]["parts"] == result.artifacts[0]["parts"]
    assert task["history"][0]["role"] == "user"  # the request is kept


async def test_a_flooding_purple_does_not_disturb_the_oracle_beside_it(side_by_side):
    green, oracle, flood = side_by_side
    alone = only_trial(await assess(green, oracle, scenario_id="mini_day", seed=7))
    assert alone["passed"] is True, alone["criteria_results"]

    live = start_assessment(green, flood, scenario_id="mini_day", seed=7, wait_s=600)
    await live.wait_for(lambda e: progress_type(e) == "update_action_observed", wait_s=300)  # one turn flooded
    beside = await assess(green, oracle, scenario_id="mini_day", seed=7, wait_s=300)
    flood_was_running = not any(e.get("kind") == "status-update" and e["status"]["state"] in TERMINAL
                                for e in live.events)
    flooded = await live.result(wait_s=600)
    assert flood_was_running, "the flood ended before the oracle's assessment did: nothing was tested"

    # the oracle beside the flood: completes, same score as alone
    row = only_trial(beside)
    assert (row["score"], row["max_score"], row["percentage"], row["passed"]) == \
        (alone["score"], alone["max_score"], alone["percentage"], alone["passed"])
    assert [(c["criterion_id"], c["score"]) for c in row["criteria_results"]] == \
        [(c["criterion_id"], c["score"]) for c in alone["criteria_results"]]
    assert row["errors"] == []

    # the flood: completes, and however many calls it made, each turn sent a bounded number of updates
    flood_row = only_trial(flooded)
    per_turn = updates_by_turn(flooded)
    assert sorted(per_turn) == list(range(1, flood_row["turns_taken"] + 1))
    for turn, kinds in per_turn.items():
        assert sum(kinds.values()) <= MAX_UPDATES_PER_TURN, (turn, kinds)
        assert kinds["update_action_observed"] == 1 and kinds["update_turn_started"] == 1, (turn, kinds)
    observed = [progress_data(e) for e in flooded.working_updates()
                if progress_type(e) == "update_action_observed"]
    for counts in observed:
        assert counts["actions"] == counts["succeeded"] + counts["refused"] + counts["failed"]
        assert counts["succeeded"] > 0 and counts["refused"] > 0, counts
        assert counts["by_status"].get("429", 0) > 0, counts  # refused by the rate limit
        assert len(counts["by_action"]) <= 12
    assert sum(c["actions"] for c in observed) > FLOOD_PER_TURN // 2  # it really flooded
    # every update the client got, the whole assessment: the turns' updates plus a handful around them
    assert len(flooded.working_updates()) <= MAX_UPDATES_PER_TURN * flood_row["turns_taken"] + 4 + \
        len(flood_row["criteria_results"])

    # what the green stores: bounded history, the artifact and the final state kept
    check_stored(await stored_task(green, flooded.task_id), flooded)
    check_stored(await stored_task(green, beside.task_id), beside)
