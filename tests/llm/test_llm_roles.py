"""The LLM roles — characters and judge — in whole assessments of ``tests/scenarios/mini_day``: a real process UES
pool, a real ``purple-agent --role oracle`` process, and an LLM provider faked through litellm's own mechanism (a
registered custom provider, ``litellm.custom_provider_map``). Nothing of the green is mocked.

The fake provider answers by role: a call whose system prompt is the judge's ("impartial grader") gets a verdict,
any other call is a character's, told apart by the character's name ("You are Dana Park."). It records every call.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

import green_agent.llm  # noqa: F401  (first: it keeps litellm's price list offline, which importing litellm reads)

# isort: split
import litellm
from litellm.llms.custom_llm import CustomLLM, CustomLLMError

from green_agent.assessment.outcome import Outcome
from green_agent.assessment.runner import ScenarioRunner
from green_agent.config import GreenSettings
from green_agent.embedded import local_pool, purple_process
from green_agent.protocol import (
    CriterionResult,
    Problem,
    ProblemKind,
    ProgressType,
    ProgressUpdate,
    TrialRow,
    parse_request,
)
from services.ues.client import UESClient
from ues_pool.pool import UESPool

pytestmark = pytest.mark.asyncio(loop_scope="module")

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
MINI_DAY = json.loads((SCENARIOS / "mini_day" / "scenario.json").read_text())
JUDGE_MARK = "impartial grader"
CHRIS_PHONE = MINI_DAY["characters"]["chris"]["phone"]

DANA_ACCEPTS = {"reply": False, "body": "", "rsvp": "accepted"}
CHRIS_ANSWERS = {"reply": True, "body": "see you at 5", "rsvp": None}
VERDICT = {"score": 8, "max_score": 10, "rationale": "friendly", "cannot_judge": False}
# What the oracle posts in chat once Dana has accepted (tests/scenarios/mini_day/solution.json).
ORACLE_REPORT = "Done: Dana has accepted the Partnership sync invite"


# ------------------------------------------------------------------------------------------------ the fake provider
@dataclass
class Call:
    model: str  # as the provider sees it: without the "fake/" prefix
    messages: list[dict[str, str]]
    prompt_tokens: int = 0
    completion_tokens: int = 0

    @property
    def system(self) -> str:
        return next((m["content"] for m in self.messages if m["role"] == "system"), "")

    @property
    def text(self) -> str:
        return "\n".join(m["content"] for m in self.messages)

    @property
    def is_judge(self) -> bool:
        return JUDGE_MARK in self.system

    @property
    def character(self) -> str | None:
        """The name of the character this call plays ("Dana Park"), None for a judge call."""
        if self.is_judge or not self.system.startswith("You are "):
            return None
        return self.system.removeprefix("You are ").split(".", 1)[0]


Answer = Callable[[Call], Any]  # the answer's text, a dict (sent as JSON), or raise CustomLLMError


def standard(call: Call) -> Any:
    """Dana accepts, Chris answers, the judge gives 8/10."""
    if call.is_judge:
        return VERDICT
    return {"Dana Park": DANA_ACCEPTS, "Chris Wu": CHRIS_ANSWERS}.get(call.character or "") or \
        _refuse(f"unexpected call {call.system[:80]!r}")


def _refuse(message: str, status: int = 400) -> Any:
    raise CustomLLMError(status_code=status, message=message)


@dataclass
class FakeProvider(CustomLLM):
    """An offline litellm provider ("fake/<anything>"): answers with ``answer``, after ``delay_s`` (per call)."""

    answer: Answer = standard
    delay_s: Callable[[Call], float] = lambda call: 0.0
    calls: list[Call] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__()

    async def acompletion(self, model: str, messages: list[dict[str, str]], *args: Any,
                          **kwargs: Any) -> litellm.ModelResponse:
        call = Call(model, [dict(m) for m in messages])
        self.calls.append(call)
        if delay := self.delay_s(call):
            await asyncio.sleep(delay)
        answer = self.answer(call)
        text = answer if isinstance(answer, str) else json.dumps(answer)
        call.prompt_tokens = sum(len(m["content"]) for m in messages) // 4 + 1
        call.completion_tokens = len(text) // 4 + 1
        return litellm.ModelResponse(
            choices=[{"message": {"role": "assistant", "content": text}}], model=model,
            usage={"prompt_tokens": call.prompt_tokens, "completion_tokens": call.completion_tokens,
                   "total_tokens": call.prompt_tokens + call.completion_tokens})

    @property
    def character_calls(self) -> list[Call]:
        return [c for c in self.calls if not c.is_judge]

    @property
    def judge_calls(self) -> list[Call]:
        return [c for c in self.calls if c.is_judge]


@contextlib.contextmanager
def installed(provider: FakeProvider) -> Iterator[FakeProvider]:
    """``provider`` as litellm's "fake" provider, and litellm's provider map as it was afterwards."""
    saved = litellm.custom_provider_map
    litellm.custom_provider_map = [{"provider": "fake", "custom_handler": provider}]
    try:
        yield provider
    finally:
        litellm.custom_provider_map = saved


@pytest.fixture
def fake() -> Iterator[FakeProvider]:
    with installed(FakeProvider()) as provider:
        yield provider


# ------------------------------------------------------------------------------------------------ assessments
@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def pool(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[UESPool]:
    settings = GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path_factory.mktemp("pool"),
                             pool_name=f"llm-{uuid.uuid4().hex[:8]}")
    async with local_pool(settings, min_idle=0) as ues_pool:
        yield ues_pool


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def oracle() -> AsyncIterator[str]:
    async with purple_process("oracle", SCENARIOS) as url:
        yield url


def llm_settings(data_dir: Path, **overrides: Any) -> GreenSettings:
    """LLM characters and an LLM judge on the fake provider; every LLM setting explicit (the environment's and a
    ``.env``'s are not this test's business)."""
    values: dict[str, Any] = {
        "scenarios_dir": SCENARIOS, "data_dir": data_dir, "character_mode": "scripted",
        "character_model": "fake/characters", "judge_model": "fake/judge", "judge_models": [],
        "llm_max_retries": 0, "llm_timeout_s": 10.0, "llm_allow_request_models": False, "llm_cache_dir": None,
        "llm_api_base": None, "llm_api_key": None}
    return GreenSettings(**{**values, **overrides})


@dataclass
class Run:
    outcome: Outcome
    updates: list[ProgressUpdate]
    sms: list[dict[str, Any]]  # the world's SMS messages at the end, read before the world was wiped

    @property
    def row(self) -> TrialRow:
        assert len(self.outcome.trials) == 1
        return self.outcome.trials[0]

    def criterion(self, criterion_id: str) -> CriterionResult:
        return next(r for r in self.row.criteria_results if r.criterion_id == criterion_id)

    def reply_times(self) -> dict[str, list[str]]:
        """Character → the simulated times its replies were scheduled at, from the progress updates."""
        times: dict[str, list[str]] = {}
        for update in self.updates:
            if update.type == ProgressType.RESPONSES_GENERATED:
                for response in update.data["responses"]:
                    times.setdefault(response["character"], []).append(response["at"])
        return times

    def texts_from(self, phone: str) -> list[str]:
        return [m["body"] for m in self.sms if m.get("from_number") == phone]


async def assess(settings: GreenSettings, pool: UESPool, purple_url: str, seed: int = 3, **config: Any) -> Run:
    """One assessment of mini_day with LLM characters (unless ``config`` says otherwise): what
    ``green_agent.embedded.assess_once`` does, plus a look at the world's SMS before the pool wipes it."""
    updates: list[ProgressUpdate] = []

    async def keep(update: ProgressUpdate) -> None:
        updates.append(update)

    runner = ScenarioRunner(settings)
    request = parse_request({"participants": {"personal_assistant": purple_url},
                             "config": {"scenarios": ["mini_day"], "seed": seed, "character_mode": "llm", **config}})
    async with pool.lease(f"llm-{uuid.uuid4().hex[:12]}") as lease:
        outcome = await runner.run(request, runner.plan(request), assessment_id=uuid.uuid4().hex, lease=lease,
                                   emit=keep, cancel=asyncio.Event())
        async with UESClient(lease.url, lease.admin_key) as ues:
            sms = list(((await ues.state("sms")).get("messages") or {}).values())
    run = Run(outcome, updates, sms)
    assert run.row.status == "completed", (run.row.errors, run.row.warnings)
    return run


