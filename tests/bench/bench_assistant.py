"""LLM assistant benchmark: model calls, tool calls, actions and tokens per turn of the ``assistant`` purple, played
by a real green (in this process) against a real world over real A2A. Prints one JSON object.

* ``mock``: calendar_conflicts with a scripted model behind litellm's custom-provider door (the oracle's calls as
  tool calls; token counts are the stand-in's fixed figures, the tool calls and HTTP calls are real);
* ``local``: tests/scenarios' mini_day with Gemma 3 270M behind llama.cpp's OpenAI server (``--api-base``, default
  a server this benchmark starts with deploy/local-llm.sh), tool mode ``text``; ``{"skipped": why}`` when the
  extra ``local-llm`` is not installed or the server does not answer.

    uv run python -m tests.bench.bench_assistant [--api-base http://127.0.0.1:8088/v1] [--no-local]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import services.purple.assistant  # noqa: F401  (first: keeps litellm's price list offline)

# isort: split
import litellm

from services.purple.assistant import LLMAssistant, TurnUsage
from services.purple.settings import PurpleSettings
from services.purple.tools import FINISH_TURN
from services.ues.client import wait_until_answers
from tests.purple.test_assistant import BENCHMARK, PROVIDER, TEST_SCENARIOS, ScriptedModel, assess, solution_calls
from ues_pool.backends.base import free_port

REPO = Path(__file__).resolve().parents[2]


def per_turn(turns: list[TurnUsage]) -> list[dict[str, Any]]:
    return [{"turn": t.turn, "model_calls": t.model_calls, "tool_calls": len(t.tool_calls), "actions": t.actions,
             "http_calls": t.http_calls, "prompt_tokens": t.prompt_tokens, "completion_tokens": t.completion_tokens,
             "tools": [c.name for c in t.tool_calls], "budget_exhausted": t.budget_exhausted,
             "model_error": t.model_error} for t in turns]


def summary(turns: list[TurnUsage], row: Any) -> dict[str, Any]:
    n = max(len(turns), 1)
    return {"turns": len(turns), "passed": row.passed, "percentage": row.percentage,
            "completion_reason": str(row.completion_reason), "row_actions": row.actions_taken,
            "row_calls": row.calls.total, "assistant_actions": sum(t.actions for t in turns),
            "assistant_http_calls": sum(t.http_calls for t in turns),
            "tool_calls_per_turn": round(sum(len(t.tool_calls) for t in turns) / n, 2),
            "prompt_tokens_per_turn": round(sum(t.prompt_tokens for t in turns) / n, 1),
            "completion_tokens_per_turn": round(sum(t.completion_tokens for t in turns) / n, 1),
            "per_turn": per_turn(turns)}


async def mock() -> dict[str, Any]:
    def script(turn: int, answered: int, messages: list[dict[str, Any]]) -> list[tuple[str, Any]]:
        if turn == 1 and answered == 0:
            return solution_calls("calendar_conflicts", 1)
        return [(FINISH_TURN, {"time_step": "PT1H", "done": turn > 1})]

    saved = litellm.custom_provider_map
    litellm.custom_provider_map = [{"provider": PROVIDER, "custom_handler": ScriptedModel(script)}]
    try:
        assistant = LLMAssistant(PurpleSettings(model=f"{PROVIDER}/scripted", tool_mode="native"))
        row, _ = await assess(assistant, BENCHMARK, "calendar_conflicts", Path(tempfile.mkdtemp()))
    finally:
        litellm.custom_provider_map = saved
    return {"scenario": "calendar_conflicts", **summary(assistant.turns, row)}


def start_server(port: int) -> subprocess.Popen[bytes]:
    """deploy/local-llm.sh serving Gemma on ``port`` (the script execs the server: this is its process)."""
    return subprocess.Popen(["bash", str(REPO / "deploy" / "local-llm.sh"), "serve", str(port)], cwd=REPO,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


async def local(api_base: str | None) -> dict[str, Any]:
    proc = None
    if api_base is None:
        if not (REPO / ".local-llm" / "ready").exists():
            return {"skipped": "the local model is not installed (bash deploy/local-llm.sh install)"}
        port = free_port()
        api_base = f"http://127.0.0.1:{port}/v1"
        proc = start_server(port)
    try:
        try:
            await wait_until_answers(api_base + "/models", timeout_s=180)
        except TimeoutError as exc:
            return {"skipped": f"the local model server did not answer at {api_base}: {exc}"}
        assistant = LLMAssistant(PurpleSettings(model="openai/gemma", api_base=api_base, api_key="local",
                                                tool_mode="text", max_tokens=200, max_tool_calls_per_turn=1))
        row, _ = await assess(assistant, TEST_SCENARIOS, "mini_day", Path(tempfile.mkdtemp()), turn_timeout_s=1800)
        return {"scenario": "mini_day", "model": "gemma-3-270m (llama.cpp)", "tool_mode": "text",
                **summary(assistant.turns, row)}
    finally:
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--api-base", default=None, help="a running OpenAI-compatible server (default: start one)")
    parser.add_argument("--no-local", action="store_true", help="skip the local model")
    args = parser.parse_args()
    out = {"mock": await mock(),
           "local": {"skipped": "--no-local"} if args.no_local else await local(args.api_base)}
    print(json.dumps(out, indent=2, default=str))


if __name__ == "__main__":
    asyncio.run(main())
