"""What a part's worlds look like over many seeds: how many of its declared shapes it draws, and how many phrasings
each kind of message has (issue 34: a rule script must not learn a part from a few worlds). ``green-agent scenarios
parts`` prints it; a test holds every part to its declaration."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from green_agent.scenario_kit.day import slice_of
from green_agent.scenario_kit.part import ALONE, DAY, Pack
from green_agent.scenario_kit.phrasing import reworded

__all__ = ["Census", "census"]


@dataclass(frozen=True)
class Census:
    """One part over ``worlds`` seeds: its pack and version, the shapes it declares and those seen (label → worlds),
    its phrasings per kind of message, and the kinds its worlds drew through its phrasebook (those a wording pack can
    word anew: scenario_kit.wording)."""

    key: str
    pack: str
    version: int
    structures: int
    seen: dict[str, int] = field(default_factory=dict)
    phrasings: dict[str, int] = field(default_factory=dict)
    worlds: int = 0
    drawn: frozenset[str] = frozenset()


def census(library: Pack, key: str, seeds: Iterable[int], family: str = "census") -> Census:
    """Part ``key`` of ``library`` drawn in world ``seed`` of each of ``seeds`` (as a day's task, or alone when it is
    only drawn alone), its ``structure`` labels counted."""
    part, origin = library.parts[key], library.origins[key]
    shape = DAY if DAY in part.shapes else ALONE
    seen: Counter[str] = Counter()
    worlds = 0
    drawn: set[str] = set()
    for seed in seeds:
        # Worded by its own book (or its library's wording) as a wording pack would word it: the same words, the
        # same worlds, and a tally of the kinds drawn through the book.
        with reworded(part.wording or part.phrasebook.kinds) as used:
            piece = slice_of(seed, family, part, shape)
        drawn |= used
        if piece is None:
            continue
        worlds += 1
        seen[part.structure(part.Truth.model_validate(piece.truth, from_attributes=True))] += 1
    return Census(key=key, pack=origin.pack, version=origin.version, structures=part.structures, seen=dict(seen),
                  phrasings=part.phrasebook.counts(), worlds=worlds, drawn=frozenset(drawn))
