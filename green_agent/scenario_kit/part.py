"""A part: one task of a person's day, the only unit of task code — a registered, typed class.

A part (modelled on AgentDojo's ``BaseUserTask``) says what it is (``key``, ``version``, the ``shapes`` it can take),
draws its piece of a world from a stream of its own (``draw(day) -> Slice``: the mail, texts, events and people it
needs, the user's request, the oracle's steps and its typed ``Truth``), and grades what the assistant did with
methods marked ``@grades(...)``: each is one criterion (name, dimension, points) and its grader, a plain function of
the recorded trial and the part's truth. Criteria carry their part as a field (``Criterion.part``).

A module registers its parts with ``@register``; a pack (a folder of such modules, or an installed package named by
an entry point of group ``ENTRY_POINT_GROUP``) is loaded by ``load_pack``, which refuses two parts of one key or two
graders of one id, naming both. Which parts a world holds and the stream each draws from is ``scenario_kit.day``.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.metadata
import importlib.util
import inspect
import pkgutil
import sys
import types
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar, Literal, TypeVar

from green_agent.judging.context import EvalContext
from green_agent.judging.evaluators import EvalResult, Evaluator, evaluator
from green_agent.scenario_kit.phrasing import Phrasebook, Phrasing
from green_agent.scenario_kit.slices import ALONE, DAY, Day, Slice, Truth
from green_agent.scenario_kit.wording import Wording, read_wording
from green_agent.scenario_spec import Criterion, ScenarioError

__all__ = [
    "ALONE",
    "DAY",
    "ENTRY_POINT_GROUP",
    "PUBLIC_PACK",
    "Judged",
    "Pack",
    "Part",
    "PartOrigin",
    "Truth",
    "grades",
    "installed_packs",
    "load_pack",
    "pack_folders",
    "register",
]

# The name of the pack of public parts (scenarios/parts/); a private pack names itself with ``PACK`` in its package.
PUBLIC_PACK = "public"
# Installed packs of parts (a private pack of held-out parts): an entry point of this group names a module or package.
ENTRY_POINT_GROUP = "ues_green.parts"

Dimension = Literal["accuracy", "instruction_following", "efficiency", "safety", "politeness"]
_GRADES = "__grades__"
_REGISTERED = "__part__"
_P = TypeVar("_P", bound="type[Part]")


@dataclass(frozen=True)
class Grade:
    """One criterion of a part, as ``@grades`` declares it; ``criterion_id`` is the grader's name."""

    criterion_id: str
    name: str
    dimension: Dimension
    points: int
    description: str
    required: bool = True
    pass_threshold: float | None = None

    def criterion(self, part: str) -> Criterion:
        return Criterion(criterion_id=self.criterion_id, name=self.name, description=self.description,
                         dimension=self.dimension, max_score=self.points, evaluator_id=self.criterion_id,
                         part=part, required=self.required,
                         pass_threshold=1.0 if self.pass_threshold is None else self.pass_threshold)


@dataclass(frozen=True)
class Judged:
    """A criterion of a part the LLM judge grades (``evaluation_prompt``): a quality no state check can see."""

    criterion_id: str
    name: str
    dimension: Dimension
    points: int
    prompt: str
    description: str = ""
    required: bool = False
    pass_threshold: float = 1.0

    def criterion(self, part: str) -> Criterion:
        return Criterion(criterion_id=self.criterion_id, name=self.name, description=self.description,
                         dimension=self.dimension, max_score=self.points, evaluation_prompt=self.prompt, part=part,
                         required=self.required, pass_threshold=self.pass_threshold)


GraderMethod = Callable[[Any, EvalContext, Any], Awaitable[EvalResult]]
_G = TypeVar("_G", bound=GraderMethod)


