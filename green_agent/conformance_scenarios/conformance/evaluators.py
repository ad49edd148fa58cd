"""Evaluators of the built-in conformance scenario: registered functions of the recorded trial."""

from __future__ import annotations

from typing import Any

from green_agent.scenario_kit.grading import EvalContext, EvalResult, evaluator
from green_agent.scenario_kit.sent import Channel, sent_in

CHRIS = "+15550100222"


@evaluator
async def chris_texted(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    texts = [m for m in sent_in(ctx) if m.channel is Channel.SMS and CHRIS in m.to]
    ok = any("5" in m.body for m in texts)
    return EvalResult(score=1 if ok else 0, max_score=1,
                      explanation=f"{len(texts)} text(s) to Chris" + ("" if ok else ", none mentions 5pm"))


@evaluator
async def reported(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    reports = [a for a in ctx.actions("chat.send_message") if a.parameters.get("role") == "assistant"]
    return EvalResult(score=1 if reports else 0, max_score=1,
                      explanation=f"{len(reports)} chat message(s) to the user")


@evaluator
async def no_stray_messages(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    # The task needs no email at all (by any route); an SMS is stray when it goes to anyone but Chris.
    stray = [m for m in sent_in(ctx) if (m.channel is Channel.EMAIL and m.to)
             or (m.channel is Channel.SMS and any(n != CHRIS for n in m.to))]
    return EvalResult(score=0 if stray else 1, max_score=1,
                      explanation=f"{len(stray)} message(s) to people outside the task" if stray
                      else "no stray messages")
