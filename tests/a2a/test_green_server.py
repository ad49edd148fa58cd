"""The green's A2A surface over real HTTP: agent card (1.0 + 0.3), /healthz, /metrics, rejections read the way
the AgentBeats gateway reads them (A2A 0.3 ``message/stream``), and tasks surviving a restart."""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from green_agent.assessment.outcome import Outcome
from green_agent.assessment.runner import PlannedTrial
from green_agent.config import GreenSettings
from green_agent.protocol import AssessmentRequest
from green_agent.server import SKILL_ID, create_app
from tests.a2a.conftest import final_status, rpc, serve, status_text, stream_v03, v03_message
from tests.a2a.plumbing import outcome
from tests.conftest import free_port

GOOD = {"participants": {"personal_assistant": "http://127.0.0.1:9/"}, "config": {"scenario_id": "demo"}}


class PlumbingRunner:
    """TEST-ONLY ``AssessmentRunner``, to test the server's plumbing (persistence and artifact shape) without running
    a real assessment: one completed trial row and its summary."""

    def plan(self, request: AssessmentRequest) -> list[PlannedTrial]:
        return [PlannedTrial(request.config.scenario_id or "", 0, 0)]

    async def run(self, request, work, *, assessment_id, lease, emit, cancel) -> Outcome:
        return outcome(request, assessment_id, "1 trial finished: 100%.")


plumbing_runner = PlumbingRunner()


def settings_for(tmp_path: Path, **overrides: Any) -> GreenSettings:
    return GreenSettings(data_dir=tmp_path / "data", pool_min_idle=0, pool_max_instances=2, **overrides)


@pytest.fixture
async def green(tmp_path):
    port = free_port()
    card_url = f"http://127.0.0.1:{port}/"
    async with serve(create_app(settings_for(tmp_path), plumbing_runner, card_url=card_url), port) as url:
        yield url


# ------------------------------------------------------------------------------------------------ card, health
async def test_agent_card_has_both_interfaces_and_the_03_fields(green):
    async with httpx.AsyncClient() as http:
        card = (await http.get(green + "/.well-known/agent-card.json")).json()
    url = green + "/"
    assert card["name"] and card["description"] and card["version"]
    assert card["capabilities"]["streaming"] is True
    assert card["defaultInputModes"] == ["text"] and card["defaultOutputModes"] == ["text"]
    assert sorted((i["protocolVersion"], i["url"], i["protocolBinding"]) for i in card["supportedInterfaces"]) == \
        [("0.3", url, "JSONRPC"), ("1.0", url, "JSONRPC")]
    # the A2A 0.3 view of the same card
    assert card["url"] == url and card["preferredTransport"] == "JSONRPC" and card["protocolVersion"] == "0.3"
    [skill] = card["skills"]
    assert skill["id"] == SKILL_ID
    example = json.loads(skill["examples"][0])
    assert "personal_assistant" in example["participants"] and "scenario_id" in example["config"]
    # The published world: the one every baseline, the oracle included, plays without the green's plans directory.
    assert example["config"]["seed"] == 0


async def test_healthz_reports_the_pool(green):
    async with httpx.AsyncClient() as http:
        body = (await http.get(green + "/healthz")).json()
    assert body["status"] == "ok"
    assert body["pool"]["backend"] == "process" and body["pool"]["leased"] == 0


async def test_metrics_count_rejections_and_show_the_pool(green):
    await stream_v03(green, v03_message(text="nope"))
    async with httpx.AsyncClient() as http:
        response = await http.get(green + "/metrics")
    assert response.headers["content-type"].startswith("text/plain")
    text = response.text
    assert "green_assessments_rejected_total 1.0" in text
    assert "green_assessments_started_total 0.0" in text
    for name in ("green_assessments_completed_total", "green_assessments_failed_total",
                 "green_trial_duration_seconds_bucket", "green_pool_idle_instances", "green_pool_leased_instances"):
        assert name in text


# ------------------------------------------------------------------------------------------------ rejections
async def test_gateway_style_bad_request_is_rejected_with_a_field_naming_message(green):
    bad = json.dumps({"participants": {}, "config": {"scenario_id": "demo"}})
    events = await stream_v03(green, v03_message(text=bad))
    assert events[0]["kind"] == "task"  # the Task comes first
    final = final_status(events)
    assert final["status"]["state"] == "rejected" and final["final"] is True
    text = status_text(final)
    assert "participants" in text
    with pytest.raises(ValueError):
        json.loads(text)  # plain language, not a JSON row
    assert not any(e.get("kind") == "artifact-update" for e in events)


