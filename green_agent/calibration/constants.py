"""From ``green-agent calibrate`` reports to the constants the green ships (green_agent/judging/calibrated.py): each
suite's spread of per-world differences between two coupled rungs, so that every summary row can state the paired
difference its own number of worlds resolves.

    uv run python -m green_agent.calibration.constants REPORT.json [REPORT.json ...] --commit REV \\
        [--low 50 --high 55] [--out green_agent/judging/paired_calibration.json] [--table]

``--table`` also prints, as a Markdown table, every coupled pair's paired and unpaired detectable difference and
the measured power of a paired test at n = 10, 20, 40, 80 worlds per suite, over the merged reports.

Several reports merge (a trial scored in two of them counts once: the same rung in the same world scores the same
with scripted characters); the classic scenarios and the composed ones are told apart by the suites each report
found (``paired``), and the mix is both."""

from __future__ import annotations

import argparse
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path

from green_agent.calibration.analysis import CalibrationReport
from green_agent.calibration.paired import paired_power
from green_agent.calibration.scores import Score
from green_agent.judging.calibrated import CONSTANTS_FILE, PairedCalibration, Suite, SuiteConstant

__all__ = ["calibrate_command", "constants", "main", "merged_scores", "power_table", "read_reports", "suites"]


def merged_scores(reports: Sequence[CalibrationReport]) -> list[Score]:
    """Every report's completed scores, one per (scenario, rung, world, trial)."""
    seen: dict[tuple[str, str, int, int], Score] = {}
    for report in reports:
        for s in report.scores:
            seen.setdefault((s.scenario_id, s.role, s.seed, s.trial), s)
    return list(seen.values())


def suites(reports: Sequence[CalibrationReport]) -> dict[Suite, list[str]]:
    """The scenarios of each suite over every report: classic, workday, and the mix when both were run."""
    found: dict[Suite, set[str]] = {Suite.CLASSIC: set(), Suite.WORKDAY: set()}
    for report in reports:
        for suite in report.paired:
            if suite.suite in found:
                found[Suite(suite.suite)].update(suite.scenarios)
    out = {suite: sorted(ids) for suite, ids in found.items() if ids}
    if len(out) == 2:
        out[Suite.MIX] = sorted(found[Suite.CLASSIC] | found[Suite.WORKDAY])
    return out


def calibrate_command(report: CalibrationReport) -> str:
    """The ``green-agent calibrate`` command line that runs ``report``'s grid."""
    seeds = ",".join(str(s) for s in report.seeds)
    if len(report.seeds) > 2 and report.seeds == list(range(report.seeds[0], report.seeds[-1] + 1)):
        seeds = f"$(seq -s, {report.seeds[0]} {report.seeds[-1]})"  # the shell writes the list
    ids = " ".join(s.scenario_id for s in report.scenarios)
    return (f"uv run green-agent calibrate {ids} --rungs {','.join(str(r) for r in report.rungs)} --seeds {seeds}"
            f"{f' --trials {report.trials}' if report.trials != 1 else ''}")


def constants(reports: Sequence[CalibrationReport], *, low: int, high: int, commit: str,
              command: str) -> PairedCalibration:
    """The shipped constants from ``reports``: per suite, the coupled rungs ``low`` and ``high`` compared world by
    world. Raises ValueError when a suite has fewer than two worlds both rungs were scored in."""
    scores = merged_scores(reports)
    out = []
    for suite, ids in suites(reports).items():
        pair = next((p for p in paired_power(suite, ids, scores, [low, high], sizes=()).pairs), None)
        if pair is None or pair.sd_paired is None or pair.difference is None:
            raise ValueError(f"suite {suite}: rungs {low} and {high} share fewer than two scored worlds")
        out.append(SuiteConstant(suite=suite, scenarios=ids, worlds=pair.worlds, difference=pair.difference,
                                 sd_paired=pair.sd_paired))
    if not out:
        raise ValueError("no report holds a paired analysis (run calibrate with coupled rungs, e.g. --rungs 50,55)")
    return PairedCalibration(command=command, commit=commit, low=low, high=high, suites=out)


def power_table(reports: Sequence[CalibrationReport]) -> str:
    """Every coupled pair of every suite over the merged ``reports``, by board size, as a Markdown table."""
    scores = merged_scores(reports)
    rungs = sorted({r for report in reports for r in report.rungs})
    lines = ["| suite | rungs | worlds | true difference | sd paired / unpaired | n | paired detects | "
             "unpaired detects | paired power |", "|---|---|---|---|---|---|---|---|---|"]
    for suite, ids in suites(reports).items():
        for pair in paired_power(suite, ids, scores, rungs).pairs:
            for size in pair.sizes:
                lines.append(f"| {suite} | {pair.low / 100:g} → {pair.high / 100:g} | {pair.worlds} | "
                             f"{pair.difference} | {pair.sd_paired} / {pair.sd_unpaired} | {size.n} | "
                             f"{size.paired_detectable} | {size.unpaired_detectable} | {size.paired_power} |")
    return "\n".join(lines)


def read_reports(paths: Sequence[Path], command: str) -> list[CalibrationReport] | None:
    """The calibrate reports at ``paths``; None, after saying why on stderr under ``command``'s name, when one cannot
    be read."""
    try:
        return [CalibrationReport.model_validate_json(path.read_text()) for path in paths]
    except (OSError, ValueError) as exc:
        print(f"{command}: cannot read the reports: {exc}", file=sys.stderr)
        return None


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (module docstring)."""
    args_in = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(prog="python -m green_agent.calibration.constants",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("reports", nargs="+", type=Path, help="calibrate's JSON reports")
    parser.add_argument("--commit", required=True, help="the commit whose scenarios the reports measured")
    parser.add_argument("--low", type=int, default=50, help="the lower coupled rung (default 50)")
    parser.add_argument("--high", type=int, default=55, help="the higher coupled rung (default 55)")
    parser.add_argument("--table", action="store_true", help="also print every pair's power by board size")
    parser.add_argument("--out", type=Path, default=CONSTANTS_FILE, help=f"default: {CONSTANTS_FILE.name} in the "
                                                                          "judging package")
    args = parser.parse_args(args_in)
    reports = read_reports(args.reports, "calibration constants")
    if reports is None:
        return 2
    command = " && ".join([*(calibrate_command(r) + f" --out {shlex.quote(str(p))}"
                             for r, p in zip(reports, args.reports, strict=True)),
                           "uv run python -m green_agent.calibration.constants "
                           + " ".join(shlex.quote(a) for a in args_in)])
    try:
        made = constants(reports, low=args.low, high=args.high, commit=args.commit, command=command)
    except ValueError as exc:
        print(f"calibration constants: {exc}", file=sys.stderr)
        return 2
    args.out.write_text(made.model_dump_json(indent=2) + "\n")
    for s in made.suites:
        print(f"{s.suite}: {s.worlds} worlds, rungs {made.low} -> {made.high} differ by {s.difference} points, "
              f"sd of the per-world differences {s.sd_paired}")
    if args.table:
        print(power_table(reports))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
