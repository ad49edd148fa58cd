"""The pool's settings: where UES worlds run and how many, read from ``GREEN_*`` environment variables and ``.env``.

They live here, beside the code that reads them, so that ``ues_pool`` needs nothing of the green agent; the green's
own settings object extends this one, so one environment configures both under the same names.

Each part of the pool owns its configuration model, next to its code: ``PoolConfig`` (``pool.py``), and each
backend's, registered with it by kind (``backends/registry.py``: ``ProcessConfig``, ``DockerConfig``,
``SwarmConfig``, ``ExternalConfig``). The settings nest them, one prefix each, so that every field is defined,
defaulted and validated once, where it is used:

* ``GREEN_POOL_<FIELD>``        → ``pool`` (``GREEN_POOL_MIN_IDLE`` → ``pool.min_idle``)
* ``GREEN_UES_<KIND>_<FIELD>``  → ``backend_config(kind)`` for every registered kind (``GREEN_UES_SWARM_RESERVE_CPUS``
  → ``backend_config("swarm").reserve_cpus``; ``GREEN_UES_DOCKER_NETWORK``, ``GREEN_UES_PROCESS_STARTUP_TIMEOUT``)

What every backend shares is set once, under its own name, and copied into each backend's model that has a field
of that name (``SHARED_FROM``): ``GREEN_POOL_NAME``, ``GREEN_UES_IMAGE``, ``GREEN_UES_ADVERTISE_HOST``,
``GREEN_DATA_DIR`` and ``GREEN_UES_EXTERNAL``. Keyword arguments take the same flat names as the environment
(``PoolSettings(pool_min_idle=0, ues_swarm_cpus=2)``).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Self, TypeVar, overload

from pydantic import (
    BaseModel,
    Field,
    ModelWrapValidatorHandler,
    PrivateAttr,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic.fields import FieldInfo
from pydantic_core import InitErrorDetails, PydanticCustomError
from pydantic_settings import (
    BaseSettings,
    EnvSettingsSource,
    InitSettingsSource,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)

from ues_pool.backends.base import DEFAULT_POOL_NAME
from ues_pool.backends.engine import DEFAULT_IMAGE
from ues_pool.backends.registry import AUTO, BACKENDS, BackendSpec
from ues_pool.pool import PoolConfig

__all__ = ["SHARED_FROM", "PoolSettings"]

C = TypeVar("C", bound=BaseModel)

# Where PoolSettings takes the fields it fills in each backend's model (module docstring), for the error that refuses
# them under a backend's own prefix (they would be overwritten).
SHARED_FROM = {"pool_name": "GREEN_POOL_NAME", "image": "GREEN_UES_IMAGE", "advertise_host": "GREEN_UES_ADVERTISE_HOST",
               "bind_host": "GREEN_UES_ADVERTISE_HOST", "publish_host": "GREEN_UES_ADVERTISE_HOST",
               "state_dir": "GREEN_DATA_DIR", "servers_json": "GREEN_UES_EXTERNAL"}

# The key under which the backends' sections travel from the environment to the validator (never a field).
_SECTIONS = "__ues_backend_sections__"


def _section_name(spec: BackendSpec[Any]) -> str:
    """A backend's section as a field name would be: ``ues_<kind>`` (``GREEN_UES_<KIND>_<FIELD>``)."""
    return f"ues_{spec.kind}"


def _problem(loc: tuple[str | int, ...], value: Any, message: str) -> InitErrorDetails:
    """One refused backend setting as pydantic reports it; ``message`` names the variable an operator sets."""
    return {"type": PydanticCustomError("backend_setting", "{message}", {"message": message}), "loc": loc,
            "input": value}


class _BackendSections(PydanticBaseSettingsSource):
    """Every registered kind's section: ``GREEN_UES_<KIND>_<FIELD>`` from ``.env`` and the environment, parsed as
    pydantic-settings parses a nested model's variables, and keyword arguments ``ues_<kind>_<field>`` over them
    (the usual order: keywords, then the environment, then ``.env``). Returns kind → {field: value}."""

    def __init__(self, settings_cls: type[BaseSettings], init: PydanticBaseSettingsSource,
                 *sources: PydanticBaseSettingsSource) -> None:
        super().__init__(settings_cls)
        self._keywords: dict[str, Any] = init.init_kwargs if isinstance(init, InitSettingsSource) else {}
        # Lowest priority first, so that later ones overwrite.
        self._sources = [s for s in reversed(sources) if isinstance(s, EnvSettingsSource)]

    def get_field_value(self, field: FieldInfo, field_name: str) -> tuple[Any, str, bool]:
        return None, field_name, False  # no field of the model comes from here

    def __call__(self) -> dict[str, Any]:
        sections: dict[str, dict[str, Any]] = {}
        for spec in BACKENDS:
            name = _section_name(spec)
            for source in self._sources:
                sections.setdefault(spec.kind, {}).update(
                    source.explode_env_vars(name, FieldInfo.from_annotation(spec.config), source.env_vars))
            sections[spec.kind].update({key.removeprefix(name + "_"): value for key, value in self._keywords.items()
                                        if key.startswith(name + "_") and key not in self.settings_cls.model_fields})
        return {_SECTIONS: sections}


