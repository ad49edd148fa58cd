"""Result rows (protocol.md §3): flat, numeric first, so leaderboards are plain SQL over them."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import Any

from green_agent.assessment.trial import TrialRecord
from green_agent.judging.scoring import aggregate, met
from green_agent.judging.stats import summarize
from green_agent.protocol import PROTOCOL, AssessmentRequest, CriterionResult
from green_agent.scenarios import Scenario


def green_version() -> str:
    try:
        return version("ues-green-agent")
    except PackageNotFoundError:
        return "0+unknown"


def passed(record: TrialRecord, scenario: Scenario, results: list[CriterionResult]) -> bool:
    """Completed, no violations, and every required criterion met (every criterion when none is required)."""
    if record.status != "completed" or record.violations or not results:
        return False
    criteria = {c.criterion_id: c for c in scenario.spec.criteria}
    required = [r for r in results if criteria[r.criterion_id].required]
    gate = required or [r for r in results if r.status != "skipped"]
    return bool(gate) and all(met(r, criteria[r.criterion_id]) for r in gate)


def trial_row(*, record: TrialRecord, scenario: Scenario, results: list[CriterionResult],
              request: AssessmentRequest, assessment_id: str, provenance: dict[str, Any],
              usage: dict[str, Any]) -> dict[str, Any]:
    totals = aggregate(results)
    errors = list(record.errors)
    errors += [f"criterion {r.criterion_id}: {r.explanation}" for r in results if r.status == "error"]
    warnings = list(record.warnings)
    skipped = [r.criterion_id for r in results if r.status == "skipped"]
    if skipped:
        warnings.append(f"{len(skipped)} LLM-judged criteria skipped (no judge model): {', '.join(skipped)}; "
                        f"they are excluded from max_score")
    start, end = record.start_time, record.final_time
    return {
        "row_type": "trial", "protocol": PROTOCOL, "assessment_id": assessment_id,
        "scenario_id": record.scenario_id, "scenario_version": scenario.spec.version, "trial": record.trial,
        "seed": record.seed, "participant": request.participant_role, "participant_url": request.participant_url,
        "status": record.status, "completion_reason": record.completion_reason,
        **totals,
        "passed": passed(record, scenario, results),
        "scores": {"overall": {"score": totals["score"], "max_score": totals["max_score"]},
                   "dimensions": {d["dimension"]: {"score": d["score"], "max_score": d["max_score"]}
                                  for d in totals["dimension_scores"]}},
        "criteria_results": [r.model_dump(mode="json") for r in results],
        "skipped_criteria": len(skipped),
        "turns_taken": record.turns_taken, "actions_taken": len(record.action_log),
        "duration_seconds": record.duration_seconds,
        "sim_seconds": (end - start).total_seconds() if start and end else 0.0,
        "action_log": [a.model_dump(mode="json") for a in record.action_log],
        "action_log_truncated": record.action_log_truncated,
        "usage": usage, "errors": errors, "warnings": warnings,
        "violations": [v.model_dump(mode="json", exclude_none=True) for v in record.violations],
        "provenance": provenance,
        "timing": _timing(record),
    }


def _pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))], 3)


def _timing(record: TrialRecord) -> dict[str, Any]:
    """Green overhead per turn (reply received → next turn_start) and the UES round trips inside it."""
    return {"turn_samples": len(record.green_overhead_ms),
            "green_overhead_ms_p50": _pct(record.green_overhead_ms, 0.5),
            "green_overhead_ms_p95": _pct(record.green_overhead_ms, 0.95),
            "ues_floor_ms_p50": _pct(record.ues_floor_ms, 0.5),
            "ues_floor_ms_p95": _pct(record.ues_floor_ms, 0.95)}


def summary_row(trial_rows: list[dict[str, Any]], *, request: AssessmentRequest, assessment_id: str,
                warnings: list[str]) -> dict[str, Any]:
    return {"row_type": "summary", "protocol": PROTOCOL, "assessment_id": assessment_id,
            "participant": request.participant_role, "participant_url": request.participant_url,
            **summarize(trial_rows), "shard_index": request.config.shard_index,
            "num_shards": request.config.num_shards, "warnings": warnings}


def summary_text(rows: list[dict[str, Any]], assessment_id: str) -> str:
    """A human summary. It starts with a word, so it never parses as JSON (the gateway would take it as a row)."""
    summary = rows[-1]
    lines = [f"Assessment {assessment_id}: {summary['trials']} trial(s) over {summary['scenarios']} scenario(s); "
             f"mean score {summary['mean_percentage']:.1f}%, pass^1 {summary['pass_at_1']:.2f}, "
             f"pass^k {summary['pass_hat_k']:.2f}."]
    for row in rows[:-1]:
        verdict = "passed" if row["passed"] else "not passed"
        lines.append(f"- {row['scenario_id']} trial {row['trial']}: {row['status']} ({row['completion_reason']}), "
                     f"{row['score']:g}/{row['max_score']:g} = {row['percentage']:.1f}%, {verdict}, "
                     f"{row['turns_taken']} turns, {row['actions_taken']} actions")
        lines.extend(f"    error: {e}" for e in row["errors"][:3])
    return "\n".join(lines)
