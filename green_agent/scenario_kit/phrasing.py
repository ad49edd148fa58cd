"""How a part words what people write: a ``Phrasebook`` of message kinds, each with many phrasings of different
structure drawn from the part's stream.

Real mail carries no constant marker of its category: a receipt is not always titled "receipt", a scam does not
always say "urgent", a decision is not always "we go with X". A part that words every message of a kind one way
hands a rule script its answer (issue 34), so each kind a part writes holds several phrasings that differ in
structure, not only in synonyms: where the fact sits (subject, first line, a later paragraph), how it is put (a
figure, a sentence, a question), and what surrounds it. The counts are reported per part
(``green-agent scenarios parts``).

A phrasing is a ``str.format`` template or a function of the fields returning the text (for structure a template
cannot express). ``say`` draws one from the part's stream; the same seed draws the same words.

A leaderboard may word a public part anew (a wording pack, ``scenario_kit.wording``): within ``reworded(kinds)`` every
phrasebook draws the kinds ``kinds`` names from those phrasings instead, so a script fitted to the public words meets
words it never read while the task, its truth and its grading stay the public, audited ones.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Phrasebook", "Phrasing", "reworded"]

Phrasing = str | Callable[..., str]

# The kinds a wording pack words anew for the part being drawn, and the kinds drawn from them so far (None: none).
_REWORDED: ContextVar[tuple[Mapping[str, Sequence[Phrasing]], set[str]] | None] = ContextVar("reworded", default=None)


@contextmanager
def reworded(kinds: Mapping[str, Sequence[Phrasing]] | None) -> Iterator[set[str]]:
    """Within: every phrasebook draws each kind ``kinds`` names from its phrasings there (``say``, ``pick``,
    ``index``, ``indices`` and ``nth`` all read ``phrasings``). Yields the set of those kinds drawn so far (a wording
    for a kind a part never draws through a phrasebook would change nothing)."""
    active = _REWORDED.get()
    if not kinds or (active is not None and active[0] is kinds):  # nothing to word, or already within this wording
        yield active[1] if active is not None else set()
        return
    used: set[str] = set()
    token = _REWORDED.set((kinds, used))
    try:
        yield used
    finally:
        _REWORDED.reset(token)


@dataclass(frozen=True)
class Phrasebook:
    """Message kinds by name, each a sequence of phrasings (templates or functions of the fields). ``positional``
    names the kinds whose phrasings a world picks by position, the position carrying a fact (a group per desk or
    provider, a shift in minutes): a wording of one keeps their number and order."""

    kinds: Mapping[str, Sequence[Phrasing]] = field(default_factory=dict)
    positional: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        for kind, phrasings in self.kinds.items():
            if not phrasings:
                raise ValueError(f"phrasebook kind {kind!r} has no phrasing")
        unknown = self.positional - set(self.kinds)
        if unknown:
            raise ValueError(f"positional kinds {sorted(unknown)} are not kinds of the phrasebook")

    def say(self, rng: random.Random, kind: str, /, **fields: Any) -> str:
        """One phrasing of ``kind``, drawn from ``rng``, filled with ``fields``."""
        return self.fill(rng.choice(self.phrasings(kind)), fields)

    def pick(self, rng: random.Random, kind: str, count: int, /, **fields: Any) -> list[str]:
        """``count`` different phrasings of ``kind`` (for several messages of one kind in one world), filled alike."""
        return [self.nth(kind, n, **fields) for n in self.indices(rng, kind, count)]

    def index(self, rng: random.Random, kind: str, /) -> int:
        """Which phrasing of ``kind`` a world uses, drawn from ``rng`` (for a part that draws the choice before it has
        the fields, or keeps it in its plan); ``nth`` fills it."""
        return rng.randrange(len(self.phrasings(kind)))

    def indices(self, rng: random.Random, kind: str, count: int, /) -> list[int]:
        """``count`` different phrasings of ``kind`` by position (for several messages of one kind filled apart),
        drawn from ``rng`` as ``pick`` draws them; ``nth`` fills each."""
        return rng.sample(range(len(self.phrasings(kind))), count)

    def nth(self, kind: str, n: int, /, **fields: Any) -> str:
        """Phrasing ``n`` of ``kind`` (an ``index`` drawn before), filled with ``fields``."""
        return self.fill(self.phrasings(kind)[n], fields)

    def phrasings(self, kind: str) -> Sequence[Phrasing]:
        """The phrasings ``kind`` is drawn from: a wording pack's when one words it anew (``reworded``), else this
        book's."""
        active = _REWORDED.get()
        if active is not None and kind in active[0]:
            active[1].add(kind)
            return active[0][kind]
        return self.kinds[kind]

    @staticmethod
    def fill(phrasing: Phrasing, fields: Mapping[str, Any]) -> str:
        """One phrasing filled with ``fields``."""
        return phrasing(**fields) if callable(phrasing) else phrasing.format(**fields)

    def counts(self) -> dict[str, int]:
        """How many phrasings each kind has."""
        return {kind: len(phrasings) for kind, phrasings in self.kinds.items()}
