"""Who plays a trial's characters: each character's scripted replies, or the assessment's character model with the
scripted replies as its fallback (``LLMPlan``)."""

from __future__ import annotations

import random
from collections.abc import Callable

from green_agent.assessment.llm_plan import LLMPlan
from green_agent.assessment.trial import CharactersFactory
from green_agent.characters.base import Characters
from green_agent.characters.llm import LLMCharacters
from green_agent.characters.scripted import ScriptedCharacters
from green_agent.llm import LLM, CacheMode, UsageMeter
from green_agent.scenario_spec import ScenarioSpec

# The scripted fallback of LLM characters draws from a generator of its own, seeded from the trial's seed and this.
FALLBACK_SALT = 0x5CA1AB1E


def characters_for(spec: ScenarioSpec, plan: LLMPlan, llm: Callable[[CacheMode], LLM], meter: UsageMeter,
                   seed: int) -> CharactersFactory:
    """The characters of one trial of ``spec`` (played in the world of trial ``seed``), made once the trial knows the
    user's address and number; ``llm`` gives the door to the character model, ``meter`` counts what it costs."""

    def make(user_email: str, user_phone: str, rng: random.Random) -> Characters:
        # The scripted fallback draws from a generator of its own, so a fallback never shifts the LLM path's draws.
        scripted = ScriptedCharacters(spec, rng if plan.character_model is None
                                      else random.Random(seed ^ FALLBACK_SALT), user_email, user_phone)
        if plan.character_model is None:
            return scripted
        return LLMCharacters(spec, rng, user_email, user_phone, llm(plan.cache_mode), plan.character_model, meter,
                             scripted)

    return make
