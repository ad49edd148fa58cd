"""Simulator settings: one pydantic-settings object, environment prefix ``UES_``."""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from services.ues.compat import Compat

MIN_ADMIN_KEY_LENGTH = 32


class UESSettings(BaseSettings):
    """Everything the simulator reads from the environment (or a ``.env`` file)."""

    model_config = SettingsConfigDict(env_prefix="UES_", env_file=".env", extra="ignore")

    admin_key: str | None = Field(default=None, repr=False)
    admin_key_file: str | None = None
    max_body_bytes: int = 1024 * 1024
    max_admin_body_bytes: int = 256 * 1024 * 1024
    rate_limit_per_second: float = 50.0
    rate_limit_burst: int = 200
    access_log_size: int = 10_000
    log_level: str = "warning"
    # ``real-0.3``: behave like a real UES 0.3.0 where ours deliberately differs (services/ues/compat.py).
    compat: Compat = Compat.NATIVE
