"""Rule scripts against held-out wording (issue 34): purples played on the same seed-drawn workdays (or, with
``--classics``, the same worlds of every classic scenario) twice through the real green over A2A — with the public
words, and with the wording packs given (folders, as ``GREEN_PART_PACKS``) — and their scores compared: per role the
mean and passes, and per part (per scenario) the mean over the worlds holding it. Prints one JSON object.

    uv run python -m tests.bench.bench_heldout_wording [--roles oracle,scripted] [--days 40] [--first 100]
        [--classics [--scenarios privacy_guard,...] | --parts rain_move,...] [--scripts tests/redteam/round1]
        [--rows rows.jsonl]
        [--packs tests/green/data/heldout_words_a,...]

The ``scripted`` purple runs our rule scripts (services/purple/cheats/scripted/), or with ``--scripts`` those of
another folder: tests/redteam/ holds the ones blind red teams wrote. Days carry no attacks: the figure is what the
scripts earn at the tasks."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from green_agent.config import GreenSettings
from green_agent.logs import configure_logging
from green_agent.scenarios import ScenarioLibrary
from green_agent.selftest import assess_via_green, practice_green

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "green" / "data"
PACKS = tuple(sorted(DATA.glob("heldout_words_*")))
CLASSICS = tuple(sorted(i for i in ScenarioLibrary(ROOT / "scenarios").ids() if i != "workday"))

Job = tuple[str, dict[str, Any]]  # a scenario and the assessment's config


def jobs(seeds: range, classics: tuple[str, ...], parts: tuple[str, ...] = ()) -> list[Job]:
    """Seed-drawn workdays without attacks (of ``parts`` alone, when given), or (with ``classics``) each of those
    classic scenarios at each seed."""
    if classics:
        return [(sid, {"seed": s}) for sid in classics for s in seeds]
    only = {"parts": list(parts)} if parts else {}
    return [("workday", {"seed": s, "attacks": "none", **only}) for s in seeds]


async def _play(settings: GreenSettings, roles: tuple[str, ...], todo: list[Job]) -> dict[str, list[dict[str, Any]]]:
    gate = asyncio.Semaphore(3)
    async with practice_green(settings, roles) as (green, purples):
        async def one(role: str, job: Job) -> list[dict[str, Any]]:
            async with gate:
                rows = await assess_via_green(green, purples[role], [job[0]], job[1])
            return [r for r in rows if r["row_type"] == "trial"]

        return {role: [r for batch in await asyncio.gather(*(one(role, j) for j in todo)) for r in batch]
                for role in roles}


def _summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    parts: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        for part in row["part_scores"]:
            parts[part["part"]].append(part["percentage"])
    return {"worlds": len(rows), "mean": round(statistics.fmean(r["percentage"] for r in rows), 1) if rows else None,
            "passes": sum(1 for r in rows if r["passed"]),
            # which worlds passed, so a pass can be replayed (scenario@world seed)
            "passed": sorted(f"{r['scenario_id']}@{r['provenance']['world_seed']}" for r in rows if r["passed"]),
            "errors": sum(1 for r in rows if r["status"] != "completed"),
            "parts": {key: round(statistics.fmean(v), 1) for key, v in sorted(parts.items())}}


async def run(roles: tuple[str, ...], seeds: range, packs: list[Path], classics: bool = False,
              only: tuple[str, ...] = (), keep: Path | None = None, parts: tuple[str, ...] = ()) -> dict[str, Any]:
    """Each role on ``seeds``' days (of ``parts`` alone, when given; or classic worlds, or those of ``only``), with
    the public words and with ``packs``' wording; with ``keep``, every trial row is written there too (JSON lines),
    for replaying a figure."""
    chosen = tuple(c for c in CLASSICS if not only or c in only) if classics else ()
    out: dict[str, Any] = {"seeds": [seeds.start, seeds.stop - 1], "packs": [str(p) for p in packs],
                           "scenarios": list(chosen) or ["workday"], **({"parts": list(parts)} if parts else {})}
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        for name, with_packs in (("public", []), ("heldout", packs)):
            settings = GreenSettings(scenarios_dir=ROOT / "scenarios", data_dir=Path(tmp) / name,
                                     part_packs=with_packs)
            played = await _play(settings, roles, jobs(seeds, chosen, parts))
            if keep is not None:
                with keep.open("a") as f:
                    for role, rows in played.items():
                        f.writelines(json.dumps({"words": name, "role": role, **r}) + "\n" for r in rows)
            out[name] = {role: _summary(rows) for role, rows in played.items()}
            worded = {p["part"] for rows in played.values() for r in rows for p in r["part_scores"] if p.get("wording")}
            out[name]["worded_parts"] = sorted(worded)
    out["seconds"] = round(time.monotonic() - started)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench_heldout_wording", description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--roles", type=lambda v: tuple(r for r in v.split(",") if r), default=("oracle", "scripted"))
    parser.add_argument("--days", type=int, default=40, help="seeds: days, or worlds of each classic (default 40)")
    parser.add_argument("--first", type=int, default=100, help="the first world's seed (default 100)")
    parser.add_argument("--classics", action="store_true", help="every classic scenario instead of workdays")
    parser.add_argument("--scenarios", type=lambda v: tuple(s for s in v.split(",") if s), default=(),
                        help="with --classics: only these classic scenarios (comma-separated)")
    parser.add_argument("--parts", type=lambda v: tuple(s for s in v.split(",") if s), default=(),
                        help="days of these parts alone (comma-separated), instead of whole seed-drawn days")
    parser.add_argument("--rows", type=Path, default=None, help="also write every trial row to this file (JSON lines)")
    parser.add_argument("--packs", type=lambda v: [Path(p) for p in v.split(",") if p], default=list(PACKS),
                        help="wording pack folders (default: tests/green/data/heldout_words_*)")
    parser.add_argument("--scripts", type=Path, default=None,
                        help="the scripted role's rule scripts (PURPLE_SCRIPTS_DIR; e.g. tests/redteam/round1: the "
                             "blind red teams'); default: services/purple/cheats/scripted/")
    args = parser.parse_args(argv)
    if not args.packs:
        parser.error("no wording pack given or found under tests/green/data/heldout_words_*")
    if unknown := set(args.scenarios) - set(CLASSICS):
        parser.error(f"not a classic scenario: {', '.join(sorted(unknown))}")
    if args.parts and args.classics:
        parser.error("--parts composes days: it does not go with --classics")
    if args.scripts is not None:
        os.environ["PURPLE_SCRIPTS_DIR"] = str(args.scripts.resolve())  # the purple processes inherit it
    configure_logging("WARNING")
    out = asyncio.run(run(args.roles, range(args.first, args.first + args.days), args.packs, args.classics,
                          args.scenarios, args.rows, args.parts))
    print(json.dumps({"scripts": str(args.scripts or "services/purple/cheats/scripted"), **out}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
