"""``ues-server --host --port [--admin-key SECRET] [--admin-key-file PATH] [--compat native|real-0.3]``."""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
from pathlib import Path

from services.ues.compat import Compat
from services.ues.settings import MIN_ADMIN_KEY_LENGTH, UESSettings


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
    parser.add_argument("--log-level", default=None, help="uvicorn log level (default: warning)")
    parser.add_argument("--compat", choices=[c.value for c in Compat], default=None,
                        help="behave like our simulator (native, the default) or like a real UES 0.3.0 "
                             "(real-0.3); same as UES_COMPAT")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Serves one world until interrupted; the exit code (2 when the admin key is refused)."""
    args = parser().parse_args(argv)

    if args.admin_key:
        os.environ["UES_ADMIN_KEY"] = args.admin_key
    if args.admin_key_file:
        os.environ["UES_ADMIN_KEY_FILE"] = args.admin_key_file
    if args.compat:
        os.environ["UES_COMPAT"] = args.compat
    settings = UESSettings()

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


if __name__ == "__main__":
    sys.exit(main())