def not_heldout_aside(warnings: list[Problem]) -> list[Problem]:
    """The warnings but the ones every row of a green without a held-out secret or wording pack carries (these greens
    have neither)."""
    return [w for w in warnings if w.kind not in (ProblemKind.NOT_HELDOUT, ProblemKind.PUBLIC_WORDS)]


def fallback_warnings(row: TrialRow) -> list[str]:
    return [w.text for w in row.warnings if w.kind == ProblemKind.CHARACTER]


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def standard_run(pool: UESPool, oracle: str,
                       tmp_path_factory: pytest.TempPathFactory) -> tuple[Run, FakeProvider]:
    """One assessment with the standard answers, read by several tests."""
    with installed(FakeProvider()) as provider:
        run = await assess(llm_settings(tmp_path_factory.mktemp("standard")), pool, oracle)
    return run, provider


# ------------------------------------------------------------------------------------------------ characters
async def test_llm_characters_play_the_scenario(standard_run: tuple[Run, FakeProvider]) -> None:
    run, provider = standard_run
    row = run.row
    # Dana's RSVP from the model reached the calendar; the oracle saw it and reported it.
    assert run.criterion("dana_accepted").score == 20, run.criterion("dana_accepted")
    assert run.criterion("status_reported").score == 20
    assert not_heldout_aside(row.warnings) == [] and row.errors == []
    # Chris's words are the model's, not his scripted "Great, see you at 5!"; Dana wrote nothing.
    assert run.texts_from(CHRIS_PHONE) == ["see you at 5"]
    assert set(run.reply_times()) == {"dana", "chris"} and len(run.reply_times()["dana"]) == 1

    calls = provider.character_calls
    assert sorted(c.character or "" for c in calls) == ["Chris Wu", "Dana Park"]
    assert {c.model for c in calls} == {"characters"}
    usage = row.usage.characters
    assert usage.calls == len(calls) >= 2
    assert usage.prompt_tokens == sum(c.prompt_tokens for c in calls) > 0
    assert usage.completion_tokens == sum(c.completion_tokens for c in calls) > 0
    assert usage.cost_usd is None  # an unpriced model has no cost, never a made-up 0
    assert row.provenance.character_mode == "llm" and row.provenance.character_mode_requested == "llm"
    assert row.provenance.character_model == "fake/characters"


