"""``green-agent assess``'s local pool honours ``GREEN_UES_BACKEND``: a run on the backend asked for, never silently
on another (the row's provenance says which)."""

from __future__ import annotations

import json
from pathlib import Path

from green_agent.assessment.runner import ScenarioRunner
from green_agent.config import GreenSettings
from green_agent.embedded import assess_once, local_pool, oracle_plans, purple_process
from tests.conftest import start_ues_process, stop_ues_process

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


async def test_an_external_backend_asked_for_is_the_one_used(tmp_path):
    ues = start_ues_process()
    try:
        settings = GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path, ues_backend="external",
                                 ues_external=json.dumps([{"url": ues.url, "admin_key": ues.admin_key}]))
        async with local_pool(settings, min_idle=0) as pool, purple_process("noop", SCENARIOS) as purple:
            outcome = await assess_once(scenario_ids=["mini_day"], purple_url=purple, pool=pool,
                                        runner=ScenarioRunner(settings))
    finally:
        stop_ues_process(ues)
    row = outcome.trials[0]
    assert row.status == "completed" and row.provenance.ues_backend == "external"


async def test_auto_is_the_embedded_process_default(tmp_path):
    settings = GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path, ues_backend="auto")
    async with local_pool(settings, min_idle=0) as pool, purple_process("noop", SCENARIOS) as purple:
        outcome = await assess_once(scenario_ids=["mini_day"], purple_url=purple, pool=pool,
                                    runner=ScenarioRunner(settings))
    assert outcome.trials[0].provenance.ues_backend == "process"


async def test_a_held_out_run_publishes_no_world_seed(tmp_path):
    settings = GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path, heldout_secret="operator-only")
    with oracle_plans(settings) as local:
        async with local_pool(local, min_idle=0) as pool, \
                purple_process("oracle", SCENARIOS, plans_dir=local.oracle_plans_dir) as purple:
            outcome = await assess_once(scenario_ids=["mini_day"], purple_url=purple, pool=pool,
                                        runner=ScenarioRunner(local), seed=5)
    row = outcome.trials[0]
    assert row.status == "completed" and row.passed  # the oracle found its plan through the self-test channel
    assert row.provenance.heldout and row.provenance.world_seed is None and row.provenance.root_seed == 5
    published = row.wire()
    assert "world_seed" not in published["provenance"] or published["provenance"]["world_seed"] is None
    assert all("details" not in c for c in published["criteria_results"]) and "action_log" not in published
    assert "operator-only" not in row.model_dump_json()
