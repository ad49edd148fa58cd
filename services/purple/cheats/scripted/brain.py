"""``ScriptedBrain``: each turn, read the world once and run every registered script whose trigger matches what the
user asked; then post what the scripts report in one chat message."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from services.purple.cheats.base import CheatBrain, CheatRun, call, read_address_book, read_inbox, say, user_prompts
from services.purple.cheats.scripted.desk import SCRIPTS, Desk
from services.ues.client import UESClient, parse_time


def _load_scripts() -> None:
    package = __name__.rpartition(".")[0]
    for info in pkgutil.iter_modules(importlib.import_module(package).__path__):
        if info.name not in ("brain", "desk") and not info.name.startswith("_"):
            importlib.import_module(f"{package}.{info.name}")


class ScriptedBrain(CheatBrain):
    """Rule scripts for the public parts, run on every turn (see the package's docstring)."""

    def __init__(self) -> None:
        super().__init__()
        _load_scripts()
        self.memory: dict[tuple[int, str], dict[str, Any]] = {}

    async def turn(self, run: CheatRun, ues: UESClient) -> None:
        prompt = "\n".join(str(m.get("content") or "") for m in await user_prompts(ues))
        clock = await call(ues, "GET", "/simulator/time") or {}
        calendar = await call(ues, "GET", "/calendar/state") or {}
        events = list((calendar.get("events") or {}).values())
        inbox, book = await read_inbox(ues), await read_address_book(ues)
        report: list[str] = []
        for key, cls in sorted(SCRIPTS.items()):
            rules = cls()
            if not rules.applies(prompt):
                continue
            desk = Desk(ues=ues, run=run, now=parse_time(str(clock.get("current_time"))), prompt=prompt,
                        inbox=inbox, book=book, events=events, memory=self.memory.setdefault((id(run), key), {}))
            await rules.turn(desk)
            report += desk.report
        if report:
            await say(ues, run, "\n".join(report))
