"""Faults on the docker backend (issue 12, item 7), on a real Docker engine, with a real green (A2A over HTTP), real
purple processes and real UES containers from the project image:

* **a world's container killed mid-turn** (issue 37 item 3): the trial ends within 2 s of the kill, ``errored``
  (``world_lost``: the task ``failed``, exactly one terminal state, with its ``Result`` artifact), its reason naming
  the world and where it ran; the purple is sent ``assessment_complete`` with that reason; another context's
  assessment running meanwhile completes untouched; the dead container is removed and its slot freed (the pool has
  two slots: a leaked one would starve the next assessment), and the next assessment in the same context completes
  on a fresh world;
* **a world's container paused mid-trial**: a short pause (fewer silent health rounds than the pool's
  ``health_failures``) costs nothing — same world, trial ``completed``, nothing destroyed; a long one ends the
  trial ``failed`` with an error naming the world and saying why, the frozen container is removed, the next
  assessment completes;
* **the engine restarted** (dockerd stopped with SIGTERM and started again, as ``deploy/docker-engine.sh`` runs it;
  without live-restore the engine stops every container on its way down): the leased world breaks with a clear
  error, the idle world is replaced, no dead container is left behind, the next assessment completes. The engine
  restarted is a private one this module starts and stops by pid (its own data root, exec root, socket and bridge,
  no iptables rules): restarting the shared engine would kill every other user's containers;
* **the green SIGKILLed mid-assessment** (``green-agent serve`` as a real process on the docker backend, a persistent
  data dir) **and started again**: the dead green's world containers are reaped, the interrupted task reads
  ``failed`` via ``tasks/get`` saying the green restarted, the task finished before the kill still reads
  ``completed`` with its ``Result`` artifact, and the restarted green completes the next assessment.

Figures (time from a killed world to its trial's end, to detect a frozen world, engine restart, time to reap orphans)
are printed as JSON lines (``-s`` shows them); of them only the issue's deadline for a killed world is asserted.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import inspect
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import pytest_asyncio

from green_agent.config import GreenSettings
from green_agent.embedded import purple_process
from services.purple.baseline import SLOW_TURN_ENV
from tests.a2a.conftest import rpc, status_text
from tests.docker.conftest import LABEL, SESSION, docker_missing, free_port
from tests.e2e.conftest import (
    SCENARIOS,
    GatewayResult,
    Green,
    LiveAssessment,
    assess,
    e2e_settings,
    progress_type,
    running_green,
    start_assessment,
)
from tests.e2e.lost_world import assert_ended_at_once, holding_purple, kill_mid_turn
from ues_pool.backends.docker import DockerBackend, DockerConfig, Standby
from ues_pool.backends.engine import LABEL_INSTANCE, LABEL_OWNER_PID, LABEL_POOL
from ues_pool.pool import Lease, PoolConfig, UESPool

pytestmark = pytest.mark.asyncio(loop_scope="module")

# One world leased and one idle: a dead world whose slot is not freed starves the next assessment, which then fails
# (PoolExhausted after ACQUIRE_TIMEOUT_S) instead of completing.
POOL_MAX = 2
ACQUIRE_TIMEOUT_S = 30.0
# How long the slow purple holds each turn: long enough for the fault to land while the green waits for it.
SLOW_TURN_S = 4.0
# A short pause: well under the pool's failure threshold, which takes health_failures (3) silent rounds, each a
# 1 s interval plus a probe timing out after 2 s (≥ 8 s from the pause); long enough that the purple answers while
# the world is frozen, so the green's next call to the world waits for the thaw.
SHORT_PAUSE_S = 3.5
PAUSE_PURPLE_TURN_S = 1.5


def figure(name: str, seconds: float, **context: Any) -> None:
    """One measured figure as a JSON line (the report quotes them; nothing asserts on them)."""
    print(json.dumps({"figure": name, "seconds": round(seconds, 3), **context}))


async def until(predicate: Callable[[], bool | Awaitable[bool]], what: str, timeout_s: float = 60.0) -> float:
    """Wait until ``predicate`` holds; return how long that took. AssertionError naming ``what`` after ``timeout_s``
    (a bound on a hang, not a timing requirement)."""
    started = time.monotonic()
    while True:
        value = predicate()
        if inspect.isawaitable(value):
            value = await value
        if value:
            return time.monotonic() - started
        if time.monotonic() - started > timeout_s:
            raise AssertionError(f"{what}: not reached within {timeout_s:g} s")
        await asyncio.sleep(0.05)


def turn_started(event: dict[str, Any]) -> bool:
    """The progress update saying a turn began (the purple holds it from then on)."""
    return progress_type(event) == "update_turn_started"


def only_trial(result: GatewayResult) -> dict[str, Any]:
    """The one trial row of a one-trial assessment."""
    rows = result.trial_rows()
    assert len(rows) == 1, (result.state, status_text(result.final), result.result_rows())
    return rows[0]


def assert_result_artifact(result: GatewayResult) -> None:
    """Exactly one terminal state (``final`` asserts it) and one ``Result`` artifact: a summary text and the rows."""
    assert result.final
    artifacts = result.artifacts
    assert [a.get("name") for a in artifacts] == ["Result"], artifacts
    assert [r["row_type"] for r in result.result_rows()] == ["trial", "summary"], result.result_rows()


async def holding_a_turn(green: Green, purple_url: str) -> tuple[LiveAssessment, Lease]:
    """An assessment of mini_day, once its first turn began (the purple holds it from then on): its stream, and the
    docker world its context holds."""
    live = start_assessment(green, purple_url, scenario_id="mini_day")
    await live.wait_for(turn_started)
    lease = green.pool.lease_of(live.context_id)
    assert lease is not None and lease.backend == "docker", lease
    return live, lease


async def next_assessment_completes(green: Green, purples: Any, context_id: str | None = None) -> dict[str, Any]:
    """The next assessment on the same green (in ``context_id`` when given) completes normally; its trial row."""
    result = await assess(green, await purples("noop"), context_id=context_id, scenario_id="mini_day",
                          verbose_updates=False)
    assert result.state == "completed", status_text(result.final)
    row = only_trial(result)
    assert row["status"] == "completed" and row["errors"] == [], row["errors"]
    return row


def docker_status(client: Any, container: str) -> str:
    """The container's state (``running``, ``paused``, ``exited``…), or ``gone`` once it no longer exists."""
    import docker

    try:
        status: str = client.api.inspect_container(container)["State"]["Status"]
        return status
    except docker.errors.NotFound:
        return "gone"


