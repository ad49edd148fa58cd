"""One hardened container per UES instance, from the project image, via the docker SDK.

Security: the admin key reaches the container only through its environment (``UES_ADMIN_KEY``), never its
command line, and is never logged (it is even masked out of the log lines quoted in errors). Containers run
as a non-root user with a read-only root file system (a small tmpfs at ``/tmp``), ``no-new-privileges``, no
capabilities, CPU, memory and pids limits, and no host mounts.

Networking, seen from the green:

* the green on the host (no ``network``): container port 8000 is published on ``publish_host`` (loopback by
  default) at a random port; the green uses ``http://127.0.0.1:<port>``.
* the green in a container (``network``, ``GREEN_UES_DOCKER_NETWORK``): the container joins that
  user-defined network and is addressed by name, ``http://<name>:8000``.

What purples get (``advertised_url``) is the green's URL unless ``advertise_host`` is set
(``GREEN_UES_ADVERTISE_HOST``): then the port is also published and ``http://<advertise_host>:<port>`` is
advertised.

Ownership labels (on every container)::

    org.ues-green.pool         the pool name — the unit of ownership
    org.ues-green.run          a random id per backend object (one run of one green)
    org.ues-green.owner-host   the owner's hostname (a container's id prefix when the green is containerised)
    org.ues-green.owner-pid    the owner's pid
    org.ues-green.owner-start  the owner process's start time (clock ticks since boot; tells a reused pid apart)
    org.ues-green.instance     the instance id (= the container name)

Orphan rule (``reap_orphans``): a container is removed when it carries this pool's name, its run id is not
ours, and its owner is provably gone —

* owner on this host (same hostname): no process with that pid exists, or one does but started at another
  time (the pid was reused);
* owner on another host: that hostname is not the hostname of any running container on this engine (a
  containerised green that has exited, or a machine that no longer runs the pool).

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
import time
import uuid
from abc import abstractmethod
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import httpx
import structlog

from services.ues.client import wait_until_answers
from ues_pool.backends.base import Backend, BackendError, Instance, new_admin_key, pid_alive, process_start_time

log = structlog.get_logger("ues_pool.docker")

DEFAULT_IMAGE = "ues-green-agent:latest"
CONTAINER_PORT = 8000

LABEL_POOL = "org.ues-green.pool"
LABEL_RUN = "org.ues-green.run"
LABEL_OWNER_HOST = "org.ues-green.owner-host"
LABEL_OWNER_PID = "org.ues-green.owner-pid"
LABEL_OWNER_START = "org.ues-green.owner-start"
LABEL_INSTANCE = "org.ues-green.instance"

T = TypeVar("T")


def container_name_part(text: str) -> str:
    """``text`` reduced to what a docker container name allows."""
    cleaned = re.sub(r"[^a-zA-Z0-9_.-]+", "-", text).strip("-.") or "pool"
    return cleaned[:40]


def _log_tail(container: Any, key: str, lines: int = 20) -> str:
    """The container's last log lines as one string, the admin key masked (blocking)."""
    try:
        raw = container.logs(tail=lines)
    except Exception as exc:
        return f"(no logs: {exc})"
    text = raw.decode(errors="replace").replace(key, "***")
    return " | ".join(line for line in text.splitlines() if line.strip()) or "(no output)"


