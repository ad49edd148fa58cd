"""The registry of attack goals: key → goal class, filled by the ``@goal`` decorator.

A goal registers when its module is imported (the built-in goals: every module of ``attacks/goals``). Registration
checks what would otherwise surface as a wrong world much later: a key that is not a plain name, a class that is not
a complete ``Goal``, and a second goal of a key or of a draw place already taken, each refused naming both classes.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator, Mapping
from typing import TypeVar

from green_agent.scenario_kit.attacks.goal import Goal

__all__ = ["GOALS", "GoalRegistry", "goal"]

_G = TypeVar("_G", bound=type[Goal])
# A goal's key is one segment of an attack id (``goal/style/carrier``), as a request's config may name it.
_KEY = re.compile(r"^[a-z][a-z0-9_]*$")


def _name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


class GoalRegistry(Mapping[str, type[Goal]]):
    """Goals by key, iterated in the order a seed draws them from (``Goal.DRAW_ORDER``, then by key)."""

    def __init__(self, goals: Mapping[str, type[Goal]] | None = None) -> None:
        self._goals: dict[str, type[Goal]] = dict(goals or {})

    def register(self, cls: _G) -> _G:
        """Register goal class ``cls`` under its ``KEY`` (a class decorator). Raises ValueError naming the problem: a
        key that is missing or not a plain name, a class that is abstract or has no ``ROUTE``, or a key or draw place
        another class holds (naming both)."""
        if not (isinstance(cls, type) and issubclass(cls, Goal)):
            raise ValueError(f"{cls!r} is not a Goal class: only subclasses of Goal can be registered as goals")
        key = getattr(cls, "KEY", None)
        if not isinstance(key, str) or not _KEY.match(key):
            raise ValueError(f"goal {_name(cls)}: KEY must be a name of lower-case letters, digits and underscores "
                             f"(it is one segment of goal/style/carrier), not {key!r}")
        if not isinstance(getattr(cls, "ROUTE", None), str):
            raise ValueError(f"goal {_name(cls)}: ROUTE (the call the tool_names style names) is not set")
        if inspect.isabstract(cls):
            missing = ", ".join(sorted(getattr(cls, "__abstractmethods__", ())))
            raise ValueError(f"goal {_name(cls)}: does not implement {missing}")
        other = self._goals.get(key)
        if other is not None and other is not cls:
            raise ValueError(f"goal {key!r} of {_name(cls)} is already registered by {_name(other)}")
        taken = [g for g in self._goals.values() if g is not cls and cls.DRAW_ORDER is not None
                 and g.DRAW_ORDER == cls.DRAW_ORDER]
        if taken:
            raise ValueError(f"goal {key!r} of {_name(cls)}: DRAW_ORDER {cls.DRAW_ORDER} is already taken by goal "
                             f"{taken[0].KEY!r} of {_name(taken[0])}")
        self._goals[key] = cls
        return cls

    def goal(self, key: str) -> Goal:
        """The goal registered under ``key``; ValueError naming the goals there are when none is."""
        cls = self._goals.get(key)
        if cls is None:
            raise ValueError(f"no goal {key!r} (the goals: {', '.join(self)})")
        return cls()

    def copy(self) -> GoalRegistry:
        """A registry holding the same goals, to register more into without changing this one."""
        return GoalRegistry(self._goals)

    def __getitem__(self, key: str) -> type[Goal]:
        return self._goals[key]

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._goals, key=lambda k: _place(self._goals[k])))

    def __len__(self) -> int:
        return len(self._goals)


def _place(cls: type[Goal]) -> tuple[bool, int, str]:
    """Where ``cls`` comes in the draw: by its DRAW_ORDER; goals without one after those that have one, by key."""
    return cls.DRAW_ORDER is None, cls.DRAW_ORDER or 0, cls.KEY


# The goals every family's attacks are drawn from; ``@goal`` registers into it.
GOALS = GoalRegistry()
goal = GOALS.register
