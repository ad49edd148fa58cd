"""Swarm backend on a multi-node swarm on this machine (issue 26): 1 manager + N workers from
``deploy/swarm-nodes.sh``. Prints one JSON object.

    uv run python -m tests.bench.bench_swarm_nodes [--workers 3] [--image IMAGE] [--live 64] [--contexts 8]
                                                   [--assessments 32] [--keep]

Against real nodes (each its own Docker daemon), a real green (in-process, swarm backend) and real purples:

* bring-up — ``swarm-nodes.sh up N`` from nothing (daemons started and joined), then ``load IMAGE`` (the world image
  copied into every node), wall times;
* live worlds — ``--live`` contexts enter ``pool.lease()`` at once on an empty pool and hold their worlds: wall time,
  errors, worlds per node, each checked to answer ``/health``; memory: the machine's ``MemAvailable`` before minus
  after, and each node container's memory (its daemon and its worlds) from ``docker stats``;
* throughput — ``--contexts`` contexts each run ``mini_day`` assessments (oracle purple) one after another until
  ``--assessments`` are done: assessments per minute, statuses;
* node loss — ``--contexts`` assessments at once (a purple holding each turn 2 s); the worker holding most of their
  worlds has its daemon stopped: seconds until every world on it is declared dead, until the warm set is back (all on
  other nodes), and which assessments failed (they must be exactly those on the lost node). The node is started
  again afterwards.

The nodes are removed at the end unless ``--keep``. Needs this engine to be a swarm manager (deploy/swarm.sh) and the
image (``--image``, default ``$GREEN_TEST_IMAGE`` or ``ues-green:test``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

import structlog

from green_agent.embedded import purple_process
from services.purple.baseline import SLOW_TURN_ENV
from tests.bench.bench_pool import leases_held, mem_available_mb, unhealthy, wait_until
from tests.e2e.conftest import SCENARIOS, assess, e2e_settings, progress_type, running_green, start_assessment
from ues_pool.backends.swarm import SwarmBackend, SwarmConfig
from ues_pool.pool import Lease, PoolConfig, UESPool

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "deploy" / "swarm-nodes.sh"


def script(*args: str) -> float:
    """Run ``deploy/swarm-nodes.sh ARGS``; its wall time (SystemExit with its stderr when it fails)."""
    started = time.perf_counter()
    done = subprocess.run(["bash", str(SCRIPT), *args], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"deploy/swarm-nodes.sh {' '.join(args)} failed:\n{done.stderr[-2000:]}")
    return round(time.perf_counter() - started, 1)


def node_names() -> dict[str, str]:
    """Swarm node id → hostname, for every node."""
    out = subprocess.run(["docker", "node", "ls", "--format", "{{.ID}} {{.Hostname}}"], capture_output=True,
                         text=True, check=True).stdout
    return dict(line.split(" ", 1) for line in out.splitlines() if line.strip())


def node_memory_mb() -> dict[str, float]:
    """Each node container's memory (its daemon and every world in it), MiB, from one ``docker stats`` sample."""
    names = subprocess.run(["docker", "ps", "-q", "--filter", "label=org.ues-green.swarm-nodes=node"],
                           capture_output=True, text=True, check=True).stdout.split()
    out = subprocess.run(["docker", "stats", "--no-stream", "--format", "{{.Name}} {{.MemUsage}}", *names],
                         capture_output=True, text=True, check=True).stdout
    sizes = {"KiB": 1 / 1024, "MiB": 1.0, "GiB": 1024.0, "B": 1 / 2**20}
    found = {}
    for line in out.splitlines():
        name, used = line.split(" ", 1)
        number = used.split("/")[0].strip()
        unit = next(u for u in sizes if number.endswith(u))
        found[name] = round(float(number[: -len(unit)]) * sizes[unit], 1)
    return found


def backend(image: str) -> SwarmBackend:
    return SwarmBackend(SwarmConfig(pool_name=f"bench-nodes-{uuid.uuid4().hex[:6]}", image=image,
                                    startup_timeout=180))


async def live_worlds(image: str, count: int) -> dict[str, Any]:
    names = node_names()
    before = mem_available_mb()
    pool = await UESPool(backend(image), PoolConfig(min_idle=0, max_instances=count, acquire_timeout_s=600,
                                                    health_interval_s=5)).start()
    try:
        async with leases_held(pool, [f"live-{i}" for i in range(count)]) as (leases, wall):
            ok = [lease for lease in leases if isinstance(lease, Lease)]
            errors = [f"{type(e).__name__}: {e}" for e in leases if not isinstance(e, Lease)]
            per_node = Counter(names.get(lease.instance.handle.node_id, "?") for lease in ok)
            return {"worlds": count, "wall_s": round(wall, 1), "errors": errors[:3], "error_count": len(errors),
                    "per_node": dict(sorted(per_node.items())), "unhealthy": await unhealthy(ok),
                    "memory_used_mb": round(before - mem_available_mb()), "node_containers_mb": node_memory_mb()}
    finally:
        await pool.shutdown()


