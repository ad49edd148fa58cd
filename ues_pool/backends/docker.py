"""One hardened container per UES instance, from the project image, via the docker SDK.

Standby containers: the backend keeps ``standby`` containers (one by default) started ahead of their worlds, running
``ues-server --admin-key-stdin``: the simulator imported, its app built and warmed, the port bound, waiting for an
admin key. A start takes the oldest standby, checks that it still runs, writes the world's key to its stdin (the
engine's attach stream) and waits for ``/health``: tens of milliseconds instead of the second or more a container
spends starting Python and importing the simulator. Once the world answers, it starts a replacement (not after a
failed start). A start that finds no standby starts one and takes it, so every world is born the same way; a standby
that died while it waited (an engine restart, a kill) is removed and replaced. Each standby holds what an idle world
holds (~45 MB) and counts among ``owned()``; ``standby=0`` keeps none.

Security: the admin key reaches the container only through its stdin, never its command line or environment (so
``docker inspect`` does not show it), and is never logged. Containers run as a non-root user with a read-only root
file system (a small tmpfs at ``/tmp``), ``no-new-privileges``, no capabilities, CPU, memory and pids limits, and no
host mounts.

Networking, seen from the green:

* the green on the host (no ``network``): container port 8000 is published on ``publish_host`` (loopback by
  default) at a random port; the green uses ``http://127.0.0.1:<port>``.
* the green in a container (``network``, ``GREEN_UES_DOCKER_NETWORK``): the container joins that
  user-defined network and is addressed by name, ``http://<name>:8000``.

What purples get (``advertised_url``) is the green's URL unless ``advertise_host`` is set
(``GREEN_UES_ADVERTISE_HOST``): then the port is also published and ``http://<advertise_host>:<port>`` is
advertised.

Ownership labels and the orphan rule: ``engine.py``, shared with the swarm backend.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, NamedTuple

import structlog
from pydantic import Field

from services.ues.client import wait_until_answers
from ues_pool.backends.base import BackendError, Instance, new_admin_key
from ues_pool.backends.docker_exits import ContainerExits
from ues_pool.backends.engine import (
    CONTAINER_PORT,
    LABEL_INSTANCE,
    LABEL_POOL,
    LABEL_RUN,
    EngineBackend,
    EngineConfig,
    compose_unclaimed,
    in_container,
)
from ues_pool.backends.standby import Standbys

__all__ = ["STANDBY_FLAG", "DockerBackend", "DockerConfig", "Standby", "build_docker"]

log = structlog.get_logger("ues_pool.docker")

STANDBY_FLAG = "--admin-key-stdin"
"""What ``ues-server`` takes to warm up first and then read its admin key on stdin (``services/ues/cli.py``)."""


class Standby(NamedTuple):
    """A container started ahead of its world: its name (the world's instance id), the SDK object, its host port."""

    name: str
    container: Any
    port: int | None


class DockerConfig(EngineConfig):
    """A docker backend: the engine's common settings, plus where its containers are reached
    (``GREEN_UES_DOCKER_*``)."""

    network: str | None = Field(default=None, description="a user-defined network the containers join "
                                "(GREEN_UES_DOCKER_NETWORK): the green reaches them by name")
    # PoolSettings sets 0.0.0.0 when purples come through GREEN_UES_ADVERTISE_HOST: they connect from elsewhere.
    publish_host: str = "127.0.0.1"
    standby: int = Field(default=1, ge=0, le=16, description="containers kept started ahead of their worlds, "
                         "warmed and waiting for an admin key (GREEN_UES_DOCKER_STANDBY; the module docstring); "
                         "``command`` must take ues-server's --admin-key-stdin")


def _log_tail(container: Any, lines: int = 20) -> str:
    """The container's last log lines as one string (blocking). They never hold the admin key: it arrives on stdin,
    which the container does not echo."""
    try:
        raw = container.logs(tail=lines)
    except Exception as exc:
        return f"(no logs: {exc})"
    text = raw.decode(errors="replace")
    return " | ".join(line for line in text.splitlines() if line.strip()) or "(no output)"


class DockerBackend(EngineBackend):
    """Worlds as hardened containers; see the module docstring for networking and security."""

    name = "docker"
    config: DockerConfig

    def __init__(self, config: DockerConfig, *, client: Any = None) -> None:
        super().__init__(config, client=client)
        self._image_labels: dict[str, str] | None = None
        self._standbys: Standbys[Standby] = Standbys(config.standby, lambda: self._created(self._world_name()),
                                                     lambda standby: self._run(self._remove_or_remember, standby.name))
        # Containers a stop could not remove (the engine did not answer, e.g. while it restarts): an engine that comes
        # back keeps them, exited, so the next start removes them first.
        self._unremoved: set[str] = set()
        self._exits = ContainerExits(self.client, config.pool_name)

    # ------------------------------------------------------------------ start
    def _unclaimed(self) -> dict[str, str]:
        """Blank values for the compose labels the image carries (see ``compose_unclaimed``)."""
        if self._image_labels is None:
            try:
                self._image_labels = dict(self.client().images.get(self.config.image).labels or {})
            except Exception:  # a missing image fails in create, with the message that says how to fix it
                return {}
        return compose_unclaimed(self._image_labels)

    def _create(self, name: str, *args: Any) -> Standby:
        """Create and start the standby container ``name`` (it gets its admin key when taken: ``_hand_key``); return it
        with its published host port (blocking)."""
        import docker

        self._remove_unremoved()
        config = self.config
        kwargs: dict[str, Any] = {
            "name": name,
            # No UES_ADMIN_KEY: the key arrives on stdin (stdin_open keeps it open for the attach that writes it).
            "environment": {"UES_PORT": str(CONTAINER_PORT), "UES_LOG_LEVEL": "warning"},
            "stdin_open": True,
            "labels": {**self._unclaimed(), **self.labels, LABEL_INSTANCE: name},
            "read_only": True,
            "tmpfs": {"/tmp": f"rw,nosuid,nodev,noexec,size={config.tmpfs_size}"},
            "security_opt": ["no-new-privileges"],
            "cap_drop": ["ALL"],
            "nano_cpus": int(config.cpus * 1_000_000_000),
            "mem_limit": config.memory,
            "pids_limit": config.pids_limit,
        }
        if config.user:
            kwargs["user"] = config.user
        if self._publish:
            kwargs["ports"] = {f"{CONTAINER_PORT}/tcp": (config.publish_host, None)}
        if config.network:
            kwargs["network"] = config.network
        command = [*config.command, STANDBY_FLAG]
        # create + start rather than containers.run(): run() would try to pull a missing image from a registry.
        try:
            container = self.client().containers.create(config.image, command, **kwargs)
        except docker.errors.ImageNotFound as exc:
            raise BackendError(f"UES image {config.image!r} is not in the Docker engine (build it, or set "
                               f"GREEN_UES_IMAGE): {exc.explanation}") from exc
        except docker.errors.DockerException as exc:
            raise BackendError(f"could not create a UES container from {config.image!r}: {exc}") from exc
        try:
            container.start()
        except docker.errors.DockerException as exc:
            self._remove(container.id)
            raise BackendError(f"could not start UES container {name}: {exc}") from exc
        if not self._publish:
            return Standby(name, container, None)
        container.reload()
        bindings = (container.ports or {}).get(f"{CONTAINER_PORT}/tcp") or []
        if not bindings:  # it exited already (ports are only listed while it runs)
            tail = _log_tail(container)
            self._remove(name)
            raise BackendError(f"UES container {name} stopped during start-up (status {container.status}): {tail}")
        return Standby(name, container, int(bindings[0]["HostPort"]))

    @property
    def _publish(self) -> bool:
        """Whether container port 8000 is published on the host (the green runs there, or purples connect there)."""
        return self.config.network is None or self.config.advertise_host is not None

    def _hand_key(self, standby: Standby, key: str) -> None:
        """Write the world's admin key to the standby's stdin, once it is known to run; BackendError when it does not
        run (any more) or the engine refuses the attach (blocking)."""
        try:
            status = self._status(standby.container.id)
        except Exception as exc:  # the engine does not answer (it restarts, say)
            raise BackendError(f"no word from the engine about standby container {standby.name}: {exc}") from exc
        if status != "running":  # it stopped during its start-up, or while it waited
            raise BackendError(f"UES container {standby.name} stopped before it got its key (status {status}): "
                               f"{_log_tail(standby.container)}")
        try:
            attached = self.client().api.attach_socket(standby.container.id, params={"stdin": 1, "stream": 1})
        except Exception as exc:
            raise BackendError(f"could not attach to standby container {standby.name}: {exc}") from exc
        try:
            getattr(attached, "_sock", attached).sendall(key.encode() + b"\n")
        except OSError as exc:
            raise BackendError(f"could not hand standby container {standby.name} its key: {exc}") from exc
        finally:
            attached.close()

    # ------------------------------------------------------------------ standbys
    async def _take(self, task: asyncio.Task[Standby], key: str) -> Standby:
        """The standby of ``task``, once started, holding ``key``; BackendError when it failed or died. A caller
        cancelled meanwhile removes the standby (the thread creating it finishes first)."""
        try:
            standby = await asyncio.shield(task)
        except asyncio.CancelledError:
            self._standbys.discard(task)
            raise
        try:
            await self._run(self._hand_key, standby, key)
        except BaseException:
            await asyncio.shield(self._run(self._remove_or_remember, standby.name))
            raise
        return standby

    async def start(self) -> Instance:
        """A world from the oldest standby (started now when there is none), given its key; once it answers, a
        replacement standby starts. A standby that had waited and died is replaced once."""
        key = new_admin_key()
        started = time.monotonic()
        task, waited = self._standbys.take()
        instance = await self._world(task, key, waited)
        self._standbys.refill()
        log.info("ues_started", instance=instance.instance_id, container=instance.handle.short_id, url=instance.url,
                 from_standby=waited, seconds=round(time.monotonic() - started, 3))
        return instance

    async def _world(self, task: asyncio.Task[Standby], key: str, waited: bool) -> Instance:
        """The standby of ``task`` made the world with admin key ``key``, answering ``/health``; a standby that
        ``waited`` and is found dead is replaced once."""
        try:
            standby = await self._take(task, key)
        except BackendError as exc:
            if not waited:
                raise
            log.warning("ues_standby_lost", error=str(exc))
            standby = await self._take(self._standbys.new(), key)
        name, container, port = standby
        url = f"http://{name}:{CONTAINER_PORT}" if self.config.network else f"http://127.0.0.1:{port}"
        advertise_host = self.config.advertise_host
        advertised = f"http://{advertise_host}:{port}" if advertise_host else url
        instance = Instance(name, self.name, url, advertised, key, handle=container,
                            location=f"container {container.short_id}")
        try:
            await self._wait_healthy(instance)
        except BaseException:
            await asyncio.shield(self._run(self._remove_or_remember, name))  # never leak a half-started container
            raise
        return instance

    async def _wait_healthy(self, instance: Instance) -> None:
        """Return once the container answers ``/health``; BackendError (with its last log lines) when it stops
        or stays silent past ``startup_timeout``."""
        stopped: list[str] = []  # the container's status once it is no longer starting or running
        watcher = asyncio.create_task(self._watch_start_up(instance.handle.id, stopped))
        try:
            await wait_until_answers(instance.url + "/health", timeout_s=self.config.startup_timeout, http=self.http(),
                                     still_starting=lambda: f"status {stopped[0]}" if stopped else None)
        except TimeoutError:
            raise BackendError(f"UES container {instance.instance_id} did not answer {instance.url}/health within "
                               f"{self.config.startup_timeout:g} s: {await self._tail(instance)}") from None
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
        return await self._run(_log_tail, instance.handle)

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

    def _remove_or_remember(self, container_id: str) -> None:
        """Remove a container; when the engine refuses (it restarts, say), remember it for the next start (blocking)."""
        try:
            self._remove(container_id)
        except Exception as exc:
            self._unremoved.add(container_id)
            log.warning("ues_container_not_removed", container=container_id[:40], error=str(exc))

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

    async def exited(self, instance: Instance) -> str:
        """Return once the engine reports the container's exit (its ``die`` event: docker_exits.py)."""
        return await self._exits.exited(instance.handle.id, lambda: self.is_running(instance))

    async def close(self) -> None:
        """Remove the standbys (each once its creating thread is done), stop watching exits, then what
        ``EngineBackend.close`` removes. A start after this keeps no standby (it would outlive the backend's owner)."""
        await self._standbys.close()
        await self._exits.close()
        await super().close()

    # ------------------------------------------------------------------ ownership
    def _list(self, **label_values: str) -> list[dict[str, Any]]:
        """Every container (running or not) carrying the given label values."""
        filters = {"label": [f"{k}={v}" for k, v in label_values.items()]}
        found: list[dict[str, Any]] = self.client().api.containers(all=True, filters=filters)
        return found

    def _of_pool(self) -> list[tuple[str, dict[str, str]]]:
        return [(c["Id"], c.get("Labels") or {}) for c in self._list(**{LABEL_POOL: self.config.pool_name})]

    async def owned(self) -> list[str]:
        """Every container carrying this pool's name, running or not (a stopped one left behind is a leak)."""
        found = await self._run(self._list, **{LABEL_POOL: self.config.pool_name})
        return [f"{c['Id'][:12]}:{(c.get('Labels') or {}).get(LABEL_INSTANCE)}" for c in found]

    async def stats(self, instance: Instance) -> dict[str, Any]:
        """The container's resource usage right now (docker stats, one sample)."""
        return await self._run(instance.handle.stats, stream=False)

    def _leftovers(self) -> list[str]:
        return [summary["Id"] for summary in self._list(**{LABEL_RUN: self.run_id})]


def build_docker(config: DockerConfig) -> DockerBackend:
    """The backend ``GREEN_UES_BACKEND=docker`` selects; warns when a containerised green has no network to reach
    its worlds on."""
    if config.network is None and in_container():
        log.warning("ues_docker_network_unset", hint="the green runs in a container: set "
                    "GREEN_UES_DOCKER_NETWORK so that it can reach the UES containers by name")
    return DockerBackend(config)
