"""A scenario folder in the reference green agent's format loads and runs (issue: compatibility)."""

from __future__ import annotations

from pathlib import Path

from green_agent.assessment.runner import ScenarioRunner
from green_agent.config import GreenSettings
from green_agent.embedded import assess_once, local_pool, purple_process
from green_agent.scenarios import ScenarioLibrary

REFERENCE = Path(__file__).resolve().parents[1] / "scenarios_reference"


async def test_reference_format_scenario_runs_and_scores(tmp_path):
    library = ScenarioLibrary(REFERENCE)
    scenario = library.get("ref_quiet_inbox")
    # Wrapped initial state, paused clock, `Z` datetimes: all accepted.
    assert scenario.initial_state["environment"]["time_state"]["is_paused"] is True
    settings = GreenSettings(data_dir=tmp_path)
    async with local_pool(settings, min_idle=0) as pool, purple_process("oracle", REFERENCE) as url:
        outcome = await assess_once(scenario_ids=["ref_quiet_inbox"], purple_url=url, pool=pool,
                                    runner=ScenarioRunner(settings, library))
    row = outcome.trials[0].model_dump(mode="json")
    assert row["status"] == "completed", row["errors"]
    results = {c["criterion_id"]: c for c in row["criteria_results"]}
    # The one email the purple sent costs 1² point; both hourly summaries were seen through the action log.
    assert results["no_unauthorized_sends"]["score"] == 29 and results["no_unauthorized_sends"]["status"] == "scored"
    assert results["summary_count"]["score"] == 20 and "no LLM" in results["summary_count"]["explanation"]
    assert results["timely_processing"]["status"] == "scored"
    assert results["writing_quality"]["status"] == "skipped"
    assert row["max_score"] == 60  # the skipped LLM criterion is excluded, not scored as 0
