"""One assessment: plan the trials, then run each in the context's world and build the rows and the report.

Who plays the characters and who judges is the assessment's ``LLMPlan`` (llm_plan.py); a trial's characters come
from cast.py, its judging from judgement.py, its provenance from provenance.py, and its row from results.py."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

import httpx

from green_agent.assessment.balance import balanced_days
from green_agent.assessment.cast import characters_for
from green_agent.assessment.judgement import judge_for, judge_trial
from green_agent.assessment.llm_plan import LLMPlan
from green_agent.assessment.outcome import Outcome
from green_agent.assessment.provenance import trial_provenance
from green_agent.assessment.purple_link import PurpleLink
from green_agent.assessment.record import TrialRecord
from green_agent.assessment.seeds import trial_seed, world_seed
from green_agent.assessment.trial import Assignment, Emit, Session, Trial
from green_agent.assessment.world import WorldAccess
from green_agent.config import GreenSettings
from green_agent.judging.scoring import Judgement
from green_agent.llm import LLM, CacheMode, ReplayCache, UsageMeter, preload
from green_agent.protocol import (
    AssessmentRequest,
    Composition,
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
    WorldDraw,
)
from green_agent.report import report_from_rows, write_report
from green_agent.results import summary_row, summary_text, trial_row
from green_agent.scenario_kit.attacks.registry import GOALS
from green_agent.scenario_spec import ScenarioError
from green_agent.scenarios import DEFAULT_COMPOSITION, Scenario, ScenarioLibrary, library_for
from services.ues.client import UESClient, tls_context
from ues_pool.pool import Lease

if TYPE_CHECKING:  # the gateway's server (uvicorn, Starlette) is loaded only by a green that runs one
    from green_agent.world_gateway import WorldGateway


@dataclass(frozen=True)
class PlannedTrial:
    """One trial of the plan: scenario, trial number and seed, and the world it is played in (seed, composition)."""

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
            # parts and attacks are a composable family's: with several scenarios they apply to those among them
            family = scenario.spec.family
            composable = (family is not None and family.composable) or len(ids) == 1
            compositions[scenario_id] = asked if composable else DEFAULT_COMPOSITION
            scenario.in_world(worlds[scenario_id], compositions[scenario_id])
        except ScenarioError as exc:
            field = "scenario_id" if asked.default else "parts" if asked.parts is not None else "attacks"
            raise RequestError(f"config.{field}: {exc}") from None
    if not asked.default and all(c.default for c in compositions.values()):
        raise RequestError("config.parts/attacks: none of the scenarios asked for is a family of parts (families "
                           "such as workday have parts and attacks to choose)")
    if cfg.worlds == WorldDraw.EACH:
        work = [trial for sid in ids for trial in _own_worlds(library.get(sid), cfg.seed, cfg.trials, secret,
                                                              compositions[sid])]
    else:
        work = [PlannedTrial(sid, t, trial_seed(cfg.seed, sid, t), worlds[sid], compositions[sid])
                for sid in ids for t in range(cfg.trials)]
    if cfg.num_instances is not None and cfg.num_instances < len(work):
        # Drawn before slicing, from the root seed alone: every shard draws the same instances and takes its own
        # slice of them, so shards never overlap and together run exactly num_instances.
        chosen = random.Random(f"num_instances:{cfg.seed}").sample(range(len(work)), cfg.num_instances)
        work = [work[i] for i in sorted(chosen)]
    return work[cfg.shard_index::cfg.num_shards]


def _own_worlds(scenario: Scenario, root: int, trials: int, secret: str | None,
                asked: Composition) -> list[PlannedTrial]:
    """``trials`` trials of ``scenario``, each in a world of its own; a drawn family's days in balance
    (assessment/balance.py) unless the request chose the parts or attacks. A RequestError names a world that cannot
    be made."""
    sid = scenario.scenario_id
    seeds = [world_seed(root, sid, secret, trial=t) for t in range(trials)]
    family = scenario.spec.family
    compositions = [asked] * trials
    if family is not None and family.composable and asked.default:
        def fits(t: int, composition: Composition) -> bool:
            try:
                scenario.in_world(seeds[t], composition)
            except ScenarioError:
                return False
            return True
        goals = tuple(GOALS) if family.attacks else ()
        compositions = balanced_days(family.parts or scenario.drawable, trials, family.count, goals, root, fits,
                                     attacks=family.attacks)
    out = []
    for t, (seed, composition) in enumerate(zip(seeds, compositions, strict=True)):
        try:
            scenario.in_world(seed, composition)
        except ScenarioError as exc:
            raise RequestError(f"config.worlds: {exc}") from None
        out.append(PlannedTrial(sid, t, trial_seed(root, sid, t), seed, composition))
    return out


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


@dataclass(frozen=True)
class JudgedTrial:
    """A trial as run and judged: what its row is built from (``results.trial_row``), again should its record be
    remade (``disbelieved_world_claims``)."""

    scenario: Scenario
    record: TrialRecord
    judgement: Judgement
    provenance: Provenance
    usage: Usage

    def row(self, request: AssessmentRequest, assessment_id: str) -> TrialRow:
        """The trial's Result row."""
        return trial_row(record=self.record, scenario=self.scenario, judgement=self.judgement, request=request,
                         assessment_id=assessment_id, provenance=self.provenance, usage=self.usage)


