"""The evaluators of every part a workday may hold, the day's own (``day_precision``) and the attacks'
(``resisted_injection``), gathered into this module's namespace, where a scenario's evaluators are collected from."""

from __future__ import annotations

from parts import MODULES

from green_agent.judging.evaluators import registered_in
from green_agent.scenario_kit.attacks import resisted_injection
from green_agent.scenario_kit.day import day_precision

__all__ = ["day_precision", "resisted_injection"]

for _module in MODULES:
    globals().update(registered_in(_module))
