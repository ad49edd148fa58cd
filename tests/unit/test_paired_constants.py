"""The calibration constants the green ships (judging/calibrated.py), the command that makes them from calibrate's
reports (calibration/constants.py), the summary row's paired detectable difference, and the board sizing
(calibration/sizing.py)."""

from __future__ import annotations

import json
import math
import random

import pytest

from green_agent.calibration import constants as constants_command
from green_agent.calibration import sizing
from green_agent.calibration.analysis import CalibrationReport, Score
from green_agent.calibration.paired import paired_power
from green_agent.judging.calibrated import (
    PairedCalibration,
    Suite,
    paired_detectable_for,
    shipped,
    suite_of,
)
from green_agent.judging.stats import paired_detectable_difference, t_quantile
from green_agent.protocol import AssessmentConfig, AssessmentRequest
from green_agent.results import summary_row, summary_text
from tests.a2a.plumbing import trial_row

REQUEST = AssessmentRequest(participant_role="personal_assistant", participant_url="http://p:1",
                            config=AssessmentConfig(scenario_id="a"))


def _coupled(scenario: str, worlds: int, gap: float, spread: float, rng: random.Random) -> list[Score]:
    """Rungs 50 and 55 on ``worlds`` worlds of ``scenario``: a difficulty both share, and a gap give or take
    ``spread``."""
    out = []
    for seed in range(worlds):
        base = rng.gauss(50, 25)
        for percent, shift in ((50, 0.0), (55, gap + rng.gauss(0, spread))):
            out.append(Score(scenario_id=scenario, role=f"oracle-p{percent}", seed=seed, trial=0,
                             status="completed", percentage=base + shift))
    return out


def _report(scores: list[Score], suites: dict[str, list[str]], seeds: int) -> CalibrationReport:
    return CalibrationReport(scenarios=[], rungs=[50, 55], seeds=list(range(seeds)), trials=1, mistakes=[],
                             wall_seconds=1.0, character_mode="scripted", scores=scores,
                             paired=[paired_power(name, ids, scores, [50, 55]) for name, ids in suites.items()])


def test_the_command_makes_the_constants_from_reports_and_merges_them(tmp_path, capsys):
    rng = random.Random(3)
    classic = _coupled("c1", 40, 5.0, 6.0, rng) + _coupled("c2", 40, 5.0, 6.0, rng)
    days = _coupled("workday", 60, 5.0, 3.0, rng)
    # The first report ran everything on 40 worlds, the second the composed days alone on 60 (40 of them again).
    both = _report(classic + [s for s in days if s.seed < 40], {"classic": ["c1", "c2"], "workday": ["workday"],
                                                                  "mix": ["c1", "c2", "workday"]}, 40)
    more = _report(days, {"workday": ["workday"]}, 60)
    paths = []
    for name, report in (("all.json", both), ("days.json", more)):
        paths.append(tmp_path / name)
        paths[-1].write_text(report.model_dump_json())
    out = tmp_path / "constants.json"
    assert constants_command.main([*map(str, paths), "--commit", "abc1234", "--out", str(out), "--table"]) == 0
    made = PairedCalibration.model_validate_json(out.read_text())
    assert (made.low, made.high, made.commit) == (50, 55, "abc1234")
    by = {s.suite: s for s in made.suites}
    assert set(by) == {Suite.CLASSIC, Suite.WORKDAY, Suite.MIX}
    # Merged: the days' 60 worlds count once each, the mix holds both suites' worlds.
    assert (by[Suite.CLASSIC].worlds, by[Suite.WORKDAY].worlds, by[Suite.MIX].worlds) == (80, 60, 140)
    expected = paired_power("workday", ["workday"], days, [50, 55]).pairs[0]
    assert by[Suite.WORKDAY].sd_paired == expected.sd_paired and by[Suite.WORKDAY].difference == expected.difference
    assert by[Suite.CLASSIC].sd_paired == pytest.approx(6.0, abs=1.2)
    assert by[Suite.MIX].scenarios == ["c1", "c2", "workday"]
    # The file says how to make it again: both calibrate runs, then this command.
    assert made.command.count("uv run green-agent calibrate") == 2 and "--rungs 50,55" in made.command
    assert "--seeds $(seq -s, 0 39)" in made.command and "--seeds $(seq -s, 0 59)" in made.command
    assert made.command.endswith(f"green_agent.calibration.constants {paths[0]} {paths[1]} --commit abc1234 "
                                 f"--out {out} --table")
    printed = capsys.readouterr().out
    assert "workday: 60 worlds" in printed
    # The table: every suite, at every board size, the same figures the constants come from.
    table = [line for line in printed.splitlines() if line.startswith("| workday | 0.5 → 0.55 |")]
    assert [line.split(" | ")[5] for line in table] == ["10", "20", "40", "80"]
    assert f"| {expected.difference} | {expected.sd_paired} / " in table[0]


