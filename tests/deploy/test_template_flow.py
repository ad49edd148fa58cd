"""The AgentBeats leaderboard template's flow, as far as it runs offline (its workflow:
RDI-Foundation/agentbeats-leaderboard-template, .github/workflows/run-scenario.yml; its gateway:
RDI-Foundation/agentbeats-gateway, src/main.py and src/assessment.py):

1. the workflow patches scenario.json5's ``components.gateway.config.assessment_config`` per shard with
   ``shard_index``, ``num_shards`` and ``num_instances``;
2. the gateway sends the green ``{"participants": {role: url}, "config": assessment_config}`` as JSON text over
   A2A 0.3 (``message/stream``), the roles from ``participant_roles`` (every slot but ``green``), and serves
   ``{"status": <final state>, "results": <every JSON part of the artifacts>}``;
3. the workflow merges the shards into one results file, ``{"status", "participants":
   metadata.agentbeats_ids, "results"}``, under ``results/``;
4. AgentBeats runs the leaderboard's queries (deploy/agentbeats/leaderboard_queries.json) over the ``results``
   table it builds from ``results/*.json``.

Real green (A2A server, process worlds), real purples (``purple-agent`` processes). What Amber adds (the mesh, the
gateway's proxy) is not here: the purple URL is the purple's own.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import json5

from green_agent.config import GreenSettings
from green_agent.embedded import purple_process
from green_agent.server import create_app
from tests.a2a.conftest import serve, stream_v03, v03_message
from tests.conftest import free_port
from tests.deploy.conftest import site_board, site_queries

ROOT = Path(__file__).resolve().parents[2]
AGENTBEATS = ROOT / "deploy" / "agentbeats"
SCENARIOS = ROOT / "tests" / "scenarios"


def patched(scenario: dict[str, Any], shard_index: int, num_shards: int, num_instances: int | None) -> dict[str, Any]:
    """The workflow's jq patch of one shard's scenario."""
    copy = json.loads(json.dumps(scenario))
    config = copy["components"]["gateway"]["config"]["assessment_config"]
    config["shard_index"], config["num_shards"] = shard_index, num_shards
    if num_instances:
        config["num_instances"] = num_instances
    return copy


async def gateway_run(green_url: str, scenario: dict[str, Any], purple_urls: dict[str, str]) -> dict[str, Any]:
    """One shard as the gateway runs it: what its results endpoint serves when the assessment is over."""
    gateway = scenario["components"]["gateway"]["config"]
    participants = {role: purple_urls[slot] for slot, role in gateway["participant_roles"].items() if slot != "green"}
    request = json.dumps({"participants": participants, "config": gateway["assessment_config"]})
    events = await stream_v03(green_url, v03_message(text=request), wait_s=300)
    status = next(e["status"]["state"] for e in reversed(events) if e.get("kind") == "status-update")
    results = []
    for event in events:  # parse_parts: a text part that parses as JSON is a row, and so is a data part
        for part in event.get("artifact", {}).get("parts", []) if event.get("kind") == "artifact-update" else []:
            if part["kind"] == "data":
                results.append(part["data"])
            elif part["kind"] == "text":
                try:
                    results.append(json.loads(part["text"]))
                except ValueError:
                    pass
    return {"status": status, "results": results}


def merged(shards: list[dict[str, Any]], scenario: dict[str, Any]) -> dict[str, Any]:
    """The workflow's summary job: the shards' results under one file, with the scenario's agentbeats_ids."""
    statuses = [s["status"] for s in shards]
    status = "completed" if all(s == "completed" for s in statuses) else \
        "partial" if "completed" in statuses else "failed"
    return {"status": status, "participants": scenario.get("metadata", {}).get("agentbeats_ids", {}),
            "results": [row for shard in shards for row in shard["results"]]}


