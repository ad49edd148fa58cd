"""Errors any layer of the simulator raises: here, below the engine and compat, so that both import them at the
top without importing each other."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """An error with an HTTP status; the app renders it as ``{"detail": ...}``."""

    def __init__(self, status_code: int, detail: Any) -> None:
        super().__init__(detail)
        self.status_code = status_code
        self.detail = detail
