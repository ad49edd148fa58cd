"""The people of a scenario, as the trial sees them: messages reach them, replies come back as planned events.

Any implementation — scripted rules, an LLM, a replay — plugs in behind ``Characters``. The trial gives it
only what the purple sent (never the grading), and schedules what it returns as UES events at their reply time.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, Protocol


@dataclass(frozen=True)
class OutgoingMessage:
    """Something the purple sent to a character (email, SMS, or a calendar invitation)."""

    modality: Literal["email", "sms", "calendar"]
    character_id: str
    sent_at: datetime
    body: str = ""
    subject: str = ""
    thread_id: str | None = None
    message_id: str | None = None
    event_id: str | None = None
    references: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlannedReply:
    """A character's reply, to be scheduled as a UES event at ``at`` (``data`` is the event's data)."""

    character_id: str
    modality: str
    at: datetime
    data: dict[str, Any]
    summary: str


class Characters(Protocol):
    """Plans the replies of a scenario's characters during one trial.

    Invariant: each message is answered at most once per character, and for a given trial seed the same
    messages give the same replies at the same times (a trial replays identically from its seed).
    """

    async def plan(self, messages: list[OutgoingMessage]) -> list[PlannedReply]:
        """The replies to this turn's messages (possibly none)."""
        ...
