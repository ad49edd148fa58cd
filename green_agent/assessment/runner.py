"""One assessment: plan the trials, run each against the context's world, judge, and build the rows."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Protocol

import httpx
import structlog

from green_agent import green_version
from green_agent.assessment.outcome import Outcome
from green_agent.assessment.purple_link import PurpleLink
from green_agent.assessment.record import TrialRecord
from green_agent.assessment.seeds import trial_seed, world_seed
from green_agent.assessment.trial import Trial
from green_agent.characters.base import Characters
from green_agent.characters.llm import LLMCharacters
from green_agent.characters.scripted import ScriptedCharacters
from green_agent.config import GreenSettings
from green_agent.judging.context import EvalContext, Judge
from green_agent.judging.llm_judge import LLMJudge
from green_agent.judging.scoring import Judgement, evaluate
from green_agent.llm import LLM, CacheMode, ReplayCache, UsageMeter, preload
from green_agent.protocol import (
    AssessmentRequest,
    CharacterMode,
    Composition,
    CriterionResult,
    ErrorReason,
    Problem,
    ProblemKind,
    ProgressType,
    ProgressUpdate,
    Provenance,
    RequestError,
    TrialRow,
    TrialStatus,
    Usage,
)
from green_agent.report import report_from_rows, write_report
from green_agent.results import summary_row, summary_text, trial_row
from green_agent.scenario_spec import ScenarioError
from green_agent.scenarios import DEFAULT_COMPOSITION, Scenario, ScenarioLibrary
from green_agent.world_gateway import WorldGateway
from services.ues.client import UESClient
from ues_pool.pool import Lease

log = structlog.get_logger("green.runner")

Emit = Callable[[ProgressUpdate], Awaitable[None]]


@dataclass(frozen=True)
class PlannedTrial:
    scenario_id: str
    trial: int
    seed: int
    world_seed: int = 0
    composition: Composition = DEFAULT_COMPOSITION


class AssessmentRunner(Protocol):
    """What the executor drives: plan a request (rejecting what cannot run), then run the plan in a world."""

    def plan(self, request: AssessmentRequest) -> list[PlannedTrial]:
        """The trials to run; raises RequestError when the request names something that cannot run."""
        ...

    async def run(self, request: AssessmentRequest, work: list[PlannedTrial], *, assessment_id: str, lease: Lease,
                  emit: Emit, cancel: asyncio.Event) -> Outcome:
        """Run ``work`` in the lease's world and return the rows (a cancel ends it early with partial rows)."""
        ...


def plan(request: AssessmentRequest, library: ScenarioLibrary, secret: str | None = None) -> list[PlannedTrial]:
    """scenarios × trials with derived seeds (seeds.py; ``secret`` is the held-out secret); with ``num_instances``
    a draw of that many of them, chosen by the root seed and kept in plan order; sliced
    ``work[shard_index::num_shards]``.

    Raises RequestError for an unknown or broken scenario, or a world its generator cannot make, so the request
    is rejected before any work.
    """
    selection = request.scenario_selection()
    ids = library.ids() if selection == "all" else list(dict.fromkeys(selection))
    if not ids:
        raise RequestError("config.scenarios: no scenarios are installed")
    cfg = request.config
    worlds = {sid: world_seed(cfg.seed, sid, secret) for sid in ids}
    asked = request.composition()
    compositions: dict[str, Composition] = {}
    for scenario_id in ids:
        try:
            scenario = library.get(scenario_id)
            # parts and attacks are a family's: with several scenarios they apply to the families among them
            compositions[scenario_id] = asked if scenario.spec.family or len(ids) == 1 else DEFAULT_COMPOSITION
            scenario.in_world(worlds[scenario_id], compositions[scenario_id])
        except ScenarioError as exc:
            field = "scenario_id" if asked.default else "parts" if asked.parts is not None else "attacks"
            raise RequestError(f"config.{field}: {exc}") from None
    if not asked.default and all(c.default for c in compositions.values()):
        raise RequestError("config.parts/attacks: none of the scenarios asked for is a family of parts (families "
                           "such as workday have parts and attacks to choose)")
    work = [PlannedTrial(sid, t, trial_seed(cfg.seed, sid, t), worlds[sid], compositions[sid])
            for sid in ids for t in range(cfg.trials)]
    if cfg.num_instances is not None and cfg.num_instances < len(work):
        # Drawn before slicing, from the root seed alone: every shard draws the same instances and takes its own
        # slice of them, so shards never overlap and together run exactly num_instances.
        chosen = random.Random(f"num_instances:{cfg.seed}").sample(range(len(work)), cfg.num_instances)
        work = [work[i] for i in sorted(chosen)]
    return work[cfg.shard_index::cfg.num_shards]


