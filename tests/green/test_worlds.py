"""Worlds drawn from a seed: world 0 is the folder's files, other seeds give other worlds, a seed gives one world.

The oracle solving the worlds of several seeds is the self-test's job (test_selftest.py); here the worlds
themselves are checked, without a simulator.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from green_agent.assessment.seeds import world_seed
from green_agent.scenario_spec import ScenarioError
from green_agent.scenarios import ScenarioLibrary, load_scenario

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ScenarioLibrary(ROOT / "scenarios")
# Every shipped scenario's worlds are drawn (a classic by its part drawn alone, workday by the parts of each day).
GENERATED = [sid for sid in LIBRARY.ids() if LIBRARY.get(sid).generator is not None]


def test_every_shipped_scenario_draws_its_worlds():
    assert GENERATED == LIBRARY.ids() and len(GENERATED) >= 11


@pytest.mark.parametrize("scenario_id", GENERATED)
def test_world_zero_is_the_folder(scenario_id):
    folder = ROOT / "scenarios" / scenario_id
    generate = LIBRARY.get(scenario_id).generator
    assert generate is not None
    world = generate(0)
    assert world.initial_state == json.loads((folder / "initial_state.json").read_text())
    assert world.solution == json.loads((folder / "solution.json").read_text())
    spec = json.loads((folder / "scenario.json").read_text())
    for name, value in world.spec.items():
        assert value == spec[name], f"world 0's {name} differs from scenario.json"


@pytest.mark.parametrize("scenario_id", GENERATED)
def test_seeds_give_different_worlds_and_a_seed_gives_one(scenario_id):
    scenario = LIBRARY.get(scenario_id)
    worlds = [scenario.in_world(seed) for seed in (1, 2, 3)]
    texts = {json.dumps(w.initial_state, sort_keys=True) for w in [scenario, *worlds]}
    assert len(texts) == 4, "every seed should draw a world of its own"
    assert {json.dumps(w.truth, sort_keys=True) for w in [scenario, *worlds]}.__len__() == 4
    again = load_scenario(ROOT / "scenarios" / scenario_id).in_world(2)
    assert again.initial_state == worlds[1].initial_state and again.truth == worlds[1].truth
    assert again.solution == worlds[1].solution and again.spec == worlds[1].spec


def test_the_held_out_secret_changes_every_world_seed_and_zero_is_world_zero():
    assert world_seed(0, "any") == 0 and world_seed(7, "any") == 7
    assert world_seed(0, "a", "s3cret") != 0
    assert world_seed(0, "a", "s3cret") != world_seed(0, "b", "s3cret") != world_seed(0, "a", "other")


def test_a_generator_that_breaks_names_the_file_and_the_world(tmp_path):
    folder = tmp_path / "mini"
    source = ROOT / "tests" / "scenarios" / "mini_day"
    folder.mkdir()
    for path in source.iterdir():
        if path.is_file():
            text = path.read_text().replace('"mini_day"', '"mini"')
            (folder / path.name).write_text(text)
    (folder / "generator.py").write_text(
        "from green_agent.scenario_kit.world import World\n"
        "import json, pathlib\n"
        "HERE = pathlib.Path(__file__).parent\n"
        "def generate(seed):\n"
        "    if seed == 13:\n"
        "        raise RuntimeError('unlucky')\n"
        "    state = json.loads((HERE / 'initial_state.json').read_text())\n"
        "    return World(seed=seed, initial_state=state, spec={'scenario_id': 'other'} if seed == 4 else {})\n")
    scenario = load_scenario(folder)
    assert scenario.in_world(1).initial_state == scenario.initial_state
    with pytest.raises(ScenarioError, match=r"generator.py: world 13: generate raised RuntimeError: unlucky"):
        scenario.in_world(13)
    with pytest.raises(ScenarioError, match=r"world 4: a world may change only .* not scenario_id"):
        scenario.in_world(4)
