"""Evaluators of the bench_long benchmark scenario."""

from __future__ import annotations

from typing import Any

from green_agent.scenario_kit.grading import EvalContext, EvalResult, evaluator


@evaluator
async def stayed_quiet(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    sent = ctx.actions("email.send", "sms.send_message")
    return EvalResult(score=0 if sent else 1, max_score=1, explanation=f"{len(sent)} message(s) sent")
