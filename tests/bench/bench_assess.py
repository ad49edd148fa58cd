"""``green-agent assess`` as a user runs it (issue 37 item 2). Prints one JSON object.

    uv run python -m tests.bench.bench_assess [--runs N] [--scenario ID] [--direct] [--no-warmup]

Runs ``uv run green-agent assess --scenario email_triage_basic`` (the embedded default: process pool, scripted
characters, the baseline oracle purple, no API key) ``--runs`` times, one after another, each in a process of its own
with its own data directory, and reports:

* **wall** — seconds from start to exit of the command;
* **CPU** — user + system seconds of the command and every process under it (the green, the purple, the fork
  server and its world: each is waited for by its parent, so the kernel adds it to the command's children);
* **imports** — the green process's own ``-X importtime`` report, from one more run (importtime slows what it
  measures, so that run is not timed): the top items by cumulative time, and whether the LLM stack was loaded.

Before the timed runs, one warm-up run writes Python's bytecode cache (``PYTHONDONTWRITEBYTECODE`` unset for it):
the figures are those of a warm install. ``--no-warmup`` skips it and leaves the environment as it is (a machine
that never caches bytecode pays for compiling every module on every run). ``--direct`` runs
``python -m green_agent.cli`` instead of ``uv run green-agent`` (no uv in the measurement).

Targets (quiet machine, warm install): wall p50 ≤ 5 s, CPU p50 ≤ 4 s.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
TARGETS = {"wall_s_p50": 5.0, "cpu_s_p50": 4.0}
LLM_STACK = ("litellm", "openai", "tiktoken", "tokenizers")
IMPORT_LINE = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S.*)$")


class RunFailed(RuntimeError):
    """A run of the command exited with an error or wrote no completed trial."""


def command(scenario: str, out: Path, *, direct: bool, python_flags: tuple[str, ...] = ()) -> list[str]:
    """The command line of one run (``python_flags`` go to the green's interpreter)."""
    tail = ["assess", "--scenario", scenario, "--out", str(out)]
    if direct:
        return [sys.executable, *python_flags, "-m", "green_agent.cli", *tail]
    uv = shutil.which("uv")
    if uv is None:
        raise SystemExit("bench_assess: uv is not on PATH (use --direct to run the CLI without it)")
    if python_flags:
        return [uv, "run", "python", *python_flags, "-m", "green_agent.cli", *tail]
    return [uv, "run", "green-agent", *tail]


def environment(data_dir: Path, *, write_bytecode: bool) -> dict[str, str]:
    """The run's environment: the caller's without any GREEN_* setting (the defaults: scripted characters, no judge
    model, the process backend), and its own data directory."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GREEN_")}
    env["GREEN_DATA_DIR"] = str(data_dir)
    if write_bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def run_once(argv: list[str], env: dict[str, str], out: Path) -> dict[str, Any]:
    """One run: wall and CPU seconds (children included), and its trial row's status and score."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    proc = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise RunFailed(f"{' '.join(argv)} exited {proc.returncode}: {proc.stderr[-1500:]}")
    rows = json.loads(out.read_text())
    trial = next((r for r in rows if r.get("row_type") == "trial"), None)
    if trial is None or trial.get("status") != "completed":
        raise RunFailed(f"{' '.join(argv)} wrote no completed trial: {json.dumps(rows)[:1500]}")
    user, system = after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime
    return {"wall_s": round(wall, 3), "cpu_s": round(user + system, 3), "user_s": round(user, 3),
            "sys_s": round(system, 3), "status": trial["status"], "percentage": trial.get("percentage"),
            "stderr": proc.stderr}


def import_report(stderr: str, top: int) -> dict[str, Any]:
    """The ``-X importtime`` lines of ``stderr``: the top items by cumulative time (each import the process asked
    for, nested ones inside their importer's figure), the total, and the LLM stack's modules if any was loaded."""
    rows = []
    for line in stderr.splitlines():
        match = IMPORT_LINE.match(line)
        if match:
            self_us, cumulative_us, indent, name = match.groups()
            rows.append({"module": name.strip(), "depth": (len(indent) - 1) // 2, "self_ms": int(self_us) / 1000,
                         "cumulative_ms": int(cumulative_us) / 1000})
    roots = [r for r in rows if r["depth"] == 0]
    llm = sorted({r["module"] for r in rows if r["module"].split(".")[0] in LLM_STACK})
    return {"modules": len(rows), "total_ms": round(sum(r["cumulative_ms"] for r in roots), 1),
            "top_cumulative": [{"module": r["module"], "cumulative_ms": round(r["cumulative_ms"], 1),
                                "self_ms": round(r["self_ms"], 1)}
                               for r in sorted(roots, key=lambda r: -r["cumulative_ms"])[:top]],
            "llm_stack_imported": llm[:10]}


def summary(values: list[float]) -> dict[str, Any]:
    return {"p50": round(statistics.median(values), 3), "min": round(min(values), 3), "max": round(max(values), 3),
            "all": values}


def bench(runs: int, scenario: str, *, direct: bool, warmup: bool, top: int) -> dict[str, Any]:
    """Every run's figures, their medians against the targets, and the import report."""
    with tempfile.TemporaryDirectory(prefix="bench-assess-") as tmp:
        data, out = Path(tmp) / "data", Path(tmp) / "rows.json"
        argv = command(scenario, out, direct=direct)
        loadavg_start = os.getloadavg()[0]
        if warmup:
            run_once(argv, environment(data, write_bytecode=True), out)
        timed = [run_once(argv, environment(data, write_bytecode=False), out) for _ in range(runs)]
        loadavg_end = os.getloadavg()[0]
        profiled = run_once(command(scenario, out, direct=direct, python_flags=("-X", "importtime")),
                            environment(data, write_bytecode=False), out)
    wall, cpu = summary([r["wall_s"] for r in timed]), summary([r["cpu_s"] for r in timed])
    return {
        "command": " ".join(Path(a).name if i == 0 else a for i, a in enumerate(argv)).replace(str(out), "OUT"),
        "scenario": scenario, "runs": runs, "warmup": warmup,
        "machine": {"cpus": os.cpu_count(), "loadavg_1m_at_start": round(loadavg_start, 2),
                    "loadavg_1m_at_end": round(loadavg_end, 2)},
        "wall_s": wall, "cpu_s": cpu,
        "user_s_p50": round(statistics.median(r["user_s"] for r in timed), 3),
        "sys_s_p50": round(statistics.median(r["sys_s"] for r in timed), 3),
        "scores": sorted({r["percentage"] for r in timed}),
        "imports": import_report(profiled["stderr"], top),
        "targets": TARGETS,
        "meets_targets": wall["p50"] <= TARGETS["wall_s_p50"] and cpu["p50"] <= TARGETS["cpu_s_p50"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="timed runs (default 5)")
    parser.add_argument("--scenario", default="email_triage_basic")
    parser.add_argument("--direct", action="store_true", help="python -m green_agent.cli instead of uv run")
    parser.add_argument("--no-warmup", action="store_true",
                        help="no warm-up run, and the environment as it is (bytecode caching included)")
    parser.add_argument("--top", type=int, default=12, help="import-time items to list (default 12)")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    try:
        result = bench(args.runs, args.scenario, direct=args.direct, warmup=not args.no_warmup, top=args.top)
    except RunFailed as exc:
        print(json.dumps({"error": str(exc)}, indent=2))
        sys.exit(1)
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