async def test_characters_never_see_the_grading(standard_run: tuple[Run, FakeProvider]) -> None:
    _, provider = standard_run
    secrets = [c["description"] for c in MINI_DAY["criteria"]] + \
        [c["evaluation_prompt"] for c in MINI_DAY["criteria"] if c.get("evaluation_prompt")]
    assert provider.character_calls
    for call in provider.character_calls:
        text = call.text
        lowered = text.lower()
        assert not [s for s in secrets if s in text], text
        assert "criterion" not in lowered and "score" not in lowered, text
        assert MINI_DAY["user_prompt"] not in text  # nor the task
    # What each character was sent is what it was asked about.
    dana = next(c for c in provider.character_calls if c.character == "Dana Park")
    chris = next(c for c in provider.character_calls if c.character == "Chris Wu")
    assert "calendar invitation" in dana.text and "Partnership sync" in dana.text
    assert "your RSVP: accepted" in dana.text  # grounded on her scripted rule
    assert "pickup is at 5pm" in chris.text


@pytest.mark.parametrize("failure", ["provider error", "timeout"])
async def test_failed_character_call_falls_back_to_the_script(pool: UESPool, oracle: str, fake: FakeProvider,
                                                              tmp_path: Path, failure: str) -> None:
    if failure == "provider error":
        fake.answer = lambda call: standard(call) if call.is_judge else _refuse("the provider is down", 500)
        settings = llm_settings(tmp_path)
    else:
        fake.delay_s = lambda call: 0.0 if call.is_judge else 30.0
        settings = llm_settings(tmp_path, llm_timeout_s=0.5)
    run = await assess(settings, pool, oracle)
    row = run.row
    assert run.criterion("dana_accepted").score == 20  # her scripted rule: accept the partnership invite
    warnings = fallback_warnings(row)
    assert len(warnings) == 1, row.warnings
    assert warnings[0].startswith("2 character reply(ies) fell back"), warnings
    assert ("InternalServerError" if failure == "provider error" else "Timeout") in warnings[0], warnings
    assert len(fake.character_calls) == 2  # retries 0: one attempt each
    assert row.usage.characters.calls == 0  # nothing came back
    assert row.provenance.character_mode == "llm"


