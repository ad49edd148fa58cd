"""Calibration's statistics (judging/stats.py) and analysis (calibration/analysis.py), on made-up scores."""

from __future__ import annotations

import math
import random

import pytest

from green_agent.calibration.analysis import CalibrationReport, FindingKind, Score, analyse
from green_agent.calibration.page import render
from green_agent.judging.stats import (
    detectable_difference,
    mean_interval,
    pooled_within,
    sample_sd,
    t_cdf,
    t_quantile,
)
from green_agent.protocol import AssessmentConfig, AssessmentRequest
from green_agent.results import summary_row, summary_text
from tests.a2a.plumbing import trial_row

REQUEST = AssessmentRequest(participant_role="personal_assistant", participant_url="http://p:1",
                            config=AssessmentConfig(scenario_id="a"))


@pytest.mark.parametrize(("q", "df", "expected"), [(0.975, 1, 12.7062), (0.975, 9, 2.2622), (0.975, 30, 2.0423),
                                                   (0.8, 18, 0.8620), (0.5, 4, 0.0), (0.025, 5, -2.5706)])
def test_t_quantiles_match_the_tables(q, df, expected):
    assert t_quantile(q, df) == pytest.approx(expected, abs=1e-3)
    assert t_cdf(t_quantile(q, df), df) == pytest.approx(q, abs=1e-9)


def test_interval_and_detectable_difference():
    assert mean_interval([50.0]) is None and sample_sd([1.0]) is None
    low, high = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert (low, high) == pytest.approx((2.5 - 3.1824 * math.sqrt(5 / 3) / 2, 2.5 + 3.1824 * math.sqrt(5 / 3) / 2),
                                        abs=0.01)
    # (t_{.975,18} + t_{.8,18}) * 10 * sqrt(2/10)
    assert detectable_difference(10.0, 10) == pytest.approx((2.1009 + 0.8620) * 10 * math.sqrt(0.2), abs=0.01)
    assert detectable_difference(10.0, 1) is None
    assert detectable_difference(10.0, 30) < detectable_difference(10.0, 10) < detectable_difference(10.0, 5)
    assert pooled_within([[1.0], [5.0]]) is None
    sd, df = pooled_within([[1.0, 3.0], [10.0, 12.0, 14.0]])
    assert df == 3 and sd == pytest.approx(math.sqrt((2 + 8) / 3))


def test_the_interval_covers_the_mean_about_95_percent_of_the_time():
    rng = random.Random(7)
    covered = sum(lo <= 50 <= hi for lo, hi in (mean_interval([rng.gauss(50, 10) for _ in range(5)])
                                                for _ in range(2000)))
    assert 0.93 < covered / 2000 < 0.97


def test_summary_rows_carry_interval_and_detectable_difference():
    trials = [trial_row(REQUEST, "a1", scenario_id=s, trial=i, passed=True, percentage=p)
              for s, scores in {"a": [40.0, 60.0], "b": [90.0, 100.0, 80.0], "c": [70.0]}.items()
              for i, p in enumerate(scores)]
    summary = summary_row(trials, request=REQUEST, assessment_id="a1")
    sd = math.sqrt((200 + 200) / 3)  # pooled within scenarios: a 2·10², b 2·10², c nothing; 6 - 3 = 3 df
    half = t_quantile(0.975, 3) * sd / math.sqrt(6)
    assert summary.mean_percentage_ci95 == pytest.approx((summary.mean_percentage - half,
                                                          summary.mean_percentage + half), abs=0.01)
    assert summary.detectable_difference == detectable_difference(sd, 6, df=6)
    by_id = {s.scenario_id: s for s in summary.per_scenario}
    assert by_id["a"].mean_percentage_ci95 == mean_interval([40.0, 60.0])
    assert by_id["b"].detectable_difference == detectable_difference(10.0, 3)
    assert by_id["c"].mean_percentage_ci95 is None and by_id["c"].detectable_difference is None
    single = summary_row(trials[-1:], request=REQUEST, assessment_id="a1")
    assert single.mean_percentage_ci95 is None and single.detectable_difference is None
    wire = summary.wire()
    assert wire["mean_percentage_ci95"] == list(summary.mean_percentage_ci95)
    assert f"takes {summary.detectable_difference:.1f} points" in summary_text(trials, summary)
    alike = [trial_row(REQUEST, "a1", scenario_id="a", trial=i, passed=True, percentage=100.0) for i in range(2)]
    assert "no spread" in summary_text(alike, summary_row(alike, request=REQUEST, assessment_id="a1"))
    assert "interval" not in summary_text(trials[-1:], single)


def scores(ladder: dict[int, list[float]], role: str = "oracle-p{}") -> list[Score]:
    return [Score(scenario_id="s", role=role.format(p), seed=seed, trial=0, status="completed", percentage=v)
            for p, values in ladder.items() for seed, v in enumerate(values)]


