"""A self-contained HTML report of an assessment: the summary and its statistics, and per trial the criteria with
their details, the violations, a timeline over simulated time and the final-state diff.

Build the records (``trial_report`` per trial as it is judged, then ``assessment_report``; or
``report_from_outcome`` afterwards), then ``render`` them to one HTML document, or ``write_report`` it to a file.
"""

from __future__ import annotations

from pathlib import Path

from green_agent.report.build import (
    assessment_report,
    report_from_outcome,
    report_from_rows,
    trial_report,
)
from green_agent.report.model import AssessmentReport, TrialReport
from green_agent.report.render import CSP, render

__all__ = ["CSP", "AssessmentReport", "TrialReport", "assessment_report", "render", "report_from_outcome",
           "report_from_rows", "trial_report", "write_report"]


def write_report(path: Path, report: AssessmentReport) -> Path:
    """Render ``report`` to ``path`` (folders made as needed; written whole, then moved into place)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.partial")
    partial.write_text(render(report), encoding="utf-8")
    partial.replace(path)
    return path
