"""Statistics across trials: the pass^k / pass@k estimators, the Wilson interval and the summary row."""

from __future__ import annotations

import itertools
from math import comb

import pytest

from green_agent.judging.stats import TrialStats, pass_at, pass_hat, wilson_interval
from green_agent.protocol import AssessmentConfig, AssessmentRequest
from green_agent.results import summary_row
from tests.a2a.plumbing import trial_row

REQUEST = AssessmentRequest(participant_role="personal_assistant", participant_url="http://p:1",
                            config=AssessmentConfig(scenario_id="a"))


@pytest.mark.parametrize("n", [1, 2, 3, 5, 8])
def test_pass_hat_matches_the_share_of_all_passing_k_subsets(n):
    """C(c,k)/C(n,k) is exactly the fraction of k-trial subsets that all passed, for every c and k."""
    for c in range(n + 1):
        outcomes = [True] * c + [False] * (n - c)
        for k in range(1, n + 1):
            subsets = list(itertools.combinations(outcomes, k))
            assert pass_hat(c, n, k) == pytest.approx(sum(all(s) for s in subsets) / len(subsets))
            assert pass_at(c, n, k) == pytest.approx(sum(any(s) for s in subsets) / len(subsets))


def test_pass_hat_edges():
    assert pass_hat(4, 4, 4) == 1.0 and pass_hat(3, 4, 4) == 0.0
    assert pass_hat(3, 4, 1) == 0.75
    assert pass_hat(3, 5, 2) == comb(3, 2) / comb(5, 2) == 0.3
    with pytest.raises(ValueError):
        pass_hat(1, 3, 4)
    with pytest.raises(ValueError):
        pass_hat(4, 3, 1)


def test_wilson_interval():
    assert wilson_interval(0, 0) == (0.0, 0.0)
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert wilson_interval(10, 10)[1] == 1.0 and wilson_interval(0, 10)[0] == 0.0


def rows(spec: dict[str, list[bool]]) -> list:
    out = []
    for scenario, passes in spec.items():
        for i, ok in enumerate(passes):
            out.append(trial_row(REQUEST, "a1", scenario_id=scenario, trial=i, passed=ok,
                                 percentage=100.0 if ok else 40.0))
    return out


def test_summary_row_aggregates_per_scenario_and_overall():
    trials = rows({"a": [True, True, False], "b": [True, True, True], "c": [False]})
    summary = summary_row(trials, request=REQUEST, assessment_id="a1")
    assert summary.trials == 7 and summary.scenarios == 3 and summary.k == 3
    assert summary.pass_at_1 == round(5 / 7, 4)
    assert summary.pass_hat_k == round(1 / 3, 4)  # only b passed all its trials
    assert summary.pass_at_k == round(2 / 3, 4)  # a and b passed at least once
    # k=1: mean of 2/3, 1, 0; k=2: mean over a and b of 1/3 and 1; k=3: mean over a and b of 0 and 1
    assert summary.pass_hat_by_k == [round((2 / 3 + 1 + 0) / 3, 4), round((1 / 3 + 1) / 2, 4), 0.5]
    by_id = {s.scenario_id: s for s in summary.per_scenario}
    # per scenario, the same names and type as the summary's: 1.0 / 0.0 (the summary's are their means)
    assert (by_id["a"].pass_rate, by_id["a"].pass_hat_k, by_id["a"].pass_at_k) == (round(2 / 3, 4), 0.0, 1.0)
    assert by_id["b"].pass_hat_k == 1.0 and by_id["c"].statuses == {"completed": 1}
    assert summary.pass_hat_k == round(sum(s.pass_hat_k for s in summary.per_scenario) / 3, 4)
    assert summary.mean_percentage == round((100 * 5 + 40 * 2) / 7, 2)


def test_summary_of_no_trials_is_all_zero():
    summary = summary_row([], request=REQUEST, assessment_id="a1")
    assert (summary.trials, summary.pass_at_1, summary.pass_hat_k, summary.pass_hat_by_k) == (0, 0.0, 0.0, [])
    assert TrialStats([]).k == 0
