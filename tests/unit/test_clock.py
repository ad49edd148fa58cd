"""The turn clock: protocol.md §4's time_step rules, fallbacks, caps and clipping at the scenario's end."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from green_agent.assessment.clock import TurnClock
from green_agent.protocol import ProblemKind
from services.protocol.messages import TurnReply, iso_duration

T0 = datetime(2026, 3, 3, 9, tzinfo=UTC)


def read(obj: object) -> TurnReply | None:
    """The purple's reply object as the green reads it."""
    return TurnReply.from_payload(obj)


def clock(now: datetime = T0, end: datetime = T0 + timedelta(hours=10)) -> TurnClock:
    return TurnClock(now=now, end=end, default_step=timedelta(minutes=30), max_step=timedelta(hours=4))


def test_a_valid_time_step_is_taken_as_given():
    step = clock().step_for(1, read({"message_type": "turn_complete", "time_step": "PT1H30M"}))
    assert step.delta == timedelta(hours=1, minutes=30)
    assert not step.early and not step.ends_scenario and step.warning is None


def test_no_time_step_means_one_hour():
    assert clock().step_for(1, read({"message_type": "turn_complete"})).delta == timedelta(hours=1)


def test_lower_case_durations_are_accepted():
    step = clock().step_for(1, read({"message_type": "turn_complete", "time_step": "pt15m"}))
    assert step.delta == timedelta(minutes=15)


@pytest.mark.parametrize("raw", ["1 hour", "PT0S", "-PT1H", 3600, "", "P", [1]])
def test_an_invalid_time_step_takes_the_default_with_a_warning(raw):
    step = clock().step_for(3, read({"message_type": "turn_complete", "time_step": raw}))
    assert step.delta == timedelta(minutes=30)
    assert step.warning is not None and step.warning.kind == ProblemKind.BAD_TIME_STEP and step.warning.turn == 3
    assert "PT30M" in step.warning.text


@pytest.mark.parametrize("reply", [None, {}, {"message_type": "hello"}, {"time_step": "PT1H"}])
def test_a_non_protocol_reply_takes_the_default_with_a_warning(reply):
    step = clock().step_for(2, read(reply))
    assert step.delta == timedelta(minutes=30) and step.warning is not None
    assert step.warning.kind == ProblemKind.NON_PROTOCOL_REPLY


def test_a_step_above_the_cap_is_capped_with_a_warning():
    step = clock().step_for(1, read({"message_type": "turn_complete", "time_step": "P1D"}))
    assert step.delta == timedelta(hours=4) and step.warning is not None
    assert step.warning.kind == ProblemKind.STEP_CAPPED and "PT4H" in step.warning.text


def test_early_completion_takes_the_default_step_and_says_so():
    step = clock().step_for(1, read({"message_type": "early_completion"}))
    assert step.early and step.delta == timedelta(minutes=30)


def test_a_timed_out_turn_takes_the_default_step_silently():
    step = clock().step_for(1, None, answered=False)
    assert step.delta == timedelta(minutes=30) and step.warning is None


def test_a_step_past_the_end_is_clipped_to_it():
    near_end = clock(now=T0 + timedelta(hours=9, minutes=20))
    step = near_end.step_for(1, read({"message_type": "turn_complete", "time_step": "PT2H"}))
    assert step.delta == timedelta(minutes=40) and step.ends_scenario
    exactly = near_end.step_for(1, read({"message_type": "turn_complete", "time_step": "PT40M"}))
    assert exactly.delta == timedelta(minutes=40) and exactly.ends_scenario


def test_over_once_the_clock_reaches_the_end():
    c = clock()
    assert not c.over
    c.now = c.end
    assert c.over


def test_iso_duration_round_trips():
    assert iso_duration(timedelta(hours=1)) == "PT1H"
    assert iso_duration(timedelta(days=1, minutes=5)) == "P1DT5M"


def test_the_default_step_is_capped_too_so_a_bad_reply_buys_no_longer_step():
    clock = TurnClock(now=T0, end=T0 + timedelta(days=3), default_step=timedelta(hours=6),
                      max_step=timedelta(hours=4))
    assert clock.step_for(1, read({"message_type": "turn_complete", "time_step": "banana"})).delta == timedelta(hours=4)
    assert clock.step_for(1, None, answered=False).delta == timedelta(hours=4)
    assert clock.step_for(1, read({"message_type": "turn_complete", "time_step": "PT6H"})).delta == timedelta(hours=4)