def test_a_good_ladder_has_no_findings():
    report = analyse("s", scores({0: [0, 0, 0, 0], 50: [45, 55, 50, 60], 100: [100, 100, 100, 100]}), (0, 50, 100))
    assert report.monotone and report.monotone_worlds == "4/4" and report.findings == []
    assert [r.mean for r in report.rungs] == [0, 52.5, 100]
    assert all(s.separates for s in report.separations)
    assert report.between_world_sd == pytest.approx(sample_sd([45, 55, 50, 60]), abs=0.01)
    assert report.within_world_sd is None  # one trial per world
    assert [d.n for d in report.detectable] == [5, 10, 30]


def test_findings_name_what_is_wrong():
    report = analyse("s", scores({0: [30, 30, 0, 0], 50: [10, 0, 10, 0], 100: [90, 90, 90, 90]}), (0, 50, 100))
    kinds = {f.kind for f in report.findings}
    assert not report.monotone
    assert {FindingKind.NOT_MONOTONE, FindingKind.WORLD_NOT_MONOTONE, FindingKind.FLOOR_TOO_HIGH,
            FindingKind.TOP_TOO_LOW, FindingKind.NOT_SEPARATED} <= kinds
    failed = [*scores({100: [100, 100]}), Score(scenario_id="s", role="oracle-p100", seed=3, trial=0, status="failed",
                                                percentage=0, errors=["purple unreachable"])]
    assert FindingKind.FAILED_TRIALS in {f.kind for f in analyse("s", failed, (100,)).findings}
    free = analyse("s", [*scores({100: [100, 100]}), *scores({0: [100, 100]}, "oracle-late-q100")], (100,),
                   ["oracle-late-q100"])
    assert free.mistakes[0].drop == 0 and FindingKind.MISTAKE_FREE in {f.kind for f in free.findings}


def test_the_page_escapes_and_draws_one_plot_per_scenario():
    one = analyse("s<b>", [s.model_copy(update={"scenario_id": "s<b>"}) for s in
                           scores({0: [0, 0], 50: [40, 60], 100: [100, 100]})], (0, 50, 100))
    page = render(CalibrationReport(scenarios=[one, one], rungs=[0, 50, 100], seeds=[0, 1], trials=1, mistakes=[],
                                    wall_seconds=1.0, character_mode="scripted"))
    assert page.count("<svg") == 2 and "<script" not in page and "s&lt;b&gt;" in page and "s<b>" not in page


def test_a_report_keeps_its_scores_and_can_be_analysed_again():
    raw = scores({0: [0, 0, 0], 50: [40, 60, 50], 100: [100, 100, 100]})
    report = CalibrationReport(scenarios=[analyse("s", raw, (0, 50, 100))], rungs=[0, 50, 100], seeds=[0, 1, 2],
                               trials=1, mistakes=[], wall_seconds=1.0, character_mode="scripted", scores=raw)
    again = CalibrationReport.model_validate_json(report.model_dump_json()).reanalysed()
    assert again.scenarios == report.scenarios and report.flagged == []


# ------------------------------------------------------------------------------------------------ paired power
def _coupled(worlds: int, gap: float, rng: random.Random) -> list[Score]:
    """Two close rungs on the same worlds: each world has a difficulty of its own (sd 25 points) that both rungs
    share, and the higher rung gains ``gap`` points give or take 3 — the situation a paired comparison exploits."""
    out = []
    for seed in range(worlds):
        base = rng.gauss(50, 25)
        for percent, shift in ((50, 0.0), (55, gap + rng.gauss(0, 3))):
            out.append(Score(scenario_id="s", role=f"oracle-p{percent}", seed=seed, trial=0, status="completed",
                             percentage=base + shift))
    return out


def test_paired_power_sees_what_pairing_buys_on_coupled_rungs():
    from green_agent.calibration.paired import paired_power

    scores = _coupled(200, 5.0, random.Random(7))
    (pair,) = paired_power("classic", ["s"], scores, [50, 55]).pairs
    assert (pair.low, pair.high, pair.worlds) == (50, 55, 200)
    assert pair.difference == pytest.approx(5.0, abs=1.0)
    assert pair.sd_paired == pytest.approx(3.0, abs=0.6) and pair.sd_unpaired > 20
    by_n = {z.n: z for z in pair.sizes}
    # Paired: (t_.975 + t_.8) * 3 / sqrt(n) ~ 2.9 points at n = 10; unpaired over 30.
    assert by_n[10].paired_detectable < 4 and by_n[10].unpaired_detectable > 25
    assert by_n[40].paired_detectable < by_n[10].paired_detectable
    # A 5-point gap is found on nearly every resampled board of 10 worlds when paired.
    assert by_n[10].paired_power > 0.9 and by_n[80].paired_power == 1.0


def test_paired_power_skips_rungs_not_run_and_counts_only_shared_worlds():
    from green_agent.calibration.paired import paired_power

    scores = [s for s in _coupled(12, 5.0, random.Random(1)) if not (s.role == "oracle-p55" and s.seed < 4)]
    suite = paired_power("workday", ["s"], scores, [50, 55, 75])
    assert [(p.low, p.high, p.worlds) for p in suite.pairs] == [(50, 55, 8)]
    assert paired_power("x", ["s"], scores, [0, 100]).pairs == []
