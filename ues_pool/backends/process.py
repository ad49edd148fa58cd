"""The embedded default backend: ``ues-server`` subprocesses on free loopback ports.

Every process carries its pool name and instance id in its environment, and a record file per instance
(pid, port, owner pid, run id) lives in the pool's state directory. After a crash, the next pool with the
same name finds the records whose owner is dead and kills the processes they describe — after checking
``/proc/<pid>/environ`` so that a recycled pid is never killed by mistake.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sys
import uuid
from collections import deque
from pathlib import Path

import httpx
import structlog

from services.ues.client import UESClient, UESError, wait_until_answers
from ues_pool.backends.base import Backend, BackendError, Instance, free_port, new_admin_key, pid_alive

log = structlog.get_logger("ues_pool.process")

ENV_POOL = "UES_POOL_NAME"
ENV_INSTANCE = "UES_POOL_INSTANCE"
# How long the first keyed request of a server that answers /health may take before it counts as not answering.
IDENTITY_TIMEOUT_S = 15.0



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


class ProcessBackend(Backend):
    name = "process"

    def __init__(self, pool_name: str, state_dir: Path, *, bind_host: str = "127.0.0.1",
                 advertise_host: str | None = None, startup_timeout: float = 20.0) -> None:
        self.pool_name = pool_name
        self.state_dir = Path(state_dir) / pool_name
        self.bind_host = bind_host
        self.advertise_host = advertise_host
        self.startup_timeout = startup_timeout
        self.run_id = uuid.uuid4().hex
        self._drains: dict[str, asyncio.Task[None]] = {}
        self._http = httpx.AsyncClient(timeout=1.0)

    def _record(self, instance_id: str) -> Path:
        return self.state_dir / f"{instance_id}.json"

    async def start(self) -> Instance:
        # Choosing a free port and binding it are two steps, so a concurrent start may take "our" port first.
        for attempt in range(3):
            try:
                return await self._start_once()
            except _PortTaken as exc:
                log.info("ues_port_taken_retrying", attempt=attempt + 1, detail=str(exc))
        raise BackendError("ues-server could not get a free port in 3 attempts")

    async def _start_once(self) -> Instance:
        self.state_dir.mkdir(parents=True, exist_ok=True)
        instance_id = "ues-" + uuid.uuid4().hex[:12]
        key = new_admin_key()
        port = free_port(self.bind_host)
        env = {**os.environ, "UES_ADMIN_KEY": key, ENV_POOL: self.pool_name, ENV_INSTANCE: instance_id,
               "UES_LOG_LEVEL": "warning"}
        env.pop("UES_ADMIN_KEY_FILE", None)
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "services.ues.cli", "--host", self.bind_host, "--port", str(port),
            env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT, start_new_session=True)
        self._record(instance_id).write_text(json.dumps(
            {"pid": proc.pid, "port": port, "owner_pid": os.getpid(), "run_id": self.run_id}))
        tail: deque[str] = deque(maxlen=20)
        self._drains[instance_id] = asyncio.create_task(self._drain(instance_id, proc, tail))
        url = f"http://127.0.0.1:{port}" if self.bind_host in ("127.0.0.1", "0.0.0.0") else \
            f"http://{self.bind_host}:{port}"
        advertised = f"http://{self.advertise_host}:{port}" if self.advertise_host else url
        instance = Instance(instance_id, self.name, url, advertised, key, handle=proc)
        try:
            await self._wait_healthy(instance, tail)
        except BaseException:
            await self.stop(instance)  # never leak a half-started process, even when cancelled
            raise
        log.info("ues_started", instance=instance_id, pid=proc.pid, port=port)
        return instance

    async def _wait_healthy(self, instance: Instance, tail: deque[str]) -> None:
        """Return once our server answers; raise _PortTaken when the port went to someone else (the caller retries
        with another), BackendError when the server exits or stays silent."""
        proc: asyncio.subprocess.Process = instance.handle
        instance_id = instance.instance_id

        def still_starting() -> str | None:
            return None if proc.returncode is None else f"exited with code {proc.returncode}"

        try:
            await wait_until_answers(instance.url + "/health", timeout_s=self.startup_timeout,
                                     still_starting=still_starting, http=self._http)
        except TimeoutError:
            raise BackendError(f"ues-server {instance_id} did not answer /health within "
                               f"{self.startup_timeout:g} s") from None
        except RuntimeError:
            # Its last words may still be in the pipe: the port clash is only visible in them.
            drain = self._drains.get(instance_id)
            if drain is not None:
                await asyncio.wait({drain}, timeout=1.0)
            if any("address already in use" in line.lower() for line in tail):
                raise _PortTaken(f"port of {instance_id} was taken before it could bind") from None
            raise BackendError(f"ues-server {instance_id} exited with code {proc.returncode} during start-up: "
                               + " | ".join(tail)) from None
        # /health needs no key: make sure it is our server answering, not another one on that port. Its own client:
        # the first keyed request of a fresh server can take seconds on a loaded machine, past the polls' 1 s.
        try:
            async with UESClient(instance.url, instance.admin_key, timeout_s=IDENTITY_TIMEOUT_S) as probe:
                await probe.keys()
        except UESError as exc:
            if exc.status_code is None:
                raise BackendError(f"ues-server {instance_id} answered /health, then stopped answering: {exc}") \
                    from None
            raise _PortTaken(f"another server answers on the port chosen for {instance_id} "
                             f"(its admin API said {exc.status_code} to our key)") from None

    async def _drain(self, instance_id: str, proc: asyncio.subprocess.Process, tail: deque[str]) -> None:
        """Forward the server's output into structlog (never the admin key: the server does not print it)."""
        assert proc.stdout is not None
        async for raw in proc.stdout:
            line = raw.decode(errors="replace").rstrip()
            if line:
                tail.append(line)
                log.debug("ues_output", instance=instance_id, line=line)

    async def stop(self, instance: Instance) -> None:
        proc: asyncio.subprocess.Process = instance.handle
        if proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                proc.terminate()
            try:
                await asyncio.wait_for(proc.wait(), 5)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    proc.kill()
                await proc.wait()
        drain = self._drains.pop(instance.instance_id, None)
        if drain is not None:
            drain.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await drain
        self._record(instance.instance_id).unlink(missing_ok=True)

    async def is_running(self, instance: Instance) -> bool:
        return instance.handle.returncode is None

    async def reap_orphans(self) -> int:
        if not self.state_dir.is_dir():
            return 0
        reaped = 0
        for record in self.state_dir.glob("*.json"):
            try:
                info = json.loads(record.read_text())
            except (OSError, ValueError):
                record.unlink(missing_ok=True)
                continue
            if info.get("run_id") == self.run_id or pid_alive(int(info.get("owner_pid", 0))):
                continue  # ours, or its owner is still alive: not an orphan
            pid = int(info.get("pid", 0))
            if pid and _environ(pid).get(ENV_INSTANCE) == record.stem:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
                reaped += 1
                log.warning("ues_orphan_reaped", instance=record.stem, pid=pid)
            record.unlink(missing_ok=True)
        return reaped

    async def owned(self) -> list[str]:
        found = []
        for name in os.listdir("/proc"):
            if name.isdigit():
                env = _environ(int(name))
                if env.get(ENV_POOL) == self.pool_name:
                    found.append(f"{name}:{env.get(ENV_INSTANCE)}")
        return found

    async def close(self) -> None:
        await self._http.aclose()


class _PortTaken(BackendError):
    """The chosen port went to someone else between choosing and binding; try another."""
