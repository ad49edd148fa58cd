"""What a rule script sees and does in one turn (``Desk``), and the script contract (``Script``, ``@script``)."""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from types import ModuleType
from typing import Any, ClassVar, TypeVar

from services.purple.cheats.base import AddressBook, CheatRun, Inbox, call, reply_email, text
from services.ues.client import UESClient, parse_time

__all__ = ["Desk", "Script", "script", "scripts_of"]


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


_S = TypeVar("_S", bound=type[Script])
_MARK = "_rule_script"  # set on the class ``@script`` decorates, never inherited by a subclass


def script(cls: _S) -> _S:
    """Mark a script for the brain to run (one per ``part`` among the modules it loads)."""
    setattr(cls, _MARK, True)
    return cls


def scripts_of(module: ModuleType) -> list[type[Script]]:
    """The scripts ``module`` defines with ``@script`` (not the ones it imports), in the order it defines them."""
    return [obj for obj in vars(module).values() if isinstance(obj, type) and issubclass(obj, Script)
            and obj.__module__ == module.__name__ and vars(obj).get(_MARK, False)]
