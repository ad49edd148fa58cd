"""The green agent's settings: one pydantic-settings object, environment prefix ``GREEN_``, ``.env`` read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import NoDecode

from green_agent.protocol import CharacterMode
from ues_pool.settings import PoolSettings

ROOT = Path(__file__).resolve().parents[1]


class GreenSettings(PoolSettings):
    """Everything configurable about the green agent. Model names are litellm model strings.

    The world pool's settings (``data_dir``, ``GREEN_UES_*``, ``GREEN_POOL_*``) are inherited from
    ``ues_pool.settings.PoolSettings``, which owns them, and so is its ``model_config`` (prefix, ``.env``, and the
    nesting of ``GREEN_POOL_<FIELD>`` and ``GREEN_UES_<BACKEND>_<FIELD>`` into each part's own model)."""

    # where things live
    scenarios_dir: Path = ROOT / "scenarios"
    task_db_url: str | None = None  # default: sqlite under data_dir
    # The last status messages a task keeps in its history (besides the request and the acceptance): a task write
    # then costs the same at update 10 and at update 10 000 (task_store.py). Streaming clients still see every update.
    task_history_limit: int = Field(default=64, ge=1)

    # who plays the characters: scripted rules, an LLM (recording every completion), or a replay of a recording
    character_mode: CharacterMode = CharacterMode.SCRIPTED

    # LLMs (litellm model names, e.g. "openai/gpt-4o-mini", "anthropic/claude-3-5-haiku-latest", "ollama/llama3")
    character_model: str | None = None
    judge_model: str | None = None
    # A jury: several judge models, each criterion scored by all and averaged (comma-separated or a JSON list).
    judge_models: Annotated[list[str], NoDecode] = []
    llm_api_base: str | None = None  # for OpenAI-compatible servers; litellm's own variables keep working
    llm_api_key: SecretStr | None = None
    llm_cache_dir: Path | None = None  # default: data_dir/llm-cache
    llm_timeout_s: float = Field(default=60.0, gt=0)
    llm_max_retries: int = Field(default=3, ge=0, le=10)
    llm_concurrency: int = Field(default=4, ge=1)  # calls in flight per model
    # Whether a request may name its own character_model / judge_model (it spends the operator's money).
    llm_allow_request_models: bool = False

    # Mixed into every world seed, so a leaderboard's worlds cannot be computed before the run (seeds.py).
    heldout_secret: SecretStr | None = None
    # Self-tests only: the green writes each trial's oracle plan here, named by a hash of the purple key it minted,
    # and the oracle purple reads it. Never set on a public green: whoever reads the folder has the answers.
    oracle_plans_dir: Path | None = None

    log_json: bool | None = None  # default: JSON when not on a TTY

    @field_validator("judge_models", mode="before")
    @classmethod
    def _model_list(cls, value: Any) -> Any:
        if isinstance(value, str):
            text = value.strip()
            return json.loads(text) if text.startswith("[") else [m.strip() for m in text.split(",") if m.strip()]
        return value

    @property
    def jury(self) -> list[str]:
        """The judge models: the jury when one is set, else the one judge model (empty: no LLM judge)."""
        return self.judge_models or ([self.judge_model] if self.judge_model else [])

    @property
    def heldout(self) -> str | None:
        """The held-out secret in clear (None when unset or empty)."""
        return self.heldout_secret.get_secret_value() or None if self.heldout_secret else None

    @property
    def reports_dir(self) -> Path:
        """Where each assessment's HTML report is written (``<assessment id>.html``)."""
        return self.data_dir / "reports"

    @property
    def replay_dir(self) -> Path:
        return self.llm_cache_dir or self.data_dir / "llm-cache"

    @property
    def task_db(self) -> str:
        return self.task_db_url or f"sqlite+aiosqlite:///{(self.data_dir / 'tasks.db').resolve()}"
