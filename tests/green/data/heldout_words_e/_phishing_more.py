"""Held-out wording of phishing_guard's kinds added in session 19."""

from __future__ import annotations

from typing import Any

WORDS: dict[str, Any] = {}