def ownership_labels(pool_name: str, run_id: str, hostname: str, pid: int) -> dict[str, str]:
    """The labels that tie a world to its pool, its run and its owner process (what the orphan rule reads)."""
    return {LABEL_POOL: pool_name, LABEL_RUN: run_id, LABEL_OWNER_HOST: hostname, LABEL_OWNER_PID: str(pid),
            LABEL_OWNER_START: process_start_time(pid) or ""}


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
    """What the backends on a Docker engine share (this module's containers, swarm.py's services): the ownership
    labels, the blocking docker SDK run in worker threads, a bound on concurrent starts, the HTTP client for health
    polls, and a ``close`` that removes whatever this run still has."""

    thread_name_prefix = "ues-docker"

    def __init__(self, pool_name: str, *, image: str, command: Sequence[str] | str, startup_timeout: float,
                 labels: dict[str, str] | None, client: Any, max_workers: int,
                 max_concurrent_starts: int | None) -> None:
        self.pool_name = pool_name
        self.image = image
        self.command = [command] if isinstance(command, str) else list(command)
        self.startup_timeout = startup_timeout
        self.extra_labels = dict(labels or {})
        self.run_id = uuid.uuid4().hex
        self.hostname = socket.gethostname()
        self._pid = os.getpid()
        self._client = client
        self._owns_client = client is None
        self._max_workers = max_workers
        # A UES start is ~1 CPU-second of Python imports: dozens at once on a small host would all blow their
        # start-up timeout together. Starts beyond this many wait (untimed) for a slot instead.
        self._start_slots = asyncio.Semaphore(max_concurrent_starts or max(2, os.cpu_count() or 2))
        self._executor: ThreadPoolExecutor | None = None
        self._http: httpx.AsyncClient | None = None

    @property
    def labels(self) -> dict[str, str]:
        """The ownership labels every world of this backend carries (plus the instance label)."""
        return {**self.extra_labels, **ownership_labels(self.pool_name, self.run_id, self.hostname, self._pid)}

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
            self._http = httpx.AsyncClient(timeout=1.0)
        return self._http

    async def _run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a blocking docker SDK call in the backend's worker threads (the event loop never blocks)."""
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=self._max_workers,
                                                thread_name_prefix=self.thread_name_prefix)
        return await asyncio.get_running_loop().run_in_executor(self._executor, functools.partial(fn, *args, **kwargs))

    async def start(self) -> Instance:
        async with self._start_slots:
            return await self._start()

    @abstractmethod
    async def _start(self) -> Instance:
        """Start one world (``start`` bounds how many run at once)."""

    @abstractmethod
    def _create(self, name: str, key: str) -> Any:
        """Create and start the world ``name`` with admin key ``key`` (blocking)."""

    async def _created(self, name: str, key: str) -> Any:
        """``_create(name, key)`` in a worker thread, safe against the caller's cancellation: the thread keeps going
        regardless, so a cancelled caller waits for it and then removes whatever it created."""
        creating = asyncio.ensure_future(self._run(self._create, name, key))
        try:
            return await asyncio.shield(creating)
        except asyncio.CancelledError:
            with contextlib.suppress(BaseException):
                await asyncio.shield(creating)
            await asyncio.shield(self._run(self._remove, name))
            raise

    def _world_name(self) -> str:
        """A new world's name: its container's or service's name and its instance id."""
        return f"ues-{container_name_part(self.pool_name)}-{uuid.uuid4().hex[:12]}"

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