async def gone(client: Any, container: str) -> bool:
    """Whether the container no longer exists in the engine (asked off the event loop)."""
    return await asyncio.to_thread(docker_status, client, container) == "gone"


def pool_containers(client: Any, pool_name: str, **labels: str) -> list[dict[str, Any]]:
    """Every container (running or not) carrying the pool's name (and ``labels``)."""
    wanted = [f"{LABEL_POOL}={pool_name}", *(f"{k}={v}" for k, v in labels.items())]
    found: list[dict[str, Any]] = client.api.containers(all=True, filters={"label": wanted})
    return found


async def standbys_of(pool: UESPool) -> set[str]:
    """Names of the containers the pool's docker backend keeps started ahead of their worlds (its standbys), once
    each has been created."""
    made = await asyncio.gather(*getattr(pool.backend, "_standbys", ()), return_exceptions=True)
    return {standby.name for standby in made if isinstance(standby, Standby)}


def docker_pool(name: str, image: str, client: Any = None) -> UESPool:
    """The pool a green builds for ``GREEN_UES_BACKEND=docker`` (select.py), with POOL_MAX slots, and the test
    session's label on every container (so that tests/docker/conftest.py removes whatever a failed test leaves)."""
    backend = DockerBackend(DockerConfig(pool_name=name, image=image, labels={LABEL: SESSION}, startup_timeout=60),
                            client=client)
    return UESPool(backend, PoolConfig(min_idle=1, max_instances=POOL_MAX, acquire_timeout_s=ACQUIRE_TIMEOUT_S))


