"""Balanced days (issue 35 item 3): with ``worlds: "each"`` every trial of a family faces a day of its own, the parts
coming up about equally often and at every position, every other day carrying one attack with the goals in turn,
and no world repeated — for every purple run with the same root seed and secret alike, so their rows pair."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from green_agent.assessment.runner import plan
from green_agent.protocol import AttackChoice, parse_request
from green_agent.scenario_kit.attacks.registry import GOALS
from green_agent.scenarios import ScenarioLibrary

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ScenarioLibrary(ROOT / "scenarios")


def request(**config):
    return parse_request({"participants": {"personal_assistant": "http://127.0.0.1:1/"},
                          "config": {"scenarios": ["workday"], **config}})


def test_each_trial_of_a_family_gets_a_balanced_day_of_its_own():
    work = plan(request(trials=40, seed=3, worlds="each"), LIBRARY)
    assert len(work) == 40 and len({t.world_seed for t in work}) == 40
    days = [t.composition.parts or () for t in work]
    counts = Counter(key for day in days for key in day)
    drawable = LIBRARY.get("workday").drawable
    assert set(counts) == set(drawable)  # every part comes up
    assert max(counts.values()) - min(counts.values()) <= 3, counts
    firsts = Counter(day[0] for day in days)
    # No part always leads the request: at most a little over twice the even share (40 days, 21 parts), since a day
    # whose rotation cannot compose (the parts clash in that order) keeps its drawn order.
    assert max(firsts.values()) <= 5, firsts
    attacked = [t.composition.attacks for t in work if t.composition.attacks != AttackChoice.NONE]
    assert len(attacked) == 20 and {a[0] for a in attacked} == set(GOALS)
    worlds = {LIBRARY.get("workday").in_world(t.world_seed, t.composition).world_digest for t in work}
    assert len(worlds) == 40


def test_the_same_root_and_secret_draw_the_same_worlds_and_another_secret_others():
    one = plan(request(trials=6, seed=5, worlds="each"), LIBRARY, secret="s1")
    again = plan(request(trials=6, seed=5, worlds="each"), LIBRARY, secret="s1")
    other = plan(request(trials=6, seed=5, worlds="each"), LIBRARY, secret="s2")
    assert [(t.world_seed, t.composition) for t in one] == [(t.world_seed, t.composition) for t in again]
    assert {t.world_seed for t in one}.isdisjoint({t.world_seed for t in other})


def test_shared_worlds_stay_the_default():
    work = plan(request(trials=4, seed=5), LIBRARY)
    assert len({(t.world_seed, t.composition) for t in work}) == 1


def test_a_classic_gets_a_world_per_trial_and_named_parts_are_kept():
    work = plan(parse_request({"participants": {"personal_assistant": "http://127.0.0.1:1/"},
                               "config": {"scenarios": ["phishing_guard"], "trials": 5, "worlds": "each"}}), LIBRARY)
    assert len({t.world_seed for t in work}) == 5
    named = plan(request(trials=3, worlds="each", parts=["receipts_total", "chase_reply"]), LIBRARY)
    assert all(t.composition.parts == ("receipts_total", "chase_reply") for t in named)


def test_an_unknown_draw_is_refused_naming_the_field():
    with pytest.raises(Exception, match="worlds"):
        request(worlds="sometimes")
