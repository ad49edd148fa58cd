"""The example leaderboard query (deploy/agentbeats/leaderboard.sql) over real result files of ours, in DuckDB, as
AgentBeats runs it: one row per participant, trials counted without the summary rows, integers typed as integers.
The files are shaped as the leaderboard template's workflow writes them: ``status``, ``participants`` (the
scenario's metadata.agentbeats_ids: the green's id and the purple's, keyed by component name) and ``results``."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb

from green_agent.assessment.runner import ScenarioRunner
from green_agent.config import GreenSettings
from green_agent.embedded import assess_once, local_pool, oracle_plans, purple_process

ROOT = Path(__file__).resolve().parents[2]
QUERY = (ROOT / "deploy" / "agentbeats" / "leaderboard.sql").read_text()
SCENARIOS = ROOT / "tests" / "scenarios"


async def results_files(tmp_path: Path) -> Path:
    """One results file per participant, as the platform stores an assessment: participants and the rows."""
    folder = tmp_path / "results"
    folder.mkdir()
    settings = GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path / "data")
    with oracle_plans(settings) as local:
        async with local_pool(local, min_idle=0) as pool:
            # The purple's component name is the submitter's choice: the query must not depend on it.
            for role, component in (("oracle", "personal_assistant"), ("noop", "my_assistant")):
                async with purple_process(role, SCENARIOS, plans_dir=local.oracle_plans_dir) as purple:
                    outcome = await assess_once(scenario_ids=["mini_day"], purple_url=purple, pool=pool,
                                                runner=ScenarioRunner(local), trials=2, seed=3)
                rows = [json.loads(json.dumps(row.wire())) for row in outcome.rows]  # what crosses the wire
                stored = {"status": "completed", "participants": {"green": "green-id", component: f"agent-{role}"},
                          "results": rows}
                (folder / f"{role}.json").write_text(json.dumps(stored))
    return folder


async def test_the_leaderboard_query_ranks_participants_from_trial_rows_only(tmp_path, monkeypatch):
    await results_files(tmp_path)
    monkeypatch.chdir(tmp_path)
    connection = duckdb.connect()
    board = connection.execute(QUERY).fetchall()
    columns = [d[0] for d in connection.description]
    assert columns == ["id", "trials", "Pass rate (%)", "Mean score (%)", "scenarios"]
    by_id = {row[0]: dict(zip(columns, row, strict=True)) for row in board}
    assert [row[0] for row in board] == ["agent-oracle", "agent-noop"]  # ranked by pass rate
    assert by_id["agent-oracle"]["trials"] == 2 and by_id["agent-noop"]["trials"] == 2  # the summary rows not counted
    assert by_id["agent-oracle"]["Pass rate (%)"] == 100.0 and by_id["agent-noop"]["Pass rate (%)"] == 0.0
    assert by_id["agent-oracle"]["Mean score (%)"] >= 95 and by_id["agent-noop"]["Mean score (%)"] <= 10


async def test_result_columns_have_the_types_a_leaderboard_expects(tmp_path, monkeypatch):
    await results_files(tmp_path)
    monkeypatch.chdir(tmp_path)
    types = dict(duckdb.connect().execute(
        "SELECT column_name, column_type FROM (DESCRIBE SELECT UNNEST(r.result) FROM read_json_auto('results/*.json') "
        "AS f CROSS JOIN UNNEST(f.results) AS r(result))").fetchall())
    for name in ("trial", "seed", "turns_taken", "actions_taken", "trials", "scenarios"):
        assert types[name] == "BIGINT", (name, types[name])  # integers stay integers on the wire
    for name in ("percentage", "score", "pass_hat_k", "pass_at_1"):
        assert types[name] == "DOUBLE", (name, types[name])
    assert types["passed"] == "BOOLEAN" and types["row_type"] == "VARCHAR"
    assert "action_log" not in types  # rows stay small
