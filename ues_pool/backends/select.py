"""Choose and build the UES backend and pool from ``PoolSettings`` (``GREEN_UES_BACKEND``; each backend's own
configuration comes whole from the settings, see ``ues_pool/settings.py``, and the kinds from
``backends/registry.py``).

``GREEN_UES_BACKEND``:

* ``process``  — local worlds forked from one simulator fork server (works anywhere on Linux).
* ``docker``   — one container per instance from ``GREEN_UES_IMAGE``; fails when no engine answers.
* ``swarm``    — one Docker Swarm service per instance from ``GREEN_UES_IMAGE``, placed by the swarm's scheduler
  (``GREEN_UES_SWARM_*``: overlay network, placement constraints, reservations and limits); the engine must be a
  swarm manager (``deploy/swarm.sh``). Never chosen by ``auto``.
* ``external`` — the servers listed in ``GREEN_UES_EXTERNAL`` (JSON list of ``{url, admin_key, advertised_url?}``).
* any other kind registered in ``BACKENDS`` (``backends/registry.py``).
* ``auto``     — docker when an engine answers a quick ping *and* the image is present locally, else process;
  the choice and its reason are logged.

When ``GREEN_UES_ADVERTISE_HOST`` is set, purples reach UES through that host, so the process backend binds
and the docker backend publishes on all interfaces instead of loopback only.
"""

from __future__ import annotations

import structlog

from ues_pool.backends.base import Backend, BackendConfigError
from ues_pool.backends.registry import AUTO, BACKENDS
from ues_pool.pool import UESPool
from ues_pool.settings import PoolSettings

__all__ = ["PING_TIMEOUT_S", "BackendConfigError", "docker_available", "make_backend", "make_pool"]

log = structlog.get_logger("ues_pool.select")

PING_TIMEOUT_S = 2  # seconds; the docker SDK takes whole seconds


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
    """The backend ``settings.ues_backend`` asks for (``auto`` resolved here, blocking for at most ~2 s: a ping),
    built by its registered builder from its configuration; BackendConfigError when that configuration is unusable."""
    kind = settings.ues_backend
    if kind == AUTO:
        ok, why = docker_available(settings.ues_image)
        kind = "docker" if ok else "process"
        log.info("ues_backend_selected", backend=kind, requested=AUTO, reason=why)
    else:
        log.info("ues_backend_selected", backend=kind, requested=kind, reason="GREEN_UES_BACKEND")
    return BACKENDS[kind].build(settings.backend_config(kind))


def make_pool(settings: PoolSettings) -> UESPool:
    """A pool over ``make_backend(settings)``, configured by ``settings.pool`` (``GREEN_POOL_*``; not started:
    ``await pool.start()`` or ``async with``)."""
    return UESPool(make_backend(settings), settings.pool)