async def throughput(green: Any, purple: str, contexts: int, total: int) -> dict[str, Any]:
    remaining = list(range(total))
    statuses: Counter[str] = Counter()

    async def context(i: int) -> None:
        while remaining:
            remaining.pop()
            result = await assess(green, purple, context_id=f"tp-{i}", scenario_id="mini_day",
                                  verbose_updates=False, wait_s=600)
            rows = result.trial_rows() if result.state == "completed" else []
            statuses.update([row["status"] + ("/passed" if row.get("passed") else "") for row in rows] or
                            [result.state])

    started = time.perf_counter()
    await asyncio.gather(*(context(i) for i in range(contexts)))
    wall = time.perf_counter() - started
    return {"contexts": contexts, "assessments": total, "wall_s": round(wall, 1),
            "per_minute": round(total / wall * 60, 1), "statuses": dict(statuses)}


async def node_loss(green: Any, purple: str, contexts: int, warm: int) -> dict[str, Any]:
    pool: UESPool = green.pool
    names = node_names()
    lives = [start_assessment(green, purple, scenario_id="mini_day", wait_s=600) for _ in range(contexts)]
    for live in lives:
        await live.wait_for(lambda e: progress_type(e) == "update_turn_started", wait_s=300)
    leases = {live.context_id: pool.lease_of(live.context_id) for live in lives}
    placed = {ctx: names.get(lease.instance.handle.node_id, "?") for ctx, lease in leases.items() if lease}
    workers = Counter(n for n in placed.values() if n.startswith("ues-node-"))
    if not workers:
        return {"error": f"no assessment's world was on a worker: {placed}"}
    lost = workers.most_common(1)[0][0]
    lost_id = next(i for i, n in names.items() if n == lost)
    on_lost = [lease for lease in leases.values() if lease and lease.instance.handle.node_id == lost_id]

    # Killed: a machine lost, its daemon reports nothing. Off the loop: the green in this process keeps serving.
    await asyncio.to_thread(script, "kill", lost)
    stopped = time.perf_counter()
    await wait_until(lambda: all(lease.broken for lease in on_lost), timeout=300)
    declared = time.perf_counter() - stopped
    results = {live.context_id: await live.result(wait_s=600) for live in lives}
    finished = time.perf_counter() - stopped

    def warm_elsewhere() -> bool:
        idle = [i for i in pool._idle if i.handle.node_id != lost_id]
        return len(idle) >= warm

    await wait_until(warm_elsewhere, timeout=600)
    warm_again = time.perf_counter() - stopped
    failed = []
    for ctx, result in results.items():
        rows = result.trial_rows() if result.state == "completed" else []
        if any(row["status"] == "failed" for row in rows) or not rows:
            failed.append(placed.get(ctx, "?"))
    back = await asyncio.to_thread(script, "start", lost)
    return {"lost_node": lost, "assessments": contexts, "placed": dict(Counter(placed.values())),
            "worlds_on_lost_node": len(on_lost), "declared_dead_s": round(declared, 1),
            "all_assessments_done_s": round(finished, 1), "warm_set_back_s": round(warm_again, 1),
            "failed_assessments_on": dict(Counter(failed)),
            "only_lost_node_failed": set(failed) <= {lost} and len(failed) == len(on_lost),
            "node_back_s": back}


async def bench(args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {"machine": {"cpus": os.cpu_count(), "mem_available_mb": round(mem_available_mb())},
                           "workers": args.workers}
    script("down")
    out["bring_up"] = {"up_s": script("up", str(args.workers)), "load_image_s": script("load", args.image)}
    try:
        out["live_worlds"] = await live_worlds(args.image, args.live)
        with tempfile.TemporaryDirectory(prefix="bench-nodes-") as tmp:
            settings = e2e_settings(Path(tmp), ues_backend="swarm", ues_image=args.image,
                                    pool_min_idle=args.contexts, pool_max_instances=2 * args.contexts + 4,
                                    pool_health_interval_s=1.0, pool_acquire_timeout_s=300,
                                    ues_swarm_startup_timeout=180)
            async with running_green(settings) as green:
                await wait_until(lambda: len(green.pool._idle) >= args.contexts, timeout=600)
                async with purple_process("oracle", SCENARIOS) as oracle:
                    out["throughput"] = await throughput(green, oracle, args.contexts, args.assessments)
                async with purple_process("slow", SCENARIOS, env={SLOW_TURN_ENV: "2"}) as slow:
                    await wait_until(lambda: len(green.pool._idle) >= args.contexts, timeout=600)
                    out["node_loss"] = await node_loss(green, slow, args.contexts, args.contexts)
    finally:
        if not args.keep:
            out["down_s"] = script("down")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--image", default=os.environ.get("GREEN_TEST_IMAGE", "ues-green:test"))
    parser.add_argument("--live", type=int, default=64, help="worlds held at once")
    parser.add_argument("--contexts", type=int, default=8, help="concurrent contexts (throughput, node loss)")
    parser.add_argument("--assessments", type=int, default=32, help="assessments in the throughput run")
    parser.add_argument("--keep", action="store_true", help="leave the nodes up afterwards")
    args = parser.parse_args(argv)
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(40))  # errors only: JSON stays readable
    try:
        result = asyncio.run(bench(args))
    except SystemExit as exc:
        print(json.dumps({"error": str(exc)}))
        return 1
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
