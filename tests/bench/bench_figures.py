"""The figures people wait on, recorded so that a regression is caught (issue 37 item 6). Prints one JSON object.

    uv run python -m tests.bench.bench_figures            # measure every figure, print them
    uv run python -m tests.bench.bench_figures --record   # ... and append them to tests/bench/figures.json
    uv run python -m tests.bench.bench_figures --check    # ... and exit 1 when one regressed by more than half

Each figure comes from a benchmark of its own (``FIGURES``: which command, which key of its JSON); every command runs
once, in a subprocess, and the figures are read off its output. All figures are times: lower is better.

``tests/bench/figures.json`` keeps every recorded run, oldest first, with its commit and the machine's load. The newest
is compared with the median of up to ``REFERENCE_RUNS`` runs before it; a figure regresses when it is more than
``REGRESSION`` times its reference. ``tests/unit/test_bench_figures.py`` holds the stored record to that rule, so a
recorded regression fails the default test run (the measuring stays here, outside it: the tests time nothing).

The benchmarks are not part of ``uv run pytest``: they need a quiet machine (the load is recorded beside the
figures), the Docker engine with the image ``tests/docker`` builds (``ues-green:test``) and a swarm manager; a figure
whose benchmark could not run (say, no engine) is left out of the record, never stored as zero.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
STORE = Path(__file__).with_name("figures.json")
REGRESSION = 1.5  # a figure regresses when it is more than 1.5 times its reference (50 % worse)
REFERENCE_RUNS = 3


@dataclass(frozen=True)
class Figure:
    """One recorded figure: the benchmark command that measures it and the path of keys to it in that command's
    JSON output."""

    name: str
    unit: str
    command: tuple[str, ...]
    keys: tuple[str, ...]


UES = ("tests.bench.bench_ues",)
POOL = ("tests.bench.bench_pool", "--backend", "all", "--cold", "10", "--warm", "20", "--starts-only", "--gap", "2",
        "--settle", "60")
ASSESS = ("tests.bench.bench_assess", "--runs", "5")
FIGURES: tuple[Figure, ...] = (
    Figure("assess_wall_p50_s", "s", ASSESS, ("wall_s", "p50")),
    Figure("assess_cpu_p50_s", "s", ASSESS, ("cpu_s", "p50")),
    Figure("ues_cold_start_s", "s", UES, ("cold_start_s",)),
    Figure("ues_send_p50_ms", "ms", UES, ("send_p50_ms",)),
    Figure("ues_state_300_p50_ms", "ms", UES, ("state_300_p50_ms",)),
    Figure("ues_advance_10k_s", "s", UES, ("advance_10k_s",)),
    Figure("ues_query_20k_p50_ms", "ms", UES, ("query_20k_p50_ms",)),
    Figure("process_cold_start_p50_s", "s", POOL, ("process", "cold_start_s", "p50")),
    Figure("process_warm_lease_p50_ms", "ms", POOL, ("process", "warm_lease_ms", "p50")),
    Figure("docker_cold_start_p50_s", "s", POOL, ("docker", "cold_start_s", "p50")),
    Figure("docker_cold_start_p99_s", "s", POOL, ("docker", "cold_start_s", "p99")),
    Figure("swarm_cold_start_p50_s", "s", POOL, ("swarm", "cold_start_s", "p50")),
    Figure("swarm_cold_start_p99_s", "s", POOL, ("swarm", "cold_start_s", "p99")),
)

# Figures older runs recorded and this job no longer measures, and why (their old values stay in the record).
RETIRED = {
    "process_warm_lease_p99_ms": "the p99 of 20 leases is their slowest: it moved 1.6-4.2 ms between three quiet runs, "
                                 "too loose for the 50 % rule; process_warm_lease_p50_ms replaced it",
}

def run_benchmark(command: tuple[str, ...]) -> dict[str, Any]:
    """Run one benchmark module in a subprocess and return its JSON (its logs pass through to stderr)."""
    done = subprocess.run([sys.executable, "-m", *command], cwd=REPO, stdout=subprocess.PIPE, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"`python -m {' '.join(command)}` exited with {done.returncode}")
    parsed: dict[str, Any] = json.loads(done.stdout)
    return parsed


def pick(output: dict[str, Any], keys: tuple[str, ...]) -> float | None:
    """The number at ``keys`` in a benchmark's output, or None when the benchmark did not measure it (skipped)."""
    value: Any = output
    for key in keys:
        if not isinstance(value, dict) or key not in value:
            return None
        value = value[key]
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def measure(only: set[str] | None = None) -> dict[str, Any]:
    """Measure every figure (or those named in ``only``): one record, with the commit and the load around it."""
    figures: dict[str, float] = {}
    missing: dict[str, str] = {}
    load_before = os.getloadavg()[0]
    outputs: dict[tuple[str, ...], dict[str, Any] | str] = {}
    for figure in FIGURES:
        if only is not None and figure.name not in only:
            continue
        if figure.command not in outputs:
            try:
                outputs[figure.command] = run_benchmark(figure.command)
            except (RuntimeError, json.JSONDecodeError) as exc:
                outputs[figure.command] = str(exc)
        output = outputs[figure.command]
        value = pick(output, figure.keys) if isinstance(output, dict) else None
        if value is None:
            missing[figure.name] = output if isinstance(output, str) else "not in the benchmark's output (skipped?)"
        else:
            figures[figure.name] = value
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True,
                            check=False).stdout.strip()
    return {"recorded_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "commit": commit,
            "machine": {"cpus": os.cpu_count()},
            "loadavg_1min": {"before": round(load_before, 2), "after": round(os.getloadavg()[0], 2)},
            "figures": figures, "missing": missing}