def green_settings(data_dir: Path, pool_name: str, image: str) -> GreenSettings:
    """The e2e green's settings on the docker backend (a private data dir, the test scenarios, scripted characters)."""
    return e2e_settings(data_dir, ues_backend="docker", ues_image=image, pool_name=pool_name, pool_min_idle=1,
                        pool_max_instances=POOL_MAX, pool_acquire_timeout_s=ACQUIRE_TIMEOUT_S)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def purples() -> AsyncIterator[Callable[..., Awaitable[str]]]:
    """``await purples(role)`` → the URL of a real ``purple-agent --role ROLE`` process, one per role (and per
    ``slow_s``: how long a ``slow`` purple holds each turn) for the module."""
    started: dict[tuple[str, float | None], str] = {}
    async with contextlib.AsyncExitStack() as stack:

        async def get(role: str, slow_s: float | None = None) -> str:
            if (role, slow_s) not in started:
                env = {SLOW_TURN_ENV: str(slow_s)} if slow_s is not None else None
                started[(role, slow_s)] = await stack.enter_async_context(purple_process(role, SCENARIOS, env=env))
            return started[(role, slow_s)]

        yield get


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def docker_green(project_image, tmp_path_factory) -> AsyncIterator[Green]:
    """An in-process green on the docker backend of the shared engine (its pool handed to the app, which reaches
    the worlds through ``app.state.pool``)."""
    name = f"faults-{uuid.uuid4().hex[:8]}"
    pool = await docker_pool(name, project_image).start()
    try:
        async with running_green(green_settings(tmp_path_factory.mktemp("green"), name, project_image),
                                 pool=pool) as green:
            yield green
    finally:
        await pool.shutdown()


# ------------------------------------------------------------------------------------------------ killed world
async def sigkill(lease: Lease) -> None:
    """SIGKILL the world's container, as the OOM killer would."""
    await asyncio.to_thread(lease.instance.handle.kill)


async def test_world_killed_mid_turn_ends_the_trial_at_once_and_frees_the_world(docker_green, purples,
                                                                                docker_client):
    green = docker_green
    # Another context's assessment, in the pool's other world, runs through the kill.
    other = start_assessment(green, await purples("slow", slow_s=1.0), scenario_id="mini_day")
    await other.wait_for(turn_started)
    other_lease = green.pool.lease_of(other.context_id)
    assert other_lease is not None

    async with holding_purple() as (url, purple):  # serving until every stream has ended (holding_purple)
        killed = await kill_mid_turn(green, url, purple, sigkill)
        print(killed.figure("docker"))
        row = assert_ended_at_once(killed, purple)
        world = killed.lease.instance_id
        assert_result_artifact(killed.result)
        assert row["passed"] is False and row["provenance"]["ues_instance"] == world
        assert "SIGKILL" in row["errors"][0], row["errors"]

        untouched = await other.result()
        assert untouched.state == "completed", status_text(untouched.final)
        other_row = only_trial(untouched)
        assert other_row["status"] == "completed" and other_row["errors"] == [], other_row
        assert not other_lease.broken and other_row["provenance"]["ues_instance"] == other_lease.instance_id

        context = killed.result.context_id
        assert green.pool.lease_of(context) is None
        await until(lambda: gone(docker_client, world), "the dead world's container is removed")
        follow = await next_assessment_completes(green, purples, context)
        assert follow["provenance"]["ues_instance"] != world


# ------------------------------------------------------------------------------------------------ paused world
async def test_short_pause_mid_trial_keeps_the_world(docker_green, purples, docker_client):
    green = docker_green
    destroyed = green.pool.stats["destroyed_unhealthy"]
    live, lease = await holding_a_turn(green, await purples("slow", slow_s=PAUSE_PURPLE_TURN_S))
    world = lease.instance_id
    await asyncio.to_thread(lease.instance.handle.pause)
    try:
        # The purple answers meanwhile: the green's next call to the frozen world waits for the thaw.
        await asyncio.sleep(SHORT_PAUSE_S)
        assert await asyncio.to_thread(docker_status, docker_client, world) == "paused"
        assert not lease.broken, lease.broken_reason
    finally:
        await asyncio.to_thread(lease.instance.handle.unpause)

    result = await live.result()
    assert result.state == "completed", status_text(result.final)
    assert_result_artifact(result)
    row = only_trial(result)
    assert row["status"] == "completed" and row["errors"] == [], (row["status"], row["errors"])
    assert row["provenance"]["ues_instance"] == world
    assert not lease.broken and green.pool.stats["destroyed_unhealthy"] == destroyed


