"""Every part of the public library varies like real mail (issue 34 items 1 and 2): over 200 worlds it draws every
one of the shapes it declares and no other, each about as often as the others, and it words its messages through a
phrasebook of several kinds with several phrasings each — the figures ``green-agent scenarios parts`` prints
(scenario_kit/census.py). Every kind it declares is drawn through that phrasebook, so its counts are the words its
worlds really use, and a wording pack (scenario_kit/wording.py) can word every one anew."""

from __future__ import annotations

from pathlib import Path

import pytest

from green_agent.scenario_kit.census import census
from green_agent.scenarios import ScenarioLibrary

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ScenarioLibrary(ROOT / "scenarios").pack()
WORLDS = range(200)
MIN_KINDS, MIN_PHRASINGS = 2, 10  # a varied part words at least two kinds of message, ten phrasings in all


def _worlds(key: str) -> range:
    """Where every declared shape must show: 200 worlds, or more for a part of many shapes, twelve a shape, so that a
    shape drawn at half its share still shows (36 shapes at about 1.4 % each miss 200 worlds one time in twenty)."""
    return range(max(len(WORLDS), 12 * LIBRARY.parts[key].structures))


@pytest.mark.parametrize("key", sorted(LIBRARY.parts))
def test_each_part_draws_the_shapes_it_declares_and_words_its_messages_many_ways(key):
    worlds = _worlds(key)
    found = census(LIBRARY, key, worlds)
    assert found.worlds == len(worlds), f"{key} could not be drawn in {len(worlds) - found.worlds} worlds"
    assert len(found.seen) == found.structures, (key, found.structures, found.seen)
    # No shape is so rare that a world's shape is predictable from the part alone (world 0, a classic's published
    # template, may hold a shape of its own).
    drawn = census(LIBRARY, key, range(1, len(WORLDS)))
    assert min(drawn.seen.values()) >= len(WORLDS) / (8 * found.structures), (key, drawn.seen)
    assert len(found.phrasings) >= MIN_KINDS and sum(found.phrasings.values()) >= MIN_PHRASINGS, (key, found.phrasings)
    never = sorted(set(found.phrasings) - found.drawn)
    assert not never, f"{key} declares kinds it never draws through its phrasebook: {never}"
