"""Fixtures for tests against a real Docker engine, through testcontainers-python: the project image
(``DockerImage``), containers of it (``DockerContainer`` with wait strategies), labelled and removed explicitly.

Skipping rule: with no Docker engine (or no docker SDK / testcontainers, or no base image) these tests skip with the
reason; with ``GREEN_REQUIRE_DOCKER=1`` (CI sets it) they fail instead, so CI cannot pass without a real engine.

``GREEN_TEST_IMAGE=name`` uses an already built image instead of building the working tree.

testcontainers settings, made here before it is imported (each can be overridden from the environment):

* ``TESTCONTAINERS_RYUK_DISABLED=true``: its reaper is an image from a registry, and none is reachable here. Every
  container is removed explicitly instead, and every one carries this session's label, so the session's end
  removes whatever a test left behind.
* ``TESTCONTAINERS_CONNECTION_MODE=docker_host`` and ``TESTCONTAINERS_HOST_OVERRIDE=127.0.0.1`` for a local engine:
  our containers publish on loopback only, and this machine is itself a container (testcontainers would otherwise
  aim at the bridge gateway's private address).
"""

from __future__ import annotations

import os
import socket
import tomllib
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("TESTCONTAINERS_RYUK_DISABLED", "true")
if os.environ.get("DOCKER_HOST", "unix://").startswith("unix://"):
    os.environ.setdefault("TESTCONTAINERS_CONNECTION_MODE", "docker_host")
    os.environ.setdefault("TESTCONTAINERS_HOST_OVERRIDE", "127.0.0.1")

try:  # after the settings above: testcontainers reads them at import
    from testcontainers.core.container import DockerContainer
    from testcontainers.core.image import DockerImage
    from testcontainers.core.wait_strategies import HttpWaitStrategy
except ImportError:  # reported by the fixtures (skip, or fail under GREEN_REQUIRE_DOCKER=1)
    DockerContainer = DockerImage = HttpWaitStrategy = None  # type: ignore[assignment,misc]

REPO = Path(__file__).resolve().parents[2]
TEST_IMAGE_TAG = "ues-green:test"
LABEL = "org.ues-green.test"
SESSION = uuid.uuid4().hex[:12]


def docker_missing(reason: str) -> None:
    """Skip, or fail when the environment requires a Docker engine."""
    if os.environ.get("GREEN_REQUIRE_DOCKER") == "1":
        pytest.fail(f"GREEN_REQUIRE_DOCKER=1 but {reason}", pytrace=False)
    pytest.skip(reason)


def base_image_name() -> str:
    """The image of the Dockerfile's first FROM line (what deploy/base-image.sh provides)."""
    for line in (REPO / "Dockerfile").read_text().splitlines():
        words = line.split()
        if words and words[0].upper() == "FROM":
            return next(w for w in words[1:] if not w.startswith("--"))
    raise AssertionError("Dockerfile has no FROM line")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="session")
def docker_client() -> Iterator[Any]:
    try:
        import docker
    except ImportError:
        docker_missing("the docker SDK for Python is not installed (uv sync installs the dev group)")
    if DockerContainer is None:
        docker_missing("testcontainers is not installed (uv sync installs the dev group)")
    try:
        client = docker.from_env(timeout=120)
        client.ping()
    except Exception as exc:
        docker_missing(f"no Docker engine answers ({exc.__class__.__name__}: {exc}); run deploy/docker-engine.sh")
    yield client
    # Whatever a test left behind: every container of this session carries the session label.
    for container in client.containers.list(all=True, filters={"label": f"{LABEL}={SESSION}"}):
        container.remove(force=True, v=True)
    client.close()


@pytest.fixture(scope="session")
def project_image(docker_client) -> str:
    """The project image, built once per session from the working tree with testcontainers' ``DockerImage``
    (the engine's layer cache makes a rebuild of unchanged sources take seconds). Kept afterwards
    (``clean_up=False``): removing it would drop that cache for the next run."""
    import docker

    prebuilt = os.environ.get("GREEN_TEST_IMAGE")
    if prebuilt:
        docker_client.images.get(prebuilt)
        return prebuilt
    base = base_image_name()
    try:
        docker_client.images.get(base)
    except docker.errors.ImageNotFound:
        docker_missing(f"base image {base} is not in the engine; run deploy/base-image.sh")
    # Host network for the build: PyPI is reached even when dockerd runs without iptables (no NAT).
    return build_image(DockerImage(path=REPO, tag=TEST_IMAGE_TAG, clean_up=False, platform="linux/amd64",
                                   network_mode="host", forcerm=True), "the project image")


