"""One Docker Swarm service per UES world (one replica), placed on the swarm's nodes by the engine's own scheduler.

The backend talks to a swarm *manager* (the local engine, or ``DOCKER_HOST``); ``deploy/swarm.sh`` makes the local
engine a single-node swarm. Every world is a service ``ues-<pool>-<id>`` with one replica and restart condition
``none``: when a world dies the pool, not swarm, replaces it (a world's state cannot survive a restart anyway).

Image: the service names the image by its local id (or by its registry digest when it has one), never by tag.
Swarm's agent tries to pull every tag-named image before it starts a task, and with no registry that attempt costs
a DNS lookup and a failure per world; an id-named (or digest-named, already present) image is never pulled. Every
node that may run worlds must therefore hold the same image (``docker save | docker load`` keeps its id).

Hardening, as far as the service API (1.41 here) allows — the same as the docker backend's containers:

* user ``10001:10001``, read-only root file system, a tmpfs at ``/tmp`` (a tmpfs *mount*: the engine gives it
  ``nosuid,nodev,noexec`` itself), all capabilities dropped, CPU, memory and pids limits, no host mounts;
* no-new-privileges: the service API only has ``Privileges.NoNewPrivileges`` from API 1.44 (Docker 25). On older
  engines the container's command is wrapped in ``setpriv --no-new-privs --`` (util-linux, in the project image),
  which sets the same flag on the container's first process before it runs the image's entrypoint; an image
  without ``setpriv`` needs ``no_new_privileges=False`` there (its tasks fail with "setpriv: not found");
* what it cannot: a host-mode published port binds every interface of its node (the service API has no host
  IP), where the docker backend publishes on loopback only — the admin key still guards the world.

The admin key reaches the container only through its environment (in the service spec, readable by whoever can
manage the swarm, as a container's environment is by whoever can inspect it) and is masked out of quoted logs.

Networking. Every world joins an attachable overlay network (``network``, default ``ues-worlds``; created when
missing, never removed: other greens and purples may use it). Seen from the green:

* the green on a node's host (the default): port 8000 is published in *host mode* at a port the engine picks on
  the node that runs the task; the green uses ``http://127.0.0.1:<port>`` for tasks on its own node and
  ``http://<node address>:<port>`` for tasks elsewhere. Not the ingress routing mesh: the mesh (like the
  service's virtual IP) is built on the kernel's IPVS, which this machine's kernel lacks — its published ports
  refuse every connection — and it would add a hop for nothing, since a world has exactly one replica. For the
  same reason services use DNS round-robin endpoints (``dnsrr``): the service name resolves to the task itself.
* the green on the overlay network (``green_on_network``): worlds are addressed by service name,
  ``http://<name>:8000``, and nothing is published (unless ``advertise_host`` asks for it).

What purples get (``advertised_url``): ``http://<name>:8000`` with ``advertise_name`` (purples attached to the
overlay network), else ``http://<advertise_host>:<port>`` when ``advertise_host`` is set (tasks on other nodes:
that node's address), else the green's own URL.

Labels: the engine backends' ownership labels, on the service *and* on its container. The orphan rule is theirs
(see ``engine.py``), applied to services; an owner on another host counts as alive while a running
container or task of the swarm, or a swarm node, carries its hostname (a green on another node's host cannot have
its pid checked from here, so it is never reaped by pid). One pool name belongs to one green per swarm.

Standbys: the backend keeps ``standby`` worlds (one by default) booted ahead of their starts — service created, task
running, ``/health`` answered — each with its own key; a start takes the oldest, checks that it still runs (a task
ended, or its node lost, paused or drained while it waited: removed, and a world booted now instead), and boots a
replacement once it has its world. They count among ``owned()``, are removed on close and reaped as orphans like worlds.

Health: a task stays ``running`` while its container is paused or stuck, so such a world counts as running and the
pool's health rounds decide about it; a task that failed, was shut down or removed (or a service that is gone)
counts as not running, and so does a task on a node the manager lost (``down``, ``disconnected``): its task still
reads "running" — the node cannot report otherwise — but nothing on it is reachable. Every instance carries its
node's name and address (``Instance.location``), so the failure of a trial on it names both.

Placement: constraints and reservations filter the nodes; the spread preference (``node.id`` by default) and the
scheduler's own ranking (fewest tasks first) spread worlds over the rest. A node paused or drained takes no new
worlds, and the backend asks the pool to retire the free ones on it (``retiring``); a leased world on a paused node
finishes its assessment (drain is swarm stopping every task there at once). The address of a node's published ports
is its ``address_label`` label when it has one (swarm reports the address a worker connected from, wrong behind NAT
or a relay), else the address swarm reports.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from dataclasses import dataclass
from typing import Any

import structlog

from services.ues.client import wait_until_answers
from ues_pool.backends.base import BackendError, Instance, new_admin_key
from ues_pool.backends.engine import (
    CONTAINER_PORT,
    LABEL_INSTANCE,
    LABEL_POOL,
    LABEL_RUN,
    EngineBackend,
    in_container,
    running_hostnames,
)
from ues_pool.backends.standby import Standbys
from ues_pool.backends.swarm_config import SwarmConfig
from ues_pool.backends.swarm_nodes import CLOSED_AVAILABILITIES, LOST_NODE_STATES, NodeView
from ues_pool.backends.swarm_setup import Prepared, look_up, service_spec

__all__ = ["ENDED_STATES", "SwarmBackend", "SwarmConfig", "SwarmWorld", "build_swarm"]

log = structlog.get_logger("ues_pool.swarm")

# Task states after which a task never runs (again): with restart condition "none" nothing replaces it.
ENDED_STATES = frozenset({"complete", "shutdown", "failed", "rejected", "remove", "orphaned"})


@dataclass
class SwarmWorld:
    """What the backend knows of one world: its service, and its task once the task runs."""

    name: str
    service_id: str
    task_id: str = ""
    container_id: str = ""
    node_id: str = ""
    local: bool = True  # the task runs on the node of the engine we talk to
    port: int | None = None  # the host-mode published port, on the task's node
    node_name: str = ""  # the node's hostname, to name it in failures



class SwarmBackend(EngineBackend):
    """Worlds as one-replica swarm services; see the module docstring for networking, hardening and ownership."""

    name = "swarm"
    thread_name_prefix = "ues-swarm"

    config: SwarmConfig

    def __init__(self, config: SwarmConfig, *, client: Any = None) -> None:
        super().__init__(config, client=client)
        self._prepared: Prepared | None = None
        self._prepare_lock = threading.Lock()
        self.nodes = NodeView(lambda: self.client().api, config.address_label)
        self._lost_nodes: set[str] = set()  # nodes already reported lost (logged once per loss)
        self._standbys: Standbys[Instance] = Standbys(config.standby, lambda: self._boot(self._world_name()),
                                                      lambda instance: self._run(self._remove, instance.instance_id))

    # ------------------------------------------------------------------ preparing (once)
    def _prepare(self) -> Prepared:
        """Check that the engine manages a swarm, and look up the image, the network and this node (blocking)."""
        with self._prepare_lock:
            if self._prepared is None:
                self._prepared = look_up(self.client(), self.config)
            return self._prepared

    # ------------------------------------------------------------------ start
    @property
    def publishes(self) -> bool:
        """Whether worlds publish port 8000 on their node: for a green outside the overlay network, or for purples
        told to come through ``advertise_host``."""
        config = self.config
        return not config.green_on_network or (config.advertise_host is not None and not config.advertise_name)

    def _create(self, name: str, key: str) -> SwarmWorld:
        """Create the world's service (blocking); the task is placed and started by swarm afterwards."""
        import docker

        prepared = self._prepare()
        try:
            created = self.client().api.create_service(**service_spec(
                self.config, self.labels, name, key, prepared, publishes=self.publishes))
        except docker.errors.DockerException as exc:
            with contextlib.suppress(Exception):  # an answer lost after the service was made
                self._remove(name)
            raise BackendError(f"could not create the UES swarm service {name} from {self.config.image!r}: "
                               f"{exc}") from exc
        return SwarmWorld(name=name, service_id=created["ID"])

    async def _boot(self, name: str) -> Instance:
        """A new world ``name`` with a key of its own: its service created, its task running, ``/health`` answered;
        nothing is left behind when that fails (or the caller is cancelled)."""
        key = new_admin_key()
        started = time.monotonic()
        try:
            world = await self._created(name, key)
        except BackendError:
            self._prepared = None
            raise
        try:
            await self._wait_running(world, key, started + self.config.startup_timeout)
            url, advertised = await self._run(self._urls, world)
            instance = Instance(name, self.name, url, advertised, key, handle=world, location=self._location(world))
            await self._wait_healthy(instance, started + self.config.startup_timeout)
        except BaseException as exc:
            await asyncio.shield(self._run(self._remove, name))  # never leak a half-started world
            if isinstance(exc, BackendError):
                self._prepared = None  # the image or the network may have changed: look them up again next time
            raise
        return instance

    async def start(self) -> Instance:
        """The oldest standby world (booted now when there is none); once it is handed out, a replacement boots. A
        standby that had waited and is found dead (its task ended, its node lost) or on a node paused or drained since
        is removed and replaced once."""
        started = time.monotonic()
        task, waited = self._standbys.take()
        try:
            instance = await asyncio.shield(task)
        except asyncio.CancelledError:
            task.cancel()  # a boot still under way stops and removes what it made; a booted world goes in discard
            self._standbys.discard(task)
            raise
        # A standby waited: its task may have ended, or its node been lost, paused or drained (it takes no new work).
        if waited and (not await self._run(self._running, instance.handle) or await self.retiring(instance)):
            log.warning("ues_standby_unusable", instance=instance.instance_id)
            self._standbys.discard(task)
            instance = await self._boot(self._world_name())
        self._standbys.refill()
        world: SwarmWorld = instance.handle
        log.info("ues_started", instance=instance.instance_id, service=world.service_id[:12], node=world.node_id[:12],
                 url=instance.url, from_standby=waited, seconds=round(time.monotonic() - started, 3))
        return instance

    def _task(self, service_id: str) -> dict[str, Any] | None:
        """The service's newest task, None before the scheduler made one; NotFound when the service is gone."""
        tasks: list[dict[str, Any]] = self.client().api.tasks(filters={"service": service_id})
        # One replica that is never restarted: one task, unless swarm itself replaced it (a node went down).
        return max(tasks, key=lambda t: str(t.get("CreatedAt", ""))) if tasks else None

    async def _wait_running(self, world: SwarmWorld, key: str, deadline: float) -> None:
        """Poll the manager until the world's task runs (then note its container, node and port), or raise
        BackendError saying why it never will: rejected, failed, unplaceable, or too slow."""
        unplaced_since: float | None = None
        state, why = "new", ""
        while True:
            task = await self._run(self._task, world.service_id)
            status = (task or {}).get("Status") or {}
            state, why = status.get("State", "new"), status.get("Err") or status.get("Message") or ""
            if state == "running":
                world.task_id = task["ID"] if task else ""
                world.container_id = (status.get("ContainerStatus") or {}).get("ContainerID", "")
                world.node_id = (task or {}).get("NodeID", "")
                ports = [p for p in (status.get("PortStatus") or {}).get("Ports") or []
                         if p.get("TargetPort") == CONTAINER_PORT and p.get("PublishedPort")]
                world.port = int(ports[0]["PublishedPort"]) if ports else None
                world.local = world.node_id == (await self._run(self._prepare)).local_node
                if self.publishes and world.port is None:
                    raise BackendError(f"UES service {world.name} runs but its port {CONTAINER_PORT} was not "
                                       f"published")
                return
            if state in ENDED_STATES:
                raise BackendError(f"UES service {world.name}: its task was {state} ({why}): "
                                   f"{await self._run(self._logs, world.service_id, key)}")
            node_id = (task or {}).get("NodeID", "")
            node = (await self._run(self.nodes.nodes)).get(node_id) if node_id else None
            if node is not None and node.state in LOST_NODE_STATES:  # it would wait for the node, not start
                raise BackendError(f"UES service {world.name} was placed on swarm node "
                                   f"{node.hostname or node_id[:12]}, which is {node.state}")
            if state == "pending" and status.get("Err"):
                unplaced_since = unplaced_since or time.monotonic()
                if time.monotonic() - unplaced_since >= self.config.placement_grace_s:
                    raise BackendError(f"UES service {world.name} cannot be placed on any swarm node: {why} "
                                       f"(placement constraints {self.config.constraints or 'none'}, reserved "
                                       f"{self.config.reserve_cpus:g} CPUs and "
                                       f"{self.config.reserve_memory or 'no'} memory)")
            else:
                unplaced_since = None
            if time.monotonic() >= deadline:
                hint = (f"; a task that stays new is often one the swarm has no address for: the network "
                        f"{self.config.network!r} may be full (set GREEN_UES_SWARM_SUBNET, or create it with a "
                        f"larger --subnet)") if state == "new" else ""
                raise BackendError(f"UES service {world.name}: its task was still {state} after "
                                   f"{self.config.startup_timeout:g} s ({why or 'no reason given'}){hint}")
            await asyncio.sleep(0.05)

    def _urls(self, world: SwarmWorld) -> tuple[str, str]:
        """(The green's URL, the URL purples get) for a world whose task runs (blocking: may ask for the node)."""
        by_name = f"http://{world.name}:{CONTAINER_PORT}"
        node = self.nodes.nodes().get(world.node_id)
        world.node_name = node.hostname if node else world.node_id[:12]
        published = None
        if world.port is not None:
            host = self.config.local_host if world.local else self.nodes.address(world.node_id)
            published = f"http://{host}:{world.port}"
        url = by_name if self.config.green_on_network else str(published)
        if self.config.advertise_name:
            return url, by_name
        if self.config.advertise_host is not None and world.port is not None:
            host = self.config.advertise_host if world.local else self.nodes.address(world.node_id)
            return url, f"http://{host}:{world.port}"
        return url, url

    def _location(self, world: SwarmWorld) -> str:
        """Where the world runs, as a failure names it: its node's hostname and address."""
        address = self.config.local_host if world.local else self.nodes.address(world.node_id)
        return f"swarm node {world.node_name or world.node_id[:12]} ({address})"

    async def _wait_healthy(self, instance: Instance, deadline: float) -> None:
        """Return once the world answers ``/health``; BackendError (with its last log lines) when its task ends
        or it stays silent until ``deadline``."""
        world: SwarmWorld = instance.handle
        ended: list[str] = []  # the task's state (and why) once it no longer runs
        watcher = asyncio.create_task(self._watch_start_up(world, ended))
        try:
            await wait_until_answers(instance.url + "/health", timeout_s=max(0.0, deadline - time.monotonic()),
                                     http=self.http(), still_starting=lambda: ended[0] if ended else None)
        except TimeoutError:
            tail = await self._run(self._logs, world.service_id, instance.admin_key)
            raise BackendError(f"UES service {world.name} did not answer {instance.url}/health within "
                               f"{self.config.startup_timeout:g} s: {tail}") from None
        except RuntimeError as exc:
            tail = await self._run(self._logs, world.service_id, instance.admin_key)
            raise BackendError(f"UES service {world.name} stopped during start-up ({exc}): {tail}") from None
        finally:
            watcher.cancel()
            await asyncio.wait({watcher})

    async def _watch_start_up(self, world: SwarmWorld, ended: list[str]) -> None:
        """Poll the task 4 times a second until it stops running; then record its state in ``ended``. A failing
        manager call only skips that poll: the HTTP wait's deadline still bounds the start."""
        while True:
            await asyncio.sleep(0.25)
            try:
                state = await self._run(self._state, world.service_id)
            except Exception as exc:
                log.warning("ues_swarm_status_failed", service=world.service_id[:12], error=str(exc))
                continue
            if state != "running":
                ended.append(f"task {state}")
                return

    def _logs(self, service_id: str, key: str, lines: int = 20) -> str:
        """The service's last log lines (from whichever node ran it) as one string, the admin key masked."""
        try:
            raw = b"".join(self.client().api.service_logs(service_id, stdout=True, stderr=True, tail=lines))
        except Exception as exc:
            return f"(no logs: {exc})"
        text = raw.decode(errors="replace").replace(key, "***")
        return " | ".join(line for line in text.splitlines() if line.strip()) or "(no output)"

    # ------------------------------------------------------------------ stop / status
    def _state(self, service_id: str) -> str:
        """The world's task state (``running`` while its container runs, paused included), ``gone`` without it."""
        import docker

        try:
            task = self._task(service_id)
        except docker.errors.NotFound:
            return "gone"
        if task is None:
            return "new"
        state: str = (task.get("Status") or {}).get("State", "new")
        return state

    def _remove(self, name: str) -> None:
        """Remove a world's service (by name), then its container if it is on this node (swarm would stop it too,
        later: removing it now frees its memory and port at once). Gone already is fine."""
        import docker

        api = self.client().api
        try:
            api.remove_service(name)
        except docker.errors.NotFound:
            pass
        for summary in api.containers(all=True, filters={"label": [f"{LABEL_INSTANCE}={name}"]}):
            try:
                api.remove_container(summary["Id"], force=True)
            except docker.errors.NotFound:
                pass
            except docker.errors.APIError as exc:
                if exc.status_code != 409:  # 409: removal already in progress
                    raise

    async def stop(self, instance: Instance) -> None:
        try:
            await self._run(self._remove, instance.instance_id)
        except Exception as exc:
            raise BackendError(f"could not remove UES swarm service {instance.instance_id}: {exc}") from exc

    def _running(self, world: SwarmWorld) -> bool:
        """Whether the world's task runs on a node the manager still reaches (blocking). A node that stopped
        answering the manager takes its worlds with it: the task still reads "running" (the node cannot say
        otherwise), but nothing on it can be reached, and swarm only calls it orphaned a day later."""
        if self._state(world.service_id) != "running":
            return False
        node = self.nodes.nodes().get(world.node_id)
        if node is None or node.state in LOST_NODE_STATES:
            if world.node_id not in self._lost_nodes:
                self._lost_nodes.add(world.node_id)
                log.error("ues_swarm_node_lost", node=world.node_name or world.node_id[:12],
                          state=node.state if node else "removed")
            return False
        self._lost_nodes.discard(world.node_id)
        return True

    async def is_running(self, instance: Instance) -> bool:
        try:
            return await self._run(self._running, instance.handle)
        except Exception as exc:  # manager unreachable: let the HTTP health check decide
            log.warning("ues_swarm_status_failed", instance=instance.instance_id, error=str(exc))
            return True

    async def retiring(self, instance: Instance) -> bool:
        """A world on a paused or drained node goes once it is free: such a node takes no new work, and a world
        kept idle there would be handed out again."""
        world: SwarmWorld = instance.handle
        node = (await self._run(self.nodes.nodes)).get(world.node_id)
        return node is not None and node.availability in CLOSED_AVAILABILITIES

    # ------------------------------------------------------------------ ownership
    def _services(self, **label_values: str) -> list[dict[str, Any]]:
        """Every service carrying the given label values."""
        filters = {"label": [f"{k}={v}" for k, v in label_values.items()]}
        found: list[dict[str, Any]] = self.client().api.services(filters=filters)
        return found

    def _containers(self, **label_values: str) -> list[dict[str, Any]]:
        """Every container on this node (running or not) carrying the given label values."""
        filters = {"label": [f"{k}={v}" for k, v in label_values.items()]}
        found: list[dict[str, Any]] = self.client().api.containers(all=True, filters=filters)
        return found

    def _live_owners(self) -> tuple[list[str], set[str]]:
        """Container ids and hostnames that count as a live owner on another host: this node's running containers,
        the running tasks' containers anywhere in the swarm, services' configured hostnames and the nodes that are
        up (a green on another node's host cannot be checked by pid from here)."""
        api = self.client().api
        ids, hostnames = running_hostnames(api)
        for task in api.tasks(filters={"desired-state": "running"}):
            container_id = ((task.get("Status") or {}).get("ContainerStatus") or {}).get("ContainerID")
            if container_id:
                ids.append(container_id)
        for service in api.services():
            hostname = service["Spec"].get("TaskTemplate", {}).get("ContainerSpec", {}).get("Hostname")
            if hostname:
                hostnames.add(hostname)
        for node in api.nodes():
            if (node.get("Status") or {}).get("State") == "ready":
                hostnames.add(node.get("Description", {}).get("Hostname", ""))
        hostnames.discard("")
        return ids, hostnames

    def _of_pool(self) -> list[tuple[str, dict[str, str]]]:
        services = self._services(**{LABEL_POOL: self.config.pool_name})
        return [(service["Spec"]["Name"], service["Spec"].get("Labels") or {}) for service in services]

    def _owned(self) -> list[str]:
        services = self._services(**{LABEL_POOL: self.config.pool_name})
        owned = [f"{s['ID'][:12]}:{(s['Spec'].get('Labels') or {}).get(LABEL_INSTANCE)}" for s in services]
        known = {(s["Spec"].get("Labels") or {}).get(LABEL_INSTANCE) for s in services}
        # A container whose service is gone but that swarm has not removed yet still holds memory: a leak to see.
        for c in self._containers(**{LABEL_POOL: self.config.pool_name}):
            instance = (c.get("Labels") or {}).get(LABEL_INSTANCE)
            if instance not in known:
                owned.append(f"{c['Id'][:12]}:{instance}")
        return owned

    async def owned(self) -> list[str]:
        """Every service carrying this pool's name, and any container of this node left over from one."""
        return await self._run(self._owned)

    async def stats(self, instance: Instance) -> dict[str, Any]:
        """The world's container resource usage right now (docker stats, one sample; its node must be this one)."""
        world: SwarmWorld = instance.handle
        if not world.local:
            raise BackendError(f"UES service {world.name} runs on another node: its stats are on that node")
        stats: dict[str, Any] = await self._run(self.client().api.stats, world.container_id, stream=False)
        return stats

    async def close(self) -> None:
        """Remove the standbys (each once booted), then what ``EngineBackend.close`` removes. A start after this keeps
        no standby (it would outlive the backend's owner)."""
        await self._standbys.close()
        await super().close()

    def _leftovers(self) -> list[str]:
        return [service["Spec"]["Name"] for service in self._services(**{LABEL_RUN: self.run_id})]


def build_swarm(config: SwarmConfig) -> SwarmBackend:
    """The backend ``GREEN_UES_BACKEND=swarm`` selects; warns when a containerised green is not on the worlds'
    overlay network (it would reach them only through published ports)."""
    if not config.green_on_network and in_container():
        log.warning("ues_swarm_network_unset", hint="the green runs in a container: attach it to "
                    f"{config.network!r} and set GREEN_UES_SWARM_GREEN_ON_NETWORK=1 so that it "
                    "reaches the worlds by service name")
    return SwarmBackend(config)
