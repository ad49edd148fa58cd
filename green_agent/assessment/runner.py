"""One assessment: plan the trials, run each against the context's world, judge, and build the rows."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

import httpx
import structlog
from pydantic import BaseModel

from green_agent import green_version
from green_agent.assessment.purple_link import PurpleLink
from green_agent.assessment.record import TrialRecord
from green_agent.assessment.trial import Trial, trial_seed
from green_agent.config import GreenSettings
from green_agent.judging.context import EvalContext
from green_agent.judging.scoring import evaluate
from green_agent.protocol import (
    AssessmentRequest,
    CharacterMode,
    CriterionResult,
    ProgressType,
    ProgressUpdate,
    Provenance,
    RequestError,
    SummaryRow,
    TrialRow,
    TrialStatus,
    Usage,
)
from green_agent.results import summary_row, summary_text, trial_row
from green_agent.scenarios import Scenario, ScenarioError, ScenarioLibrary
from services.ues.client import UESClient
from ues_pool.pool import Lease

log = structlog.get_logger("green.runner")

Emit = Callable[[ProgressUpdate], Awaitable[None]]


@dataclass(frozen=True)
class PlannedTrial:
    scenario_id: str
    trial: int
    seed: int


@dataclass
class Outcome:
    """What an assessment produced: the rows of its Result artifact and the human summary."""

    summary_text: str
    trials: list[TrialRow]
    summary: SummaryRow
    cancelled: bool = False

    @property
    def rows(self) -> list[BaseModel]:
        """Every row in artifact order: the trials, then the summary."""
        return [*self.trials, self.summary]


class AssessmentRunner(Protocol):
    """What the executor drives: plan a request (rejecting what cannot run), then run the plan in a world."""

    def plan(self, request: AssessmentRequest) -> list[PlannedTrial]:
        """The trials to run; raises RequestError when the request names something that cannot run."""
        ...

    async def run(self, request: AssessmentRequest, work: list[PlannedTrial], *, assessment_id: str, lease: Lease,
                  emit: Emit, cancel: asyncio.Event) -> Outcome:
        """Run ``work`` in the lease's world and return the rows (a cancel ends it early with partial rows)."""
        ...


def plan(request: AssessmentRequest, library: ScenarioLibrary) -> list[PlannedTrial]:
    """scenarios × trials with derived seeds, sliced ``work[shard_index::num_shards]``.

    Raises RequestError for an unknown or broken scenario, so the request is rejected before any work.
    """
    selection = request.scenario_selection()
    ids = library.ids() if selection == "all" else list(dict.fromkeys(selection))
    if not ids:
        raise RequestError("config.scenarios: no scenarios are installed")
    for scenario_id in ids:
        try:
            library.get(scenario_id)
        except ScenarioError as exc:
            raise RequestError(f"config.scenario_id: {exc}") from None
    cfg = request.config
    work = [PlannedTrial(sid, t, trial_seed(cfg.seed, sid, t)) for sid in ids for t in range(cfg.trials)]
    return work[cfg.shard_index::cfg.num_shards]


def _judge_context(scenario: Scenario, record: TrialRecord, ues: UESClient) -> EvalContext:
    assert record.start_time is not None and record.final_time is not None
    return EvalContext(
        scenario=scenario.spec, action_log=tuple(record.action_log), initial_state=record.initial_state,
        final_state=record.final_state, events=tuple(record.events),
        chat_transcript=tuple(record.final_state.get("chat", {}).get("messages", [])),
        start_time=record.start_time, end_time=scenario.spec.end_time, final_time=record.final_time,
        turns_taken=record.turns_taken,
        user_email=record.initial_state.get("email", {}).get("user_email_address", ""),
        user_phone=record.initial_state.get("sms", {}).get("user_phone_number", ""),
        ues=ues, llm=None)


