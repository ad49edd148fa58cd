"""Datetime helpers shared by the simulator: every datetime inside is timezone-aware."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def aware(value: datetime) -> datetime:
    """Naive datetimes are UTC everywhere in the UES API (ues-api.md, notation)."""
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


def parse_dt(value: Any) -> datetime:
    """Parse an ISO-8601 string (``Z``, offsets, naive) or datetime into an aware datetime."""
    if isinstance(value, datetime):
        return aware(value)
    if isinstance(value, str):
        text = value.strip()
        if text.endswith(("z", "Z")):
            text = text[:-1] + "+00:00"
        try:
            return aware(datetime.fromisoformat(text))
        except ValueError as exc:
            raise ValueError(f"invalid datetime {value!r}") from exc
    raise ValueError(f"expected an ISO-8601 datetime string, got {type(value).__name__}")


def iso(value: datetime | None) -> str | None:
    """Render like Python's isoformat (``+00:00``), which real UES emits."""
    return None if value is None else value.isoformat()


def _check_dt(value: Any) -> Any:
    if isinstance(value, bool | int | float):
        raise ValueError("expected an ISO-8601 datetime string, not a number")
    return value


# A datetime field that accepts ISO strings with or without offset and stores aware values. It serialises
# natively (UTC as ``Z``): real UES emits both ``Z`` and ``+00:00``, clients accept both, and a Python-level
# serializer tripled the cost of large state responses.
AwareDatetime = Annotated[datetime, BeforeValidator(_check_dt), AfterValidator(aware)]


def timedelta_repr(delta: timedelta) -> str:
    """Python's ``str(timedelta)`` ("1:00:00"), which real UES returns as ``time_advanced``."""
    return str(delta)


_DURATION = re.compile(
    r"^P(?:(?P<w>\d+(?:\.\d+)?)W)?(?:(?P<d>\d+(?:\.\d+)?)D)?"
    r"(?:T(?:(?P<h>\d+(?:\.\d+)?)H)?(?:(?P<m>\d+(?:\.\d+)?)M)?(?:(?P<s>\d+(?:\.\d+)?)S)?)?$"
)


def parse_duration(text: str) -> timedelta:
    """Parse ``P[nW][nD][T[nH][nM][n[.n]S]]`` (no years or months). Raises ValueError."""
    match = _DURATION.match(text.strip().upper()) if isinstance(text, str) else None
    if not match or text.strip().upper() in ("P", "PT") or text.strip().upper().endswith("T"):
        raise ValueError(f"not an ISO-8601 duration without years/months: {text!r}")
    parts = {k: float(v) if v else 0.0 for k, v in match.groupdict().items()}
    return timedelta(weeks=parts["w"], days=parts["d"], hours=parts["h"], minutes=parts["m"], seconds=parts["s"])


def format_duration(delta: timedelta) -> str:
    """Render a timedelta as an ISO-8601 duration (``PT1H30M``)."""
    total = delta.total_seconds()
    days, rest = divmod(total, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, seconds = divmod(rest, 60)
    out = "P" + (f"{int(days)}D" if days else "")
    time_part = ""
    if hours:
        time_part += f"{int(hours)}H"
    if minutes:
        time_part += f"{int(minutes)}M"
    if seconds:
        time_part += f"{seconds:g}S"
    if time_part or out == "P":
        out += "T" + (time_part or "0S")
    return out


@dataclass(slots=True)
class TimeState:
    """The simulated clock: where it stands, how fast it runs in auto mode, and whether it is paused."""

    current_time: datetime
    time_scale: float = 1.0
    is_paused: bool = False
    auto_advance: bool = False
    last_wall_time_update: datetime | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "current_time": self.current_time.isoformat(),
            "time_scale": self.time_scale,
            "is_paused": self.is_paused,
            "auto_advance": self.auto_advance,
            "last_wall_time_update": iso(self.last_wall_time_update or self.current_time),
        }
