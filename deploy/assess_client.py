"""Send one assessment to a running green over A2A, as the AgentBeats platform would, and keep what comes back.

    python3 deploy/assess_client.py --green http://green:9009/ --purple http://purple:9019/ \\
        --scenario email_triage_basic [--trials 1] [--seed 0] [--out results]

(The `assess` service of docker-compose.yml runs it inside the project image; `green-agent assess` runs its own
green in process and cannot target a remote one.)

It waits until both agents serve their cards, sends the request of protocol.md §2, and writes to ``--out``:

* ``<scenario>-<time>-<id>.json``: the rows as the leaderboard template stores them,
  ``{"status": "completed", "participants": {"personal_assistant": URL}, "results": [row, ...]}`` (one ``trial``
  row per trial, one ``summary`` row), so the leaderboard's queries (deploy/agentbeats/leaderboard_queries.json)
  run over the folder as agentbeats.dev runs them over a leaderboard repository's ``results/``;
* ``<same name>.html``: the assessment's report, when the summary names one (``Report: URL``) and it can be fetched;
* ``<same name>.summary.txt``: the green's human summary, its ``Report:`` line pointing at the saved report as the
  host sees it (``--shown-out``, e.g. ``./results/<name>.html``): the green's URL is gone once the stack is down.

Exit status: 0 when the green's task completed and every trial row has ``status: completed`` (whether the purple
passed is in the rows, not the status); 1 when the task completed but a trial did not (failed, timeout,
cancelled); 2 when the green rejected or failed the assessment or returned no rows; 3 when the green or the purple
cannot be reached.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import httpx

CARD_PATH = "/.well-known/agent-card.json"
REPORT_LINE = re.compile(r"^Report: (https?://\S+)\s*$", re.MULTILINE)


def log(text: str) -> None:
    print(f"assess: {text}", file=sys.stderr, flush=True)


async def wait_for_card(url: str, timeout_s: float) -> None:
    """Return once ``url`` serves its agent card (readiness is polled on the card path, protocol.md §1)."""
    from services.ues.client import wait_until_answers  # late, like the A2A imports below

    await wait_until_answers(url.rstrip("/") + CARD_PATH, timeout_s=timeout_s, interval_s=0.5)


async def assess(green: str, purple: str, config: dict[str, Any], timeout_s: float) -> tuple[str, list[dict], str]:
    """Send the request; return the task's final state name, the Result rows and the human summary text."""
    # Late imports: --help answers without loading the A2A stack.
    from green_agent.a2a_app import parse_json_object, result_rows
    from green_agent.assessment.purple_link import PurpleLink

    request = {"participants": {"personal_assistant": purple}, "config": config}
    async with PurpleLink(green, f"compose-{uuid.uuid4().hex[:12]}") as link:
        reply = await link.send(request, timeout_s=timeout_s)
    if reply.task is None:
        return "NO_TASK", [], reply.text()
    results = [artifact for artifact in reply.task.artifacts if artifact.name == "Result"]
    rows = [row for artifact in results for row in result_rows(artifact.parts)]
    summary = "\n".join(part.text for artifact in results for part in artifact.parts
                        if part.HasField("text") and parse_json_object(part.text) is None)
    return reply.state or "UNKNOWN", rows, summary or reply.text()


def fetch_report(summary: str) -> bytes | None:
    """The HTML report the summary names (``Report: URL``), or None (none named, or it cannot be fetched)."""
    found = REPORT_LINE.search(summary)
    if found is None:
        return None
    try:
        response = httpx.get(found.group(1), timeout=30.0)
        response.raise_for_status()
    except httpx.HTTPError as exc:
        log(f"the report at {found.group(1)} could not be fetched: {exc}")
        return None
    return response.content


