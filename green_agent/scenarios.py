"""Scenario folders: load, validate, and load their evaluators in a namespace of their own.

A scenario is a folder ``<scenario_id>/`` with ``scenario.json``, ``initial_state.json``, ``evaluators.py``
(optional, may import sibling modules), ``solution.json`` and ``README.md`` (docs/reference/scenarios.md).
The format is a superset of the reference green agent's, whose scenario folders load unchanged.

A folder may also hold ``generator.py`` with ``generate(seed) -> World``: the scenario's worlds, one per world
seed. The files beside it are world 0 (a test holds ``generate(0)`` to them), so a folder without a generator
is a scenario with a single world. What the files declare is ``green_agent.scenario_spec``.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import json
import sys
import types
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from green_agent.config import GreenSettings
from green_agent.judging.context import EvalContext
from green_agent.judging.evaluators import EvalResult, Evaluator, collect
from green_agent.protocol import Composition
from green_agent.scenario_kit.family import family_evaluators, family_generator
from green_agent.scenario_kit.part import DAY, Pack, PartOrigin, installed_packs, load_pack, pack_folders
from green_agent.scenario_kit.sealed import unseal
from green_agent.scenario_kit.wording_tools import check_wordings
from green_agent.scenario_spec import Criterion, Generator, ScenarioError, ScenarioSpec, World
from services.ues.client import describe_validation_error, parse_time

# The reference green agent's evaluators import their types from here; we serve ours under that name.
_REFERENCE_SCHEMA = "src.green.scenarios.schema"


def _reference_shim() -> dict[str, types.ModuleType]:
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
    """The evaluators of one scenario folder, by id (``judging.evaluators.collect``), its ``evaluators.py`` run in
    a namespace of its own; a ScenarioError names the file when one is missing or does not fit."""
    path = folder / "evaluators.py"
    if not path.is_file():
        programmatic = sorted({str(c.evaluator_id) for c in criteria if c.evaluator_id})
        if programmatic:
            raise ScenarioError(f"{path}: file is missing, but criteria name evaluators {', '.join(programmatic)}")
        return {}
    return collect(_import_isolated(folder, path), path, criteria)


DEFAULT_COMPOSITION = Composition()
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
    parts: tuple[str, ...] = ()  # a family's world: the parts it is composed of
    composition: Composition = DEFAULT_COMPOSITION  # a family's world: what it was composed with beyond its seed
    origins: dict[str, PartOrigin] = field(default_factory=dict)  # a family's: each part's pack and version, by key
    drawable: tuple[str, ...] = ()  # a composable family's: the parts its days are drawn from
    _worlds: dict[tuple[int, Composition], Scenario] = field(default_factory=dict, repr=False, compare=False)

    @property
    def scenario_id(self) -> str:
        return self.spec.scenario_id

    @functools.cached_property
    def world_digest(self) -> str:
        """This world's identity: a hash of what the purple faces and is graded by (the scenario's spec in this world,
        its initial state, its ground truth), so two rows on the same world pair up — on a held-out board too, since
        it reveals neither the seed nor the secret the world was drawn from."""
        content = {"spec": self.spec.model_dump(mode="json"), "initial_state": self.initial_state, "truth": self.truth}
        return hashlib.sha256(json.dumps(content, sort_keys=True, default=str).encode()).hexdigest()[:32]

    def in_world(self, seed: int, composition: Composition = DEFAULT_COMPOSITION) -> Scenario:
        """This scenario in world ``seed`` (generated and validated once, then cached). Without a generator
        every seed is the folder's one world; with one, ``seed`` 0 is the folder's files as well. A family's world
        is also drawn with ``composition`` (which parts, which attacks); any other scenario has only the default."""
        if not composition.default and not (self.spec.family and self.spec.family.composable):
            raise ScenarioError(f"{self.scenario_id} has no parts or attacks to choose (a family drawn from the part "
                                f"library, such as workday, has)")
        key = (seed, composition)
        if self.generator is None or key == (self.world_seed, self.composition):
            return self
        if key not in self._worlds:
            if len(self._worlds) >= _WORLD_CACHE:
                self._worlds.pop(next(iter(self._worlds)))
            self._worlds[key] = self._generate(seed, composition)
        return self._worlds[key]

    def _generate(self, seed: int, composition: Composition = DEFAULT_COMPOSITION) -> Scenario:
        assert self.generator is not None
        source = "scenario.json" if self.spec.family is not None else "generator.py"  # a family's parts draw it
        where = f"{self.folder / source}: world {seed}"
        try:
            world = self.generator(seed, composition) if self.spec.family is not None else self.generator(seed)
            world = World.model_validate(world, from_attributes=True)
        except ValidationError as exc:
            raise ScenarioError(f"{where}: {describe_validation_error(exc)}") from None
        except Exception as exc:  # scenario code is outside input: its failure names the file and the seed
            raise ScenarioError(f"{where}: generate raised {type(exc).__name__}: {exc}") from None
        allowed = self.spec.world_fields
        unknown = sorted(set(world.spec) - allowed)
        if unknown:
            raise ScenarioError(f"{where}: a world may change only {', '.join(sorted(allowed))} of "
                                f"scenario.json, not {', '.join(unknown)}")
        if world.parts and self.spec.family is None:
            raise ScenarioError(f"{where}: only a family (scenario.json \"family\") is composed of parts")
        try:
            spec = ScenarioSpec.model_validate({**self.spec.model_dump(mode="json"), **world.spec})
        except ValidationError as exc:
            raise ScenarioError(f"{where}: {describe_validation_error(exc)}") from None
        missing = sorted({str(c.evaluator_id) for c in spec.criteria if c.evaluator_id} - set(self.evaluators))
        if missing:
            raise ScenarioError(f"{where}: criteria name evaluators that {self.folder / 'evaluators.py'} does not "
                                f"register: {', '.join(missing)}")
        path = self.folder / "generator.py"
        initial = unwrap_initial_state(world.initial_state, path)
        _check_clock(spec, initial, path)
        return Scenario(folder=self.folder, spec=spec, initial_state=initial, evaluators=self.evaluators,
                        solution=world.solution, content_hash=self.content_hash, generator=self.generator,
                        world_seed=seed, truth=world.truth, parts=tuple(world.parts), composition=composition,
                        origins=self.origins, drawable=self.drawable)


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


def read_spec(folder: Path) -> ScenarioSpec:
    """A folder's ``scenario.json``, validated; a ScenarioError names the file and the field."""
    spec_path = Path(folder) / "scenario.json"
    try:
        spec = ScenarioSpec.model_validate(_read_json(spec_path))
    except ValidationError as exc:
        raise ScenarioError(f"{spec_path}: {describe_validation_error(exc)}") from None
    if spec.scenario_id != Path(folder).name:
        raise ScenarioError(f"{spec_path}: scenario_id '{spec.scenario_id}' must equal the folder name "
                            f"'{Path(folder).name}'")
    return spec


