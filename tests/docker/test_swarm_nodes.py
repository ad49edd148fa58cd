"""The swarm backend on a real multi-node swarm on this machine (issue 26): the manager (this engine) and two worker
nodes from ``deploy/swarm-nodes.sh`` — each its own Docker daemon, data root and address.

What runs here: a share of the pool contract suite (the very tests of ``tests/pool/test_pool_contract.py``, with
worlds spread over three nodes, two of them another daemon at another address), the spread itself, a node lost in
the middle of three concurrent assessments and brought back, a paused node, and ``down`` leaving nothing.

The nodes are brought up by this module (``up 2`` with the session's project image; CI's ``.ci/run`` builds the
node image beforehand) and removed at its end: the rest of the session's swarm tests act on their worlds'
containers through the local engine, and expect every world on it. Skips and fails like the other docker tests.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import time
import uuid
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

import tests.pool.test_pool_contract as contract
from green_agent.embedded import purple_process
from services.purple.baseline import SLOW_TURN_ENV
from tests.a2a.conftest import status_text
from tests.docker.conftest import LABEL, SESSION, docker_missing
from tests.e2e.conftest import SCENARIOS, e2e_settings, progress_type, running_green, start_assessment
from tests.pool.test_pool_contract import (  # noqa: F401  (fixtures, and contract tests run here on three nodes)
    _true,
    emails,
    swarm_manager,
    test_a_dead_idle_instance_is_never_handed_out,
    test_a_lease_is_sticky_and_its_world_is_wiped_for_reuse,
    test_a_silent_world_in_use_is_not_killed_without_evidence,
    test_a_world_dying_during_a_lease_is_detected_and_replaced,
    test_lease_gives_the_world_back_wiped_on_every_way_out,
    test_max_instances_back_pressure,
    test_two_contexts_see_different_worlds,
    wait_for,
)
from ues_pool.backends.engine import LABEL_POOL
from ues_pool.backends.swarm import SwarmBackend, SwarmConfig
from ues_pool.pool import PoolConfig, UESPool

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "deploy" / "swarm-nodes.sh"
WORKERS = 2
NODE_LABEL = "org.ues-green.swarm-nodes"


def script(*args: str, timeout: float = 900, missing: bool = False) -> str:
    """Run ``deploy/swarm-nodes.sh ARGS``; its stdout, or a test failure quoting its stderr (``missing``: a skip, or
    a failure under ``GREEN_REQUIRE_DOCKER=1``, as for a missing engine)."""
    try:
        done = subprocess.run(["bash", str(SCRIPT), *args], capture_output=True, text=True, timeout=timeout,
                              check=False)
    except subprocess.TimeoutExpired:
        pytest.fail(f"deploy/swarm-nodes.sh {' '.join(args)} took more than {timeout:g} s", pytrace=False)
    if done.returncode != 0:
        reason = f"deploy/swarm-nodes.sh {' '.join(args)} failed ({done.returncode}):\n{done.stderr[-3000:]}"
        if missing:
            docker_missing(reason)
        pytest.fail(reason, pytrace=False)
    return done.stdout


def docker(*args: str, check: bool = True) -> str:
    done = subprocess.run(["docker", *args], capture_output=True, text=True, timeout=120, check=False)
    if check and done.returncode != 0:
        raise AssertionError(f"docker {' '.join(args)}: {done.stderr.strip()}")
    return done.stdout.strip()


@dataclass(frozen=True)
class Nodes:
    """The worker nodes: container name ↔ swarm node id, and their addresses."""

    ids: dict[str, str]  # container (= hostname) → swarm node id
    addresses: dict[str, str]  # container → its address on the nodes' network
    manager: str  # the manager's node id

    def name_of(self, node_id: str) -> str:
        return next((name for name, i in self.ids.items() if i == node_id), "manager")

    def containers_of_pool(self, name: str, pool: str) -> list[str]:
        """Every container (running or not) of ``pool`` on worker ``name``, as its own daemon lists them."""
        return docker("exec", name, "docker", "ps", "-aq", "--filter", f"label={LABEL_POOL}={pool}").split()

    def availability(self, name: str, value: str) -> None:
        docker("node", "update", "--availability", value, self.ids[name])


@pytest.fixture(scope="module")
def swarm_nodes(swarm_manager, project_image) -> Iterator[Nodes]:  # noqa: F811
    """Two workers joined to this engine's swarm, the session's image loaded into each; removed afterwards."""
    image_id = swarm_manager.images.get(project_image).id
    script("up", str(WORKERS), image_id, missing=True)  # no capabilities, no space: as without an engine
    names = [f"ues-node-{i}" for i in range(1, WORKERS + 1)]
    ids = {n: docker("exec", n, "docker", "info", "--format", "{{.Swarm.NodeID}}") for n in names}
    addresses = {n: docker("inspect", "--format", "{{(index .NetworkSettings.Networks \"ues-swarm-nodes\").IPAddress}}",
                           n) for n in names}
    nodes = Nodes(ids, addresses, swarm_manager.info()["Swarm"]["NodeID"])
    for name in names:
        nodes.availability(name, "active")
    try:
        yield nodes
    finally:
        script("down")


class NodeEngine:
    """The contract tests' ``engine()`` for worlds anywhere in the swarm: kill, pause and unpause a container on
    whichever node runs it (this engine's API, or the node's own daemon through ``docker exec``)."""

    def __init__(self, nodes: Nodes) -> None:
        self.nodes = nodes
        self.api = self

    def _act(self, verb: str, container_id: str) -> None:
        if docker("ps", "-aq", "--no-trunc", "--filter", f"id={container_id}"):
            docker(verb, container_id)
            return
        for name in self.nodes.ids:
            if docker("exec", name, "docker", "ps", "-aq", "--no-trunc", "--filter", f"id={container_id}"):
                docker("exec", name, "docker", verb, container_id)
                return
        raise AssertionError(f"no node runs container {container_id[:12]}")

    def kill(self, container_id: str) -> None:
        self._act("kill", container_id)

    def pause(self, container_id: str) -> None:
        self._act("pause", container_id)

    def unpause(self, container_id: str) -> None:
        self._act("unpause", container_id)


@pytest.fixture(autouse=True)
def node_engine(swarm_nodes, monkeypatch) -> None:
    monkeypatch.setattr(contract, "engine", lambda: NodeEngine(swarm_nodes))


def spread_backend(image: str, **config) -> SwarmBackend:
    return SwarmBackend(SwarmConfig(**{"pool_name": f"nodes-{uuid.uuid4().hex[:8]}", "image": image,
                                       "labels": {LABEL: SESSION}, "startup_timeout": 90, **config}))


@pytest.fixture
async def external_servers() -> list:
    return []  # the contract tests ask for it; on a swarm there are none


@pytest.fixture
async def pool_factory(swarm_nodes, project_image) -> AsyncIterator:
    """The contract suite's ``pool_factory``, for the swarm backend on three nodes."""
    pools: list[UESPool] = []

    async def factory(**config) -> UESPool:
        # The pool's own health interval (1 s, 2 s probes), not the contract suite's 0.25 s: a world in a node's
        # nested engine, busy minting a key on a loaded 2-core machine, missed three 0.5 s probes in a row and was
        # declared dead mid-lease (CI, session 32: the `mint_key` RemoteProtocolError). A killed world is still seen
        # at once (its backend reports it gone).
        defaults = {"min_idle": 1, "max_instances": 3, "health_interval_s": 1.0, "acquire_timeout_s": 5}
        pool = await UESPool(spread_backend(project_image), PoolConfig(**{**defaults, **config})).start()
        pools.append(pool)
        return pool

    factory.kind = "swarm"  # type: ignore[attr-defined]
    yield factory
    for pool in pools:
        await pool.shutdown()


