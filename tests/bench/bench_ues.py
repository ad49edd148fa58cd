"""Simulator benchmark (issue: the simulated world). Prints one JSON object.

    uv run python -m tests.bench.bench_ues [--real-ues DIR] [--cold N] [--cold-only]

``--real-ues DIR``: a checkout of the real UES (JBoggsy/ues: ``main.py`` serving ``main:app``); its cold start is then
measured side by side with ours, alternating, with this interpreter and these dependencies (``real_ues_measured``),
instead of only quoting the recorded figures (``real_ues``).

Measures, against real ``ues-server`` processes over loopback HTTP:
cold start to healthy; p50/p99 of ``/email/send`` and ``/email/state`` (300 mails); one ``advance``
executing 10 000 scheduled events; ``/email/query`` with substring filters over a 20 000-message mailbox.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import statistics
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx

from ues_pool.backends.base import free_port

REAL_UES = {"cold_start_s": 2.25, "send_p50_ms": 7.1, "state_p50_ms": 16.0, "advance_10k_s": 89.7,
            "query_p50_ms": 11.2}
TARGETS = {"cold_start_s": 1.0, "send_p50_ms": 2.0, "state_p50_ms": 5.0, "advance_10k_s": 0.5,
           "query_p50_ms": 5.0}



def start_server(real_ues: Path | None = None) -> tuple[subprocess.Popen, str, dict[str, str], float]:
    """Start ues-server (or, with ``real_ues``, the real UES from that checkout under uvicorn); return (process, url,
    admin headers, seconds until /health answered)."""
    port, key = free_port(), secrets.token_hex(32)
    url = f"http://127.0.0.1:{port}"
    if real_ues is None:
        command = [sys.executable, "-m", "services.ues.cli", "--port", str(port)]
    else:
        command = [sys.executable, "-m", "uvicorn", "main:app", "--port", str(port), "--log-level", "warning"]
    started = time.perf_counter()
    proc = subprocess.Popen(command, env={**os.environ, "UES_ADMIN_KEY": key}, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, cwd=real_ues)
    with httpx.Client(timeout=1.0) as client:
        while True:
            try:
                if client.get(url + "/health").status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.005)
            if time.perf_counter() - started > 30:
                proc.kill()
                raise RuntimeError("ues-server did not start")
    return proc, url, {"X-API-Key": key}, time.perf_counter() - started


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    proc.wait(10)


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def timed(client: httpx.Client, n: int, fn) -> list[float]:
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        r = fn(client)
        out.append((time.perf_counter() - t0) * 1000)
        r.raise_for_status()
    return out


def email_event(i: int, at: datetime) -> dict:
    return {"scheduled_time": at.isoformat(), "modality": "email", "status": "pending",
            "created_at": T0.isoformat(), "priority": 50, "metadata": {},
            "data": {"modality_type": "email", "timestamp": at.isoformat(), "operation": "receive",
                     "message_id": f"m{i}", "from_address": f"sender{i % 97}@example{i % 13}.com",
                     "to_addresses": ["alex@example.com"], "subject": f"Subject {i} about topic {i % 50}",
                     "body_text": f"Body of message {i}. " * 5}}


T0 = datetime(2026, 1, 28, 6, 0, tzinfo=UTC)


def scenario(events: list[dict], emails: dict | None = None) -> dict:
    email_state = {"modality_type": "email", "last_updated": T0.isoformat(), "update_count": 0,
                   "emails": emails or {}, "threads": {},
                   "folders": {"inbox": list((emails or {}).keys()), "sent": [], "drafts": [], "trash": [],
                               "spam": [], "archive": []},
                   "labels": {}, "drafts": {}, "user_email_address": "alex@example.com"}
    return {"scenario": {"metadata": {"ues_version": "0.3.0", "created_at": T0.isoformat()},
                         "environment": {"time_state": {"current_time": T0.isoformat(),
                                                        "last_wall_time_update": T0.isoformat()},
                                         "modality_states": {"email": email_state}},
                         "events": {"events": events}}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--real-ues", type=Path, help="a checkout of the real UES: its cold start beside ours")
    parser.add_argument("--cold", type=int, default=5, help="cold starts to time (each, when alternating)")
    parser.add_argument("--cold-only", action="store_true", help="the cold starts alone, not the request figures")
    args = parser.parse_args()
    if args.real_ues is not None and not (args.real_ues / "main.py").is_file():
        parser.error(f"--real-ues {args.real_ues}: no main.py there (a checkout of JBoggsy/ues serves main:app)")
    out: dict = {"benchmark": "ues_simulator", "machine": f"{os.cpu_count()} cores",
                 "python": sys.version.split()[0], "loadavg_1min_before": round(os.getloadavg()[0], 2)}
    cold, real = [], []
    for _ in range(args.cold):
        proc, _url, _h, seconds = start_server()
        cold.append(seconds)
        stop(proc)
        if args.real_ues is not None:  # alternating: both see the same load
            proc, _url, _h, seconds = start_server(args.real_ues.resolve())
            real.append(seconds)
            stop(proc)
    out["cold_start_s"] = round(statistics.median(cold), 3)
    if real:
        out["real_ues_measured"] = {"cold_start_s": round(statistics.median(real), 3),
                                    "ours_faster_by": round(statistics.median(real) / statistics.median(cold), 2),
                                    "samples_s": {"ours": [round(x, 3) for x in cold],
                                                  "real": [round(x, 3) for x in real]}}
    if args.cold_only:
        print(json.dumps(out, indent=2))
        return

    proc, url, admin, _ = start_server()
    try:
        with httpx.Client(base_url=url, headers=admin, timeout=120) as c:
            send = {"from_address": "alex@example.com", "to_addresses": ["bob@example.com"],
                    "subject": "Hello", "body_text": "Quick note about the plan."}
            timed(c, 50, lambda c: c.post("/email/send", json=send))  # warm-up
            c.post("/simulation/clear").raise_for_status()
            samples = timed(c, 300, lambda c: c.post("/email/send", json=send))
            out["send_p50_ms"] = round(pct(samples, 0.5), 3)
            out["send_p99_ms"] = round(pct(samples, 0.99), 3)
            samples = timed(c, 200, lambda c: c.get("/email/state"))
            out["state_300_p50_ms"] = round(pct(samples, 0.5), 3)
            out["state_300_p99_ms"] = round(pct(samples, 0.99), 3)

            events = [email_event(i, T0 + timedelta(seconds=1 + i)) for i in range(10_000)]
            c.post("/simulation/clear").raise_for_status()
            c.post("/scenario/import/full", json=scenario(events)).raise_for_status()
            c.post("/simulation/start", json={}).raise_for_status()
            t0 = time.perf_counter()
            r = c.post("/simulator/time/advance", json={"seconds": 20_000})
            out["advance_10k_s"] = round(time.perf_counter() - t0, 3)
            assert r.json()["events_executed"] == 10_000 and r.json()["events_failed"] == 0, r.text[:300]

            c.post("/simulation/stop").raise_for_status()
            emails = {}
            for i in range(20_000):
                at = (T0 - timedelta(minutes=i)).isoformat()
                d = email_event(i, T0)["data"]
                emails[f"m{i}"] = {**{k: d[k] for k in ("message_id", "from_address", "to_addresses", "subject",
                                                         "body_text")},
                                   "thread_id": f"t{i}", "sent_at": at, "received_at": at}
            c.post("/simulation/clear").raise_for_status()
            c.post("/scenario/import/full", json=scenario([], emails)).raise_for_status()
            queries = [{"from_address": "sender7@", "subject_contains": "topic 7", "limit": 50},
                       {"body_contains": "message 1999.", "limit": 50},
                       {"to_address": "alex@", "subject_contains": "subject 123", "limit": 50}]
            samples = []
            for q in queries * 40:
                t0 = time.perf_counter()
                r = c.post("/email/query", json=q)
                samples.append((time.perf_counter() - t0) * 1000)
                r.raise_for_status()
            out["query_20k_p50_ms"] = round(pct(samples, 0.5), 3)
            out["query_20k_p99_ms"] = round(pct(samples, 0.99), 3)
    finally:
        stop(proc)
    out["real_ues"] = REAL_UES
    out["targets"] = TARGETS
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
