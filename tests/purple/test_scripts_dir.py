"""The ``scripted`` purple runs our rule scripts, or another participant's (``PURPLE_SCRIPTS_DIR``: every module under
a folder, e.g. tests/redteam/, the scripts blind red teams wrote for issue 34) — each folder's alone, so two sets of
scripts never mix, and a folder that cannot be loaded says which file and why."""

from __future__ import annotations

from pathlib import Path

import pytest

from green_agent.scenarios import ScenarioLibrary
from services.purple.cheats.scripted.brain import ScriptedBrain, load_scripts
from services.purple.roles import ROLES
from services.purple.settings import PurpleSettings

ROOT = Path(__file__).resolve().parents[2]
REDTEAM = ROOT / "tests" / "redteam" / "round1"

SCRIPT = '''
from services.purple.cheats.scripted.desk import Desk, Script, script


@script
class {name}(Script):
    part = "triage"
    trigger = r"triage"

    async def turn(self, desk: Desk) -> None:
        return None
'''


def test_our_scripts_and_the_red_teams_load_apart():
    ours, theirs = load_scripts(), load_scripts(REDTEAM)
    assert all(cls.__module__.startswith("services.purple.cheats.scripted.") for cls in ours.values())
    assert all(cls.__module__.startswith("purple_scripts.") for cls in theirs.values())
    # one script for every public part, day parts and classics, in either set
    parts = set(ScenarioLibrary(ROOT / "scenarios").pack().parts)
    assert set(theirs) == set(ours) == parts
    assert load_scripts() == ours  # loading a folder added nothing to ours


def test_the_scripted_role_reads_its_folder_from_the_settings(monkeypatch):
    monkeypatch.setenv("PURPLE_SCRIPTS_DIR", str(REDTEAM))
    brain = ROLES["scripted"](PurpleSettings())
    assert isinstance(brain, ScriptedBrain) and brain.scripts == load_scripts(REDTEAM)


def test_two_scripts_for_one_part_are_refused_naming_both(tmp_path):
    for name in ("One", "Two"):
        (tmp_path / f"{name.lower()}.py").write_text(SCRIPT.format(name=name))
    with pytest.raises(ValueError, match=r"two scripts for part 'triage': purple_scripts\.one\.One and "
                                         r"purple_scripts\.two\.Two"):
        load_scripts(tmp_path)


def test_a_folder_that_cannot_load_says_which_file_and_why(tmp_path):
    (tmp_path / "broken.py").write_text("def nope(:\n")
    for _ in range(2):  # and says so again: a module that failed is not kept as loaded
        with pytest.raises(ValueError, match=r"broken\.py failed to import: SyntaxError"):
            load_scripts(tmp_path)
    with pytest.raises(ValueError, match="is not a folder"):
        load_scripts(tmp_path / "missing")