async def test_long_pause_mid_trial_fails_the_trial_and_removes_the_world(docker_green, purples, docker_client):
    green = docker_green
    live, lease = await holding_a_turn(green, await purples("slow", slow_s=PAUSE_PURPLE_TURN_S))
    world = lease.instance_id
    await asyncio.to_thread(lease.instance.handle.pause)
    try:
        detected = await until(lambda: lease.broken, "the pool declares the frozen world dead")
    finally:
        if await asyncio.to_thread(docker_status, docker_client, world) == "paused" and not lease.broken:
            await asyncio.to_thread(lease.instance.handle.unpause)  # the test failed: let the trial end
    figure("frozen_world_detected", detected, backend="docker", health_failures=green.pool.config.health_failures)

    result = await live.result()
    assert result.state == "failed" and "world_lost" in status_text(result.final), status_text(result.final)
    assert_result_artifact(result)
    row = only_trial(result)
    assert row["status"] == "errored" and row["reasons"] == ["world_lost"] and row["completion_reason"] == "error", row
    assert any(world in error and "no answer to" in error for error in row["errors"]), row["errors"]

    await until(lambda: gone(docker_client, world), "the frozen world's container is removed")
    follow = await next_assessment_completes(green, purples, live.context_id)
    assert follow["provenance"]["ues_instance"] != world


# ------------------------------------------------------------------------------------------------ engine restart
ENGINE_DIR = Path(os.environ.get("GREEN_FAULTS_ENGINE_DIR", "/var/cache/ues-green/faults-engine"))
BRIDGE = "ues-faults0"
# RFC 2544's benchmarking range: neither this machine's networks nor one of Docker's default address pools.
BRIDGE_ADDRESS = "198.18.251.1/24"


@dataclass
class PrivateEngine:
    """A Docker engine of this module's own: ``dockerd`` with its own data root, exec root, socket and bridge, and no
    iptables rules (so nothing of the shared engine is touched), started and stopped by its pid.

    The data root is kept between runs (``GREEN_FAULTS_ENGINE_DIR``, default /var/cache/ues-green/faults-engine)
    so that the project image's layers are loaded once; a lock file keeps two runs from sharing it."""

    data_root: Path
    run_dir: Path
    bridge: str
    process: subprocess.Popen[bytes] | None = None

    @property
    def host(self) -> str:
        return f"unix://{self.run_dir / 'docker.sock'}"

    @property
    def pidfile(self) -> Path:
        """Beside the data root: dockerd refuses to start while the pid in it runs, so two never share the root."""
        return self.data_root.parent / "dockerd.pid"

    def stop_stale(self, timeout_s: float = 60.0) -> None:
        """Stop a dockerd an earlier run of this module left running on the data root (its test process died)."""
        with contextlib.suppress(OSError, ValueError):
            pid = int(self.pidfile.read_text())
            if str(self.data_root) in Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " "):
                os.kill(pid, signal.SIGTERM)
                deadline = time.monotonic() + timeout_s
                while Path(f"/proc/{pid}").exists() and time.monotonic() < deadline:
                    time.sleep(0.1)

    def client(self, timeout: int = 60) -> Any:
        import docker

        return docker.DockerClient(base_url=self.host, timeout=timeout, max_pool_size=32)

    def command(self) -> list[str]:
        return ["dockerd", "--data-root", str(self.data_root), "--exec-root", str(self.run_dir / "exec"),
                "--pidfile", str(self.pidfile), "--host", self.host, "--bridge", self.bridge,
                "--iptables=false", "--ip6tables=false", "--ip-masq=false", "--shutdown-timeout", "5"]

    def log_tail(self) -> str:
        with contextlib.suppress(OSError):
            return (self.run_dir / "dockerd.log").read_text(errors="replace")[-2000:]
        return "(no log)"

    def answers(self) -> bool:
        """Whether the engine answers a ping (the SDK's client asks for the API version as it is created)."""
        try:
            with contextlib.closing(self.client(timeout=5)) as client:
                return bool(client.ping())
        except Exception:
            return False

    def start(self, timeout_s: float = 60.0) -> float:
        """Start dockerd and wait until it answers; return how long that took."""
        began = time.monotonic()
        with (self.run_dir / "dockerd.log").open("ab") as log:
            self.process = subprocess.Popen(self.command(), stdout=log, stderr=subprocess.STDOUT,
                                            stdin=subprocess.DEVNULL, start_new_session=True)
        while not self.answers():
            if self.process.poll() is not None:
                raise RuntimeError(f"dockerd exited ({self.process.returncode}): {self.log_tail()}")
            if time.monotonic() - began > timeout_s:
                raise RuntimeError(f"dockerd did not answer within {timeout_s:g} s: {self.log_tail()}")
            time.sleep(0.1)
        return time.monotonic() - began

    def stop(self, timeout_s: float = 60.0) -> float:
        """SIGTERM, as ``systemctl stop docker`` sends: without live-restore the engine stops every container on its
        way down. Returns how long it took."""
        began = time.monotonic()
        if self.process is None or self.process.poll() is not None:
            return 0.0
        self.process.terminate()
        try:
            self.process.wait(timeout_s)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        return time.monotonic() - began

    def load(self, source: Any, image: str) -> None:
        """Give this engine the shared engine's ``image`` (saved and loaded by id, then tagged), unless it has it."""
        import docker

        wanted = source.images.get(image).id
        with contextlib.closing(self.client(timeout=600)) as client:
            try:
                client.images.get(wanted)
            except docker.errors.ImageNotFound:
                client.images.load(source.images.get(wanted).save(named=False))
            client.images.get(wanted).tag(image)
            client.images.prune(filters={"dangling": True})  # earlier builds: the kept data root holds only this one


