"""Writes world 0's ``initial_state.json`` and ``solution.json``, and the world fields of ``scenario.json``
(description, user_prompt, characters), from ``generate(0)`` (run: ``uv run python _build.py`` in this folder).

The worlds themselves are drawn in ``generator.py`` from the parameters of ``ground_truth.py``; the files here are
``generate(0)`` written out, so the folder holds world 0 and its counters cannot drift from its content. Re-run it
whenever the world changes (and bump the scenario's ``version`` if grading changes).
"""

from __future__ import annotations

import json
from pathlib import Path

from generator import generate

from green_agent.scenario_kit import build as kit

HERE = Path(__file__).resolve().parent


if __name__ == "__main__":
    world = generate(0)
    kit.write_initial_state(HERE, world.initial_state)
    (HERE / "solution.json").write_text(json.dumps(world.solution, indent=2, ensure_ascii=False) + "\n")
    spec_path = HERE / "scenario.json"
    spec = json.loads(spec_path.read_text())
    spec.update(world.spec)
    spec_path.write_text(json.dumps(spec, indent=2, ensure_ascii=False) + "\n")
    print("wrote initial_state.json, solution.json and the world fields of scenario.json")