class ScenarioRunner:
    """``AssessmentRunner`` over the scenario library of the settings."""

    def __init__(self, settings: GreenSettings, library: ScenarioLibrary | None = None) -> None:
        self.settings = settings
        self.library = library or ScenarioLibrary(settings.scenarios_dir)

    def plan(self, request: AssessmentRequest) -> list[PlannedTrial]:
        return plan(request, self.library)

    async def run(self, request: AssessmentRequest, work: list[PlannedTrial], *, assessment_id: str, lease: Lease,
                  emit: Emit, cancel: asyncio.Event) -> Outcome:
        """Run every planned trial in the context's world and return the Result rows."""
        cfg = request.config

        async def progress(update: ProgressUpdate) -> None:
            if cfg.verbose_updates or update.type.essential:
                await emit(update)

        rows: list[TrialRow] = []
        cancelled = False
        async with httpx.AsyncClient(timeout=60) as http:
            link = PurpleLink(request.participant_url, lease.context_id, http=http)
            ues = UESClient(lease.url, lease.admin_key, http=http)
            for item in work:
                if cancel.is_set():
                    cancelled = True
                    break
                scenario = self.library.get(item.scenario_id)
                trial = Trial(scenario=scenario, trial=item.trial, seed=item.seed, config=cfg, ues=ues,
                              advertised_url=lease.advertised_url, link=link, assessment_id=assessment_id,
                              emit=progress, cancel=cancel)
                record = await trial.run()
                requested = self._requested_mode(request)
                if requested != CharacterMode.SCRIPTED:
                    record.warnings.insert(0, f"character_mode '{requested}' is not available on this server (no "
                                              f"character model / replay cache configured); characters used their "
                                              f"scripted replies")
                results = await self._judge(scenario, record, ues, item, progress)
                rows.append(trial_row(record=record, scenario=scenario, results=results, request=request,
                                      assessment_id=assessment_id, provenance=self._provenance(request, scenario,
                                                                                               lease, item),
                                      usage=Usage()))
                if record.status == TrialStatus.CANCELLED:
                    cancelled = True
                    break
        summary = summary_row(rows, request=request, assessment_id=assessment_id)
        text = summary_text(rows, summary)
        await progress(ProgressUpdate(text=text.splitlines()[0], type=ProgressType.ASSESSMENT_COMPLETED, data={
            "assessment_id": assessment_id, "mean_percentage": summary.mean_percentage,
            "pass_at_1": summary.pass_at_1, "cancelled": cancelled}))
        return Outcome(summary_text=text, trials=rows, summary=summary, cancelled=cancelled)

    async def _judge(self, scenario: Scenario, record: TrialRecord, ues: UESClient, item: PlannedTrial,
                     progress: Emit) -> list[CriterionResult]:
        where = {"scenario_id": item.scenario_id, "trial": item.trial}
        if record.errors:
            await progress(ProgressUpdate(text=f"{item.scenario_id} trial {item.trial}: {record.errors[0]}",
                                          type=ProgressType.ERROR_OCCURRED, data={**where, "errors": record.errors}))
        if not record.ran:
            return []
        await progress(ProgressUpdate(text=f"Evaluating {item.scenario_id} trial {item.trial}",
                                      type=ProgressType.EVALUATION_STARTED, data=where))

        async def on_result(r: CriterionResult) -> None:
            score = f" {r.score:g}/{r.max_score:g}" if r.score is not None else ""
            await progress(ProgressUpdate(text=f"{r.name}: {r.status}{score}", type=ProgressType.CRITERION_EVALUATED,
                                          data={**where, **r.model_dump(mode="json", exclude={"details"})}))

        return await evaluate(scenario, _judge_context(scenario, record, ues), on_result)

    def _requested_mode(self, request: AssessmentRequest) -> CharacterMode:
        return request.config.character_mode or CharacterMode(self.settings.character_mode)

    def _provenance(self, request: AssessmentRequest, scenario: Scenario, lease: Lease,
                    item: PlannedTrial) -> Provenance:
        return Provenance(
            green_version=green_version(), scenario_version=scenario.spec.version,
            scenario_hash=scenario.content_hash, ues_backend=lease.backend, ues_instance=lease.instance_id,
            ues_image=self.settings.ues_image if lease.backend == "docker" else None,
            character_mode=CharacterMode.SCRIPTED, character_mode_requested=self._requested_mode(request),
            character_model=None,
            judge_model=None, root_seed=request.config.seed, trial_seed=item.seed)