async def test_character_that_does_not_answer_schedules_nothing(pool: UESPool, oracle: str, fake: FakeProvider,
                                                                tmp_path: Path) -> None:
    silent = {"reply": False, "body": "", "rsvp": None}
    fake.answer = lambda call: silent if call.character == "Dana Park" else standard(call)
    run = await assess(llm_settings(tmp_path), pool, oracle)
    dana = run.criterion("dana_accepted")
    assert dana.status == "scored" and dana.score == 0, dana
    assert "dana" not in run.reply_times()  # no RSVP, no email: nothing scheduled for her
    assert "chris" in run.reply_times()
    assert not fallback_warnings(run.row)  # a decision, not a failure
    assert run.row.usage.characters.calls == 2


async def test_same_seed_same_reply_times(pool: UESPool, oracle: str, fake: FakeProvider,
                                          tmp_path: Path) -> None:
    """Reply times are drawn from the trial seed before the call: what the model says does not move them."""
    first = await assess(llm_settings(tmp_path / "a"), pool, oracle, seed=11)

    def other_words(call: Call) -> Any:
        if call.character == "Dana Park":
            return {"reply": True, "body": "Looking forward to it!", "rsvp": "tentative"}
        if call.character == "Chris Wu":
            return {"reply": True, "body": "ok, 5 it is", "rsvp": None}
        return standard(call)

    fake.answer = other_words
    second = await assess(llm_settings(tmp_path / "b"), pool, oracle, seed=11)
    times_a, times_b = first.reply_times(), second.reply_times()
    assert set(times_a) == {"dana", "chris"}
    assert {k: set(v) for k, v in times_a.items()} == {k: set(v) for k, v in times_b.items()}
    assert len(times_b["dana"]) == 2  # the RSVP and an email, both at her one reply time
    # The words differed; the answer did not: the script decides the RSVP (grounding), whatever the model says.
    assert first.criterion("dana_accepted").score == 20 and second.criterion("dana_accepted").score == 20
    assert first.texts_from(CHRIS_PHONE) == ["see you at 5"] and second.texts_from(CHRIS_PHONE) == ["ok, 5 it is"]