def test_the_command_refuses_what_it_cannot_use(tmp_path, capsys):
    assert constants_command.main([str(tmp_path / "missing.json"), "--commit", "x"]) == 2
    assert "cannot read the reports" in capsys.readouterr().err
    lonely = tmp_path / "lonely.json"
    lonely.write_text(_report(_coupled("c1", 1, 5.0, 1.0, random.Random(1)), {"classic": ["c1"]}, 1)
                      .model_dump_json())
    assert constants_command.main([str(lonely), "--commit", "x", "--out", str(tmp_path / "o.json")]) == 2
    assert "fewer than two scored worlds" in capsys.readouterr().err
    assert not (tmp_path / "o.json").exists()


def test_the_shipped_constants_are_a_real_calibration_of_every_suite():
    made = shipped()
    by = {s.suite: s for s in made.suites}
    assert set(by) == {Suite.CLASSIC, Suite.WORKDAY, Suite.MIX}
    assert (made.low, made.high) == (50, 55)
    # At least 40 worlds per suite, and the mix is the other two together.
    assert all(s.worlds >= 40 for s in made.suites)
    assert by[Suite.MIX].worlds == by[Suite.CLASSIC].worlds + by[Suite.WORKDAY].worlds
    assert by[Suite.MIX].scenarios == sorted(by[Suite.CLASSIC].scenarios + by[Suite.WORKDAY].scenarios)
    assert by[Suite.WORKDAY].scenarios == ["workday"] and len(by[Suite.CLASSIC].scenarios) == 10
    # Coupled rungs: the higher one is never worse on average, and the spread is a spread.
    assert all(s.difference > 0 and s.sd_paired > 0 for s in made.suites)
    assert "green-agent calibrate" in made.command and "green_agent.calibration.constants" in made.command
    assert f"--commit {made.commit}" in made.command


def test_the_paired_detectable_difference_shrinks_with_the_board():
    assert paired_detectable_difference(10.0, 10) == pytest.approx((2.2622 + 0.8834) * 10 / math.sqrt(10), abs=0.01)
    assert paired_detectable_difference(10.0, 1) is None
    assert suite_of([]) is None and suite_of([True, True]) == Suite.WORKDAY
    assert suite_of([False]) == Suite.CLASSIC and suite_of([True, False]) == Suite.MIX
    sd = {s.suite: s.sd_paired for s in shipped().suites}
    for suite in Suite:
        assert paired_detectable_for(suite, 40) == paired_detectable_difference(sd[suite], 40)
        assert paired_detectable_for(suite, 80) < paired_detectable_for(suite, 40) < paired_detectable_for(suite, 10)
        assert paired_detectable_for(suite, 1) is None
    assert paired_detectable_for(None, 40) is None


