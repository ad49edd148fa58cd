"""One assessment: plan the trials, run each against the context's world, judge, and build the rows."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import httpx
import structlog

from green_agent.assessment.purple_link import PurpleLink
from green_agent.assessment.trial import Trial, TrialRecord, trial_seed
from green_agent.config import GreenSettings
from green_agent.judging.context import EvalContext
from green_agent.judging.scoring import evaluate
from green_agent.protocol import ESSENTIAL_UPDATES, AssessmentRequest, CriterionResult, ProgressUpdate, RequestError
from green_agent.results import green_version, summary_row, summary_text, trial_row
from green_agent.scenarios import Scenario, ScenarioError, ScenarioLibrary
from green_agent.ues_client import UESClient

log = structlog.get_logger("green.runner")


@dataclass(frozen=True)
class PlannedTrial:
    scenario_id: str
    trial: int
    seed: int


@dataclass
class Outcome:
    summary_text: str
    rows: list[dict[str, Any]]
    cancelled: bool = False


@lru_cache(maxsize=1)
def default_library() -> ScenarioLibrary:
    return ScenarioLibrary(GreenSettings().scenarios_dir)


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


async def run_assessment(request: AssessmentRequest, *, assessment_id: str, context_id: str, lease: Any,
                         emit: Callable[[ProgressUpdate], Awaitable[None]], cancel: asyncio.Event,
                         library: ScenarioLibrary | None = None,
                         settings: GreenSettings | None = None) -> Outcome:
    """Run every planned trial of the request in the context's world and return the Result rows."""
    library = library or default_library()
    settings = settings or GreenSettings()
    work = plan(request, library)
    cfg = request.config
    verbose = cfg.verbose_updates
    requested_mode = cfg.character_mode or settings.character_mode
    mode_warnings = [] if requested_mode == "scripted" else [
        f"character_mode '{requested_mode}' is not available on this server (no character model / replay cache "
        f"configured); characters used their scripted replies"]

    async def progress(update: ProgressUpdate) -> None:
        if verbose or update.message_type in ESSENTIAL_UPDATES:
            await emit(update)

    await progress(ProgressUpdate(
        text=f"Assessment started: {len(work)} trial(s) of {len({w.scenario_id for w in work})} scenario(s) "
             f"for {request.participant_url}",
        data={"message_type": "update_assessment_started", "assessment_id": assessment_id,
              "trials": [{"scenario_id": w.scenario_id, "trial": w.trial, "seed": w.seed} for w in work]}))
    rows: list[dict[str, Any]] = []
    cancelled = False
    async with httpx.AsyncClient(timeout=60) as http:
        link = PurpleLink(request.participant_url, context_id, http=http)
        for item in work:
            if cancel.is_set():
                cancelled = True
                break
            scenario = library.get(item.scenario_id)
            ues = UESClient(lease.url, lease.admin_key, http=http)
            trial = Trial(scenario=scenario, trial=item.trial, seed=item.seed, config=cfg, ues=ues,
                          advertised_url=lease.advertised_url, link=link, assessment_id=assessment_id,
                          emit=progress, cancel=cancel)
            record = await trial.run()
            if record.errors:
                await progress(ProgressUpdate(
                    text=f"{item.scenario_id} trial {item.trial}: {record.errors[0]}",
                    data={"message_type": "update_error_occurred", "scenario_id": item.scenario_id,
                          "trial": item.trial, "errors": record.errors}))
            results: list[CriterionResult] = []
            if record.ran:
                await progress(ProgressUpdate(text=f"Evaluating {item.scenario_id} trial {item.trial}",
                                              data={"message_type": "update_evaluation_started",
                                                    "scenario_id": item.scenario_id, "trial": item.trial}))

                async def on_result(r: CriterionResult, _item: PlannedTrial = item) -> None:
                    await progress(ProgressUpdate(
                        text=f"{r.name}: {r.status}" + (f" {r.score:g}/{r.max_score:g}" if r.score is not None
                                                        else ""),
                        data={"message_type": "update_criterion_evaluated", "scenario_id": _item.scenario_id,
                              "trial": _item.trial, **r.model_dump(mode="json", exclude={"details"})}))

                results = await evaluate(scenario, _judge_context(scenario, record, ues), on_result)
            provenance = {"green_version": green_version(), "scenario_version": scenario.spec.version,
                          "scenario_hash": scenario.content_hash, "ues_backend": lease.backend,
                          "ues_instance": lease.instance_id, "ues_image": settings.ues_image
                          if lease.backend == "docker" else None,
                          "character_mode": "scripted", "character_mode_requested": requested_mode,
                          "character_model": None, "judge_model": None,
                          "root_seed": cfg.seed, "trial_seed": item.seed}
            usage = {"characters": {"calls": 0, "prompt_tokens": 0, "completion_tokens": 0, "cost_usd": None},
                     "judge": {"calls": 0, "prompt_tokens": 0, "completion_tokens": 0, "cost_usd": None}}
            record.warnings[:0] = mode_warnings
            rows.append(trial_row(record=record, scenario=scenario, results=results, request=request,
                                  assessment_id=assessment_id, provenance=provenance, usage=usage))
            if record.status == "cancelled":
                cancelled = True
                break
    rows.append(summary_row(rows, request=request, assessment_id=assessment_id, warnings=request.warnings))
    text = summary_text(rows, assessment_id)
    await progress(ProgressUpdate(text=text.splitlines()[0], data={
        "message_type": "update_assessment_completed", "assessment_id": assessment_id,
        "mean_percentage": rows[-1]["mean_percentage"], "pass_at_1": rows[-1]["pass_at_1"],
        "cancelled": cancelled}))
    return Outcome(summary_text=text, rows=rows, cancelled=cancelled)
