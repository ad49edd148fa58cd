"""Scenario folders: load, validate, and load their evaluators in a namespace of their own.

A scenario is a folder ``<scenario_id>/`` with ``scenario.json``, ``initial_state.json``, ``evaluators.py``
(optional, may import sibling modules), ``solution.json`` and ``README.md`` (../shared/specs/scenarios.md).
The format is a superset of the reference green agent's, whose scenario folders load unchanged.

A folder may also hold ``generator.py`` with ``generate(seed) -> World``: the scenario's worlds, one per world
seed. The files beside it are world 0 (a test holds ``generate(0)`` to them), so a folder without a generator
is a scenario with a single world.
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
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, Protocol, TypeVar, overload

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from services.ues.client import describe_validation_error, parse_time

if TYPE_CHECKING:  # the context module imports this one (EvalContext.scenario is a ScenarioSpec)
    from green_agent.judging.context import EvalContext

_ID = re.compile(r"^[a-z][a-z0-9_]*$")

# ISO-8601 durations in scenario.json ("PT10M"), parsed by pydantic. Negative ones were never valid.
Duration = Annotated[timedelta, Field(ge=timedelta(0))]
PositiveDuration = Annotated[timedelta, Field(gt=timedelta(0))]


class ScenarioError(ValueError):
    """A scenario folder is broken; the message names the file and the field."""


class ResponseTiming(BaseModel):
    base_delay: Duration = timedelta(minutes=10)
    variance: Duration = timedelta(0)


class ReplyMatch(BaseModel):
    """What a message must be for a scripted rule to answer it; every field given must hold.

    Substring tests (``*_contains``) are the reference format's. The structured ones make a character answer
    what it was asked rather than a word: ``all_of``/``any_of``/``none_of`` are whole words or phrases of the
    subject and body (scenario_kit.facts), ``times_any`` holds when the message names exactly one of these moments
    (a slot the character offered; naming several chooses none), and ``after`` when this character already answered
    with the rule of that id.
    """

    model_config = ConfigDict(extra="forbid")
    # "chat": the user character answering the assistant's chat posts; only rules naming it answer chat.
    modality: Literal["email", "sms", "calendar", "chat"] | None = None
    subject_contains: str | None = None
    body_contains: str | None = None
    thread: str | None = None
    all_of: list[str] = []
    any_of: list[str] = []
    none_of: list[str] = []
    times_any: list[AwareDatetime] = []
    after: str | None = None


class ReplyContent(BaseModel):
    model_config = ConfigDict(extra="forbid")
    body: str = ""
    subject: str | None = None
    delay: Duration | None = None


class ScriptedReply(BaseModel):
    """A scripted character's rule: the first rule whose ``match`` holds answers. ``{placeholders}`` of the reply
    are filled from the message (``name``, ``first_name``, ``subject``, ``body``, ``date``, ``time``, and
    ``slot``: the first ``times_any`` moment the message named, as the character would write it)."""

    model_config = ConfigDict(extra="forbid")
    id: str | None = None
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
    # A newsletter or a no-reply sender: never answers, whoever plays the characters.
    automated: bool = False
    scripted_replies: list[ScriptedReply] = []

    @model_validator(mode="after")
    def _contact(self) -> Character:
        if not self.email and not self.phone:
            raise ValueError("a character needs at least one contact method (email or phone)")
        if self.email:
            self.email = self.email.lower()
        ids = [r.id for r in self.scripted_replies if r.id]
        if len(ids) != len(set(ids)):
            raise ValueError(f"scripted_replies: rule ids must be unique, got {ids}")
        for n, rule in enumerate(self.scripted_replies):
            if rule.match.after is not None and rule.match.after not in ids:
                raise ValueError(f"scripted_replies.{n}.match.after: no rule has id '{rule.match.after}'")
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
    start_time: AwareDatetime
    end_time: AwareDatetime
    default_time_step: PositiveDuration = timedelta(hours=1)
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

    @model_validator(mode="after")
    def _consistent(self) -> ScenarioSpec:
        if self.end_time <= self.start_time:
            raise ValueError("end_time must be after start_time")
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


# --------------------------------------------------------------------------------------------- evaluators
class EvalResult(BaseModel):
    """What an evaluator returns. ``score`` is on the evaluator's own ``max_score`` scale."""

    score: float
    max_score: float
    explanation: str = ""
    details: dict[str, Any] | None = None


