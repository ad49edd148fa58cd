"""The green agent, end to end: a real green A2A server, real purple processes, real UES worlds, spoken to the
way the AgentBeats platform speaks (A2A 0.3 ``message/stream``, the request as the JSON text of one TextPart).

Covers the baseline purples on ``mini_day`` (oracle passes, noop and reckless do not), the Result rows against
protocol.md §3, progress updates, every documented fault (purple unreachable, garbage replies, silence past the turn
timeout, the UES world dying mid-trial, an evaluator raising, cancel mid-trial) with its status, reason and key
revocation, rejection of an unknown scenario, and eight concurrent assessments on one green.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from typing import Any

import pytest

from tests.a2a.conftest import rpc, status_text
from tests.conftest import free_port
from tests.e2e.conftest import (
    TERMINAL,
    Green,
    assert_world_given_back,
    assess,
    e2e_settings,
    progress_type,
    running_green,
    start_assessment,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")

PROGRESS_TYPES = {"update_assessment_started", "update_scenario_loaded", "update_turn_started",
                  "update_action_observed", "update_responses_generated", "update_turn_completed",
                  "update_evaluation_started", "update_criterion_evaluated", "update_assessment_completed",
                  "update_error_occurred", "update_waiting_on_purple"}
ESSENTIAL = {"update_assessment_started", "update_assessment_completed", "update_error_occurred",
             "update_waiting_on_purple"}
TRIAL_STATUSES = {"completed", "failed", "timeout", "cancelled", "errored"}
ERROR_REASONS = {"purple_unreachable", "world_lost", "green_error"}
COMPLETION_REASONS = {"scenario_complete", "early_completion", "max_turns_reached", "timeout", "cancelled", "error"}


# ------------------------------------------------------------------------------------------------ row checks
def is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def is_whole(value: Any) -> bool:
    """An integer as it travels in a DataPart: a float with no fraction, or (≥ 2**53) a string of digits."""
    if isinstance(value, str):
        return value.lstrip("-").isdigit()
    return is_number(value) and float(value).is_integer()


def check_score_pair(obj: Any, where: str) -> None:
    assert isinstance(obj, dict), where
    assert is_number(obj["score"]) and is_number(obj["max_score"]), (where, obj)


def check_trial_row(row: dict[str, Any]) -> None:
    """Every fixed field of a protocol.md §3 trial row exists with the right type."""
    assert row["row_type"] == "trial"
    assert row["protocol"] == "ues-assessment/1"
    for name in ("assessment_id", "scenario_id", "participant", "participant_url"):
        assert isinstance(row[name], str) and row[name], name
    assert is_whole(row["trial"]) and is_whole(row["seed"])
    assert row["status"] in TRIAL_STATUSES, row["status"]
    assert set(row["reasons"]) <= ERROR_REASONS and bool(row["reasons"]) == (row["status"] == "errored"), row
    assert row["completion_reason"] in COMPLETION_REASONS, row["completion_reason"]
    for name in ("score", "max_score", "percentage"):
        assert is_number(row[name]), name
    assert isinstance(row["passed"], bool)
    assert isinstance(row["dimension_scores"], list)
    for dim in row["dimension_scores"]:
        assert isinstance(dim["dimension"], str)
        check_score_pair(dim, f"dimension_scores.{dim['dimension']}")
    scores = row["scores"]
    check_score_pair(scores["overall"], "scores.overall")
    assert isinstance(scores["dimensions"], dict)
    for name, pair in scores["dimensions"].items():
        check_score_pair(pair, f"scores.dimensions.{name}")
    assert {d["dimension"] for d in row["dimension_scores"]} == set(scores["dimensions"])
    assert scores["overall"] == {"score": row["score"], "max_score": row["max_score"]}
    assert isinstance(row["criteria_results"], list)
    for c in row["criteria_results"]:
        for name in ("criterion_id", "name", "dimension", "explanation"):
            assert isinstance(c[name], str), (name, c)
        assert c["score"] is None or is_number(c["score"]), c
        assert is_number(c["max_score"])
        assert c["method"] in ("programmatic", "llm") and c["status"] in ("scored", "error", "skipped")
        assert "details" not in c, c  # per-item detail is in the report, not in the leaderboard row
        assert (c["score"] is None) == (c["status"] != "scored"), c
    for name in ("turns_taken", "actions_taken"):
        assert is_whole(row[name]), name
    for name in ("duration_seconds", "sim_seconds"):
        assert is_number(row[name]) and row[name] >= 0, name
    assert "action_log" not in row and isinstance(row["action_log_truncated"], bool)  # the log is in the report
    for role in ("characters", "judge"):
        usage = row["usage"][role]
        assert usage["cost_usd"] is None or is_number(usage["cost_usd"]), usage
    for name in ("errors", "warnings"):
        assert isinstance(row[name], list) and all(isinstance(x, str) for x in row[name]), name
    assert isinstance(row["violations"], list) and all(isinstance(v, dict) for v in row["violations"])
    provenance = row["provenance"]
    assert isinstance(provenance, dict)
    for name in ("green_version", "scenario_hash", "ues_backend", "character_mode"):
        assert provenance.get(name), name


def check_summary_row(row: dict[str, Any], trial_rows: list[dict[str, Any]]) -> None:
    assert row["row_type"] == "summary"
    assert row["protocol"] == "ues-assessment/1"
    assert is_whole(row["scenarios"]) and is_whole(row["trials"]) and is_whole(row["errored_trials"])
    assert row["trials"] == sum(r["status"] != "errored" for r in trial_rows)  # errored trials are counted apart
    assert row["errored_trials"] == len(trial_rows) - row["trials"]
    for name in ("mean_percentage", "pass_at_1", "pass_hat_k", "pass_at_k"):
        assert is_number(row[name]), name
    assert isinstance(row["per_scenario"], list) and len(row["per_scenario"]) == row["scenarios"]
    for item in row["per_scenario"]:
        assert isinstance(item["scenario_id"], str) and is_whole(item["trials"])
        assert is_number(item["mean_percentage"]) and item["pass_hat_k"] in (0.0, 1.0)
        assert isinstance(item["pass_hat_k"], float) and isinstance(row["pass_hat_k"], float)  # one type per name


def only_trial(result) -> dict[str, Any]:
    rows = result.trial_rows()
    assert len(rows) == 1, (result.state, status_text(result.final), result.result_rows())
    [row] = rows
    check_trial_row(row)
    return row


def criterion(row: dict[str, Any], criterion_id: str) -> dict[str, Any]:
    return next(c for c in row["criteria_results"] if c["criterion_id"] == criterion_id)


async def still_serves(green: Green, purples, context_id: str | None = None) -> dict[str, Any]:
    """The next assessment on the same green (in ``context_id`` when given) completes normally."""
    result = await assess(green, await purples("noop"), context_id=context_id, scenario_id="mini_day",
                          verbose_updates=False)
    assert result.state == "completed", status_text(result.final)
    row = only_trial(result)
    assert row["status"] == "completed" and row["errors"] == [], row["errors"]
    return row


# ------------------------------------------------------------------------------------------------ baselines
async def test_oracle_passes_mini_day_read_the_gateway_way(green, purples):
    result = await assess(green, await purples("oracle"), scenario_id="mini_day", seed=7)
    assert result.events[0]["kind"] == "task" and result.state == "completed"

    # the gateway: artifacts once completed; every DataPart is a row, and so is every JSON-parsable TextPart
    rows, texts = result.gateway_rows()
    assert [a["name"] for a in result.artifacts] == ["Result"]
    assert len(texts) == 1 and texts[0].strip(), texts
    with pytest.raises(ValueError):
        json.loads(texts[0])
    assert [r["row_type"] for r in rows] == ["trial", "summary"]
    trial, summary = rows
    # rows are JSON text, so integers arrive as integers at a 0.3 client (a DataPart's Struct makes them doubles)
    assert all(p["kind"] == "text" for p in result.artifacts[0]["parts"])
    for name in ("trial", "seed", "turns_taken", "actions_taken"):
        assert type(trial[name]) is int, (name, trial[name])
    assert type(summary["trials"]) is int and type(summary["scenarios"]) is int
    check_trial_row(trial)
    check_summary_row(summary, [trial])
    assert trial["assessment_id"] == result.task_id == summary["assessment_id"]
    assert trial["participant"] == "personal_assistant"

    assert trial["status"] == "completed" and trial["passed"] is True, trial["criteria_results"]
    assert trial["percentage"] >= 95
    assert trial["errors"] == []
    assert summary["pass_at_1"] == 1 and summary["pass_hat_k"] == 1
    assert summary["per_scenario"][0]["scenario_id"] == "mini_day"

    # the stored task holds the same rows (tasks/get, as a gateway polling instead of streaming would read it)
    stored = (await rpc(green.url, "tasks/get", {"id": result.task_id}))["result"]
    assert stored["status"]["state"] == "completed"
    assert [json.loads(p["text"]) for p in stored["artifacts"][0]["parts"][1:]] == rows

    # progress: every working update, the acceptance included, is a sentence plus a §3 update
    working = result.working_updates()
    assert "Assessment accepted" in status_text(working[0])
    kinds = []
    for event in working:
        parts = event["status"]["message"]["parts"]
        assert [p["kind"] for p in parts] == ["text", "text"], parts  # the sentence, then the update as JSON
        assert parts[0]["text"].strip()
        kinds.append(json.loads(parts[1]["text"])["message_type"])
    assert set(kinds) <= PROGRESS_TYPES, set(kinds) - PROGRESS_TYPES
    assert kinds[0] == "update_assessment_started" and kinds[-1] == "update_assessment_completed"
    for expected in ("update_scenario_loaded", "update_turn_started", "update_action_observed",
                     "update_responses_generated", "update_turn_completed", "update_evaluation_started",
                     "update_criterion_evaluated"):
        assert expected in kinds, expected
    assert kinds.count("update_criterion_evaluated") == len(trial["criteria_results"])
    assert_world_given_back(green, result.context_id)


async def test_noop_scores_nothing_and_quiet_updates(green, purples):
    result = await assess(green, await purples("noop"), scenario_id="mini_day", verbose_updates=False)
    assert result.state == "completed"
    row = only_trial(result)
    assert row["status"] == "completed" and row["percentage"] <= 10 and row["passed"] is False
    assert row["actions_taken"] == 0
    kinds = [progress_type(e) for e in result.working_updates()]
    assert kinds and set(kinds) <= ESSENTIAL, kinds
    # one "started" update (the acceptance, with the planned trials), then the end
    assert kinds == ["update_assessment_started", "update_assessment_completed"]
    assert_world_given_back(green, result.context_id)


async def test_reckless_loses_safety_and_does_not_pass(green, purples):
    result = await assess(green, await purples("reckless"), scenario_id="mini_day")
    row = only_trial(result)
    safety = [c for c in row["criteria_results"] if c["dimension"] == "safety"]
    assert safety and all(c["status"] == "scored" and c["score"] == 0 for c in safety), safety
    assert row["scores"]["dimensions"]["safety"]["score"] == 0
    assert row["passed"] is False and row["status"] == "completed"
    assert_world_given_back(green, result.context_id)


async def test_unknown_scenario_is_rejected_naming_it(green, purples):
    result = await assess(green, await purples("noop"), scenario_id="no_such_scenario")
    assert result.state == "rejected"
    text = status_text(result.final)
    assert "no_such_scenario" in text and "config.scenario_id" in text, text
    assert result.artifacts == []
    assert green.pool.lease_of(result.context_id) is None  # no world was taken for it


# ------------------------------------------------------------------------------------------------ faults
async def test_purple_unreachable(green, purples):
    closed = f"http://127.0.0.1:{free_port()}"
    result = await assess(green, closed, scenario_id="mini_day")
    # Nothing about the purple was measured, in every trial: the task fails, naming why and where (no results file)
    assert result.state == "failed"
    assert "purple_unreachable" in status_text(result.final) and closed in status_text(result.final)
    row = only_trial(result)  # the Result artifact still comes, trial by trial
    assert row["status"] == "errored" and row["reasons"] == ["purple_unreachable"]
    assert row["completion_reason"] == "error" and row["criteria_results"] == []
    assert row["turns_taken"] == 0 and row["passed"] is False
    assert any("assessment_start" in e for e in row["errors"]), row["errors"]
    assert_world_given_back(green, result.context_id)
    await still_serves(green, purples, result.context_id)


async def test_purple_answering_garbage(green, purples):
    result = await assess(green, await purples("garbage"), scenario_id="mini_day", verbose_updates=False)
    assert result.state == "completed"
    row = only_trial(result)
    assert row["status"] == "completed" and row["completion_reason"] == "scenario_complete"
    turns = int(row["turns_taken"])
    assert turns == 4  # 4 h at the default 1 h step
    for turn in range(1, turns + 1):
        assert any(w.startswith(f"turn {turn}: non-protocol reply") for w in row["warnings"]), row["warnings"]
    assert_world_given_back(green, result.context_id)
    await still_serves(green, purples)


async def test_purple_silent_past_the_turn_timeout(green, purples):
    result = await assess(green, await purples("silent"), scenario_id="mini_day", turn_timeout_s=1.0,
                          verbose_updates=False)
    assert result.state == "completed"
    row = only_trial(result)
    assert row["status"] == "timeout" and row["completion_reason"] == "timeout"
    assert row["turns_taken"] == 3 and row["passed"] is False
    assert sum("no reply within 1 s" in w for w in row["warnings"]) == 3, row["warnings"]
    assert any("did not reply to 3 turns in a row" in e for e in row["errors"]), row["errors"]
    assert_world_given_back(green, result.context_id)
    await still_serves(green, purples)


async def test_ues_killed_mid_trial(green, purples):
    live = start_assessment(green, await purples("slow"), scenario_id="mini_day")
    await live.wait_for(lambda e: progress_type(e) == "update_turn_started")
    lease = green.pool.lease_of(live.context_id)
    assert lease is not None
    killed = lease.instance_id
    os.kill(lease.instance.handle.pid, signal.SIGKILL)  # while the slow purple holds turn 1

    result = await live.result()
    assert result.state == "failed" and "world_lost" in status_text(result.final)  # its one trial measured nothing
    row = only_trial(result)
    assert row["status"] == "errored" and row["reasons"] == ["world_lost"] and row["completion_reason"] == "error"
    assert any("UES" in e for e in row["errors"]), row["errors"]
    assert row["passed"] is False and row["criteria_results"] == []  # no world left to judge

    assert_world_given_back(green, live.context_id)  # the dead world is gone, not given back
    # the same context's next assessment gets a fresh world
    follow = await still_serves(green, purples, live.context_id)
    assert follow["provenance"]["ues_instance"] != killed
    assert_world_given_back(green, live.context_id)


async def test_evaluator_raising(green, purples):
    result = await assess(green, await purples("noop"), scenario_id="raising_eval", verbose_updates=False)
    assert result.state == "completed"
    row = only_trial(result)
    assert row["status"] == "completed"
    broken = criterion(row, "explodes")
    assert broken["status"] == "error" and broken["score"] is None
    assert "RuntimeError" in broken["explanation"] and "deliberate evaluator failure" in broken["explanation"]
    assert any(e.startswith("criterion explodes:") for e in row["errors"]), row["errors"]
    others = [c for c in row["criteria_results"] if c["criterion_id"] != "explodes"]
    assert others and all(c["status"] == "scored" for c in others), others
    assert criterion(row, "turns_taken")["score"] == 10
    assert row["max_score"] == 20  # the errored criterion is left out of max_score, not scored 0
    assert row["passed"] is False  # it was required
    assert "explodes" not in {d["dimension"] for d in row["dimension_scores"]}
    assert_world_given_back(green, result.context_id)
    await still_serves(green, purples)


async def test_cancel_mid_trial(green, purples):
    # The purple holds the turn far longer than the executor's cancel grace (15 s): the cancel must not wait for it.
    live = start_assessment(green, await purples("slow", slow_s=120), scenario_id="mini_day")
    await live.wait_for(lambda e: progress_type(e) == "update_turn_started")
    started = time.monotonic()
    cancelled = await rpc(green.url, "tasks/cancel", {"id": live.task_id}, wait_s=60)
    assert cancelled["result"]["status"]["state"] == "canceled", cancelled
    assert time.monotonic() - started < 10

    result = await live.result()
    terminal = [e["status"]["state"] for e in result.events if e.get("kind") == "status-update"
                and e["status"]["state"] in TERMINAL]
    assert terminal == ["canceled"]
    [row] = [r for r in result.result_rows() if r.get("row_type") == "trial"]  # partial results attached
    check_trial_row(row)
    assert row["status"] == "cancelled" and row["completion_reason"] == "cancelled"
    assert row["passed"] is False
    stored = (await rpc(green.url, "tasks/get", {"id": live.task_id}))["result"]
    assert stored["status"]["state"] == "canceled"
    assert_world_given_back(green, live.context_id)
    await still_serves(green, purples, live.context_id)


# ------------------------------------------------------------------------------------------------ load
async def test_eight_concurrent_assessments(green, purples):
    noop = await purples("noop")
    results = await asyncio.gather(*(assess(green, noop, scenario_id="mini_day") for _ in range(8)))
    assert len({r.context_id for r in results}) == 8
    instances = set()
    for result in results:
        assert result.state == "completed", status_text(result.final)
        row = only_trial(result)
        assert row["status"] == "completed" and row["errors"] == [], row["errors"]
        assert row["completion_reason"] == "scenario_complete" and row["turns_taken"] == 4
        instances.add(row["provenance"]["ues_instance"])
    assert len(instances) == 8  # one world per context


async def test_more_sequential_assessments_than_the_pool_has_worlds(tmp_path, purples):
    """Each finished assessment gives its world back, so a 3-world pool serves any number of assessments one after
    another (before, the 4th waited for a world that a finished assessment still held, then failed)."""
    async with running_green(e2e_settings(tmp_path / "green", pool_min_idle=0, pool_max_instances=3,
                                          pool_acquire_timeout_s=20)) as green:
        noop = await purples("noop")
        for i in range(7):
            result = await assess(green, noop, scenario_id="mini_day", verbose_updates=False)
            assert result.state == "completed", (i, status_text(result.final))
            row = only_trial(result)
            assert row["status"] == "completed" and row["errors"] == [], (i, row["errors"])
            assert green.pool.lease_of(result.context_id) is None
        stats = green.pool.metrics()
        assert stats["leased"] == 0 and stats["started"] <= 3, stats
