"""structlog for purple processes: JSON lines when stderr is not a terminal (containers, harnesses), readable
lines on a terminal; always on stderr, so stdout is never mixed with logs."""

from __future__ import annotations

import logging
import sys

import structlog


def configure_logging(level: str = "warning") -> None:
    renderer: structlog.typing.Processor = (structlog.dev.ConsoleRenderer(colors=False) if sys.stderr.isatty()
                                            else structlog.processors.JSONRenderer())
    structlog.configure(
        processors=[structlog.contextvars.merge_contextvars, structlog.processors.add_log_level,
                    structlog.processors.TimeStamper(fmt="iso", utc=True), renderer],
        wrapper_class=structlog.make_filtering_bound_logger(logging.getLevelNamesMapping()[level.upper()]),
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        cache_logger_on_first_use=True,
    )