class Evaluator(Protocol):
    """``async def <evaluator_id>(ctx, params) -> EvalResult``: scores one criterion of a recorded trial.

    ``params`` is the criterion's ``params`` (a copy). The judge rescales the result to the criterion's
    ``max_score``; an evaluator that raises gives its criterion ``status: "error"``.
    """

    async def __call__(self, ctx: EvalContext, params: dict[str, Any], /) -> EvalResult: ...


_F = TypeVar("_F", bound=Callable[..., Any])
_REGISTERED = "__evaluator_id__"


@overload
def evaluator(fn: _F, /) -> _F: ...
@overload
def evaluator(evaluator_id: str, /) -> Callable[[_F], _F]: ...
def evaluator(target: _F | str, /) -> _F | Callable[[_F], _F]:
    """Register a function of a scenario's ``evaluators.py`` as an evaluator: ``@evaluator`` registers it
    under its own name, ``@evaluator("some_id")`` under that id.

    Registering only marks the function; the loader collects the marked functions that ``evaluators.py``
    holds by name once it has run, and checks there that each fits (async, callable as ``fn(ctx, params)``),
    where its error can name the scenario's file.
    """
    if isinstance(target, str):
        evaluator_id = target

        def register(fn: _F) -> _F:
            setattr(fn, _REGISTERED, evaluator_id)
            return fn
        return register
    setattr(target, _REGISTERED, target.__name__)
    return target


def _fit(fn: Any, evaluator_id: str, path: Path) -> Evaluator:
    """``fn`` if it can serve as an evaluator, else a ScenarioError naming the file and the function."""
    name = getattr(fn, "__qualname__", None) or repr(fn)
    if not inspect.iscoroutinefunction(fn):
        raise ScenarioError(f"{path}: evaluator '{evaluator_id}' ({name}) is not an async function; "
                            f"write it as `async def {name}(ctx, params)`")
    signature = inspect.signature(fn)
    try:
        signature.bind(None, None)
    except TypeError:
        raise ScenarioError(f"{path}: evaluator '{evaluator_id}' ({name}{signature}) cannot be called with "
                            f"(ctx, params); it must take exactly those two parameters") from None
    fitted: Evaluator = fn
    return fitted


def _registered(module: types.ModuleType, path: Path) -> dict[str, Evaluator]:
    found: dict[str, Any] = {}
    for value in vars(module).values():
        evaluator_id = getattr(value, _REGISTERED, None)
        if not isinstance(evaluator_id, str) or found.get(evaluator_id) is value:
            continue
        if evaluator_id in found:
            raise ScenarioError(f"{path}: evaluator '{evaluator_id}' is registered twice "
                                f"({found[evaluator_id].__qualname__} and {value.__qualname__})")
        found[evaluator_id] = value
    return {evaluator_id: _fit(fn, evaluator_id, path) for evaluator_id, fn in found.items()}


def _named(module: types.ModuleType, path: Path, criteria: Iterable[Criterion]) -> dict[str, Evaluator]:
    """The reference format registers nothing: each criterion names its function in ``evaluators.py``."""
    out: dict[str, Evaluator] = {}
    for criterion in criteria:
        evaluator_id = criterion.evaluator_id
        if not evaluator_id or evaluator_id in out:
            continue
        fn = vars(module).get(evaluator_id)
        if fn is None:
            raise ScenarioError(f"{path}: criterion '{criterion.criterion_id}' names evaluator '{evaluator_id}', "
                                f"but there is no function {evaluator_id} (and nothing is registered with "
                                f"@evaluator)")
        out[evaluator_id] = _fit(fn, evaluator_id, path)
    return out


# The reference green agent's evaluators import their types from here; we serve ours under that name.
_REFERENCE_SCHEMA = "src.green.scenarios.schema"


def _reference_shim() -> dict[str, types.ModuleType]:
    from green_agent.judging.context import EvalContext

    modules = {}
    for name in ("src", "src.green", "src.green.scenarios", _REFERENCE_SCHEMA):
        module = types.ModuleType(name)
        module.__path__ = []
        modules[name] = module
    modules[_REFERENCE_SCHEMA].EvalResult = EvalResult  # type: ignore[attr-defined]
    modules[_REFERENCE_SCHEMA].AgentBeatsEvalContext = EvalContext  # type: ignore[attr-defined]
    modules[_REFERENCE_SCHEMA].EvalContext = EvalContext  # type: ignore[attr-defined]
    return modules


