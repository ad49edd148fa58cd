"""Who plays the characters and who judges, for one assessment: decided once from the settings and the request."""

from __future__ import annotations

from dataclasses import dataclass, field

from green_agent.config import GreenSettings
from green_agent.llm import CacheMode
from green_agent.protocol import AssessmentRequest, CharacterMode, Problem, ProblemKind


@dataclass
class LLMPlan:
    """Who plays the characters and who judges, for one assessment: the settings, the request, and what is
    configured decide it once; ``warnings`` say what was asked for and could not be given."""

    requested: CharacterMode
    mode: CharacterMode  # what the characters really are
    character_model: str | None
    judges: list[str]
    warnings: list[Problem] = field(default_factory=list)

    @classmethod
    def decide(cls, settings: GreenSettings, request: AssessmentRequest) -> LLMPlan:
        """The plan for ``request`` on a green with ``settings``: per-request models only where the server allows
        them, scripted characters where no character model is configured."""
        cfg = request.config
        requested = cfg.character_mode or settings.character_mode
        character_model, judges = settings.character_model, settings.jury
        warnings: list[Problem] = []
        for name, value in (("character_model", cfg.character_model), ("judge_model", cfg.judge_model)):
            if value is None:
                continue
            if not settings.llm_allow_request_models:
                warnings.append(Problem(kind=ProblemKind.CONFIG, text=(
                    f"config.{name} ignored: this server does not allow per-request models "
                    f"(GREEN_LLM_ALLOW_REQUEST_MODELS)")))
            elif name == "character_model":
                character_model = value
            else:
                judges = [value]
        mode = requested
        if requested != CharacterMode.SCRIPTED and character_model is None:
            warnings.append(Problem(kind=ProblemKind.CONFIG, text=(
                f"character_mode '{requested}' needs a character model (GREEN_CHARACTER_MODEL) and this server has "
                f"none; characters used their scripted replies")))
            mode = CharacterMode.SCRIPTED
        return cls(requested, mode, character_model if mode != CharacterMode.SCRIPTED else None, judges, warnings)

    @property
    def cache_mode(self) -> CacheMode:
        """Replay answers every LLM call of the green (characters and judge) from the cache; otherwise record."""
        return CacheMode.REPLAY if self.requested == CharacterMode.REPLAY else CacheMode.RECORD