def node_of(instance) -> str:
    return instance.handle.node_id


def running_tasks(node_id: str) -> int:
    """How many swarm tasks (of any service) ``node_id`` runs or is to run."""
    return len(docker("node", "ps", node_id, "--filter", "desired-state=running", "-q").split())


async def test_worlds_spread_over_every_node_and_answer_at_their_node_address(swarm_nodes, project_image):
    # Each world is a service of its own, so swarm puts it on the node running the fewest tasks of any service: on a
    # quiet swarm 2 + 2 + 2. Services of other pools (another test's, or a run killed before its cleanup) sit on the
    # manager only, and the spread fills the nodes up to them: every node that got a world ends within one of the
    # least loaded, and a node left out already ran more than that.
    nodes = [swarm_nodes.manager, *swarm_nodes.ids.values()]
    before = {n: running_tasks(n) for n in nodes}
    backend = spread_backend(project_image)
    pool = await UESPool(backend, PoolConfig(min_idle=6, max_instances=6)).start()
    try:
        await wait_for(lambda: _true(len(pool._idle) == 6), timeout=180)
        worlds = list(pool._idle)
        per_node = Counter(node_of(w) for w in worlds)
        total = {n: before[n] + per_node[n] for n in nodes}
        assert set(swarm_nodes.ids.values()) <= set(per_node), (per_node, before)  # both workers, always
        assert all(total[n] <= min(total.values()) + 1 for n in per_node), (per_node, before)
        assert all(before[n] >= min(total.values()) for n in nodes if n not in per_node), (per_node, before)
        if before[swarm_nodes.manager] == 0:  # a quiet swarm: every node, 2 + 2 + 2 or close
            assert set(per_node) == set(nodes), per_node
            assert max(per_node.values()) - min(per_node.values()) <= 1, per_node
        async with httpx.AsyncClient(timeout=5) as http:
            for world in worlds:
                name = swarm_nodes.name_of(node_of(world))
                if name == "manager":
                    assert world.url.startswith("http://127.0.0.1:"), world.url
                else:  # another daemon: its own address, the port it published
                    assert world.url == f"http://{swarm_nodes.addresses[name]}:{world.handle.port}", world.url
                    assert world.location == f"swarm node {name} ({swarm_nodes.addresses[name]})"
                assert (await http.get(world.url + "/health")).status_code == 200
    finally:
        await pool.shutdown()
    assert await backend.owned() == []