def _import_isolated(folder: Path, path: Path) -> types.ModuleType:
    """Run ``path`` without letting its modules leak into (or collide in) ``sys.modules``: sibling modules
    (``import ground_truth``) resolve to this folder's files only, and are removed from ``sys.modules``
    afterwards so the next scenario's siblings load fresh."""
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
    return module


def load_evaluators(folder: Path, criteria: Iterable[Criterion] = ()) -> dict[str, Evaluator]:
    """The evaluators of one scenario folder, by id: exactly those ``evaluators.py`` registers with
    ``@evaluator``, or — when it registers none (the reference format) — the functions the criteria name.

    Every evaluator a criterion names must be there and fit; otherwise a ScenarioError names the file and
    the function.
    """
    programmatic = [c for c in criteria if c.evaluator_id]
    path = folder / "evaluators.py"
    if not path.is_file():
        if programmatic:
            raise ScenarioError(f"{path}: file is missing, but criteria name evaluators "
                                f"{', '.join(sorted({str(c.evaluator_id) for c in programmatic}))}")
        return {}
    module = _import_isolated(folder, path)
    registered = _registered(module, path)
    if not registered:
        return _named(module, path, programmatic)
    for criterion in programmatic:
        evaluator_id = str(criterion.evaluator_id)
        if evaluator_id not in registered:
            hint = (f"function {evaluator_id} is defined but not registered: decorate it with @evaluator"
                    if callable(vars(module).get(evaluator_id)) else
                    f"registered: {', '.join(sorted(registered))}")
            raise ScenarioError(f"{path}: criterion '{criterion.criterion_id}' names evaluator '{evaluator_id}', "
                                f"which is not registered ({hint})")
    return registered


# --------------------------------------------------------------------------------------------- worlds
# The fields of scenario.json a world may change; criteria, ids and versions belong to the scenario.
WORLD_FIELDS = frozenset({"description", "user_prompt", "characters", "start_time", "end_time"})


class World(BaseModel):
    """One draw of a scenario, from its world seed: everything that differs between two worlds of it.

    ``truth`` is what the evaluators grade against (who is urgent, which slot is free, the amount that is
    right) and ``solution`` the oracle's plan; both come from the same draw as the world, so a world can never
    disagree with its own grading. ``spec`` holds the scenario.json fields this world changes
    (``WORLD_FIELDS``).
    """

    model_config = ConfigDict(extra="forbid")
    seed: int
    initial_state: dict[str, Any]
    solution: dict[str, Any] | None = None
    truth: dict[str, Any] = {}
    spec: dict[str, Any] = {}


Generator = Callable[[int], World]
# Generated worlds kept per scenario; an assessment reuses one world across its trials.
_WORLD_CACHE = 16


# --------------------------------------------------------------------------------------------- scenario
@dataclass(frozen=True)
class Scenario:
    """A loaded scenario in one of its worlds: spec, the UES import body, evaluators, oracle plan, the
    world's ground truth, and the content hash. ``library.get`` gives world 0; ``in_world(seed)`` another."""

    folder: Path
    spec: ScenarioSpec
    initial_state: dict[str, Any]
    evaluators: dict[str, Evaluator]
    solution: dict[str, Any] | None
    content_hash: str
    generator: Generator | None = None
    world_seed: int = 0
    truth: dict[str, Any] = field(default_factory=dict)
    _worlds: dict[int, Scenario] = field(default_factory=dict, repr=False, compare=False)

    @property
    def scenario_id(self) -> str:
        return self.spec.scenario_id

    def in_world(self, seed: int) -> Scenario:
        """This scenario in world ``seed`` (generated and validated once, then cached). Without a generator
        every seed is the folder's one world; with one, ``seed`` 0 is the folder's files as well."""
        if self.generator is None or seed == self.world_seed:
            return self
        if seed not in self._worlds:
            if len(self._worlds) >= _WORLD_CACHE:
                self._worlds.pop(next(iter(self._worlds)))
            self._worlds[seed] = self._generate(seed)
        return self._worlds[seed]

    def _generate(self, seed: int) -> Scenario:
        assert self.generator is not None
        where = f"{self.folder / 'generator.py'}: world {seed}"
        try:
            world = self.generator(seed)
            world = World.model_validate(world, from_attributes=True)
        except ValidationError as exc:
            raise ScenarioError(f"{where}: {describe_validation_error(exc)}") from None
        except Exception as exc:  # scenario code is outside input: its failure names the file and the seed
            raise ScenarioError(f"{where}: generate raised {type(exc).__name__}: {exc}") from None
        unknown = sorted(set(world.spec) - WORLD_FIELDS)
        if unknown:
            raise ScenarioError(f"{where}: a world may change only {', '.join(sorted(WORLD_FIELDS))} of "
                                f"scenario.json, not {', '.join(unknown)}")
        try:
            spec = ScenarioSpec.model_validate({**self.spec.model_dump(mode="json"), **world.spec})
        except ValidationError as exc:
            raise ScenarioError(f"{where}: {describe_validation_error(exc)}") from None
        path = self.folder / "generator.py"
        initial = unwrap_initial_state(world.initial_state, path)
        _check_clock(spec, initial, path)
        return Scenario(folder=self.folder, spec=spec, initial_state=initial, evaluators=self.evaluators,
                        solution=world.solution, content_hash=self.content_hash, generator=self.generator,
                        world_seed=seed, truth=world.truth)


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text())
    except FileNotFoundError:
        raise ScenarioError(f"{path}: file is missing") from None
    except ValueError as exc:
        raise ScenarioError(f"{path}: not valid JSON: {exc}") from None