def load_scenario(folder: Path, library: Pack | None = None) -> Scenario:
    """Load and validate one scenario folder; raise ScenarioError naming the file and field. A family's worlds and
    evaluators come from ``library`` (the part library: by default the ``parts`` pack beside the folder and the
    installed packs)."""
    folder = Path(folder)
    spec = read_spec(folder)
    state_path = folder / spec.initial_state
    initial = unwrap_initial_state(_read_json(state_path), state_path)
    _check_clock(spec, initial, state_path)
    solution_path = folder / "solution.json"
    solution = _read_json(solution_path) if solution_path.is_file() else None
    digest = content_hash(folder)
    generator: Generator | None
    if spec.family is not None:
        library = library if library is not None else part_library(folder.parent)
        for stray in ("generator.py", "evaluators.py"):
            if (folder / stray).is_file():
                raise ScenarioError(f"{folder / stray}: a family's worlds and graders are its parts'; remove the file")
        generator = family_generator(spec, library)  # first: it names a part the library lacks
        evaluators = family_evaluators(spec, library)
        digest = hashlib.sha256(f"{digest}:{library.digest}".encode()).hexdigest()
    else:
        evaluators, generator = load_evaluators(folder, spec.criteria), load_generator(folder)
    truth: dict[str, Any] = {}
    parts: tuple[str, ...] = ()
    origins = dict(library.origins) if spec.family is not None and library is not None else {}
    drawable = tuple(library.shaped(DAY)) if spec.family is not None and spec.family.composable and library else ()
    if generator is not None:  # world 0's truth is the generator's: the folder's files hold no ground truth
        zero = Scenario(folder=folder, spec=spec, initial_state=initial, evaluators=evaluators, solution=solution,
                        content_hash="", generator=generator, origins=origins, drawable=drawable)._generate(0)
        truth, parts = zero.truth, zero.parts
    return Scenario(folder=folder, spec=spec, initial_state=initial, evaluators=evaluators, solution=solution,
                    content_hash=digest, generator=generator, truth=truth, parts=parts, origins=origins,
                    drawable=drawable)


