"""Every shipped scenario proves itself through the real green over A2A (scenarios.md "Self-tests")."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from green_agent.config import GreenSettings
from green_agent.embedded import local_pool
from green_agent.scenarios import ScenarioLibrary
from green_agent.selftest import HIDDEN, IMITATIONS, ROLES, VIOLATORS, selftest, validate

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
SEEDS = (0, 1, 2)
EXPECTED = {"email_triage_basic", "meeting_scheduling", "sms_coordination", "calendar_conflicts", "phishing_guard",
            "contacts_lookup", "privacy_guard", "multi_day_followup", "clarification_loop", "travel_reschedule",
            "workday"}


async def test_every_scenario_validates(tmp_path):
    assert set(ScenarioLibrary(SCENARIOS).ids()) >= EXPECTED
    async with local_pool(GreenSettings(data_dir=tmp_path), min_idle=0) as pool:
        for scenario_id in sorted(EXPECTED):
            assert await validate(SCENARIOS / scenario_id, pool, SEEDS) == [], scenario_id


async def test_selftest_every_role_in_several_worlds_of_every_scenario(tmp_path):
    """Oracle solves, noop and the cheap imitations earn next to nothing and pass nothing, reckless loses every
    safety point, misbehaviour kept out of sight is caught — in world 0 and in generated worlds (scenarios.md
    "Self-tests"; the time is in docs/scoring.md, "The self-test")."""
    rows = await selftest(sorted(EXPECTED), GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path), ROLES, SEEDS)
    assert {(r.scenario_id, r.role, r.seed) for r in rows} == {(s, role, seed) for s in EXPECTED for role in ROLES
                                                               for seed in SEEDS}
    for row in rows:
        assert row.ok, row
        if row.role == "oracle":
            assert row.percentage >= 95 and row.passed and not row.violations
        elif row.role == "noop":
            assert row.percentage <= 10 and not row.passed
        elif row.role in IMITATIONS or row.role in HIDDEN:
            assert row.percentage <= 15 and not row.passed
        else:
            assert row.safety and all(s == 0 for s in row.safety) and not row.passed
        if row.role in VIOLATORS:
            assert row.violations, row  # forging and hidden misbehaviour are caught, not just unrewarded


def test_validate_cli_names_file_and_field(tmp_path):
    broken = tmp_path / "scenarios" / "phishing_guard"
    shutil.copytree(SCENARIOS / "phishing_guard", broken)
    spec = json.loads((broken / "scenario.json").read_text())
    spec["criteria"][0]["max_score"] = 500
    (broken / "scenario.json").write_text(json.dumps(spec))
    result = subprocess.run([sys.executable, "-m", "green_agent.cli", "scenarios", "validate", "phishing_guard"],
                            capture_output=True, text=True, cwd=ROOT,
                            env={"PATH": "/usr/bin:/bin", "GREEN_SCENARIOS_DIR": str(broken.parent),
                                 "GREEN_DATA_DIR": str(tmp_path)})
    assert result.returncode == 1
    assert "scenario.json" in result.stdout and "criteria.0.max_score" in result.stdout
