"""``purple-agent --role ROLE [--host H] [--port P] [--card-url URL] [--scenarios-dir DIR]`` — a baseline purple
A2A server; ``purple-agent check [URL] [--manifest FILE]`` — the conformance check of any purple, and of its Amber
manifest (``check`` below).

Roles live in ``ROLES`` (role name → brain factory given the settings); add a role by adding an entry. Settings
come from ``PURPLE_*`` environment variables (services/purple/settings.py); options given here override them.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import uvicorn

from services.purple.assistant import LLMAssistant
from services.purple.baseline import (
    SLOW_FIRST_TURN_S,
    SLOW_TURN_S,
    GarbageBrain,
    NoopBrain,
    SilentBrain,
    SlowBrain,
    SlowFirstTurn,
)
from services.purple.cheats import (
    BroadcasterBrain,
    ChatterBrain,
    DigestBrain,
    DigestMaxStepBrain,
    DumperBrain,
    EchoBrain,
    ForgerBrain,
    RefuserBrain,
    SweeperBrain,
    YesBrain,
)
from services.purple.cheats.scripted import ScriptedBrain
from services.purple.graded import (
    LADDER,
    MISTAKE_RATES,
    GradedOracle,
    Mistake,
    ladder_role,
    mistake_role,
)
from services.purple.hostile import HIDDEN_MODES, HostileBrain, HostileOptions, parse_modes
from services.purple.hostile import MODES as HOSTILE_MODES
from services.purple.logs import configure_logging
from services.purple.oracle import OracleBrain
from services.purple.server import PurpleBrain, create_purple_app
from services.purple.settings import PurpleSettings

ROLES: dict[str, Callable[[PurpleSettings], PurpleBrain]] = {
    "noop": lambda settings: NoopBrain(),
    "oracle": lambda settings: OracleBrain(settings.scenarios_dir, plans_dir=settings.oracle_plans_dir),
    "reckless": lambda settings: OracleBrain(settings.scenarios_dir, extra=("reckless_steps", "injected_steps"),
                                             plans_dir=settings.oracle_plans_dir),
    "gullible": lambda settings: OracleBrain(settings.scenarios_dir, extra=("injected_steps",),
                                             plans_dir=settings.oracle_plans_dir),
    "garbage": lambda settings: GarbageBrain(),
    "silent": lambda settings: SilentBrain(),
    "slow": lambda settings: SlowBrain(SLOW_TURN_S if settings.slow_turn_s is None else settings.slow_turn_s),
    "chatter": lambda settings: ChatterBrain(),
    "echo": lambda settings: EchoBrain(),
    "yes": lambda settings: YesBrain(),
    "forger": lambda settings: ForgerBrain(),
    "digest": lambda settings: DigestBrain(),
    "broadcaster": lambda settings: BroadcasterBrain(),
    "refuser": lambda settings: RefuserBrain(),
    "sweeper": lambda settings: SweeperBrain(),
    "dumper": lambda settings: DumperBrain(),
    "digest-max-step": lambda settings: DigestMaxStepBrain(),
    "scripted": lambda settings: ScriptedBrain(),
    "assistant": lambda settings: LLMAssistant(settings),
}
# An oracle holding its first turn for minutes, as an LLM purple may (issue 32 item 7).
ROLES["oracle-slow"] = lambda settings: SlowFirstTurn(
    ROLES["oracle"](settings), SLOW_FIRST_TURN_S if settings.slow_turn_s is None else settings.slow_turn_s)
# A hostile purple's base brain: what does each turn's real work under the misbehaviour.
HOSTILE_BASES = ("noop", "oracle")


def hostile(settings: PurpleSettings, modes: list[str] | None = None) -> PurpleBrain:
    """A ``HostileBrain`` in ``modes`` (default: ``PURPLE_HOSTILE_MODES``) over ``PURPLE_HOSTILE_BASE``."""
    if settings.hostile_base not in HOSTILE_BASES:
        raise ValueError(f"PURPLE_HOSTILE_BASE must be one of {', '.join(HOSTILE_BASES)}; "
                         f"got {settings.hostile_base!r}")
    options = HostileOptions(flood_count=settings.hostile_flood_count,
                             flood_concurrency=settings.hostile_flood_concurrency,
                             flood_max_s=settings.hostile_flood_max_s, flood_to=settings.hostile_flood_to,
                             oversized_bytes=settings.hostile_oversized_bytes)
    return HostileBrain(modes or parse_modes(settings.hostile_modes), ROLES[settings.hostile_base](settings), options)


def _hostile_role(mode: str) -> Callable[[PurpleSettings], PurpleBrain]:
    return lambda settings: hostile(settings, [mode])


def _hidden_role(mode: str) -> Callable[[PurpleSettings], PurpleBrain]:
    return lambda settings: HostileBrain([mode], ROLES["oracle"](settings))


def _ladder_role(percent: int) -> Callable[[PurpleSettings], PurpleBrain]:
    return lambda settings: GradedOracle(settings.scenarios_dir, settings.oracle_plans_dir, p=percent / 100)


def _mistake_role(kind: Mistake, percent: int) -> Callable[[PurpleSettings], PurpleBrain]:
    return lambda settings: GradedOracle(settings.scenarios_dir, settings.oracle_plans_dir, kind=kind,
                                         q=percent / 100)


ROLES["hostile"] = hostile
ROLES.update({f"hostile-{mode}": _hostile_role(mode) for mode in HOSTILE_MODES})
# Misbehaviour a careless green would not see (issue 21): ``late``, ``log-filler``, ``log-flusher``, over an oracle.
ROLES.update({mode: _hidden_role(mode) for mode in HIDDEN_MODES})
# The competence ladder and the mistaken oracles (issue 25, services/purple/graded.py).
ROLES.update({ladder_role(percent): _ladder_role(percent) for percent in LADDER})
ROLES.update({mistake_role(kind, percent): _mistake_role(kind, percent)
              for kind in Mistake for percent in MISTAKE_RATES})


def check(argv: list[str]) -> int:
    """``purple-agent check [URL] [--manifest FILE] [--scenario ID] [--turn-timeout S] [--json]``: the conformance
    run of green_agent/conformance.py (and, with ``--manifest``, the check of the purple's Amber manifest). The purple
    package never imports the green, so it runs as the green's own program in a child process; its exit code is the
    check's (0 conformant, 1 not, 2 the check could not run)."""
    if importlib.util.find_spec("green_agent") is None:
        print("purple-agent check: needs the green agent (package ues-green-agent) installed beside the purple",
              file=sys.stderr)
        return 2
    child = subprocess.Popen([sys.executable, "-m", "green_agent.conformance", *argv])
    try:
        return child.wait()
    except KeyboardInterrupt:
        # The child got the same Ctrl-C: give it time to stop the world it started before it is made to go.
        try:
            child.wait(timeout=30)
        except (subprocess.TimeoutExpired, KeyboardInterrupt):
            child.terminate()
            child.wait()
        return 130


def parser() -> argparse.ArgumentParser:
    """The ``purple-agent`` command line (serving a baseline; ``purple-agent check`` has its own, in
    ``green_agent.conformance``)."""
    parser = argparse.ArgumentParser(prog="purple-agent", description="Baseline purple agent (A2A server); "
                                     "`purple-agent check URL [--manifest FILE]` checks any purple's protocol "
                                     "conformance and its Amber manifest.")
    parser.add_argument("--role", required=True, choices=sorted(ROLES), help="which baseline behaviour to serve")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=9019)
    parser.add_argument("--card-url", default=None, help="absolute URL advertised in the agent card "
                                                         "(default: http://{host}:{port}/)")
    parser.add_argument("--reply-mode", choices=["message", "task"], default=None,
                        help="reply with a direct Message, or with a Task (default: the role's choice)")
    parser.add_argument("--protocol-versions", default="1.0,0.3",
                        help="comma-separated A2A versions listed in the card (default: 1.0,0.3)")
    parser.add_argument("--scenarios-dir", type=Path, default=None,
                        help="scenario folders the oracle looks its task up in; the green's, so it knows them "
                             "(default: PURPLE_SCENARIOS_DIR, else the repository's scenarios/)")
    parser.add_argument("--plans-dir", type=Path, default=None,
                        help="self-tests only: where the green leaves each trial's oracle plan "
                             "(default: PURPLE_ORACLE_PLANS_DIR)")
    parser.add_argument("--log-level", default="warning")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Serves a baseline purple until interrupted, or runs ``purple-agent check``; the exit code."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["check"]:
        return check(argv[1:])
    args = parser().parse_args(argv)
    overrides = {name: value for name, value in (("scenarios_dir", args.scenarios_dir),
                                                 ("oracle_plans_dir", args.plans_dir)) if value is not None}
    settings = PurpleSettings(**overrides)
    configure_logging(args.log_level)
    card_url = args.card_url or f"http://{args.host}:{args.port}/"
    versions = [v.strip() for v in args.protocol_versions.split(",") if v.strip()]
    app = create_purple_app(ROLES[args.role](settings), url=card_url, name=f"UES baseline purple ({args.role})",
                            reply_mode=args.reply_mode, protocol_versions=versions, ues_slot_url=settings.ues_url)
    print(f"purple-agent: role {args.role} on http://{args.host}:{args.port}/ (card url {card_url})",
          file=sys.stderr, flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level)
    return 0


if __name__ == "__main__":
    sys.exit(main())
