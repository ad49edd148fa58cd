"""TEST-ONLY rows for the stand-in runners of the executor and server tests: real ``TrialRow``/``SummaryRow``
records, so the artifact those tests read is exactly what the executor makes of typed rows."""

from __future__ import annotations

from typing import Any

from green_agent.assessment.outcome import Outcome
from green_agent.protocol import AssessmentRequest, SummaryRow, TrialRow


def trial_row(request: AssessmentRequest, assessment_id: str, **overrides: Any) -> TrialRow:
    values: dict[str, Any] = {
        "assessment_id": assessment_id, "scenario_id": request.config.scenario_id or "demo", "scenario_version": "1",
        "trial": 0, "seed": 0, "participant": request.participant_role, "participant_url": request.participant_url,
        "status": "completed", "completion_reason": "scenario_complete", "score": 10.0, "max_score": 10.0,
        "percentage": 100.0, "dimension_scores": [{"dimension": "accuracy", "score": 10.0, "max_score": 10.0}],
        "passed": True, "scores": {"overall": {"score": 10.0, "max_score": 10.0},
                                   "dimensions": {"accuracy": {"score": 10.0, "max_score": 10.0}}},
        "criteria_results": [], "skipped_criteria": 0, "turns_taken": 1, "actions_taken": 0,
        "duration_seconds": 0.5, "sim_seconds": 3600.0, "action_log": [], "action_log_truncated": False,
        "usage": {}, "errors": [], "warnings": [], "violations": [],
        "provenance": {"green_version": "test", "scenario_version": "1", "scenario_hash": "0" * 64,
                       "ues_backend": "process", "ues_instance": "test", "ues_image": None,
                       "character_mode": "scripted", "character_mode_requested": "scripted",
                       "character_model": None, "judge_model": None, "root_seed": 0, "trial_seed": 0},
        "timing": {"turn_samples": 0, "green_overhead_ms_p50": None, "green_overhead_ms_p95": None,
                   "ues_floor_ms_p50": None, "ues_floor_ms_p95": None},
    }
    return TrialRow.model_validate({**values, **overrides})


def outcome(request: AssessmentRequest, assessment_id: str, text: str, *, cancelled: bool = False,
            **trial_overrides: Any) -> Outcome:
    """An Outcome of one trial row plus its summary row."""
    trial = trial_row(request, assessment_id, **trial_overrides)
    summary = SummaryRow(assessment_id=assessment_id, participant=request.participant_role,
                         participant_url=request.participant_url, scenarios=1, trials=1, k=1,
                         mean_percentage=trial.percentage, pass_at_1=float(trial.passed), pass_at_1_ci95=(0.0, 1.0),
                         pass_hat_k=float(trial.passed), pass_at_k=float(trial.passed), pass_hat_by_k=[1.0],
                         per_scenario=[], shard_index=0, num_shards=1, warnings=[])
    return Outcome(summary_text=text, trials=[trial], summary=summary, cancelled=cancelled)
