"""Scenario folders: validation errors name the file and field; evaluators are loaded by explicit registration
(or, in the reference green agent's format, by the name a criterion gives) in isolated namespaces."""

from __future__ import annotations

import json
import shutil
import sys
import textwrap
from datetime import timedelta
from pathlib import Path

import pytest

from green_agent.scenario_spec import ScenarioError
from green_agent.scenarios import ScenarioLibrary, load_evaluators, load_scenario

MINI = Path(__file__).resolve().parents[1] / "scenarios" / "mini_day"
REFERENCE = Path(__file__).resolve().parents[1] / "scenarios_reference" / "ref_quiet_inbox"


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


def test_the_content_hash_follows_grading_files_not_caches_or_docs(tmp_path):
    folder = tmp_path / "mini_day"
    shutil.copytree(MINI, folder, ignore=shutil.ignore_patterns("__pycache__", ".*"))
    before = load_scenario(folder).content_hash
    (folder / ".mypy_cache").mkdir()
    (folder / ".mypy_cache" / "evaluators.data.json").write_text("{}")
    (folder / "__pycache__").mkdir(exist_ok=True)
    (folder / "__pycache__" / "x.pyc").write_bytes(b"0")
    (folder / "NOTES.md").write_text("why the world is as it is")
    assert load_scenario(folder).content_hash == before
    (folder / "solution.json").write_text((folder / "solution.json").read_text() + " ")
    assert load_scenario(folder).content_hash != before


def test_mini_day_loads_with_hash_and_evaluators():
    scenario = load_scenario(MINI)
    assert scenario.scenario_id == "mini_day" and len(scenario.content_hash) == 64
    assert set(scenario.evaluators) >= {"invite_sent", "no_stray_messages"}
    assert scenario.initial_state["environment"]["time_state"]["current_time"].startswith("2026-03-02T09:00")
    assert scenario.spec.default_time_step == timedelta(hours=1)
    timing = scenario.spec.characters["dana"].response_timing
    assert timing.base_delay > timedelta(0) and timing.variance >= timedelta(0)