def grades(name: str, dimension: Dimension, points: int, description: str, *, required: bool = True,
           pass_threshold: float | None = None) -> Callable[[_G], _G]:
    """Mark a part's method ``async def <criterion_id>(self, ctx, truth) -> EvalResult`` as the grader of one
    criterion: ``points`` is its ``max_score``, the method's name its id. The part's criteria are its graders, in the
    order the class defines them."""
    def mark(fn: _G) -> _G:
        setattr(fn, _GRADES, Grade(fn.__name__, name, dimension, points, description, required, pass_threshold))
        return fn
    return mark


_AnyTruth = Truth  # ``Part.Truth`` names a subclass's model; annotations inside the class mean the base


class Part(ABC):
    """One task. Subclasses set ``key`` (unique in every pack a family loads), ``version`` (bumped when what the part
    draws or how it grades changes: its content is drawn from (world seed, key, version), so a bump changes this part
    alone), ``Truth`` (its truth's model) and implement ``draw``; graders are methods marked ``@grades``."""

    key: ClassVar[str]
    version: ClassVar[int] = 1
    shapes: ClassVar[tuple[str, ...]] = (DAY,)
    Truth: ClassVar[type[_AnyTruth]]
    judged: ClassVar[tuple[Judged, ...]] = ()  # criteria the LLM judge grades, after the graders'
    # How the part words its messages (many phrasings per kind, scenario_kit.phrasing) and how many distinct shapes
    # its task takes (which rule applies, how many options and where the right one sits, ...): both are reported per
    # part, and a test holds ``structures`` to the shapes ``structure`` tells apart over many seeds.
    phrasebook: ClassVar[Phrasebook] = Phrasebook()
    structures: ClassVar[int] = 1
    # The kinds a wording pack words anew in this library (scenario_kit.wording); None: the public words.
    wording: Mapping[str, tuple[Phrasing, ...]] | None = None

    @abstractmethod
    def draw(self, day: Day) -> Slice:
        """This part's piece of the world, drawn from ``day.rng`` (its own stream) and ``day``'s frame."""

    def structure(self, truth: Any) -> str:
        """The shape of the task a world drew (``truth`` is this part's): one of ``structures`` labels."""
        return "one"

    @classmethod
    def grades(cls) -> list[Grade]:
        """The part's criteria as declared, in definition order."""
        return [getattr(fn, _GRADES) for fn in vars(cls).values() if isinstance(getattr(fn, _GRADES, None), Grade)]

    @classmethod
    def criteria(cls) -> list[Criterion]:
        """The criteria a world holding this part grades it by (``Criterion.part`` = ``key``): its graders', then the
        judged ones."""
        declared: list[Grade | Judged] = [*cls.grades(), *cls.judged]
        return [grade.criterion(cls.key) for grade in declared]

    def evaluators(self) -> dict[str, Evaluator]:
        """The part's graders as evaluators (``judging.evaluators.Evaluator``): each reads this part's truth from the
        world's and validates it into ``Truth`` before grading."""
        out: dict[str, Evaluator] = {}
        for grade in self.grades():
            out[grade.criterion_id] = _bound(self, getattr(self, grade.criterion_id))
        return out

    def truth_of(self, ctx: EvalContext) -> _AnyTruth:
        """This part's truth in the trial's world."""
        return self.Truth.model_validate(ctx.truth["parts"][self.key])


def _bound(part: Part, method: Callable[[EvalContext, Any], Awaitable[EvalResult]]) -> Evaluator:
    async def evaluate(ctx: EvalContext, params: dict[str, Any], /) -> EvalResult:
        return await method(ctx, part.truth_of(ctx))
    evaluate.__qualname__ = f"{type(part).__qualname__}.{method.__name__}"
    return evaluator(method.__name__)(evaluate)  # registered under the criterion's id, like a folder's evaluators


def register(cls: _P) -> _P:
    """Register a part class of a pack's module (a pack collects exactly the classes so marked)."""
    if not (inspect.isclass(cls) and issubclass(cls, Part)):
        raise TypeError(f"@register marks Part subclasses, not {cls!r}")
    for attr in ("key", "Truth"):
        if not hasattr(cls, attr):
            raise TypeError(f"part {cls.__qualname__} sets no {attr}")
    setattr(cls, _REGISTERED, True)
    return cls