def reference(runs: list[dict[str, Any]], name: str) -> float | None:
    """The median of ``name`` over up to ``REFERENCE_RUNS`` runs (the newest ones of ``runs`` that have it)."""
    values = [run["figures"][name] for run in runs if name in run.get("figures", {})][-REFERENCE_RUNS:]
    return statistics.median(values) if values else None


def regressions(runs: list[dict[str, Any]], newest: dict[str, Any]) -> dict[str, dict[str, float]]:
    """The figures of ``newest`` more than ``REGRESSION`` times their reference in ``runs`` (the runs before it)."""
    found: dict[str, dict[str, float]] = {}
    for name, value in newest.get("figures", {}).items():
        ref = reference(runs, name)
        if ref is not None and ref > 0 and value > REGRESSION * ref:
            found[name] = {"value": value, "reference": ref, "ratio": round(value / ref, 2)}
    return found


def load_store(path: Path = STORE) -> list[dict[str, Any]]:
    """Every recorded run, oldest first (none when the file does not exist yet)."""
    if not path.exists():
        return []
    runs: list[dict[str, Any]] = json.loads(path.read_text())["runs"]
    return runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--record", action="store_true", help=f"append this run to {STORE.relative_to(REPO)}")
    parser.add_argument("--check", action="store_true", help="exit 1 when a figure regressed by more than half")
    parser.add_argument("--only", default="", help="comma-separated figure names (default: all)")
    args = parser.parse_args()
    only = {name for name in args.only.split(",") if name} or None
    unknown = (only or set()) - {figure.name for figure in FIGURES}
    if unknown:
        parser.error(f"no such figure: {', '.join(sorted(unknown))}")
    runs = load_store()
    newest = measure(only)
    newest["regressions"] = regressions(runs, newest)
    print(json.dumps(newest, indent=2))
    if args.record:
        STORE.write_text(json.dumps({"runs": [*runs, newest]}, indent=1) + "\n")
    if args.check and newest["regressions"]:
        sys.exit(1)


if __name__ == "__main__":
    main()
