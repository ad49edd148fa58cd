"""The pool's settings: where UES worlds run and how many, read from ``GREEN_*`` environment variables and ``.env``.

They live here, beside the code that reads them, so that ``ues_pool`` needs nothing of the green agent; the green's
own settings object extends this one, so one environment configures both under the same names.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from ues_pool.backends.docker import DEFAULT_IMAGE

BackendKind = Literal["auto", "process", "docker", "external"]
"""``GREEN_UES_BACKEND``; ``auto`` is resolved to docker or process at start-up (see ``backends/select.py``)."""


class PoolSettings(BaseSettings):
    """Everything configurable about the UES pool and its backend."""

    model_config = SettingsConfigDict(env_prefix="GREEN_", env_file=".env", extra="ignore")

    data_dir: Path = Path("data")  # the process backend keeps its instance records under it

    ues_backend: BackendKind = "auto"
    ues_advertise_host: str | None = None
    ues_image: str = DEFAULT_IMAGE
    ues_docker_network: str | None = None
    ues_external: str | None = Field(default=None, description="JSON list of {url, admin_key, advertised_url?}")

    pool_name: str = "ues-green"
    pool_min_idle: int = 2
    pool_max_instances: int = 16
    pool_acquire_timeout_s: float = 60.0
    pool_health_interval_s: float = Field(default=1.0, gt=0)
    pool_idle_ttl_s: float = Field(default=60.0, ge=0, description="how long a world above the warm set stays idle")
    pool_health_failures: int = Field(
        default=3, ge=1, description="silent health rounds in a row before a world is declared dead")