def _where(cls: type) -> str:
    return f"{cls.__module__.rpartition('.')[2]}.{cls.__qualname__}"


@dataclass(frozen=True)
class PartOrigin:
    """Which pack a part came from and its version: rows and provenance name it, so a score says which task (public,
    or of a private pack nobody has seen) at which version earned it."""

    pack: str
    version: int
    wording: str | None = None  # the pack whose wording the part's worlds use (None: its own)


@dataclass
class Pack:
    """Parts by key, loaded from one or more packs; their graders by criterion id, their packs by key."""

    parts: dict[str, Part] = field(default_factory=dict)
    evaluators: dict[str, Evaluator] = field(default_factory=dict)
    origins: dict[str, PartOrigin] = field(default_factory=dict)
    sources: list[str] = field(default_factory=list)  # what was loaded, for messages
    digest: str = ""  # over the packs' files: a world's content hash covers the parts it may hold
    wordings: dict[str, Wording] = field(default_factory=dict)  # part key → a pack's wording of it

    def add(self, cls: type[Part], origin: str, pack: str) -> None:
        """Add a registered part of the pack named ``pack``; a ScenarioError names both when its key or a grader's
        id is taken."""
        if cls.key in self.parts:
            other = type(self.parts[cls.key])
            raise ScenarioError(f"{origin}: part key {cls.key!r} of {_where(cls)} is also the key of {_where(other)} "
                                f"(pack {self.origins[cls.key].pack!r})")
        part = cls()
        graders = part.evaluators()
        for criterion_id in graders:
            owner = self._owner(criterion_id)
            if owner is not None:
                raise ScenarioError(f"{origin}: grader {criterion_id!r} of {_where(cls)} is also a grader of {owner}")
        self.parts[cls.key] = part
        self.origins[cls.key] = PartOrigin(pack=pack, version=cls.version)
        self.evaluators.update(graders)

    def shaped(self, shape: str) -> dict[str, Part]:
        """The parts that can be drawn in ``shape`` (``DAY``: one task among others in a day), by key."""
        return {key: part for key, part in self.parts.items() if shape in part.shapes}

    def _owner(self, criterion_id: str) -> str | None:
        for part in self.parts.values():
            if any(g.criterion_id == criterion_id for g in part.grades()):
                return _where(type(part))
        return None

    def merged(self, other: Pack) -> Pack:
        """This pack and ``other`` together (the same refusals as ``add``)."""
        out = Pack(sources=[*self.sources, *other.sources],
                   digest=hashlib.sha256(f"{self.digest}:{other.digest}".encode()).hexdigest())
        for pack in (self, other):
            for key, part in pack.parts.items():
                out.add(type(part), ", ".join(pack.sources), pack.origins[key].pack)
            out.add_wordings(pack.wordings)
        return out

    def add_wordings(self, wordings: Mapping[str, Wording]) -> None:
        """Word the parts ``wordings`` names anew (those not held yet, when they join); a ScenarioError names both
        packs when two word one part."""
        for key, wording in wordings.items():
            held = self.wordings.get(key)
            if held is not None and held is not wording:
                raise ScenarioError(f"{wording.source}: words part {key!r}, which {held.source} words too")
            self.wordings[key] = wording
        for key, wording in self.wordings.items():
            if key in self.parts:
                self.parts[key].wording = wording.kinds
                self.origins[key] = replace(self.origins[key], wording=wording.pack)


def _collect(modules: Iterable[types.ModuleType], origin: str, name: str) -> Pack:
    pack = Pack(sources=[origin])
    for module in modules:
        for value in vars(module).values():
            if inspect.isclass(value) and issubclass(value, Part) and vars(value).get(_REGISTERED) \
                    and value.__module__ == module.__name__:
                pack.add(value, origin, name)
    return pack


