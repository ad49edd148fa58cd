"""What a rule script sees and does in one turn (``Desk``), and the script contract (``Script``, ``@script``)."""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, ClassVar, TypeVar

from services.purple.cheats.base import AddressBook, CheatRun, Inbox, call, reply_email, text
from services.ues.client import UESClient, parse_time

__all__ = ["SCRIPTS", "Desk", "Script", "script"]


@dataclass
class Desk:
    """One turn of the scripted purple: the world through the purple's key, read once at the turn's start, and the
    lines the scripts want to tell the user (posted as one chat message at the turn's end)."""

    ues: UESClient
    run: CheatRun
    now: datetime
    prompt: str  # every chat message of the user so far, oldest first, joined
    inbox: Inbox
    book: AddressBook
    events: list[dict[str, Any]]  # the calendar's events
    memory: dict[str, Any]  # what this script kept from earlier turns of the run
    report: list[str] = field(default_factory=list)

    async def call(self, method: str, path: str, body: Any = None) -> Any:
        """One request through the purple's key; None when refused."""
        return await call(self.ues, method, path, body)

    async def email(self, to: list[str], subject: str, body: str) -> None:
        """A new email from the user."""
        await self.call("POST", "/email/send", {"from_address": self.inbox.user_email, "to_addresses": to,
                                                "subject": subject, "body_text": body})

    async def reply(self, email: dict[str, Any], body: str) -> None:
        """An answer to ``email`` in its thread."""
        await reply_email(self.ues, self.inbox.user_email, email, body)

    async def text(self, to: str, body: str) -> None:
        """An SMS from the user."""
        await text(self.ues, self.inbox.user_phone, to, body)

    async def move_email(self, email: dict[str, Any], folder: str) -> None:
        """Move an email to ``folder`` (spam, trash, archive)."""
        await self.call("POST", "/email/move", {"message_ids": [email["message_id"]], "folder": folder})

    def once(self, key: str) -> bool:
        """True the first time ``key`` is asked in this run (an action a script takes once)."""
        if key in self.run.done:
            return False
        self.run.done.add(key)
        return True

    def at(self, value: Any) -> datetime:
        """A timestamp of the world as a datetime."""
        return parse_time(str(value))


class Script(ABC):
    """Rules for one public part or classic template. ``trigger`` is searched (case-insensitive) in the user's chat
    messages; ``turn`` acts on the desk."""

    part: ClassVar[str]
    trigger: ClassVar[str]
    # The clock step this script asks for after a turn it ran in (None: the scenario's default); the brain asks for
    # the shortest any script of the turn wants, as one purple would.
    time_step: ClassVar[timedelta | None] = None

    def applies(self, prompt: str) -> bool:
        """Whether the user asked for this script's task."""
        return re.search(self.trigger, prompt, re.IGNORECASE | re.DOTALL) is not None

    @abstractmethod
    async def turn(self, desk: Desk) -> None:
        """One turn's actions for this task."""


# Every script any loaded module registered; a brain runs those of the modules it loaded (``brain.load_scripts``).
SCRIPTS: list[type[Script]] = []
_S = TypeVar("_S", bound=type[Script])


def script(cls: _S) -> _S:
    """Register a script (one per ``part`` among the modules a brain loads)."""
    SCRIPTS.append(cls)
    return cls