class PoolSettings(BaseSettings):
    """Everything configurable about the UES pool and its backend."""

    # "_" with one split: GREEN_POOL_MIN_IDLE is field pool, key min_idle (module docstring).
    model_config = SettingsConfigDict(env_prefix="GREEN_", env_file=".env", extra="ignore",
                                      env_nested_delimiter="_", env_nested_max_split=1)

    data_dir: Path = Path("data")  # the process backend keeps its instance records under it

    # auto, or a registered kind (backends/registry.py); auto is resolved at start-up (backends/select.py)
    ues_backend: str = AUTO
    ues_advertise_host: str | None = None
    ues_image: str = DEFAULT_IMAGE
    ues_external: str | None = Field(default=None, description="JSON list of {url, admin_key, advertised_url?}")
    pool_name: str = DEFAULT_POOL_NAME

    pool: PoolConfig = Field(default_factory=PoolConfig)

    # kind → its configuration model, for every registered kind (filled by _sections, module docstring)
    _backends: dict[str, BaseModel] = PrivateAttr(default_factory=dict)

    @classmethod
    def settings_customise_sources(cls, settings_cls: type[BaseSettings], init_settings: PydanticBaseSettingsSource,
                                   env_settings: PydanticBaseSettingsSource,
                                   dotenv_settings: PydanticBaseSettingsSource,
                                   file_secret_settings: PydanticBaseSettingsSource,
                                   ) -> tuple[PydanticBaseSettingsSource, ...]:
        """pydantic-settings' sources, and the backends' sections (``_BackendSections``) below them."""
        return (init_settings, env_settings, dotenv_settings, file_secret_settings,
                _BackendSections(settings_cls, init_settings, env_settings, dotenv_settings))

    @field_validator("ues_backend")
    @classmethod
    def _known_backend(cls, kind: str) -> str:
        if kind != AUTO and kind not in BACKENDS:
            raise ValueError(f"GREEN_UES_BACKEND={kind!r} is not a backend: use {BACKENDS.choices()}")
        return kind

    @model_validator(mode="wrap")
    @classmethod
    def _sections(cls, data: Any, handler: ModelWrapValidatorHandler[Self]) -> Self:
        """Keyword arguments named like the environment (``pool_min_idle=0``) go into their section, over what the
        environment set, as keyword arguments do; then every registered backend's model is validated from its
        section (``_BackendSections``), refusing a shared setting under its prefix, and given the shared settings."""
        sections: dict[str, dict[str, Any]] = {}
        if isinstance(data, dict):
            data = dict(data)
            sections = data.pop(_SECTIONS, None) or {}
            for key in [k for k in data if isinstance(k, str) and k.startswith("pool_") and k not in cls.model_fields]:
                nested = data.get("pool") or {}
                if isinstance(nested, BaseModel):
                    nested = nested.model_dump(exclude_unset=True)
                data["pool"] = {**nested, key.removeprefix("pool_"): data.pop(key)}
        settings = handler(data)
        problems: list[InitErrorDetails] = []
        for spec in BACKENDS:
            model = settings._validated(spec, sections.get(spec.kind, {}), problems)
            if model is not None:
                settings._backends[spec.kind] = model
        if problems:
            raise ValidationError.from_exception_data(cls.__name__, problems)
        return settings

    def _validated(self, spec: BackendSpec[Any], raw: dict[str, Any], problems: list[InitErrorDetails],
                   ) -> BaseModel | None:
        """``spec``'s model from its section, given the shared settings; None, with each problem in ``problems``
        naming its variable, when the section is refused."""
        prefix, section = f"GREEN_UES_{spec.kind.upper()}", _section_name(spec)
        try:
            model = spec.config.model_validate(raw)
        except ValidationError as exc:
            problems.extend(_problem((section, *err["loc"]), err["input"], (
                f"{prefix}_{str(err['loc'][0]).upper()}" if err["loc"] else spec.variables) + f": {err['msg']}")
                for err in exc.errors())
            return None
        update = self._shared_for(spec.config)
        clash = sorted(name for name in model.model_fields_set & update.keys() if getattr(model, name) != update[name])
        # The value is left out of the error: a shared setting may hold secrets (GREEN_UES_EXTERNAL's admin keys).
        problems.extend(_problem((section, name), None, f"{prefix}_{name.upper()} is not a setting: set "
                                 f"{SHARED_FROM[name]}") for name in clash)
        return None if clash else model.model_copy(update=update)

    def _shared_for(self, config: type[BaseModel]) -> dict[str, Any]:
        """The shared settings a backend's model takes: those it has a field for (module docstring)."""
        # Purples that come through an advertised host connect from elsewhere: worlds listen on every interface.
        listen = "0.0.0.0" if self.ues_advertise_host is not None else "127.0.0.1"
        shared = {"pool_name": self.pool_name, "advertise_host": self.ues_advertise_host, "image": self.ues_image,
                  "state_dir": self.data_dir / "ues-pool", "bind_host": listen, "publish_host": listen,
                  "servers_json": self.ues_external}
        return {name: value for name, value in shared.items() if name in config.model_fields}

    @overload
    def backend_config(self, kind: str) -> BaseModel: ...

    @overload
    def backend_config(self, kind: str, expected: type[C]) -> C: ...

    def backend_config(self, kind: str, expected: type[BaseModel] = BaseModel) -> BaseModel:
        """The configuration of backend ``kind`` (``GREEN_UES_<KIND>_*`` and the shared settings it takes), checked
        to be an ``expected`` when one is given: ``settings.backend_config("process", ProcessConfig)``."""
        model = self._backends.get(kind)
        if model is None:
            raise KeyError(f"no backend {kind!r}: the registered ones are {', '.join(BACKENDS.kinds())}")
        if not isinstance(model, expected):
            raise TypeError(f"backend {kind!r} is configured by {type(model).__name__}, not {expected.__name__}")
        return model

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy, as pydantic makes it; a shared setting it changes (``data_dir``, ``pool_name``, ...) reaches every
        backend's model, as it does at validation (pydantic's copy runs no validator)."""
        copy = super().model_copy(update=update, deep=deep)
        copy._backends = {kind: model.model_copy(update=copy._shared_for(type(model)))
                          for kind, model in copy._backends.items()}
        return copy
