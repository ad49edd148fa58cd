"""``green-agent calibrate`` on a reduced grid through the real green over A2A (issue 25): the ladder's scores rise
with the share of the plan done, in every world; the mistaken oracles lose points; the page renders in headless
Chromium."""

from __future__ import annotations

import json
import re

from green_agent.calibration.analysis import CalibrationReport
from green_agent.cli import main
from tests.report.test_report import _browse, _chromium, _console

# Two scenarios whose ladder is monotone in every world the grid plays (docs/scoring.md lists the others' findings).
SCENARIOS = ("meeting_scheduling", "sms_coordination")


def test_calibrate_on_a_reduced_grid_is_monotone_and_draws_a_page(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("GREEN_DATA_DIR", str(tmp_path / "data"))
    out = tmp_path / "calibration.json"
    assert main(["calibrate", *SCENARIOS, "--rungs", "0,50,100", "--seeds", "0,1,2", "--mistakes",
                 "wrong-person,wrong-time", "--out", str(out)]) == 0
    report = CalibrationReport.model_validate_json(out.read_text())
    assert [s.scenario_id for s in report.scenarios] == list(SCENARIOS)
    for scenario in report.scenarios:
        rungs = {r.percent: r for r in scenario.rungs}
        assert set(rungs) == {0, 50, 100} and all(r.trials == 3 for r in rungs.values()), scenario
        assert scenario.monotone and scenario.monotone_worlds == "3/3", scenario
        assert rungs[0].mean is not None and rungs[0].mean <= 10
        assert rungs[100].mean is not None and rungs[100].mean >= 95
        assert [d.n for d in scenario.detectable] == [5, 10, 30]
        # Both scenarios grade who was asked and when: each kind of mistake, made everywhere it can be, costs points.
        assert {m.role for m in scenario.mistakes} == {"oracle-wrong-person-q100", "oracle-wrong-time-q100"}
        assert all(m.trials == 3 and m.drop is not None and m.drop > 0 for m in scenario.mistakes), scenario.mistakes
        assert not [f for f in scenario.findings if f.kind in {"not_monotone", "world_not_monotone", "failed_trials"}]
    assert "meeting_scheduling" in capsys.readouterr().out

    page = out.with_suffix(".html")
    chromium = _chromium()
    result = _browse(chromium, page.as_uri(), tmp_path / "profile", "--dump-dom")
    assert _console(result.stderr) == []
    dom = result.stdout
    assert re.search(r"<h1[^>]*>Calibration</h1>", dom)
    for scenario_id in SCENARIOS:
        assert re.search(rf"<h2[^>]*>{scenario_id}</h2>", dom)
    assert dom.count("<svg") == len(SCENARIOS) and "<script" not in dom.lower()
    assert json.loads(out.read_text())["test"].startswith("two-sided two-sample t-test")
