"""structlog set-up: JSON lines in containers (no TTY), readable on a terminal; always on stderr so stdout
stays clean for results."""

from __future__ import annotations

import logging
import sys
from typing import Any

import structlog


class StderrLogger:
    """Writes each line to ``sys.stderr`` as it is when the line is logged, not as it was when the logger was made:
    whoever swaps the stream (a test capturing output, an embedding app) gets the lines, and a stream closed since
    is never written to."""

    def msg(self, message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    log = debug = info = warn = warning = error = err = critical = exception = fatal = failure = msg


def _stderr_logger(*_: Any) -> StderrLogger:
    return StderrLogger()


def configure_logging(level: str = "info", json: bool | None = None) -> None:
    """Configure structlog for this process: ``level`` and up, JSON lines unless stderr is a terminal."""
    as_json = (not sys.stderr.isatty()) if json is None else json
    renderer = structlog.processors.JSONRenderer() if as_json else structlog.dev.ConsoleRenderer(colors=False)
    structlog.configure(
        processors=[structlog.contextvars.merge_contextvars, structlog.processors.add_log_level,
                    structlog.processors.TimeStamper(fmt="iso", utc=True), renderer],
        wrapper_class=structlog.make_filtering_bound_logger(logging.getLevelNamesMapping()[level.upper()]),
        logger_factory=_stderr_logger,
        # Not cached: a logger made before a later configure_logging (a command run inside a longer-lived process)
        # would keep the old level and stream. Our lines are few; building a bound logger per line costs nothing.
        cache_logger_on_first_use=False,
    )
