"""The executor's plumbing over real HTTP, with a real UES pool: event order, the Result artifact, exactly one
terminal state, failures, cancel, one assessment per context at a time, metrics.

The runner here is a TEST-ONLY stand-in (see ``PlumbingRunner``): it lets these tests drive every path of the
executor. The real runner (green_agent.assessment.runner.ScenarioRunner) is tested elsewhere.
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from green_agent.assessment.outcome import Outcome
from green_agent.assessment.purple_link import PurpleLink
from green_agent.assessment.runner import PlannedTrial
from green_agent.config import GreenSettings
from green_agent.protocol import AssessmentRequest, ProgressType, ProgressUpdate
from green_agent.server import create_app
from tests.a2a.conftest import final_status, rpc, serve, status_text, stream_v03, v03_message
from tests.a2a.plumbing import outcome


def request(scenario: str) -> str:
    return json.dumps({"participants": {"personal_assistant": "http://127.0.0.1:9/"},
                       "config": {"scenario_id": scenario, "trials": 1}})


class PlumbingRunner:
    """TEST-ONLY ``AssessmentRunner`` (the interface of green_agent.assessment.runner). It exists to test the
    executor's plumbing (rejections, persistence, artifact shape, cancel, exactly one terminal state); the
    behaviour is chosen by ``config.scenario_id``: ok, json_summary, boom, wait_cancel, ignore_cancel, slow, hold.
    """

    def __init__(self) -> None:
        self.started = asyncio.Event()
        self.release = asyncio.Event()
        self.calls: list[dict[str, Any]] = []

    def plan(self, request: AssessmentRequest) -> list[PlannedTrial]:
        return [PlannedTrial(request.config.scenario_id or "", 0, 0)]

    async def run(self, request, work, *, assessment_id, lease, emit, cancel) -> Outcome:
        scenario = request.config.scenario_id
        call = {"scenario": scenario, "assessment_id": assessment_id, "context_id": lease.context_id,
                "instance": lease.instance_id, "start": time.monotonic()}
        self.calls.append(call)
        async with httpx.AsyncClient() as http:  # the lease is a real, healthy UES
            assert (await http.get(lease.url + "/health")).status_code == 200
        self.started.set()
        await emit(ProgressUpdate(text="Turn 1 started.", type=ProgressType.TURN_STARTED,
                                  data={"scenario_id": scenario, "trial": 0, "turn": 1, "seed": 769669083}))
        if scenario == "boom":
            raise RuntimeError("boom")
        if scenario == "wait_cancel":
            await cancel.wait()
            return outcome(request, assessment_id, "Cancelled after 0 turns.", cancelled=True, seed=2**60,
                           status="cancelled", completion_reason="cancelled")
        if scenario == "ignore_cancel":
            await asyncio.sleep(60)
        if scenario == "slow":
            await asyncio.sleep(0.4)
        if scenario == "hold":
            await self.release.wait()
        call["end"] = time.monotonic()
        await emit(ProgressUpdate(text="Assessment completed.", type=ProgressType.ASSESSMENT_COMPLETED,
                                  data={"percentage": 100.0}))
        summary = json.dumps({"looks": "like a row"}) if scenario == "json_summary" else "1 trial: 100%."
        return outcome(request, assessment_id, summary, seed=2**60, duration_seconds=2.5)


@dataclass
class Green:
    url: str
    runner: PlumbingRunner


@pytest.fixture
async def green(tmp_path):
    runner = PlumbingRunner()
    settings = GreenSettings(data_dir=tmp_path / "data", pool_min_idle=0, pool_max_instances=3)
    async with serve(create_app(settings, runner, cancel_grace_s=1.0)) as url:
        yield Green(url, runner)


def kinds(events: list[dict[str, Any]]) -> list[str]:
    out = []
    for e in events:
        if e["kind"] == "status-update":
            out.append(e["status"]["state"])
        else:
            out.append(e["kind"])
    return out


async def test_completed_assessment_event_order_and_result_artifact(green):
    events = await stream_v03(green.url, v03_message(text=request("ok")))
    assert kinds(events) == ["task", "working", "working", "working", "artifact-update", "completed"]
    assert events[0]["status"]["state"] == "submitted"
    assert "Assessment accepted: ok" in status_text(events[1])
    started_parts = events[1]["status"]["message"]["parts"]
    assert [p["kind"] for p in started_parts] == ["text", "text"]  # the sentence, then the update as JSON text
    started = json.loads(started_parts[1]["text"])
    assert started["message_type"] == "update_assessment_started"
    assert started["trials"] == [{"scenario_id": "ok", "trial": 0, "seed": 0}]  # the plan, sent once
    assert started["participant"] == "personal_assistant" and started["participant_id"] is None
    progress = events[2]["status"]["message"]["parts"]
    assert progress[0] == {"kind": "text", "text": "Turn 1 started."}
    assert progress[1]["kind"] == "text"
    update = json.loads(progress[1]["text"])
    assert update == {"message_type": "update_turn_started", "scenario_id": "ok", "trial": 0, "turn": 1,
                      "seed": 769669083}
    # An A2A 0.3 client reads the same types as in the rows: a DataPart would have made these 0.0, 1.0, 769669083.0
    for name in ("trial", "turn", "seed"):
        assert type(update[name]) is int, name
    assert type(started["trials"][0]["seed"]) is int and type(started["trials"][0]["trial"]) is int
    done = json.loads(events[3]["status"]["message"]["parts"][1]["text"])
    assert done["message_type"] == "update_assessment_completed" and type(done["percentage"]) is float
    artifact = events[4]["artifact"]
    assert artifact["name"] == "Result"
    text, trial_part, summary_part = artifact["parts"]
    assert text == {"kind": "text", "text": "1 trial: 100%."}
    trial, summary = json.loads(trial_part["text"]), json.loads(summary_part["text"])
    assert trial["row_type"] == "trial" and trial["assessment_id"] == events[0]["id"]
    assert trial["seed"] == 2**60 and type(trial["trial"]) is int  # JSON text: integers stay exact integers
    assert summary["row_type"] == "summary"
    final_status(events)
    [call] = green.runner.calls
    assert call["assessment_id"] == events[0]["id"] and call["context_id"] == events[0]["contextId"]


async def test_json_looking_summary_is_kept_prose(green):
    events = await stream_v03(green.url, v03_message(text=request("json_summary")))
    text = next(e for e in events if e["kind"] == "artifact-update")["artifact"]["parts"][0]["text"]
    with pytest.raises(ValueError):
        json.loads(text)


async def test_runner_exception_fails_the_task_with_its_name(green):
    events = await stream_v03(green.url, v03_message(text=request("boom")))
    final = final_status(events)
    assert final["status"]["state"] == "failed"
    assert "RuntimeError: boom" in status_text(final)
    async with httpx.AsyncClient() as http:
        metrics = (await http.get(green.url + "/metrics")).text
    assert "green_assessments_failed_total 1.0" in metrics


async def test_cancel_attaches_partial_result_then_canceled(green):
    ctx = uuid.uuid4().hex
    stream = asyncio.create_task(stream_v03(green.url, v03_message(text=request("wait_cancel"), context_id=ctx)))
    await asyncio.wait_for(green.runner.started.wait(), 30)
    task_id = green.runner.calls[0]["assessment_id"]
    cancelled = await rpc(green.url, "tasks/cancel", {"id": task_id})
    assert cancelled["result"]["status"]["state"] == "canceled"
    events = await asyncio.wait_for(stream, 30)
    assert kinds(events)[-2:] == ["artifact-update", "canceled"]
    final_status(events)
    stored = (await rpc(green.url, "tasks/get", {"id": task_id}))["result"]
    assert stored["status"]["state"] == "canceled"
    assert json.loads(stored["artifacts"][0]["parts"][1]["text"])["status"] == "cancelled"
    again = await rpc(green.url, "tasks/cancel", {"id": task_id})
    assert "error" in again  # a terminal task is not cancelable: still exactly one terminal state


async def test_cancel_of_a_runner_that_ignores_it(green):
    stream = asyncio.create_task(stream_v03(green.url, v03_message(text=request("ignore_cancel"))))
    await asyncio.wait_for(green.runner.started.wait(), 30)
    task_id = green.runner.calls[0]["assessment_id"]
    started = time.monotonic()
    await rpc(green.url, "tasks/cancel", {"id": task_id})
    assert time.monotonic() - started < 10  # the grace period, not the runner's 60 s
    events = await asyncio.wait_for(stream, 30)
    assert final_status(events)["status"]["state"] == "canceled"
    assert "artifact-update" not in kinds(events)
    stored = (await rpc(green.url, "tasks/get", {"id": task_id}))["result"]
    assert stored["status"]["state"] == "canceled" and not stored.get("artifacts")


async def test_one_assessment_per_context_at_a_time(green):
    ctx = uuid.uuid4().hex
    results = await asyncio.gather(*(stream_v03(green.url, v03_message(text=request("slow"), context_id=ctx))
                                     for _ in range(2)))
    assert all(final_status(events)["status"]["state"] == "completed" for events in results)
    first, second = sorted(green.runner.calls, key=lambda c: c["start"])
    assert second["start"] >= first["end"]  # the second waited for the first
    assert first["instance"] == second["instance"]  # and got the context's same world


async def test_cancel_while_waiting_for_the_context(green):
    ctx = uuid.uuid4().hex
    first = asyncio.create_task(stream_v03(green.url, v03_message(text=request("hold"), context_id=ctx)))
    await asyncio.wait_for(green.runner.started.wait(), 30)
    second = asyncio.create_task(stream_v03(green.url, v03_message(text=request("ok"), context_id=ctx)))
    for _ in range(200):  # wait until the second task exists (it is queued behind the first)
        listed = await rpc(green.url, "ListTasks", {"contextId": ctx}, version="1.0")
        waiting = [t for t in listed["result"]["tasks"] if t["id"] != green.runner.calls[0]["assessment_id"]]
        if waiting and waiting[0]["status"]["state"] == "TASK_STATE_WORKING":
            break
        await asyncio.sleep(0.05)
    await rpc(green.url, "tasks/cancel", {"id": waiting[0]["id"]})
    second_events = await asyncio.wait_for(second, 30)
    assert final_status(second_events)["status"]["state"] == "canceled"
    assert len(green.runner.calls) == 1  # the cancelled one never ran
    green.runner.release.set()
    assert final_status(await asyncio.wait_for(first, 30))["status"]["state"] == "completed"


async def test_a2a_10_client_with_a_data_part_request(green):
    """The request as a DataPart, sent by an A2A 1.0 client (our PurpleLink speaks to any A2A agent)."""
    payload = json.loads(request("ok"))
    async with PurpleLink(green.url, "ctx-" + uuid.uuid4().hex) as link:
        reply = await link.send(payload, timeout_s=60)
    assert link.protocol_version == "1.0"
    assert reply.state == "TASK_STATE_COMPLETED"
    [artifact] = reply.task.artifacts
    assert artifact.name == "Result" and len(artifact.parts) == 3
    assert reply.first_object()["row_type"] == "trial"


async def test_metrics_after_a_completed_assessment(green):
    await stream_v03(green.url, v03_message(text=request("ok")))
    async with httpx.AsyncClient() as http:
        text = (await http.get(green.url + "/metrics")).text
        health = (await http.get(green.url + "/healthz")).json()
    assert "green_assessments_started_total 1.0" in text
    assert "green_assessments_completed_total 1.0" in text
    assert 'green_trials_total{status="completed"} 1.0' in text
    assert "green_trial_duration_seconds_count 1.0" in text
    # The finished assessment gave its world back: nothing leased, the world wiped and idle for the next one.
    assert "green_pool_leased_instances 0.0" in text and "green_pool_idle_instances 1.0" in text
    assert health["pool"]["leased"] == 0 and health["pool"]["idle"] == 1
