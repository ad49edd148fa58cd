"""green_agent/llm.py through litellm's own offline seams: a registered custom provider (``custom_provider_map``)
stands in for the model, and litellm's ``mock_response`` answers for a model litellm knows the price of. Nothing
of green_agent is mocked; every call goes through litellm.acompletion."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from green_agent.llm import (
    LLM,
    CacheMode,
    LLMError,
    LLMRole,
    ReplayCache,
    ReplayMiss,
    UsageMeter,
)

# isort: split
# litellm after green_agent.llm: that module makes litellm use its bundled price list instead of fetching one.
import litellm
from litellm.integrations.custom_logger import CustomLogger
from litellm.llms.custom_llm import CustomLLM, CustomLLMError

PROMPT_TOKENS = 11
COMPLETION_TOKENS = 5
PRICED_MODEL = "gpt-4o-mini"  # in litellm's bundled price map

# Lists of litellm's global state that the tests below add to; each test gets them back as they were.
_LITELLM_LISTS = ("custom_provider_map", "provider_list", "_custom_providers", "callbacks", "input_callback",
                  "success_callback", "failure_callback", "_async_success_callback", "_async_failure_callback")


@pytest.fixture(autouse=True)
def litellm_sandbox() -> Iterator[None]:
    saved = {name: (getattr(litellm, name), list(getattr(litellm, name))) for name in _LITELLM_LISTS}
    yield
    for name, (original, items) in saved.items():
        original[:] = items
        setattr(litellm, name, original)


class FakeProvider(CustomLLM):
    """A model behind litellm's custom-provider door. ``answers`` are played in order, the last one repeating: a
    str is the assistant's reply, an int an error with that HTTP status. Records every request it receives."""

    def __init__(self, *answers: str | int, delay_s: float = 0.0, gate: asyncio.Event | None = None) -> None:
        super().__init__()
        self.answers = list(answers) or ["ok"]
        self.delay_s = delay_s
        self.gate = gate
        self.requests: list[dict[str, Any]] = []
        self.in_flight = 0
        self.max_in_flight = 0

    @property
    def calls(self) -> int:
        return len(self.requests)

    async def acompletion(self, model, messages, *args, **kwargs):  # type: ignore[override]
        self.requests.append({"model": model, "messages": messages, **kwargs})
        answer = self.answers[min(len(self.requests), len(self.answers)) - 1]
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            if self.gate is not None:
                await self.gate.wait()
            if self.delay_s:
                await asyncio.sleep(self.delay_s)
        finally:
            self.in_flight -= 1
        if isinstance(answer, int):
            raise CustomLLMError(status_code=answer, message=f"fake provider says {answer}")
        return litellm.ModelResponse(
            choices=[{"message": {"role": "assistant", "content": answer}}],
            usage={"prompt_tokens": PROMPT_TOKENS, "completion_tokens": COMPLETION_TOKENS,
                   "total_tokens": PROMPT_TOKENS + COMPLETION_TOKENS},
            model=model)


def provide(name: str, handler: CustomLLM) -> str:
    """Register ``handler`` as litellm provider ``name``; returns a model name routed to it."""
    litellm.custom_provider_map = [*litellm.custom_provider_map, {"provider": name, "custom_handler": handler}]
    litellm.utils.custom_llm_setup()  # what litellm does on its next call; lets it answer questions on the provider
    return f"{name}/model-1"


class MockResponse(CustomLogger):
    """Puts litellm's ``mock_response`` on every call to ``model``, just before it would go to the provider."""

    def __init__(self, model: str, text: str) -> None:
        super().__init__()
        self.model = model
        self.text = text

    async def async_pre_call_deployment_hook(self, kwargs, call_type):  # type: ignore[override]
        return {**kwargs, "mock_response": self.text} if kwargs.get("model") == self.model else None


def mock_answers(text: str, model: str = PRICED_MODEL) -> None:
    """litellm answers every call to ``model`` with ``text`` (no network), priced from its bundled map."""
    litellm.callbacks.append(MockResponse(model, text))


def msgs(text: str = "Hello, who are you?") -> list[dict[str, str]]:
    return [{"role": "system", "content": "You are Alice."}, {"role": "user", "content": text}]


def live(cache: ReplayCache | None = None, **kw: Any) -> LLM:
    return LLM(mode=CacheMode.RECORD, cache=cache, **{"retry_base_s": 0.001, **kw})


