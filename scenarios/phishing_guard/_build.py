"""Write world 0's files from the generator: ``uv run python scenarios/phishing_guard/_build.py``.

``initial_state.json`` and ``solution.json`` are ``generate(0)``'s state and plan; the world fields of
``scenario.json`` (description, user prompt, characters) are ``generate(0).spec``, everything else in it is kept.
Not imported by the evaluators.
"""

from __future__ import annotations

from pathlib import Path

import generator

from green_agent.scenario_kit import build as kit

HERE = Path(__file__).resolve().parent


def main() -> None:
    for path in kit.write_world(HERE, generator.generate(0)):
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