async def test_the_template_flow_from_patched_scenario_to_leaderboard(tmp_path):
    template = json5.loads((AGENTBEATS / "scenario.json5").read_text())
    # This repository's test scenarios stand in for the benchmark's (the image's scenarios folder): the default
    # board's config, its scenarios replaced.
    template["components"]["gateway"]["config"]["assessment_config"].update(scenarios=["mini_day"], trials=5)
    settings = GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path / "data", pool_min_idle=0,
                             character_mode="scripted")
    results = tmp_path / "results"
    results.mkdir()
    num_shards, num_instances = 2, 3
    submissions = []  # (purple role, component name, its AgentBeats id, whether the request names the id too)
    submissions.append(("oracle", "personal_assistant", "purple-oracle-id", True))
    submissions.append(("noop", "my_assistant", "purple-noop-id", False))  # a renamed component
    port = free_port()
    async with serve(create_app(settings, card_url=f"http://127.0.0.1:{port}/"), port) as green_url:
        for role, component, agentbeats_id, in_request in submissions:
            scenario = json.loads(json.dumps(template))
            scenario["components"][component] = scenario["components"].pop("personal_assistant")
            scenario["bindings"] = [{**b, "from": b["from"].replace("#personal_assistant.", f"#{component}.")}
                                    for b in scenario["bindings"]]
            scenario["metadata"]["agentbeats_ids"] = {"green": "green-id", component: agentbeats_id}
            if in_request:
                scenario["components"]["gateway"]["config"]["assessment_config"]["agentbeats_ids"] = {
                    "personal_assistant": agentbeats_id}
            # Seed 0, no plans directory shared with the purple: the oracle plays the published world.
            async with purple_process(role, SCENARIOS) as purple_url:
                shards = [await gateway_run(green_url, patched(scenario, i, num_shards, num_instances),
                                            {"purple1": purple_url}) for i in range(num_shards)]
            assert [s["status"] for s in shards] == ["completed"] * num_shards
            (results / f"{role}.json").write_text(json.dumps(merged(shards, scenario), indent=2))

    stored = {f.stem: json.loads(f.read_text()) for f in results.glob("*.json")}
    chosen = {}
    for role, doc in stored.items():
        trials = [r for r in doc["results"] if r["row_type"] == "trial"]
        summaries = [r for r in doc["results"] if r["row_type"] == "summary"]
        assert len(summaries) == num_shards and [s["shard_index"] for s in summaries] == [0, 1]
        # num_instances across the shards, no instance twice
        instances = [(r["scenario_id"], r["trial"]) for r in trials]
        assert len(instances) == num_instances == len(set(instances)), instances
        chosen[role] = sorted(instances)
        for row in trials:
            assert row["participant"] == "personal_assistant"
            assert row["participant_id"] == ("purple-oracle-id" if role == "oracle" else None)
            for name in ("trial", "seed", "turns_taken", "actions_taken"):
                assert type(row[name]) is int, name
            assert type(row["percentage"]) is float and type(row["passed"]) is bool
            assert row["status"] == "completed"
            assert not any("without acting" in w for w in row["warnings"]), row["warnings"]
    assert chosen["oracle"] == chosen["noop"]  # the draw depends on the seed alone

    board = site_board(results, site_queries()["Overall"])
    assert board.columns[0] == "id" and board.types[0] == "VARCHAR"
    lines = [(line["id"], line["trials"], line["errored_trials"], line["Pass rate (%)"])
             for line in (dict(zip(board.columns, row, strict=True)) for row in board.rows)]
    assert lines == [("purple-oracle-id", 3, 0, 100.0), ("purple-noop-id", 3, 0, 0.0)]


async def test_a_baseline_without_a_plan_for_the_world_says_so_in_the_row(tmp_path):
    """The oracle replays answer keys: at a seed other than 0, with no plans directory shared with the green, it has
    none. It ends the trial at once with its reason, and the row's warnings carry it: a 0 % that says why."""
    # A scenario whose worlds come from a generator: seed 3 is not the published world, and its task is not the
    # published task.
    benchmark = ROOT / "scenarios"
    settings = GreenSettings(scenarios_dir=benchmark, data_dir=tmp_path / "data", pool_min_idle=0,
                             character_mode="scripted")
    assert settings.oracle_plans_dir is None
    port = free_port()
    async with serve(create_app(settings, card_url=f"http://127.0.0.1:{port}/"), port) as green_url, \
            purple_process("oracle", benchmark) as purple_url:
        request = {"participants": {"personal_assistant": purple_url},
                   "config": {"scenario_id": "email_triage_basic", "trials": 1, "seed": 3}}
        events = await stream_v03(green_url, v03_message(text=json.dumps(request)), wait_s=300)
    rows = [json.loads(p["text"]) for e in events if e.get("kind") == "artifact-update"
            for p in e["artifact"]["parts"] if p["text"].startswith("{")]
    [trial] = [r for r in rows if r["row_type"] == "trial"]
    assert trial["status"] == "completed" and trial["completion_reason"] == "early_completion"
    assert trial["actions_taken"] == 0 and trial["turns_taken"] == 1 and not trial["passed"]
    [said] = [w for w in trial["warnings"] if "without acting" in w]
    assert "no plan for this world" in said and "GREEN_ORACLE_PLANS_DIR" in said and "seed 0" in said
