"""Choose and build the UES backend and pool from ``PoolSettings`` (``GREEN_UES_BACKEND``; each backend's own
configuration comes whole from the settings, see ``ues_pool/settings.py``).

``GREEN_UES_BACKEND``:

* ``process``  — local worlds forked from one simulator fork server (works anywhere on Linux).
* ``docker``   — one container per instance from ``GREEN_UES_IMAGE``; fails when no engine answers.
* ``swarm``    — one Docker Swarm service per instance from ``GREEN_UES_IMAGE``, placed by the swarm's scheduler
  (``GREEN_UES_SWARM_*``: overlay network, placement constraints, reservations and limits); the engine must be a
  swarm manager (``deploy/swarm.sh``). Never chosen by ``auto``.
* ``external`` — the servers listed in ``GREEN_UES_EXTERNAL`` (JSON list of ``{url, admin_key, advertised_url?}``).
* ``auto``     — docker when an engine answers a quick ping *and* the image is present locally, else process;
  the choice and its reason are logged.

When ``GREEN_UES_ADVERTISE_HOST`` is set, purples reach UES through that host, so the process backend binds
and the docker backend publishes on all interfaces instead of loopback only.
"""

from __future__ import annotations

import json
import os

import structlog
from pydantic import TypeAdapter, ValidationError

from services.ues.client import describe_validation_error
from ues_pool.backends.base import Backend
from ues_pool.backends.docker import DockerBackend
from ues_pool.backends.external import ExternalBackend, ExternalServer
from ues_pool.backends.process import ProcessBackend
from ues_pool.backends.swarm import SwarmBackend
from ues_pool.pool import UESPool
from ues_pool.settings import PoolSettings

__all__ = ["PING_TIMEOUT_S", "BackendConfigError", "docker_available", "make_backend", "make_pool", "parse_external"]

log = structlog.get_logger("ues_pool.select")

PING_TIMEOUT_S = 2  # seconds; the docker SDK takes whole seconds


class BackendConfigError(ValueError):
    """The backend settings are inconsistent or malformed; the message says which setting and how to fix it."""


def parse_external(raw: str | None) -> list[ExternalServer]:
    """``GREEN_UES_EXTERNAL``: a JSON list of ``{"url": ..., "admin_key": ..., "advertised_url": ...?}``."""
    if not raw or not raw.strip():
        raise BackendConfigError("GREEN_UES_BACKEND=external needs GREEN_UES_EXTERNAL: a JSON list like "
                                 '[{"url": "http://ues:8000", "admin_key": "...", "advertised_url": "..."}]')
    try:
        data = json.loads(raw)
    except ValueError as exc:
        raise BackendConfigError(f"GREEN_UES_EXTERNAL is not valid JSON ({exc})") from None
    if not isinstance(data, list) or not data:
        raise BackendConfigError("GREEN_UES_EXTERNAL must be a non-empty JSON list of "
                                 "{url, admin_key, advertised_url?} objects")
    try:
        servers = TypeAdapter(list[ExternalServer]).validate_python(data)
    except ValidationError as exc:
        raise BackendConfigError(f"GREEN_UES_EXTERNAL is malformed: {describe_validation_error(exc)}") from None
    for server in servers:
        for field, value in (("url", server.url), ("advertised_url", server.advertised_url)):
            if value is not None and not value.startswith(("http://", "https://")):
                raise BackendConfigError(f"GREEN_UES_EXTERNAL: {field} {value!r} must start with http:// or https://")
    return servers


def docker_available(image: str, timeout: int = PING_TIMEOUT_S) -> tuple[bool, str]:
    """Whether a Docker engine answers within ``timeout`` and has ``image``; and why (for the log)."""
    try:
        import docker
    except ImportError:
        return False, "the docker SDK is not installed"
    try:
        client = docker.from_env(timeout=timeout)
    except Exception as exc:
        return False, f"no Docker engine configured ({exc.__class__.__name__}: {exc})"
    try:
        client.ping()
    except Exception as exc:
        return False, f"no Docker engine answers ({exc.__class__.__name__})"
    try:
        client.images.get(image)
    except docker.errors.ImageNotFound:
        return False, f"the Docker engine answers but image {image!r} is not present (build it or set GREEN_UES_IMAGE)"
    except Exception as exc:
        return False, f"could not look up image {image!r} ({exc.__class__.__name__}: {exc})"
    finally:
        client.close()
    return True, f"a Docker engine answers and image {image!r} is present"


def make_backend(settings: PoolSettings) -> Backend:
    """The backend ``settings.ues_backend`` asks for (``auto`` resolved here). Blocks for at most ~2 s (ping)."""
    kind = settings.ues_backend
    if kind == "external":
        servers = parse_external(settings.ues_external)
        log.info("ues_backend_selected", backend="external", servers=len(servers))
        return ExternalBackend(servers)
    if kind == "auto":
        ok, why = docker_available(settings.ues_image)
        kind = "docker" if ok else "process"
        log.info("ues_backend_selected", backend=kind, requested="auto", reason=why)
    else:
        log.info("ues_backend_selected", backend=kind, requested=kind, reason="GREEN_UES_BACKEND")
    if kind == "swarm":
        if not settings.ues_swarm.green_on_network and os.path.exists("/.dockerenv"):
            log.warning("ues_swarm_network_unset", hint="the green runs in a container: attach it to "
                        f"{settings.ues_swarm.network!r} and set GREEN_UES_SWARM_GREEN_ON_NETWORK=1 so that it "
                        "reaches the worlds by service name")
        return SwarmBackend(settings.ues_swarm)
    if kind == "docker":
        if settings.ues_docker.network is None and os.path.exists("/.dockerenv"):
            log.warning("ues_docker_network_unset", hint="the green runs in a container: set "
                        "GREEN_UES_DOCKER_NETWORK so that it can reach the UES containers by name")
        return DockerBackend(settings.ues_docker)
    return ProcessBackend(settings.ues_process)


def make_pool(settings: PoolSettings) -> UESPool:
    """A pool over ``make_backend(settings)``, configured by ``settings.pool`` (``GREEN_POOL_*``; not started:
    ``await pool.start()`` or ``async with``)."""
    return UESPool(make_backend(settings), settings.pool)
