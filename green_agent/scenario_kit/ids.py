"""Neutral ids: a world's item ids (mail, threads, texts, calendar and scheduled events, contacts, attachments) that
tell nothing.

A part names its items for its own reading ("m-travel-fake", "ev-rain-indoor"); the purple sees those ids (the UES
returns them), and a script could key on the id instead of reading. ``neutral`` renames every id a world's initial
state declares to an opaque one of one form per kind (``m-`` and ten decimal digits for a message, ``t-`` for a
thread, ``e-`` for an event, ``c-`` for a contact, ``a-`` for an attachment), drawn from the world's own stream, and
rewrites the whole world — its state, the oracle's plan, the truth and the spec — with the same map, so grading is
unchanged. The tokens are drawn at random, so neither their form nor their order tells an item's role.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from green_agent.scenario_spec import World

__all__ = ["FIELDS", "declared", "neutral", "renaming"]

# The record fields that hold an item's id, and the prefix its neutral id takes.
DIGITS = 10  # digits only: a token spells no word
FIELDS = {"message_id": "m", "thread_id": "t", "event_id": "e", "contact_id": "c", "attachment_id": "a"}
_LISTS = {"message_ids": "m", "event_ids": "e"}
_SKIP = {"chat"}  # the chat with the user is the assistant's own, not the world's items


def _walk(node: Any, skip: bool = False) -> Iterator[tuple[str, str]]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key in _SKIP:
                continue
            if key in FIELDS and isinstance(value, str) and value:
                yield FIELDS[key], value
            elif key in _LISTS and isinstance(value, list):
                yield from ((_LISTS[key], v) for v in value if isinstance(v, str) and v)
            else:
                yield from _walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from _walk(value)


def declared(initial_state: Mapping[str, Any]) -> dict[str, str]:
    """Every item id ``initial_state`` declares, by the prefix of its kind (its first kind when it has several)."""
    out: dict[str, str] = {}
    for kind, value in _walk(initial_state):
        out.setdefault(value, kind)
    return out


def renaming(initial_state: Mapping[str, Any], seed: int, salt: str = "") -> dict[str, str]:
    """The neutral id of every id ``initial_state`` declares, drawn from world ``seed``'s own stream (of scenario
    ``salt``)."""
    ids = declared(initial_state)
    rng = random.Random(f"{salt}:{seed}:neutral-ids:{','.join(sorted(ids))}")
    taken: set[str] = set(ids)
    out: dict[str, str] = {}
    for old in sorted(ids):
        new = f"{ids[old]}-{rng.randrange(10 ** DIGITS):0{DIGITS}d}"
        while new in taken:
            new = f"{ids[old]}-{rng.randrange(10 ** DIGITS):0{DIGITS}d}"
        taken.add(new)
        out[old] = new
    return out


def _rewrite(node: Any, names: Mapping[str, str]) -> Any:
    """``node`` with every string equal to an old id (a value, a list item or a dict key) replaced by its new id."""
    if isinstance(node, str):
        return names.get(node, node)
    if isinstance(node, list | tuple):
        return type(node)(_rewrite(v, names) for v in node)
    if isinstance(node, dict):
        return {names.get(k, k) if isinstance(k, str) else k: _rewrite(v, names) for k, v in node.items()}
    return node


def neutral(world: World, salt: str = "") -> World:
    """``world`` with every item id renamed to a neutral one (state, plan, truth and spec alike); ``salt``: the
    scenario's id, so two scenarios' worlds of one seed draw different ids."""
    names = renaming(world.initial_state, world.seed, salt)
    if not names:
        return world
    return world.model_copy(update={"initial_state": _rewrite(world.initial_state, names),
                                    "solution": _rewrite(world.solution, names),
                                    "truth": _rewrite(world.truth, names), "spec": _rewrite(world.spec, names)})
