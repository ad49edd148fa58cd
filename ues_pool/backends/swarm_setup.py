"""What a swarm world is made of: the checks and look-ups done once per backend (a swarm manager, the image, the
overlay network), and the service spec of one world (image by id, hardening, limits, placement, ports).

The module docstring of ``swarm.py`` says why each choice is made (image by id, ``setpriv``, host-mode ports,
``dnsrr``); this module is the how.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import structlog

from ues_pool.backends.base import BackendError
from ues_pool.backends.engine import CONTAINER_PORT, LABEL_INSTANCE, compose_unclaimed, parse_size
from ues_pool.backends.swarm_config import SwarmConfig

__all__ = ["NATIVE_NO_NEW_PRIVILEGES_API", "Prepared", "look_up", "network_id", "service_spec"]

log = structlog.get_logger("ues_pool.swarm")

NATIVE_NO_NEW_PRIVILEGES_API = (1, 44)  # ContainerSpec.Privileges.NoNewPrivileges


@dataclass(frozen=True)
class Prepared:
    """What every start needs from the swarm, looked up once (blocking calls)."""

    image_ref: str
    image_labels: dict[str, str]
    entrypoint: list[str]
    network_id: str
    local_node: str  # the node whose published ports the green reaches on ``local_host`` ("" when none is)
    native_no_new_privileges: bool


def _api_version(text: str) -> tuple[int, int]:
    major, _, minor = text.partition(".")
    return int(major), int(minor or 0)


def look_up(client: Any, config: SwarmConfig) -> Prepared:
    """Check that the engine behind ``client`` manages a swarm, and look up the image, the network and this node
    (blocking); BackendError saying what to fix otherwise."""
    import docker

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
        image = client.images.get(config.image)
    except docker.errors.ImageNotFound:
        raise BackendError(f"UES image {config.image!r} is not in the Docker engine (build it, or set "
                           f"GREEN_UES_IMAGE); every swarm node that runs worlds needs it too") from None
    except docker.errors.DockerException as exc:
        raise BackendError(f"could not look up UES image {config.image!r}: {exc}") from exc
    digests = [d for d in image.attrs.get("RepoDigests") or [] if "@" in d]
    image_config = image.attrs.get("Config") or {}
    return Prepared(image_ref=digests[0] if digests else image.id, image_labels=dict(image.labels or {}),
                    entrypoint=list(image_config.get("Entrypoint") or []), network_id=network_id(client.api, config),
                    # Over a unix socket the manager is this machine; a remote one (DOCKER_HOST=tcp://, ssh://) is
                    # reached, like every other node, at its swarm address.
                    local_node=swarm.get("NodeID", "") if client.api.base_url == "http+docker://localhost" else "",
                    native_no_new_privileges=_api_version(client.api.api_version) >= NATIVE_NO_NEW_PRIVILEGES_API)


def _networks_named(api: Any, name: str) -> list[dict[str, Any]]:
    # The name filter matches substrings; two networks of one name can exist (an old engine's race).
    found = [n for n in api.networks(names=[name]) if n["Name"] == name]
    return sorted(found, key=lambda n: (n.get("Created", ""), n["Id"]))


def _create_network(api: Any, config: SwarmConfig) -> None:
    import docker

    try:
        # Every world takes one address of the network: its subnet bounds how many can live at once.
        subnet = config.subnet
        ipam = docker.types.IPAMConfig(pool_configs=[docker.types.IPAMPool(subnet=str(subnet))]) if subnet else None
        api.create_network(config.network, driver="overlay", attachable=True, check_duplicate=True,
                           labels={"org.ues-green.network": "swarm-worlds"}, ipam=ipam)
    except docker.errors.APIError as exc:
        if exc.status_code != 409:  # 409: created meanwhile by another green
            raise BackendError(f"could not create the overlay network {config.network!r}: {exc}") from exc


def network_id(api: Any, config: SwarmConfig) -> str:
    """The id of the overlay network worlds join, created (attachable) when there is none of that name."""
    found = _networks_named(api, config.network)
    if not found:
        _create_network(api, config)
        found = _networks_named(api, config.network)
    if not found:
        raise BackendError(f"the overlay network {config.network!r} vanished right after it was created")
    network = found[0]
    for _ in range(50):
        if network.get("Driver"):
            break
        # Listed right after it was created, an overlay network may not have its driver yet (the swarm has not
        # allocated it): ask for it again rather than take the gap for another kind of network.
        time.sleep(0.1)
        network = {**network, **api.inspect_network(network["Id"])}
    if network.get("Driver") != "overlay" or network.get("Scope") != "swarm":
        raise BackendError(f"network {config.network!r} exists but is a {network.get('Scope')} "
                           f"{network.get('Driver')} network; swarm worlds need an overlay network (set "
                           f"GREEN_UES_SWARM_NETWORK to another name)")
    if not network.get("Attachable"):
        log.warning("ues_swarm_network_not_attachable", network=config.network,
                    hint="plain containers (a green or purple outside swarm services) cannot join it")
    return str(network["Id"])


def _container(config: SwarmConfig, labels: dict[str, str], name: str, key: str, prepared: Prepared) -> Any:
    """The world's ContainerSpec: image by id, the admin key in its environment, hardened."""
    from docker.types import ContainerSpec, Mount

    native = config.no_new_privileges and prepared.native_no_new_privileges
    command = ["setpriv", "--no-new-privs", "--", *prepared.entrypoint] \
        if config.no_new_privileges and not native else None
    container = ContainerSpec(
        prepared.image_ref, command=command, args=list(config.command),
        env=[f"UES_ADMIN_KEY={key}", f"UES_PORT={CONTAINER_PORT}", "UES_LOG_LEVEL=warning"],
        user=config.user or None, read_only=True, cap_drop=["ALL"],
        labels={**compose_unclaimed(prepared.image_labels), **labels, LABEL_INSTANCE: name},
        mounts=[Mount("/tmp", None, type="tmpfs", tmpfs_size=parse_size(config.tmpfs_size))],
        # The pool discards a world it stops: nothing to shut down gracefully (the docker backend force-removes).
        stop_signal="SIGKILL",
    )
    if native:
        container["Privileges"] = {"NoNewPrivileges": True}  # API 1.44; the SDK's Privileges has no field for it
    return container


