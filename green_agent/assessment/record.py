"""What one trial produced: the recorded facts that judging and the result row are computed from."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from green_agent.assessment.attribution import CallTally
from green_agent.protocol import ActionLogEntry, CompletionReason, TrialStatus, Violation, ViolationType

# protocol.md §6: a trial's action log is bounded; past it the row says it was truncated.
MAX_ACTION_LOG = 5000


@dataclass(frozen=True)
class CharacterEvent:
    """A reply or RSVP the green scheduled for a character (``data`` is the UES event's data); ``executed`` once
    the simulator ran it. Graders read what characters said from these, never from state the purple can write."""

    character_id: str
    modality: str
    at: datetime
    data: dict[str, Any]
    event_id: str | None = None
    executed: bool = False


@dataclass
class TrialRecord:
    """Everything a trial produced. Filled in by ``Trial`` as it runs; read-only afterwards."""

    scenario_id: str
    trial: int
    seed: int
    status: TrialStatus = TrialStatus.COMPLETED
    completion_reason: CompletionReason = CompletionReason.SCENARIO_COMPLETE
    turns_taken: int = 0
    action_log: list[ActionLogEntry] = field(default_factory=list)
    action_log_truncated: bool = False
    actions_beyond_log: int = 0  # actions past MAX_ACTION_LOG: counted, not kept
    calls: CallTally = field(default_factory=CallTally)  # every call of the purple's key, by status
    initial_state: dict[str, dict[str, Any]] = field(default_factory=dict)
    final_state: dict[str, dict[str, Any]] = field(default_factory=dict)
    events: list[dict[str, Any]] = field(default_factory=list)
    start_time: datetime | None = None
    final_time: datetime | None = None
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    character_events: list[CharacterEvent] = field(default_factory=list)
    duration_seconds: float = 0.0
    green_overhead_ms: list[float] = field(default_factory=list)
    ues_floor_ms: list[float] = field(default_factory=list)

    @property
    def ran(self) -> bool:
        """The trial reached the point where there is a world worth judging."""
        return bool(self.initial_state) and bool(self.final_state)

    def end(self, status: TrialStatus, reason: CompletionReason, error: str | None = None) -> None:
        """Record how the trial ended (and why, when it is a failure)."""
        self.status, self.completion_reason = status, reason
        if error is not None:
            self.errors.append(error)

    @property
    def actions_taken(self) -> int:
        """Every action of the purple, also those past the action log's cap."""
        return len(self.action_log) + self.actions_beyond_log

    def add_actions(self, actions: list[ActionLogEntry]) -> None:
        """Append a turn's actions, up to ``MAX_ACTION_LOG`` in all; the rest are only counted."""
        room = max(MAX_ACTION_LOG - len(self.action_log), 0)
        if len(actions) > room:
            self.action_log_truncated = True
            self.actions_beyond_log += len(actions) - room
        self.action_log.extend(actions[:room])

    def add_calls(self, calls: list[dict[str, Any]], turn: int) -> None:
        """Count a turn's calls of the purple's key (access-log entries, each seen once); the forbidden routes it
        tried are the record's ``forbidden_route`` violations, one per route, kept up to date here."""
        self.calls.add(calls, turn)
        if self.calls.forbidden:
            others = [v for v in self.violations if v.type != ViolationType.FORBIDDEN_ROUTE]
            self.violations = [*self.calls.violations(), *others]
