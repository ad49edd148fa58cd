"""``green-agent compare A B`` and ``green-agent compare --baseline X A [B ...]``: result files or folders of them,
one purple each; prints each comparison's lines, writes the JSON and the page beside it."""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from green_agent.comparison.pairing import Comparison

DEFAULT_DIR = Path("data") / "comparisons"


def options(command: argparse.ArgumentParser) -> None:
    """The ``compare`` subcommand's arguments."""
    command.add_argument("sides", nargs="+", type=Path, metavar="RESULTS",
                         help="one purple's result files or folders each (A B; with --baseline, every purple to "
                              "compare with it)")
    command.add_argument("--baseline", type=Path, default=None, metavar="RESULTS",
                         help="compare each RESULTS with this purple's (the board's reference)")
    command.add_argument("--out", type=Path, default=None,
                         help="the JSON to write (the HTML page goes beside it, .html; default: "
                              "data/comparisons/<A>-vs-<B>.json)")
    command.set_defaults(handler=run)


def _line(c: Comparison) -> str:
    o = c.overall
    ci = "n/a" if o.paired_ci95 is None else f"{o.paired_ci95[0]:+g} to {o.paired_ci95[1]:+g}"
    diff = "n/a" if o.difference is None else f"{o.difference:+g}"
    return f"{c.a} - {c.b}: {diff} points over {o.pairs} paired world(s), 95 % CI {ci}, p {o.p_value}"


def run(args: argparse.Namespace) -> int:
    """Compare, print, write; 2 on unreadable input, 1 when no world pairs up anywhere."""
    # Late: every command builds this one's options; its statistics and page are for `compare` alone.
    from green_agent.comparison.page import write
    from green_agent.comparison.pairing import compare, read_side

    try:
        if args.baseline is not None:
            base = read_side([args.baseline])
            comparisons = [compare(read_side([side]), base) for side in args.sides]
        elif len(args.sides) == 2:
            comparisons = [compare(read_side([args.sides[0]]), read_side([args.sides[1]]))]
        else:
            print("green-agent compare: give two purples' results (A B), or --baseline X and one or more",
                  file=sys.stderr)
            return 2
    except ValueError as exc:
        print(f"green-agent compare: {exc}", file=sys.stderr)
        return 2
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", f"{comparisons[0].a}-vs-{comparisons[0].b}")
    out = args.out or DEFAULT_DIR / f"{name}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps([c.model_dump(mode="json") for c in comparisons], indent=2))
    page = write(out.with_suffix(".html"), comparisons)
    for c in comparisons:
        print(_line(c))
        for item in c.scenarios + c.parts:
            if item.pairs:
                print(f"  {item.level}: {item.name}: {item.difference:+g} ({item.pairs} pairs, p {item.p_value})")
        for warning in c.warnings:
            print(f"  warning: {warning}")
    print(f"wrote {out} and {page}")
    return 0 if any(c.overall.pairs for c in comparisons) else 1
