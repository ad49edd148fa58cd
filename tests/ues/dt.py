"""Compare the datetimes UES returns by meaning, not by spelling.

ues-api.md (notation, §6 item 17): datetimes are ISO-8601 and timezone-aware, and UTC may be written ``...Z`` or
``...+00:00``; clients accept both. Entity fields serialise natively (``Z``) while hand-built responses use
``isoformat()`` (``+00:00``), so tests must not compare the raw strings.
"""

from __future__ import annotations

from datetime import datetime

from services.ues.timeutil import parse_dt


def dt(value: str) -> datetime:
    """Parse a datetime string from a response into an aware datetime.

    The value must be a string with an explicit offset (``Z`` or ``±HH:MM``): the server never emits naive
    datetimes, so a naive one (or a non-string) fails the test instead of being read as UTC.
    """
    assert isinstance(value, str), f"expected an ISO-8601 datetime string, got {value!r}"
    assert datetime.fromisoformat(value).tzinfo is not None, f"datetime without an offset: {value!r}"
    return parse_dt(value)


def canon(value: str) -> str:
    """The canonical spelling of a response datetime: ``dt(value).isoformat()`` (UTC as ``+00:00``).

    Two values have the same canonical form exactly when they denote the same instant with the same UTC offset,
    so ``canon(x) == "2026-01-28T06:00:00+00:00"`` accepts ``...Z`` but still rejects ``07:00:00+01:00``.
    """
    return dt(value).isoformat()
