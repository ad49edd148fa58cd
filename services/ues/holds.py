"""Time holds: while one is active nobody may move the clock (advance, set, skip; auto mode stands still). Each
expires by itself after its timeout, on the wall clock, so an agent that dies holding one cannot stop time forever.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from services.ues.errors import ApiError

__all__ = ["Hold", "Holds"]


@dataclass(slots=True)
class Hold:
    hold_id: str
    reason: str | None
    timeout_seconds: int
    acquired_at: datetime
    expires_at: datetime
    agent_id: str | None

    def to_json(self) -> dict[str, Any]:
        return {"hold_id": self.hold_id, "reason": self.reason, "timeout_seconds": self.timeout_seconds,
                "acquired_at": self.acquired_at.isoformat(), "expires_at": self.expires_at.isoformat(),
                "agent_id": self.agent_id}


class Holds:
    """The holds of one simulation, by id."""

    def __init__(self) -> None:
        self._holds: dict[str, Hold] = {}

    def active(self) -> list[Hold]:
        """The holds not yet expired (the expired ones are forgotten here)."""
        if not self._holds:
            return []
        now = datetime.now(UTC)
        for hold_id in [h for h, hold in self._holds.items() if hold.expires_at <= now]:
            del self._holds[hold_id]
        return list(self._holds.values())

    def acquire(self, reason: str | None, timeout_seconds: int, agent_id: str | None) -> dict[str, Any]:
        """A new hold, as ``POST /simulation/hold`` answers."""
        now = datetime.now(UTC)
        hold = Hold(hold_id=str(uuid.uuid4()), reason=reason, timeout_seconds=timeout_seconds, acquired_at=now,
                    expires_at=now + timedelta(seconds=timeout_seconds), agent_id=agent_id)
        self._holds[hold.hold_id] = hold
        out = hold.to_json()
        del out["agent_id"]
        out["active_hold_count"] = len(self.active())
        return out

    def release(self, hold_id: str) -> dict[str, Any]:
        """End hold ``hold_id``; 404 when it is unknown or expired."""
        self.active()
        if self._holds.pop(hold_id, None) is None:
            raise ApiError(404, f"Hold {hold_id} not found or expired")
        return {"released": True, "hold_id": hold_id, "active_hold_count": len(self._holds)}

    def clear(self) -> None:
        self._holds.clear()