def build_image(image: DockerImage, what: str) -> str:
    """Build ``image`` and return its tag; a failed build fails the test with the end of the build log."""
    import docker

    try:
        image.build()
    except docker.errors.BuildError as exc:
        tail = "".join(chunk.get("stream", "") for chunk in exc.build_log)[-4000:]
        pytest.fail(f"docker build of {what} failed: {exc.msg}\n{tail}", pytrace=False)
    finally:
        image.get_docker_client().client.close()
    return image.tag


def publish_on_loopback(container: DockerContainer, *ports: int) -> DockerContainer:
    """Publish container ports on 127.0.0.1 at random host ports (``with_exposed_ports`` would publish on every
    interface)."""
    for port in ports:
        container.ports[f"{port}/tcp"] = ("127.0.0.1", None)  # type: ignore[assignment]  # the docker SDK's form
    return container


def hardened(**extra: Any) -> dict[str, Any]:
    """How the docker backend runs a UES container: read-only root, no new privileges, no capabilities,
    CPU/memory/pids limits (plus a tmpfs at /tmp: see ``labelled``)."""
    return {
        "read_only": True,
        "security_opt": ["no-new-privileges"],
        "cap_drop": ["ALL"],
        "nano_cpus": 1_000_000_000,
        "mem_limit": "256m",
        "pids_limit": 256,
        **extra,
    }


def labelled(image: str, command: list[str] | None = None, *, tmpfs: bool = False, labels: dict[str, str] | None = None,
             **kwargs: Any) -> DockerContainer:
    """A ``DockerContainer`` of ``image`` carrying this session's label (``kwargs`` go to the docker SDK's
    create); ``tmpfs``: a small tmpfs at /tmp, as hardened containers have."""
    container = DockerContainer(image, command=command, labels={LABEL: SESSION, **(labels or {})}, **kwargs)
    if tmpfs:
        container.tmpfs["/tmp"] = "rw,nosuid,nodev,size=64m"
    return container


class ServedOrExited(HttpWaitStrategy if HttpWaitStrategy is not None else object):  # type: ignore[misc]
    """testcontainers' ``HttpWaitStrategy``, giving up at once (with the container's logs) when the container stops
    instead of polling a dead port until the timeout."""

    def wait_until_ready(self, container: Any) -> None:
        self._target = container.get_wrapped_container()
        super().wait_until_ready(container)

    def _try_http_request(self, url: str, headers: dict[str, str], ssl_context: Any) -> bool:
        self._target.reload()
        if self._target.status in ("exited", "dead"):
            logs = self._target.logs().decode(errors="replace")
            raise RuntimeError(f"container {self._target.name} stopped ({self._target.status}) before {url} "
                               f"answered:\n{logs[-3000:]}")
        return bool(super()._try_http_request(url, headers, ssl_context))


def started(container: DockerContainer) -> DockerContainer:
    """``container.start()``, turning a failed wait into a test failure that quotes the container's logs (the
    container is removed either way by its owner's cleanup)."""
    try:
        return container.start()
    except (RuntimeError, TimeoutError) as exc:
        pytest.fail("\n".join([str(exc), *getattr(exc, "__notes__", [])]), pytrace=False)


@pytest.fixture
def run_container(project_image) -> Iterator[Callable[..., DockerContainer]]:
    """``run_container(command, wait=None, tmpfs=False, **kwargs)`` starts a labelled ``DockerContainer`` of the
    project image (waiting with ``wait``, a testcontainers wait strategy); every one is removed after the test."""
    containers: list[DockerContainer] = []

    def run(command: list[str] | None = None, wait: Any = None, tmpfs: bool = False, **kwargs: Any) -> DockerContainer:
        container = labelled(project_image, command, tmpfs=tmpfs, **kwargs)
        if wait is not None:
            container.waiting_for(wait)
        containers.append(container)
        return started(container)

    yield run
    for container in containers:
        container.stop(force=True, delete_volume=True)


def declared_scripts() -> set[str]:
    """Console scripts named in pyproject.toml's [project.scripts]."""
    with (REPO / "pyproject.toml").open("rb") as handle:
        return set(tomllib.load(handle)["project"].get("scripts", {}))
