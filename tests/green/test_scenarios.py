"""Scenario folders: validation errors name the file and field; evaluators load in isolated namespaces;
the reference green agent's folder format loads and scores."""

from __future__ import annotations

import json
import shutil
import sys
import textwrap
from pathlib import Path

import pytest

from green_agent.scenarios import ScenarioError, ScenarioLibrary, load_evaluators, load_scenario

MINI = Path(__file__).resolve().parents[1] / "scenarios" / "mini_day"


@pytest.fixture
def copy(tmp_path):
    def make(name: str = "mini_day") -> Path:
        target = tmp_path / name
        shutil.copytree(MINI, target)
        if name != "mini_day":
            spec = json.loads((target / "scenario.json").read_text())
            spec["scenario_id"] = name
            (target / "scenario.json").write_text(json.dumps(spec))
        return target
    return make


def edit(folder: Path, **changes) -> None:
    spec = json.loads((folder / "scenario.json").read_text())
    for key, value in changes.items():
        if value is None:
            spec.pop(key, None)
        else:
            spec[key] = value
    (folder / "scenario.json").write_text(json.dumps(spec))


def test_mini_day_loads_with_hash_and_evaluators():
    scenario = load_scenario(MINI)
    assert scenario.scenario_id == "mini_day" and len(scenario.content_hash) == 64
    assert set(scenario.evaluators) >= {"invite_sent", "no_stray_messages"}
    assert scenario.initial_state["environment"]["time_state"]["current_time"].startswith("2026-03-02T09:00")


@pytest.mark.parametrize("changes,message", [
    ({"scenario_id": "Bad-Id"}, "scenario_id"),
    ({"scenario_id": "other"}, "must equal the folder name"),
    ({"name": ""}, "name"),
    ({"end_time": "2026-03-02T08:00:00+00:00"}, "end_time must be after start_time"),
    ({"start_time": "2026-03-02T09:00:00"}, "timezone-aware"),
    ({"start_time": "2026-03-02T08:00:00+00:00"}, "must equal the initial state's clock"),
    ({"default_time_step": "an hour"}, "default_time_step"),
    ({"user_character": "nobody"}, "user_character"),
    ({"criteria": []}, "criteria"),
    ({"user_prompt": None}, "user_prompt"),
])
def test_validation_errors_name_file_and_field(copy, changes, message):
    folder = copy()
    edit(folder, **changes)
    with pytest.raises(ScenarioError) as info:
        load_scenario(folder)
    assert "scenario.json" in str(info.value) and message in str(info.value)


def test_bad_criterion_and_character_and_json(copy):
    folder = copy()
    spec = json.loads((folder / "scenario.json").read_text())
    spec["criteria"][0]["evaluator_id"] = "missing_fn"
    (folder / "scenario.json").write_text(json.dumps(spec))
    with pytest.raises(ScenarioError, match="evaluator_id 'missing_fn'"):
        load_scenario(folder)
    spec["criteria"][0]["evaluator_id"] = "invite_sent"
    spec["characters"]["chris"]["phone"] = "+15550100000"  # Sam's number
    (folder / "scenario.json").write_text(json.dumps(spec))
    with pytest.raises(ScenarioError, match="also used by"):
        load_scenario(folder)
    (folder / "initial_state.json").write_text("{broken")
    spec["characters"]["chris"]["phone"] = "+15550100222"
    (folder / "scenario.json").write_text(json.dumps(spec))
    with pytest.raises(ScenarioError, match=r"initial_state\.json: not valid JSON"):
        load_scenario(folder)


def test_broken_evaluators_module_names_the_file(copy):
    folder = copy()
    (folder / "evaluators.py").write_text("raise RuntimeError('boom')\n")
    with pytest.raises(ScenarioError, match=r"evaluators.py: failed to import: RuntimeError: boom"):
        load_scenario(folder)


def test_sibling_modules_of_two_scenarios_never_collide(tmp_path):
    for name, answer in (("alpha", 1), ("beta", 2)):
        folder = tmp_path / name
        folder.mkdir()
        (folder / "ground_truth.py").write_text(f"ANSWER = {answer}\n")
        (folder / "evaluators.py").write_text(textwrap.dedent("""
            import ground_truth as gt

            async def check(ctx, params):
                return {"score": gt.ANSWER, "max_score": 2}
        """))
    alpha, beta = load_evaluators(tmp_path / "alpha"), load_evaluators(tmp_path / "beta")
    assert alpha["check"].__globals__["gt"].ANSWER == 1
    assert beta["check"].__globals__["gt"].ANSWER == 2
    assert "ground_truth" not in sys.modules


def test_unknown_scenario_lists_known_ones():
    library = ScenarioLibrary(MINI.parent)
    with pytest.raises(ScenarioError, match=r"unknown scenario .nope. .*mini_day"):
        library.get("nope")


def test_evaluators_may_use_dataclasses(tmp_path):
    folder = tmp_path / "gamma"
    folder.mkdir()
    (folder / "evaluators.py").write_text(textwrap.dedent("""
        from dataclasses import dataclass

        @dataclass
        class Item:
            name: str

        async def check(ctx, params):
            return {"score": len(Item("ab").name), "max_score": 2}
    """))
    evaluators = load_evaluators(folder)
    assert set(evaluators) == {"check"}
    assert not any(name.startswith("_scenario_gamma") for name in sys.modules)
