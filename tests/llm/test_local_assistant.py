"""The LLM assistant against a real model: Gemma 3 270M behind llama.cpp's OpenAI-compatible server (fixture
``local_llm``), played by a real green against a real world over real A2A.

llama.cpp's chat formats are plain prompt templates: the server ignores ``tools`` (unless ``tool_choice`` forces one
function) and drops ``tool`` messages, so the assistant runs in ``PURPLE_TOOL_MODE=text``: the tool list in the
prompt, a JSON tool call in the answer (the server constrains the answer to a JSON object), results as a user
message. Whatever a 270M model does with the task, the assessment must complete and the row must attribute to the
assistant exactly the calls and actions it says it made."""

from __future__ import annotations

from pathlib import Path

from green_agent.protocol import TrialStatus
from services.purple.assistant import LLMAssistant
from services.purple.settings import PurpleSettings
from tests.purple.test_assistant import TEST_SCENARIOS, assess


async def test_the_assistant_completes_an_assessment_with_a_local_model(local_llm: str, tmp_path: Path):
    assistant = LLMAssistant(PurpleSettings(model="openai/gemma", api_base=local_llm, api_key="local",
                                            tool_mode="text", max_tokens=200, max_tool_calls_per_turn=1,
                                            # the path, not the speed: a loaded machine takes minutes per call
                                            llm_timeout_s=600.0))
    # Two turns are enough to prove the path (a turn of this model on 2 cores takes 30–110 s).
    row, _ = await assess(assistant, TEST_SCENARIOS, "mini_day", tmp_path, turn_timeout_s=1800, max_turns=2)
    assert row.status is TrialStatus.COMPLETED, row.errors
    turns = assistant.turns
    assert len(turns) == row.turns_taken >= 1
    assert all(t.model_calls >= 1 and t.model_error is None for t in turns), [t.model_error for t in turns]
    assert sum(t.prompt_tokens for t in turns) > 0  # the server really answered, and its usage was recorded
    assert row.actions_taken == sum(t.actions for t in turns)
    assert row.calls.total == sum(t.http_calls for t in turns)
    print({"turns": [t.model_dump(exclude={"context_id"}) for t in turns], "score": row.percentage})
