"""What one assessment produced: its rows, the human summary, its trials' records and its report."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from green_agent.assessment.record import TrialRecord
from green_agent.protocol import SummaryRow, TrialRow


@dataclass
class Outcome:
    """What an assessment produced: the rows of its Result artifact and the human summary."""

    summary_text: str
    trials: list[TrialRow]
    summary: SummaryRow
    cancelled: bool = False
    # What each trial recorded, in the order of ``trials`` (for the HTML report: timeline and final-state diff).
    records: list[TrialRecord] = field(default_factory=list)
    # The assessment's HTML report (green_agent/report), and whether it may be shown beyond the operator: not in a
    # held-out run, whose report shows the worlds the rows keep secret.
    report: Path | None = None
    report_public: bool = False

    @property
    def rows(self) -> list[TrialRow | SummaryRow]:
        """Every row in artifact order: the trials, then the summary (``wire()`` gives each as published)."""
        return [*self.trials, self.summary]
