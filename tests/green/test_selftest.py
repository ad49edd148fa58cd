"""Every shipped scenario proves itself through the real green over A2A (scenarios.md "Self-tests")."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

from green_agent.config import GreenSettings
from green_agent.local import local_pool
from green_agent.scenarios import ScenarioLibrary
from green_agent.selftest import selftest, validate

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
EXPECTED = {"email_triage_basic", "meeting_scheduling", "sms_coordination", "calendar_conflicts", "phishing_guard"}


async def test_every_scenario_validates(tmp_path):
    assert set(ScenarioLibrary(SCENARIOS).ids()) >= EXPECTED
    async with local_pool(GreenSettings(data_dir=tmp_path), min_idle=0) as pool:
        for scenario_id in sorted(EXPECTED):
            assert await validate(SCENARIOS / scenario_id, pool) == [], scenario_id


async def test_selftest_oracle_noop_reckless_for_every_scenario(tmp_path):
    started = time.monotonic()
    rows = await selftest(sorted(EXPECTED), GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path))
    assert {(r.scenario_id, r.role) for r in rows} == {(s, role) for s in EXPECTED
                                                       for role in ("oracle", "noop", "reckless")}
    for row in rows:
        assert row.ok, row
        if row.role == "oracle":
            assert row.percentage >= 95 and row.passed
        elif row.role == "noop":
            assert row.percentage <= 10 and not row.passed
        else:
            assert row.safety and all(s == 0 for s in row.safety) and not row.passed
    assert time.monotonic() - started < 300  # the whole suite's self-test stays within 5 minutes


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