def write(out: Path, scenario: str, purple: str, rows: list[dict], summary: str, state: str = "completed",
          shown_out: str | None = None) -> Path:
    """Write the rows (the leaderboard template's results shape), the report if there is one and the summary;
    return the rows file. ``shown_out``: the folder as the user sees it (the host's side of a bind mount)."""
    out.mkdir(parents=True, exist_ok=True)
    name = f"{scenario}-{time.strftime('%Y%m%dT%H%M%SZ', time.gmtime())}-{uuid.uuid4().hex[:6]}"
    written = [out / f"{name}.json", out / f"{name}.summary.txt"]
    stored = {"status": state, "participants": {"personal_assistant": purple}, "results": rows}
    written[0].write_text(json.dumps(stored, indent=2))
    report = fetch_report(summary)
    if report is not None:
        written.append(out / f"{name}.html")
        written[-1].write_bytes(report)
        shown = f"{(shown_out or str(out)).rstrip('/')}/{name}.html"
        summary = REPORT_LINE.sub(lambda m: f"Report: {shown} (served at {m.group(1)} while the green runs)",
                                  summary)
    written[1].write_text(summary.rstrip() + "\n")
    # In a container running as root over a bind-mounted folder: hand the files to the folder's owner.
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        owner = out.stat()
        for path in written:
            os.chown(path, owner.st_uid, owner.st_gid)
    return written[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="assess_client", description=__doc__.split("\n\n")[0])
    parser.add_argument("--green", default=os.environ.get("GREEN_URL", "http://127.0.0.1:9009/"))
    parser.add_argument("--purple", default=os.environ.get("PURPLE_URL"), required="PURPLE_URL" not in os.environ)
    parser.add_argument("--scenario", default=os.environ.get("SCENARIO", "email_triage_basic"))
    parser.add_argument("--trials", type=int, default=int(os.environ.get("TRIALS", "1")))
    parser.add_argument("--seed", type=int, default=int(os.environ.get("SEED", "0")))
    parser.add_argument("--out", type=Path, default=Path(os.environ.get("RESULTS_DIR", "results")))
    parser.add_argument("--shown-out", default=os.environ.get("RESULTS_SHOWN_DIR"),
                        help="--out as the user sees it, for the summary's Report line (default: --out)")
    parser.add_argument("--wait", type=float, default=120.0, help="seconds to wait for both agent cards")
    parser.add_argument("--timeout", type=float, default=3600.0, help="seconds to wait for the assessment")
    args = parser.parse_args(argv)

    config = {"scenario_id": args.scenario, "trials": args.trials, "seed": args.seed, "verbose_updates": False}
    try:
        asyncio.run(wait_for_card(args.green, args.wait))
        asyncio.run(wait_for_card(args.purple, args.wait))
    except TimeoutError as exc:
        log(str(exc))
        return 3
    log(f"green {args.green} assessing purple {args.purple}: {json.dumps(config)}")
    started = time.monotonic()
    try:
        state, rows, summary = asyncio.run(assess(args.green, args.purple, config, args.timeout))
    except Exception as exc:  # PurpleError, PurpleTimeout: the green could not be talked to
        log(f"the assessment could not be run: {exc}")
        return 3
    seconds = time.monotonic() - started
    if summary:
        print(summary, flush=True)
    if not rows:
        log(f"the green's task ended {state} with no result rows ({seconds:.1f} s)")
        return 2
    final = state.removeprefix("TASK_STATE_").lower()
    rows_file = write(args.out, args.scenario, args.purple, rows, summary, final, args.shown_out)
    trials = [row for row in rows if row.get("row_type") == "trial"]
    for row in trials:
        log(f"trial {row.get('trial')}: {row.get('status')} {row.get('percentage')}% "
            f"passed={row.get('passed')} ({row.get('completion_reason')})")
    where = f"{args.shown_out.rstrip('/')}/{rows_file.name}" if args.shown_out else rows_file
    log(f"{len(trials)} trial row(s) in {seconds:.1f} s, written to {where}")
    if state != "TASK_STATE_COMPLETED" or not trials:
        log(f"the green's task ended {state}")
        return 2
    return 0 if all(row.get("status") == "completed" for row in trials) else 1


if __name__ == "__main__":
    sys.exit(main())