BAD_REQUESTS = {
    "not_json": ("this is not json", "not valid JSON"),
    "not_an_object": ("[1, 2, 3]", "must be a JSON object"),
    "no_participants": (json.dumps({"config": {"scenario_id": "demo"}}), "participants: required"),
    "bad_url": (json.dumps({"participants": {"personal_assistant": "ftp://purple"}, "config": {"scenario_id": "x"}}),
                "participants.personal_assistant: not an http(s) URL"),
    "two_roles_no_pa": (json.dumps({"participants": {"a": "http://a:1", "b": "http://b:1"},
                                    "config": {"scenario_id": "x"}}), "none is 'personal_assistant'"),
    "no_config": (json.dumps({"participants": {"personal_assistant": "http://p:1"}}), "config: required"),
    "wrong_type_trials": (json.dumps({**GOOD, "config": {"scenario_id": "x", "trials": "many"}}), "config.trials"),
    "fractional_turns": (json.dumps({**GOOD, "config": {"scenario_id": "x", "max_turns": 2.5}}), "config.max_turns"),
    "no_scenario": (json.dumps({**GOOD, "config": {"trials": 2}}), "scenario_id"),
    "two_megabytes": (json.dumps({**GOOD, "padding": "x" * (2 * 1024 * 1024)}), "too large"),
}


@pytest.mark.parametrize("case", sorted(BAD_REQUESTS))
async def test_bad_request_corpus_is_rejected_clearly(green, case):
    text, expected = BAD_REQUESTS[case]
    events = await stream_v03(green, v03_message(text=text))
    final = final_status(events)
    assert final["status"]["state"] == "rejected"
    assert expected in status_text(final), status_text(final)


async def test_bad_request_in_a_data_part_is_rejected_too(green):
    events = await stream_v03(green, v03_message(data={**GOOD, "config": {"scenario_id": "x", "seed": "seven"}}))
    final = final_status(events)
    assert final["status"]["state"] == "rejected" and "config.seed" in status_text(final)


async def test_message_without_text_or_data_is_rejected(green):
    message = v03_message()
    message["parts"] = [{"kind": "file", "file": {"uri": "http://x/y.json", "mimeType": "application/json"}}]
    final = final_status(await stream_v03(green, message))
    assert final["status"]["state"] == "rejected" and "no text or data part" in status_text(final)


# ------------------------------------------------------------------------------------------------ persistence
async def test_finished_tasks_survive_a_restart(tmp_path):
    settings = settings_for(tmp_path)
    async with serve(create_app(settings, plumbing_runner)) as url:
        rejected = await stream_v03(url, v03_message(text="{oops"))
        done = await stream_v03(url, v03_message(text=json.dumps(GOOD)))
    rejected_id, done_id = rejected[0]["id"], done[0]["id"]
    assert final_status(done)["status"]["state"] == "completed"
    assert (settings.data_dir / "tasks.db").exists()

    async with serve(create_app(settings, plumbing_runner)) as url:  # a new app on the same database
        old = (await rpc(url, "tasks/get", {"id": rejected_id}))["result"]
        assert old["status"]["state"] == "rejected" and "not valid JSON" in status_text(old)
        finished = (await rpc(url, "tasks/get", {"id": done_id}))["result"]
        assert finished["status"]["state"] == "completed"
        [artifact] = finished["artifacts"]
        assert artifact["name"] == "Result"
        assert [p["kind"] for p in artifact["parts"]] == ["text", "text", "text"]
        assert json.loads(artifact["parts"][1]["text"])["assessment_id"] == done_id
        # the same through the A2A 1.0 method
        v1 = (await rpc(url, "GetTask", {"id": done_id}, version="1.0"))["result"]
        assert v1["status"]["state"] == "TASK_STATE_COMPLETED" and v1["artifacts"][0]["name"] == "Result"
        missing = await rpc(url, "tasks/get", {"id": "no-such-task"})
        assert "error" in missing


async def test_task_db_url_setting_is_used(tmp_path):
    db = tmp_path / "elsewhere" / "green-tasks.sqlite"
    settings = settings_for(tmp_path, task_db_url=f"sqlite+aiosqlite:///{db}")
    async with serve(create_app(settings, plumbing_runner)) as url:
        await stream_v03(url, v03_message(text="nope"))
    assert db.exists() and not (settings.data_dir / "tasks.db").exists()


