"""The report's records, built from what an assessment produced: each trial's row (scores, criteria) and record
(states, events, action log, replies, violations), and the summary row."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from green_agent import green_version
from green_agent.assessment.outcome import Outcome
from green_agent.assessment.record import TrialRecord
from green_agent.protocol import SummaryRow, TrialRow
from green_agent.report.diff import diff_states
from green_agent.report.model import (
    AssessmentReport,
    CriterionLine,
    DimensionLine,
    TrialReport,
    ViolationLine,
)
from green_agent.report.timeline import Glossary, build_timeline, names_of

# (scenario_id, trial) → criterion_id → the evaluator's per-item details
Details = Mapping[tuple[str, int], Mapping[str, Any]]


def trial_report(record: TrialRecord | None, row: TrialRow, *, details: Mapping[str, Any] | None = None) -> TrialReport:
    """One trial's report from its ``row`` and its ``record`` (None: a row alone, shown without timeline and diff).

    ``details`` (criterion_id → the evaluator's per-item details) replace the row's, for rows that travelled
    without them (``TrialRow.wire`` leaves them out of published rows). The record's brief of its scenario adds
    people's names, the scenario's wording of its criteria and the user's request."""
    brief = record.brief if record is not None else None
    described = dict(brief.criteria) if brief else {}
    withheld = details is not None
    criteria = tuple(CriterionLine(
        criterion_id=r.criterion_id, name=r.name, dimension=r.dimension, score=r.score, max_score=r.max_score,
        method=str(r.method), status=str(r.status), required=r.required, explanation=r.explanation,
        details=details.get(r.criterion_id) if details is not None else r.details,
        description=described.get(r.criterion_id, "")) for r in row.criteria_results)
    violations = record.violations if record is not None else row.violations
    names = names_of((who.character_id, who.name, who.email, who.phone) for who in brief.people) if brief else {}
    timeline, left_out = build_timeline(record, names, brief.user_name if brief else "") \
        if record is not None else ([], 0)
    diff = diff_states(record.initial_state, record.final_state, Glossary.of(record, names).who) \
        if record is not None and record.ran else []
    p = row.provenance
    facts = [("Trial seed", str(row.seed)), ("World seed", "held out" if p.world_seed is None else str(p.world_seed)),
             ("Scenario version", f"{p.scenario_version} ({p.scenario_hash[:12]})"),
             ("Characters", str(p.character_mode) + (f" ({p.character_model})" if p.character_model else "")),
             ("Judge", p.judge_model or "none (LLM criteria skipped)"),
             ("UES", f"{p.ues_backend} {p.ues_instance}" + (f" ({p.ues_image})" if p.ues_image else "")),
             ("Green", p.green_version)]
    if p.participant_url_given:
        facts.append(("Participant URL", f"{row.participant_url} (given as {p.participant_url_given})"))
    return TrialReport(
        scenario_id=row.scenario_id, trial=row.trial, seed=row.seed, status=str(row.status),
        reasons=tuple(map(str, row.reasons)), completion_reason=str(row.completion_reason), passed=row.passed,
        score=row.score, max_score=row.max_score,
        percentage=row.percentage, turns_taken=row.turns_taken, actions_taken=row.actions_taken,
        duration_seconds=row.duration_seconds,
        start_time=record.start_time if record is not None else None,
        final_time=record.final_time if record is not None else None,
        criteria=criteria,
        dimensions=tuple(DimensionLine(d.dimension, d.score, d.max_score) for d in row.dimension_scores),
        violations=tuple(ViolationLine(str(v.type), v.turn, v.action, v.content,
                                       v.model_dump(mode="json", exclude={"type", "turn", "action", "content"}))
                         for v in violations),
        timeline=tuple(timeline), diff=tuple(diff), errors=tuple(map(str, row.errors)),
        warnings=tuple(map(str, row.warnings)),
        scenario_name=brief.name if brief else "", scenario_description=brief.description if brief else "",
        user_prompt=brief.user_prompt if brief else "", facts=tuple(facts), parts=tuple(row.part_scores),
        attacks=tuple(row.attacks),
        action_log_truncated=record.action_log_truncated if record is not None else False,
        timeline_truncated=left_out, recorded=record is not None, details_withheld=withheld)


def assessment_report(summary: SummaryRow, trials: Iterable[TrialReport], *, summary_text: str = "",
                      generated_at: datetime | None = None) -> AssessmentReport:
    """The whole page: ``summary``'s statistics and the trials' reports."""
    return AssessmentReport(
        summary=summary, trial_reports=tuple(trials), summary_text=summary_text,
        generated_at=generated_at or datetime.now(UTC), green_version=green_version())


def report_from_rows(summary: SummaryRow, rows: Sequence[TrialRow], records: Sequence[TrialRecord], *,
                     summary_text: str = "", details: Details | None = None) -> AssessmentReport:
    """The report of an assessment from its rows and the trials' records (matched by scenario and trial; a row
    without a record is shown without timeline and diff). ``details``: per trial, criteria details that replace
    the rows' (for rows that travelled without them)."""
    by_trial = {(r.scenario_id, r.trial): r for r in records}
    reports = [trial_report(by_trial.get((row.scenario_id, row.trial)), row,
                            details=(details or {}).get((row.scenario_id, row.trial))) for row in rows]
    return assessment_report(summary, reports, summary_text=summary_text)


def report_from_outcome(outcome: Outcome) -> AssessmentReport:
    """The report of a finished (or cancelled) assessment: its rows (with their details and action logs, which the
    published rows leave out) and its trials' records (with what the report says of each trial's scenario)."""
    return report_from_rows(outcome.summary, outcome.trials, outcome.records, summary_text=outcome.summary_text)
