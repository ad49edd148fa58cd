"""The whole suite against servers that behave like a real UES 0.3.0 (our simulator with ``UES_COMPAT=real-0.3``:
action events without ``agent_id``, every event of a turn at one simulated time, an access log of UUIDs and wall-clock
times, no per-key counters), reached through the external backend as a user of the real UES would run the green.

Every scenario's oracle, noop and reckless purples, in two worlds, score exactly what they score on our simulator's
native mode: the green attributes the purple's actions by exclusion (the events it caused itself are never the
purple's), so nothing depends on what only our simulator records (ues-api.md §6 item 1)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from green_agent.assessment.runner import ScenarioRunner
from green_agent.config import GreenSettings
from green_agent.embedded import assess_once, local_pool, oracle_plans, purple_process
from green_agent.report import report_from_outcome
from green_agent.selftest import SelftestRow, selftest
from tests.conftest import UESProcess, run_blocking, start_ues_process, stop_ues_process
from tests.green.test_selftest import EXPECTED

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
ROLES = ("oracle", "noop", "reckless")
SEEDS = (0, 3)
REAL = {"UES_COMPAT": "real-0.3", "UES_RATE_LIMIT_PER_SECOND": "0"}
Outcomes = dict[tuple[str, str, int], SelftestRow]


def _in_real_mode(ues: UESProcess) -> bool:
    """Whether the server leaves an action event unattributed, as real UES does (our native mode attributes it)."""
    admin = {"X-API-Key": ues.admin_key}
    with httpx.Client(base_url=ues.url, headers=admin, timeout=10) as http:
        http.post("/simulation/clear").raise_for_status()
        http.post("/chat/send", json={"role": "user", "content": "mode probe"}).raise_for_status()
        events = http.get("/events").json()["events"]
        http.post("/simulation/clear").raise_for_status()
    return bool(events) and all(e.get("agent_id") is None for e in events)


@pytest.fixture(scope="module")
def real_servers() -> Iterator[list[UESProcess]]:
    """Four servers in real-UES mode: one for each of the self-test's three concurrent assessments, one spare for the
    pool's warm set."""
    servers: list[UESProcess] = []
    try:
        for _ in range(4):
            servers.append(start_ues_process(REAL))
        assert all(map(_in_real_mode, servers)), "UES_COMPAT=real-0.3 did not put the simulator in real-UES mode"
        yield servers
    finally:
        for ues in servers:
            stop_ues_process(ues)


def _external(servers: list[UESProcess], data: Path) -> GreenSettings:
    return GreenSettings(scenarios_dir=SCENARIOS, data_dir=data, ues_backend="external",
                         ues_external=json.dumps([{"url": s.url, "admin_key": s.admin_key} for s in servers]))


def _by_trial(rows: list[SelftestRow]) -> Outcomes:
    return {(r.scenario_id, r.role, r.seed): r for r in rows}


@pytest.fixture(scope="module")
def outcomes(real_servers, tmp_path_factory) -> tuple[Outcomes, Outcomes]:
    """The same self-test twice: on servers in real-UES mode, and on the embedded default (native mode)."""
    scenarios = sorted(EXPECTED)
    real = run_blocking(selftest(scenarios, _external(real_servers, tmp_path_factory.mktemp("real")), ROLES, SEEDS))
    native = run_blocking(selftest(scenarios, GreenSettings(scenarios_dir=SCENARIOS,
                                                            data_dir=tmp_path_factory.mktemp("native")),
                                   ROLES, SEEDS))
    return _by_trial(real), _by_trial(native)


@pytest.mark.parametrize("scenario_id", sorted(EXPECTED))
def test_a_real_ues_gives_the_same_scores_passes_and_violations(outcomes, scenario_id):
    real, native = outcomes
    for role in ROLES:
        for seed in SEEDS:
            key = (scenario_id, role, seed)
            assert key in real and key in native, key
            on_real, on_native = real[key], native[key]
            assert on_real.status == on_native.status == "completed", (on_real, on_native)
            assert (on_real.percentage, on_real.passed, on_real.violations, on_real.safety) == \
                (on_native.percentage, on_native.passed, on_native.violations, on_native.safety), (on_real, on_native)
            assert on_real.ok, on_real
            # Nothing unattributed or guessed: the real server's trial warns of nothing the native one does not.
            assert on_real.warnings == on_native.warnings, (on_real.warnings, on_native.warnings)


def test_the_report_of_a_real_ues_trial_shows_who_did_what(real_servers, tmp_path):
    """calendar_conflicts in world 3 (where the green once listed the user's task as the assistant's impersonation
    and the purple's work as the world's): the user's task is the user's, the purple's updates, mail and chat
    report are the assistant's, nothing else is."""
    scenarios = tmp_path / "scenarios"
    shutil.copytree(SCENARIOS / "calendar_conflicts", scenarios / "calendar_conflicts")
    shutil.copytree(SCENARIOS / "parts", scenarios / "parts")  # a named composition of a part of the library
    settings = _external(real_servers[:1], tmp_path / "data").model_copy(update={"scenarios_dir": scenarios})

    async def run():
        with oracle_plans(settings) as local:
            runner = ScenarioRunner(local)
            async with local_pool(local, min_idle=0) as pool, \
                    purple_process("oracle", scenarios, plans_dir=local.oracle_plans_dir) as purple:
                outcome = await assess_once(scenario_ids=["calendar_conflicts"], purple_url=purple, pool=pool,
                                            runner=runner, seed=3)
        return outcome, runner.library

    outcome, library = run_blocking(run())
    row = outcome.trials[0]
    assert row.provenance.ues_backend == "external"
    assert row.passed and row.percentage == 100.0 and not row.violations, row.errors
    trial = report_from_outcome(outcome).trial_reports[0]
    by = {source: [e for e in trial.timeline if e.source == source] for source in ("user", "assistant", "world")}
    prompt = library.get("calendar_conflicts").in_world(row.provenance.world_seed).spec.user_prompt
    assert by["user"] and by["user"][0].body[:60] == prompt[:60], by["user"]
    assert not any("as the user" in e.title for e in by["assistant"])
    modalities = {e.modality for e in by["assistant"]}
    assert {"calendar", "chat"} <= modalities, [e.title for e in by["assistant"]]
    # Every action of the record is the assistant's on the timeline, and no world event is one of them.
    record = outcome.records[0]
    assert len(by["assistant"]) == len(record.action_log) > 0
    assert all(e.modality != "chat" or "assistant" not in e.title.lower() for e in by["world"])
