"""Scenario folders: load, validate, and load their evaluators in a namespace of their own.

A scenario is a folder ``<scenario_id>/`` with ``scenario.json``, ``initial_state.json``, ``evaluators.py``
(optional, may import sibling modules), ``solution.json`` and ``README.md`` (../shared/specs/scenarios.md).
The format is a superset of the reference green agent's, whose scenario folders load unchanged.
"""

from __future__ import annotations

import hashlib
import importlib.util
import inspect
import json
import re
import sys
import types
import uuid
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from services.ues.timeutil import parse_dt, parse_duration

_ID = re.compile(r"^[a-z][a-z0-9_]*$")


class ScenarioError(ValueError):
    """A scenario folder is broken; the message names the file and the field."""


def _duration(value: str) -> str:
    parse_duration(value)
    return value


class ResponseTiming(BaseModel):
    base_delay: str = "PT10M"
    variance: str = "PT0S"

    _check = field_validator("base_delay", "variance")(classmethod(lambda cls, v: _duration(v)))

    @property
    def base(self) -> timedelta:
        return parse_duration(self.base_delay)

    @property
    def spread(self) -> timedelta:
        return parse_duration(self.variance)


class ReplyMatch(BaseModel):
    model_config = ConfigDict(extra="forbid")
    modality: Literal["email", "sms", "calendar"] | None = None
    subject_contains: str | None = None
    body_contains: str | None = None
    thread: str | None = None


class ReplyContent(BaseModel):
    model_config = ConfigDict(extra="forbid")
    body: str = ""
    subject: str | None = None
    delay: str | None = None

    _check = field_validator("delay")(classmethod(lambda cls, v: v if v is None else _duration(v)))


class ScriptedReply(BaseModel):
    model_config = ConfigDict(extra="forbid")
    match: ReplyMatch = ReplyMatch()
    reply: ReplyContent | None = None
    rsvp: Literal["accepted", "declined", "tentative"] | None = None

    @model_validator(mode="after")
    def _something(self) -> ScriptedReply:
        if self.reply is None and self.rsvp is None:
            raise ValueError("a scripted reply needs `reply`, `rsvp`, or both")
        return self


class Character(BaseModel):
    name: str = Field(min_length=1)
    email: str | None = None
    phone: str | None = None
    personality: str = ""
    relationships: dict[str, str] = {}
    response_timing: ResponseTiming = ResponseTiming()
    special_instructions: str | None = None
    scripted_replies: list[ScriptedReply] = []

    @model_validator(mode="after")
    def _contact(self) -> Character:
        if not self.email and not self.phone:
            raise ValueError("a character needs at least one contact method (email or phone)")
        if self.email:
            self.email = self.email.lower()
        return self


class Criterion(BaseModel):
    criterion_id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    description: str = ""
    dimension: Literal["accuracy", "instruction_following", "efficiency", "safety", "politeness"]
    max_score: float = Field(ge=1, le=100)
    evaluator_id: str | None = None
    evaluation_prompt: str | None = None
    params: dict[str, Any] = {}
    required: bool = False
    # Fraction of max_score a required criterion needs to count as met (1.0 = full marks).
    pass_threshold: float = Field(default=1.0, gt=0, le=1)

    @model_validator(mode="after")
    def _method(self) -> Criterion:
        if not self.evaluator_id and not self.evaluation_prompt:
            raise ValueError("a criterion needs an evaluator_id or an evaluation_prompt")
        return self

    @property
    def method(self) -> Literal["programmatic", "llm"]:
        return "programmatic" if self.evaluator_id else "llm"


