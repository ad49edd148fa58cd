"""``purple-agent check URL``: does a purple speak the assessment protocol (docs/reference/protocol.md)? And
``--manifest FILE``: is its Amber manifest what this green needs under AgentBeats (green_agent/purple_manifest.py)?

The check fetches the purple's agent card, then plays one short built-in scenario (``conformance_scenarios/``,
three simulated hours) against it with the real green — the scenario runner, a world from a local pool, real
A2A — and reads the trial's row for protocol errors: replies that are not ``turn_complete`` or
``early_completion``, turns without a reply, invalid ``time_step`` values, an ``assessment_start`` that could
not be delivered, routes outside the key's grant, chat posted as the user, other forgeries. Each is a
``Finding`` with the turn it happened in. The score is no part of it: a purple that does nothing, correctly, is
conformant.

With ``--manifest FILE`` each problem of the manifest is a finding too (``manifest``, the field named); the manifest
alone is checked when no URL is given.

The purple package never imports the green, so ``purple-agent check`` runs this module as a child process
(``python -m green_agent.conformance``); exit codes: 0 conformant, 1 not (findings printed), 2 the check itself
could not run (usage, a manifest file that cannot be read, a world that would not start).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
import tempfile
import time
from enum import StrEnum
from pathlib import Path
from typing import Any

import httpx
from pydantic import BaseModel

from green_agent.config import GreenSettings
from green_agent.protocol import CharacterMode, ProblemKind, TrialRow, ViolationType, cut
from green_agent.purple_manifest import check_manifest
from services.ues.client import tls_context

BUILTIN_SCENARIOS = Path(__file__).resolve().parent / "conformance_scenarios"
DEFAULT_SCENARIO = "conformance"
DEFAULT_TURN_TIMEOUT_S = 10.0
CARD_PATH = "/.well-known/agent-card.json"
CARD_TIMEOUT_S = 10.0

EXIT_CONFORMANT, EXIT_NOT_CONFORMANT, EXIT_CHECK_FAILED = 0, 1, 2


class FindingKind(StrEnum):
    """What can make a purple non-conformant."""

    UNREACHABLE = "unreachable"  # nothing answers at the URL, or the connection broke mid-trial
    AGENT_CARD = "agent_card"  # no card at the well-known path, not a card, or no JSON-RPC interface in it
    ASSESSMENT_START = "assessment_start"  # assessment_start could not be delivered
    NON_PROTOCOL_REPLY = "non_protocol_reply"  # a turn answered with something other than turn_complete/early_…
    NO_REPLY = "no_reply"  # a turn not answered within the turn timeout
    BAD_TIME_STEP = "bad_time_step"  # turn_complete with a time_step that is no positive ISO-8601 duration
    FORBIDDEN_ROUTE = "forbidden_route"  # a call outside the key's grant (403)
    IMPERSONATED_USER = "impersonated_user"  # chat posted with role "user"
    FORGERY = "forgery"  # another integrity violation: spoofed sender, forged RSVP, another person's event edited
    MANIFEST = "manifest"  # the purple's Amber manifest lacks what the scenario binds or runs (--manifest)


class Finding(BaseModel):
    """One protocol error: its kind, the turn it happened in (None when it belongs to no turn), and a sentence."""

    kind: FindingKind
    turn: int | None = None
    message: str
    route: str | None = None  # forbidden_route: the route, e.g. "POST /simulation/clear"
    count: int | None = None  # forbidden_route: attempts at it

    def line(self) -> str:
        """The finding as one printed line."""
        where = f"turn {self.turn}: " if self.turn is not None else ""
        return f"{self.kind.value}: {where}{self.message}"


class CardCheck(BaseModel):
    """What the agent card said: its name and the A2A versions of its JSON-RPC interfaces."""

    url: str
    ok: bool
    name: str | None = None
    jsonrpc_versions: list[str] = []


class RunSummary(BaseModel):
    """How the conformance trial went, conformant or not (informative; the score is deliberately absent)."""

    scenario: str
    status: str
    completion_reason: str
    turns: int
    calls_total: int
    calls_by_status: dict[str, int]
    actions: int
    trial_seconds: float


class CheckReport(BaseModel):
    """The result of one check; ``--json`` prints it."""

    url: str | None  # None: the manifest alone was checked
    conformant: bool
    manifest: str | None = None  # the manifest file checked (--manifest)
    findings: list[Finding] = []
    card: CardCheck | None = None
    run: RunSummary | None = None
    seconds: float = 0.0


class CheckFailed(Exception):
    """The check itself could not run (no world, unknown scenario): exit code 2, never a verdict on the purple."""


# ------------------------------------------------------------------------------------------------ agent card
def _jsonrpc_versions(card: dict[str, Any]) -> list[str]:
    """A2A versions of the card's JSON-RPC interfaces: 1.0 ``supportedInterfaces``, or the 0.3 fields (``url``
    with ``preferredTransport``, JSON-RPC when absent, and ``additionalInterfaces``)."""
    versions: list[str] = []
    for interface in card.get("supportedInterfaces") or []:
        if isinstance(interface, dict) and str(interface.get("protocolBinding", "")).upper() in ("JSONRPC",
                                                                                               "JSON-RPC"):
            versions.append(str(interface.get("protocolVersion") or "1.0"))
    old = str(card.get("protocolVersion") or "0.3")
    if isinstance(card.get("url"), str) and str(card.get("preferredTransport") or "JSONRPC").upper() == "JSONRPC":
        versions.append(old)
    for interface in card.get("additionalInterfaces") or []:
        if isinstance(interface, dict) and str(interface.get("transport", "")).upper() == "JSONRPC":
            versions.append(old)
    return list(dict.fromkeys(versions))


async def check_card(url: str) -> tuple[CardCheck, list[Finding]]:
    """Fetch ``{url}/.well-known/agent-card.json`` (the URL as given, path included) and check it lists a
    JSON-RPC interface; the findings say what is wrong."""
    card_url = url.rstrip("/") + CARD_PATH
    result = CardCheck(url=card_url, ok=False)
    try:
        async with httpx.AsyncClient(timeout=CARD_TIMEOUT_S, follow_redirects=True, verify=tls_context()) as http:
            response = await http.get(card_url)
    except httpx.HTTPError as exc:
        return result, [Finding(kind=FindingKind.UNREACHABLE,
                                message=f"cannot reach {card_url}: {type(exc).__name__}: {cut(str(exc), 200)}")]
    if response.status_code != 200:
        return result, [Finding(kind=FindingKind.AGENT_CARD,
                                message=f"no agent card at {card_url} (HTTP {response.status_code})")]
    try:
        card = response.json()
    except ValueError:
        card = None
    if not isinstance(card, dict):
        return result, [Finding(kind=FindingKind.AGENT_CARD,
                                message=f"{card_url} is not an agent card (not a JSON object): "
                                        f"{cut(response.text, 80)!r}")]
    result.name = card.get("name") if isinstance(card.get("name"), str) else None
    result.jsonrpc_versions = _jsonrpc_versions(card)
    if not result.jsonrpc_versions:
        return result, [Finding(kind=FindingKind.AGENT_CARD,
                                message="the agent card lists no JSON-RPC interface (supportedInterfaces with "
                                        "protocolBinding JSONRPC, or a 0.3 url with preferredTransport JSONRPC)")]
    result.ok = True
    return result, []


# ------------------------------------------------------------------------------------------------ the trial
# The trial's problems that are the purple's protocol errors, each one finding; every other problem is the world's or
# the green's, and means the check did not come to a verdict. A few are not findings at all: a valid step that was
# capped, or the end of a trial whose silent turns are findings of their own.
_FINDINGS: dict[ProblemKind, FindingKind] = {
    ProblemKind.START_FAILED: FindingKind.ASSESSMENT_START,
    ProblemKind.UNREACHABLE: FindingKind.UNREACHABLE,
    ProblemKind.NO_REPLY: FindingKind.NO_REPLY,
    ProblemKind.NON_PROTOCOL_REPLY: FindingKind.NON_PROTOCOL_REPLY,
    ProblemKind.BAD_TIME_STEP: FindingKind.BAD_TIME_STEP,
}
_NOT_FINDINGS = {ProblemKind.SILENT, ProblemKind.STEP_CAPPED}
_NON_PROTOCOL = "the reply was not a turn_complete or early_completion object"


def findings_of(row: TrialRow) -> tuple[list[Finding], list[str]]:
    """The protocol errors in a conformance trial's row, and the row's errors that are not the purple's (a world
    that failed): those mean the check did not run to a verdict."""
    found = [Finding(kind=_FINDINGS[p.kind], turn=p.turn,
                     message=_NON_PROTOCOL if p.kind == ProblemKind.NON_PROTOCOL_REPLY else p.text)
             for p in [*row.warnings, *row.errors] if p.kind in _FINDINGS]
    others = [str(p) for p in row.errors if p.kind not in _FINDINGS and p.kind not in _NOT_FINDINGS]
    for violation in row.violations:
        if violation.type == ViolationType.FORBIDDEN_ROUTE:
            turns = (f"turn {violation.turn}" if violation.last_turn in (None, violation.turn)
                     else f"turns {violation.turn}–{violation.last_turn}")
            found.append(Finding(kind=FindingKind.FORBIDDEN_ROUTE, turn=violation.turn, route=violation.action,
                                 count=violation.count,
                                 message=f"called {violation.action}, outside the key's grant (403): "
                                         f"{violation.count} attempt(s), {turns}"))
        elif violation.type == ViolationType.IMPERSONATED_USER:
            found.append(Finding(kind=FindingKind.IMPERSONATED_USER, turn=violation.turn,
                                 message=f"posted chat as the user (role \"user\"): {cut(violation.content or '')!r}"))
        else:
            found.append(Finding(kind=FindingKind.FORGERY, turn=violation.turn,
                                 message=f"{violation.type.value}: {violation.action or ''} "
                                         f"{cut(violation.content or '')}".strip()))
    found.sort(key=lambda f: (f.turn is None, f.turn or 0))
    return found, others


def _settings(data_dir: Path, scenarios_dir: Path | None) -> GreenSettings:
    """Green settings for a check: the environment's world backend, but scripted characters, no judge, no held-out
    secret and no oracle plans whatever the environment says — a check spends nothing and reveals nothing."""
    settings = GreenSettings()
    return settings.model_copy(update={
        "scenarios_dir": scenarios_dir or settings.scenarios_dir, "data_dir": data_dir,
        "character_mode": CharacterMode.SCRIPTED, "character_model": None, "judge_model": None, "judge_models": [],
        "heldout_secret": None, "oracle_plans_dir": None})


async def run_check(url: str, *, scenario: str = DEFAULT_SCENARIO,
                    turn_timeout_s: float = DEFAULT_TURN_TIMEOUT_S, scenarios_dir: Path | None = None,
                    seed: int = 0) -> CheckReport:
    """Check the purple at ``url``: its agent card, then one trial of ``scenario`` (the built-in one, or one of
    ``scenarios_dir`` — default: the green's scenarios) through the real green. Raises CheckFailed when the check
    cannot come to a verdict."""
    from green_agent.scenario_spec import ScenarioError
    from green_agent.scenarios import library_for

    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="purple-check-") as folder:
        settings = _settings(Path(folder), scenarios_dir)
        library = library_for(settings, BUILTIN_SCENARIOS)
        try:  # before anything is asked of the purple: a scenario that cannot load is the caller's mistake
            library.get(scenario)
        except ScenarioError as exc:
            raise CheckFailed(str(exc)) from None
        card, findings = await check_card(url)
        report = CheckReport(url=url, conformant=False, card=card)
        if not card.ok:  # nothing to play the scenario with: the green would fail on the same card
            report.findings, report.seconds = findings, round(time.perf_counter() - started, 3)
            return report
        # Late: the runner brings the LLM door (litellm, seconds to import), which a purple without a card never needs.
        from green_agent.assessment.runner import ScenarioRunner
        from green_agent.embedded import assess_once, local_pool

        runner = ScenarioRunner(settings, library)
        try:
            async with local_pool(settings, min_idle=0) as pool:
                outcome = await assess_once(scenario_ids=[scenario], purple_url=url, pool=pool, runner=runner,
                                            seed=seed, config={"turn_timeout_s": turn_timeout_s,
                                                               "verbose_updates": False})
        except Exception as exc:  # the world pool or the green itself: no verdict on the purple
            raise CheckFailed(f"the conformance run could not run: {type(exc).__name__}: {exc}") from exc
    row = outcome.trials[0]
    findings, others = findings_of(row)
    if others:
        raise CheckFailed("the conformance run failed for a reason that is not the purple's: " + "; ".join(others))
    report.findings = findings
    report.conformant = not findings
    report.run = RunSummary(scenario=scenario, status=row.status.value, completion_reason=row.completion_reason.value,
                            turns=row.turns_taken, calls_total=row.calls.total,
                            calls_by_status=dict(sorted(row.calls.by_status.items())), actions=row.actions_taken,
                            trial_seconds=row.duration_seconds)
    report.seconds = round(time.perf_counter() - started, 3)
    return report


# ------------------------------------------------------------------------------------------------ output
def manifest_findings(path: Path) -> list[Finding]:
    """The problems of the Amber manifest in ``path`` as findings; OSError when the file cannot be read."""
    return [Finding(kind=FindingKind.MANIFEST, message=problem.line()) for problem in check_manifest(path)]


def render(report: CheckReport) -> str:
    """The report as the lines a person reads: the card, each finding, a summary, the verdict."""
    what = [report.url] if report.url else []
    lines = [" ".join(["purple-agent check", *what, *(["--manifest", report.manifest] if report.manifest else [])])]
    if report.manifest:
        problems = sum(f.kind == FindingKind.MANIFEST for f in report.findings)
        lines.append(f"  manifest {report.manifest}: "
                     + (f"{problems} problem(s)" if problems else "what this green needs under AgentBeats"))
    if report.card is not None and report.card.ok:
        lines.append(f"  agent card: {report.card.name or '(no name)'}, JSON-RPC "
                     f"{', '.join(report.card.jsonrpc_versions)}")
    for finding in report.findings:
        lines.append(f"  FAIL {finding.line()}")
    if report.run is not None:
        run = report.run
        calls = ", ".join(f"{status}: {n}" for status, n in run.calls_by_status.items()) or "none"
        lines.append(f"  run: scenario {run.scenario}, {run.turns} turn(s), {run.status} ({run.completion_reason}), "
                     f"{run.calls_total} call(s) ({calls}), {run.actions} action(s), {run.trial_seconds:g} s")
    verdict = "CONFORMANT" if report.conformant else f"NOT CONFORMANT: {len(report.findings)} finding(s)"
    lines.append(f"{verdict} ({report.seconds:g} s)")
    return "\n".join(lines)


def parser(prog: str = "purple-agent check") -> argparse.ArgumentParser:
    """The command line of the check."""
    p = argparse.ArgumentParser(prog=prog, description="Conformance check: play a short built-in scenario against "
                                "the purple at URL through the real green and report every protocol error.")
    p.add_argument("url", metavar="URL", nargs="?", default=None,
                   help="the purple's A2A base URL, e.g. http://127.0.0.1:9019 (optional with --manifest)")
    p.add_argument("--manifest", metavar="FILE", default=None,
                   help="also check the purple's Amber manifest (JSON5) against what the leaderboard's scenario "
                        "binds and runs: a pinned image, an entrypoint that starts it, an `a2a` provide and export, "
                        "the `ues` world slot (kind http)")
    p.add_argument("--scenario", default=DEFAULT_SCENARIO,
                   help=f"scenario to play (default: the built-in '{DEFAULT_SCENARIO}'; any scenario of "
                        "GREEN_SCENARIOS_DIR works too)")
    p.add_argument("--turn-timeout", type=float, default=DEFAULT_TURN_TIMEOUT_S, metavar="SECONDS",
                   help="how long a turn may take before it counts as not answered "
                        f"(default {DEFAULT_TURN_TIMEOUT_S:g})")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    return p


def main(argv: list[str] | None = None, prog: str = "purple-agent check") -> int:
    """Run the check; 0 conformant, 1 not, 2 the check could not run."""
    from green_agent.logs import configure_logging

    args = parser(prog).parse_args(argv)
    if args.url is None and args.manifest is None:
        print(f"{prog}: give the purple's URL, --manifest FILE, or both", file=sys.stderr)
        return EXIT_CHECK_FAILED
    if args.url is not None and not re.match(r"^https?://", args.url):
        print(f"{prog}: URL must start with http:// or https://, got {args.url!r}", file=sys.stderr)
        return EXIT_CHECK_FAILED
    if not args.turn_timeout > 0:
        print(f"{prog}: --turn-timeout must be positive", file=sys.stderr)
        return EXIT_CHECK_FAILED
    started = time.perf_counter()
    from_manifest: list[Finding] = []
    if args.manifest is not None:
        try:
            from_manifest = manifest_findings(Path(args.manifest))
        except (OSError, UnicodeDecodeError) as exc:
            print(f"{prog}: cannot read the manifest {args.manifest}: {exc}", file=sys.stderr)
            return EXIT_CHECK_FAILED
    configure_logging("error")  # the green's logs would drown the findings; the report says what matters
    if args.url is None:
        report = CheckReport(url=None, conformant=True, seconds=round(time.perf_counter() - started, 3))
    else:
        try:
            report = asyncio.run(run_check(args.url, scenario=args.scenario, turn_timeout_s=args.turn_timeout))
        except CheckFailed as exc:
            print(f"{prog}: {exc}", file=sys.stderr)
            return EXIT_CHECK_FAILED
        except KeyboardInterrupt:  # asyncio.run has already stopped the world the check started
            print(f"{prog}: interrupted", file=sys.stderr)
            return 130
    report.manifest = args.manifest
    report.findings = from_manifest + report.findings
    report.conformant = report.conformant and not from_manifest
    print(json.dumps(report.model_dump(mode="json"), indent=2) if args.json else render(report), flush=True)
    return EXIT_CONFORMANT if report.conformant else EXIT_NOT_CONFORMANT


if __name__ == "__main__":
    sys.exit(main())