async def test_a_node_lost_mid_assessment_fails_only_its_trials_and_comes_back(
        swarm_nodes, project_image, tmp_path, monkeypatch):
    """Three assessments at once, on worlds spread over the nodes; one worker's daemon stops while they run. The
    trials on it fail naming the world and the node, the others complete, new worlds land on the surviving nodes;
    back, the node gets worlds again and the containers the pool abandoned on it are gone."""
    # No standby: one booted on the node before it is lost would stay there, unused, until a start takes it, and this
    # test counts the containers left on that node.
    monkeypatch.setenv("GREEN_UES_SWARM_STANDBY", "0")
    settings = e2e_settings(tmp_path / "green", ues_backend="swarm", ues_image=project_image, pool_min_idle=3,
                            pool_max_instances=6, pool_health_interval_s=0.5, pool_acquire_timeout_s=120,
                            ues_swarm_labels={LABEL: SESSION}, ues_swarm_startup_timeout=90)
    async with purple_process("slow", SCENARIOS, env={SLOW_TURN_ENV: "2"}) as purple, \
            running_green(settings) as green:
        pool = green.pool
        await wait_for(lambda: _true(len(pool._idle) == 3), timeout=180)
        lives = [start_assessment(green, purple, scenario_id="mini_day", wait_s=240) for _ in range(3)]
        for live in lives:
            await live.wait_for(lambda e: progress_type(e) == "update_turn_started")
        leases = {live.context_id: pool.lease_of(live.context_id) for live in lives}
        placed = {ctx: swarm_nodes.name_of(node_of(lease.instance)) for ctx, lease in leases.items()}
        workers_used = [n for n in placed.values() if n != "manager"]
        assert workers_used and len(set(placed.values())) > 1, f"worlds were not spread: {placed}"
        lost = Counter(workers_used).most_common(1)[0][0]

        # Killed, not stopped: a machine lost says nothing (a stopped daemon would report its tasks failed first).
        # Off the loop: the green in this process keeps serving.
        await asyncio.to_thread(script, "kill", lost)
        stopped = time.monotonic()
        on_lost = [lease for ctx, lease in leases.items() if placed[ctx] == lost]
        await wait_for(lambda: _true(all(lease.broken for lease in on_lost)), timeout=60)
        declared = time.monotonic() - stopped
        results = {live.context_id: await live.result(wait_s=240) for live in lives}
        for ctx, result in results.items():
            [row] = result.trial_rows()
            if placed[ctx] == lost:  # its one trial lost its world: errored, and the task failed naming why
                world = leases[ctx].instance_id
                assert result.state == "failed" and "world_lost" in status_text(result.final), status_text(result.final)
                assert row["status"] == "errored" and row["reasons"] == ["world_lost"], row
                assert any(world in e and f"swarm node {lost}" in e for e in row["errors"]), row["errors"]
            else:
                assert result.state == "completed", status_text(result.final)
                assert row["status"] not in ("failed", "errored"), (placed[ctx], row["errors"])

        # Refilled on the nodes that answer.
        await wait_for(lambda: _true(len(pool._idle) >= 3), timeout=180)
        assert all(swarm_nodes.name_of(node_of(w)) != lost for w in pool._idle), \
            [swarm_nodes.name_of(node_of(w)) for w in pool._idle]

        await asyncio.to_thread(script, "start", lost)
        # The containers of worlds the pool declared dead on it are removed by its daemon once it is back.
        abandoned = pool.backend.config.pool_name
        await wait_for(lambda: _true(swarm_nodes.containers_of_pool(lost, abandoned) == []), timeout=60)
        # And it takes new worlds again: empty, it is the least loaded node, where a world booted now goes (not the
        # standby, booted while the node was away).
        fresh = await pool.backend._boot(pool.backend._world_name())
        try:
            assert swarm_nodes.name_of(node_of(fresh)) == lost, swarm_nodes.name_of(node_of(fresh))
        finally:
            await pool.backend.stop(fresh)
    print(json.dumps({"node_lost_worlds_declared_dead_s": round(declared, 1)}))