def test_summary_rows_carry_the_paired_difference_of_their_own_worlds():
    sd = {s.suite: s.sd_paired for s in shipped().suites}

    def row(scenario: str, trial: int, digest: str, parts: list[str]) -> object:
        return trial_row(REQUEST, "a1", scenario_id=scenario, trial=trial, world_digest=digest, parts=parts,
                         percentage=50.0 + trial)

    # Three trials of one classic world (worlds "shared") and two of another: two worlds, not five.
    # A classic scenario's rows name its one part; a composed day's, its several.
    shared = [row("a", t, "w-a", ["a"]) for t in range(3)] + [row("b", t, "w-b", ["b"]) for t in range(2)]
    summary = summary_row(shared, request=REQUEST, assessment_id="a1")
    assert summary.paired_detectable_difference == paired_detectable_difference(sd[Suite.CLASSIC], 2)
    # Every trial a world of its own (worlds "each"), composed days beside classics: the mix's constant.
    each = [row("workday", t, f"d{t}", ["rain_move", "travel"]) for t in range(6)]
    each += [row("a", t, f"a{t}", ["a"]) for t in range(6)]
    mixed = summary_row(each, request=REQUEST, assessment_id="a1")
    assert mixed.paired_detectable_difference == paired_detectable_difference(sd[Suite.MIX], 12)
    assert summary_row(each[:6], request=REQUEST, assessment_id="a1").paired_detectable_difference == \
        paired_detectable_difference(sd[Suite.WORKDAY], 6)
    assert mixed.wire()["paired_detectable_difference"] == mixed.paired_detectable_difference
    assert f"{mixed.paired_detectable_difference:.1f} points paired" in summary_text(each, mixed)
    one = summary_row(each[:1], request=REQUEST, assessment_id="a1")
    assert one.paired_detectable_difference is None and "paired" not in summary_text(each[:1], one)


def test_a_board_sized_by_resampling_resolves_what_the_formula_says():
    rng = random.Random(5)
    pools = {"workday": [5.0 + rng.gauss(0, 8) for _ in range(60)],
             **{f"c{i}": [5.0 + rng.gauss(0, 20) for _ in range(40)] for i in range(3)}}
    days = sizing.board_power(pools, 40, 0, workday=["workday"], target=5.0, resamples=500)
    assert (days.trials, days.classic_trials) == (40, 0)
    # sd 8, n 40: (t + t) * 8 / sqrt(40) ~ 3.6 points, so 5 points are found on nearly every board.
    assert days.paired_detectable == pytest.approx((t_quantile(0.975, 39) + t_quantile(0.8, 39)) * days.sd_paired
                                                   / math.sqrt(40), abs=0.01)
    assert days.power_at_target > 0.9
    noisy = sizing.board_power(pools, 0, 4, workday=["workday"], target=5.0, resamples=500)
    assert noisy.trials == 12 and noisy.power_at_target < 0.5 and noisy.paired_detectable > 10
    both = sizing.board_power(pools, 4, 4, workday=["workday"], target=5.0, resamples=500)
    assert both.trials == 16 and noisy.sd_paired > both.sd_paired > days.sd_paired
    with pytest.raises(ValueError, match="two worlds or more"):
        sizing.board_power(pools, 1, 0, workday=["workday"], target=5.0)


def test_the_sizing_command_names_the_smallest_board(tmp_path, capsys):
    rng = random.Random(9)
    scores = _coupled("c1", 40, 5.0, 12.0, rng) + _coupled("workday", 40, 5.0, 6.0, rng)
    path = tmp_path / "run.json"
    path.write_text(_report(scores, {"classic": ["c1"], "workday": ["workday"], "mix": ["c1", "workday"]}, 40)
                    .model_dump_json())
    assert sizing.main([str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["worlds"] == {"c1": 40, "workday": 40}
    smallest = out["smallest"]
    assert smallest["power_at_target"] >= 0.8 and smallest["paired_detectable"] <= 5.0
    # Every smaller board falls short of the one or the other.
    assert all(b["power_at_target"] < 0.8 or b["paired_detectable"] > 5.0
               for b in out["boards"] if b["trials"] < smallest["trials"])
    assert sizing.main([str(tmp_path / "none.json")]) == 2
