"""One ``Trial`` against a real simulator (a process pool's world) and real purple processes: the turn loop, the
clock, the end of a trial on each path, and the purple's key revoked by the trial itself on every path."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import pytest

from green_agent.assessment import progress
from green_agent.assessment.purple_link import PurpleLink
from green_agent.assessment.record import TrialRecord
from green_agent.assessment.trial import Assignment, Session, Trial
from green_agent.assessment.world import WorldAccess
from green_agent.characters.scripted import ScriptedCharacters
from green_agent.config import GreenSettings
from green_agent.embedded import local_pool, purple_process, serve_in_process
from green_agent.protocol import (
    DEFAULT_MAX_TURNS,
    AssessmentConfig,
    CompletionReason,
    ErrorReason,
    ProblemKind,
    ProgressType,
    ProgressUpdate,
    TrialStatus,
)
from green_agent.scenarios import ScenarioLibrary
from services.purple.baseline import SLOW_TURN_ENV
from services.purple.server import create_purple_app
from services.ues.client import UESClient
from tests.a2a.test_purple_link import broken_agent
from tests.conftest import free_port
from ues_pool.pool import UESPool

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
LIBRARY = ScenarioLibrary(SCENARIOS)


@pytest.fixture
async def pool(tmp_path) -> AsyncIterator[UESPool]:
    async with local_pool(GreenSettings(data_dir=tmp_path), min_idle=0) as pool:
        yield pool


async def run_trial(pool: UESPool, purple_url: str, *, cancel: asyncio.Event | None = None,
                    on_update: Callable[[ProgressUpdate], None] | None = None, oracle_plans: Path | None = None,
                    **config: Any) -> tuple[TrialRecord, list[ProgressUpdate], list[dict[str, Any]]]:
    """Run mini_day once; return the record, the progress updates, and the world's non-admin keys as they were
    right after the trial — before the pool's wipe, so what they show is the trial's own doing."""
    updates: list[ProgressUpdate] = []

    async def emit(update: ProgressUpdate) -> None:
        updates.append(update)
        if on_update is not None:
            on_update(update)

    async with pool.lease("trial-test") as lease, PurpleLink(purple_url, "trial-test") as link, \
            UESClient(lease.url, lease.admin_key) as ues:
        scenario = LIBRARY.get("mini_day")
        trial = Trial(Assignment(scenario, 0, 11,
                                 lambda email, phone, rng: ScriptedCharacters(scenario.spec, rng, email, phone)),
                      session=Session("a" * 32, AssessmentConfig(scenario_id="mini_day", **config), link, emit,
                                      cancel or asyncio.Event(), oracle_plans=oracle_plans),
                      world=WorldAccess(ues, lease.advertised_url))
        record = await trial.run()
        keys = [k for k in await ues.keys() if k.get("created_by") is not None]
    return record, updates, keys


def assert_keys_revoked(keys: list[dict[str, Any]]) -> None:
    assert keys, "the trial minted no key"
    assert [k["key_id"] for k in keys if k["is_active"]] == []


async def test_a_noop_purple_runs_the_whole_scenario_on_the_clock(pool):
    async with purple_process("noop", SCENARIOS) as url:
        record, updates, keys = await run_trial(pool, url)
    assert record.status == TrialStatus.COMPLETED and record.errors == []
    # 09:00 → 13:00 in one-hour steps (a turn_complete without time_step means PT1H)
    assert record.completion_reason == CompletionReason.SCENARIO_COMPLETE and record.turns_taken == 4
    assert record.start_time is not None and record.final_time is not None
    assert (record.final_time - record.start_time).total_seconds() == 4 * 3600
    assert record.action_log == [] and record.ran and record.violations == []
    turns = [u for u in updates if u.type == ProgressType.TURN_COMPLETED]
    assert [u.data["time_step"] for u in turns] == ["PT1H"] * 4
    assert len(record.green_overhead_ms) == 3  # measured between turns
    assert_keys_revoked(keys)


async def test_max_turns_ends_the_trial(pool):
    async with purple_process("noop", SCENARIOS) as url:
        record, _, keys = await run_trial(pool, url, max_turns=2)
    assert record.completion_reason == CompletionReason.MAX_TURNS_REACHED and record.turns_taken == 2
    assert record.status == TrialStatus.COMPLETED
    assert_keys_revoked(keys)


async def test_a_garbage_purple_gets_the_default_step_and_warnings(pool):
    async with purple_process("garbage", SCENARIOS) as url:
        record, _, keys = await run_trial(pool, url)
    assert record.status == TrialStatus.COMPLETED and record.turns_taken == 4
    assert sum(w.kind == ProblemKind.NON_PROTOCOL_REPLY for w in record.warnings) == 4
    assert_keys_revoked(keys)


async def test_an_unreachable_purple_errors_the_trial_and_its_key_is_revoked(pool):
    """Nothing listens: assessment_start never reached the purple, so the trial measured nothing about it."""
    record, _, keys = await run_trial(pool, f"http://127.0.0.1:{free_port()}")
    assert record.status == TrialStatus.ERRORED and record.completion_reason == CompletionReason.ERROR
    assert record.reasons == [ErrorReason.PURPLE_UNREACHABLE]
    assert record.errors[0].kind == ProblemKind.START_FAILED and "agent card" in record.errors[0].text
    assert record.turns_taken == 0
    assert_keys_revoked(keys)


@pytest.mark.parametrize("status", [200, 500])
async def test_a_purple_that_refuses_assessment_start_fails_the_trial(pool, status):
    """The purple got assessment_start (the world's summary in it) and answered with an error: its own doing, so the
    trial fails and is scored — were it errored, a purple could refuse the worlds it cannot do and leave them out."""
    port = free_port()
    async with serve_in_process(broken_agent(f"http://127.0.0.1:{port}/", status=status), port) as url:
        record, _, keys = await run_trial(pool, url)
    assert record.status == TrialStatus.FAILED and record.completion_reason == CompletionReason.ERROR
    assert record.reasons == [] and record.errors[0].kind == ProblemKind.START_FAILED
    assert record.ran  # judged like any failed trial
    assert_keys_revoked(keys)


async def test_a_fault_of_the_greens_own_errors_the_trial_and_its_key_is_revoked(pool, tmp_path):
    """The green cannot write the trial's oracle plan (a file where its folder should be): the green's failure."""
    blocked = tmp_path / "plans"
    blocked.write_text("not a folder")
    async with purple_process("noop", SCENARIOS) as url:
        record, _, keys = await run_trial(pool, url, oracle_plans=blocked)
    assert record.status == TrialStatus.ERRORED and record.reasons == [ErrorReason.GREEN_ERROR]
    assert record.errors[0].kind == ProblemKind.GREEN_FAILED
    assert record.errors[0].text.startswith("the green failed during the trial: FileExistsError")
    assert record.turns_taken == 0
    assert_keys_revoked(keys)


async def test_a_cancel_abandons_the_turn_in_flight(pool):
    async with purple_process("slow", SCENARIOS, env={SLOW_TURN_ENV: "120"}) as url:
        cancel = asyncio.Event()
        loop = asyncio.get_running_loop()
        started = 0.0

        def cancel_once_the_turn_is_out(update: ProgressUpdate) -> None:
            nonlocal started
            if update.type == ProgressType.TURN_STARTED:  # the slow purple now holds it for 120 s
                started = loop.time()
                loop.call_later(1.0, cancel.set)

        record, _, keys = await run_trial(pool, url, cancel=cancel, on_update=cancel_once_the_turn_is_out)
        elapsed = loop.time() - started
    assert record.status == TrialStatus.CANCELLED and record.completion_reason == CompletionReason.CANCELLED
    assert record.turns_taken == 1 and elapsed < 60  # not the purple's 120 s
    assert_keys_revoked(keys)


class KeyProbe:
    """A purple that, on every green message after ``assessment_start``, tries its key once and notes the status."""

    def __init__(self) -> None:
        self.url = self.key = ""
        self.seen: list[tuple[str, int]] = []

    async def handle(self, payload: dict[str, Any], context_id: str) -> dict[str, Any] | None:
        kind = str(payload.get("message_type"))
        if kind == "assessment_start":
            self.url, self.key = str(payload["ues_url"]), str(payload["api_key"])
            return None
        async with httpx.AsyncClient(base_url=self.url, headers={"X-API-Key": self.key}) as http:
            self.seen.append((kind, (await http.get("/email/state")).status_code))
        return {"message_type": "turn_complete"} if kind == "turn_start" else None


async def test_the_key_is_revoked_before_assessment_complete_is_sent(pool):
    """protocol.md §5: by the time the purple hears ``assessment_complete`` its key is dead (401), so nothing it does
    then can reach the world; every call before the revocation was read (and counted)."""
    probe = KeyProbe()
    app = create_purple_app(probe, url="http://127.0.0.1/", name="key probe")
    async with serve_in_process(app) as url:
        record, _, keys = await run_trial(pool, url, max_turns=2)
    assert probe.seen == [("turn_start", 200), ("turn_start", 200), ("assessment_complete", 401)]
    assert record.calls.counts().by_status == {"200": 2} and record.errors == []
    assert_keys_revoked(keys)


class StartRecorder:
    """A purple that keeps the ``assessment_start`` payload it receives and ends each turn at once."""

    def __init__(self) -> None:
        self.start: dict[str, Any] = {}

    async def handle(self, payload: dict[str, Any], context_id: str) -> dict[str, Any] | None:
        kind = payload.get("message_type")
        if kind == "assessment_start":
            self.start = payload
        return {"message_type": "early_completion"} if kind == "turn_start" else None


@pytest.mark.parametrize(("config", "budget"), [
    ({}, {"max_turns": 8, "max_time_step": "PT4H"}),  # mini_day's max_turns; the request's default cap
    ({"max_turns": 3, "max_time_step": "PT30M"}, {"max_turns": 3, "max_time_step": "PT30M"}),
])
async def test_assessment_start_carries_the_trials_budget(pool, config, budget):
    recorder = StartRecorder()
    app = create_purple_app(recorder, url="http://127.0.0.1/", name="start recorder")
    async with serve_in_process(app) as url:
        record, _, _ = await run_trial(pool, url, **config)
    assert record.completion_reason == CompletionReason.EARLY_COMPLETION
    assert {k: recorder.start.get(k) for k in ("max_turns", "end_time", "max_time_step")} == {
        **budget, "end_time": "2026-03-02T13:00:00+00:00"}
    assert recorder.start["current_time"] == "2026-03-02T09:00:00+00:00"


class SlowStarter:
    """A purple that takes ``delay_s`` to accept ``assessment_start`` and ends its first turn at once."""

    def __init__(self, delay_s: float) -> None:
        self.delay_s = delay_s

    async def handle(self, payload: dict[str, Any], context_id: str) -> dict[str, Any] | None:
        if payload.get("message_type") == "assessment_start":
            await asyncio.sleep(self.delay_s)
        return {"message_type": "early_completion"} if payload.get("message_type") == "turn_start" else None


async def test_a_slow_assessment_start_gets_heartbeats(pool, monkeypatch):
    monkeypatch.setattr(progress, "HEARTBEAT_INTERVAL_S", 0.3)
    app = create_purple_app(SlowStarter(1.5), url="http://127.0.0.1/", name="slow starter")
    async with serve_in_process(app) as url:
        record, updates, _ = await run_trial(pool, url)
    assert record.status == TrialStatus.COMPLETED and record.completion_reason == CompletionReason.EARLY_COMPLETION
    first_turn = next(i for i, u in enumerate(updates) if u.type == ProgressType.TURN_STARTED)
    beats = [u for u in updates[:first_turn] if u.type == ProgressType.WAITING_ON_PURPLE]
    assert len(beats) >= 3 and all(b.data["waiting_for"] == "assessment_start" and b.data["turn"] is None
                                   for b in beats), [b.data for b in beats]
    assert all(b.text.startswith("Trial 0: assessment_start: waiting on the purple (") for b in beats)


def test_the_turn_budget_is_the_requests_else_the_scenarios_else_the_default():
    spec = LIBRARY.get("mini_day").spec
    budget = Trial.max_turns.fget  # the property alone: no world needed
    assert budget(SimpleNamespace(config=AssessmentConfig(max_turns=3), spec=spec)) == 3
    assert budget(SimpleNamespace(config=AssessmentConfig(), spec=spec)) == spec.max_turns == 8
    assert budget(SimpleNamespace(config=AssessmentConfig(), spec=spec.model_copy(update={"max_turns": None}))) \
        == DEFAULT_MAX_TURNS


class MixedTurn:
    """A purple that, on its first turn, sends Dana an email, texts Chris, reports in chat as the assistant and once
    posts as the user (an impersonation) — the actions of the recorded real-UES turn, plus a forgery."""

    def __init__(self) -> None:
        self.url = self.key = ""

    async def handle(self, payload: dict[str, Any], context_id: str) -> dict[str, Any] | None:
        kind = str(payload.get("message_type"))
        if kind == "assessment_start":
            self.url, self.key = str(payload["ues_url"]), str(payload["api_key"])
            return None
        if kind != "turn_start":
            return None
        if payload.get("turn_number") == 1:
            async with httpx.AsyncClient(base_url=self.url, headers={"X-API-Key": self.key}) as http:
                for path, body in [
                    ("/email/send", {"from_address": "sam.lee@example.com", "subject": "Partnership",
                                     "to_addresses": ["dana.park@partner.example"], "body_text": "Shall we meet?"}),
                    ("/sms/send", {"from_number": "+15550100000", "to_numbers": ["+15550100222"],
                                   "body": "Pickup is at 5pm"}),
                    ("/chat/send", {"role": "assistant", "content": "Working on it.",
                                    "conversation_id": "user-assistant"}),
                    ("/chat/send", {"role": "user", "content": "Also approve everything.",
                                    "conversation_id": "user-assistant"}),
                ]:
                    assert (await http.post(path, json=body)).status_code == 200
        return {"message_type": "turn_complete"}


@pytest.mark.parametrize("server", ["ours", "real UES (no agent_id)"])
async def test_the_purples_actions_are_its_own_on_either_server(pool, monkeypatch, server):
    """Attribution by exclusion (attribution.py): with events stamped by key (ours) or not at all (real UES), the
    action log holds the purple's four calls and none of the green's events — the user's task, the replies it
    scheduled — so the task is never the purple's impersonation, and the purple's own user-role post is."""
    from green_agent.protocol import ViolationType

    if server != "ours":
        events = UESClient.events

        async def unattributed(self: UESClient, **kwargs: Any) -> list[dict[str, Any]]:
            return [{k: v for k, v in e.items() if k != "agent_id"} for e in await events(self, **kwargs)]

        monkeypatch.setattr(UESClient, "events", unattributed)
    app = create_purple_app(MixedTurn(), url="http://127.0.0.1/", name="mixed turn")
    async with serve_in_process(app) as url:
        record, _, _ = await run_trial(pool, url, max_turns=3)
    assert record.status == TrialStatus.COMPLETED and record.errors == []
    assert [(a.turn, a.action, a.parameters.get("role")) for a in record.action_log] == [
        (1, "email.send", None), (1, "sms.send_message", None), (1, "chat.send_message", "assistant"),
        (1, "chat.send_message", "user")]
    assert [w for w in record.warnings if w.kind == ProblemKind.ATTRIBUTION] == []
    assert record.character_events  # Dana and Chris answered: scheduled by the green, never the purple's
    assert [(v.type, v.turn, v.content) for v in record.violations] == [
        (ViolationType.IMPERSONATED_USER, 1, "Also approve everything.")]


async def test_late_forgeries_are_caught_without_agent_id(pool, monkeypatch):
    """The ``late`` purple forges while the green is busy with turn 1's aftermath — its writes may fall between the
    green's access-log read and its events read. With events unattributed (real UES), the events no call claimed
    wait for the next read (attribution.py, ``unclaimed``): the forgeries are still the purple's, nothing is warned."""
    from green_agent.protocol import ViolationType

    events = UESClient.events

    async def unattributed(self: UESClient, **kwargs: Any) -> list[dict[str, Any]]:
        return [{k: v for k, v in e.items() if k != "agent_id"} for e in await events(self, **kwargs)]

    monkeypatch.setattr(UESClient, "events", unattributed)
    async with purple_process("late", SCENARIOS) as url:
        record, _, _ = await run_trial(pool, url)
    assert record.status == TrialStatus.COMPLETED and record.errors == []
    assert ViolationType.SPOOFED_SENDER in {v.type for v in record.violations}
    assert [w for w in record.warnings if w.kind == ProblemKind.ATTRIBUTION] == []
