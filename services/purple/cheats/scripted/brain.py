"""``ScriptedBrain``: each turn, read the world once and run every script it loaded whose trigger matches what the
user asked; then post what the scripts report in one chat message. The scripts are this package's modules, or those
of another folder (``PURPLE_SCRIPTS_DIR``: another participant's rule scripts, e.g. tests/redteam/round1/)."""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from services.protocol.messages import iso_duration
from services.purple.cheats.base import CheatBrain, CheatRun, call, read_address_book, read_inbox, say, user_prompts
from services.purple.cheats.scripted.desk import Desk, Script, scripts_of
from services.ues.client import UESClient, parse_time


def _own_modules() -> list[ModuleType]:
    package = __name__.rpartition(".")[0]
    return [importlib.import_module(f"{package}.{info.name}")
            for info in pkgutil.iter_modules(importlib.import_module(package).__path__)
            if info.name not in ("brain", "desk") and not info.name.startswith("_")]


def _folder_modules(folder: Path) -> list[ModuleType]:
    """Every module under ``folder`` (its subfolders too) whose name does not start with ``_``, each imported under a
    name of its own path, so two folders' ``triage.py`` stay apart."""
    if not folder.is_dir():
        raise ValueError(f"PURPLE_SCRIPTS_DIR {folder} is not a folder")
    modules = []
    for path in sorted(folder.rglob("*.py")):
        relative = path.relative_to(folder).with_suffix("")
        if any(piece.startswith("_") for piece in relative.parts):
            continue
        name = "purple_scripts." + ".".join(relative.parts)
        if getattr(sys.modules.get(name), "__file__", None) == str(path):
            modules.append(sys.modules[name])  # loaded already
            continue
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise ValueError(f"cannot import rule scripts from {path}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
        except Exception as exc:
            del sys.modules[name]  # a half-run module is not "loaded already" for the next load
            raise ValueError(f"rule scripts {path} failed to import: {type(exc).__name__}: {exc}") from exc
        modules.append(module)
    return modules


def load_scripts(folder: Path | None = None) -> dict[str, type[Script]]:
    """Part → the script for it, from this package's modules or ``folder``'s; two scripts for one part are an error
    naming both."""
    scripts: dict[str, type[Script]] = {}
    for cls in (c for m in (_own_modules() if folder is None else _folder_modules(folder)) for c in scripts_of(m)):
        if cls.part in scripts:
            raise ValueError(f"two scripts for part {cls.part!r}: {scripts[cls.part].__module__}."
                             f"{scripts[cls.part].__qualname__} and {cls.__module__}.{cls.__qualname__}")
        scripts[cls.part] = cls
    return scripts


class ScriptedBrain(CheatBrain):
    """Rule scripts for the public parts, run on every turn (see the package's docstring): this package's, or those
    of ``folder``."""

    def __init__(self, folder: Path | None = None) -> None:
        super().__init__()
        self.scripts = load_scripts(folder)

    async def handle(self, payload: dict[str, Any], context_id: str) -> dict[str, Any] | None:
        reply = await super().handle(payload, context_id)
        run = self.runs.get(context_id)
        # The step the run's scripts asked for in its last turn. Kept on the run, not keyed by id(run): a finished
        # run's id is reused by a later one, which then inherited its scripts' memory ("done") and said nothing.
        if reply is not None and run is not None and run.step is not None:
            reply["time_step"], run.step = iso_duration(run.step), None
        return reply

    async def turn(self, run: CheatRun, ues: UESClient) -> None:
        prompt = "\n".join(str(m.get("content") or "") for m in await user_prompts(ues))
        clock = await call(ues, "GET", "/simulator/time") or {}
        calendar = await call(ues, "GET", "/calendar/state") or {}
        events = list((calendar.get("events") or {}).values())
        inbox, book = await read_inbox(ues), await read_address_book(ues)
        report: list[str] = []
        for key, cls in sorted(self.scripts.items()):
            rules = cls()
            if not rules.applies(prompt):
                continue
            desk = Desk(ues=ues, run=run, now=parse_time(str(clock.get("current_time"))), prompt=prompt,
                        inbox=inbox, book=book, events=events, memory=run.memory.setdefault(key, {}))
            await rules.turn(desk)
            report += desk.report
            if rules.time_step is not None:
                run.step = rules.time_step if run.step is None else min(run.step, rules.time_step)
        if report:
            await say(ues, run, "\n".join(report))