async def test_a_paused_node_takes_no_new_worlds_and_its_leased_world_finishes(swarm_nodes, project_image):
    """``docker node update --availability pause``: the lease on it finishes with its world intact; once given back
    that world is retired, and every new world lands elsewhere. (``drain`` is swarm stopping its tasks at once:
    those worlds end as any dead world does.)"""
    backend = spread_backend(project_image, constraints=["node.role==worker"])
    pool = await UESPool(backend, PoolConfig(min_idle=2, max_instances=4, health_interval_s=0.25)).start()
    paused = None
    try:
        await wait_for(lambda: _true(len(pool._idle) == 2), timeout=180)
        async with pool.lease("held") as lease:
            paused = swarm_nodes.name_of(node_of(lease.instance))
            swarm_nodes.availability(paused, "pause")
            await contract.send_mail(lease)
            await asyncio.sleep(1.0)  # health rounds pass: a paused node's leased world is not dead
            assert not lease.broken and await emails(lease) == 1
            # Idle worlds on it are retired; their replacements go to the other worker.
            await wait_for(lambda: _true(len(pool._idle) == 2 and all(
                swarm_nodes.name_of(node_of(w)) != paused for w in pool._idle)), timeout=120)
        assert pool.stats["retired"] >= 1 and lease.instance not in pool._idle
        for i in range(3):
            async with pool.lease(f"new-{i}") as fresh:
                assert swarm_nodes.name_of(node_of(fresh.instance)) != paused
    finally:
        if paused is not None:
            swarm_nodes.availability(paused, "active")
        await pool.shutdown()


def test_down_leaves_nothing(swarm_nodes, swarm_manager):  # noqa: F811
    """Last in the module: ``down`` removes nodes, their network, data and swarm records; the manager is as before."""
    before = {(n.attrs["ID"], n.attrs["Spec"].get("Availability")) for n in swarm_manager.nodes.list()
              if n.attrs["ID"] not in swarm_nodes.ids.values()}
    script("down")
    script("down")  # idempotent
    assert docker("ps", "-aq", "--filter", f"label={NODE_LABEL}=node") == ""
    assert docker("volume", "ls", "-q", "--filter", f"label={NODE_LABEL}=data") == ""
    assert docker("network", "ls", "-q", "--filter", "name=^ues-swarm-nodes$") == ""
    after = {(n.attrs["ID"], n.attrs["Spec"].get("Availability")) for n in swarm_manager.nodes.list()}
    assert after == before
    info = swarm_manager.info()["Swarm"]
    assert info["LocalNodeState"] == "active" and info["ControlAvailable"]