async def wait_until(condition: Callable[[], bool], timeout_s: float = 5.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < deadline, "condition never held"
        await asyncio.sleep(0.005)


# ------------------------------------------------------------------------------------------------ retries


async def test_a_rate_limit_is_retried_and_the_success_counts_once():
    provider = FakeProvider(429, "Hi, I'm Alice.")
    model = provide("fakellm", provider)
    meter = UsageMeter()
    completion = await live().complete(LLMRole.CHARACTERS, model, msgs(), seed=1, meter=meter)
    assert completion.text == "Hi, I'm Alice."
    assert not completion.cached
    assert provider.calls == 2
    usage = meter.usage().characters
    assert (usage.calls, usage.prompt_tokens, usage.completion_tokens) == (1, PROMPT_TOKENS, COMPLETION_TOKENS)
    assert meter.usage().judge.calls == 0


async def test_retries_are_bounded():
    provider = FakeProvider(429)
    model = provide("fakellm", provider)
    meter = UsageMeter()
    with pytest.raises(LLMError) as caught:
        await live(max_retries=2).complete(LLMRole.JUDGE, model, msgs(), seed=1, meter=meter)
    assert provider.calls == 3
    assert model in str(caught.value) and "RateLimitError" in str(caught.value)
    assert "3 attempt" in str(caught.value)
    assert meter.usage().judge.calls == 0  # a failed call is not usage


@pytest.mark.parametrize("status", [400, 401])
async def test_an_error_retrying_cannot_fix_is_not_retried(status: int):
    provider = FakeProvider(status, "never reached")
    model = provide("fakellm", provider)
    with pytest.raises(LLMError) as caught:
        await live(max_retries=3).complete(LLMRole.CHARACTERS, model, msgs(), seed=1)
    assert provider.calls == 1
    assert model in str(caught.value)


async def test_a_provider_slower_than_the_timeout_fails_promptly():
    provider = FakeProvider("too late", delay_s=5.0)
    model = provide("fakellm", provider)
    started = time.monotonic()
    with pytest.raises(LLMError) as caught:
        await live(timeout_s=0.2, max_retries=0).complete(LLMRole.CHARACTERS, model, msgs(), seed=1)
    assert time.monotonic() - started < 1.0
    assert provider.calls == 1
    assert model in str(caught.value)
    assert provider.in_flight == 0  # the abandoned call was cancelled, not left running


# ------------------------------------------------------------------------------------------ structured output


class Verdict(BaseModel):
    passed: bool
    reason: str


async def test_json_wrapped_in_prose_and_code_fences_is_parsed():
    answer = ('Sure! Here is my verdict:\n```json\n{"passed": true, "reason": "the meeting was moved"}\n```\n'
              "Let me know if you need anything else.")
    provider = FakeProvider(answer)
    model = provide("fakellm", provider)
    verdict = await live().complete_json(LLMRole.JUDGE, model, msgs("Judge this."), Verdict, seed=3)
    assert verdict == Verdict(passed=True, reason="the meeting was moved")
    assert provider.calls == 1
    assert provider.requests[0]["optional_params"]["response_format"] == {"type": "json_object"}


async def test_json_followed_by_prose_with_braces_is_parsed():
    answer = '{"passed": false, "reason": "no reply was sent"}\n\n(I used the format {passed, reason} as asked.)'
    provider = FakeProvider(answer)
    model = provide("fakellm", provider)
    verdict = await live().complete_json(LLMRole.JUDGE, model, msgs("Judge this."), Verdict, seed=3)
    assert verdict == Verdict(passed=False, reason="no reply was sent")
    assert provider.calls == 1  # no repair call was spent on a usable answer


async def test_a_malformed_answer_gets_exactly_one_repair_call():
    bad = "I think it passed, mostly."
    provider = FakeProvider(bad, '{"passed": true, "reason": "done"}')
    model = provide("fakellm", provider)
    meter = UsageMeter()
    verdict = await live().complete_json(LLMRole.JUDGE, model, msgs("Judge this."), Verdict, seed=3, meter=meter)
    assert verdict == Verdict(passed=True, reason="done")
    assert provider.calls == 2
    repair = provider.requests[1]["messages"]
    assert repair[:2] == msgs("Judge this.")
    assert repair[2] == {"role": "assistant", "content": bad}
    assert repair[3]["role"] == "user" and "no JSON object" in repair[3]["content"]
    assert meter.usage().judge.calls == 2  # the repair is paid for too


async def test_the_repair_request_names_the_field_that_did_not_fit():
    bad = '{"passed": "perhaps"}'
    provider = FakeProvider(bad, '{"passed": false, "reason": "unclear"}')
    model = provide("fakellm", provider)
    verdict = await live().complete_json(LLMRole.JUDGE, model, msgs("Judge this."), Verdict, seed=3)
    assert verdict == Verdict(passed=False, reason="unclear")
    problem = provider.requests[1]["messages"][-1]["content"]
    assert "passed" in problem and "reason" in problem


async def test_malformed_twice_is_an_error():
    provider = FakeProvider("no idea", "still no idea")
    model = provide("fakellm", provider)
    with pytest.raises(LLMError) as caught:
        await live().complete_json(LLMRole.JUDGE, model, msgs("Judge this."), Verdict, seed=3)
    assert provider.calls == 2
    assert model in str(caught.value) and "still no idea" in str(caught.value)


# ---------------------------------------------------------------------------------------------- usage and cost


async def test_usage_is_summed_per_role_and_an_unpriced_model_has_no_cost():
    model = provide("fakellm", FakeProvider("Hi."))
    mock_answers('{"passed": true, "reason": "ok"}')
    llm = live()
    meter = UsageMeter()
    for i in range(3):
        await llm.complete(LLMRole.CHARACTERS, model, msgs(f"message {i}"), seed=i, meter=meter)
    judged = await llm.complete(LLMRole.JUDGE, PRICED_MODEL, msgs("Judge this."), seed=1, meter=meter)
    usage = meter.usage()
    assert (usage.characters.calls, usage.characters.prompt_tokens, usage.characters.completion_tokens) == (
        3, 3 * PROMPT_TOKENS, 3 * COMPLETION_TOKENS)
    assert usage.characters.cost_usd is None  # litellm cannot price it: unknown, not free
    assert usage.judge.calls == 1
    assert usage.judge.prompt_tokens == judged.prompt_tokens > 0
    assert usage.judge.completion_tokens == judged.completion_tokens > 0
    assert judged.cost_usd is not None and judged.cost_usd > 0
    assert usage.judge.cost_usd == pytest.approx(judged.cost_usd)


async def test_priced_calls_add_up():
    mock_answers("fine")
    llm = live()
    meter = UsageMeter()
    first = await llm.complete(LLMRole.JUDGE, PRICED_MODEL, msgs("one"), seed=1, meter=meter)
    second = await llm.complete(LLMRole.JUDGE, PRICED_MODEL, msgs("two"), seed=1, meter=meter)
    assert first.cost_usd and second.cost_usd
    assert meter.usage().judge.cost_usd == pytest.approx(first.cost_usd + second.cost_usd)


@pytest.mark.parametrize("priced_first", [True, False])
async def test_a_role_mixing_priced_and_unpriced_calls_has_no_cost(priced_first: bool):
    model = provide("fakellm", FakeProvider("Hi."))
    mock_answers("fine")
    llm = live()
    meter = UsageMeter()
    order = [PRICED_MODEL, model] if priced_first else [model, PRICED_MODEL]
    for name in order:
        await llm.complete(LLMRole.CHARACTERS, name, msgs(), seed=1, meter=meter)
    assert meter.usage().characters.calls == 2
    assert meter.usage().characters.cost_usd is None  # a partial sum would pass for the real figure


# ------------------------------------------------------------------------------------------------ replay cache


def cache_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file())


