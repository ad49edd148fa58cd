"""What one trial produced: the recorded facts that judging and the result row are computed from."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from green_agent.assessment.calls import Bucket, CallTally
from green_agent.protocol import (
    ActionLogEntry,
    CompletionReason,
    ErrorReason,
    Problem,
    ProblemKind,
    TrialStatus,
    Violation,
    ViolationType,
)

# protocol.md §6: the trial's action log keeps at most this many *refused* calls (write calls the world answered with
# an error, which left no event and carry nothing but a status); past it they are only counted and the row says the
# log was truncated. Everything else — every action that reached the world, every failed event with what the purple
# asked for, which the integrity checks read — is always kept, so refused calls never push evidence out.
MAX_ACTION_LOG = 5000


def is_refusal(action: ActionLogEntry) -> bool:
    """A write call the world refused: failed, with no event behind it, hence no parameters (attribution.py)."""
    return not action.success and not action.parameters


@dataclass(frozen=True)
class CharacterEvent:
    """A reply or RSVP the green scheduled for a character (``data`` is the UES event's data); ``executed`` once
    the simulator ran it; ``rule``: the id of the scripted rule whose facts it carries (whoever chose the words).
    Graders read what characters said from these, never from state the purple can write."""

    character_id: str
    modality: str
    at: datetime
    data: dict[str, Any]
    event_id: str | None = None
    executed: bool = False
    rule: str | None = None


@dataclass(frozen=True)
class Person:
    """Someone of the trial's world: a character's id, name, and the address and number they are known by."""

    character_id: str
    name: str
    email: str | None = None
    phone: str | None = None


@dataclass(frozen=True)
class ScenarioBrief:
    """What a reader of a trial is told of its scenario, as the trial's world had it (a generated world draws its own
    people, request and wording): taken when the trial starts, so that nothing afterwards (the HTML report) needs the
    world made again (``trial.brief_of`` takes it). ``criteria``: each criterion's wording, by criterion id."""

    name: str
    description: str
    user_prompt: str
    user_name: str
    people: tuple[Person, ...] = ()
    criteria: tuple[tuple[str, str], ...] = ()