class ScenarioSpec(BaseModel):
    """``scenario.json``."""

    scenario_id: str
    name: str = Field(min_length=1)
    description: str = Field(min_length=1)
    version: str = "1"
    start_time: datetime
    end_time: datetime
    default_time_step: str = "PT1H"
    max_turns: int | None = Field(default=None, ge=1)
    user_prompt: str = Field(min_length=1)
    user_character: str
    characters: dict[str, Character]
    criteria: list[Criterion] = Field(min_length=1)
    initial_state: str = "initial_state.json"
    chat_conversation_id: str = "user-assistant"

    @field_validator("scenario_id")
    @classmethod
    def _id(cls, value: str) -> str:
        if not _ID.match(value):
            raise ValueError("must match ^[a-z][a-z0-9_]*$")
        return value

    @field_validator("start_time", "end_time")
    @classmethod
    def _aware(cls, value: datetime) -> datetime:
        if value.tzinfo is None:
            raise ValueError("must be timezone-aware (e.g. end with Z or +00:00)")
        return value

    _step = field_validator("default_time_step")(classmethod(lambda cls, v: _duration(v)))

    @model_validator(mode="after")
    def _consistent(self) -> ScenarioSpec:
        if self.end_time <= self.start_time:
            raise ValueError("end_time must be after start_time")
        if parse_duration(self.default_time_step) <= timedelta(0):
            raise ValueError("default_time_step must be positive")
        if self.user_character not in self.characters:
            raise ValueError(f"user_character '{self.user_character}' is not a key of characters")
        seen: dict[str, str] = {}
        for cid, char in self.characters.items():
            for contact in (char.email, char.phone):
                if contact and contact in seen:
                    raise ValueError(f"characters.{cid}: contact {contact} is also used by {seen[contact]}")
                if contact:
                    seen[contact] = cid
        ids = [c.criterion_id for c in self.criteria]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"criteria: duplicate criterion_id {', '.join(dupes)}")
        return self

    @property
    def default_step(self) -> timedelta:
        return parse_duration(self.default_time_step)


# --------------------------------------------------------------------------------------------- evaluators
class EvalResult(BaseModel):
    """What an evaluator returns. ``score`` is on the evaluator's own ``max_score`` scale."""

    score: float
    max_score: float
    explanation: str = ""
    details: dict[str, Any] | None = None


Evaluator = Callable[[Any, dict[str, Any]], Any]

# The reference green agent's evaluators import their types from here; we serve ours under that name.
_REFERENCE_SCHEMA = "src.green.scenarios.schema"


def _reference_shim() -> dict[str, types.ModuleType]:
    from green_agent.judging.context import EvalContext

    modules = {}
    for name in ("src", "src.green", "src.green.scenarios", _REFERENCE_SCHEMA):
        module = types.ModuleType(name)
        module.__path__ = []  # type: ignore[attr-defined]
        modules[name] = module
    modules[_REFERENCE_SCHEMA].EvalResult = EvalResult  # type: ignore[attr-defined]
    modules[_REFERENCE_SCHEMA].AgentBeatsEvalContext = EvalContext  # type: ignore[attr-defined]
    modules[_REFERENCE_SCHEMA].EvalContext = EvalContext  # type: ignore[attr-defined]
    return modules