# ------------------------------------------------------------------------------------------------ the judge
async def test_judge_scores_an_llm_criterion(standard_run: tuple[Run, FakeProvider]) -> None:
    run, provider = standard_run
    tone = run.criterion("tone")
    assert tone.method == "llm" and tone.status == "scored" and tone.score == 8.0 and tone.max_score == 10
    assert "friendly" in tone.explanation
    assert tone.details["verdicts"] == [{"model": "fake/judge", "score": 8.0, "raw": "8/10",
                                         "rationale": "friendly"}]
    assert run.row.max_score == 110  # every criterion scored, tone included
    assert run.row.usage.judge.calls == 1
    assert run.row.usage.judge.prompt_tokens == provider.judge_calls[0].prompt_tokens
    assert run.row.provenance.judge_model == "fake/judge"
    [call] = provider.judge_calls
    assert call.model == "judge"
    # The rubric and the evidence: what the oracle posted in chat, and what it did.
    tone_spec = next(c for c in MINI_DAY["criteria"] if c["criterion_id"] == "tone")
    assert tone_spec["evaluation_prompt"] in call.text
    assert ORACLE_REPORT in call.text
    assert "pickup is at 5pm" in call.text


@pytest.mark.parametrize("failure", ["cannot judge", "malformed JSON", "provider error"])
async def test_judge_errors_are_states_never_scores(pool: UESPool, oracle: str, fake: FakeProvider,
                                                    tmp_path: Path, failure: str) -> None:
    def judge(call: Call) -> Any:
        if not call.is_judge:
            return standard(call)
        if failure == "cannot judge":
            return {"score": 0, "max_score": 10, "rationale": "the transcript is empty", "cannot_judge": True}
        if failure == "malformed JSON":
            return "I would give it a solid eight."
        return _refuse("the judge is down", 500)

    fake.answer = judge
    run = await assess(llm_settings(tmp_path), pool, oracle)
    tone = run.criterion("tone")
    assert tone.status == "error" and tone.score is None, tone
    assert run.row.max_score == 100  # tone is left out, not counted as a zero
    assert run.criterion("dana_accepted").score == 20  # the rest of the row is unaffected
    expected = {"cannot judge": "the transcript is empty", "malformed JSON": "JSON",
                "provider error": "InternalServerError"}[failure]
    assert expected in tone.explanation, tone.explanation
    if failure == "malformed JSON":
        assert len(fake.judge_calls) == 2  # one repair attempt, shown the bad answer
        assert "I would give it a solid eight." in fake.judge_calls[1].text
        assert run.row.usage.judge.calls == 2
    else:
        assert len(fake.judge_calls) == 1


async def test_a_jury_averages_its_verdicts(pool: UESPool, oracle: str, fake: FakeProvider, tmp_path: Path) -> None:
    def jury(call: Call) -> Any:
        if call.is_judge:
            score = {"j1": 6, "j2": 10}[call.model]
            return {"score": score, "max_score": 10, "rationale": f"{call.model} says {score}", "cannot_judge": False}
        return standard(call)

    fake.answer = jury
    run = await assess(llm_settings(tmp_path, judge_models=["fake/j1", "fake/j2"]), pool, oracle)
    tone = run.criterion("tone")
    assert tone.status == "scored" and tone.score == 8.0, tone
    verdicts = {v["model"]: v for v in tone.details["verdicts"]}
    assert verdicts["fake/j1"]["score"] == 6.0 and verdicts["fake/j2"]["score"] == 10.0
    assert tone.details["agreement"]["spread"] == 4.0 and tone.details["agreement"]["answered"] == 2
    assert "j1 says 6" in tone.explanation and "j2 says 10" in tone.explanation
    assert sorted(c.model for c in fake.judge_calls) == ["j1", "j2"]
    assert run.row.usage.judge.calls == 2
    assert run.row.provenance.judge_model == "fake/j1, fake/j2"


# ------------------------------------------------------------------------------------------------ replay
def scores(run: Run) -> list[tuple[str, float | None, str, str]]:
    return [(r.criterion_id, r.score, r.status, r.explanation) for r in run.row.criteria_results]


