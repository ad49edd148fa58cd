"""The pool's settings: where UES worlds run and how many, read from ``GREEN_*`` environment variables and ``.env``.

They live here, beside the code that reads them, so that ``ues_pool`` needs nothing of the green agent; the green's
own settings object extends this one, so one environment configures both under the same names.
"""

from __future__ import annotations

import json
import re
from ipaddress import IPv4Network
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from ues_pool.backends.docker import DEFAULT_IMAGE
from ues_pool.backends.swarm import DEFAULT_NETWORK, parse_size

BackendKind = Literal["auto", "process", "docker", "swarm", "external"]
"""``GREEN_UES_BACKEND``; ``auto`` is resolved to docker or process at start-up (see ``backends/select.py``)."""

# What swarm accepts as a placement constraint: an attribute, == or !=, a value (node.labels.ues==yes).
CONSTRAINT = re.compile(r"^\s*(node|engine)\.[\w.-]+\s*(==|!=)\s*\S+\s*$")


class PoolSettings(BaseSettings):
    """Everything configurable about the UES pool and its backend."""

    model_config = SettingsConfigDict(env_prefix="GREEN_", env_file=".env", extra="ignore")

    data_dir: Path = Path("data")  # the process backend keeps its instance records under it

    ues_backend: BackendKind = "auto"
    ues_advertise_host: str | None = None
    ues_image: str = DEFAULT_IMAGE
    ues_docker_network: str | None = None
    ues_external: str | None = Field(default=None, description="JSON list of {url, admin_key, advertised_url?}")

    ues_swarm_network: str = Field(default=DEFAULT_NETWORK, min_length=1,
                                   description="the overlay network worlds join (created, attachable, when missing)")
    ues_swarm_subnet: IPv4Network | None = Field(
        default=None, description="the subnet of that network when the backend creates it (one address per world: "
        "docker's default /24 holds about 250 worlds)")
    ues_swarm_green_on_network: bool = Field(
        default=False, description="the green runs on that overlay network: it reaches worlds by service name")
    ues_swarm_advertise_name: bool = Field(
        default=False, description="purples get http://<service name>:8000 (they run on the overlay network)")
    ues_swarm_constraints: Annotated[list[str], NoDecode] = Field(
        default_factory=list, description="placement constraints: JSON list or comma list, e.g. node.labels.ues==yes")
    ues_swarm_reserve_cpus: float = Field(default=0.0, ge=0, description="CPUs reserved per world (0: none)")
    ues_swarm_reserve_memory: str | None = Field(default=None, description="memory reserved per world, e.g. 128m")
    ues_swarm_cpus: float = Field(default=1.0, gt=0, description="CPU limit per world")
    ues_swarm_memory: str = Field(default="512m", description="memory limit per world")

    pool_name: str = "ues-green"
    pool_min_idle: int = 2
    pool_max_instances: int = 16
    pool_acquire_timeout_s: float = 60.0
    pool_health_interval_s: float = Field(default=1.0, gt=0)
    pool_idle_ttl_s: float = Field(default=60.0, ge=0, description="how long a world above the warm set stays idle")
    pool_health_failures: int = Field(
        default=3, ge=1, description="silent health rounds in a row before a world is declared dead")

    @field_validator("ues_swarm_constraints", mode="before")
    @classmethod
    def _constraints(cls, raw: Any) -> Any:
        """A JSON list, or a comma-separated list, of constraints like ``node.labels.ues==yes``."""
        if isinstance(raw, str):
            text = raw.strip()
            if text.startswith("["):
                try:
                    raw = json.loads(text)
                except ValueError as exc:
                    raise ValueError(f"not a valid JSON list ({exc})") from None
            else:
                raw = [part for part in (p.strip() for p in text.split(",")) if part]
        if isinstance(raw, list):
            for item in raw:
                if not isinstance(item, str) or not CONSTRAINT.match(item):
                    raise ValueError(f"{item!r} is not a placement constraint like node.labels.ues==yes or "
                                     f"node.role!=manager")
            return [item.strip() for item in raw]
        return raw

    @field_validator("ues_swarm_reserve_memory", "ues_swarm_memory")
    @classmethod
    def _size(cls, raw: str | None, info: ValidationInfo) -> str | None:
        """A docker size (``512m``, ``1g``); an empty reservation means none."""
        if raw is None or (not raw.strip() and info.field_name == "ues_swarm_reserve_memory"):
            return None
        parse_size(raw.strip())
        return raw.strip()

    @model_validator(mode="after")
    def _reservations_fit_limits(self) -> PoolSettings:
        if self.ues_swarm_reserve_cpus > self.ues_swarm_cpus:
            raise ValueError(f"GREEN_UES_SWARM_RESERVE_CPUS ({self.ues_swarm_reserve_cpus:g}) is above the limit "
                             f"GREEN_UES_SWARM_CPUS ({self.ues_swarm_cpus:g})")
        if self.ues_swarm_reserve_memory and \
                parse_size(self.ues_swarm_reserve_memory) > parse_size(self.ues_swarm_memory):
            raise ValueError(f"GREEN_UES_SWARM_RESERVE_MEMORY ({self.ues_swarm_reserve_memory}) is above the limit "
                             f"GREEN_UES_SWARM_MEMORY ({self.ues_swarm_memory})")
        return self
