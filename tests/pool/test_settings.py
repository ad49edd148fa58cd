"""Every ``GREEN_UES_*`` and ``GREEN_POOL_*`` variable an operator sets reaches the model of the part that uses it
(``ues_pool/settings.py``), and ``GREEN_POOL_MAX_CONCURRENT_STARTS`` bounds the pool's starts. No engine needed: the
backends are built, not started."""

from __future__ import annotations

import asyncio
import re
import uuid
from ipaddress import IPv4Network
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from green_agent.config import GreenSettings
from ues_pool.backends.base import Backend, Instance
from ues_pool.backends.docker import DockerBackend, DockerConfig
from ues_pool.backends.process import ProcessBackend, ProcessConfig
from ues_pool.backends.registry import BACKENDS
from ues_pool.backends.select import make_backend, make_pool
from ues_pool.backends.swarm import SwarmBackend, SwarmConfig
from ues_pool.pool import UESPool
from ues_pool.settings import PoolSettings

ROOT = Path(__file__).resolve().parents[2]
# Where an operator reads about settings: the docs site's pages (the settings tables, the backends', swarm's and
# compose's pages) but the Kubernetes design, whose variables belong to a backend that does not exist yet; the compose
# file, the CI script and the deploy scripts.
PAPER_ONLY = ROOT / "docs" / "operate" / "kubernetes.md"
# The settings tables are generated from the models themselves (python -m docs_gen; tests/test_docs_gen.py holds them
# to the models), so they name every field; this test is about what people wrote by hand.
GENERATED = ROOT / "docs" / "operate" / "settings.md"
DOCUMENTED_IN = [*sorted(p for p in (ROOT / "docs").rglob("*.md") if p not in (PAPER_ONLY, GENERATED)),
                 ROOT / "docker-compose.yml", ROOT / ".ci" / "run", *sorted(
    p for p in (ROOT / "deploy").rglob("*") if p.is_file() and p.suffix in ("", ".sh", ".md", ".yml", ".yaml",
                                                                           ".toml", ".json", ".py", ".env"))]

# variable → (value set, [(where it must arrive, the value it must have there)])
REACHES: dict[str, tuple[str, list[tuple[str, Any]]]] = {
    "GREEN_DATA_DIR": ("/srv/green", [("data_dir", Path("/srv/green")),
                                      ("ues_process.state_dir", Path("/srv/green/ues-pool"))]),
    "GREEN_UES_BACKEND": ("swarm", [("ues_backend", "swarm")]),
    "GREEN_UES_ADVERTISE_HOST": ("green.example", [
        ("ues_process.advertise_host", "green.example"), ("ues_docker.advertise_host", "green.example"),
        ("ues_swarm.advertise_host", "green.example"),
        # purples then connect from elsewhere: worlds listen on every interface
        ("ues_process.bind_host", "0.0.0.0"), ("ues_docker.publish_host", "0.0.0.0")]),
    "GREEN_UES_IMAGE": ("ues-green:9", [("ues_image", "ues-green:9"), ("ues_docker.image", "ues-green:9"),
                                        ("ues_swarm.image", "ues-green:9")]),
    "GREEN_UES_DOCKER_NETWORK": ("compose_net", [("ues_docker.network", "compose_net")]),
    "GREEN_UES_DOCKER_STANDBY": ("3", [("ues_docker.standby", 3)]),
    "GREEN_UES_EXTERNAL": ('[{"url": "http://u:8000", "admin_key": "k"}]',
                           [("ues_external", '[{"url": "http://u:8000", "admin_key": "k"}]'),
                            ("ues_external.servers_json", '[{"url": "http://u:8000", "admin_key": "k"}]')]),
    "GREEN_UES_SWARM_NETWORK": ("worlds-2", [("ues_swarm.network", "worlds-2")]),
    "GREEN_UES_SWARM_SUBNET": ("10.231.0.0/20", [("ues_swarm.subnet", IPv4Network("10.231.0.0/20"))]),
    "GREEN_UES_SWARM_CONSTRAINTS": ("node.labels.ues==yes, node.role!=manager",
                                    [("ues_swarm.constraints", ["node.labels.ues==yes", "node.role!=manager"])]),
    "GREEN_UES_SWARM_SPREAD": ("node.labels.rack, node.id", [("ues_swarm.spread", ["node.labels.rack", "node.id"])]),
    "GREEN_UES_SWARM_ADDRESS_LABEL": ("site.addr", [("ues_swarm.address_label", "site.addr")]),
    "GREEN_UES_SWARM_RESERVE_CPUS": ("0.25", [("ues_swarm.reserve_cpus", 0.25)]),
    "GREEN_UES_SWARM_RESERVE_MEMORY": ("64m", [("ues_swarm.reserve_memory", "64m")]),
    "GREEN_UES_SWARM_CPUS": ("1.5", [("ues_swarm.cpus", 1.5)]),
    "GREEN_UES_SWARM_MEMORY": ("384m", [("ues_swarm.memory", "384m")]),
    "GREEN_UES_SWARM_GREEN_ON_NETWORK": ("1", [("ues_swarm.green_on_network", True)]),
    "GREEN_UES_SWARM_STANDBY": ("2", [("ues_swarm.standby", 2)]),
    "GREEN_UES_SWARM_ADVERTISE_NAME": ("1", [("ues_swarm.advertise_name", True)]),
    "GREEN_POOL_NAME": ("ops-pool", [("pool_name", "ops-pool"), ("ues_process.pool_name", "ops-pool"),
                                     ("ues_docker.pool_name", "ops-pool"), ("ues_swarm.pool_name", "ops-pool")]),
    "GREEN_POOL_MIN_IDLE": ("3", [("pool.min_idle", 3)]),
    "GREEN_POOL_MAX_INSTANCES": ("7", [("pool.max_instances", 7)]),
    "GREEN_POOL_ACQUIRE_TIMEOUT_S": ("9.5", [("pool.acquire_timeout_s", 9.5)]),
    "GREEN_POOL_HEALTH_INTERVAL_S": ("0.5", [("pool.health_interval_s", 0.5)]),
    "GREEN_POOL_HEALTH_FAILURES": ("4", [("pool.health_failures", 4)]),
    "GREEN_POOL_IDLE_TTL_S": ("30", [("pool.idle_ttl_s", 30.0)]),
    "GREEN_POOL_MAX_CONCURRENT_STARTS": ("5", [("pool.max_concurrent_starts", 5)]),
}


