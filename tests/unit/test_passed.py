"""``passed``: completed, no violations, every required criterion at its threshold — and never by default."""

from __future__ import annotations

from pathlib import Path

import pytest

from green_agent.assessment.record import TrialRecord
from green_agent.protocol import CompletionReason, CriterionResult, CriterionStatus, TrialStatus, Violation
from green_agent.results import passed
from green_agent.scenarios import ScenarioLibrary

MINI_DAY = ScenarioLibrary(Path(__file__).resolve().parents[1] / "scenarios").get("mini_day")
REQUIRED = {c.criterion_id for c in MINI_DAY.spec.criteria if c.required}


def results(**scores: float | None) -> list[CriterionResult]:
    """Full marks on every criterion of mini_day, except those given (None = errored)."""
    out = []
    for c in MINI_DAY.spec.criteria:
        score = scores.get(c.criterion_id, c.max_score)
        status = CriterionStatus.ERROR if score is None else CriterionStatus.SCORED
        if c.method == "llm" and c.criterion_id not in scores:
            score, status = None, CriterionStatus.SKIPPED
        out.append(CriterionResult(criterion_id=c.criterion_id, name=c.name, dimension=c.dimension, score=score,
                                   max_score=c.max_score, method=c.method, status=status, required=c.required))
    return out


def record(**changes: object) -> TrialRecord:
    rec = TrialRecord(scenario_id="mini_day", trial=0, seed=1)
    for name, value in changes.items():
        setattr(rec, name, value)
    return rec


def test_full_marks_on_every_required_criterion_passes():
    assert REQUIRED and passed(record(), MINI_DAY, results())


def test_an_optional_criterion_does_not_gate():
    assert passed(record(), MINI_DAY, results(dana_accepted=0))


@pytest.mark.parametrize("criterion_id", sorted(REQUIRED))
def test_a_required_criterion_below_its_threshold_fails(criterion_id):
    assert not passed(record(), MINI_DAY, results(**{criterion_id: 0}))


def test_an_errored_required_criterion_fails():
    assert not passed(record(), MINI_DAY, results(invite_sent=None))


def test_a_violation_fails_even_with_full_marks():
    assert not passed(record(violations=[Violation(type="impersonated_user", turn=2)]), MINI_DAY, results())


@pytest.mark.parametrize("status", [TrialStatus.FAILED, TrialStatus.TIMEOUT, TrialStatus.CANCELLED,
                                    TrialStatus.ERRORED])
def test_a_trial_that_did_not_complete_fails(status):
    assert not passed(record(status=status, completion_reason=CompletionReason.ERROR), MINI_DAY, results())


def test_nothing_judged_never_passes():
    assert not passed(record(), MINI_DAY, [])
