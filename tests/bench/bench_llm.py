"""LLM roles benchmark: calls, tokens and cost per assessment and role; character calls per incoming message; green
overhead per turn with LLM characters; replay time against the scripted run. Prints one JSON object.

For each scenario (default ``meeting_scheduling`` and ``email_triage_basic``), with the oracle purple, a real process
UES pool and the green's runner in-process:

1. ``scripted`` — no LLM at all: scripted characters and no judge (the baseline time);
2. ``llm`` — LLM characters and judge, every completion recorded into a fresh replay cache;
3. ``replay`` — the same assessment answered from that cache: no model latency at all, so its per-turn overhead is
   the green's own cost of playing LLM characters (target: p95 ≤ 20 ms and ≤ 3× the UES floor), and its wall time
   is compared with the scripted run (target: ≤ scripted + 20 %).

The model: ``--model``/``--api-base`` for a real one (e.g. the local Gemma server: ``--model openai/gemma
--api-base http://127.0.0.1:8088/v1``); by default a deterministic stand-in registered as a litellm custom provider
(``bench/persona``), which answers instantly — its token counts are litellm's, its text is canned.

    uv run python -m tests.bench.bench_llm [--scenarios a,b] [--model M --api-base URL]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import green_agent.llm  # noqa: F401  (first: keeps litellm's price list offline)

# isort: split
from green_agent.assessment.outgoing import outgoing_messages
from green_agent.assessment.runner import ScenarioRunner
from green_agent.config import GreenSettings
from green_agent.embedded import assess_once, local_pool, purple_process
from green_agent.logs import configure_logging
from green_agent.protocol import TrialRow

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
PRICED_AS = "gpt-4o-mini"
TARGETS = {"overhead_p95_ms": 20.0, "overhead_over_floor_p95": 3.0, "replay_over_scripted": 1.2,
           "character_calls_per_message": 1.0}


def install_persona() -> str:
    """A litellm custom provider that plays every character and the judge with canned, valid answers."""
    import litellm
    from litellm.llms.custom_llm import CustomLLM

    class Persona(CustomLLM):
        async def acompletion(self, model: str, messages: list[dict[str, str]], *args: Any,
                              **kwargs: Any) -> litellm.ModelResponse:
            system = messages[0]["content"] if messages else ""
            if "impartial grader" in system:
                text = json.dumps({"score": 7, "max_score": 10, "rationale": "adequate", "cannot_judge": False})
            else:
                text = json.dumps({"reply": True, "body": "Thanks, that works for me.", "rsvp": "accepted"})
            prompt = sum(len(m["content"]) for m in messages) // 4
            return litellm.ModelResponse(choices=[{"message": {"role": "assistant", "content": text}}], model=model,
                                         usage={"prompt_tokens": prompt, "completion_tokens": len(text) // 4,
                                                "total_tokens": prompt + len(text) // 4})

    litellm.custom_provider_map = [{"provider": "bench", "custom_handler": Persona()}]
    return "bench/persona"


def messages_to_characters(row: TrialRow, runner: ScenarioRunner) -> int:
    """How many messages the purple sent to characters — what the characters had to answer."""
    spec = runner.library.get(row.scenario_id).spec
    return len(outgoing_messages(spec, [a for a in row.action_log if a.success]))


def priced_as(model: str, usage: dict[str, Any]) -> float:
    """What the calls' tokens would cost on ``model`` (litellm's bundled price list): the cost known in advance."""
    import litellm

    prompt, completion = litellm.cost_per_token(model=model, prompt_tokens=usage["prompt_tokens"],
                                                completion_tokens=usage["completion_tokens"])
    return round(prompt + completion, 6)


def figures(row: TrialRow, wall_s: float, runner: ScenarioRunner) -> dict[str, Any]:
    sent = messages_to_characters(row, runner)
    usage = row.usage.model_dump()
    for role in usage.values():
        role["cost_usd_if_" + PRICED_AS.replace("-", "_")] = priced_as(PRICED_AS, role)
    return {
        "wall_s": round(wall_s, 3), "status": row.status.value, "percentage": row.percentage,
        "turns": row.turns_taken, "messages_to_characters": sent, "usage": usage,
        "character_calls_per_message": round(usage["characters"]["calls"] / sent, 3) if sent else None,
        "overhead_ms_p50": row.timing.green_overhead_ms_p50, "overhead_ms_p95": row.timing.green_overhead_ms_p95,
        "floor_ms_p50": row.timing.ues_floor_ms_p50, "floor_ms_p95": row.timing.ues_floor_ms_p95,
        "criteria": {c.criterion_id: [c.status.value, c.score] for c in row.criteria_results},
        "warnings": row.warnings[:3],
    }


async def run(scenarios: list[str], model: str, api_base: str | None, api_key: str | None) -> dict[str, Any]:
    out: dict[str, Any] = {"benchmark": "llm_roles", "machine": {"cpus": os.cpu_count()}, "model": model,
                           "targets": TARGETS, "scenarios": {}}
    with tempfile.TemporaryDirectory() as tmp:
        settings = GreenSettings(data_dir=Path(tmp), scenarios_dir=SCENARIOS, character_model=model,
                                 judge_model=model, llm_api_base=api_base, llm_api_key=api_key,
                                 llm_cache_dir=Path(tmp) / "cache", pool_min_idle=1)
        runner = ScenarioRunner(settings)
        no_llm = ScenarioRunner(settings.model_copy(update={"character_model": None, "judge_model": None}))
        async with local_pool(settings, min_idle=1) as pool, purple_process("oracle", SCENARIOS) as purple:
            await assess_once(scenario_ids=[scenarios[0]], purple_url=purple, pool=pool, runner=runner)  # warm-up
            for scenario in scenarios:
                per_mode: dict[str, Any] = {}
                for mode in ("scripted", "llm", "replay"):
                    started = time.perf_counter()
                    outcome = await assess_once(scenario_ids=[scenario], purple_url=purple, pool=pool,
                                                runner=no_llm if mode == "scripted" else runner, seed=11,
                                                config={"character_mode": mode, "verbose_updates": False})
                    per_mode[mode] = figures(outcome.trials[0], time.perf_counter() - started, runner)
                scripted, replay = per_mode["scripted"], per_mode["replay"]
                ratio = round(replay["wall_s"] / scripted["wall_s"], 3) if scripted["wall_s"] else None
                per_mode["replay_over_scripted"] = ratio
                per_mode["replay_same_scores_as_llm"] = replay["criteria"] == per_mode["llm"]["criteria"]
                p95, floor = replay["overhead_ms_p95"], replay["floor_ms_p95"]
                calls = per_mode["llm"]["character_calls_per_message"]
                per_mode["meets_targets"] = {
                    "overhead_p95": p95 is not None and p95 <= TARGETS["overhead_p95_ms"],
                    "overhead_over_floor": p95 is not None and bool(floor) and p95 / floor <= 3.0,
                    "replay_over_scripted": ratio is not None and ratio <= TARGETS["replay_over_scripted"],
                    "character_calls_per_message": calls is None or calls <= TARGETS["character_calls_per_message"],
                }
                out["scenarios"][scenario] = per_mode
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenarios", default="meeting_scheduling,email_triage_basic")
    parser.add_argument("--model", default=None, help="a litellm model name (default: the built-in stand-in)")
    parser.add_argument("--api-base", default=None)
    parser.add_argument("--api-key", default=None)
    args = parser.parse_args()
    configure_logging("warning", json=True)
    model = args.model or install_persona()
    api_key = args.api_key or ("local" if args.api_base else None)
    result = asyncio.run(run(args.scenarios.split(","), model, args.api_base, api_key))
    result["run_id"] = uuid.uuid4().hex[:8]
    json.dump(result, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
