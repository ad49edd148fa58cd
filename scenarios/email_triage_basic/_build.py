"""Write world 0's files from the generator: ``uv run python scenarios/email_triage_basic/_build.py``.

``initial_state.json`` and ``solution.json`` are ``generator.generate(0)`` (the templates in ``ground_truth.py``
with world 0's parameters). Not imported by the evaluators.
"""

from __future__ import annotations

from pathlib import Path

from generator import generate

from green_agent.scenario_kit import build as kit

HERE = Path(__file__).resolve().parent


def main() -> None:
    for path in kit.write_world(HERE, generate(0)):
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
