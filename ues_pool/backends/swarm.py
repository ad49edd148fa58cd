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
import json
import re
import threading
import time
from dataclasses import dataclass
from ipaddress import IPv4Network
from typing import Annotated, Any

import structlog
from pydantic import Field, field_validator, model_validator
from pydantic_settings import NoDecode

from services.ues.client import wait_until_answers
from ues_pool.backends.base import BackendError, Instance, new_admin_key
from ues_pool.backends.engine import (
    CONTAINER_PORT,
    LABEL_INSTANCE,
    LABEL_POOL,
    LABEL_RUN,
    EngineBackend,
    EngineConfig,
    compose_unclaimed,
    parse_size,
    running_hostnames,
)

__all__ = [
    "CONSTRAINT",
    "DEFAULT_NETWORK",
    "ENDED_STATES",
    "LOST_NODE_STATES",
    "NATIVE_NO_NEW_PRIVILEGES_API",
    "SPREAD",
    "SwarmBackend",
    "SwarmConfig",
    "SwarmWorld"
]

log = structlog.get_logger("ues_pool.swarm")

DEFAULT_NETWORK = "ues-worlds"
NATIVE_NO_NEW_PRIVILEGES_API = (1, 44)  # ContainerSpec.Privileges.NoNewPrivileges
# Task states after which a task never runs (again): with restart condition "none" nothing replaces it.
ENDED_STATES = frozenset({"complete", "shutdown", "failed", "rejected", "remove", "orphaned"})
# What swarm accepts as a placement constraint: an attribute, == or !=, a value (node.labels.ues==yes).
CONSTRAINT = re.compile(r"^\s*(node|engine)\.[\w.-]+\s*(==|!=)\s*\S+\s*$")
# What a spread preference spreads over: a node attribute or label (node.id, node.labels.rack, engine.labels.zone).
SPREAD = re.compile(r"^\s*(node\.id|node\.hostname|(node|engine)\.labels\.[\w.-]+)\s*$")
# A node in these states has lost the manager: its worlds are gone as far as anyone can reach them. Not "unknown":
# every node is unknown for a moment after a manager restarts, before its first heartbeat.
LOST_NODE_STATES = frozenset({"down", "disconnected"})
# Availabilities that take no new worlds: "pause" keeps the running ones, "drain" makes swarm stop them.
CLOSED_AVAILABILITIES = frozenset({"pause", "drain"})
NODE_VIEW_TTL_S = 0.5  # one listing of the nodes serves every world's liveness check of a health round


