"""The interface every backend implements, and the instance record it hands back."""

from __future__ import annotations

import asyncio
import os
import secrets
import socket
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = [
    "DEFAULT_POOL_NAME",
    "Backend",
    "BackendConfigError",
    "BackendError",
    "Instance",
    "free_port",
    "new_admin_key",
    "pid_alive",
    "process_start_time"
]

DEFAULT_POOL_NAME = "ues-green"
"""``GREEN_POOL_NAME``: the name every world of a pool carries, the unit of ownership when orphans are reaped."""


class BackendError(RuntimeError):
    """A backend could not start, reach or stop an instance; the message says which and why."""


class BackendConfigError(ValueError):
    """The backend settings are inconsistent or malformed; the message says which setting and how to fix it."""


def free_port(host: str = "127.0.0.1") -> int:
    """A port free right now on ``host`` (another process may still take it before it is bound)."""
    with socket.socket() as s:
        s.bind((host, 0))
        port: int = s.getsockname()[1]
        return port


def pid_alive(pid: int) -> bool:
    """True when a process with this pid exists (also when it belongs to another user)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def process_start_time(pid: int) -> str | None:
    """When ``pid`` started, in clock ticks since boot (``/proc/<pid>/stat`` field 22), or None when no such process
    runs — a zombie (exited, not yet collected by its parent) counts as gone. A (pid, start time) pair names one
    process for good: a pid reused by another process has another start time."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The command name (field 2) may contain spaces and parentheses: split after its closing parenthesis.
    fields = stat[stat.rfind(")") + 2:].split()
    if len(fields) < 20 or fields[0] in ("Z", "X"):
        return None
    return fields[19]


def new_admin_key() -> str:
    """A random admin secret for one instance (64 hex chars, above UES's 32-character minimum)."""
    return secrets.token_hex(32)


@dataclass(eq=False)
class Instance:
    """One running UES server."""

    instance_id: str
    backend: str
    url: str
    advertised_url: str
    admin_key: str = field(repr=False)
    handle: Any = field(default=None, repr=False)
    # Where it runs, as a failure names it: its process ("pid 4242"), container ("container 3f2a1b9c0d4e") or swarm
    # node ("swarm node ues-node-2 (172.19.0.3)"); the backend fills it in.
    location: str = ""

    @property
    def where(self) -> str:
        """Where the world runs, for a reader of a failure: its backend, its place there, and its address."""
        return ", ".join(part for part in (f"{self.backend} backend", self.location, self.url) if part)


class Backend(ABC):
    """Starts, checks and stops UES instances. Implementations must never leak what they start."""

    name: str
    # How many instances the backend can have at once, when it is bounded by what it is (a fixed list of servers);
    # the pool never asks for more, so a taker waits for one to come back instead of failing.
    capacity: int | None = None

    @abstractmethod
    async def start(self) -> Instance:
        """Start one instance and return it once ``/health`` answers; raise BackendError otherwise."""

    @abstractmethod
    async def stop(self, instance: Instance) -> None:
        """Stop and remove the instance; must not raise when it is already gone."""

    @abstractmethod
    async def is_running(self, instance: Instance) -> bool:
        """Cheap liveness check of the process or container (no HTTP)."""

    @abstractmethod
    async def reap_orphans(self) -> int:
        """Remove instances left behind by a previous, crashed owner of this pool; return how many."""

    @abstractmethod
    async def owned(self) -> list[str]:
        """Identifiers of every live process or container carrying this pool's marks (for leak checks)."""

    async def exited(self, instance: Instance) -> str:
        """Return, saying how, once the instance's process or container has exited: evidence that the world is dead,
        seen as it happens (the pool watches its leased worlds with it, so that their trials end at once). Never
        returns when the backend cannot tell; the pool's health rounds decide then. By default, never."""
        never: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        return await never

    async def retiring(self, instance: Instance) -> bool:
        """Whether the instance should go once no lease holds it (its node is being drained): the pool then
        destroys it instead of keeping it idle. Cheap, no HTTP; by default never."""
        return False

    async def close(self) -> None:
        """Release backend resources (clients, drain tasks)."""
        return None