@pytest.mark.parametrize("changes,message", [
    ({"scenario_id": "Bad-Id"}, "scenario_id"),
    ({"scenario_id": "other"}, "must equal the folder name"),
    ({"name": ""}, "name"),
    ({"end_time": "2026-03-02T08:00:00+00:00"}, "end_time must be after start_time"),
    ({"start_time": "2026-03-02T09:00:00"}, "start_time: Input should have timezone info"),
    ({"start_time": "2026-03-02T08:00:00+00:00"}, "must equal the initial state's clock"),
    ({"default_time_step": "an hour"}, "default_time_step"),
    ({"default_time_step": "PT0S"}, "default_time_step: Input should be greater than 0"),
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
    with pytest.raises(ScenarioError, match="evaluator 'missing_fn'"):
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

            from green_agent.scenario_kit.grading import evaluator

            @evaluator
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

        from green_agent.scenario_kit.grading import evaluator

        @dataclass
        class Item:
            name: str

        @evaluator
        async def check(ctx, params):
            return {"score": len(Item("ab").name), "max_score": 2}
    """))
    evaluators = load_evaluators(folder)
    assert set(evaluators) == {"check"}
    assert not any(name.startswith("_scenario_gamma") for name in sys.modules)


# ------------------------------------------------------------------------------------------- registration
def write_evaluators(folder: Path, source: str) -> Path:
    folder.mkdir(exist_ok=True)
    path = folder / "evaluators.py"
    path.write_text("from green_agent.scenario_kit.grading import evaluator\n" + textwrap.dedent(source))
    return path


def test_exactly_the_registered_functions_are_loaded(tmp_path):
    write_evaluators(tmp_path / "reg", """
        @evaluator
        async def by_name(ctx, params):
            return {"score": 1, "max_score": 1}

        @evaluator("custom_id")
        async def whatever_it_is_called(ctx, params, extra=None):
            return {"score": 1, "max_score": 1}

        alias = by_name  # the same function under a second name is still one evaluator

        async def helper(ctx, params):  # async with two parameters, but not registered
            return {"score": 0, "max_score": 1}
    """)
    evaluators = load_evaluators(tmp_path / "reg")
    assert set(evaluators) == {"by_name", "custom_id"}
    assert evaluators["custom_id"].__name__ == "whatever_it_is_called"


def test_every_shipped_and_test_scenario_registers_its_evaluators():
    root = Path(__file__).resolve().parents[2]
    for folder in [*root.joinpath("scenarios").iterdir(), *root.joinpath("tests", "scenarios").iterdir()]:
        if (folder / "scenario.json").is_file():
            scenario = load_scenario(folder)
            named = {c.evaluator_id for c in scenario.spec.criteria if c.evaluator_id}
            assert named <= set(scenario.evaluators), folder.name
            assert all(hasattr(fn, "__evaluator_id__") for fn in scenario.evaluators.values()), folder.name


def test_a_criterion_naming_an_unregistered_function_names_file_and_function(copy):
    folder = copy()
    path = folder / "evaluators.py"
    path.write_text(path.read_text() + textwrap.dedent("""

        async def forgotten(ctx, params):
            return EvalResult(score=1, max_score=1)
    """))
    spec = json.loads((folder / "scenario.json").read_text())
    spec["criteria"][0]["evaluator_id"] = "forgotten"
    (folder / "scenario.json").write_text(json.dumps(spec))
    with pytest.raises(ScenarioError) as info:
        load_scenario(folder)
    message = str(info.value)
    assert str(path) in message and "'forgotten'" in message and "decorate it with @evaluator" in message
    spec["criteria"][0]["evaluator_id"] = "nowhere"
    (folder / "scenario.json").write_text(json.dumps(spec))
    with pytest.raises(ScenarioError, match=r"evaluators\.py: criterion 'invite_sent' names evaluator 'nowhere', "
                                            r"which is not registered \(registered: dana_accepted, invite_sent"):
        load_scenario(folder)


@pytest.mark.parametrize("source,problem", [
    ("""
        @evaluator
        def sync_check(ctx, params):
            return {"score": 1, "max_score": 1}
     """, "evaluator 'sync_check' (sync_check) is not an async function"),
    ("""
        @evaluator("two")
        async def only_ctx(ctx):
            return {"score": 1, "max_score": 1}
     """, "evaluator 'two' (only_ctx(ctx)) cannot be called with (ctx, params)"),
    ("""
        @evaluator
        async def three(ctx, params, history):
            return {"score": 1, "max_score": 1}
     """, "evaluator 'three' (three(ctx, params, history)) cannot be called with (ctx, params)"),
    ("""
        @evaluator("same")
        async def first(ctx, params):
            return {"score": 1, "max_score": 1}

        @evaluator("same")
        async def second(ctx, params):
            return {"score": 1, "max_score": 1}
     """, "evaluator 'same' is registered twice (first and second)"),
])
def test_a_registered_function_that_does_not_fit_names_file_and_function(tmp_path, source, problem):
    path = write_evaluators(tmp_path / "misfit", source)
    with pytest.raises(ScenarioError) as info:
        load_evaluators(tmp_path / "misfit")
    assert str(info.value).startswith(f"{path}: {problem}")


def test_reference_format_registers_nothing_and_is_looked_up_by_the_names_criteria_give():
    scenario = load_scenario(REFERENCE)
    named = {c.evaluator_id for c in scenario.spec.criteria if c.evaluator_id}
    assert set(scenario.evaluators) == named == {"no_unauthorized_sends", "timely_processing", "summary_count"}


def test_reference_format_lookup_applies_the_same_checks(tmp_path):
    folder = tmp_path / "ref_copy"
    shutil.copytree(REFERENCE, folder)
    spec = json.loads((folder / "scenario.json").read_text())
    spec["scenario_id"] = "ref_copy"
    spec["criteria"][0]["evaluator_id"] = "no_such_function"
    (folder / "scenario.json").write_text(json.dumps(spec))
    with pytest.raises(ScenarioError, match=r"evaluators\.py: criterion '.+' names evaluator 'no_such_function', "
                                            r"but there is no function no_such_function"):
        load_scenario(folder)
    (folder / "evaluators.py").write_text((folder / "evaluators.py").read_text() + textwrap.dedent("""

        def no_such_function(ctx, params):
            return EvalResult(score=1, max_score=1)
    """))
    with pytest.raises(ScenarioError, match=r"evaluators\.py: evaluator 'no_such_function' \(no_such_function\) is "
                                            r"not an async function"):
        load_scenario(folder)


def test_criteria_naming_evaluators_need_an_evaluators_module(copy):
    folder = copy()
    (folder / "evaluators.py").unlink()
    with pytest.raises(ScenarioError, match=r"evaluators\.py: file is missing, but criteria name evaluators "
                                            r"dana_accepted, invite_sent"):
        load_scenario(folder)
