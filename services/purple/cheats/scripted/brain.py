"""``ScriptedBrain``: each turn, read the world once and run every registered script whose trigger matches what the
user asked; then post what the scripts report in one chat message."""

from __future__ import annotations

import importlib
import pkgutil
from datetime import timedelta
from typing import Any

from services.protocol.messages import iso_duration
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
        self.steps: dict[int, timedelta] = {}  # run → the step its scripts asked for in its last turn

    async def handle(self, payload: dict[str, Any], context_id: str) -> dict[str, Any] | None:
        reply = await super().handle(payload, context_id)
        run = self.runs.get(context_id)
        if reply is not None and run is not None and id(run) in self.steps:
            reply["time_step"] = iso_duration(self.steps.pop(id(run)))
        return reply

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
            if rules.time_step is not None:
                self.steps[id(run)] = min(self.steps.get(id(run), rules.time_step), rules.time_step)
        if report:
            await say(ues, run, "\n".join(report))
