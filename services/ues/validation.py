"""Readable pydantic errors, for the simulator's 4xx details and for every client that reports bad input.

Kept apart from ``client.py`` so the server does not import httpx at start-up (cold start is on the critical path of
every new world); the client re-exports it for users outside this package.
"""

from __future__ import annotations

from pydantic import ValidationError


def describe_validation_error(exc: ValidationError, prefix: str = "") -> str:
    """One readable sentence naming the offending fields (at most five), e.g. ``config.trials: Input should be
    greater than or equal to 1``. Shared by everything that turns pydantic errors into messages for people."""
    parts = []
    for err in exc.errors()[:5]:
        loc = ".".join(str(p) for p in err.get("loc", ()))
        where = f"{prefix}.{loc}" if prefix and loc else (prefix or loc or "(root)")
        parts.append(f"{where}: {err.get('msg')}")
    return "; ".join(parts)