def _ip(*args: str) -> subprocess.CompletedProcess[str]:
    """``ip ARGS`` (iproute2), never raising: the caller reads the return code."""
    return subprocess.run(["ip", *args], capture_output=True, text=True, check=False)


@pytest.fixture(scope="module")
def private_engine(docker_client, project_image) -> Iterator[PrivateEngine]:
    """A private engine holding the project image; on the way out its containers are removed, it is stopped and its
    bridge deleted (the data root stays, for the next run)."""
    if os.geteuid() != 0:
        docker_missing("starting a private Docker engine (to restart it) needs root")
    for tool in ("dockerd", "ip"):
        if shutil.which(tool) is None:
            docker_missing(f"`{tool}` is not installed: no private Docker engine can be started")
    ENGINE_DIR.mkdir(parents=True, exist_ok=True)
    with (ENGINE_DIR / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if _ip("link", "show", BRIDGE).returncode != 0:  # else left by a run that died: reused, deleted below
            for step in (("link", "add", BRIDGE, "type", "bridge"), ("addr", "add", BRIDGE_ADDRESS, "dev", BRIDGE)):
                made = _ip(*step)
                if made.returncode != 0:
                    _ip("link", "del", BRIDGE)
                    docker_missing(f"cannot create the private engine's bridge ({' '.join(step)}): {made.stderr}")
        _ip("link", "set", BRIDGE, "up")
        run_dir = Path(tempfile.mkdtemp(prefix="ues-faults-engine-"))
        engine = PrivateEngine(ENGINE_DIR / "data", run_dir, BRIDGE)
        engine.stop_stale()
        try:
            try:
                engine.start()
            except RuntimeError as exc:
                docker_missing(f"a private Docker engine does not start here: {exc}")
            engine.load(docker_client, project_image)
            yield engine
        finally:
            try:
                if engine.answers():
                    with contextlib.closing(engine.client()) as client:
                        for container in client.containers.list(all=True):
                            container.remove(force=True)
            finally:
                engine.stop()
                _ip("link", "del", BRIDGE)
                shutil.rmtree(run_dir, ignore_errors=True)


async def test_engine_restart_breaks_the_leased_world_and_the_pool_recovers(private_engine, project_image, purples,
                                                                            tmp_path):
    engine = private_engine
    name = f"faults-engine-{uuid.uuid4().hex[:8]}"
    with contextlib.closing(engine.client()) as client:

        async def containers() -> list[dict[str, Any]]:
            return await asyncio.to_thread(pool_containers, client, name)

        pool = await docker_pool(name, project_image, client=client).start()
        try:
            async with running_green(green_settings(tmp_path, name, project_image), pool=pool) as green:
                live, lease = await holding_a_turn(green, await purples("slow", slow_s=SLOW_TURN_S))
                await until(lambda: pool.metrics()["idle"] == 1, "the idle world is there")
                standby = await standbys_of(pool)
                before = {c["Labels"][LABEL_INSTANCE] for c in await containers()}
                assert lease.instance_id in before and len(before - standby) == POOL_MAX and len(standby) == 1, \
                    (before, standby)

                stopped = await asyncio.to_thread(engine.stop)
                started = await asyncio.to_thread(engine.start)
                figure("engine_restart", stopped + started, stop=round(stopped, 3), start=round(started, 3))
                detected = await until(lambda: lease.broken, "the leased world is declared dead")
                figure("leased_world_detected_after_engine_start", detected)

                result = await live.result()
                assert result.state == "failed" and "world_lost" in status_text(result.final), \
                    status_text(result.final)
                assert_result_artifact(result)
                row = only_trial(result)
                assert row["status"] == "errored" and row["reasons"] == ["world_lost"], row
                assert any(lease.instance_id in error for error in row["errors"]), row["errors"]

                async def worlds() -> list[dict[str, Any]]:
                    """The pool's containers but for its standby; [] while a container is not running."""
                    found, standby = await containers(), await standbys_of(pool)
                    if any(c["State"] != "running" for c in found) or len(found) != 1 + len(standby):
                        return []
                    return [c for c in found if c["Labels"][LABEL_INSTANCE] not in standby]

                async def recovered() -> bool:
                    return pool.metrics()["idle"] == 1 and pool.metrics()["leased"] == 0 and len(await worlds()) == 1

                # The idle world is replaced, and no container the restart stopped (the worlds, the standby) is left
                # behind in the engine: the pool holds one fresh idle world, its backend one fresh standby.
                recovery = await until(recovered, "the pool holds one fresh idle world and a standby, nothing else")
                figure("pool_recovered_after_engine_start", recovery)
                [fresh] = await worlds()
                assert fresh["Labels"][LABEL_INSTANCE] not in before
                assert not {c["Labels"][LABEL_INSTANCE] for c in await containers()} & before

                follow = await next_assessment_completes(green, purples)
                assert follow["provenance"]["ues_instance"] not in before
        finally:
            await pool.shutdown()
        assert await containers() == [], "the pool's shutdown leaves nothing in the engine"


# ------------------------------------------------------------------------------------------------ green killed
@dataclass
class GreenProcess:
    """``green-agent serve`` as a real process (the console script pyproject.toml declares)."""

    process: subprocess.Popen[bytes]
    url: str
    log: Path

    @property
    def green(self) -> Green:
        """What the A2A helpers take: only its URL is used (the app lives in that other process)."""
        return Green(self.url, app=None)  # type: ignore[arg-type]

    @classmethod
    def spawn(cls, env: dict[str, str], cwd: Path, log: Path) -> GreenProcess:
        """Start ``green-agent serve`` on a free loopback port with ``env``, its output appended to ``log``."""
        script = Path(sys.executable).with_name("green-agent")
        assert script.is_file(), f"the console script {script} is not installed (uv sync)"
        port = free_port()
        with log.open("ab") as out:
            process = subprocess.Popen([str(script), "serve", "--host", "127.0.0.1", "--port", str(port),
                                        "--log-level", "warning"], env=env, cwd=cwd, stdout=out,
                                       stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        return cls(process, f"http://127.0.0.1:{port}", log)

    async def ready(self, timeout_s: float = 60.0) -> None:
        """Return once ``/healthz`` answers (the lifespan, orphan reaping included, is done); fail with the log's
        tail if the process exits first."""

        async def serves() -> bool:
            assert self.process.poll() is None, f"green-agent exited ({self.process.returncode}): " \
                                                f"{self.log.read_text(errors='replace')[-3000:]}"
            with contextlib.suppress(httpx.HTTPError):
                async with httpx.AsyncClient(timeout=2) as http:
                    return (await http.get(self.url + "/healthz")).status_code == 200
            return False

        await until(serves, "green-agent serves /healthz", timeout_s)

    def kill(self) -> None:
        """SIGKILL, then reap it (as its supervisor would): a zombie's pid still answers ``kill(pid, 0)``."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        """SIGTERM (the green removes its worlds on the way out); SIGKILL if it has not ended within 30 s."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.kill()


async def test_green_killed_mid_assessment_and_restarted(project_image, purples, docker_client, tmp_path):
    pool_name = f"faults-green-{uuid.uuid4().hex[:8]}"
    # Only these settings: a GREEN_* variable of the caller's shell (a task DB URL, a docker network) has no say.
    inherited = {k: v for k, v in os.environ.items() if not k.startswith("GREEN_")}
    env = {**inherited, "GREEN_UES_BACKEND": "docker", "GREEN_UES_IMAGE": project_image,
           "GREEN_POOL_NAME": pool_name, "GREEN_POOL_MIN_IDLE": "1", "GREEN_POOL_MAX_INSTANCES": str(POOL_MAX),
           "GREEN_DATA_DIR": str(tmp_path / "data"), "GREEN_SCENARIOS_DIR": str(SCENARIOS),
           "GREEN_CHARACTER_MODE": "scripted"}
    log = tmp_path / "green.log"
    greens: list[GreenProcess] = []
    try:
        first = GreenProcess.spawn(env, tmp_path, log)
        greens.append(first)
        await first.ready()
        done = await assess(first.green, await purples("noop"), scenario_id="mini_day", verbose_updates=False)
        assert done.state == "completed", status_text(done.final)

        live = start_assessment(first.green, await purples("slow", slow_s=SLOW_TURN_S), scenario_id="mini_day")
        await live.wait_for(turn_started)
        worlds = pool_containers(docker_client, pool_name, **{LABEL_OWNER_PID: str(first.process.pid)})
        assert worlds, "the green runs its worlds in containers labelled with its pid"
        first.kill()
        with contextlib.suppress(Exception):  # its stream ends with the green
            await live.result(wait_s=10)
        # Nothing removes a dead green's worlds but the next green of its pool.
        assert {c["Id"] for c in pool_containers(docker_client, pool_name)} >= {c["Id"] for c in worlds}

        second = GreenProcess.spawn(env, tmp_path, log)
        greens.append(second)
        reaped = await until(lambda: not pool_containers(docker_client, pool_name,
                                                         **{LABEL_OWNER_PID: str(first.process.pid)}),
                             "the dead green's worlds are reaped")
        figure("orphans_reaped_after_green_restart", reaped, orphans=len(worlds))
        await second.ready()
        assert pool_containers(docker_client, pool_name, **{LABEL_OWNER_PID: str(first.process.pid)}) == []

        interrupted = (await rpc(second.url, "tasks/get", {"id": live.task_id}))["result"]
        assert interrupted["status"]["state"] == "failed", interrupted["status"]
        assert "restart" in status_text(interrupted), status_text(interrupted)
        finished = (await rpc(second.url, "tasks/get", {"id": done.task_id}))["result"]
        assert finished["status"]["state"] == "completed", finished["status"]
        [artifact] = finished["artifacts"]
        assert artifact["name"] == "Result"
        rows = [json.loads(p["text"]) for p in artifact["parts"] if p["kind"] == "text" and p["text"].startswith("{")]
        assert [r["row_type"] for r in rows] == ["trial", "summary"] and rows[0]["status"] == "completed", rows

        await next_assessment_completes(second.green, purples)
    finally:
        for green in greens:
            green.stop()
        for container in pool_containers(docker_client, pool_name):
            await asyncio.to_thread(docker_client.api.remove_container, container["Id"], force=True)
