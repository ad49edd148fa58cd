"""What ``green-agent scenarios build ID`` runs: write a scenario folder's world 0 (``initial_state.json``,
``solution.json``, the world fields of ``scenario.json``) from its generator, or from its family's parts.

The order of keys is part of the output: the committed files are the world's dicts as ``json.dumps`` wrote them, and a
rebuild must reproduce them byte for byte.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from green_agent.scenario_kit.family import family_generator
from green_agent.scenario_spec import ScenarioError
from green_agent.scenarios import ScenarioLibrary, load_generator, read_spec

__all__ = ["CHECK_WORLDS", "build", "write_initial_state", "write_world"]

# A generator.py may define ``check_worlds() -> None``: checks over many worlds, too slow for every load (that each
# drawn week holds exactly its clashes, that the slot arithmetic holds), which must pass before world 0 is written.
CHECK_WORLDS = "check_worlds"


def write_initial_state(folder: Path, export: dict[str, Any]) -> Path:
    """Write ``export`` as the folder's ``initial_state.json``; return its path."""
    path = folder / "initial_state.json"
    path.write_text(json.dumps(export, indent=1, ensure_ascii=False) + "\n")
    return path


def write_world(folder: Path, world: Any) -> list[Path]:
    """Write world 0 into its folder: ``initial_state.json`` and ``solution.json`` from ``world`` (a
    ``green_agent.scenarios.World``, ``generate(0)``), and the fields of ``scenario.json`` the world sets (everything
    else of that file is kept). Returns the paths written. A folder is its world 0 written out, so its counters and
    texts cannot drift from what the generator draws."""
    solution = folder / "solution.json"
    solution.write_text(json.dumps(world.solution, indent=2, ensure_ascii=False) + "\n")
    spec_path = folder / "scenario.json"
    spec = json.loads(spec_path.read_text())
    spec.update(world.spec)
    spec_path.write_text(json.dumps(spec, indent=2, ensure_ascii=False) + "\n")
    return [write_initial_state(folder, world.initial_state), solution, spec_path]


def build(folder: Path) -> list[Path]:
    """Rewrite world 0 of a scenario folder from its family's parts, or from its ``generator.py``: run the generator's
    ``check_worlds()`` when it has one (an assertion stops the build before anything is written), then
    ``write_world(folder, generate(0))``. Returns the paths written; a ScenarioError names the file when the folder
    has neither."""
    spec = read_spec(folder)
    if spec.family is not None:  # a family's world 0 is drawn from its parts, not from a generator of the folder
        library = ScenarioLibrary(folder.parent)
        return write_world(folder, family_generator(spec, library.pack())(0))
    generate = load_generator(folder)
    if generate is None:
        raise ScenarioError(f"{folder}: neither a family nor a generator.py: only a drawn world can be built")
    # The generator module itself is not kept by the loader (its siblings must not leak), but its functions keep
    # their module's namespace.
    check_worlds = getattr(generate, "__globals__", {}).get(CHECK_WORLDS)
    if callable(check_worlds):
        check_worlds()
    return write_world(folder, generate(0))