def at(settings: PoolSettings, path: str) -> Any:
    """The value at ``path``: a field of the settings, or ``ues_<kind>.<field>`` of a backend's configuration."""
    section, _, rest = path.partition(".")
    kind = section.removeprefix("ues_")
    obj: Any = settings
    if rest and kind in BACKENDS:
        obj, path = settings.backend_config(kind), rest
    for name in path.split("."):
        obj = getattr(obj, name)
    return obj


@pytest.fixture
def environment(monkeypatch) -> None:
    """Every variable of REACHES set, as an operator would."""
    for name, (value, _) in REACHES.items():
        monkeypatch.setenv(name, value)


def test_every_documented_variable_is_mapped():
    """The variables the docs pages, compose file, CI script and deploy scripts name are the ones REACHES checks."""
    named = {m.group(0) for path in DOCUMENTED_IN for m in re.finditer(r"GREEN_(?:UES|POOL)_[A-Z_]*[A-Z]",
                                                                       path.read_text(errors="replace"))}
    # A bare prefix in prose (GREEN_UES_SWARM_*) is not a variable.
    named -= {"GREEN_UES_SWARM", "GREEN_UES_DOCKER"}
    assert named, "the documentation names no variable: the pattern is wrong"
    assert sorted(named - REACHES.keys()) == []


@pytest.mark.parametrize("settings_class", [PoolSettings, GreenSettings])
def test_every_variable_reaches_its_model(environment, settings_class):
    settings = settings_class(_env_file=None)
    for name, (_, targets) in REACHES.items():
        for path, expected in targets:
            assert at(settings, path) == expected, f"{name} does not reach {path}"


def test_each_backend_is_built_from_its_model_whole(environment, monkeypatch, tmp_path):
    settings = PoolSettings(_env_file=None)
    swarm = make_backend(settings)
    assert isinstance(swarm, SwarmBackend) and swarm.config == settings.backend_config("swarm")
    monkeypatch.setenv("GREEN_UES_BACKEND", "docker")
    docker = make_backend(PoolSettings(_env_file=None))
    assert isinstance(docker, DockerBackend) and docker.config == settings.backend_config("docker")
    monkeypatch.setenv("GREEN_UES_BACKEND", "process")
    monkeypatch.setenv("GREEN_DATA_DIR", str(tmp_path))
    pool = make_pool(PoolSettings(_env_file=None))
    assert isinstance(pool.backend, ProcessBackend)
    assert pool.backend.config.state_dir == tmp_path / "ues-pool" and pool.backend.state_dir.parent == tmp_path / \
        "ues-pool"
    assert pool.config == settings.pool and pool.config.max_concurrent_starts == 5


def test_keywords_take_the_environments_names(environment):
    """``GreenSettings(pool_min_idle=0)`` is what GREEN_POOL_MIN_IDLE=0 is, and wins over the environment."""
    settings = GreenSettings(_env_file=None, pool_min_idle=0, ues_swarm_cpus=2, ues_docker_network="other")
    assert (settings.pool.min_idle, settings.pool.max_instances) == (0, 7)
    swarm, docker = settings.backend_config("swarm", SwarmConfig), settings.backend_config("docker", DockerConfig)
    assert (swarm.cpus, swarm.memory, docker.network) == (2, "384m", "other")