async def test_record_then_replay_answers_without_the_provider(tmp_path: Path):
    provider = FakeProvider("Hi, I'm Alice.", "Bye.")
    model = provide("fakellm", provider)
    cache = ReplayCache(tmp_path / "cache")
    recorder = live(cache)
    hello = await recorder.complete(LLMRole.CHARACTERS, model, msgs("Hello"), seed=7)
    bye = await recorder.complete(LLMRole.CHARACTERS, model, msgs("Goodbye"), seed=7)
    files = cache_files(tmp_path / "cache")
    assert len(files) == 2 and all(f.suffix == ".json" for f in files)
    recorded = json.loads(files[0].read_text())
    assert recorded["request"]["seed"] == 7 and recorded["request"]["model"] == model

    replayer = LLM(mode=CacheMode.REPLAY, cache=ReplayCache(tmp_path / "cache"))
    meter = UsageMeter()
    again = await replayer.complete(LLMRole.CHARACTERS, model, msgs("Hello"), seed=7, meter=meter)
    assert provider.calls == 2  # only the two recording calls
    assert again.cached and not hello.cached
    assert (again.text, again.prompt_tokens, again.completion_tokens) == (
        hello.text, hello.prompt_tokens, hello.completion_tokens)
    assert (await replayer.complete(LLMRole.CHARACTERS, model, msgs("Goodbye"), seed=7)).text == bye.text
    assert meter.usage().characters.calls == 1 and meter.usage().characters.prompt_tokens == PROMPT_TOKENS