class SwarmConfig(EngineConfig):
    """A swarm backend: the engine's common settings, plus its overlay network, placement, reservations and
    addressing (``GREEN_UES_SWARM_*``). Its errors name the variables an operator sets."""

    network: str = Field(default=DEFAULT_NETWORK, min_length=1,
                         description="the overlay network worlds join (created, attachable, when missing)")
    subnet: IPv4Network | None = Field(
        default=None, description="the subnet of that network when the backend creates it (one address per world: "
        "docker's default /24 holds about 250 worlds)")
    green_on_network: bool = Field(
        default=False, description="the green runs on that overlay network: it reaches worlds by service name")
    advertise_name: bool = Field(
        default=False, description="purples get http://<service name>:8000 (they run on the overlay network)")
    local_host: str = Field(default="127.0.0.1", description="where the green reaches ports published on its node")
    # NoDecode: the environment's text (a JSON list or a comma list) reaches _constraints as it is.
    constraints: Annotated[list[str], NoDecode] = Field(
        default_factory=list, description="placement constraints: JSON list or comma list, e.g. node.labels.ues==yes")
    # NoDecode, as for constraints. The scheduler ranks nodes by their running tasks anyway; the preference makes
    # the spread explicit and lets it go over a label first (racks, zones), then nodes within each.
    spread: Annotated[list[str], NoDecode] = Field(
        default_factory=lambda: ["node.id"],
        description="placement preferences: spread worlds over these node attributes, in order (JSON list or "
        "comma list, e.g. node.labels.rack,node.id; empty: the scheduler's default)")
    # Swarm reports a worker's address as the one its connection came from: behind NAT or a relay (the nodes of
    # deploy/swarm-nodes.sh) that is not where its published ports are. A node label names the right one.
    address_label: str | None = Field(
        default="ues.address", description="a node label holding the address the green reaches that node's published "
        "ports at (docker node update --label-add ues.address=10.0.0.7 NODE); nodes without it: their swarm address")
    reserve_cpus: float = Field(default=0.0, ge=0, description="CPUs reserved per world (0: none)")
    reserve_memory: str | int | None = Field(default=None, description="memory reserved per world, e.g. 128m")
    # Off only for an image without setpriv on an engine older than API 1.44 (module docstring).
    no_new_privileges: bool = True
    # A task the scheduler cannot place right now ("insufficient resources") may fit a moment later, once a world
    # just stopped has released its reservation; after this long it is a start failure.
    placement_grace_s: float = Field(default=1.0, ge=0)

    @field_validator("constraints", mode="before")
    @classmethod
    def _constraints(cls, raw: Any) -> Any:
        """A JSON list, or a comma-separated list, of constraints like ``node.labels.ues==yes``."""
        raw = _text_list(raw)
        if isinstance(raw, list | tuple):
            for item in raw:
                if not isinstance(item, str) or not CONSTRAINT.match(item):
                    raise ValueError(f"{item!r} is not a placement constraint like node.labels.ues==yes or "
                                     f"node.role!=manager")
            return [item.strip() for item in raw]
        return raw

    @field_validator("spread", mode="before")
    @classmethod
    def _spread(cls, raw: Any) -> Any:
        """A JSON list, or a comma-separated list, of node attributes like ``node.id`` or ``node.labels.rack``."""
        items = _text_list(raw)
        if isinstance(items, list):
            for item in items:
                if not isinstance(item, str) or not SPREAD.match(item):
                    raise ValueError(f"{item!r} is not something to spread worlds over: node.id, node.hostname, "
                                     f"node.labels.<label> or engine.labels.<label>")
            return [item.strip() for item in items]
        return items

    @field_validator("reserve_memory")
    @classmethod
    def _reservation(cls, raw: str | int | None) -> str | int | None:
        """A docker size (``128m``); an empty reservation means none."""
        if isinstance(raw, str):
            raw = raw.strip() or None
        if raw is not None:
            parse_size(raw)
        return raw

    @model_validator(mode="after")
    def _reservations_fit_limits(self) -> SwarmConfig:
        if self.reserve_cpus > self.cpus:
            raise ValueError(f"GREEN_UES_SWARM_RESERVE_CPUS ({self.reserve_cpus:g}) is above the limit "
                             f"GREEN_UES_SWARM_CPUS ({self.cpus:g})")
        if self.reserve_memory and parse_size(self.reserve_memory) > parse_size(self.memory):
            raise ValueError(f"GREEN_UES_SWARM_RESERVE_MEMORY ({self.reserve_memory}) is above the limit "
                             f"GREEN_UES_SWARM_MEMORY ({self.memory})")
        return self


def _text_list(raw: Any) -> Any:
    """An environment variable's list: JSON (``["a", "b"]``) or comma-separated (``a,b``); anything else as is."""
    if isinstance(raw, str):
        text = raw.strip()
        if text.startswith("["):
            try:
                return json.loads(text)
            except ValueError as exc:
                raise ValueError(f"not a valid JSON list ({exc})") from None
        return [part for part in (p.strip() for p in text.split(",")) if part]
    return raw


def _api_version(text: str) -> tuple[int, int]:
    major, _, minor = text.partition(".")
    return int(major), int(minor or 0)


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