def content_hash(folder: Path) -> str:
    """SHA-256 over every grading-relevant file (everything but docs, caches and hidden files such as a type
    checker's cache), in path order."""
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        inside = path.relative_to(folder).parts
        if path.is_file() and "__pycache__" not in inside and not any(p.startswith(".") for p in inside) \
                and path.suffix not in (".md", ".pyc"):
            digest.update(str(path.relative_to(folder)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def unwrap_initial_state(raw: Any, path: Path) -> dict[str, Any]:
    """Accept the import request (``{"scenario": …}``, the reference format) or the bare scenario."""
    if isinstance(raw, dict) and isinstance(raw.get("scenario"), dict):
        raw = raw["scenario"]
    if not isinstance(raw, dict) or not isinstance(raw.get("environment"), dict):
        raise ScenarioError(f"{path}: expected a UES scenario with metadata, environment and events")
    for part in ("time_state", "modality_states"):
        if not isinstance(raw["environment"].get(part), dict):
            raise ScenarioError(f"{path}: environment.{part} is missing")
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
        raise ScenarioError(f"{spec_path}: {describe_validation_error(exc)}") from None
    if spec.scenario_id != folder.name:
        raise ScenarioError(f"{spec_path}: scenario_id '{spec.scenario_id}' must equal the folder name "
                            f"'{folder.name}'")
    state_path = folder / spec.initial_state
    initial = unwrap_initial_state(_read_json(state_path), state_path)
    _check_clock(spec, initial, state_path)
    evaluators = load_evaluators(folder, spec.criteria)
    solution_path = folder / "solution.json"
    solution = _read_json(solution_path) if solution_path.is_file() else None
    generator = load_generator(folder)
    truth: dict[str, Any] = {}
    if generator is not None:  # world 0's truth is the generator's: the folder's files hold no ground truth
        truth = Scenario(folder=folder, spec=spec, initial_state=initial, evaluators=evaluators, solution=solution,
                         content_hash="", generator=generator)._generate(0).truth
    return Scenario(folder=folder, spec=spec, initial_state=initial, evaluators=evaluators, solution=solution,
                    content_hash=content_hash(folder), generator=generator, truth=truth)


def _check_clock(spec: ScenarioSpec, initial: dict[str, Any], state_path: Path) -> None:
    try:
        clock = parse_time(initial["environment"]["time_state"]["current_time"])
    except (KeyError, TypeError, ValueError) as exc:
        raise ScenarioError(f"{state_path}: environment.time_state.current_time: {exc}") from None
    if clock != spec.start_time:
        raise ScenarioError(f"{state_path}: start_time {spec.start_time.isoformat()} (scenario.json) must equal "
                            f"the initial state's clock {clock.isoformat()}")


def load_generator(folder: Path) -> Generator | None:
    """``generate`` of the folder's ``generator.py`` (None when there is none); a ScenarioError names the file
    when it cannot serve."""
    path = folder / "generator.py"
    if not path.is_file():
        return None
    generate = getattr(_import_isolated(folder, path), "generate", None)
    if not callable(generate):
        raise ScenarioError(f"{path}: defines no function generate(seed) -> World")
    fn: Generator = generate
    return fn


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
