"""Where a docker world's start goes, and what a standby saves. Prints one JSON object.

    uv run python -m tests.bench.bench_docker_start [--image IMAGE] [-n N]

Against the real engine and the project image (default ``$GREEN_TEST_IMAGE`` or ``ues-green:test``):

* ``phases_s`` — one container made as the docker backend makes it (same hardening), running the simulator's start-up
  with a timestamp printed after each step: ``create`` and ``start`` (engine calls), ``start_to_python`` (runc, the
  entrypoint, the interpreter), ``imports``, ``app`` (``create_app``), ``warm`` (FastAPI's lazy route state),
  ``to_listening`` (uvicorn up), ``listening_to_health`` (the first ``/health`` from the host); medians over N;
* ``from_standby_s`` — ``DockerBackend.start()`` (``standby=1``) when its standby had time to warm up (the start after
  it said it waits for its key): p50/p99 over N;
* ``from_nothing_s`` — ``DockerBackend.start()`` with ``standby=0`` is the same path with no head start; a start right
  after another (a standby still importing) lands between the two. p50/p99 over N.

``tests/bench/bench_pool.py`` times back-to-back starts (a couple of seconds apart) through the same backend.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
import uuid
from typing import Any

import httpx

from ues_pool.backends.docker import DockerBackend, DockerConfig

STAMPED = r'''
import sys, time
print("T python", time.time(), flush=True)
sys.modules.setdefault("pydantic.v1", None)
import services.ues.app, services.ues.server, services.ues.warm
from services.ues.settings import UESSettings
print("T imports", time.time(), flush=True)
app = services.ues.app.create_app(UESSettings(), admin_secret=services.ues.warm.WARM_SECRET)
print("T app", time.time(), flush=True)
services.ues.warm.warm(app)
print("T warm", time.time(), flush=True)
class Server(services.ues.server.WorldServer):
    async def startup(self, sockets=None):
        await super().startup(sockets)
        print("T listening", time.time(), flush=True)
Server(services.ues.server.world_config(app, "warning", host="0.0.0.0", port=8000)).run()
'''


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return round(ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))], 3)


def phases(image: str, n: int) -> dict[str, float]:
    """Median seconds per start-up phase of a hardened container running the simulator with timestamps."""
    import docker

    client: Any = docker.from_env()  # untyped use: the SDK's stubs type ports as a host port only
    rows: list[dict[str, float]] = []
    try:
        with httpx.Client(timeout=1.0) as http:
            for _ in range(n):
                t0 = time.time()
                container = client.containers.create(
                    image, ["-c", STAMPED], entrypoint=["/opt/venv/bin/python"], labels={"bench": "docker-start"},
                    read_only=True, tmpfs={"/tmp": "rw,nosuid,nodev,noexec,size=64m"},
                    security_opt=["no-new-privileges"], cap_drop=["ALL"], nano_cpus=10**9, mem_limit="512m",
                    pids_limit=256, user="10001:10001", ports={"8000/tcp": ("127.0.0.1", None)})
                try:
                    t1 = time.time()
                    container.start()
                    t2 = time.time()
                    container.reload()
                    port = int(container.ports["8000/tcp"][0]["HostPort"])
                    while True:
                        try:
                            if http.get(f"http://127.0.0.1:{port}/health").status_code == 200:
                                break
                        except httpx.HTTPError:
                            pass
                        time.sleep(0.005)
                    t3 = time.time()
                    stamp = {line.split()[1]: float(line.split()[2])
                             for line in container.logs().decode().splitlines() if line.startswith("T ")}
                finally:
                    container.remove(force=True)
                rows.append({"create": t1 - t0, "start": t2 - t1, "start_to_python": stamp["python"] - t2,
                             "imports": stamp["imports"] - stamp["python"], "app": stamp["app"] - stamp["imports"],
                             "warm": stamp["warm"] - stamp["app"], "to_listening": stamp["listening"] - stamp["warm"],
                             "listening_to_health": t3 - stamp["listening"], "total": t3 - t0})
    finally:
        client.close()
    return {k: round(statistics.median(r[k] for r in rows), 3) for k in rows[0]}


async def standby_waiting(backend: DockerBackend) -> None:
    """Until every standby of ``backend`` says it waits for its key."""
    while True:
        tasks = list(backend._standbys)
        if tasks and all(t.done() for t in tasks):
            logs = [await backend._run(t.result().container.logs) for t in tasks]
            if all(b"waiting for the admin key" in text for text in logs):
                return
        await asyncio.sleep(0.05)


async def starts(image: str, n: int, standby: int) -> dict[str, Any]:
    backend = DockerBackend(DockerConfig(pool_name=f"bench-start-{uuid.uuid4().hex[:6]}", image=image,
                                         standby=standby, startup_timeout=180))
    samples = []
    try:
        await backend.stop(await backend.start())  # the first start: no standby yet
        for _ in range(n):
            if standby:
                await standby_waiting(backend)
            started = time.perf_counter()
            instance = await backend.start()
            samples.append(time.perf_counter() - started)
            await backend.stop(instance)
    finally:
        await backend.close()
    return {"p50": pct(samples, 0.5), "p99": pct(samples, 0.99), "n": n}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--image", default=os.environ.get("GREEN_TEST_IMAGE", "ues-green:test"))
    parser.add_argument("-n", type=int, default=7, help="samples per figure")
    args = parser.parse_args()
    out: dict[str, Any] = {"machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0]}, "image": args.image,
                           "loadavg_1min_before": round(os.getloadavg()[0], 2)}
    out["phases_s"] = phases(args.image, args.n)
    out["from_standby_s"] = asyncio.run(starts(args.image, args.n, standby=1))
    out["from_nothing_s"] = asyncio.run(starts(args.image, args.n, standby=0))
    out["loadavg_1min_after"] = round(os.getloadavg()[0], 2)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
