"""The green's real LLM path, end to end, with a real model: litellm → HTTP → llama.cpp's OpenAI-compatible server
(Gemma 3 270M, see conftest.py) for both the characters and the judge of a full ``mini_day`` assessment of the
oracle purple. Nothing is faked: what is checked is that the calls really happened and were accounted for, not what
a 270M model has to say (its JSON may well be unusable: characters then fall back to their scripted replies and the
judged criterion is an ``error`` with the reason, both as in production).
"""

from __future__ import annotations

import time
from pathlib import Path

from green_agent.assessment.runner import ScenarioRunner
from green_agent.config import GreenSettings
from green_agent.embedded import assess_once, local_pool, purple_process
from green_agent.llm import CacheMode, LLMRole, UsageMeter, _litellm

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
MODEL = "openai/gemma"  # litellm's OpenAI-compatible provider; the server answers to any model name
# The judge's prompt holds the whole transcript: about 10 s for this model on 2 quiet cores, and over 60 s (the
# production default) on a loaded machine, where three timed-out attempts left the row without a judge call. This
# test proves the path, not the speed: a budget ten times the loaded figure.
LLM_TIMEOUT_S = 600.0


async def test_mini_day_assessment_with_a_real_local_model(local_llm, tmp_path):
    settings = GreenSettings(data_dir=tmp_path / "data", scenarios_dir=SCENARIOS, character_model=MODEL,
                             judge_model=MODEL, llm_api_base=local_llm, llm_api_key="local",
                             llm_timeout_s=LLM_TIMEOUT_S, llm_cache_dir=tmp_path / "llm-cache")
    runner = ScenarioRunner(settings)

    # One completion through the green's LLM door, timed (litellm's import, seconds, is not part of it).
    _litellm()
    meter = UsageMeter()
    started = time.monotonic()
    completion = await runner.llm(CacheMode.RECORD).complete(
        LLMRole.CHARACTERS, MODEL, [{"role": "user", "content": "Say hello to Sam in one short sentence."}],
        seed=1, meter=meter, max_tokens=60)
    single_s = time.monotonic() - started
    print(f"\none completion: {single_s:.2f} s, {completion.prompt_tokens} prompt + "
          f"{completion.completion_tokens} completion tokens: {completion.text!r}")
    assert completion.text.strip() and completion.completion_tokens > 0 and not completion.cached

    # A full assessment: LLM characters and the LLM judge, both played by the local model.
    started = time.monotonic()
    async with local_pool(settings, min_idle=0) as pool, purple_process("oracle", SCENARIOS) as purple_url:
        outcome = await assess_once(scenario_ids=["mini_day"], purple_url=purple_url, pool=pool, runner=runner,
                                    config={"character_mode": "llm"})
    assessment_s = time.monotonic() - started
    row = outcome.trials[0].model_dump(mode="json")
    usage = row["usage"]
    tone = next(c for c in row["criteria_results"] if c["criterion_id"] == "tone")
    print(f"assessment: {assessment_s:.1f} s, status {row['status']}, score {row['score']}/{row['max_score']}, "
          f"usage {usage}, tone {tone['status']}: {tone['explanation'][:200]!r}, warnings {row['warnings']}")

    assert row["status"] == "completed", row["errors"]
    assert row["provenance"]["character_mode"] == "llm"
    assert row["provenance"]["character_model"] == MODEL and row["provenance"]["judge_model"] == MODEL
    for role in ("characters", "judge"):
        assert usage[role]["calls"] >= 1, (f"the local model completed no {role} call within {LLM_TIMEOUT_S:g} s",
                                           usage, row["warnings"], tone["explanation"])
        assert usage[role]["prompt_tokens"] > 0 and usage[role]["completion_tokens"] > 0, (role, usage)
        assert usage[role]["cost_usd"] is None, (role, usage)  # a local model has no price: never a made-up 0
    assert tone["method"] == "llm"
    assert tone["status"] in ("scored", "error"), tone
    assert tone["explanation"].strip(), tone
    # Every completion was recorded for replay.
    assert any((tmp_path / "llm-cache").rglob("*.json"))


TINY_PACK = '''
from green_agent.scenario_kit.part import Part, Truth, register
from green_agent.scenario_kit.phrasing import Phrasebook
from green_agent.scenario_kit.slices import Day, Slice


@register
class NoteTaker(Part):
    """Note down what the user asks."""

    key = "note_taker"
    Truth = Truth
    phrasebook = Phrasebook({"request": ("Please note down {what} for me.",)})

    def draw(self, day: Day) -> Slice:
        return Slice(part=self.key, request=self.phrasebook.say(day.rng, "request", what="the plan"), done="Noted.",
                     truth=Truth())
'''


async def test_a_wording_drafted_by_a_real_local_model(local_llm, tmp_path):
    """``scenarios wording --draft``'s path with a real model: the calls happen and are counted, and whatever a 270M
    model writes goes through the checks (kept only as a template of the kind's field, else refused with why). One
    phrasing asked for: the model writes slowly on a busy machine."""
    from pydantic import SecretStr

    from green_agent.llm import LLM
    from green_agent.scenario_kit.part import pack_folders
    from green_agent.scenario_kit.wording_draft import draft_wording

    folder = tmp_path / "tiny"
    folder.mkdir()
    (folder / "__init__.py").write_text("PACK = 'tiny'\n")
    (folder / "note_taker.py").write_text(TINY_PACK)
    _litellm()
    llm = LLM(mode=CacheMode.RECORD, cache=None, api_base=local_llm, api_key=SecretStr("local"),
              timeout_s=LLM_TIMEOUT_S)
    meter = UsageMeter()
    started = time.monotonic()
    (draft,) = await draft_wording(pack_folders([folder]).parts, llm, MODEL, rounds=1, meter=meter)
    used = meter.roles[LLMRole.WORDING]
    print(f"\ndraft: {time.monotonic() - started:.1f} s, {used.calls} calls, kept {draft.phrasings}, "
          f"refused {draft.refused}")
    assert used.calls >= 1 and used.completion_tokens > 0, used
    assert draft.phrasings or draft.refused
    assert all("{what}" in p and p != "Please note down {what} for me." for p in draft.phrasings)
    assert draft.drafted or draft.left_out == "0 of 1 phrasings kept after 1 round(s)"
