"""The process backend's fork server, against real processes: worlds are separate processes with their own port and
admin key, a crash of one touches no other, the server is started again after it dies, and nothing leaks when a
start fails or is cancelled. (The pool's contract suite runs on the same backend in test_pool_contract.py.)"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import uuid
from pathlib import Path

import httpx
import pytest

from services.ues.forkproto import SERVER_PROCESS_NAME, WORLD_PROCESS_NAME, Ready, Spawned, SpawnFailed
from ues_pool.backends.base import BackendError, Instance, process_start_time
from ues_pool.backends.process import ENV_POOL, ProcessBackend, ProcessConfig


@pytest.fixture
async def backend(tmp_path):
    made = ProcessBackend(ProcessConfig(pool_name=f"fork-{uuid.uuid4().hex[:8]}", state_dir=tmp_path / "pool"))
    yield made
    for entry in await made.owned():  # whatever a failed test left running
        os.kill(int(entry.split(":")[0]), signal.SIGKILL)
    await made.close()


async def status(instance: Instance, key: str | None = None, path: str = "/email/state") -> int:
    async with httpx.AsyncClient(timeout=5) as client:
        response = await client.get(instance.url + path, headers={"X-API-Key": key or instance.admin_key})
        return response.status_code


async def send_mail(instance: Instance) -> None:
    async with httpx.AsyncClient(timeout=5) as client:
        response = await client.post(instance.url + "/email/send", headers={"X-API-Key": instance.admin_key},
                                     json={"from_address": "a@x.com", "to_addresses": ["b@x.com"], "subject": "s",
                                           "body_text": "b"})
        response.raise_for_status()


async def mail_count(instance: Instance) -> int:
    async with httpx.AsyncClient(timeout=5) as client:
        response = await client.get(instance.url + "/email/state", headers={"X-API-Key": instance.admin_key})
        response.raise_for_status()
        return int(response.json()["total_email_count"])


def proc(pid: int, name: str) -> bytes:
    """``/proc/<pid>/<name>``."""
    return Path(f"/proc/{pid}/{name}").read_bytes()


def fork_servers(pool_name: str) -> list[int]:
    """Pids of the live fork servers of ``pool_name`` (found in /proc, as an operator would)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            comm = Path(f"/proc/{entry}/comm").read_text().strip()
            environ = Path(f"/proc/{entry}/environ").read_bytes()
        except OSError:
            continue
        if comm == SERVER_PROCESS_NAME and f"{ENV_POOL}={pool_name}".encode() in environ.split(b"\0") \
                and process_start_time(int(entry)) is not None:
            found.append(int(entry))
    return found


async def wait_until(predicate, timeout: float = 10.0) -> None:  # noqa: ASYNC109
    for _ in range(int(timeout / 0.05)):
        if predicate():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("condition not reached in time")


async def test_worlds_are_separate_processes_and_a_crash_of_one_touches_no_other(backend):
    worlds = await asyncio.gather(*(backend.start() for _ in range(3)))
    assert len({w.handle.pid for w in worlds}) == 3 and len({w.url for w in worlds}) == 3
    for world in worlds:
        assert proc(world.handle.pid, "comm").decode().strip() == WORLD_PROCESS_NAME
        assert await status(world) == 200
    # Each world's admin key opens that world only.
    assert await status(worlds[0], worlds[1].admin_key) == 401
    assert await status(worlds[1], worlds[0].admin_key) == 401
    await send_mail(worlds[1])
    await send_mail(worlds[2])
    os.kill(worlds[0].handle.pid, signal.SIGKILL)
    await wait_until(lambda: not worlds[0].handle.running())
    assert not await backend.is_running(worlds[0])
    assert await backend.is_running(worlds[1]) and await backend.is_running(worlds[2])
    assert await mail_count(worlds[1]) == 1 and await mail_count(worlds[2]) == 1, "siblings keep their state"
    # The crashed world's pid is collected (no zombie counts as running) and the server forks on.
    another = await backend.start()
    assert await status(another) == 200 and backend.server_starts == 1
    for world in (*worlds, another):
        await backend.stop(world)
    assert await backend.owned() == []


async def test_a_dead_fork_server_is_started_again_and_its_worlds_live_on(backend):
    first = await backend.start()
    await send_mail(first)
    [server] = fork_servers(backend.config.pool_name)
    os.kill(server, signal.SIGKILL)
    await wait_until(lambda: fork_servers(backend.config.pool_name) == [])
    assert await backend.is_running(first) and await mail_count(first) == 1, "a world outlives its fork server"
    second = await backend.start()
    assert backend.server_starts == 2 and fork_servers(backend.config.pool_name) not in ([], [server])
    assert await status(second) == 200 and await mail_count(first) == 1
    assert sorted(e.split(":")[1] for e in await backend.owned()) == sorted([first.instance_id, second.instance_id])
    await backend.stop(first)  # its parent is gone: init collects it, and stop still sees it go
    await backend.stop(second)
    assert await backend.owned() == []


