"""The backends ``GREEN_UES_BACKEND`` can name, by kind: ``kind → (Config, build)``.

A backend is one module holding its configuration model and its ``Backend``, plus one line at the bottom of this
file. Everything else follows from the entry: ``PoolSettings`` reads ``GREEN_UES_<KIND>_<FIELD>`` into the kind's
configuration model (and fills the fields it shares with every backend, see ``ues_pool/settings.py``),
``GREEN_UES_BACKEND`` accepts the kind, and ``select.make_backend`` builds it. ``auto`` is not a kind: it is the
choice between two of them (``select.py``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from ues_pool.backends.base import Backend, BackendConfigError
from ues_pool.backends.docker import DockerConfig, build_docker
from ues_pool.backends.external import ExternalConfig, build_external
from ues_pool.backends.process import ProcessBackend, ProcessConfig
from ues_pool.backends.swarm import SwarmConfig, build_swarm

__all__ = ["AUTO", "BACKENDS", "BackendRegistry", "BackendSpec", "DuplicateBackendError"]

AUTO = "auto"
"""``GREEN_UES_BACKEND=auto``: docker or process, chosen at start-up (``select.py``); never a registered kind."""

# One word, so that GREEN_UES_<KIND>_<FIELD> splits in one way only. "advertise" would swallow
# GREEN_UES_ADVERTISE_HOST, a setting every backend shares.
_KIND = re.compile(r"^[a-z][a-z0-9]*$")
_RESERVED = (AUTO, "advertise")

C = TypeVar("C", bound=BaseModel)


class DuplicateBackendError(ValueError):
    """Two backends registered under one kind; the message names both."""


@dataclass(frozen=True)
class BackendSpec(Generic[C]):
    """One kind of backend: the value of ``GREEN_UES_BACKEND`` that selects it, the model of its configuration
    (``GREEN_UES_<KIND>_<FIELD>``), and what builds the backend from that configuration (it raises
    ``BackendConfigError`` for a configuration it cannot use)."""

    kind: str
    config: type[C]
    build: Callable[[C], Backend]

    @property
    def origin(self) -> str:
        """Where the backend comes from, for messages: its builder's module and name."""
        return f"{self.build.__module__}.{getattr(self.build, '__qualname__', repr(self.build))}"

    @property
    def variables(self) -> str:
        """The environment variables of its section, as a person writes them: ``GREEN_UES_DOCKER_*``."""
        return f"GREEN_UES_{self.kind.upper()}_*"


class BackendRegistry:
    """Backends by kind, in the order they were registered (the order messages list them in)."""

    def __init__(self) -> None:
        self._specs: dict[str, BackendSpec[Any]] = {}

    def register(self, spec: BackendSpec[C]) -> BackendSpec[C]:
        """Add ``spec``; a kind that is not one lowercase word, is reserved, or is taken is refused."""
        if not _KIND.match(spec.kind) or spec.kind in _RESERVED:
            raise ValueError(f"{spec.kind!r} ({spec.origin}) cannot be a backend kind: it must be one lowercase word "
                             f"(letters and digits), not {' or '.join(_RESERVED)}")
        taken = self._specs.get(spec.kind)
        if taken is not None:
            raise DuplicateBackendError(f"backend kind {spec.kind!r} is registered twice: by {taken.origin} and by "
                                        f"{spec.origin}")
        self._specs[spec.kind] = spec
        return spec

    def unregister(self, kind: str) -> None:
        """Remove ``kind`` (a backend registered for a while, as a test does); absent is fine."""
        self._specs.pop(kind, None)

    def __getitem__(self, kind: str) -> BackendSpec[Any]:
        spec = self._specs.get(kind)
        if spec is None:
            raise BackendConfigError(f"GREEN_UES_BACKEND={kind!r} is not a backend: use {self.choices()}")
        return spec

    def __contains__(self, kind: object) -> bool:
        return kind in self._specs

    def __iter__(self) -> Iterator[BackendSpec[Any]]:
        return iter(list(self._specs.values()))

    def kinds(self) -> list[str]:
        """The registered kinds, in registration order."""
        return list(self._specs)

    def choices(self) -> str:
        """What ``GREEN_UES_BACKEND`` accepts, for messages: ``auto, process, docker, ...``."""
        return ", ".join([AUTO, *self._specs])


BACKENDS = BackendRegistry()
"""The backends this green knows. A new backend: its module, and one line here."""
BACKENDS.register(BackendSpec("process", ProcessConfig, ProcessBackend))
BACKENDS.register(BackendSpec("docker", DockerConfig, build_docker))
BACKENDS.register(BackendSpec("swarm", SwarmConfig, build_swarm))
BACKENDS.register(BackendSpec("external", ExternalConfig, build_external))