@dataclass
class TrialRecord:
    """Everything a trial produced. Filled in by ``Trial`` as it runs, frozen (``freeze``) when its run returns."""

    scenario_id: str
    trial: int
    seed: int
    status: TrialStatus = TrialStatus.COMPLETED
    completion_reason: CompletionReason = CompletionReason.SCENARIO_COMPLETE
    reasons: list[ErrorReason] = field(default_factory=list)  # why it errored (TrialStatus.ERRORED)
    turns_taken: int = 0
    action_log: list[ActionLogEntry] = field(default_factory=list)
    action_log_truncated: bool = False
    actions_beyond_log: int = 0  # refused calls past MAX_ACTION_LOG, or lost with the world's log: counted, not kept
    refusals_logged: int = 0  # refused calls kept in the action log (at most MAX_ACTION_LOG)
    calls: CallTally = field(default_factory=CallTally)  # every call of the purple's key, by status
    initial_state: dict[str, dict[str, Any]] = field(default_factory=dict)
    final_state: dict[str, dict[str, Any]] = field(default_factory=dict)
    events: list[dict[str, Any]] = field(default_factory=list)
    start_time: datetime | None = None
    final_time: datetime | None = None
    errors: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    character_events: list[CharacterEvent] = field(default_factory=list)
    duration_seconds: float = 0.0
    green_overhead_ms: list[float] = field(default_factory=list)
    ues_floor_ms: list[float] = field(default_factory=list)
    brief: ScenarioBrief | None = None  # the scenario as the trial's world had it; None: not known (a bare record)
    _frozen: bool = field(default=False, init=False, repr=False, compare=False)

    def freeze(self) -> None:
        """Make the record read-only: its trial has run, and judging, rows and the report read it as it is."""
        self._frozen = True

    def __setattr__(self, name: str, value: Any) -> None:
        if getattr(self, "_frozen", False):
            raise AttributeError(f"the trial record is read-only once its trial has run (setting {name!r})")
        super().__setattr__(name, value)

    @property
    def ran(self) -> bool:
        """The trial reached the point where there is a world worth judging."""
        return bool(self.initial_state) and bool(self.final_state)

    def end(self, status: TrialStatus, reason: CompletionReason, error: Problem | None = None) -> None:
        """Record how the trial ended (and why, when it is a failure)."""
        self.status, self.completion_reason = status, reason
        if error is not None:
            self.errors.append(error)

    def errored(self, reason: ErrorReason, error: Problem) -> None:
        """Record that the trial ended for a reason that is not the purple's behaviour: it measured nothing about the
        purple (TrialStatus.ERRORED), whatever it had recorded until then."""
        self.end(TrialStatus.ERRORED, CompletionReason.ERROR, error)
        if reason not in self.reasons:
            self.reasons.append(reason)

    def blame_the_world(self, broken_reason: str) -> None:
        """The trial's world was declared dead (``broken_reason``: why, by whoever held it). Unless the trial completed,
        put that first among its errors (once): it names the world and where it ran, where the trial's own errors only
        say "unreachable at URL"; an errored trial's first reason is then ``world_lost``."""
        if self.status == TrialStatus.COMPLETED:
            return
        if not any(e.text == broken_reason for e in self.errors):
            self.errors.insert(0, Problem(kind=ProblemKind.WORLD_FAILED, text=broken_reason))
        if self.status == TrialStatus.ERRORED and ErrorReason.WORLD_LOST not in self.reasons:
            self.reasons.insert(0, ErrorReason.WORLD_LOST)

    def disbelieved(self, error: Problem) -> TrialRecord:
        """A copy of this errored record, read-only, that is the purple's after all: ``failed`` (scored on what it
        did), ``error`` saying why the green no longer believes the reason it had errored for."""
        copy = replace(self, status=TrialStatus.FAILED, reasons=[], errors=[*self.errors, error])
        copy.freeze()
        return copy

    def warn(self, kind: ProblemKind, text: str, turn: int | None = None) -> None:
        """Record a warning: something the reader of the row should know, which did not stop the trial."""
        self.warnings.append(Problem(kind=kind, text=text, turn=turn))

    @property
    def actions_taken(self) -> int:
        """Every action of the purple, also those past the action log's cap."""
        return len(self.action_log) + self.actions_beyond_log

    def add_actions(self, actions: list[ActionLogEntry]) -> None:
        """Append a turn's actions. Refused calls are kept up to ``MAX_ACTION_LOG`` in all, the rest only counted;
        every other action is always kept (see ``MAX_ACTION_LOG``)."""
        for action in actions:
            if is_refusal(action):
                if self.refusals_logged >= MAX_ACTION_LOG:
                    self.count_unlogged(1)
                    continue
                self.refusals_logged += 1
            self.action_log.append(action)

    def count_unlogged(self, refusals: int) -> None:
        """Count refused calls that are not in the action log (past its cap, or dropped by the world's own bounded
        access log before the green read them): ``actions_taken`` stays exact, the log says it is incomplete."""
        if refusals > 0:
            self.actions_beyond_log += refusals
            self.action_log_truncated = True

    def add_calls(self, calls: list[dict[str, Any]], turn: int) -> None:
        """Count a turn's calls of the purple's key (access-log entries, each seen once); the forbidden routes it
        tried are the record's ``forbidden_route`` violations, one per route, kept up to date here."""
        self.calls.add(calls, turn)
        self._forbidden_routes()

    def add_counts(self, counts: Counter[Bucket], turn: int, calls: list[dict[str, Any]]) -> None:
        """Count a turn's calls of the purple's key from the world's per-key counters (``counts``: what is new since
        the previous read; ``calls``: the access-log entries read with them), as ``add_calls`` does from entries."""
        self.calls.add_counts(counts, turn, calls)
        self._forbidden_routes()

    def _forbidden_routes(self) -> None:
        if self.calls.forbidden:
            others = [v for v in self.violations if v.type != ViolationType.FORBIDDEN_ROUTE]
            self.violations = [*self.calls.violations(), *others]
