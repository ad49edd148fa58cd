"""Every part of the public library varies like real mail (issue 34 items 1 and 2): over 200 worlds it draws every
one of the shapes it declares and no other, and each kind of message it writes has several phrasings — the figures
``green-agent scenarios parts`` prints (scenario_kit/census.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from green_agent.scenario_kit.census import census
from green_agent.scenarios import ScenarioLibrary

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ScenarioLibrary(ROOT / "scenarios").pack()
WORLDS = range(200)
MIN_PHRASINGS = 4  # per kind of message a category hinges on: one frame with synonyms is a marker, not variety


@pytest.mark.parametrize("key", sorted(LIBRARY.parts))
def test_each_part_draws_the_shapes_it_declares_and_words_each_kind_many_ways(key):
    found = census(LIBRARY, key, WORLDS)
    assert found.worlds == len(WORLDS), f"{key} could not be drawn in {len(WORLDS) - found.worlds} worlds"
    assert len(found.seen) == found.structures, (key, found.structures, found.seen)
    # Every shape is drawn often enough that a world's shape is not predictable from the part alone.
    assert min(found.seen.values()) >= len(WORLDS) / (4 * found.structures), (key, found.seen)
    assert found.phrasings, f"{key} declares no phrasebook"
    thin = {kind: n for kind, n in found.phrasings.items() if n < MIN_PHRASINGS}
    assert not thin, (key, thin)