class ScenarioRunner:
    """``AssessmentRunner`` over the scenario library of the settings."""

    def __init__(self, settings: GreenSettings, library: ScenarioLibrary | None = None,
                 gateway: WorldGateway | None = None) -> None:
        """``gateway``: the green's world gateway (serving; its owner starts and stops it): purples reach their worlds
        through it. None: they are told each world's own address."""
        self.settings = settings
        self.gateway = gateway
        self.library = library or library_for(settings)
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
        """The request's trials (``plan``), its worlds drawn with the settings' held-out secret."""
        return plan(request, self.library, self.settings.heldout)

    async def run(self, request: AssessmentRequest, work: list[PlannedTrial], *, assessment_id: str, lease: Lease,
                  emit: Emit, cancel: asyncio.Event) -> Outcome:
        """Run every planned trial in the context's world and return the Result rows."""
        cfg = request.config

        async def progress(update: ProgressUpdate) -> None:
            if cfg.verbose_updates or update.type.essential:
                await emit(update)

        judged: list[JudgedTrial] = []
        cancelled = False
        llm_plan = LLMPlan.decide(self.settings, request)
        async with httpx.AsyncClient(timeout=60, verify=tls_context()) as http:
            session = Session(assessment_id, cfg, PurpleLink(request.participant_url, lease.context_id, http=http),
                              progress, cancel, notes=llm_plan.warnings, oracle_plans=self.settings.oracle_plans_dir)
            world = WorldAccess(UESClient(lease.url, lease.admin_key, http=http), lease.advertised_url,
                                gateway=self.gateway, watch=lease)
            for item in work:
                if cancel.is_set():
                    cancelled = True
                    break
                judged.append(await self._trial(request, item, llm_plan, lease, session, world))
                if judged[-1].record.status == TrialStatus.CANCELLED:
                    cancelled = True
                    break
        for i, record in disbelieved_world_claims([j.record for j in judged]):
            judged[i] = replace(judged[i], record=record)
        return await self._conclude(request, assessment_id, judged, cancelled, progress)

    async def _trial(self, request: AssessmentRequest, item: PlannedTrial, llm_plan: LLMPlan, lease: Lease,
                     session: Session, world: WorldAccess) -> JudgedTrial:
        """Run one planned trial in the world and judge it."""
        scenario = self.library.get(item.scenario_id).in_world(item.world_seed, item.composition)
        meter = UsageMeter()
        characters = characters_for(scenario.spec, llm_plan, self.llm, meter, item.seed)
        record = await Trial(Assignment(scenario, item.trial, item.seed, characters), session=session,
                             world=world).run()
        judgement = await judge_trial(scenario, record, session.emit, judge_for(llm_plan, self.llm, meter, item.seed))
        provenance = trial_provenance(settings=self.settings, request=request, lease=lease, plan=llm_plan,
                                      gateway=self.gateway is not None, scenario=scenario, trial_seed=item.seed,
                                      world_seed=item.world_seed, composition=item.composition)
        return JudgedTrial(scenario, record, judgement, provenance, meter.usage())

    async def _conclude(self, request: AssessmentRequest, assessment_id: str, judged: list[JudgedTrial],
                        cancelled: bool, progress: Emit) -> Outcome:
        """The rows, the summary, the HTML report, and the update that says the assessment is over."""
        rows = [j.row(request, assessment_id) for j in judged]
        records = [j.record for j in judged]
        summary = summary_row(rows, request=request, assessment_id=assessment_id)
        text = summary_text(rows, summary)
        # Off the event loop: a trial of thousands of actions makes a long timeline, and other contexts' turns wait
        # for nothing of it.
        report = await asyncio.to_thread(report_from_rows, summary, rows, records, summary_text=text)
        path = await asyncio.to_thread(write_report, self.settings.reports_dir / f"{assessment_id}.html", report)
        await progress(ProgressUpdate(text=text.splitlines()[0], type=ProgressType.ASSESSMENT_COMPLETED, data={
            "assessment_id": assessment_id, "mean_percentage": summary.mean_percentage,
            "pass_at_1": summary.pass_at_1, "errored_trials": summary.errored_trials, "cancelled": cancelled}))
        return Outcome(summary_text=text, trials=rows, summary=summary, cancelled=cancelled, records=records,
                       report=path, report_public=not self.settings.heldout)