def test_a_copy_that_changes_a_shared_setting_reaches_every_backend(environment, tmp_path):
    """``settings.model_copy(update={"data_dir": ...})`` (conformance.py does it) runs no validator: the shared
    settings still reach each backend's model, as when the backend was built from the settings themselves."""
    settings = GreenSettings(_env_file=None).model_copy(
        update={"data_dir": tmp_path, "pool_name": "copied", "ues_image": "ues-green:copy", "ues_advertise_host": None})
    process = settings.backend_config("process", ProcessConfig)
    docker = settings.backend_config("docker", DockerConfig)
    swarm = settings.backend_config("swarm", SwarmConfig)
    assert process.state_dir == tmp_path / "ues-pool"
    assert {process.pool_name, docker.pool_name, swarm.pool_name} == {"copied"}
    assert (docker.image, swarm.image) == ("ues-green:copy", "ues-green:copy")
    assert (process.bind_host, docker.publish_host) == ("127.0.0.1", "127.0.0.1")
    assert settings.pool.min_idle == 3  # the rest as it was


@pytest.mark.parametrize(("name", "shared"), [("GREEN_UES_DOCKER_IMAGE", "GREEN_UES_IMAGE"),
                                              ("GREEN_UES_SWARM_POOL_NAME", "GREEN_POOL_NAME"),
                                              ("GREEN_UES_PROCESS_BIND_HOST", "GREEN_UES_ADVERTISE_HOST")])
def test_a_shared_setting_under_a_backends_prefix_is_refused(monkeypatch, name, shared):
    """Shared settings have one name; the same field under a backend's prefix would be silently overwritten."""
    monkeypatch.setenv(name, "something")
    with pytest.raises(ValidationError, match=re.escape(f"{name} is not a setting: set {shared}")):
        PoolSettings(_env_file=None)


@pytest.mark.parametrize(("variable", "value", "message"), [
    ("GREEN_POOL_MIN_IDLE", "-1", "greater than or equal to 0"),
    ("GREEN_POOL_MAX_INSTANCES", "0", "greater than or equal to 1"),
    ("GREEN_POOL_MAX_CONCURRENT_STARTS", "0", "greater than or equal to 1"),
    ("GREEN_UES_SWARM_CPUS", "0", "greater than 0"),
    ("GREEN_UES_SWARM_SPREAD", "node.role==worker", "not something to spread worlds over"),
])
def test_pool_settings_are_validated_where_they_are_defined(monkeypatch, variable, value, message):
    monkeypatch.setenv(variable, value)
    with pytest.raises(ValidationError, match=message):
        PoolSettings(_env_file=None)


class Gate(Backend):
    """Starts that wait until released, counting how many are in flight at once."""

    name = "gate"

    def __init__(self) -> None:
        self.in_flight = self.most = 0
        self.release = asyncio.Event()

    async def start(self) -> Instance:
        self.in_flight += 1
        self.most = max(self.most, self.in_flight)
        try:
            await self.release.wait()
        finally:
            self.in_flight -= 1
        # Nothing listens on port 9: the pool's wipe fails at once and the world is destroyed on the way back.
        return Instance(uuid.uuid4().hex, self.name, "http://127.0.0.1:9", "http://127.0.0.1:9", "k" * 64)

    async def stop(self, instance: Instance) -> None:
        return None

    async def is_running(self, instance: Instance) -> bool:
        return True

    async def reap_orphans(self) -> int:
        return 0

    async def owned(self) -> list[str]:
        return []


async def test_max_concurrent_starts_bounds_the_pools_starts(monkeypatch):
    """GREEN_POOL_MAX_CONCURRENT_STARTS reaches the pool, whose throttle is the only one: the rest queue."""
    for name, value in {"GREEN_POOL_MAX_CONCURRENT_STARTS": "2", "GREEN_POOL_MIN_IDLE": "0",
                        "GREEN_POOL_MAX_INSTANCES": "5"}.items():
        monkeypatch.setenv(name, value)
    gate = Gate()
    async with UESPool(gate, PoolSettings(_env_file=None).pool) as pool:
        async def use(context: str) -> None:
            async with pool.lease(context):
                pass

        users = [asyncio.create_task(use(f"ctx-{i}")) for i in range(5)]
        # Every taker is starting a world (a count the pool keeps without notifying): two at the backend, three
        # queued for a slot.
        while pool._starting < 5:  # noqa: ASYNC110
            await asyncio.sleep(0)
        assert (gate.in_flight, gate.most) == (2, 2)
        gate.release.set()
        await asyncio.gather(*users)
        assert gate.most == 2 and pool.stats["started"] == 5
