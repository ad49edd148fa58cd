"""Held-out wording of email_triage_basic's item letters (second half): body and subject kinds."""

from __future__ import annotations

WORDS: dict[str, tuple[str, ...]] = {}
