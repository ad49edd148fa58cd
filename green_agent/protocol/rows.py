"""The result rows (protocol.md §3): one ``TrialRow`` per (scenario, trial) and one ``SummaryRow`` per assessment,
with the blocks they are made of."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

from green_agent.protocol.composition import Composition
from green_agent.protocol.problems import WireProblem
from green_agent.protocol.request import CharacterMode
from green_agent.protocol.status import CompletionReason, CriterionStatus, ErrorReason, TrialStatus
from green_agent.protocol.violations import Violation
from services.protocol.messages import PROTOCOL


class ActionLogEntry(BaseModel):
    """One thing the purple did in the world (protocol.md §3 ``action_log``)."""

    turn: int
    timestamp: datetime
    action: str
    parameters: dict[str, Any] = {}
    success: bool = True
    error_message: str | None = None


class CriterionResult(BaseModel):
    criterion_id: str
    name: str
    dimension: str
    score: float | None
    max_score: float
    method: Literal["programmatic", "llm"]
    status: CriterionStatus
    required: bool = False
    explanation: str = ""
    details: Any = None


class CallCounts(BaseModel):
    """Every HTTP call the purple's key made in the trial, read from the world's access log (all of it, page by
    page, each turn): ``total``; ``refused`` (status ≥ 400: 401/403/404/405/413/422/429, any method); ``by_status``
    maps each status code (as a string, JSON keys are strings) to how many calls got it. Integers only."""

    total: int = 0
    refused: int = 0
    by_status: dict[str, int] = {}


class DimensionScore(BaseModel):
    dimension: str
    score: float
    max_score: float


class ScoreTotal(BaseModel):
    score: float
    max_score: float


class Scores(BaseModel):
    """The reference green agent's score block, kept for its leaderboards."""

    overall: ScoreTotal
    dimensions: dict[str, ScoreTotal]


class RoleUsage(BaseModel):
    """LLM use by one role. ``cost_usd`` is None when the model cannot be priced — never a made-up 0."""

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float | None = None


class Usage(BaseModel):
    characters: RoleUsage = RoleUsage()
    judge: RoleUsage = RoleUsage()


class PartVersion(BaseModel):
    """A part a world held: its key, the pack it came from and its version, and the pack that worded it."""

    part: str
    pack: str
    version: int
    wording: str | None = None  # the pack whose held-out wording its messages used (None: its own pack's)


class Provenance(BaseModel):
    """Everything needed to say where a row came from and to rerun it."""

    green_version: str
    scenario_version: str
    scenario_hash: str
    ues_backend: str
    ues_instance: str
    ues_image: str | None
    character_mode: CharacterMode
    character_mode_requested: CharacterMode
    character_model: str | None
    judge_model: str | None
    root_seed: int
    trial_seed: int
    # The world the trial ran in; None when the world seed is held out (a secret mixed into it).
    world_seed: int | None = None
    heldout: bool = False
    # A family's world: the composition it was drawn with (with the world seed, it makes the world again).
    composition: Composition | None = None
    # The participant URL as the request gave it when the green called another (``participant_url``); else None.
    participant_url_given: str | None = None
    # The purple reached its world through the green's world gateway, which counted its calls (protocol.md §5).
    world_gateway: bool = False
    # A family's world: each part it held, with its pack and version (a private pack's part is named like a public one).
    parts: list[PartVersion] = []


class Timing(BaseModel):
    """Green overhead per turn (reply received → next turn_start) and the UES round trips inside it."""

    turn_samples: int
    green_overhead_ms_p50: float | None
    green_overhead_ms_p95: float | None
    ues_floor_ms_p50: float | None
    ues_floor_ms_p95: float | None


class AttackOutcome(BaseModel):
    """One attack a day carried (scenario_kit.attacks): ``goal/style/carrier`` and whether its goal was reached
    (None when its criterion could not be scored)."""

    attack_id: str
    goal: str
    style: str
    carrier: str
    succeeded: bool | None


class PartScore(BaseModel):
    """One part of a family's day (its criteria's scored points), so a leaderboard can rank by part."""

    part: str
    pack: str  # the pack the part came from ("public", or a private pack's name)
    version: int  # the part's version: its worlds and grading change only with it
    wording: str | None = None  # the pack that worded its messages anew (None: its own pack's words)
    score: float
    max_score: float
    percentage: float
    passed: bool  # every required criterion of the part met


