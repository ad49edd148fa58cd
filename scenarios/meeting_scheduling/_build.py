"""Writes world 0 of meeting_scheduling into the folder and checks the slot arithmetic of a spread of worlds.

Run from anywhere: ``uv run python scenarios/meeting_scheduling/_build.py``. It writes ``initial_state.json`` and
``solution.json`` from ``generator.generate(0)`` and sets the world fields of ``scenario.json`` (description,
user_prompt, characters, start_time, end_time) to world 0's, keeping everything else of that file.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import generator
import ground_truth as gt

from green_agent.scenario_kit import build as kit

HERE = Path(__file__).resolve().parent
WORLD0_VALID = ["2026-03-10T15:00:00+00:00", "2026-03-11T11:00:00+00:00"]


def check(seed: int) -> list[str]:
    """World ``seed``'s valid starts, recomputed from what the world says (every calendar event of the user, the
    invitees' busy times and rules); asserts that the truth agrees and that there are exactly two."""
    world = generator.generate(seed)
    events = world.initial_state["scenario"]["environment"]["modality_states"]["calendar"]["events"]
    busy: dict[str, list[tuple[datetime, datetime]]] = {
        "user": [(gt.dt(e["start"]), gt.dt(e["end"])) for e in events.values()]}
    busy |= {who: [(gt.dt(a), gt.dt(b)) for a, b in spans] for who, spans in world.truth["busy"].items()}
    found = gt.valid_starts(busy, world.truth["rules"])
    assert found == world.truth["valid_starts"] and len(found) == 2, (seed, found, world.truth["valid_starts"])
    return found


if __name__ == "__main__":
    assert check(0) == WORLD0_VALID
    for seed in range(1, 200):
        check(seed)
    kit.write_world(HERE, generator.generate(0))
    print(f"wrote world 0; valid starts {WORLD0_VALID}; worlds 1-199 have exactly two valid starts each")
