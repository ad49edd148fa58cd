"""The pool's settings: where UES worlds run and how many, read from ``GREEN_*`` environment variables and ``.env``.

They live here, beside the code that reads them, so that ``ues_pool`` needs nothing of the green agent; the green's
own settings object extends this one, so one environment configures both under the same names.

Each part of the pool owns its configuration model, next to its code: ``PoolConfig`` (``pool.py``), ``ProcessConfig``
(``backends/process.py``), ``DockerConfig`` (``backends/docker.py``), ``SwarmConfig`` (``backends/swarm.py``). The
settings nest them, one prefix each, so that every field is defined, defaulted and validated once, where it is used:

* ``GREEN_POOL_<FIELD>``       → ``pool`` (``GREEN_POOL_MIN_IDLE`` → ``pool.min_idle``)
* ``GREEN_UES_PROCESS_<FIELD>`` → ``ues_process``
* ``GREEN_UES_DOCKER_<FIELD>``  → ``ues_docker`` (``GREEN_UES_DOCKER_NETWORK`` → ``ues_docker.network``)
* ``GREEN_UES_SWARM_<FIELD>``   → ``ues_swarm`` (``GREEN_UES_SWARM_RESERVE_CPUS`` → ``ues_swarm.reserve_cpus``)

What every backend shares is set once, under its own name, and copied into each backend's model:
``GREEN_POOL_NAME``, ``GREEN_UES_IMAGE``, ``GREEN_UES_ADVERTISE_HOST`` and ``GREEN_DATA_DIR``. Keyword arguments
take the same flat names as the environment (``PoolSettings(pool_min_idle=0)``).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal, Self

from pydantic import BaseModel, Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from ues_pool.backends.base import DEFAULT_POOL_NAME
from ues_pool.backends.docker import DockerConfig
from ues_pool.backends.engine import DEFAULT_IMAGE
from ues_pool.backends.process import ProcessConfig
from ues_pool.backends.swarm import SwarmConfig
from ues_pool.pool import PoolConfig

__all__ = ["SECTIONS", "SHARED_FROM", "BackendKind", "PoolSettings"]

BackendKind = Literal["auto", "process", "docker", "swarm", "external"]
"""``GREEN_UES_BACKEND``; ``auto`` is resolved to docker or process at start-up (see ``backends/select.py``)."""

SECTIONS = ("pool", "ues_process", "ues_docker", "ues_swarm")
"""The nested models, named by their prefix: ``GREEN_<SECTION>_<FIELD>``, or the keyword ``<section>_<field>``."""

# Where PoolSettings takes the fields it fills in each section (module docstring), for the error that refuses them
# under a section's own prefix (they would be overwritten).
SHARED_FROM = {"pool_name": "GREEN_POOL_NAME", "image": "GREEN_UES_IMAGE", "advertise_host": "GREEN_UES_ADVERTISE_HOST",
               "bind_host": "GREEN_UES_ADVERTISE_HOST", "publish_host": "GREEN_UES_ADVERTISE_HOST",
               "state_dir": "GREEN_DATA_DIR"}


class PoolSettings(BaseSettings):
    """Everything configurable about the UES pool and its backend."""

    # "_" with one split: GREEN_UES_SWARM_RESERVE_CPUS is field ues_swarm, key reserve_cpus (module docstring).
    model_config = SettingsConfigDict(env_prefix="GREEN_", env_file=".env", extra="ignore",
                                      env_nested_delimiter="_", env_nested_max_split=1)

    data_dir: Path = Path("data")  # the process backend keeps its instance records under it

    ues_backend: BackendKind = "auto"
    ues_advertise_host: str | None = None
    ues_image: str = DEFAULT_IMAGE
    ues_external: str | None = Field(default=None, description="JSON list of {url, admin_key, advertised_url?}")
    pool_name: str = DEFAULT_POOL_NAME

    pool: PoolConfig = Field(default_factory=PoolConfig)
    ues_process: ProcessConfig = Field(default_factory=ProcessConfig)
    ues_docker: DockerConfig = Field(default_factory=DockerConfig)
    ues_swarm: SwarmConfig = Field(default_factory=SwarmConfig)

    @model_validator(mode="before")
    @classmethod
    def _flat_keywords(cls, data: Any) -> Any:
        """Keyword arguments named like the environment (``pool_min_idle=0``) go into their section; they override
        what the environment set, as keyword arguments do."""
        if not isinstance(data, dict):
            return data
        data = dict(data)
        for key in [k for k in data if isinstance(k, str) and k not in cls.model_fields]:
            section = next((s for s in SECTIONS if key.startswith(s + "_")), None)
            if section is None:
                continue
            nested = data.get(section) or {}
            if isinstance(nested, BaseModel):
                nested = nested.model_dump(exclude_unset=True)
            data[section] = {**nested, key[len(section) + 1:]: data.pop(key)}
        return data

    @model_validator(mode="after")
    def _shared(self) -> PoolSettings:
        """Refuse a shared setting under a backend's prefix, then copy the shared ones into each backend's model."""
        for section, update in self._shared_values().items():
            model: BaseModel = getattr(self, section)
            clash = sorted(name for name in model.model_fields_set & update.keys()
                           if getattr(model, name) != update[name])
            if clash:
                raise ValueError("; ".join(f"GREEN_{section.upper()}_{name.upper()} is not a setting: set "
                                           f"{SHARED_FROM[name]}" for name in clash))
        self._fill_shared()
        return self

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy, as pydantic makes it; a shared setting it changes (``data_dir``, ``pool_name``, ...) reaches every
        backend's model, as it does at validation (pydantic's copy runs no validator)."""
        copy = super().model_copy(update=update, deep=deep)
        copy._fill_shared()
        return copy

    def _shared_values(self) -> dict[str, dict[str, Any]]:
        """Section → the values it takes from the shared settings (module docstring)."""
        # Purples that come through an advertised host connect from elsewhere: worlds listen on every interface.
        listen = "0.0.0.0" if self.ues_advertise_host is not None else "127.0.0.1"
        common = {"pool_name": self.pool_name, "advertise_host": self.ues_advertise_host}
        return {"ues_process": {**common, "state_dir": self.data_dir / "ues-pool", "bind_host": listen},
                "ues_docker": {**common, "image": self.ues_image, "publish_host": listen},
                "ues_swarm": {**common, "image": self.ues_image}}

    def _fill_shared(self) -> None:
        for section, update in self._shared_values().items():
            setattr(self, section, getattr(self, section).model_copy(update=update))
