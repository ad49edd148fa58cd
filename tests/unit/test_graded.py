"""The graded oracles' plans (services/purple/graded.py): the share of steps kept, coupled across rungs and fixed by
the world; each kind of mistake changes what it says and nothing else."""

from __future__ import annotations

import pytest

from services.purple.graded import LATE_TURNS, Mistake, draw, graded_steps, mistaken, plan_digest

PLAN = [{"turn": 1, "method": "POST", "path": "/email/send",
         "body": {"from_address": "me@x.example", "to_addresses": ["dana@x.example"], "subject": "s",
                  "body_text": "b"}},
        {"turn": 1, "method": "POST", "path": "/email/read", "body": {"message_ids": ["m1"]}},
        {"turn": 2, "method": "POST", "path": "/calendar/create",
         "body": {"title": "t", "start": "2026-03-10T15:00:00+00:00", "end": "2026-03-10T16:00:00+00:00",
                  "attendees": [{"email": "dana@x.example"}]}},
        {"turn": 3, "method": "POST", "path": "/sms/send",
         "body": {"from_number": "+15550001", "to_numbers": ["+15550009"], "body": "hi"}}]
MANY = [{"turn": i, "method": "POST", "path": "/chat/send", "body": {"content": f"step {i}"}} for i in range(200)]


def test_the_ends_of_the_ladder_are_noop_and_oracle():
    assert graded_steps(PLAN, 0.0)[0] == []
    assert graded_steps(PLAN, 1.0) == (PLAN, 0, 0)


def test_rungs_are_coupled_and_keep_about_p_of_the_steps():
    kept = {p: graded_steps(MANY, p)[0] for p in (0.25, 0.5, 0.75)}
    for low, high in ((0.25, 0.5), (0.5, 0.75)):
        assert all(step in kept[high] for step in kept[low])  # a step done at a lower p is done at every higher p
    for p, steps in kept.items():
        assert abs(len(steps) / len(MANY) - p) < 0.12


def test_draws_are_fixed_by_the_world():
    assert graded_steps(PLAN, 0.5) == graded_steps([dict(s) for s in PLAN], 0.5)
    assert draw(plan_digest(PLAN), "do", 0) == draw(plan_digest(PLAN), "do", 0)
    assert plan_digest(PLAN) != plan_digest(PLAN[:3])
    # Different worlds draw differently.
    other = [{**s, "turn": s["turn"]} for s in MANY]
    other[0] = {**other[0], "body": {"content": "another world"}}
    assert graded_steps(MANY, 0.5)[0][1:] != graded_steps(other, 0.5)[0][1:]


def test_wrong_person_changes_every_recipient_and_nothing_else():
    bad = mistaken(PLAN[0], Mistake.WRONG_PERSON)
    assert bad is not None and bad["body"]["to_addresses"] == ["dana.other@x.example"]
    assert {k: v for k, v in bad["body"].items() if k != "to_addresses"} == \
        {k: v for k, v in PLAN[0]["body"].items() if k != "to_addresses"}
    assert mistaken(PLAN[2], Mistake.WRONG_PERSON)["body"]["attendees"] == [{"email": "dana.other@x.example"}]
    assert mistaken(PLAN[3], Mistake.WRONG_PERSON)["body"]["to_numbers"] == ["+15550000"]
    assert mistaken(PLAN[1], Mistake.WRONG_PERSON) is None  # a read has no recipient


def test_wrong_time_moves_every_timestamp_a_day():
    bad = mistaken(PLAN[2], Mistake.WRONG_TIME)
    assert bad is not None
    assert (bad["body"]["start"], bad["body"]["end"]) == ("2026-03-11T15:00:00+00:00", "2026-03-11T16:00:00+00:00")
    assert mistaken(PLAN[0], Mistake.WRONG_TIME) is None  # nothing timed in it


def test_late_steps_come_later():
    assert mistaken(PLAN[0], Mistake.LATE)["turn"] == 1 + LATE_TURNS


@pytest.mark.parametrize("kind", list(Mistake))
def test_a_mistake_rate_of_zero_or_one(kind):
    assert graded_steps(PLAN, 1.0, kind, 0.0) == (PLAN, 0, 0)
    steps, skipped, wrong = graded_steps(PLAN, 1.0, kind, 1.0)
    assert skipped == 0 and wrong == sum(mistaken(s, kind) is not None for s in PLAN)
    assert all(s == mistaken(p, kind) or mistaken(p, kind) is None for s, p in zip(steps, PLAN, strict=True))


def test_probabilities_are_checked(tmp_path):
    from services.purple.graded import GradedOracle

    with pytest.raises(ValueError):
        GradedOracle(tmp_path, p=1.5)