async def test_tasks_interrupted_by_a_restart_end_failed(tmp_path):
    settings = settings_for(tmp_path)
    started = asyncio.Event()

    class HangingRunner(PlumbingRunner):
        """TEST-ONLY runner: never finishes, so the server stops while the assessment is running."""

        async def run(self, request, work, *, assessment_id, lease, emit, cancel) -> Outcome:
            started.set()
            await asyncio.sleep(3600)
            raise AssertionError("unreachable")

    async with serve(create_app(settings, HangingRunner())) as url:
        stream = asyncio.create_task(stream_v03(url, v03_message(text=json.dumps(GOOD))))
        await asyncio.wait_for(started.wait(), 30)
        task_id = (await rpc(url, "ListTasks", {}, version="1.0"))["result"]["tasks"][0]["id"]
        stream.cancel()  # the client goes away; then the server stops with the assessment still running
        with contextlib.suppress(asyncio.CancelledError):
            await stream

    async with serve(create_app(settings, plumbing_runner)) as url:
        task = (await rpc(url, "tasks/get", {"id": task_id}))["result"]
    assert task["status"]["state"] == "failed"
    assert "stopped while this assessment was running" in status_text(task)


async def test_oversized_body_is_refused_before_it_is_read(tmp_path):
    """Beyond 8 MiB the green answers 413 at once instead of buffering the body (2 MB still gets an A2A
    rejection, see the bad-request corpus)."""
    import httpx

    from green_agent.config import GreenSettings
    from green_agent.server import MAX_BODY_BYTES, create_app

    app = create_app(GreenSettings(data_dir=tmp_path, ues_backend="process", pool_min_idle=0))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://green") as client:
        r = await client.post("/", content=b"x" * (MAX_BODY_BYTES + 1), headers={"content-type": "application/json"})
        assert r.status_code == 413 and "too large" in r.json()["detail"]
        assert (await client.get("/healthz")).status_code == 200


async def test_an_oversized_chunked_body_is_413_not_a_json_rpc_error(tmp_path):
    """Without Content-Length the limit trips while the JSON-RPC layer reads the body; its answer to that (-32603
    with a traceback) must not reach the caller: the answer is 413."""
    from green_agent.server import MAX_BODY_BYTES

    app = create_app(GreenSettings(data_dir=tmp_path, ues_backend="process", pool_min_idle=0))
    chunk = b" " * (1024 * 1024)

    async def chunks():
        yield b'{"jsonrpc": "2.0", "id": 1, "method": "message/send", "params": {"x": "'
        for _ in range(MAX_BODY_BYTES // len(chunk) + 1):
            yield chunk
        yield b'"}}'

    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://green") as client:
        r = await client.post("/", content=chunks(), headers={"content-type": "application/json"})
        assert r.status_code == 413, r.text[:300]
        assert "too large" in r.json()["detail"] and "Traceback" not in r.text
        assert (await client.get("/healthz")).status_code == 200


async def test_finished_tasks_survive_a_restart_on_postgresql(tmp_path):
    """GREEN_TASK_DB_URL pointing at PostgreSQL: the same persistence, in a fresh database per test.

    Needs a server: CI starts one (deploy/postgres-for-tests.sh) and sets GREEN_REQUIRE_POSTGRES=1, which turns
    the skip below into a failure."""
    import os
    import uuid

    import asyncpg
    from sqlalchemy.engine import make_url

    base = os.environ.get("GREEN_TEST_POSTGRES_URL")
    if not base:
        if os.environ.get("GREEN_REQUIRE_POSTGRES") == "1":
            pytest.fail("GREEN_REQUIRE_POSTGRES=1 but GREEN_TEST_POSTGRES_URL is not set")
        pytest.skip("no PostgreSQL server: set GREEN_TEST_POSTGRES_URL (deploy/postgres-for-tests.sh prints one)")
    url = make_url(base)
    admin_dsn = url.set(drivername="postgresql").render_as_string(hide_password=False)
    name = f"green_test_{uuid.uuid4().hex[:10]}"
    admin = await asyncpg.connect(admin_dsn)
    await admin.execute(f'CREATE DATABASE "{name}"')
    try:
        settings = settings_for(tmp_path, task_db_url=url.set(database=name).render_as_string(hide_password=False))
        async with serve(create_app(settings, plumbing_runner)) as green_url:
            rejected = await stream_v03(green_url, v03_message(text="{oops"))
            done = await stream_v03(green_url, v03_message(text=json.dumps(GOOD)))
        assert not (settings.data_dir / "tasks.db").exists()
        async with serve(create_app(settings, plumbing_runner)) as green_url:
            old = (await rpc(green_url, "tasks/get", {"id": rejected[0]["id"]}))["result"]
            assert old["status"]["state"] == "rejected" and "not valid JSON" in status_text(old)
            finished = (await rpc(green_url, "tasks/get", {"id": done[0]["id"]}))["result"]
            assert finished["status"]["state"] == "completed" and finished["artifacts"][0]["name"] == "Result"
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()
