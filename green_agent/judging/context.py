"""What an evaluator sees: a read-only record of one trial, and the interface of the LLM judge."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from green_agent.assessment.record import CharacterEvent, TrialRecord
from green_agent.protocol import ActionLogEntry, CriterionResult, Violation
from green_agent.scenario_spec import Criterion, ScenarioSpec


class Judge(Protocol):
    """Scores the LLM-judged criteria (``evaluation_prompt``) of a recorded trial.

    ``base`` holds the fields every result of the criterion carries (criterion_id, name, dimension,
    max_score, method, required); the judge returns them completed with score, status and explanation.
    """

    async def score(self, criterion: Criterion, ctx: EvalContext, base: dict[str, Any]) -> CriterionResult: ...


@dataclass(frozen=True)
class EvalContext:
    """Read-only access to the scenario, the purple's actions and the world before and after.

    ``initial_state`` / ``final_state`` map modality (email, sms, calendar, chat) to its full
    ``GET /<modality>/state`` body. ``events`` is every executed or failed event of the trial.
    ``chat_transcript`` is the final chat message list. Field names follow the reference green agent where it
    has one (``action_log`` entries with ``turn``, ``timestamp``, ``action``,
    ``parameters``), so its evaluators run unchanged.

    ``truth`` is the ground truth of the trial's world (its generator's draw; empty for a scenario without a
    generator). ``violations`` are the violations the green found (forgeries, chat as the user, forbidden routes).
    ``character_events`` are the replies and RSVPs the green scheduled for characters: the only trustworthy record
    of what a character said, since the purple's key can write messages that look like theirs.
    """

    scenario: ScenarioSpec
    action_log: tuple[ActionLogEntry, ...]
    initial_state: dict[str, dict[str, Any]]
    final_state: dict[str, dict[str, Any]]
    events: tuple[dict[str, Any], ...]
    chat_transcript: tuple[dict[str, Any], ...]
    start_time: datetime
    end_time: datetime
    final_time: datetime
    turns_taken: int
    user_email: str
    user_phone: str
    # The reference format's evaluators look here for an LLM of their own; ours grade without one (LLM-judged
    # criteria go through the judge), so it stays None — kept so that their folders load and run unchanged.
    llm: Judge | None = None
    truth: Mapping[str, Any] = field(default_factory=dict)
    violations: tuple[Violation, ...] = ()
    character_events: tuple[CharacterEvent, ...] = ()
    # The criterion being graded (set for each evaluator call): one evaluator may grade several criteria, such as the
    # attack criterion of each attack a day carries (``criterion.attack``).
    criterion: Criterion | None = None

    @classmethod
    def of(cls, record: TrialRecord, spec: ScenarioSpec, truth: Mapping[str, Any]) -> EvalContext:
        """What the evaluators of ``spec`` (in the world whose ground truth is ``truth``) see of a trial that ran
        (``record.ran``)."""
        assert record.start_time is not None and record.final_time is not None
        return cls(
            scenario=spec, action_log=tuple(record.action_log), initial_state=record.initial_state,
            final_state=record.final_state, events=tuple(record.events),
            chat_transcript=tuple(record.final_state.get("chat", {}).get("messages", [])),
            start_time=record.start_time, end_time=spec.end_time, final_time=record.final_time,
            turns_taken=record.turns_taken,
            user_email=record.initial_state.get("email", {}).get("user_email_address", ""),
            user_phone=record.initial_state.get("sms", {}).get("user_phone_number", ""),
            truth=truth, violations=tuple(record.violations), character_events=tuple(record.character_events))

    def actions(self, *names: str, successful_only: bool = True) -> list[ActionLogEntry]:
        """The purple's actions named ``modality.operation`` (e.g. ``email.send``), in order."""
        return [a for a in self.action_log if (not names or a.action in names) and (a.success or not successful_only)]

    def said_by(self, character_id: str, modality: str | None = None) -> list[CharacterEvent]:
        """What ``character_id`` said (replies and RSVPs the green scheduled for them and the simulator ran), in
        order; only ``modality`` when given."""
        return [e for e in self.character_events if e.character_id == character_id and e.executed
                and (modality is None or e.modality == modality)]

    def assistant_messages(self) -> list[dict[str, Any]]:
        """Chat messages the assistant posted, in order."""
        return [m for m in self.chat_transcript if m.get("role") == "assistant"]