class TrialRow(BaseModel):
    """One (scenario, trial) run — protocol.md §3 trial row."""

    row_type: Literal["trial"] = "trial"
    protocol: str = PROTOCOL
    assessment_id: str
    scenario_id: str
    scenario_version: str
    # The parts a family's world is composed of (a workday's tasks), in the order the request names them; empty for
    # a scenario of one task.
    parts: list[str] = Field(default_factory=list)
    # Attacks (a family's day may carry them): ``utility`` is the percentage of the task's criteria (those of no
    # attack), before an attack's violation caps the trial; ``utility_under_attack`` the same when the day carried
    # attacks (else None); ``attacks`` each attack and its outcome; ``attack_success_rate`` the share reached.
    utility: float | None = None
    utility_under_attack: float | None = None
    attacks: list[AttackOutcome] = Field(default_factory=list)
    attack_success_rate: float | None = None
    part_scores: list[PartScore] = Field(default_factory=list)
    # The world's identity (Scenario.world_digest): rows of two purples with one digest faced the same world, so they
    # pair (``green-agent compare``); it names neither the seed nor the held-out secret.
    world_digest: str = ""
    trial: int
    seed: int
    participant: str  # the role the request gave the purple
    participant_url: str  # the URL the green called (provenance.participant_url_given: the one the request gave)
    # The purple's AgentBeats id when the request names it (config.agentbeats_ids); None otherwise, never guessed.
    participant_id: str | None = None
    status: TrialStatus
    # Why the trial errored (``status`` errored), one code per cause; empty otherwise.
    reasons: list[ErrorReason] = Field(default_factory=list)
    completion_reason: CompletionReason
    score: float
    max_score: float
    percentage: float
    dimension_scores: list[DimensionScore]
    passed: bool
    scores: Scores
    criteria_results: list[CriterionResult]
    skipped_criteria: int
    turns_taken: int
    # Every action the purple attempted — events it caused (executed or failed) and write calls the world refused —
    # counted exactly, also past the action log's cap (``action_log_truncated``).
    actions_taken: int
    calls: CallCounts = Field(default_factory=CallCounts)
    duration_seconds: float
    sim_seconds: float
    action_log: list[ActionLogEntry]
    action_log_truncated: bool
    usage: Usage
    errors: list[WireProblem]
    warnings: list[WireProblem]
    violations: list[Violation]
    provenance: Provenance
    timing: Timing

    def wire(self) -> dict[str, Any]:
        """The row as published: small and flat enough for a leaderboard — the counts stay (``actions_taken``),
        the action log and the criteria's per-item ``details`` go to the assessment's report instead."""
        return self.model_dump(mode="json", exclude={"action_log": True,
                                                     "criteria_results": {"__all__": {"details"}}})


class ScenarioSummary(BaseModel):
    """One scenario's aggregates. ``pass_hat_k``/``pass_at_k`` are 1.0 or 0.0 (all / any of its trials passed):
    numbers, like the summary row's fields of the same names, which are their mean over scenarios."""

    scenario_id: str
    trials: int
    mean_percentage: float
    pass_rate: float
    pass_hat_k: float
    pass_at_k: float
    statuses: dict[str, int]
    # 95 % t-interval of mean_percentage over this scenario's trials (one world, so within-world noise); null below
    # two trials.
    mean_percentage_ci95: tuple[float, float] | None = None
    # Smallest difference in mean_percentage another run of as many trials must have to be told apart from this one
    # (two-sided two-sample t-test, alpha 0.05, power 0.8, this run's spread); null below two trials.
    detectable_difference: float | None = None


class SummaryRow(BaseModel):
    """Aggregates over the trial rows of one assessment — protocol.md §3 summary row."""

    row_type: Literal["summary"] = "summary"
    protocol: str = PROTOCOL
    assessment_id: str
    participant: str
    participant_url: str
    scenarios: int
    trials: int  # the trials scored: every one but the errored
    k: int
    mean_percentage: float
    pass_at_1: float
    pass_at_1_ci95: tuple[float, float]
    pass_hat_k: float
    pass_at_k: float
    pass_hat_by_k: list[float]
    per_scenario: list[ScenarioSummary]
    shard_index: int
    num_shards: int
    warnings: list[str]
    # As ScenarioSummary's, for mean_percentage: the spread is pooled within scenarios (the scenario set is fixed);
    # null when no scenario ran two trials.
    mean_percentage_ci95: tuple[float, float] | None = None
    detectable_difference: float | None = None
    # The smallest difference in mean_percentage between this purple and another that faced the same worlds which a
    # paired t-test (alpha 0.05, power 0.8) detects at this row's number of distinct worlds, from the spread of
    # per-world differences the green's calibration measured for this kind of board (classic scenarios, composed
    # days, or both: green_agent/judging/paired_calibration.json); null below two worlds.
    paired_detectable_difference: float | None = None
    # Attacks (TrialRow): mean utility of the trials whose day carried none, and of those that carried some; the
    # targeted attack success rate over every attack of the run; how many attacks ran. None / 0 without them.
    utility: float | None = None
    utility_under_attack: float | None = None
    attack_success_rate: float | None = None
    attacks: int = 0
    # Trials that errored (TrialStatus.ERRORED): not in ``trials`` and in none of the means and rates.
    errored_trials: int = 0

    def wire(self) -> dict[str, Any]:
        """The row as published."""
        return self.model_dump(mode="json")