def load_evaluators(folder: Path) -> dict[str, Evaluator]:
    """Import ``evaluators.py`` of one scenario without letting its modules leak into (or collide in)
    ``sys.modules``: sibling modules (``import ground_truth``) resolve to this folder's files only, and
    are removed from ``sys.modules`` afterwards so the next scenario's siblings load fresh."""
    path = folder / "evaluators.py"
    if not path.is_file():
        return {}
    siblings = {p.stem for p in folder.glob("*.py")} | {p.name for p in folder.iterdir()
                                                        if p.is_dir() and (p / "__init__.py").is_file()}
    shim = _reference_shim()
    saved = {name: sys.modules.pop(name) for name in list(sys.modules)
             if name.split(".")[0] in siblings or name in shim}
    sys.modules.update(shim)
    sys.path.insert(0, str(folder))
    unique = f"_scenario_{folder.name}_{uuid.uuid4().hex[:8]}"
    try:
        spec = importlib.util.spec_from_file_location(unique, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        # Registered while it runs: dataclasses, pickling and typing look a module up by name.
        sys.modules[unique] = module
        try:
            spec.loader.exec_module(module)
        except Exception as exc:
            raise ScenarioError(f"{path}: failed to import: {type(exc).__name__}: {exc}") from None
    finally:
        sys.path.remove(str(folder))
        for name in list(sys.modules):
            if name.split(".")[0] in siblings or name in shim or name == unique:
                del sys.modules[name]
        sys.modules.update(saved)
    return {name: fn for name, fn in vars(module).items()
            if inspect.iscoroutinefunction(fn) and not name.startswith("_")
            and fn.__module__ == unique and len(inspect.signature(fn).parameters) >= 2}


# --------------------------------------------------------------------------------------------- scenario
class Scenario(BaseModel):
    """A loaded scenario: spec, the UES import body, evaluators, oracle plan and content hash."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    folder: Path
    spec: ScenarioSpec
    initial_state: dict[str, Any]
    evaluators: dict[str, Any]
    solution: dict[str, Any] | None
    content_hash: str

    @property
    def scenario_id(self) -> str:
        return self.spec.scenario_id


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text())
    except FileNotFoundError:
        raise ScenarioError(f"{path}: file is missing") from None
    except ValueError as exc:
        raise ScenarioError(f"{path}: not valid JSON: {exc}") from None


def content_hash(folder: Path) -> str:
    """SHA-256 over every grading-relevant file (everything but docs and caches), in path order."""
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".md", ".pyc"):
            digest.update(str(path.relative_to(folder)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def unwrap_initial_state(raw: Any, path: Path) -> dict[str, Any]:
    """Accept the import request (``{"scenario": …}``, the reference format) or the bare scenario."""
    if isinstance(raw, dict) and isinstance(raw.get("scenario"), dict):
        raw = raw["scenario"]
    if not isinstance(raw, dict) or not isinstance(raw.get("environment"), dict):
        raise ScenarioError(f"{path}: expected a UES scenario with metadata, environment and events")
    for field in ("time_state", "modality_states"):
        if not isinstance(raw["environment"].get(field), dict):
            raise ScenarioError(f"{path}: environment.{field} is missing")
    missing = [m for m in ("email", "sms", "calendar", "chat") if m not in raw["environment"]["modality_states"]]
    if missing:
        raise ScenarioError(f"{path}: environment.modality_states lacks {', '.join(missing)} "
                            f"(all of email, sms, calendar, chat are required)")
    if not isinstance(raw.get("events"), dict) or not isinstance(raw["events"].get("events"), list):
        raise ScenarioError(f"{path}: events.events must be a list")
    return raw


def load_scenario(folder: Path) -> Scenario:
    """Load and validate one scenario folder; raise ScenarioError naming the file and field."""
    folder = Path(folder)
    spec_path = folder / "scenario.json"
    raw = _read_json(spec_path)
    try:
        spec = ScenarioSpec.model_validate(raw)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc']) or '(root)'}: {e['msg']}"
                             for e in exc.errors()[:5])
        raise ScenarioError(f"{spec_path}: {problems}") from None
    if spec.scenario_id != folder.name:
        raise ScenarioError(f"{spec_path}: scenario_id '{spec.scenario_id}' must equal the folder name "
                            f"'{folder.name}'")
    state_path = folder / spec.initial_state
    initial = unwrap_initial_state(_read_json(state_path), state_path)
    try:
        clock = parse_dt(initial["environment"]["time_state"]["current_time"])
    except (KeyError, ValueError) as exc:
        raise ScenarioError(f"{state_path}: environment.time_state.current_time: {exc}") from None
    if clock != spec.start_time:
        raise ScenarioError(f"{spec_path}: start_time {spec.start_time.isoformat()} must equal the initial "
                            f"state's clock {clock.isoformat()} ({state_path.name})")
    evaluators = load_evaluators(folder)
    for criterion in spec.criteria:
        if criterion.evaluator_id and criterion.evaluator_id not in evaluators:
            raise ScenarioError(f"{spec_path}: criteria[{criterion.criterion_id}].evaluator_id "
                                f"'{criterion.evaluator_id}' is not an async function in evaluators.py")
    solution_path = folder / "solution.json"
    solution = _read_json(solution_path) if solution_path.is_file() else None
    return Scenario(folder=folder, spec=spec, initial_state=initial, evaluators=evaluators, solution=solution,
                    content_hash=content_hash(folder))


class ScenarioLibrary:
    """The scenario folders under one or more directories, loaded on demand and cached."""

    def __init__(self, *roots: Path) -> None:
        self.roots = [Path(r) for r in roots]
        self._cache: dict[str, Scenario] = {}

    def ids(self) -> list[str]:
        found = set()
        for root in self.roots:
            if root.is_dir():
                found |= {p.name for p in root.iterdir() if (p / "scenario.json").is_file()}
        return sorted(found)

    def folder(self, scenario_id: str) -> Path | None:
        for root in self.roots:
            if (root / scenario_id / "scenario.json").is_file():
                return root / scenario_id
        return None

    def get(self, scenario_id: str) -> Scenario:
        if scenario_id not in self._cache:
            folder = self.folder(scenario_id)
            if folder is None:
                known = ", ".join(self.ids()) or "none"
                raise ScenarioError(f"unknown scenario '{scenario_id}' (known: {known})")
            self._cache[scenario_id] = load_scenario(folder)
        return self._cache[scenario_id]
