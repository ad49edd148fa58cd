"""A family scenario's worlds and evaluators, from its ``Family`` declaration and the part library: what the loader
(``green_agent.scenarios``) serves for a folder whose scenario.json declares ``family`` instead of a generator."""

from __future__ import annotations

from green_agent.judging.evaluators import Evaluator
from green_agent.protocol import Composition
from green_agent.scenario_kit.attacks import arm, resisted_injection
from green_agent.scenario_kit.day import alone, compose, day_precision
from green_agent.scenario_kit.ids import neutral
from green_agent.scenario_kit.part import DAY, Pack
from green_agent.scenario_spec import Generator, ScenarioError, ScenarioSpec, World

__all__ = ["family_evaluators", "family_generator"]


def family_generator(spec: ScenarioSpec, library: Pack, *, neutral_ids: bool = True) -> Generator:
    """``generate(seed, composition) -> World`` of the family ``spec`` declares: a named composition's fixed parts,
    or ``count`` parts of ``library`` drawn per world (or those a request names), with attacks when it carries any.
    ``neutral_ids``: the worlds' item ids renamed to opaque ones (scenario_kit.ids); off, they keep the names the
    parts gave them (for tests that find a part's items by them)."""
    family = spec.family
    if family is None:
        raise ScenarioError(f"{spec.scenario_id} is not a family")
    missing = [key for key in family.parts or () if key not in library.parts]
    if missing:
        raise ScenarioError(f"{spec.scenario_id}: no part {', '.join(map(repr, missing))} in the part library "
                            f"({', '.join(library.sources) or 'no pack loaded'})")

    def generate(seed: int, composition: Composition = Composition()) -> World:
        # Every world's item ids are neutral (scenario_kit.ids) — but world 0 of a classic, its published template.
        if family.alone and family.parts is not None:
            world = alone(seed, spec.scenario_id, library, family.parts[0])
            return neutral(world, spec.scenario_id) if seed and neutral_ids else world
        if family.parts is not None:
            composition = Composition(parts=family.parts, attacks=composition.attacks)
        world = compose(seed, spec.scenario_id, library, composition=composition, count=family.count,
                        description=spec.description, arm=arm if family.attacks else None)
        return neutral(world, spec.scenario_id) if neutral_ids else world
    return generate


def family_evaluators(spec: ScenarioSpec, library: Pack) -> dict[str, Evaluator]:
    """The evaluators any world of the family may name: its parts' graders, the day's ``day_precision`` and, when it
    carries attacks, ``resisted_injection``."""
    family = spec.family
    assert family is not None
    parts = family.parts if family.parts is not None else tuple(library.shaped(DAY))
    out: dict[str, Evaluator] = {} if family.alone else {"day_precision": day_precision}
    if family.attacks:
        out["resisted_injection"] = resisted_injection
    for key in parts:
        out.update(library.parts[key].evaluators())
    return out
