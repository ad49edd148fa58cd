"""The ``oracle`` purple: replays a scenario's ``solution.json`` through the UES API with its own key.

It finds its plan where a self-testing green left it for this trial (``<plans dir>/<sha256 of its key>.json``: a
world generated from a seed has its plan nowhere else), or else by reading the user's request in chat and looking
it up among the scenario folders (``<dir>/<id>/scenario.json`` holds the ``user_prompt``, unique per scenario;
``solution.json`` beside it holds the plan of the folder's world). With neither (a generated world and no plans
directory shared with the green) it does nothing and ends the trial at its first turn with ``early_completion``,
whose reason says so: the green puts it in the row's warnings.

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

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import structlog

from services.protocol.messages import MessageType
from services.ues.client import UESClient, UESError

log = structlog.get_logger("purple.oracle")

NO_PLAN = ("oracle baseline: no plan for this world. It replays the published world's solution.json (seed 0) or "
           "a plan the green leaves for each generated world in a directory both share (GREEN_ORACLE_PLANS_DIR on "
           "the green, PURPLE_ORACLE_PLANS_DIR here): run it with seed 0 or share that directory")
NO_PLAN_HERE = ("oracle baseline: no plan for this world in its plans directory, and the user's task is no published "
                "world's. The green must write plans to the same directory (GREEN_ORACLE_PLANS_DIR), or use seed 0")

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


def find_solution(scenarios_dir: Path, prompts: set[str]) -> tuple[str, dict[str, Any]] | None:
    """The id and non-empty solution of the first scenario (by id) whose ``user_prompt`` is one of ``prompts``.

    A folder that cannot be read is skipped with a warning: one broken folder must not blind the oracle to the
    others. The green validates scenarios; the oracle only needs the prompt and the plan.
    """
    folders = sorted(p for p in scenarios_dir.iterdir() if (p / "scenario.json").is_file()) \
        if scenarios_dir.is_dir() else []
    for folder in folders:
        try:
            spec = json.loads((folder / "scenario.json").read_text())
            prompt = spec.get("user_prompt") if isinstance(spec, dict) else None
            if not isinstance(prompt, str):
                raise ValueError("scenario.json has no user_prompt text")
            if prompt not in prompts or not (folder / "solution.json").is_file():
                continue
            solution = json.loads((folder / "solution.json").read_text())
            if not isinstance(solution, dict):
                raise ValueError("solution.json is not a JSON object")
        except (OSError, ValueError) as exc:
            log.warning("oracle_skipped_broken_scenario", scenario=folder.name, error=str(exc))
            continue
        if solution:
            return folder.name, solution
    return None


@dataclass
class OracleRun:
    """One assessment context: where the world is, and which steps are done."""

    ues_url: str
    api_key: str
    steps: list[dict[str, Any]] = field(default_factory=list)
    done: set[int] = field(default_factory=set)
    variables: dict[str, Any] = field(default_factory=dict)
    time_step: str | None = None
    finish_after: int | None = None
    identified: bool = False
    # Why there is nothing to replay (no plan for this world), said once to the green as early_completion's reason.
    no_plan: str | None = None


class OracleBrain:
    """Replays solution plans. ``extra`` names more steps of each plan to play besides its ``steps``: the plan's
    ``reckless_steps`` (its safety violations) and ``injected_steps`` (what the instructions planted in a day's content
    ask for: a day's attacks). The reckless role plays both — it breaks every safety rule a world has —, the gullible
    role only the planted instructions."""

    def __init__(self, scenarios_dir: Path, extra: tuple[str, ...] = (), plans_dir: Path | None = None) -> None:
        self.scenarios_dir = scenarios_dir
        self.plans_dir = plans_dir
        self.extra = extra
        self.runs: dict[str, OracleRun] = {}

    async def handle(self, payload: dict[str, Any], context_id: str) -> dict[str, Any] | None:
        kind = payload.get("message_type")
        if kind == MessageType.ASSESSMENT_START:
            self.runs[context_id] = OracleRun(ues_url=str(payload["ues_url"]).rstrip("/"),
                                              api_key=str(payload["api_key"]))
            return None
        if kind == MessageType.ASSESSMENT_COMPLETE:
            self.runs.pop(context_id, None)
            return None
        if kind != MessageType.TURN_START:
            return None
        run = self.runs.get(context_id)
        if run is None:
            return {"message_type": MessageType.TURN_COMPLETE, "notes": "no assessment_start seen"}
        turn = int(payload.get("turn_number", 1))
        async with UESClient(run.ues_url, run.api_key, timeout_s=30) as ues:
            if not run.identified:
                await self._identify(run, ues)
            if run.no_plan is not None:
                # Said rather than played: a silent 0 % reads as a bad assistant, this is a missing answer key.
                return {"message_type": MessageType.EARLY_COMPLETION, "reason": run.no_plan}
            await self._play(run, ues, turn)
        if run.finish_after is not None and turn >= run.finish_after:
            return {"message_type": MessageType.EARLY_COMPLETION, "reason": "solution complete"}
        reply: dict[str, Any] = {"message_type": MessageType.TURN_COMPLETE, "notes": f"oracle turn {turn}"}
        if run.time_step:
            reply["time_step"] = run.time_step
        return reply

    async def _identify(self, run: OracleRun, ues: UESClient) -> None:
        run.identified = True
        published = self._published(run.api_key)
        found = ("(published for this trial)", published) if published else await self._by_prompt(ues)
        if found is None:
            run.no_plan = NO_PLAN if self.plans_dir is None else NO_PLAN_HERE
            return
        scenario_id, solution = found
        run.steps = list(solution.get("steps", []))
        for key in self.extra:
            run.steps += list(solution.get(key, []))
        run.time_step = solution.get("time_step")
        run.finish_after = solution.get("finish_after_turn")
        log.info("oracle_identified", scenario=scenario_id, steps=len(run.steps))

    def _published(self, api_key: str) -> dict[str, Any] | None:
        if self.plans_dir is None:
            return None
        path = self.plans_dir / f"{hashlib.sha256(api_key.encode()).hexdigest()}.json"
        try:
            plan = json.loads(path.read_text())
        except (OSError, ValueError):
            return None
        return plan if isinstance(plan, dict) and plan else None

    async def _by_prompt(self, ues: UESClient) -> tuple[str, dict[str, Any]] | None:
        try:
            chat = await ues.request("GET", "/chat/state")
        except UESError as exc:
            if exc.status_code is None:
                raise
            chat = {}
        messages = chat.get("messages", []) if isinstance(chat, dict) else []
        prompts = {m["content"] for m in messages if m.get("role") == "user" and isinstance(m.get("content"), str)}
        found = find_solution(self.scenarios_dir, prompts)
        if found is None:
            log.warning("oracle_unknown_scenario", prompts=[p[:80] for p in prompts])
        return found

    async def _read(self, ues: UESClient, spec: dict[str, Any], variables: dict[str, Any]) -> Any:
        """What ``spec`` selects from a read; None when the read is refused."""
        method = spec.get("method") or ("POST" if "body" in spec else "GET")
        try:
            body = await ues.request(method, spec["path"],
                                     json=substitute(spec.get("body"), variables) if method != "GET" else None)
        except UESError as exc:
            if exc.status_code is None:
                raise
            return None
        return select(body, spec.get("select", ""))

    async def _play(self, run: OracleRun, ues: UESClient, turn: int) -> None:
        """Run every step that is due. A refused step counts as done (a plan is replayed, never retried); an
        unreachable UES fails the turn with the step still pending."""
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
            try:
                result = await ues.request(step.get("method", "POST"), step["path"], json=body)
            except UESError as exc:
                if exc.status_code is None:
                    raise
                run.done.add(index)
                log.warning("oracle_step_failed", step=index, path=step["path"], status=exc.status_code,
                            detail=str(exc)[:200])
                continue
            run.done.add(index)
            if result is None or isinstance(result, str):
                result = {"text": result or ""}
            if step.get("id") and isinstance(result, dict):
                found = _CAL_ID.search(str(result.get("message", "")))
                if found:
                    result["calendar_event_id"] = found.group(1)
                run.variables[step["id"]] = result
