"""Rule scripts against held-out wording (issue 34): purples played on the same seed-drawn workdays twice through the
real green over A2A — with the public words, and with the wording packs given (folders, as ``GREEN_PART_PACKS``) —
and their scores compared: per role the day mean and passes, and per part the mean over the days holding it. Prints
one JSON object.

    uv run python -m tests.bench.bench_heldout_wording [--roles oracle,scripted] [--days 40] [--first 100]
        [--packs tests/green/data/heldout_words_a,...]

The ``scripted`` purple is whichever rule scripts services/purple/cheats/scripted/ holds in the checkout that runs the
bench (ours, or a red team's in its own worktree). Days carry no attacks: the figure is what the scripts earn at the
tasks."""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from green_agent.config import GreenSettings
from green_agent.logs import configure_logging
from green_agent.selftest import assess_via_green, practice_green

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "green" / "data"
PACKS = tuple(sorted(DATA.glob("heldout_words_*")))


async def _play(settings: GreenSettings, roles: tuple[str, ...], seeds: range) -> dict[str, list[dict[str, Any]]]:
    gate = asyncio.Semaphore(3)
    async with practice_green(settings, roles) as (green, purples):
        async def one(role: str, seed: int) -> list[dict[str, Any]]:
            async with gate:
                rows = await assess_via_green(green, purples[role], ["workday"], {"seed": seed, "attacks": "none"})
            return [r for r in rows if r["row_type"] == "trial"]

        return {role: [r for batch in await asyncio.gather(*(one(role, s) for s in seeds)) for r in batch]
                for role in roles}


def _summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    parts: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        for part in row["part_scores"]:
            parts[part["part"]].append(part["percentage"])
    return {"days": len(rows), "mean": round(statistics.fmean(r["percentage"] for r in rows), 1) if rows else None,
            "passes": sum(1 for r in rows if r["passed"]),
            "errors": sum(1 for r in rows if r["status"] != "completed"),
            "parts": {key: round(statistics.fmean(v), 1) for key, v in sorted(parts.items())}}


async def run(roles: tuple[str, ...], seeds: range, packs: list[Path]) -> dict[str, Any]:
    """Each role on ``seeds``' days, with the public words and with ``packs``' wording."""
    out: dict[str, Any] = {"seeds": [seeds.start, seeds.stop - 1], "packs": [str(p) for p in packs]}
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        for name, with_packs in (("public", []), ("heldout", packs)):
            settings = GreenSettings(scenarios_dir=ROOT / "scenarios", data_dir=Path(tmp) / name,
                                     part_packs=with_packs)
            played = await _play(settings, roles, seeds)
            out[name] = {role: _summary(rows) for role, rows in played.items()}
            worded = {p["part"] for rows in played.values() for r in rows for p in r["part_scores"] if p.get("wording")}
            out[name]["worded_parts"] = sorted(worded)
    out["seconds"] = round(time.monotonic() - started)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench_heldout_wording", description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--roles", type=lambda v: tuple(r for r in v.split(",") if r), default=("oracle", "scripted"))
    parser.add_argument("--days", type=int, default=40, help="seed-drawn days (default 40)")
    parser.add_argument("--first", type=int, default=100, help="the first day's seed (default 100)")
    parser.add_argument("--packs", type=lambda v: [Path(p) for p in v.split(",") if p], default=list(PACKS),
                        help="wording pack folders (default: tests/green/data/heldout_words_*)")
    args = parser.parse_args(argv)
    if not args.packs:
        parser.error("no wording pack given or found under tests/green/data/heldout_words_*")
    configure_logging("WARNING")
    print(json.dumps(asyncio.run(run(args.roles, range(args.first, args.first + args.days), args.packs)), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
