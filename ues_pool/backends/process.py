"""The embedded default backend: worlds forked from a simulator fork server, on free ports of this machine.

One fork server (``services/ues/forkserver.py``) per backend imports and warms the simulator once; each world is a
copy-on-write child of it, so a cold start costs a fork and a first ``/health`` instead of a Python start-up, and a
world owns only the pages it writes. The server is started on first use and started again by the next ``start()``
after it dies; worlds forked by a server that died keep running and are stopped like any other.

Every world is recorded in the pool's state directory (pid, process start time, port, owner pid, run id). After a
crash of the green, the next pool with the same name finds the records whose owner is dead and kills the worlds
they describe — after checking that the pid still names the same process (its start time), so that a recycled pid
is never killed by mistake. The fork server itself exits when its owner does (its control socket closes).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import sys
import time
import uuid
from collections import deque
from dataclasses import dataclass
from pathlib import Path

import httpx
import structlog
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from services.ues.client import tls_context, wait_until_answers
from services.ues.forkproto import WORLD_PROCESS_NAME, Ready, Spawned, SpawnFailed, SpawnRequest
from ues_pool.backends.base import (
    DEFAULT_POOL_NAME,
    Backend,
    BackendError,
    Instance,
    new_admin_key,
    pid_alive,
    process_start_time,
)

__all__ = ["ENV_POOL", "STOP_GRACE_S", "ProcessBackend", "ProcessConfig", "WorldProcess"]

log = structlog.get_logger("ues_pool.process")

ENV_POOL = "UES_POOL_NAME"
STOP_GRACE_S = 5.0


class ProcessConfig(BaseModel):
    """A process backend: where its worlds listen and where it records them. ``PoolSettings`` fills every field but
    ``startup_timeout`` from the shared settings (``GREEN_POOL_NAME``, ``GREEN_DATA_DIR``,
    ``GREEN_UES_ADVERTISE_HOST``)."""

    model_config = ConfigDict(frozen=True)

    pool_name: str = DEFAULT_POOL_NAME
    state_dir: Path = Field(default=Path("data") / "ues-pool",
                            description="the backend's records go in <state_dir>/<pool_name>")
    # PoolSettings sets 0.0.0.0 when purples come through GREEN_UES_ADVERTISE_HOST: they connect from elsewhere.
    bind_host: str = "127.0.0.1"
    advertise_host: str | None = None
    startup_timeout: float = Field(default=20.0, gt=0)


@dataclass(frozen=True)
class WorldProcess:
    """The process behind a process-backend instance: (pid, start time) names it even after its pid is reused."""

    pid: int
    started: str
    port: int

    def running(self) -> bool:
        """Whether this very process still runs (not exited, not a zombie, not a newer process with its pid)."""
        return process_start_time(self.pid) == self.started


def _environ(pid: int) -> dict[str, str]:
    try:
        raw = Path(f"/proc/{pid}/environ").read_bytes()
    except OSError:
        return {}
    out = {}
    for item in raw.split(b"\0"):
        key, sep, value = item.partition(b"=")
        if sep:
            out[key.decode(errors="replace")] = value.decode(errors="replace")
    return out


def _comm(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


class _ForkServer:
    """One running fork server: its process and its control connection. (The drain of its output belongs to the
    backend: the worlds it forked keep writing to that pipe after it is gone.)"""

    def __init__(self, process: asyncio.subprocess.Process, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter) -> None:
        self.process = process
        self.reader = reader
        self.writer = writer

    @property
    def alive(self) -> bool:
        return self.process.returncode is None and not self.reader.at_eof()

    async def close(self) -> None:
        """Close the control socket (the server exits on its own), then make sure it has."""
        self.writer.close()
        with contextlib.suppress(OSError):
            await self.writer.wait_closed()
        if not await self._exited(STOP_GRACE_S):
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
            await self._exited(STOP_GRACE_S)

    async def _exited(self, within_s: float) -> bool:
        """Whether the server exits within ``within_s``. Not ``process.wait()``: that also waits for the server's
        output pipe to close, and the worlds it forked hold that pipe for as long as they live."""
        deadline = time.monotonic() + within_s
        while self.process.returncode is None and time.monotonic() < deadline:  # noqa: ASYNC110
            await asyncio.sleep(0.01)
        return self.process.returncode is not None


class ProcessBackend(Backend):
    """Worlds forked from one fork server per backend; see the module docstring."""

    name = "process"

    def __init__(self, config: ProcessConfig) -> None:
        self.config = config
        self.state_dir = config.state_dir / config.pool_name
        self.run_id = uuid.uuid4().hex
        self._server: _ForkServer | None = None
        self._launching: asyncio.Future[_ForkServer] | None = None
        self._exchange = asyncio.Lock()  # one spawn request on the control socket at a time
        self._drains: set[asyncio.Task[None]] = set()  # servers that died still have worlds writing to their pipe
        self._tail: deque[str] = deque(maxlen=20)
        self._http = httpx.AsyncClient(timeout=1.0, verify=tls_context())
        self.server_starts = 0  # how many fork servers this backend has started (a restart after a death counts)

    def _record(self, instance_id: str) -> Path:
        return self.state_dir / f"{instance_id}.json"

    # ------------------------------------------------------------------ the fork server
    async def _fork_server(self) -> _ForkServer:
        """The live fork server, started (once, whoever asks first) when there is none or the last one died."""
        if self._server is not None and self._server.alive:
            return self._server
        if self._launching is None or self._launching.done():
            if self._server is not None:
                log.warning("ues_forkserver_died", pid=self._server.process.pid,
                            returncode=self._server.process.returncode)
                old, self._server = self._server, None
                await old.close()
            # Not tied to the caller: a start cancelled during the launch must not leave a half-started server.
            self._launching = asyncio.ensure_future(self._launch())
        try:
            self._server = await asyncio.shield(self._launching)
        except BackendError:
            self._launching = None
            raise
        return self._server

    async def _launch(self) -> _ForkServer:
        ours, theirs = socket.socketpair()
        env = {**os.environ, ENV_POOL: self.config.pool_name, "UES_LOG_LEVEL": "warning"}
        for secret in ("UES_ADMIN_KEY", "UES_ADMIN_KEY_FILE"):  # each world gets its own key over the socket
            env.pop(secret, None)
        try:
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "services.ues.forkserver", "--control-fd", str(theirs.fileno()),
                pass_fds=(theirs.fileno(),), env=env, stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT, start_new_session=True)
        except OSError as exc:
            ours.close()
            raise BackendError(f"could not start the UES fork server: {exc}") from exc
        finally:
            theirs.close()
        drain = asyncio.create_task(self._drain(process))
        self._drains.add(drain)
        drain.add_done_callback(self._drains.discard)
        reader, writer = await asyncio.open_connection(sock=ours)
        server = _ForkServer(process, reader, writer)
        try:
            line = await asyncio.wait_for(reader.readline(), self.config.startup_timeout)
            Ready.model_validate_json(line)
        except (TimeoutError, ValidationError, ValueError) as exc:
            await server.close()
            why = f"did not get ready within {self.config.startup_timeout:g} s" if isinstance(exc, TimeoutError) else \
                f"exited with code {process.returncode}" if process.returncode is not None else "answered nonsense"
            raise BackendError(f"the UES fork server {why}: " + (" | ".join(self._tail) or "(no output)")) from None
        self.server_starts += 1
        log.info("ues_forkserver_started", pid=process.pid)
        return server

    async def _drain(self, process: asyncio.subprocess.Process) -> None:
        """Forward the server's and its worlds' output into structlog (never an admin key: none is printed)."""
        assert process.stdout is not None
        async for raw in process.stdout:
            line = raw.decode(errors="replace").rstrip()
            if line:
                self._tail.append(line)
                log.debug("ues_output", line=line)

    async def _spawn(self, request: SpawnRequest) -> Spawned:
        """One request/answer on the control socket. A server that stalls or breaks the protocol is closed (the next
        start launches another): its answer could otherwise be read as the answer to a later request."""
        async with self._exchange:
            server = await self._fork_server()
            try:
                server.writer.write(request.model_dump_json().encode() + b"\n")
                await server.writer.drain()
                line = await asyncio.wait_for(server.reader.readline(), self.config.startup_timeout)
                if not line:
                    raise ConnectionError("the control socket closed")
            except (OSError, TimeoutError) as exc:
                await server.close()
                raise BackendError(f"the UES fork server did not answer a spawn request ({exc or 'timeout'}): "
                                   + (" | ".join(self._tail) or "(no output)")) from None
        try:
            return Spawned.model_validate_json(line)
        except ValidationError:
            pass
        try:
            failed = SpawnFailed.model_validate_json(line)
        except ValidationError:
            await server.close()
            raise BackendError(f"the UES fork server answered nonsense: {line[:200]!r}") from None
        raise BackendError(f"the UES fork server could not start {request.instance_id}: {failed.error}")

    # ------------------------------------------------------------------ worlds
    async def start(self) -> Instance:
        self.state_dir.mkdir(parents=True, exist_ok=True)
        instance_id = "ues-" + uuid.uuid4().hex[:12]
        key = new_admin_key()
        started = time.monotonic()
        spawning = asyncio.ensure_future(self._spawn(SpawnRequest(instance_id=instance_id, admin_key=key,
                                                                  host=self.config.bind_host)))
        try:
            spawned = await asyncio.shield(spawning)
        except asyncio.CancelledError:
            # The request is on the wire: let it finish, then stop whatever it forked.
            with contextlib.suppress(BaseException):
                await self._kill(await asyncio.shield(spawning))
            raise
        world = WorldProcess(spawned.pid, process_start_time(spawned.pid) or "", spawned.port)
        self._record(instance_id).write_text(json.dumps(
            {"pid": world.pid, "started": world.started, "port": world.port, "owner_pid": os.getpid(),
             "run_id": self.run_id}))
        url = f"http://127.0.0.1:{world.port}" if self.config.bind_host in ("127.0.0.1", "0.0.0.0") else \
            f"http://{self.config.bind_host}:{world.port}"
        advertised = f"http://{self.config.advertise_host}:{world.port}" if self.config.advertise_host else url
        instance = Instance(instance_id, self.name, url, advertised, key, handle=world, location=f"pid {world.pid}")
        try:
            await self._wait_healthy(instance)
        except BaseException:
            await self.stop(instance)  # never leak a half-started world, even when cancelled
            raise
        log.info("ues_started", instance=instance_id, pid=world.pid, port=world.port,
                 seconds=round(time.monotonic() - started, 3))
        return instance

    async def _wait_healthy(self, instance: Instance) -> None:
        """Return once the world answers ``/health``. Its socket was listening before it was forked, so this is the
        child's event loop getting going; raise BackendError when it exits or stays silent."""
        world: WorldProcess = instance.handle

        def still_starting() -> str | None:
            return None if world.running() else "exited"

        try:
            await wait_until_answers(instance.url + "/health", timeout_s=self.config.startup_timeout,
                                     still_starting=still_starting, http=self._http, interval_s=0.005)
        except TimeoutError:
            raise BackendError(f"UES world {instance.instance_id} did not answer /health within "
                               f"{self.config.startup_timeout:g} s") from None
        except RuntimeError:
            await asyncio.sleep(0.05)  # its last words may still be in the pipe
            raise BackendError(f"UES world {instance.instance_id} exited during start-up: "
                               + (" | ".join(self._tail) or "(no output)")) from None

    async def _kill(self, spawned: Spawned) -> None:
        started = process_start_time(spawned.pid)
        if started is not None:
            await self._terminate(WorldProcess(spawned.pid, started, spawned.port))

    async def _terminate(self, world: WorldProcess) -> None:
        """SIGTERM, then SIGKILL after ``STOP_GRACE_S``; return once the process is gone (its parent, the fork server
        or init, collects it)."""
        for sig, wait_s in ((signal.SIGTERM, STOP_GRACE_S), (signal.SIGKILL, STOP_GRACE_S)):
            if not world.running():
                return
            with contextlib.suppress(ProcessLookupError):
                os.kill(world.pid, sig)
            deadline = time.monotonic() + wait_s
            # Polled: the world is the fork server's child, not ours, so there is no exit to wait on.
            while world.running() and time.monotonic() < deadline:  # noqa: ASYNC110
                await asyncio.sleep(0.01)
        if world.running():
            log.warning("ues_world_unkillable", pid=world.pid)

    async def stop(self, instance: Instance) -> None:
        await self._terminate(instance.handle)
        self._record(instance.instance_id).unlink(missing_ok=True)

    async def is_running(self, instance: Instance) -> bool:
        world: WorldProcess = instance.handle
        return world.running()

    async def exited(self, instance: Instance) -> str:
        """Return once the world's process has exited, seen through a pidfd (the world is the fork server's child,
        not ours: there is no exit status to wait for, but a pidfd becomes readable the moment it exits)."""
        world: WorldProcess = instance.handle
        gone = f"its process (pid {world.pid}) exited"
        try:
            pidfd = os.pidfd_open(world.pid)
        except ProcessLookupError:
            return gone
        except OSError as exc:  # no pidfds here (an old kernel, a sandbox): the health rounds decide
            log.warning("ues_exit_watch_unavailable", instance=instance.instance_id, error=str(exc))
            return await super().exited(instance)
        try:
            # Opened after the pid was read: the pidfd names this world only if the pid still does.
            if not world.running():
                return gone
            loop = asyncio.get_running_loop()
            readable: asyncio.Future[None] = loop.create_future()

            def on_exit() -> None:
                if not readable.done():
                    readable.set_result(None)

            loop.add_reader(pidfd, on_exit)
            try:
                await readable
            finally:
                loop.remove_reader(pidfd)
        finally:
            os.close(pidfd)
        return gone

    def _records(self) -> dict[str, dict[str, object]]:
        """Instance id → its record, for every readable record of this pool (unreadable ones are removed)."""
        out = {}
        for record in self.state_dir.glob("*.json") if self.state_dir.is_dir() else ():
            try:
                info = json.loads(record.read_text())
                if not isinstance(info, dict):
                    raise ValueError("not an object")
            except (OSError, ValueError):
                record.unlink(missing_ok=True)
                continue
            out[record.stem] = info
        return out

    async def reap_orphans(self) -> int:
        reaped = 0
        for instance_id, info in self._records().items():
            try:
                owner, pid, started = int(str(info["owner_pid"])), int(str(info["pid"])), str(info["started"])
            except (KeyError, ValueError):
                self._record(instance_id).unlink(missing_ok=True)
                continue
            if info.get("run_id") == self.run_id or pid_alive(owner):
                continue  # ours, or its owner is still alive: not an orphan
            world = WorldProcess(pid, started, int(str(info.get("port", 0))))
            if world.running():
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
                reaped += 1
                log.warning("ues_orphan_reaped", instance=instance_id, pid=pid)
            self._record(instance_id).unlink(missing_ok=True)
        return reaped

    async def owned(self) -> list[str]:
        names = {int(str(info.get("pid", 0))): instance_id for instance_id, info in self._records().items()
                 if str(info.get("pid", "")).isdigit()}
        found = []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                pid = int(entry)
                # Worlds share the fork server's environment; their process name tells them from it.
                if _comm(pid) == WORLD_PROCESS_NAME and _environ(pid).get(ENV_POOL) == self.config.pool_name \
                        and process_start_time(pid) is not None:
                    found.append(f"{pid}:{names.get(pid, '?')}")
        return found

    async def close(self) -> None:
        if self._launching is not None and not self._launching.done():
            with contextlib.suppress(BaseException):
                await self._launching
        if self._server is not None:
            await self._server.close()
            self._server = None
        for drain in list(self._drains):
            drain.cancel()
        await asyncio.gather(*self._drains, return_exceptions=True)
        await self._http.aclose()
