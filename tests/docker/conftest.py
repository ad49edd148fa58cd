"""Fixtures for tests against a real Docker engine: the client, the project image, labelled containers.

Skipping rule: with no Docker engine (or no docker SDK, or no base image) these tests skip with the reason;
with ``GREEN_REQUIRE_DOCKER=1`` (CI sets it) they fail instead, so CI cannot pass without a real engine.

``GREEN_TEST_IMAGE=name`` uses an already built image instead of building the working tree.
"""

from __future__ import annotations

import os
import tomllib
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

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


@pytest.fixture(scope="session")
def docker_client() -> Iterator[Any]:
    try:
        import docker
    except ImportError:
        docker_missing("the docker SDK for Python is not installed (uv sync installs the dev group)")
    try:
        client = docker.from_env(timeout=120)
        client.ping()
    except Exception as exc:
        docker_missing(f"no Docker engine answers ({exc.__class__.__name__}: {exc}); run deploy/docker-engine.sh")
    yield client
    # Whatever a test left behind: every container of this session carries the session label.
    for container in client.containers.list(all=True, filters={"label": f"{LABEL}={SESSION}"}):
        container.remove(force=True)
    client.close()


@pytest.fixture(scope="session")
def project_image(docker_client) -> str:
    """The project image, built once per session from the working tree (the engine's layer cache makes
    a rebuild of unchanged sources take seconds)."""
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
    log: list[str] = []
    # Host network for the build: PyPI is reached even when dockerd runs without iptables (no NAT).
    for chunk in docker_client.api.build(path=str(REPO), tag=TEST_IMAGE_TAG, rm=True, forcerm=True,
                                         platform="linux/amd64", network_mode="host", decode=True):
        if "stream" in chunk:
            log.append(chunk["stream"])
        if "error" in chunk:
            tail = "".join(log)[-4000:]
            pytest.fail(f"docker build failed: {chunk['error']}\n{tail}", pytrace=False)
    return TEST_IMAGE_TAG


@pytest.fixture
def run_container(docker_client, project_image):
    """``run_container(command, **kwargs)`` starts a labelled, detached container; all are removed after."""
    started: list[Any] = []

    def run(command: list[str] | None = None, **kwargs: Any) -> Any:
        labels = {LABEL: SESSION, **kwargs.pop("labels", {})}
        container = docker_client.containers.run(project_image, command, detach=True, labels=labels, **kwargs)
        started.append(container)
        return container

    yield run
    for container in started:
        container.remove(force=True)


def hardened(**extra: Any) -> dict[str, Any]:
    """How the docker backend runs a UES container: read-only root, tmpfs /tmp, no new privileges, no
    capabilities, CPU/memory/pids limits, published on loopback only."""
    return {
        "read_only": True,
        "tmpfs": {"/tmp": "rw,nosuid,nodev,size=64m"},
        "security_opt": ["no-new-privileges"],
        "cap_drop": ["ALL"],
        "nano_cpus": 1_000_000_000,
        "mem_limit": "256m",
        "pids_limit": 256,
        **extra,
    }


def declared_scripts() -> set[str]:
    """Console scripts named in pyproject.toml's [project.scripts]."""
    with (REPO / "pyproject.toml").open("rb") as handle:
        return set(tomllib.load(handle)["project"].get("scripts", {}))
