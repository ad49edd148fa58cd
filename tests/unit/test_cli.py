"""``green-agent``'s command line: what a user sees when a command names nothing it can work on (exit code 2 and a
sentence naming the problem and the choices), and ``scenarios list``. The commands that run worlds are tested where
they run them (tests/green/test_workday.py, test_selftest.py, test_calibrate.py, test_scenario_kit.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from green_agent.cli import main

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
INSTALLED = sorted(p.parent.name for p in SCENARIOS.glob("*/scenario.json"))
# Families whose worlds are composed per seed (a classic, a named composition of one part, is not one of them).
FAMILIES = sorted(p.parent.name for p in SCENARIOS.glob("*/scenario.json")
                  if (json.loads(p.read_text()).get("family") or {}).get("parts") is None
                  and json.loads(p.read_text()).get("family"))


@pytest.fixture(autouse=True)
def _own_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("GREEN_DATA_DIR", str(tmp_path))


def test_scenarios_list_shows_every_installed_scenario_once_with_its_version(capsys):
    assert main(["scenarios", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == INSTALLED
    for line in lines:
        assert line.split()[1].startswith("v"), line
        assert ("(family: each world composed of parts" in line) == (line.split()[0] in FAMILIES), line


@pytest.mark.parametrize("argv,message", [
    (["scenarios", "validate", "nowhere"], "green-agent scenarios: unknown scenario 'nowhere' (known: "),
    (["scenarios", "selftest", "nowhere"], "green-agent scenarios: unknown scenario 'nowhere' (known: "),
    (["scenarios", "build", "nowhere"], "green-agent scenarios build: unknown scenario 'nowhere' (known: "),
    (["assess", "--scenario", "nowhere"], "green-agent assess: unknown scenario 'nowhere' (known: "),
    (["calibrate", "nowhere", "other"], "green-agent calibrate: unknown scenario(s) nowhere, other (known: "),
])
def test_an_unknown_scenario_is_refused_naming_it_and_the_installed_ones(capsys, argv, message):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(message)
    assert all(scenario_id in captured.err for scenario_id in INSTALLED)


@pytest.mark.parametrize("argv", [
    ["scenarios", "validate", "--family", "email_triage_basic"],  # a scenario, not a family
    ["scenarios", "selftest", "--family", "nope"],
    ["scenarios", "validate", "email_triage_basic", "--family", "workday"],  # an id and a family at once
])
def test_family_must_name_one_family_alone(capsys, argv):
    assert FAMILIES, "the library has a family"
    assert main(argv) == 2
    assert capsys.readouterr().err == (f"green-agent scenarios: --family names one family instead of a scenario id "
                                       f"(families: {', '.join(FAMILIES)})\n")


def test_count_must_be_at_least_one(capsys):
    assert main(["scenarios", "selftest", "email_triage_basic", "--count", "0"]) == 2
    assert capsys.readouterr().err == "green-agent scenarios: --count must be at least 1\n"


@pytest.mark.parametrize("argv,message", [
    (["scenarios", "selftest", "--roles", "oracle,bogus"], "unknown role(s) bogus; known: oracle"),
    (["scenarios", "validate", "--seeds", "0,x"], "expected comma-separated integers like 0,1,2, got '0,x'"),
    (["calibrate", "--rungs", "0,150"], "expected percentages 0..100, got '0,150'"),
    (["nothing"], "invalid choice: 'nothing'"),
])
def test_bad_options_exit_2_naming_the_value(capsys, argv, message):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err