async def test_replay_reproduces_a_recorded_run_without_calls(pool: UESPool, oracle: str, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    with installed(FakeProvider()) as recorder:
        recorded = await assess(llm_settings(tmp_path / "record", llm_cache_dir=cache), pool, oracle)
    assert recorder.calls and list(cache.rglob("*.json"))

    with installed(FakeProvider(answer=lambda call: _refuse("replay must never call the provider"))) as forbidden:
        replayed = await assess(llm_settings(tmp_path / "replay", llm_cache_dir=cache), pool, oracle,
                                character_mode="replay")
    assert forbidden.calls == []
    assert scores(replayed) == scores(recorded)
    assert replayed.reply_times() == recorded.reply_times()
    assert not_heldout_aside(replayed.row.warnings) == [] and replayed.row.errors == []
    assert replayed.row.usage == recorded.row.usage  # the recorded tokens, counted again
    assert replayed.row.provenance.character_mode == "replay"
    assert replayed.row.provenance.character_model == "fake/characters"


async def test_replay_of_an_empty_cache_names_what_is_missing(pool: UESPool, oracle: str, fake: FakeProvider,
                                                              tmp_path: Path) -> None:
    run = await assess(llm_settings(tmp_path, llm_cache_dir=tmp_path / "empty"), pool, oracle,
                       character_mode="replay")
    assert fake.calls == []  # a miss is never a silent live call
    warnings = fallback_warnings(run.row)
    assert len(warnings) == 1 and "no recorded" in warnings[0], run.row.warnings
    assert run.criterion("dana_accepted").score == 20  # the scripted fallback still plays her
    tone = run.criterion("tone")
    assert tone.status == "error" and tone.score is None
    assert "no recorded judge completion of fake/judge" in tone.explanation, tone.explanation
    assert run.row.provenance.character_mode == "replay"


# ------------------------------------------------------------------------------------------------ configuration
async def test_llm_characters_without_a_model_run_scripted(pool: UESPool, oracle: str, fake: FakeProvider,
                                                           tmp_path: Path) -> None:
    run = await assess(llm_settings(tmp_path, character_model=None, judge_model=None), pool, oracle)
    row = run.row
    assert [w for w in row.warnings if w.kind == ProblemKind.CONFIG and "GREEN_CHARACTER_MODEL" in w.text], \
        row.warnings
    assert row.provenance.character_mode == "scripted" and row.provenance.character_mode_requested == "llm"
    assert row.provenance.character_model is None
    assert fake.calls == []
    assert run.criterion("dana_accepted").score == 20  # scripted Dana
    assert run.criterion("tone").status == "skipped"  # no judge either


@pytest.mark.parametrize("allowed", [False, True])
async def test_request_models_need_the_operators_consent(pool: UESPool, oracle: str, fake: FakeProvider,
                                                         tmp_path: Path, allowed: bool) -> None:
    run = await assess(llm_settings(tmp_path, llm_allow_request_models=allowed), pool, oracle,
                       character_model="fake/requested", judge_model="fake/requested-judge")
    row = run.row
    ignored = [w for w in row.warnings if w.kind == ProblemKind.CONFIG and "GREEN_LLM_ALLOW_REQUEST_MODELS" in w.text]
    if allowed:
        assert ignored == []
        assert row.provenance.character_model == "fake/requested"
        assert row.provenance.judge_model == "fake/requested-judge"
        assert {c.model for c in fake.character_calls} == {"requested"}
        assert {c.model for c in fake.judge_calls} == {"requested-judge"}
    else:
        assert len(ignored) == 2, row.warnings
        assert any("config.character_model" in w.text for w in ignored)
        assert row.provenance.character_model == "fake/characters"
        assert row.provenance.judge_model == "fake/judge"
        assert {c.model for c in fake.character_calls} == {"characters"}
        assert {c.model for c in fake.judge_calls} == {"judge"}
    assert row.provenance.character_mode == "llm"
    assert run.criterion("tone").score == 8.0