PARTS_DIR = "parts"  # the part library's pack beside the scenario folders of a root


def part_library(*roots: Path, packs: Sequence[Path] = ()) -> Pack:
    """The parts of the ``parts`` pack of each root that has one, of every installed pack, and of the folder
    ``packs`` (``GREEN_PART_PACKS``: private packs a leaderboard mounts)."""
    library = installed_packs()
    for root in roots:
        if (Path(root) / PARTS_DIR).is_dir():
            library = library.merged(load_pack(Path(root) / PARTS_DIR))
    library = library.merged(pack_folders(packs)) if packs else library
    if library.wordings and library.digest not in _WORDINGS_CHECKED:
        check_wordings(library)
        _WORDINGS_CHECKED.add(library.digest)
    return library


_WORDINGS_CHECKED: set[str] = set()  # libraries (by digest) whose wordings were drawn and held: checked once


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

    def __init__(self, *roots: Path, packs: Sequence[Path] = ()) -> None:
        """``roots``: folders of scenario folders (each may hold the ``parts`` pack); ``packs``: more folder packs of
        parts that the families compose with the public ones."""
        self.roots = [Path(r) for r in roots]
        self.packs = [Path(p) for p in packs]
        self._cache: dict[str, Scenario] = {}
        self._pack: Pack | None = None

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

    def _folder(self, scenario_id: str) -> Path:
        folder = self.folder(scenario_id)
        if folder is None:
            known = ", ".join(self.ids()) or "none"
            raise ScenarioError(f"unknown scenario '{scenario_id}' (known: {known})")
        return folder

    def spec(self, scenario_id: str) -> ScenarioSpec:
        """The scenario's ``scenario.json`` alone (no world drawn, no evaluator loaded)."""
        return read_spec(self._folder(scenario_id))

    def pack(self) -> Pack:
        """The part library of these roots (loaded once)."""
        if self._pack is None:
            self._pack = part_library(*self.roots, packs=self.packs)
        return self._pack

    def get(self, scenario_id: str) -> Scenario:
        if scenario_id not in self._cache:
            folder = self._folder(scenario_id)
            library = self.pack() if read_spec(folder).family is not None else None
            self._cache[scenario_id] = load_scenario(folder, library)
        return self._cache[scenario_id]


def library_for(settings: GreenSettings, *before: Path) -> ScenarioLibrary:
    """The scenario library the settings describe: the scenario folders (after the roots ``before``, when a command
    adds its own), the packs of ``GREEN_PART_PACKS`` and the pack sealed into ``GREEN_PART_PACK_ARCHIVE`` (unpacked
    under the data directory, from as many secrets as it was cut into)."""
    sealed = settings.sealed_pack
    packs = [*settings.part_packs, *([unseal(sealed, settings.data_dir / "packs")] if sealed else [])]
    return ScenarioLibrary(*before, settings.scenarios_dir, packs=packs)