@dataclass(frozen=True)
class _Node:
    """One swarm node as the manager sees it."""

    hostname: str
    state: str  # ready, down, disconnected, unknown
    availability: str  # active, pause, drain
    address: str


@dataclass(frozen=True)
class _Prepared:
    """What every start needs from the swarm, looked up once (blocking calls)."""

    image_ref: str
    image_labels: dict[str, str]
    entrypoint: list[str]
    network_id: str
    local_node: str  # the node whose published ports the green reaches on ``local_host`` ("" when none is)
    native_no_new_privileges: bool


class SwarmBackend(EngineBackend):
    """Worlds as one-replica swarm services; see the module docstring for networking, hardening and ownership."""

    name = "swarm"
    thread_name_prefix = "ues-swarm"

    config: SwarmConfig

    def __init__(self, config: SwarmConfig, *, client: Any = None) -> None:
        super().__init__(config, client=client)
        self._prepared: _Prepared | None = None
        self._prepare_lock = threading.Lock()
        self._nodes: dict[str, _Node] = {}
        self._nodes_at = -NODE_VIEW_TTL_S
        self._nodes_lock = threading.Lock()
        self._lost_nodes: set[str] = set()  # nodes already reported lost (logged once per loss)

    # ------------------------------------------------------------------ preparing (once)
    def _prepare(self) -> _Prepared:
        """Check that the engine manages a swarm, and look up the image, the network and this node (blocking)."""
        with self._prepare_lock:
            if self._prepared is None:
                self._prepared = self._look_up()
            return self._prepared

    def _look_up(self) -> _Prepared:
        import docker

        client = self.client()
        try:
            swarm = client.info().get("Swarm") or {}
        except docker.errors.DockerException as exc:
            raise BackendError(f"no Docker engine answers: {exc}") from exc
        if swarm.get("LocalNodeState") != "active" or not swarm.get("ControlAvailable"):
            raise BackendError(f"the Docker engine is not a swarm manager (swarm state "
                               f"{swarm.get('LocalNodeState') or 'unknown'}, manager: "
                               f"{bool(swarm.get('ControlAvailable'))}); run deploy/swarm.sh (docker swarm init) "
                               f"or point DOCKER_HOST at a manager")
        try:
            image = client.images.get(self.config.image)
        except docker.errors.ImageNotFound:
            raise BackendError(f"UES image {self.config.image!r} is not in the Docker engine (build it, or set "
                               f"GREEN_UES_IMAGE); every swarm node that runs worlds needs it too") from None
        except docker.errors.DockerException as exc:
            raise BackendError(f"could not look up UES image {self.config.image!r}: {exc}") from exc
        digests = [d for d in image.attrs.get("RepoDigests") or [] if "@" in d]
        config = image.attrs.get("Config") or {}
        return _Prepared(image_ref=digests[0] if digests else image.id, image_labels=dict(image.labels or {}),
                         entrypoint=list(config.get("Entrypoint") or []), network_id=self._network_id(),
                         # Over a unix socket the manager is this machine; a remote one (DOCKER_HOST=tcp://, ssh://)
                         # is reached, like every other node, at its swarm address.
                         local_node=swarm.get("NodeID", "") if client.api.base_url == "http+docker://localhost"
                         else "",
                         native_no_new_privileges=_api_version(client.api.api_version)
                         >= NATIVE_NO_NEW_PRIVILEGES_API)

    def _network_id(self) -> str:
        """The id of the overlay network worlds join, created (attachable) when there is none of that name."""
        import docker

        api = self.client().api

        def existing() -> list[dict[str, Any]]:
            # The name filter matches substrings; two networks of one name can exist (an old engine's race).
            found = [n for n in api.networks(names=[self.config.network]) if n["Name"] == self.config.network]
            return sorted(found, key=lambda n: (n.get("Created", ""), n["Id"]))

        found = existing()
        if not found:
            try:
                # Every world takes one address of the network: its subnet bounds how many can live at once.
                subnet = self.config.subnet
                ipam = docker.types.IPAMConfig(pool_configs=[docker.types.IPAMPool(subnet=str(subnet))]) \
                    if subnet else None
                api.create_network(self.config.network, driver="overlay", attachable=True, check_duplicate=True,
                                   labels={"org.ues-green.network": "swarm-worlds"}, ipam=ipam)
            except docker.errors.APIError as exc:
                if exc.status_code != 409:  # 409: created meanwhile by another green
                    raise BackendError(f"could not create the overlay network {self.config.network!r}: "
                                       f"{exc}") from exc
            found = existing()
        if not found:
            raise BackendError(f"the overlay network {self.config.network!r} vanished right after it was created")
        network = found[0]
        for _ in range(50):
            if network.get("Driver"):
                break
            # Listed right after it was created, an overlay network may not have its driver yet (the swarm has not
            # allocated it): ask for it again rather than take the gap for another kind of network.
            time.sleep(0.1)
            network = {**network, **api.inspect_network(network["Id"])}
        if network.get("Driver") != "overlay" or network.get("Scope") != "swarm":
            raise BackendError(f"network {self.config.network!r} exists but is a {network.get('Scope')} "
                               f"{network.get('Driver')} network; swarm worlds need an overlay network (set "
                               f"GREEN_UES_SWARM_NETWORK to another name)")
        if not network.get("Attachable"):
            log.warning("ues_swarm_network_not_attachable", network=self.config.network,
                        hint="plain containers (a green or purple outside swarm services) cannot join it")
        return str(network["Id"])

    # ------------------------------------------------------------------ start
    @property
    def publishes(self) -> bool:
        """Whether worlds publish port 8000 on their node: for a green outside the overlay network, or for purples
        told to come through ``advertise_host``."""
        config = self.config
        return not config.green_on_network or (config.advertise_host is not None and not config.advertise_name)

    def _spec(self, name: str, key: str, prepared: _Prepared) -> dict[str, Any]:
        """The arguments of ``create_service`` for one world."""
        from docker.types import (
            ContainerSpec,
            EndpointSpec,
            Mount,
            NetworkAttachmentConfig,
            Placement,
            Resources,
            RestartPolicy,
            ServiceMode,
            TaskTemplate,
        )

        config = self.config
        native = config.no_new_privileges and prepared.native_no_new_privileges
        command = ["setpriv", "--no-new-privs", "--", *prepared.entrypoint] \
            if config.no_new_privileges and not native else None
        container = ContainerSpec(
            prepared.image_ref, command=command, args=list(config.command),
            env=[f"UES_ADMIN_KEY={key}", f"UES_PORT={CONTAINER_PORT}", "UES_LOG_LEVEL=warning"],
            user=config.user or None, read_only=True, cap_drop=["ALL"],
            labels={**compose_unclaimed(prepared.image_labels), **self.labels, LABEL_INSTANCE: name},
            mounts=[Mount("/tmp", None, type="tmpfs", tmpfs_size=parse_size(config.tmpfs_size))],
            # The pool discards a world it stops: nothing to shut down gracefully (the docker backend force-removes).
            stop_signal="SIGKILL",
        )
        if native:
            container["Privileges"] = {"NoNewPrivileges": True}  # API 1.44; the SDK's Privileges has no field for it
        resources = Resources(
            cpu_limit=int(config.cpus * 1_000_000_000), mem_limit=parse_size(config.memory),
            cpu_reservation=int(config.reserve_cpus * 1_000_000_000) or None,
            mem_reservation=parse_size(config.reserve_memory) if config.reserve_memory else None)
        resources.setdefault("Limits", {})["Pids"] = config.pids_limit  # API 1.41; the SDK has no argument for it
        template = TaskTemplate(
            container, resources=resources, restart_policy=RestartPolicy(condition="none"),
            placement=Placement(constraints=config.constraints or None,
                                preferences=[("spread", item) for item in config.spread] or None)
            if config.constraints or config.spread else None,
            networks=[NetworkAttachmentConfig(prepared.network_id)])
        endpoint = EndpointSpec(mode="dnsrr")
        if self.publishes:  # no PublishedPort: the engine picks a free port on the task's node
            endpoint["Ports"] = [{"Protocol": "tcp", "TargetPort": CONTAINER_PORT, "PublishMode": "host"}]
        return {"task_template": template, "name": name, "labels": {**self.labels, LABEL_INSTANCE: name},
                "mode": ServiceMode("replicated", 1), "endpoint_spec": endpoint}

    def _create(self, name: str, key: str) -> SwarmWorld:
        """Create the world's service (blocking); the task is placed and started by swarm afterwards."""
        import docker

        prepared = self._prepare()
        try:
            created = self.client().api.create_service(**self._spec(name, key, prepared))
        except docker.errors.DockerException as exc:
            with contextlib.suppress(Exception):  # an answer lost after the service was made
                self._remove(name)
            raise BackendError(f"could not create the UES swarm service {name} from {self.config.image!r}: "
                               f"{exc}") from exc
        return SwarmWorld(name=name, service_id=created["ID"])

    async def start(self) -> Instance:
        name = self._world_name()
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
        log.info("ues_started", instance=name, service=world.service_id[:12], node=world.node_id[:12], url=url,
                 seconds=round(time.monotonic() - started, 3))
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
            node = (await self._run(self._node_view)).get(node_id) if node_id else None
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
        node = self._node_view().get(world.node_id)
        world.node_name = node.hostname if node else world.node_id[:12]
        published = None
        if world.port is not None:
            host = self.config.local_host if world.local else self._node_address(world.node_id)
            published = f"http://{host}:{world.port}"
        url = by_name if self.config.green_on_network else str(published)
        if self.config.advertise_name:
            return url, by_name
        if self.config.advertise_host is not None and world.port is not None:
            host = self.config.advertise_host if world.local else self._node_address(world.node_id)
            return url, f"http://{host}:{world.port}"
        return url, url

    def _location(self, world: SwarmWorld) -> str:
        """Where the world runs, as a failure names it: its node's hostname and address."""
        address = self.config.local_host if world.local else self._node_address(world.node_id)
        return f"swarm node {world.node_name or world.node_id[:12]} ({address})"

    def _node_view(self, refresh: bool = False) -> dict[str, _Node]:
        """Every node of the swarm by id, listed at most once per ``NODE_VIEW_TTL_S`` (blocking)."""
        with self._nodes_lock:
            if refresh or time.monotonic() - self._nodes_at >= NODE_VIEW_TTL_S:
                nodes = {}
                for node in self.client().api.nodes():
                    status, spec = node.get("Status") or {}, node.get("Spec") or {}
                    address = (spec.get("Labels") or {}).get(self.config.address_label) if self.config.address_label \
                        else None
                    nodes[node["ID"]] = _Node(hostname=(node.get("Description") or {}).get("Hostname", ""),
                                              state=status.get("State", "unknown"),
                                              availability=spec.get("Availability", "active"),
                                              address=address or status.get("Addr", ""))
                self._nodes, self._nodes_at = nodes, time.monotonic()
            return self._nodes

    def _node_address(self, node_id: str) -> str:
        """Where the green reaches ports the node publishes: its address label, else the address the manager saw
        it connect from (blocking)."""
        node = self._node_view().get(node_id)
        if node is None:
            node = self._node_view(refresh=True).get(node_id)
        if node is None or not node.address:
            raise BackendError(f"swarm node {node_id[:12]} has no address the green could reach it at")
        return node.address

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
        node = self._node_view().get(world.node_id)
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
        node = (await self._run(self._node_view)).get(world.node_id)
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

    def _leftovers(self) -> list[str]:
        return [service["Spec"]["Name"] for service in self._services(**{LABEL_RUN: self.run_id})]
