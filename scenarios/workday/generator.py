"""The workday family: world ``seed`` is one user's day composed of 3–6 parts (``parts/``), drawn from the seed."""

from __future__ import annotations

from parts import PARTS

from green_agent.protocol import Composition
from green_agent.scenario_kit.attacks import arm
from green_agent.scenario_kit.day import compose
from green_agent.scenario_kit.world import World

DESCRIPTION = "One user's workday: several everyday tasks asked for at once, each graded on its own."


def generate(seed: int, composition: Composition = Composition()) -> World:
    return compose(seed, "workday", PARTS, composition=composition, description=DESCRIPTION, arm=arm)
