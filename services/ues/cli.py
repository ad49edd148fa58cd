"""``ues-server --host --port [--admin-key SECRET | --admin-key-stdin] [--admin-key-file PATH] [--compat MODE]``
(``MODE``: native or real-0.3).

``--admin-key-stdin`` starts everything a world needs (imports, the app built and warmed, the port bound) and only then
reads the world's admin key, the first line on standard input: a server started ahead of its world (the docker
backend's standby containers, ``ues_pool/backends/docker.py``) serves within milliseconds of being given its key.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import select
import sys
from pathlib import Path

from services.ues.compat import Compat
from services.ues.settings import MIN_ADMIN_KEY_LENGTH, UESSettings
from services.ues.warm import skip_pydantic_v1


def _write_key_file(path: str, secret: str, key_id: str) -> bool:
    try:
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as handle:
            # The mode above applies only to a new file: tighten an existing one *before* writing the secret.
            os.fchmod(handle.fileno(), 0o600)
            json.dump({"secret": secret, "key_id": key_id}, handle)
        return True
    except OSError as exc:
        print(f"ues-server: could not write admin key file {path}: {exc}", file=sys.stderr)
        return False


def parser() -> argparse.ArgumentParser:
    """The ``ues-server`` command line."""
    parser = argparse.ArgumentParser(prog="ues-server", description="UES-compatible simulator (HTTP API).")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--admin-key", help="admin key secret (≥ 32 characters); same as UES_ADMIN_KEY")
    parser.add_argument("--admin-key-file", help="write generated admin credentials here (JSON, mode 0600)")
    parser.add_argument("--admin-key-stdin", action="store_true",
                        help="warm up first, then read the admin key (≥ 32 characters) as the first line on stdin")
    parser.add_argument("--log-level", default=None, help="uvicorn log level (default: warning)")
    parser.add_argument("--compat", choices=[c.value for c in Compat], default=None,
                        help="behave like our simulator (native, the default) or like a real UES 0.3.0 "
                             "(real-0.3); same as UES_COMPAT")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Runs one simulator with the options ``argv`` gives (default: the process's arguments); its exit code."""
    args = parser().parse_args(argv)

    if args.admin_key:
        os.environ["UES_ADMIN_KEY"] = args.admin_key
    if args.admin_key_file:
        os.environ["UES_ADMIN_KEY_FILE"] = args.admin_key_file
    if args.compat:
        os.environ["UES_COMPAT"] = args.compat
    skip_pydantic_v1()
    settings = UESSettings()
    if args.admin_key_stdin:
        if settings.admin_key:
            print("ues-server: give the admin key once: --admin-key-stdin, or --admin-key / UES_ADMIN_KEY",
                  file=sys.stderr)
            return 2
        return _serve_key_from_stdin(settings, args.host, args.port, args.log_level or settings.log_level)

    secret = settings.admin_key
    generated = False
    if secret is not None and len(secret) < MIN_ADMIN_KEY_LENGTH:
        print(f"ues-server: UES_ADMIN_KEY must be at least {MIN_ADMIN_KEY_LENGTH} characters "
              f"(got {len(secret)}); refusing to start.", file=sys.stderr)
        return 2
    if not secret:
        secret, generated = secrets.token_hex(32), True

    # Imported late so that `--help` and key errors answer instantly.
    from services.ues.app import create_app
    from services.ues.server import WorldServer, world_config

    app = create_app(settings, admin_secret=secret)
    if settings.compat is not Compat.NATIVE:  # on stderr: launchers parse stdout for the admin key line
        print(f"ues-server: behaving like a real UES ({settings.compat.value})", file=sys.stderr, flush=True)
    key_id = app.state.keys.admin.key_id
    if generated and settings.admin_key_file and _write_key_file(settings.admin_key_file, secret, key_id):
        print(f"Admin key written to {settings.admin_key_file} (key_id {key_id})", flush=True)
    elif generated:
        print(f"Admin key: {secret} (key_id {key_id})", flush=True)
    else:
        print(f"Admin key from UES_ADMIN_KEY (key_id {key_id})", flush=True)

    WorldServer(world_config(app, args.log_level or settings.log_level, host=args.host, port=args.port)).run()
    return 0


def _serve_key_from_stdin(settings: UESSettings, host: str, port: int, log_level: str) -> int:
    """Warm up, bind, then wait for the admin key on stdin and serve a new world with it (``--admin-key-stdin``)."""
    from services.ues.app import create_app, install_world
    from services.ues.server import WorldServer, world_config
    from services.ues.warm import WARM_SECRET, listen, warm

    app = create_app(settings, admin_secret=WARM_SECRET)
    warmed = not select.select([sys.stdin], [], [], 0)[0]
    if warmed:
        # Nobody waits yet: build FastAPI's lazy route state now. A key already there means a start is waiting on this
        # server (it found no standby ready): it answers sooner without (the first keyed request builds that state).
        warm(app)
    config = world_config(app, log_level)
    config.load()  # imports uvicorn's protocol modules
    try:
        listener = listen(host, port)
    except OSError as exc:
        print(f"ues-server: could not listen on {host}:{port}: {exc}", file=sys.stderr)
        return 1
    print(f"ues-server: {'warmed, ' if warmed else ''}listening on {host}:{port}; waiting for the admin key on stdin",
          flush=True)
    secret = sys.stdin.readline().strip()
    if len(secret) < MIN_ADMIN_KEY_LENGTH:
        what = "no admin key (it closed)" if not secret else f"an admin key of {len(secret)} characters"
        print(f"ues-server: stdin gave {what}; it must be at least {MIN_ADMIN_KEY_LENGTH} characters; "
              "refusing to start.", file=sys.stderr)
        return 2
    install_world(app, secret)  # a new, empty world: nothing of the warm-up's world is kept
    print(f"Admin key from stdin (key_id {app.state.keys.admin.key_id})", flush=True)
    WorldServer(config).run(sockets=[listener])
    return 0


if __name__ == "__main__":
    sys.exit(main())
