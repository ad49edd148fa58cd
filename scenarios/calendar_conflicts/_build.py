"""Writes world 0 of calendar_conflicts into the folder: initial_state.json, solution.json and the world fields of
scenario.json (description, user_prompt, characters, start_time, end_time), all from ``generator.generate(0)``.

It checks first that every world it can cheaply draw holds exactly its four clashes and that the oracle's slots
are free. Run from anywhere: ``uv run python scenarios/calendar_conflicts/_build.py``.
"""

from __future__ import annotations

from pathlib import Path

import generator

from green_agent.scenario_kit import build as kit

HERE = Path(__file__).resolve().parent


def check(seeds: range = range(50)) -> None:
    for seed in seeds:
        plan = generator.plan_of(seed)
        expected = {frozenset((c.winner.event_id, c.loser.event_id)) for c in plan.clashes}
        assert generator._pairs(plan.events, str(plan.user.email)) == expected, seed
        for clash in plan.clashes:
            if clash.resolution == "move":
                assert clash.new_start is not None
                slots = {s.strftime("%H:%M") for s in generator._valid_starts(plan, clash)}
                assert clash.new_start in slots, (seed, clash.loser.event_id, clash.new_start)


def main() -> None:
    check()
    world = generator.generate(0)
    kit.write_world(HERE, world)
    print(f"wrote world 0: initial_state.json, solution.json, scenario.json ({len(world.truth['clashes'])} clashes)")


if __name__ == "__main__":
    main()