async def test_replay_never_calls_the_provider(tmp_path: Path):
    recorder_side = FakeProvider("Recorded answer.")
    model = provide("fakellm", recorder_side)
    await live(ReplayCache(tmp_path)).complete(LLMRole.JUDGE, model, msgs(), seed=2)
    replay_side = FakeProvider("A live answer that must never be used.")
    litellm.custom_provider_map = [{"provider": "fakellm", "custom_handler": replay_side}]
    replayer = LLM(mode=CacheMode.REPLAY, cache=ReplayCache(tmp_path))
    assert (await replayer.complete(LLMRole.JUDGE, model, msgs(), seed=2)).text == "Recorded answer."
    with pytest.raises(ReplayMiss):
        await replayer.complete(LLMRole.JUDGE, model, msgs("something new"), seed=2)
    assert replay_side.calls == 0


@pytest.mark.parametrize("change", ["seed", "model", "message", "temperature", "max_tokens", "json_mode"])
async def test_any_difference_in_the_call_is_a_replay_miss(tmp_path: Path, change: str):
    model = provide("fakellm", FakeProvider("Recorded."))
    provide("otherllm", FakeProvider("Other."))
    call: dict[str, Any] = {"model": model, "messages": msgs(), "seed": 7}
    await live(ReplayCache(tmp_path)).complete(LLMRole.CHARACTERS, **call)
    changed = {**call, **{"seed": {"seed": 8}, "model": {"model": "otherllm/model-1"},
                          "message": {"messages": msgs("Something else")}, "temperature": {"temperature": 0.7},
                          "max_tokens": {"max_tokens": 50}, "json_mode": {"json_mode": True}}[change]}
    replayer = LLM(mode=CacheMode.REPLAY, cache=ReplayCache(tmp_path))
    assert (await replayer.complete(LLMRole.CHARACTERS, **call)).text == "Recorded."
    with pytest.raises(ReplayMiss) as caught:
        await replayer.complete(LLMRole.CHARACTERS, **changed)
    message = str(caught.value)
    assert "characters" in message and changed["model"] in message and f"seed {changed['seed']}" in message
    assert isinstance(caught.value, LLMError)  # callers that handle LLMError handle a miss too


def test_replay_mode_needs_a_cache():
    with pytest.raises(ValueError, match="replay"):
        LLM(mode=CacheMode.REPLAY, cache=None)


async def test_the_same_seed_gives_the_same_key_and_reaches_the_provider(tmp_path: Path):
    provider = FakeProvider("Hi.")
    model = provide("fakellm", provider)
    llm = live(ReplayCache(tmp_path))
    await llm.complete(LLMRole.CHARACTERS, model, msgs(), seed=1234)
    await llm.complete(LLMRole.CHARACTERS, model, msgs(), seed=1234)
    assert len(cache_files(tmp_path)) == 1  # both calls have one key
    await llm.complete(LLMRole.CHARACTERS, model, msgs(), seed=1235)
    assert len(cache_files(tmp_path)) == 2
    params = {"temperature": 0.0, "max_tokens": 600, "json": False}
    assert ReplayCache.key(model, msgs(), params, 1234) == ReplayCache.key(model, msgs(), dict(params), 1234)
    assert ReplayCache.key(model, msgs(), params, 1234) != ReplayCache.key(model, msgs(), params, 1235)
    # litellm hands a custom provider the OpenAI parameters in optional_params
    assert [r["optional_params"]["seed"] for r in provider.requests] == [1234, 1234, 1235]
    assert provider.requests[0]["optional_params"]["temperature"] == 0.0
    assert provider.requests[0]["optional_params"]["max_tokens"] == 600


# ------------------------------------------------------------------------------------------------ concurrency


async def test_concurrency_is_limited_per_model():
    gate = asyncio.Event()
    busy = FakeProvider("slow answer", gate=gate, delay_s=0.01)
    other = FakeProvider("quick answer")
    busy_model = provide("fakellm", busy)
    other_model = provide("otherllm", other)
    llm = live(concurrency=2)
    tasks = [asyncio.create_task(llm.complete(LLMRole.CHARACTERS, busy_model, msgs(f"m{i}"), seed=i))
             for i in range(6)]
    await wait_until(lambda: busy.in_flight == 2)
    await asyncio.sleep(0.05)  # every chance for a third call to get in
    assert (busy.in_flight, busy.calls) == (2, 2)

    quick = await asyncio.wait_for(llm.complete(LLMRole.CHARACTERS, other_model, msgs(), seed=1), 5)
    assert quick.text == "quick answer"  # the other model's calls are not queued behind the busy one
    assert busy.calls == 2 and not any(t.done() for t in tasks)

    gate.set()
    results = await asyncio.gather(*tasks)
    assert [r.text for r in results] == ["slow answer"] * 6
    assert busy.calls == 6 and busy.max_in_flight == 2
