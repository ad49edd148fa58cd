"""Evaluators of the raising_eval test scenario: one raises on purpose, the others score normally."""

from __future__ import annotations

from typing import Any

from green_agent.scenario_kit.grading import EvalContext, EvalResult, evaluator


@evaluator
async def explodes(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    raise RuntimeError("deliberate evaluator failure (raising_eval test scenario)")


@evaluator
async def turns_taken(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    return EvalResult(score=1 if ctx.turns_taken >= 1 else 0, max_score=1,
                      explanation=f"{ctx.turns_taken} turn(s) taken")


@evaluator
async def chat_quiet(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    said = [a for a in ctx.actions("chat.send_message") if a.parameters.get("role") == "assistant"]
    return EvalResult(score=1 if len(said) <= 1 else 0, max_score=1,
                      explanation=f"{len(said)} assistant chat message(s)")
