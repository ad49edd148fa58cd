"""Foreign input quoted in a message: cut to a readable length, so what a caller sent cannot flood an error, the logs
or a result row."""

from __future__ import annotations

from typing import Any


def cut(text: str, limit: int = 80) -> str:
    """``text`` cut to ``limit`` characters: foreign input quoted in an error or a warning stays a readable line
    (a 1 MB string would otherwise be copied into the message, the logs and every result row)."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def shown(value: Any, limit: int = 80) -> str:
    """``repr(value)`` cut to ``limit`` characters (see ``cut``)."""
    return cut(repr(value), limit)
