"""The green agent's settings: one pydantic-settings object, environment prefix ``GREEN_``, ``.env`` read."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic_settings import SettingsConfigDict

from ues_pool.settings import PoolSettings

ROOT = Path(__file__).resolve().parents[1]


class GreenSettings(PoolSettings):
    """Everything configurable about the green agent. Model names are litellm model strings.

    The world pool's settings (``data_dir``, ``GREEN_UES_*``, ``GREEN_POOL_*``) are inherited from
    ``ues_pool.settings.PoolSettings``, which owns them."""

    model_config = SettingsConfigDict(env_prefix="GREEN_", env_file=".env", extra="ignore")

    # where things live
    scenarios_dir: Path = ROOT / "scenarios"
    task_db_url: str | None = None  # default: sqlite under data_dir

    # who plays the characters (only scripted replies exist in this build; see runner warnings)
    character_mode: Literal["llm", "scripted", "replay"] = "scripted"

    log_json: bool | None = None  # default: JSON when not on a TTY

    @property
    def task_db(self) -> str:
        return self.task_db_url or f"sqlite+aiosqlite:///{(self.data_dir / 'tasks.db').resolve()}"
