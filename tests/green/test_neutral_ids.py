"""Item ids tell nothing (issue 34): every id a world declares — mail, threads, texts, calendar and scheduled events,
contacts — is opaque, of one form per kind, so a script cannot key on "m-travel-fake" instead of reading.

Checked for every part of the library (days holding just it) and every classic (its worlds but world 0, the
published template), over many worlds, without a simulator; and the scripts in services/purple/cheats/scripted/ key
on no id.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest

from green_agent.protocol import Composition
from green_agent.scenario_kit.family import family_generator
from green_agent.scenario_kit.ids import declared, neutral
from green_agent.scenario_spec import World
from green_agent.scenarios import Scenario, ScenarioLibrary

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ScenarioLibrary(ROOT / "scenarios")
PACK = LIBRARY.get("workday")
PARTS = LIBRARY.pack()
DAY_PARTS = sorted(PACK.drawable)
CLASSICS = [sid for sid in LIBRARY.ids() if sid != "workday"]
WORLDS = range(1, 51)
FORM = re.compile(r"^[mteca]-\d{10}$")
# Words naming a role; the parts' own truth labels are added to these from each world.
ROLE_WORDS = {"fake", "scam", "phish", "decoy", "correction", "real", "true", "false", "wrong", "right", "spam",
              "promo", "news", "bank", "legal", "cannot", "blocker", "declined", "indoor", "twin", "card", "cancel",
              "ticket", "urgent", "noise", "legit", "request", "ask", "bait", "attack", "carrier", "trap", "keep",
              "drop", "good", "bad", "old", "new", "private", "secret", "welcome", "notice", "said", "shuttle"}


def _labels(node: Any) -> set[str]:
    """Every single-word string in a world's truth (its role labels: "right", "fake", "wrong_2"...)."""
    if isinstance(node, str):
        return {w for w in re.split(r"[_\W]+", node.lower()) if len(w) >= 3 and w.isalpha()} if \
            re.fullmatch(r"[a-z_]+", node) else set()
    if isinstance(node, dict):
        return set().union(*(_labels(v) | _labels(k) for k, v in node.items())) if node else set()
    if isinstance(node, list | tuple):
        return set().union(*(_labels(v) for v in node)) if node else set()
    return set()


def _check(world: Any, where: str) -> None:
    ids = declared(world.initial_state)
    assert ids, f"{where}: no ids"
    words = ROLE_WORDS | _labels(world.truth)
    for item in ids:
        assert FORM.fullmatch(item), f"{where}: id {item!r} is not neutral"
        assert not any(w in item for w in words), f"{where}: id {item!r} names a role"


def test_the_library_is_checked():
    assert len(DAY_PARTS) >= 15 and "travel" in DAY_PARTS and "arrival_eta" in DAY_PARTS
    assert {"travel_reschedule", "phishing_guard", "multi_day_followup"} <= set(CLASSICS)


@pytest.mark.parametrize("key", DAY_PARTS)
def test_a_part_writes_neutral_ids(key):
    drawn = 0
    for seed in WORLDS:
        try:
            world = PACK.in_world(seed, Composition(parts=(key,)))
        except Exception:  # a part that cannot be drawn alone in this day: another seed
            continue
        drawn += 1
        _check(world, f"{key} world {seed}")
    assert drawn >= 25


@pytest.mark.parametrize("scenario_id", CLASSICS)
def test_a_classic_writes_neutral_ids(scenario_id):
    scenario = LIBRARY.get(scenario_id)
    for seed in WORLDS:
        _check(scenario.in_world(seed), f"{scenario_id} world {seed}")


def test_a_day_of_many_parts_writes_neutral_ids_and_grades_by_them():
    """A composed day: every id neutral, and the truth and the oracle's plan name the world's ids, not the old ones."""
    for seed in range(1, 11):
        world = PACK.in_world(seed)
        _check(world, f"workday world {seed}")
        ids = set(declared(world.initial_state))
        plan = [step["body"].get("event_id") for step in world.solution["steps"] if step["path"] == "/calendar/update"]
        assert set(plan) <= ids


def test_ids_are_drawn_not_numbered():
    """Two worlds give different ids to the same item; the ids' order tells nothing of the items' order."""
    one, two = PACK.in_world(3), PACK.in_world(4)
    assert not set(declared(one.initial_state)) & set(declared(two.initial_state))
    travel = [PACK.in_world(seed, Composition(parts=("travel",))) for seed in (5, 6)]
    # The same items, in the same order the part writes them, get unrelated ids in each world.
    orders = [[i for i in declared(w.initial_state) if i.startswith("e-")] for w in travel]
    assert all(orders) and orders[0] != orders[1]
    assert sorted(orders[0]) != orders[0] or sorted(orders[1]) != orders[1]


def test_no_scripted_cheat_keys_on_an_id():
    """A rule script reads content as a participant would; an id is only a handle it passes back."""
    scripts = ROOT / "services" / "purple" / "cheats" / "scripted"
    literal = re.compile(r"""["'](m|t|e|c|ev|sms|thread|email|cal|contact|evt)-[a-z]""")
    test = re.compile(r"""_id["']\]\s*\.\s*(startswith|endswith)|_id["']\)?\s*(==|!=)\s*["']|re\.\w+\([^)]*_id""")
    for path in sorted(scripts.glob("*.py")):
        for n, line in enumerate(path.read_text().splitlines(), 1):
            assert not literal.search(line), f"{path.name}:{n} names an id: {line.strip()}"
            assert not test.search(line), f"{path.name}:{n} tests an id: {line.strip()}"


def with_part_ids(scenario: Scenario) -> Scenario:
    """``scenario`` (a family) whose worlds keep the ids the parts gave their items ("m-receipts-2"), for the tests
    that find a part's items by them; what the purple sees is the neutral one checked above."""
    return dataclasses.replace(scenario, generator=family_generator(scenario.spec, PARTS, neutral_ids=False),
                               _worlds={})


def test_a_world_with_part_ids_is_the_same_world_renamed():
    named = with_part_ids(PACK)
    for seed in (2, 7):
        plain, renamed = named.in_world(seed), PACK.in_world(seed)
        assert plain.parts == renamed.parts and plain.truth != renamed.truth
        world = World(seed=seed, initial_state=plain.initial_state, solution=plain.solution, truth=plain.truth,
                      spec={}, parts=list(plain.parts))
        assert neutral(world, "workday").initial_state == renamed.initial_state
