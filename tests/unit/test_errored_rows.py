"""Errored trials (TrialStatus.ERRORED: the trial measured nothing about the purple) are never scores: the summary
counts them apart and leaves them out of every mean and rate, the summary text and the HTML report say "errored"
where a score would be, and a run whose every trial errored is told as such, naming the reasons and the purple."""

from __future__ import annotations

from typing import Any

from green_agent.protocol import AssessmentRequest, TrialRow, parse_request
from green_agent.report import render, report_from_rows
from green_agent.results import all_errored, errored_reasons, errored_text, summary_row, summary_text
from tests.a2a.plumbing import trial_row

GIVEN = "http://127.0.0.1:8080/personal_assistant"
CALLED = "http://127.0.0.1:31337/personal_assistant"


def request() -> AssessmentRequest:
    parsed = parse_request({"participants": {"personal_assistant": GIVEN}, "config": {"scenarios": ["a", "b"]}})
    return parsed.model_copy(update={"participant_url": CALLED, "participant_url_given": GIVEN})


def row(scenario: str, trial: int, percentage: float, **changes: Any) -> TrialRow:
    score = percentage / 10
    values: dict[str, Any] = {
        "scenario_id": scenario, "trial": trial, "score": score, "percentage": percentage,
        "passed": percentage == 100, "participant_url": CALLED,
        "dimension_scores": [{"dimension": "accuracy", "score": score, "max_score": 10.0}],
        "scores": {"overall": {"score": score, "max_score": 10.0},
                   "dimensions": {"accuracy": {"score": score, "max_score": 10.0}}}}
    return trial_row(request(), "a" * 32, **{**values, **changes})


def errored(scenario: str, trial: int, reason: str, kind: str, error: str) -> TrialRow:
    return row(scenario, trial, 0.0, status="errored", reasons=[reason], completion_reason="error", passed=False,
               score=0.0, max_score=0.0, dimension_scores=[], errors=[{"kind": kind, "text": error}],
               scores={"overall": {"score": 0.0, "max_score": 0.0}, "dimensions": {}})


ROWS = [row("a", 0, 100.0),
        errored("a", 1, "purple_unreachable", "start_failed", "assessment_start could not be delivered"),
        row("b", 0, 40.0), errored("b", 1, "world_lost", "world_failed", "UES failed during the trial: gone")]


def test_the_summary_counts_errored_trials_apart_and_leaves_them_out():
    summary = summary_row(ROWS, request=request(), assessment_id="a" * 32)
    assert (summary.trials, summary.errored_trials, summary.scenarios) == (2, 2, 2)
    assert summary.mean_percentage == 70.0  # (100 + 40) / 2, not (100 + 0 + 40 + 0) / 4
    assert summary.pass_at_1 == 0.5 and summary.pass_hat_k == 0.5 and summary.k == 1
    assert [(s.scenario_id, s.trials, s.mean_percentage) for s in summary.per_scenario] == [("a", 1, 100.0),
                                                                                           ("b", 1, 40.0)]
    assert summary.participant_url == CALLED
    assert summary.wire()["errored_trials"] == 2


def test_the_summary_text_says_errored_where_a_score_would_be():
    text = summary_text(ROWS, summary_row(ROWS, request=request(), assessment_id="a" * 32))
    first, *lines = text.splitlines()
    assert "2 trial(s) over 2 scenario(s); mean score 70.0%" in first, first
    assert "2 more errored (purple_unreachable, world_lost): not scored" in first, first
    assert "- a trial 1: errored (purple_unreachable), not scored" in lines
    assert "- b trial 1: errored (world_lost), not scored" in lines
    assert not any("trial 1" in line and "%" in line for line in lines), lines


def test_a_run_whose_every_trial_errored_says_why_and_names_the_purple():
    only = [ROWS[1], ROWS[3]]
    assert all_errored(only) and not all_errored(ROWS) and not all_errored([])
    assert errored_reasons(only) == ["purple_unreachable", "world_lost"]
    summary = summary_row(only, request=request(), assessment_id="a" * 32)
    assert (summary.trials, summary.errored_trials) == (0, 2)
    assert summary_text(only, summary).splitlines()[0].endswith("no trial was scored. 2 more errored "
                                                                "(purple_unreachable, world_lost): not scored, and "
                                                                "left out of every figure.")
    text = errored_text(only, request())
    assert text.splitlines()[0] == (f"No trial could be scored: all 2 trial(s) errored (purple_unreachable, "
                                    f"world_lost), so nothing about the purple at {CALLED} (given as {GIVEN}) was "
                                    f"measured.")
    assert "purple_unreachable: the purple could not be reached — first, a trial 1: assessment_start could not " \
           "be delivered" in text
    assert "world_lost: the trial's simulated world was lost — first, b trial 1: UES failed" in text


def test_the_report_shows_an_errored_trial_as_errored_not_as_zero():
    summary = summary_row(ROWS, request=request(), assessment_id="a" * 32)
    page = render(report_from_rows(summary, ROWS, []))
    assert page.count("errored: not scored") == 2 * 3  # per errored trial: contents, trials table, its section
    assert "errored (purple_unreachable)" in page and "errored (world_lost)" in page
    assert "not scored: the trial errored" in page
    assert "over 2 scored trial(s); 2 errored, left out" in page
    assert ">0.0%<" not in page  # no errored trial shows a 0 % badge
    assert "Trials passed" in page and ">1/2<" in page  # of the scored trials