def _pack_name(package: types.ModuleType, default: str) -> str:
    """A pack's name: its package's ``PACK`` string when it sets one, else ``default``."""
    name = getattr(package, "PACK", None)
    return name if isinstance(name, str) and name else default


_LOADED: dict[Path, tuple[str, Pack]] = {}


def _digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*.py")):
        if "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(folder)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def load_pack(folder: Path) -> Pack:
    """The parts registered by the modules of ``folder`` (a pack: one module or subpackage per part, importable as a
    package of its own), loaded once per content; a ScenarioError names the module that fails to import."""
    folder = Path(folder).resolve()
    digest = _digest(folder)
    cached = _LOADED.get(folder)
    if cached is not None and cached[0] == digest:
        return cached[1]
    name = f"_pack_{hashlib.sha256(str(folder).encode()).hexdigest()[:10]}_{digest[:8]}"
    spec = importlib.util.spec_from_file_location(name, folder / "__init__.py",
                                                  submodule_search_locations=[str(folder)])
    if spec is None or spec.loader is None:
        raise ScenarioError(f"{folder}: not a pack of parts")
    package = importlib.util.module_from_spec(spec)
    sys.modules[name] = package  # its modules import as ``<name>.<module>``; dataclasses and pickling look them up
    if (folder / "__init__.py").is_file():
        try:
            spec.loader.exec_module(package)
        except Exception as exc:  # a pack is outside input: its failure names the file
            raise ScenarioError(f"{folder / '__init__.py'}: failed to import: {type(exc).__name__}: {exc}") from None
    named = _pack_name(package, folder.name)
    pack = _collect(_submodules(name, folder), str(folder), named)
    pack.add_wordings(read_wording(getattr(package, "WORDING", None), str(folder / "__init__.py"), named))
    pack.digest = digest
    _LOADED[folder] = (digest, pack)
    return pack


def _submodules(package: str, folder: Path) -> Iterator[types.ModuleType]:
    """Every module of the pack, subpackages' too (a part as large as a classic scenario is a package of modules)."""
    for info in sorted(pkgutil.walk_packages([str(folder)], prefix=f"{package}."), key=lambda i: i.name):
        if info.name.rpartition(".")[2].startswith("_"):
            continue
        try:
            yield importlib.import_module(info.name)
        except ScenarioError:
            raise
        except Exception as exc:  # a part's module is outside input: its failure names the file
            where = folder.joinpath(*info.name.split(".")[1:])
            raise ScenarioError(f"{where}: failed to import: {type(exc).__name__}: {exc}") from None


def installed_packs() -> Pack:
    """The parts of every installed pack (entry points of group ``ENTRY_POINT_GROUP``, each a module or package)."""
    pack = Pack()
    for entry in sorted(importlib.metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        module = entry.load()
        modules = [module]
        if hasattr(module, "__path__"):
            modules += [importlib.import_module(f"{module.__name__}.{i.name}")
                        for i in pkgutil.iter_modules(module.__path__)]
        origin, named = f"entry point {entry.name} ({entry.value})", _pack_name(module, entry.name)
        found = _collect(modules, origin, named)
        found.add_wordings(read_wording(getattr(module, "WORDING", None), origin, named))
        pack = pack.merged(found)
    return pack


def pack_folders(folders: Iterable[Path]) -> Pack:
    """The parts of several folder packs together (``GREEN_PART_PACKS``); a ScenarioError names a folder that is
    missing or holds no part."""
    pack = Pack()
    for folder in folders:
        if not Path(folder).is_dir():
            raise ScenarioError(f"{folder}: no such folder (a pack of parts named by GREEN_PART_PACKS)")
        found = load_pack(Path(folder))
        if not found.parts and not found.wordings:
            raise ScenarioError(f"{folder}: registers no part and words none (a pack's modules mark Part classes "
                                f"with @register; its package's WORDING words public ones)")
        pack = pack.merged(found)
    return pack