class DockerBackend(EngineBackend):
    name = "docker"

    def __init__(self, pool_name: str, *, image: str = DEFAULT_IMAGE, command: Sequence[str] | str = ("ues",),
                 network: str | None = None, advertise_host: str | None = None, publish_host: str = "127.0.0.1",
                 cpus: float = 1.0, memory: str | int = "512m", pids_limit: int = 256,
                 user: str | None = "10001:10001", tmpfs_size: str = "64m", startup_timeout: float = 30.0,
                 labels: dict[str, str] | None = None, client: Any = None, max_workers: int = 16,
                 max_concurrent_starts: int | None = None) -> None:
        super().__init__(pool_name, image=image, command=command, startup_timeout=startup_timeout, labels=labels,
                         client=client, max_workers=max_workers, max_concurrent_starts=max_concurrent_starts)
        self.network = network
        self.advertise_host = advertise_host
        self.publish_host = publish_host
        self.cpus = cpus
        self.memory = memory
        self.pids_limit = pids_limit
        self.user = user
        self.tmpfs_size = tmpfs_size
        self._image_labels: dict[str, str] | None = None
        # Containers a stop could not remove (the engine did not answer, e.g. while it restarts): an engine that comes
        # back keeps them, exited, so the next start removes them first.
        self._unremoved: set[str] = set()

    # ------------------------------------------------------------------ start
    def _unclaimed(self) -> dict[str, str]:
        """Blank values for the compose labels the image carries (see ``compose_unclaimed``)."""
        if self._image_labels is None:
            try:
                self._image_labels = dict(self.client().images.get(self.image).labels or {})
            except Exception:  # a missing image fails in create, with the message that says how to fix it
                return {}
        return compose_unclaimed(self._image_labels)

    def _create(self, name: str, key: str) -> tuple[Any, int | None]:
        """Create and start the container; return it and its published host port (None when not published)."""
        import docker

        self._remove_unremoved()
        publish = self.network is None or self.advertise_host is not None
        kwargs: dict[str, Any] = {
            "name": name,
            "environment": {"UES_ADMIN_KEY": key, "UES_PORT": str(CONTAINER_PORT), "UES_LOG_LEVEL": "warning"},
            "labels": {**self._unclaimed(), **self.labels, LABEL_INSTANCE: name},
            "read_only": True,
            "tmpfs": {"/tmp": f"rw,nosuid,nodev,noexec,size={self.tmpfs_size}"},
            "security_opt": ["no-new-privileges"],
            "cap_drop": ["ALL"],
            "nano_cpus": int(self.cpus * 1_000_000_000),
            "mem_limit": self.memory,
            "pids_limit": self.pids_limit,
        }
        if self.user:
            kwargs["user"] = self.user
        if publish:
            kwargs["ports"] = {f"{CONTAINER_PORT}/tcp": (self.publish_host, None)}
        if self.network:
            kwargs["network"] = self.network
        # create + start rather than containers.run(): run() would try to pull a missing image from a registry.
        try:
            container = self.client().containers.create(self.image, self.command, **kwargs)
        except docker.errors.ImageNotFound as exc:
            raise BackendError(f"UES image {self.image!r} is not in the Docker engine (build it, or set "
                               f"GREEN_UES_IMAGE): {exc.explanation}") from exc
        except docker.errors.DockerException as exc:
            raise BackendError(f"could not create a UES container from {self.image!r}: {exc}") from exc
        try:
            container.start()
        except docker.errors.DockerException as exc:
            self._remove(container.id)
            raise BackendError(f"could not start UES container {name}: {exc}") from exc
        if not publish:
            return container, None
        container.reload()
        bindings = (container.ports or {}).get(f"{CONTAINER_PORT}/tcp") or []
        if not bindings:  # it exited already (ports are only listed while it runs)
            tail = _log_tail(container, key)
            self._remove(name)
            raise BackendError(f"UES container {name} stopped during start-up (status {container.status}): {tail}")
        return container, int(bindings[0]["HostPort"])

    async def _start(self) -> Instance:
        name = self._world_name()
        key = new_admin_key()
        started = time.monotonic()
        container, port = await self._created(name, key)
        url = f"http://{name}:{CONTAINER_PORT}" if self.network else f"http://127.0.0.1:{port}"
        advertised = f"http://{self.advertise_host}:{port}" if self.advertise_host else url
        instance = Instance(name, self.name, url, advertised, key, handle=container)
        try:
            await self._wait_healthy(instance)
        except BaseException:
            await asyncio.shield(self._run(self._remove, name))  # never leak a half-started container
            raise
        log.info("ues_started", instance=name, container=container.short_id, url=url,
                 seconds=round(time.monotonic() - started, 3))
        return instance

    async def _wait_healthy(self, instance: Instance) -> None:
        """Return once the container answers ``/health``; BackendError (with its last log lines) when it stops
        or stays silent past ``startup_timeout``."""
        stopped: list[str] = []  # the container's status once it is no longer starting or running
        watcher = asyncio.create_task(self._watch_start_up(instance.handle.id, stopped))
        try:
            await wait_until_answers(instance.url + "/health", timeout_s=self.startup_timeout, http=self.http(),
                                     still_starting=lambda: f"status {stopped[0]}" if stopped else None)
        except TimeoutError:
            raise BackendError(f"UES container {instance.instance_id} did not answer {instance.url}/health within "
                               f"{self.startup_timeout:g} s: {await self._tail(instance)}") from None
        except RuntimeError as exc:
            raise BackendError(f"UES container {instance.instance_id} stopped during start-up ({exc}): "
                               f"{await self._tail(instance)}") from None
        finally:
            watcher.cancel()
            await asyncio.wait({watcher})

    async def _watch_start_up(self, container_id: str, stopped: list[str]) -> None:
        """Poll the engine (4 times a second: each ask costs a few ms) until the container leaves its starting
        states; then record its status in ``stopped``. A failing engine call only skips that poll: the HTTP
        wait's timeout still bounds the start."""
        while True:
            await asyncio.sleep(0.25)
            try:
                status = await self._run(self._status, container_id)
            except Exception as exc:
                log.warning("ues_docker_status_failed", container=container_id[:12], error=str(exc))
                continue
            if status not in ("created", "running", "restarting"):
                stopped.append(status)
                return

    async def _tail(self, instance: Instance) -> str:
        return await self._run(_log_tail, instance.handle, instance.admin_key)

    # ------------------------------------------------------------------ stop / status
    def _status(self, container_id: str) -> str:
        import docker

        try:
            status: str = self.client().api.inspect_container(container_id)["State"]["Status"]
            return status
        except docker.errors.NotFound:
            return "gone"

    def _remove(self, container_id: str) -> None:
        """Force-remove a container by id or name; gone already (or being removed) is fine."""
        import docker

        try:
            self.client().api.remove_container(container_id, force=True)
        except docker.errors.NotFound:
            pass
        except docker.errors.APIError as exc:
            if exc.status_code != 409:  # 409: removal already in progress
                raise

    def _remove_unremoved(self) -> None:
        """Remove the containers earlier stops could not; keep those the engine still refuses (blocking)."""
        for container_id in list(self._unremoved):
            try:
                self._remove(container_id)
            except Exception:
                continue
            self._unremoved.discard(container_id)
            log.info("ues_container_removed_late", container=container_id[:12])

    async def stop(self, instance: Instance) -> None:
        try:
            await self._run(self._remove, instance.handle.id)
        except Exception as exc:
            self._unremoved.add(instance.handle.id)
            raise BackendError(f"could not remove UES container {instance.instance_id} (the next start tries "
                               f"again): {exc}") from exc

    async def is_running(self, instance: Instance) -> bool:
        try:
            # A paused container is frozen, not dead: the pool's health rounds decide about a world that stays silent.
            return await self._run(self._status, instance.handle.id) in ("running", "paused")
        except Exception as exc:  # engine unreachable: let the HTTP health check decide
            log.warning("ues_docker_status_failed", instance=instance.instance_id, error=str(exc))
            return True

    # ------------------------------------------------------------------ ownership
    def _list(self, **label_values: str) -> list[dict[str, Any]]:
        """Every container (running or not) carrying the given label values."""
        filters = {"label": [f"{k}={v}" for k, v in label_values.items()]}
        found: list[dict[str, Any]] = self.client().api.containers(all=True, filters=filters)
        return found

    def _of_pool(self) -> list[tuple[str, dict[str, str]]]:
        return [(c["Id"], c.get("Labels") or {}) for c in self._list(**{LABEL_POOL: self.pool_name})]

    async def owned(self) -> list[str]:
        """Every container carrying this pool's name, running or not (a stopped one left behind is a leak)."""
        found = await self._run(self._list, **{LABEL_POOL: self.pool_name})
        return [f"{c['Id'][:12]}:{(c.get('Labels') or {}).get(LABEL_INSTANCE)}" for c in found]

    async def stats(self, instance: Instance) -> dict[str, Any]:
        """The container's resource usage right now (docker stats, one sample)."""
        return await self._run(instance.handle.stats, stream=False)

    def _leftovers(self) -> list[str]:
        return [summary["Id"] for summary in self._list(**{LABEL_RUN: self.run_id})]
