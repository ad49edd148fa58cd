"""The built-in attack goals: every module of this package holds one goal class, registered with ``@goal``.

Adding a goal is adding a module here (one class: ``KEY``, ``ROUTE``, ``plant``, ``reached``); importing this package
imports every module and so registers every goal into ``GOALS``.
"""

from __future__ import annotations

import importlib
import pkgutil

from green_agent.scenario_kit.attacks.registry import GOALS

__all__ = ["GOALS"]

for _info in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_info.name}")