@dataclass
class LLMPlan:
    """Who plays the characters and who judges, for one assessment: the settings, the request, and what is
    configured decide it once; ``warnings`` say what was asked for and could not be given."""

    requested: CharacterMode
    mode: CharacterMode  # what the characters really are
    character_model: str | None
    judges: list[str]
    warnings: list[Problem] = field(default_factory=list)

    @classmethod
    def decide(cls, settings: GreenSettings, request: AssessmentRequest) -> LLMPlan:
        cfg = request.config
        requested = cfg.character_mode or settings.character_mode
        character_model, judges = settings.character_model, settings.jury
        warnings: list[Problem] = []
        for name, value in (("character_model", cfg.character_model), ("judge_model", cfg.judge_model)):
            if value is None:
                continue
            if not settings.llm_allow_request_models:
                warnings.append(Problem(kind=ProblemKind.CONFIG, text=(
                    f"config.{name} ignored: this server does not allow per-request models "
                    f"(GREEN_LLM_ALLOW_REQUEST_MODELS)")))
            elif name == "character_model":
                character_model = value
            else:
                judges = [value]
        mode = requested
        if requested != CharacterMode.SCRIPTED and character_model is None:
            warnings.append(Problem(kind=ProblemKind.CONFIG, text=(
                f"character_mode '{requested}' needs a character model (GREEN_CHARACTER_MODEL) and this server has "
                f"none; characters used their scripted replies")))
            mode = CharacterMode.SCRIPTED
        return cls(requested, mode, character_model if mode != CharacterMode.SCRIPTED else None, judges, warnings)

    @property
    def cache_mode(self) -> CacheMode:
        """Replay answers every LLM call of the green (characters and judge) from the cache; otherwise record."""
        return CacheMode.REPLAY if self.requested == CharacterMode.REPLAY else CacheMode.RECORD


def disbelieved_world_claims(records: list[TrialRecord]) -> list[tuple[int, TrialRecord]]:
    """The trials errored because the purple said its world was unreachable (``world_unreachable``), remade as the
    purple's (``failed``, nothing done: 0 %) when another trial of the same assessment shows it reached its world —
    same green, same door, same binding. Otherwise a purple could call every world it judges too hard unreachable,
    act in the others, and leave the hard ones out of its scores. When every trial says so, the claims stand (the
    task then ends ``failed``: the world was out of reach)."""
    reached = next((r for r in records if r.calls.total > 0), None)
    if reached is None:
        return []
    return [(i, record.disbelieved(Problem(
        kind=ProblemKind.WORLD_UNREACHABLE,
        text=f"the purple said its world was unreachable, but it reached its world in {reached.scenario_id} trial "
             f"{reached.trial} of this assessment (same green, same door): scored as the purple's, on what it did "
             f"(nothing)")))
        for i, record in enumerate(records) if record.reasons == [ErrorReason.WORLD_UNREACHABLE]]