async def test_the_fork_server_ends_with_its_owner_and_the_worlds_stay_until_stopped(backend):
    world = await backend.start()
    [server] = fork_servers(backend.config.pool_name)
    await backend.close()  # what the owner's death does to the control socket
    assert process_start_time(server) is None and fork_servers(backend.config.pool_name) == []
    assert world.handle.running() and await status(world) == 200
    await backend.stop(world)
    assert await backend.owned() == []


async def test_admin_keys_appear_on_no_command_line_and_in_no_environment(backend):
    worlds = [await backend.start() for _ in range(2)]
    [server] = fork_servers(backend.config.pool_name)
    for pid in (server, *(w.handle.pid for w in worlds)):
        exposed = proc(pid, "cmdline") + proc(pid, "environ")
        for world in worlds:
            assert world.admin_key.encode() not in exposed
    for world in worlds:
        await backend.stop(world)


async def test_a_port_that_cannot_be_bound_is_a_clear_error_and_leaves_nothing(tmp_path):
    # 192.0.2.1 (TEST-NET-1) is no address of this machine: the server cannot listen there.
    backend = ProcessBackend(ProcessConfig(pool_name=f"fork-{uuid.uuid4().hex[:8]}", state_dir=tmp_path / "pool",
                                          bind_host="192.0.2.1"))
    try:
        with pytest.raises(BackendError, match=r"could not bind a port on 192\.0\.2\.1"):
            await backend.start()
        assert await backend.owned() == []
        assert list((tmp_path / "pool").rglob("*.json")) == [], "no record of a world that never was"
    finally:
        await backend.close()


@pytest.mark.parametrize("delay", [0.0, 0.002, 0.01, 0.03])
async def test_a_start_cancelled_at_any_moment_leaks_nothing(backend, delay):
    await backend.stop(await backend.start())  # the server is warm: the cancel lands inside a world's start
    starting = asyncio.create_task(backend.start())
    await asyncio.sleep(delay)
    starting.cancel()
    try:
        instance = await starting
    except asyncio.CancelledError:
        pass
    else:  # it finished before the cancel arrived
        await backend.stop(instance)
    assert await backend.owned() == []
    assert list(backend.state_dir.glob("*.json")) == []
    assert await status(await backend.start(), path="/health") == 200, "the control socket is still in step"


def test_the_fork_server_refuses_a_malformed_request_and_serves_the_next():
    ours, theirs = socket.socketpair()
    server = subprocess.Popen([sys.executable, "-m", "services.ues.forkserver", "--control-fd", str(theirs.fileno())],
                              pass_fds=(theirs.fileno(),))
    theirs.close()
    lines = ours.makefile("rb")
    try:
        Ready.model_validate_json(lines.readline())
        ours.sendall(b'{"instance_id": "x", "admin_key": "short"}\n')
        assert "admin_key" in SpawnFailed.model_validate_json(lines.readline()).error
        ours.sendall(b"not json at all\n")
        assert "malformed spawn request" in SpawnFailed.model_validate_json(lines.readline()).error
        key = "k" * 64
        ours.sendall(b'{"instance_id": "w", "admin_key": "' + key.encode() + b'"}\n')
        spawned = Spawned.model_validate_json(lines.readline())
        assert httpx.get(f"http://127.0.0.1:{spawned.port}/keys", headers={"X-API-Key": key}).status_code == 200
        os.kill(spawned.pid, signal.SIGTERM)
    finally:
        lines.close()
        ours.close()
        assert server.wait(10) == 0, "the server exits once its owner closes the control socket"


def context_switches(pid: int) -> int:
    status = proc(pid, "status").decode()
    return sum(int(line.split()[1]) for line in status.splitlines() if line.startswith("voluntary_ctxt_switches"))


async def test_an_idle_world_sleeps_and_auto_time_still_moves(backend):
    """A world in manual time has nothing to tick: it must not wake on its own (hundreds of idle worlds share the
    machine). Auto time, once started, moves."""
    world = await backend.start()
    before = context_switches(world.handle.pid)
    await asyncio.sleep(2.0)
    # Once a second for the Date header; uvicorn's own loop would wake 10 times, the simulator's ticker 100 times.
    assert context_switches(world.handle.pid) - before <= 6, "an idle world keeps waking up"
    headers = {"X-API-Key": world.admin_key}
    async with httpx.AsyncClient(base_url=world.url, headers=headers, timeout=5) as client:
        start = (await client.get("/simulator/time")).json()["current_time"]
        r = await client.post("/simulation/start", json={"auto_advance": True, "time_scale": 100})
        assert r.status_code == 200
        await asyncio.sleep(0.3)
        assert (await client.get("/simulator/time")).json()["current_time"] > start
    await backend.stop(world)
