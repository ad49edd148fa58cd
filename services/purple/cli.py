"""``purple-agent --role ROLE [--host H] [--port P] [--card-url URL] [--scenarios-dir DIR]`` — a baseline purple
A2A server; ``purple-agent check [URL] [--manifest FILE]`` — the conformance check of any purple, and of its Amber
manifest (``check`` below).

The roles live in ``services/purple/roles.py``. Settings come from ``PURPLE_*`` environment variables
(services/purple/settings.py); options given here override them.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
from pathlib import Path


def _without_sql_store() -> None:
    """Keep SQLAlchemy out of this process, before the server's modules load: a2a-sdk's task-store package imports
    its SQL store, and with it SQLAlchemy (a third of a purple's start-up), whenever SQLAlchemy is installed — as it
    is beside the green, whose server keeps its tasks in a database. A purple keeps its tasks in memory, and without
    SQLAlchemy a2a-sdk leaves that store out (its fallback for installs without it). Only in ``main``, a process of
    the purple's own: a process that also runs a green server needs SQLAlchemy."""
    sys.modules.setdefault("sqlalchemy", None)  # type: ignore[arg-type]


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
    """The ``purple-agent`` command line (``purple-agent check`` has its own: green_agent/conformance.py)."""
    from services.purple.roles import ROLES  # late: the brains bring the server's modules (see main)

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
    """Serves the baseline purple ``argv`` names (default: the process's arguments), or runs ``check``."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["check"]:
        return check(argv[1:])
    _without_sql_store()
    import uvicorn

    from services.purple.logs import configure_logging
    from services.purple.roles import ROLES
    from services.purple.server import create_purple_app
    from services.purple.settings import PurpleSettings

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
