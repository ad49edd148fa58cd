"""The parts a workday is composed of: key → ``draw(day) -> Slice`` (green_agent.scenario_kit.day).

Every module of this package is a part (its ``KEY``, its ``draw`` and the evaluators it registers): adding a part is
adding a module, and importing this package registers every part's evaluators.
"""

from __future__ import annotations

import importlib
import pkgutil

from green_agent.scenario_kit.day import Part

MODULES = [importlib.import_module(f"{__name__}.{info.name}") for info in pkgutil.iter_modules(__path__)]
PARTS: dict[str, Part] = {module.KEY: module.draw for module in MODULES}