class ScenarioRunner:
    """``AssessmentRunner`` over the scenario library of the settings."""

    def __init__(self, settings: GreenSettings, library: ScenarioLibrary | None = None,
                 gateway: WorldGateway | None = None) -> None:
        """``gateway``: the green's world gateway (serving; its owner starts and stops it): purples reach their worlds
        through it. None: they are told each world's own address."""
        self.settings = settings
        self.gateway = gateway
        self.library = library or ScenarioLibrary(settings.scenarios_dir)
        self._llms: dict[CacheMode, LLM] = {}
        if settings.character_model or settings.jury:
            preload()

    def llm(self, mode: CacheMode) -> LLM:
        """One LLM door per cache mode for the runner's life (it holds the per-model concurrency limits)."""
        if mode not in self._llms:
            s = self.settings
            self._llms[mode] = LLM(mode=mode, cache=ReplayCache(s.replay_dir), api_base=s.llm_api_base,
                                   api_key=s.llm_api_key, timeout_s=s.llm_timeout_s, max_retries=s.llm_max_retries,
                                   concurrency=s.llm_concurrency)
        return self._llms[mode]

    def plan(self, request: AssessmentRequest) -> list[PlannedTrial]:
        return plan(request, self.library, self.settings.heldout)

    async def run(self, request: AssessmentRequest, work: list[PlannedTrial], *, assessment_id: str, lease: Lease,
                  emit: Emit, cancel: asyncio.Event) -> Outcome:
        """Run every planned trial in the context's world and return the Result rows."""
        cfg = request.config

        async def progress(update: ProgressUpdate) -> None:
            if cfg.verbose_updates or update.type.essential:
                await emit(update)

        rows: list[TrialRow] = []
        records: list[TrialRecord] = []
        row_of: list[Callable[[TrialRecord], TrialRow]] = []
        cancelled = False
        llm_plan = LLMPlan.decide(self.settings, request)
        async with httpx.AsyncClient(timeout=60) as http:
            link = PurpleLink(request.participant_url, lease.context_id, http=http)
            ues = UESClient(lease.url, lease.admin_key, http=http)
            for item in work:
                if cancel.is_set():
                    cancelled = True
                    break
                scenario = self.library.get(item.scenario_id).in_world(item.world_seed, item.composition)
                meter = UsageMeter()
                trial = Trial(scenario=scenario, trial=item.trial, seed=item.seed, config=cfg, ues=ues,
                              advertised_url=lease.advertised_url, link=link, assessment_id=assessment_id,
                              emit=progress, cancel=cancel,
                              characters=self._characters(scenario, llm_plan, meter, item.seed),
                              oracle_plans=self.settings.oracle_plans_dir, notes=llm_plan.warnings,
                              broken_reason=lambda: lease.broken_reason, gateway=self.gateway)
                record = await trial.run()
                judge = LLMJudge(self.llm(llm_plan.cache_mode), llm_plan.judges, meter, item.seed) \
                    if llm_plan.judges else None
                judgement = await self._judge(scenario, record, item, progress, judge)
                provenance, usage = self._provenance(request, scenario, lease, item, llm_plan), meter.usage()

                def row(record: TrialRecord, scenario: Scenario = scenario, judgement: Judgement = judgement,
                        provenance: Provenance = provenance, usage: Usage = usage) -> TrialRow:
                    return trial_row(record=record, scenario=scenario, judgement=judgement, request=request,
                                     assessment_id=assessment_id, provenance=provenance, usage=usage)

                rows.append(row(record))
                records.append(record)
                row_of.append(row)
                if record.status == TrialStatus.CANCELLED:
                    cancelled = True
                    break
        for i, record in disbelieved_world_claims(records):
            records[i], rows[i] = record, row_of[i](record)
        summary = summary_row(rows, request=request, assessment_id=assessment_id)
        text = summary_text(rows, summary)
        # Off the event loop: a trial of thousands of actions makes a long timeline, and other contexts' turns wait
        # for nothing of it.
        report = await asyncio.to_thread(report_from_rows, summary, rows, records, summary_text=text,
                                         library=self.library)
        path = await asyncio.to_thread(write_report, self.settings.reports_dir / f"{assessment_id}.html", report)
        await progress(ProgressUpdate(text=text.splitlines()[0], type=ProgressType.ASSESSMENT_COMPLETED, data={
            "assessment_id": assessment_id, "mean_percentage": summary.mean_percentage,
            "pass_at_1": summary.pass_at_1, "errored_trials": summary.errored_trials, "cancelled": cancelled}))
        return Outcome(summary_text=text, trials=rows, summary=summary, cancelled=cancelled, records=records,
                       report=path, report_public=not self.settings.heldout)

    def _characters(self, scenario: Scenario, plan: LLMPlan, meter: UsageMeter,
                    seed: int) -> Callable[[str, str, random.Random], Characters]:
        def make(user_email: str, user_phone: str, rng: random.Random) -> Characters:
            # The scripted fallback draws from a generator of its own, so a fallback never shifts the LLM path's draws.
            scripted = ScriptedCharacters(scenario.spec, rng if plan.character_model is None
                                          else random.Random(seed ^ 0x5CA1AB1E), user_email, user_phone)
            if plan.character_model is None:
                return scripted
            return LLMCharacters(scenario.spec, rng, user_email, user_phone, self.llm(plan.cache_mode),
                                 plan.character_model, meter, scripted)

        return make

    async def _judge(self, scenario: Scenario, record: TrialRecord, item: PlannedTrial,
                     progress: Emit, judge: Judge | None) -> Judgement:
        where = {"scenario_id": item.scenario_id, "trial": item.trial}
        if record.errors:
            await progress(ProgressUpdate(text=f"{item.scenario_id} trial {item.trial}: {record.errors[0]}",
                                          type=ProgressType.ERROR_OCCURRED,
                                          data={**where, "errors": [str(e) for e in record.errors]}))
        if not record.ran or record.status == TrialStatus.ERRORED:  # an errored trial measured nothing to judge
            return Judgement([], list(record.violations))
        await progress(ProgressUpdate(text=f"Evaluating {item.scenario_id} trial {item.trial}",
                                      type=ProgressType.EVALUATION_STARTED, data=where))

        async def on_result(r: CriterionResult) -> None:
            score = f" {r.score:g}/{r.max_score:g}" if r.score is not None else ""
            await progress(ProgressUpdate(text=f"{r.name}: {r.status}{score}", type=ProgressType.CRITERION_EVALUATED,
                                          data={**where, **r.model_dump(mode="json", exclude={"details"})}))

        return await evaluate(scenario, EvalContext.of(record, scenario.spec, scenario.truth), on_result, judge)

    def _provenance(self, request: AssessmentRequest, scenario: Scenario, lease: Lease, item: PlannedTrial,
                    plan: LLMPlan) -> Provenance:
        return Provenance(
            green_version=green_version(), scenario_version=scenario.spec.version,
            scenario_hash=scenario.content_hash, ues_backend=lease.backend, ues_instance=lease.instance_id,
            ues_image=self.settings.ues_image if lease.backend == "docker" else None,
            character_mode=plan.mode, character_mode_requested=plan.requested, character_model=plan.character_model,
            judge_model=", ".join(plan.judges) or None, root_seed=request.config.seed, trial_seed=item.seed,
            world_seed=None if self.settings.heldout else item.world_seed, heldout=bool(self.settings.heldout),
            composition=item.composition if scenario.spec.family else None,
            participant_url_given=request.participant_url_given, world_gateway=self.gateway is not None)
