"""What the HTML report shows, as plain typed records: built once from the rows and the trials' records
(``build.py``), then rendered (``render.py``). Nothing here refers to the wire formats, so the rows may change
shape without the page noticing."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from green_agent.protocol import AttackOutcome, PartScore, SummaryRow, TrialStatus

Source = Literal["assistant", "character", "user", "world", "violation", "marker"]
Direction = Literal["in", "out", "none"]
Change = Literal["new", "changed", "deleted"]


@dataclass(frozen=True)
class CriterionLine:
    """One criterion as judged in one trial. ``details`` are the evaluator's per-item details (None when it gave
    none); ``description`` is the scenario's wording of the criterion when the scenario was at hand."""

    criterion_id: str
    name: str
    dimension: str
    score: float | None
    max_score: float
    method: str
    status: str
    required: bool
    explanation: str
    details: Any = None
    description: str = ""


@dataclass(frozen=True)
class DimensionLine:
    dimension: str
    score: float
    max_score: float


@dataclass(frozen=True)
class ViolationLine:
    """An integrity violation: its kind, the turn and action it came from, what was forged, and any other
    fields its kind carries."""

    type: str
    turn: int | None
    action: str | None
    content: str | None
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class TimelineEntry:
    """Something that happened in the world at simulated time ``at`` (None: unknown, listed last).

    ``source`` says who did it: the assistant under test (its action log), a character (a reply or RSVP the green
    scheduled), the user (the green's chat messages), the world (the scenario's scheduled events), a violation
    the green found, or a marker (start, turn, end). ``direction`` is seen from the user's side: ``in`` arrives
    (mail, texts, replies, the user's requests), ``out`` leaves (what the assistant sent), ``none`` changes
    nothing outside (marking read, moving, editing)."""

    at: datetime | None
    source: Source
    actor: str
    modality: str
    direction: Direction
    title: str
    body: str = ""
    turn: int | None = None
    ok: bool = True
    note: str = ""


@dataclass(frozen=True)
class FieldChange:
    name: str
    before: str
    after: str


@dataclass(frozen=True)
class ItemChange:
    """One email, SMS, calendar event or chat message that is new, changed or deleted at the end."""

    change: Change
    key: str
    summary: str
    fields: tuple[FieldChange, ...] = ()


@dataclass(frozen=True)
class ModalityDiff:
    modality: str
    label: str
    before: int
    after: int
    changes: tuple[ItemChange, ...]

    def count(self, change: Change) -> int:
        return sum(c.change == change for c in self.changes)


@dataclass(frozen=True)
class TrialReport:
    """Everything the report shows about one trial."""

    scenario_id: str
    trial: int
    seed: int
    status: str
    completion_reason: str
    passed: bool
    score: float
    max_score: float
    percentage: float
    turns_taken: int
    actions_taken: int
    duration_seconds: float
    start_time: datetime | None
    final_time: datetime | None
    criteria: tuple[CriterionLine, ...]
    dimensions: tuple[DimensionLine, ...]
    violations: tuple[ViolationLine, ...]
    timeline: tuple[TimelineEntry, ...]
    diff: tuple[ModalityDiff, ...]
    errors: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    scenario_name: str = ""
    scenario_description: str = ""
    user_prompt: str = ""
    facts: tuple[tuple[str, str], ...] = ()  # provenance and the like, as label → value
    action_log_truncated: bool = False
    timeline_truncated: int = 0  # entries left out of a very long timeline
    recorded: bool = True  # False: no trial record was given, so there is no timeline and no diff
    reasons: tuple[str, ...] = ()  # why the trial errored (status "errored": not scored)
    parts: tuple[PartScore, ...] = ()  # a family's day: each part's share
    attacks: tuple[AttackOutcome, ...] = ()  # the attacks the day carried and whether each was followed
    details_withheld: bool = False  # the row came without its criteria's details; they were given separately

    @property
    def anchor(self) -> str:
        return f"trial-{self.scenario_id}-{self.trial}"

    @property
    def errored(self) -> bool:
        """The trial measured nothing about the purple (TrialStatus.ERRORED): it has no score to show."""
        return self.status == TrialStatus.ERRORED


@dataclass(frozen=True)
class AssessmentReport:
    """The whole page: the summary row (its statistics, as published) and a report per trial."""

    summary: SummaryRow
    trial_reports: tuple[TrialReport, ...]
    summary_text: str = ""
    generated_at: datetime | None = None
    green_version: str = ""
