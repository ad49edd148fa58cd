"""World gateway benchmark (issue 32, item 2): what one door to every world costs. Prints one JSON object.

    uv run python -m tests.bench.bench_world_gateway [--calls N] [--assessments N] [--scenario ID]

* **Per call** — a purple's typical read, ``GET /email/state`` of a world loaded with ``mini_day``, made N times
  directly to a real ``ues-server`` process and N times through the gateway in front of it (interleaved, one
  keep-alive connection each, the same key): p50/p99/mean of each and the gateway's extra. The gateway runs in a
  thread of its own with its own event loop, as it runs in the green's process beside the A2A server; the client is
  a plain synchronous ``httpx`` client, as a purple in another process would be.
* **Per assessment** — the wall time of whole assessments of ``--scenario`` by the real green A2A server (in-process
  uvicorn, process pool) and a real ``oracle`` purple process, with the gateway off (the purple is told its world's
  own address) and on (told the gateway's, its calls forwarded and recorded), alternated after one warm-up each.

No targets: the figures go to docs/figures.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import httpx

from green_agent.config import GreenSettings
from green_agent.embedded import purple_process
from green_agent.logs import configure_logging
from green_agent.protocol import PURPLE_PERMISSIONS
from green_agent.scenarios import ScenarioLibrary
from green_agent.selftest import assess_via_green, green_server
from green_agent.world_gateway import WorldGateway
from tests.conftest import start_ues_process, stop_ues_process

ROOT = Path(__file__).resolve().parents[2]
TEST_SCENARIOS = ROOT / "tests" / "scenarios"
T = TypeVar("T")


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return round(ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))], 3)


def summary(samples: list[float]) -> dict[str, float]:
    return {"p50": pct(samples, 0.5), "p99": pct(samples, 0.99), "mean": round(statistics.fmean(samples), 3)}


class GatewayThread:
    """A WorldGateway served by an event loop of its own, in a thread (as in the green, off the caller's loop)."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.gateway = WorldGateway()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)

    def __enter__(self) -> WorldGateway:
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self.gateway.start(), self.loop).result(30)
        return self.gateway

    def call(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` run on the gateway's loop (its state belongs to that thread)."""
        async def run() -> T:
            return fn(*args)

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(30)

    def __exit__(self, *exc: object) -> None:
        asyncio.run_coroutine_threadsafe(self.gateway.stop(), self.loop).result(30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


def per_call(calls: int) -> dict[str, Any]:
    ues = start_ues_process({"UES_RATE_LIMIT_PER_SECOND": "0"})
    try:
        with httpx.Client(timeout=30) as admin:
            admin.post(ues.url + "/simulation/clear", headers=ues.headers).raise_for_status()
            scenario = ScenarioLibrary(TEST_SCENARIOS).get("mini_day").initial_state
            admin.post(ues.url + "/scenario/import/full", json={"scenario": scenario, "strict_modalities": False},
                       headers=ues.headers).raise_for_status()
            key = admin.post(ues.url + "/keys", json={"name": "bench", "permissions": list(PURPLE_PERMISSIONS)},
                             headers=ues.headers).json()
        served = GatewayThread()
        with served as gateway:
            token = served.call(gateway.register, ues.url, key["key_id"], key["secret"])
            through_url = gateway.url_of(token) + "/email/state"
            headers = {"X-API-Key": key["secret"]}
            direct: list[float] = []
            through: list[float] = []
            with httpx.Client(timeout=30, headers=headers) as a, httpx.Client(timeout=30, headers=headers) as b:
                for client, url in ((a, ues.url + "/email/state"), (b, through_url)):  # warm both connections
                    for _ in range(50):
                        client.get(url).raise_for_status()
                for _ in range(calls):
                    for client, url, out in ((a, ues.url + "/email/state", direct), (b, through_url, through)):
                        started = time.perf_counter()
                        response = client.get(url)
                        out.append((time.perf_counter() - started) * 1000)
                        response.raise_for_status()
            recorded = len(served.call(gateway.take_calls, token).calls)
            body_bytes = len(response.content)
    finally:
        stop_ues_process(ues)
    d, t = summary(direct), summary(through)
    return {"route": "GET /email/state", "body_bytes": body_bytes, "calls": calls, "direct_ms": d,
            "gateway_ms": t, "extra_ms": {k: round(t[k] - d[k], 3) for k in d},
            "recorded_by_gateway": recorded}


async def per_assessment(scenario: str, runs: int, scenarios_dir: Path) -> dict[str, Any]:
    walls: dict[str, list[float]] = {"off": [], "on": []}
    rows: dict[str, list[dict[str, Any]]] = {"off": [], "on": []}
    with tempfile.TemporaryDirectory(prefix="bench-gateway-") as tmp:
        base = {"scenarios_dir": scenarios_dir, "data_dir": Path(tmp) / "off", "pool_min_idle": 1,
                "character_mode": "scripted"}
        off = GreenSettings(**base)
        on = GreenSettings(**{**base, "data_dir": Path(tmp) / "on"}, world_gateway=True, world_gateway_port=0)
        async with green_server(off) as green_off, green_server(on) as green_on, \
                purple_process("oracle", scenarios_dir) as purple:
            for green in (green_off, green_on):  # warm-up: pools, imports, the purple
                await assess_via_green(green, purple, [scenario], {"seed": 0, "trials": 1})
            for _ in range(runs):
                for name, green in (("off", green_off), ("on", green_on)):
                    started = time.perf_counter()
                    result = await assess_via_green(green, purple, [scenario], {"seed": 0, "trials": 1})
                    walls[name].append(time.perf_counter() - started)
                    rows[name] += [r for r in result if r.get("row_type") == "trial"]
    out: dict[str, Any] = {"scenario": scenario, "runs": runs}
    for name in ("off", "on"):
        out[f"gateway_{name}"] = {
            "wall_s_median": round(statistics.median(walls[name]), 3), "wall_s_min": round(min(walls[name]), 3),
            "wall_s": [round(w, 3) for w in walls[name]],
            "percentages": sorted({r["percentage"] for r in rows[name]}),
            "calls_per_trial": sorted({r["calls"]["total"] for r in rows[name]}),
            "turns_per_trial": sorted({r["turns_taken"] for r in rows[name]})}
    for stat in ("median", "min"):
        out[f"extra_s_{stat}"] = round(out["gateway_on"][f"wall_s_{stat}"] - out["gateway_off"][f"wall_s_{stat}"], 3)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--assessments", type=int, default=5)
    parser.add_argument("--scenario", default="email_triage_basic")
    args = parser.parse_args()
    configure_logging("warning", json=True)
    report = {"cpus": os.cpu_count(), "load": os.getloadavg()[0], "per_call": per_call(args.calls),
              "per_assessment": asyncio.run(per_assessment(args.scenario, args.assessments, ROOT / "scenarios"))}
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
