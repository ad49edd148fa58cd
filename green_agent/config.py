"""The green agent's settings: one pydantic-settings object, environment prefix ``GREEN_``, ``.env`` read."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parents[1]


class GreenSettings(BaseSettings):
    """Everything configurable about the green agent. Model names are litellm model strings."""

    model_config = SettingsConfigDict(env_prefix="GREEN_", env_file=".env", extra="ignore")

    # where things live
    scenarios_dir: Path = ROOT / "scenarios"
    data_dir: Path = Path("data")
    task_db_url: str | None = None  # default: sqlite under data_dir

    # the world pool
    ues_backend: Literal["auto", "process", "docker", "external"] = "auto"
    ues_advertise_host: str | None = None
    ues_image: str = "ues-green-agent:latest"
    ues_docker_network: str | None = None
    ues_external: str | None = Field(default=None, description="JSON list of {url, admin_key, advertised_url?}")
    pool_name: str = "ues-green"
    pool_min_idle: int = 2
    pool_max_instances: int = 16
    pool_idle_ttl_s: float = 1800.0
    pool_acquire_timeout_s: float = 60.0

    # who plays the characters (only scripted replies exist in this build; see runner warnings)
    character_mode: Literal["llm", "scripted", "replay"] = "scripted"

    log_json: bool | None = None  # default: JSON when not on a TTY

    @property
    def task_db(self) -> str:
        return self.task_db_url or f"sqlite+aiosqlite:///{(self.data_dir / 'tasks.db').resolve()}"
