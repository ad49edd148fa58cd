"""What the backends on a Docker engine share: ``docker.py`` (one container per world) and ``swarm.py`` (one swarm
service per world) — their common configuration, ownership labels, orphan rule, and the ``EngineBackend`` base.

Ownership labels (on every world: a container, or a service and its container)::

    org.ues-green.pool         the pool name — the unit of ownership
    org.ues-green.run          a random id per backend object (one run of one green)
    org.ues-green.owner-host   the owner's hostname (a container's id prefix when the green is containerised)
    org.ues-green.owner-pid    the owner's pid
    org.ues-green.owner-start  the owner process's start time (clock ticks since boot; tells a reused pid apart)
    org.ues-green.instance     the instance id (= the container or service name)

Orphan rule (``reap_orphans``): a world is removed when it carries this pool's name, its run id is not ours, and
its owner is provably gone —

* owner on this host (same hostname): no process with that pid exists, or one does but started at another
  time (the pid was reused);
* owner on another host: that hostname is not the hostname of any running container on this engine (a
  containerised green that has exited, or a machine that no longer runs the pool); the swarm backend widens
  "running" to the swarm's tasks and nodes.

Anything we cannot decide (labels missing or malformed) is left alone. One pool name must therefore belong to
one green per engine: two greens on different machines sharing an engine must use different pool names.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import re
import socket
import uuid
from abc import abstractmethod
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import httpx
import structlog
from pydantic import BaseModel, ConfigDict, Field, field_validator

from services.ues.client import tls_context
from ues_pool.backends.base import DEFAULT_POOL_NAME, Backend, BackendError, pid_alive, process_start_time

__all__ = [
    "CONTAINER_PORT",
    "DEFAULT_IMAGE",
    "LABEL_INSTANCE",
    "LABEL_OWNER_HOST",
    "LABEL_OWNER_PID",
    "LABEL_OWNER_START",
    "LABEL_POOL",
    "LABEL_RUN",
    "EngineBackend",
    "EngineConfig",
    "T",
    "compose_unclaimed",
    "container_name_part",
    "in_container",
    "owner_alive",
    "ownership_labels",
    "parse_size",
    "running_hostnames"
]

log = structlog.get_logger("ues_pool.engine")

DEFAULT_IMAGE = "ues-green-agent:latest"
CONTAINER_PORT = 8000

LABEL_POOL = "org.ues-green.pool"
LABEL_RUN = "org.ues-green.run"
LABEL_OWNER_HOST = "org.ues-green.owner-host"
LABEL_OWNER_PID = "org.ues-green.owner-pid"
LABEL_OWNER_START = "org.ues-green.owner-start"
LABEL_INSTANCE = "org.ues-green.instance"

T = TypeVar("T")


def parse_size(value: str | int) -> int:
    """Bytes from a docker size (``512m``, ``1g``, ``65536``); ValueError with the reason when malformed."""
    from docker.errors import DockerException
    from docker.utils import parse_bytes

    try:
        size = parse_bytes(value)
    except (DockerException, ValueError, TypeError) as exc:
        raise ValueError(f"{value!r} is not a size like 512m or 1g ({exc})") from None
    if size <= 0:
        raise ValueError(f"{value!r} is not a positive size")
    return int(size)


class EngineConfig(BaseModel):
    """What every world on a Docker engine is made of: image, command, hardening, limits and labels.

    ``PoolSettings`` fills ``pool_name``, ``image`` and ``advertise_host`` from ``GREEN_POOL_NAME``,
    ``GREEN_UES_IMAGE`` and ``GREEN_UES_ADVERTISE_HOST`` (one value for every backend)."""

    model_config = ConfigDict(frozen=True)

    pool_name: str = DEFAULT_POOL_NAME
    image: str = DEFAULT_IMAGE
    command: tuple[str, ...] = ("ues",)
    advertise_host: str | None = None
    cpus: float = Field(default=1.0, gt=0, description="CPU limit per world")
    memory: str | int = Field(default="512m", description="memory limit per world, e.g. 512m")
    pids_limit: int = Field(default=256, ge=1)
    user: str | None = "10001:10001"
    tmpfs_size: str = "64m"
    startup_timeout: float = Field(default=30.0, gt=0)
    labels: dict[str, str] = Field(default_factory=dict, description="extra labels on every world")
    max_workers: int = Field(default=16, ge=1, description="threads running the blocking docker SDK")

    @field_validator("command", mode="before")
    @classmethod
    def _command(cls, raw: Any) -> Any:
        """One word, or a list of words."""
        return (raw,) if isinstance(raw, str) else raw

    @field_validator("memory", "tmpfs_size")
    @classmethod
    def _size(cls, raw: str | int) -> str | int:
        """A docker size (``512m``, ``1g``, bytes)."""
        if isinstance(raw, str):
            raw = raw.strip()
        parse_size(raw)
        return raw


def container_name_part(text: str) -> str:
    """``text`` reduced to what a docker container name allows."""
    cleaned = re.sub(r"[^a-zA-Z0-9_.-]+", "-", text).strip("-.") or "pool"
    return cleaned[:40]


def ownership_labels(pool_name: str, run_id: str, hostname: str, pid: int) -> dict[str, str]:
    """The labels that tie a world to its pool, its run and its owner process (what the orphan rule reads)."""
    return {LABEL_POOL: pool_name, LABEL_RUN: run_id, LABEL_OWNER_HOST: hostname, LABEL_OWNER_PID: str(pid),
            LABEL_OWNER_START: process_start_time(pid) or ""}


def in_container() -> bool:
    """Whether the green itself runs in a Docker container (it then reaches worlds only over a shared network)."""
    return os.path.exists("/.dockerenv")


def compose_unclaimed(image_labels: dict[str, str]) -> dict[str, str]:
    """Blank values for the compose labels an image carries. A container inherits its image's labels, and an
    image built by `docker compose` is labelled with the project and service that built it: compose would
    then count every world as a container of its `green` service (and `up --exit-code-from` stops the stack
    when a world exits). Worlds belong to the pool, not to any compose project."""
    return {k: "" for k in image_labels if k.startswith("com.docker.compose.")}


def running_hostnames(api: Any) -> tuple[list[str], set[str]]:
    """Ids and configured hostnames of the running containers on the engine behind ``api`` (blocking)."""
    ids, hostnames = [], set()
    for summary in api.containers():
        ids.append(summary["Id"])
        with contextlib.suppress(Exception):
            hostnames.add(api.inspect_container(summary["Id"])["Config"]["Hostname"])
    return ids, hostnames


def owner_alive(labels: dict[str, str], my_hostname: str,
                running: Callable[[], tuple[list[str], set[str]]]) -> bool:
    """The orphan rule (module docstring): False only when the owner named by ``labels`` is provably gone.
    ``running`` gives the container ids and hostnames that count as live owners on other hosts."""
    host, pid, start = labels.get(LABEL_OWNER_HOST), labels.get(LABEL_OWNER_PID, ""), labels.get(LABEL_OWNER_START)
    if not host or not pid.isdigit():
        return True  # cannot tell: leave it alone
    if host == my_hostname:
        if not pid_alive(int(pid)):
            return False
        current = process_start_time(int(pid))
        return not (start and current and current != start)
    ids, hostnames = running()
    return host in hostnames or any(cid.startswith(host) for cid in ids)


class EngineBackend(Backend):
    """What the backends on a Docker engine share (docker.py's containers, swarm.py's services): the ownership
    labels, the blocking docker SDK run in worker threads, the HTTP client for health polls, and a ``close`` that
    removes whatever this run still has.

    It does not bound concurrent starts: the pool does (``PoolConfig.max_concurrent_starts``), for every backend."""

    thread_name_prefix = "ues-docker"
    config: EngineConfig

    def __init__(self, config: EngineConfig, *, client: Any = None) -> None:
        self.config = config
        self.run_id = uuid.uuid4().hex
        self.hostname = socket.gethostname()
        self._pid = os.getpid()
        self._client = client
        self._owns_client = client is None
        self._executor: ThreadPoolExecutor | None = None
        self._http: httpx.AsyncClient | None = None

    @property
    def labels(self) -> dict[str, str]:
        """The ownership labels every world of this backend carries (plus the instance label)."""
        return {**self.config.labels,
                **ownership_labels(self.config.pool_name, self.run_id, self.hostname, self._pid)}

    def client(self) -> Any:
        """The docker client, created once (blocking: call from a worker thread or at start-up)."""
        if self._client is None:
            import docker

            try:
                self._client = docker.from_env(timeout=60, max_pool_size=32)
            except docker.errors.DockerException as exc:
                raise BackendError(f"no Docker engine answers: {exc}") from exc
        return self._client

    def http(self) -> httpx.AsyncClient:
        """The HTTP client for health probes (created on first use, again after ``close()``)."""
        if self._http is None or self._http.is_closed:
            self._http = httpx.AsyncClient(timeout=1.0, verify=tls_context())
        return self._http

    async def _run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a blocking docker SDK call in the backend's worker threads (the event loop never blocks)."""
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=self.config.max_workers,
                                                thread_name_prefix=self.thread_name_prefix)
        return await asyncio.get_running_loop().run_in_executor(self._executor, functools.partial(fn, *args, **kwargs))

    @abstractmethod
    def _create(self, name: str, *args: Any) -> Any:
        """Create and start the world ``name`` (blocking); ``args``: what the backend needs at creation (swarm: the
        admin key; docker takes none: its containers get their key on stdin once started)."""

    async def _created(self, name: str, *args: Any) -> Any:
        """``_create(name, *args)`` in a worker thread, safe against the caller's cancellation: the thread keeps going
        regardless, so a cancelled caller waits for it and then removes whatever it created."""
        creating = asyncio.ensure_future(self._run(self._create, name, *args))
        try:
            return await asyncio.shield(creating)
        except asyncio.CancelledError:
            with contextlib.suppress(BaseException):
                await asyncio.shield(creating)
            await asyncio.shield(self._run(self._remove, name))
            raise

    def _world_name(self) -> str:
        """A new world's name: its container's or service's name and its instance id."""
        return f"ues-{container_name_part(self.config.pool_name)}-{uuid.uuid4().hex[:12]}"

    @abstractmethod
    def _of_pool(self) -> list[tuple[str, dict[str, str]]]:
        """(the reference ``_remove`` takes, the labels) of every world carrying this pool's name (blocking)."""

    def _live_owners(self) -> tuple[list[str], set[str]]:
        """Container ids and hostnames that count as a live owner on another host (blocking)."""
        return running_hostnames(self.client().api)

    def _reap(self) -> int:
        running = functools.cache(self._live_owners)
        reaped = 0
        for ref, labels in self._of_pool():
            if labels.get(LABEL_RUN) == self.run_id or owner_alive(labels, self.hostname, running):
                continue
            self._remove(ref)
            reaped += 1
            log.warning("ues_orphan_reaped", backend=self.name, world=ref[:12], instance=labels.get(LABEL_INSTANCE),
                        owner=f"{labels.get(LABEL_OWNER_HOST)}:{labels.get(LABEL_OWNER_PID)}")
        return reaped

    async def reap_orphans(self) -> int:
        return await self._run(self._reap)

    @abstractmethod
    def _leftovers(self) -> list[str]:
        """What this run still has on the engine, as references ``_remove`` takes (blocking)."""

    @abstractmethod
    def _remove(self, ref: str) -> None:
        """Remove one world by reference; gone already is fine (blocking)."""

    async def close(self) -> None:
        """Remove whatever this run still has (a safety net: the pool stops its worlds first), then release the
        clients and worker threads (a later call, e.g. ``owned()``, creates them again)."""
        if self._http is not None:
            await self._http.aclose()
        if self._client is not None:
            try:
                for ref in await self._run(self._leftovers):
                    log.warning("ues_world_leftover_removed", backend=self.name, world=ref[:40])
                    await self._run(self._remove, ref)
            except Exception as exc:
                log.error("ues_engine_close_failed", backend=self.name, error=str(exc))
            if self._owns_client:
                client, self._client = self._client, None
                await self._run(client.close)
        if self._executor is not None:
            executor, self._executor = self._executor, None
            executor.shutdown(wait=False, cancel_futures=True)
