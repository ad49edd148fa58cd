"""Writes world 0's ``initial_state.json`` and ``solution.json``, and the world fields of ``scenario.json``
(run: ``uv run python _build.py`` in this folder).

The worlds themselves are drawn in ``generator.py`` from the parameters of ``ground_truth.py``; the files here are
``generate(0)`` written out, so that the folder holds world 0 and its counters (email threads and folders, calendar
links) cannot drift from its content. Re-run it whenever the world changes (and bump the scenario's ``version`` if
grading changes).
"""

from __future__ import annotations

from pathlib import Path

from generator import generate

from green_agent.scenario_kit import build as kit

HERE = Path(__file__).resolve().parent


if __name__ == "__main__":
    for path in kit.write_world(HERE, generate(0)):
        print(f"wrote {path}")
