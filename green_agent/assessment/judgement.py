"""Judging one trial as an assessment does: the judge the assessment's plan names, progress said as criteria are
scored, and an errored trial (or one that never reached its world) left unjudged."""

from __future__ import annotations

from collections.abc import Callable

from green_agent.assessment.llm_plan import LLMPlan
from green_agent.assessment.record import TrialRecord
from green_agent.assessment.trial import Emit
from green_agent.judging.context import EvalContext, Judge
from green_agent.judging.llm_judge import LLMJudge
from green_agent.judging.scoring import Judgement, evaluate
from green_agent.llm import LLM, CacheMode, UsageMeter
from green_agent.protocol import CriterionResult, ProgressType, ProgressUpdate, TrialStatus
from green_agent.scenarios import Scenario


def judge_for(plan: LLMPlan, llm: Callable[[CacheMode], LLM], meter: UsageMeter, seed: int) -> Judge | None:
    """The LLM judge (or jury) of a trial of seed ``seed``, its cost counted by ``meter``; None when the plan names
    no judge (LLM-judged criteria are then skipped)."""
    return LLMJudge(llm(plan.cache_mode), plan.judges, meter, seed) if plan.judges else None


async def judge_trial(scenario: Scenario, record: TrialRecord, progress: Emit, judge: Judge | None) -> Judgement:
    """Score ``record`` against ``scenario``'s criteria, saying each result to ``progress``. A trial with errors says
    them first; one that errored or never ran measured nothing, and gets only the violations it recorded."""
    where = {"scenario_id": record.scenario_id, "trial": record.trial}
    if record.errors:
        await progress(ProgressUpdate(text=f"{record.scenario_id} trial {record.trial}: {record.errors[0]}",
                                      type=ProgressType.ERROR_OCCURRED,
                                      data={**where, "errors": [str(e) for e in record.errors]}))
    if not record.ran or record.status == TrialStatus.ERRORED:  # an errored trial measured nothing to judge
        return Judgement([], list(record.violations))
    await progress(ProgressUpdate(text=f"Evaluating {record.scenario_id} trial {record.trial}",
                                  type=ProgressType.EVALUATION_STARTED, data=where))

    async def on_result(r: CriterionResult) -> None:
        score = f" {r.score:g}/{r.max_score:g}" if r.score is not None else ""
        await progress(ProgressUpdate(text=f"{r.name}: {r.status}{score}", type=ProgressType.CRITERION_EVALUATED,
                                      data={**where, **r.model_dump(mode="json", exclude={"details"})}))

    return await evaluate(scenario, EvalContext.of(record, scenario.spec, scenario.truth), on_result, judge)
