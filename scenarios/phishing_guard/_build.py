"""Write world 0's files from the generator: ``uv run python scenarios/phishing_guard/_build.py``.

``initial_state.json`` and ``solution.json`` are ``generate(0)``'s state and plan; the world fields of
``scenario.json`` (description, user prompt, characters) are ``generate(0).spec``, everything else in it is kept.
Not imported by the evaluators.
"""

from __future__ import annotations

import json
from pathlib import Path

import generator

from green_agent.scenario_kit import build as kit

HERE = Path(__file__).resolve().parent


def _write_json(path: Path, value: object) -> None:
    path.write_text(json.dumps(value, indent=2, ensure_ascii=False) + "\n")


def main() -> None:
    world = generator.generate(0)
    print(f"wrote {kit.write_initial_state(HERE, world.initial_state)}")
    _write_json(HERE / "solution.json", world.solution)
    spec_path = HERE / "scenario.json"
    spec = json.loads(spec_path.read_text())
    spec.update(world.spec)
    _write_json(spec_path, spec)
    print(f"wrote {HERE / 'solution.json'} and the world fields of {spec_path}")


if __name__ == "__main__":
    main()
