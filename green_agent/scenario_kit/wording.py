"""Held-out wording: a pack that words public parts anew (issue 34).

A world drawn from a public part can be read back by a program written from that part: its phrasings are public, so
a rule script fitted to them finds every fact (docs/scoring.md, "Rule scripts"). A leaderboard that keeps its own
wording closes that door without writing tasks: its pack (a ``GREEN_PART_PACKS`` folder or an installed pack) sets
``WORDING = {"<part key>": {"<kind>": ("phrasing", ...), ...}, ...}`` in its package, and every world draws those
kinds from its phrasings instead of the public ones (``phrasing.reworded``). The part's task, truth and graders stay
the public, audited ones; rows and provenance name the wording's pack beside the part's (``PartOrigin.wording``).

A wording is checked against the library's parts when the library is built (``wording_tools.check_wordings``), so a
broken one stops the green at start naming its pack, part and kind.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from green_agent.scenario_kit.phrasing import Phrasing
from green_agent.scenario_spec import ScenarioError

__all__ = ["Wording", "read_wording"]


@dataclass(frozen=True)
class Wording:
    """A pack's phrasings for the kinds of one part: what the part's worlds draw those kinds from."""

    pack: str  # the pack that words it (rows name it)
    source: str  # where it was read, for messages
    kinds: Mapping[str, tuple[Phrasing, ...]]


def read_wording(value: Any, source: str, pack: str) -> dict[str, Wording]:
    """A package's ``WORDING`` (None: it words nothing) as wordings by part key; a ScenarioError names what is not
    part key → kind → a non-empty sequence of templates or functions."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise ScenarioError(f"{source}: WORDING must map part keys to kinds, not {type(value).__name__}")
    out = {}
    for key, kinds in value.items():
        if not isinstance(key, str) or not isinstance(kinds, Mapping) or not kinds:
            raise ScenarioError(f"{source}: WORDING[{key!r}] must map the part's kinds to phrasings")
        checked: dict[str, tuple[Phrasing, ...]] = {}
        for kind, phrasings in kinds.items():
            if isinstance(phrasings, str) or not isinstance(phrasings, Sequence) or not phrasings or \
                    not all(isinstance(p, str) or callable(p) for p in phrasings):
                raise ScenarioError(f"{source}: WORDING[{key!r}][{kind!r}] must be a non-empty sequence of templates "
                                    f"or functions")
            checked[str(kind)] = tuple(phrasings)
        out[key] = Wording(pack=pack, source=source, kinds=checked)
    return out
