"""Evaluators: what a scenario's ``evaluators.py`` registers with ``@evaluator``, what an evaluator returns, and
how the registered (or, in the reference format, named) functions of a loaded module are collected and checked."""

from __future__ import annotations

import inspect
import types
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Protocol, TypeVar, overload

from pydantic import BaseModel

from green_agent.judging.context import EvalContext
from green_agent.scenario_spec import Criterion, ScenarioError


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


def registered_in(module: types.ModuleType) -> dict[str, Any]:
    """The functions ``module`` registers with ``@evaluator``, by attribute name: an ``evaluators.py`` that gathers
    the evaluators of several modules (a family's parts) puts these into its own namespace."""
    return {name: value for name, value in vars(module).items() if isinstance(getattr(value, _REGISTERED, None), str)}


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


def collect(module: types.ModuleType, path: Path, criteria: Iterable[Criterion]) -> dict[str, Evaluator]:
    """The evaluators of a scenario's imported ``evaluators.py`` (``path``), by id: exactly those it registers with
    ``@evaluator``, or — when it registers none (the reference format) — the functions the criteria name.

    Every evaluator a criterion names must be there and fit; otherwise a ScenarioError names the file and the
    function."""
    programmatic = [c for c in criteria if c.evaluator_id]
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