def service_spec(config: SwarmConfig, labels: dict[str, str], name: str, key: str, prepared: Prepared, *,
                 publishes: bool) -> dict[str, Any]:
    """The arguments of ``create_service`` for world ``name``: one replica, never restarted, on the overlay
    network, its port published in host mode when ``publishes``."""
    from docker.types import (
        EndpointSpec,
        NetworkAttachmentConfig,
        Placement,
        Resources,
        RestartPolicy,
        ServiceMode,
        TaskTemplate,
    )

    resources = Resources(
        cpu_limit=int(config.cpus * 1_000_000_000), mem_limit=parse_size(config.memory),
        cpu_reservation=int(config.reserve_cpus * 1_000_000_000) or None,
        mem_reservation=parse_size(config.reserve_memory) if config.reserve_memory else None)
    resources.setdefault("Limits", {})["Pids"] = config.pids_limit  # API 1.41; the SDK has no argument for it
    template = TaskTemplate(
        _container(config, labels, name, key, prepared), resources=resources,
        restart_policy=RestartPolicy(condition="none"),
        placement=Placement(constraints=config.constraints or None,
                            preferences=[("spread", item) for item in config.spread] or None)
        if config.constraints or config.spread else None,
        networks=[NetworkAttachmentConfig(prepared.network_id)])
    endpoint = EndpointSpec(mode="dnsrr")
    if publishes:  # no PublishedPort: the engine picks a free port on the task's node
        endpoint["Ports"] = [{"Protocol": "tcp", "TargetPort": CONTAINER_PORT, "PublishMode": "host"}]
    return {"task_template": template, "name": name, "labels": {**labels, LABEL_INSTANCE: name},
            "mode": ServiceMode("replicated", 1), "endpoint_spec": endpoint}
