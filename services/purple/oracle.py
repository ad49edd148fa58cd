"""The ``oracle`` purple: replays a scenario's ``solution.json`` through the UES API with its own key.

It finds its scenario by reading the user's request in chat and looking it up among the scenario folders
(each scenario's ``user_prompt`` is unique), so it needs nothing from the green beyond the protocol.

``solution.json``::

    {"time_step": "PT1H",                      # optional; default: the scenario's default step
     "finish_after_turn": 4,                   # optional: answer early_completion after this turn
     "steps": [
       {"turn": 1, "method": "POST", "path": "/calendar/create", "body": {...}, "id": "invite"},
       {"turn": 2, "when": {"path": "/calendar/query", "body": {}, "select": "events.0.event_id"},
        "bind": {"ev": {"path": "/calendar/query", "body": {}, "select": "events.0.event_id"}},
        "method": "POST", "path": "/calendar/update", "body": {"event_id": "{{ev}}", "title": "x"}}]}

A step runs at the first turn ≥ ``turn`` where its ``when`` read selects something (no ``when``: at once).
``bind`` reads values into variables; ``{{var}}`` and ``{{step_id.field}}`` in bodies are replaced (a whole
string ``"{{var}}"`` keeps the value's JSON type). A created calendar event's id is saved as
``{{<step id>.calendar_event_id}}``. The ``reckless`` role runs ``steps`` plus ``reckless_steps``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import structlog

from green_agent.scenarios import ScenarioError, ScenarioLibrary

log = structlog.get_logger("purple.oracle")

_VAR = re.compile(r"\{\{\s*([\w.]+)\s*\}\}")
_CAL_ID = re.compile(r"calendar_event_id: ([^)]+)\)")


def select(data: Any, path: str) -> Any:
    """``a.0.b`` into nested dicts/lists; None when any part is missing."""
    for part in path.split(".") if path else []:
        if isinstance(data, list) and part.lstrip("-").isdigit() and -len(data) <= int(part) < len(data):
            data = data[int(part)]
        elif isinstance(data, dict) and part in data:
            data = data[part]
        else:
            return None
    return data


def substitute(value: Any, variables: dict[str, Any]) -> Any:
    if isinstance(value, str):
        whole = _VAR.fullmatch(value)
        if whole:
            return select(variables, whole.group(1))
        return _VAR.sub(lambda m: str(select(variables, m.group(1))), value)
    if isinstance(value, list):
        return [substitute(v, variables) for v in value]
    if isinstance(value, dict):
        return {k: substitute(v, variables) for k, v in value.items()}
    return value


@dataclass
class Run:
    """One assessment context: where the world is, and which steps are done."""

    ues_url: str
    api_key: str
    steps: list[dict[str, Any]] = field(default_factory=list)
    done: set[int] = field(default_factory=set)
    variables: dict[str, Any] = field(default_factory=dict)
    time_step: str | None = None
    finish_after: int | None = None
    identified: bool = False


class OracleBrain:
    """Replays solution plans. ``reckless=True`` adds each plan's ``reckless_steps`` (safety violations)."""

    def __init__(self, scenario_dirs: list[Path], reckless: bool = False) -> None:
        self.library = ScenarioLibrary(*scenario_dirs)
        self.reckless = reckless
        self.runs: dict[str, Run] = {}

    async def handle(self, payload: dict[str, Any], context_id: str) -> dict[str, Any] | None:
        kind = payload.get("message_type")
        if kind == "assessment_start":
            self.runs[context_id] = Run(ues_url=str(payload["ues_url"]).rstrip("/"), api_key=str(payload["api_key"]))
            return None
        if kind == "assessment_complete":
            self.runs.pop(context_id, None)
            return None
        if kind != "turn_start":
            return None
        run = self.runs.get(context_id)
        if run is None:
            return {"message_type": "turn_complete", "notes": "no assessment_start seen"}
        turn = int(payload.get("turn_number", 1))
        async with httpx.AsyncClient(base_url=run.ues_url, headers={"X-API-Key": run.api_key}, timeout=30) as ues:
            if not run.identified:
                await self._identify(run, ues)
            await self._play(run, ues, turn)
        if run.finish_after is not None and turn >= run.finish_after:
            return {"message_type": "early_completion", "reason": "solution complete"}
        reply: dict[str, Any] = {"message_type": "turn_complete", "notes": f"oracle turn {turn}"}
        if run.time_step:
            reply["time_step"] = run.time_step
        return reply

    async def _identify(self, run: Run, ues: httpx.AsyncClient) -> None:
        run.identified = True
        chat = (await ues.get("/chat/state")).json()
        prompts = {m["content"] for m in chat.get("messages", []) if m.get("role") == "user"
                   and isinstance(m.get("content"), str)}
        for scenario_id in self.library.ids():
            try:
                scenario = self.library.get(scenario_id)
            except ScenarioError as exc:  # one broken folder must not blind the oracle to the others
                log.warning("oracle_skipped_broken_scenario", scenario=scenario_id, error=str(exc))
                continue
            if scenario.spec.user_prompt in prompts and scenario.solution:
                solution = scenario.solution
                run.steps = list(solution.get("steps", []))
                if self.reckless:
                    run.steps += list(solution.get("reckless_steps", []))
                run.time_step = solution.get("time_step")
                run.finish_after = solution.get("finish_after_turn")
                log.info("oracle_identified", scenario=scenario_id, steps=len(run.steps))
                return
        log.warning("oracle_unknown_scenario", prompts=[p[:80] for p in prompts])

    async def _read(self, ues: httpx.AsyncClient, spec: dict[str, Any], variables: dict[str, Any]) -> Any:
        method = spec.get("method") or ("POST" if "body" in spec else "GET")
        response = await ues.request(method, spec["path"], json=substitute(spec.get("body"), variables)
                                     if method != "GET" else None)
        return select(response.json(), spec.get("select", "")) if response.status_code < 400 else None

    async def _play(self, run: Run, ues: httpx.AsyncClient, turn: int) -> None:
        for index, step in enumerate(run.steps):
            if index in run.done or int(step.get("turn", 1)) > turn:
                continue
            if "when" in step and await self._read(ues, step["when"], run.variables) in (None, [], {}, ""):
                continue
            bound = {name: await self._read(ues, spec, run.variables) for name, spec in step.get("bind", {}).items()}
            if any(v is None for v in bound.values()):
                continue
            run.variables.update(bound)
            body = substitute(step.get("body"), run.variables)
            response = await ues.request(step.get("method", "POST"), step["path"], json=body)
            run.done.add(index)
            try:
                result = response.json()
            except json.JSONDecodeError:
                result = {"text": response.text}
            if step.get("id") and isinstance(result, dict):
                found = _CAL_ID.search(str(result.get("message", "")))
                if found:
                    result["calendar_event_id"] = found.group(1)
                run.variables[step["id"]] = result
            if response.status_code >= 400:
                log.warning("oracle_step_failed", step=index, path=step["path"], status=response.status_code,
                            detail=response.text[:200])
