"""The platform's assessment request: valid forms accepted, every bad form rejected with a field-naming message; the
green ↔ purple messages both sides share (services.protocol.messages)."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from green_agent.protocol import AssessmentStart, InitialStateSummary, RequestError, parse_request, render_text
from services.protocol.messages import MessageType, TurnReply, iso_duration, parse_duration

URL = "http://127.0.0.1:9019"


def test_text_json_request_with_defaults():
    req = parse_request(json.dumps({"participants": {"personal_assistant": URL},
                                    "config": {"scenario_id": "mini_day"}}))
    assert req.participant_role == "personal_assistant" and req.participant_url == URL
    # below the AgentBeats gateway's 300 s stream and proxy timeouts, so a slow turn ends before they break
    assert req.config.trials == 1 and req.config.seed == 0 and req.config.turn_timeout_s == 270
    assert req.config.max_time_step == timedelta(hours=4) and req.config.verbose_updates is True
    assert req.scenario_selection() == ["mini_day"]


def test_data_part_numbers_as_floats_and_nested_assessment_config():
    req = parse_request({"participants": {"agent": URL},
                         "assessment_config": {"scenarios": ["a", "b"], "trials": 3.0, "max_turns": 4.0}})
    assert req.participant_role == "agent"  # the only participant is used whatever its role
    assert req.config.trials == 3 and isinstance(req.config.trials, int) and req.config.max_turns == 4


def test_unknown_keys_become_warnings():
    req = parse_request({"participants": {"personal_assistant": URL},
                         "config": {"scenario_id": "x", "colour": "blue"}, "extra": 1})
    assert any("config.colour" in w for w in req.warnings) and any("extra" in w for w in req.warnings)


@pytest.mark.parametrize("raw,field", [
    ("this is not json", "not valid JSON"),
    ("[1, 2]", "must be a JSON object"),
    (json.dumps({"config": {"scenario_id": "x"}}), "participants"),
    (json.dumps({"participants": {}, "config": {"scenario_id": "x"}}), "participants"),
    (json.dumps({"participants": {"a": URL, "b": URL}, "config": {"scenario_id": "x"}}), "personal_assistant"),
    (json.dumps({"participants": {"personal_assistant": "ftp://x"}, "config": {"scenario_id": "x"}}),
     "participants.personal_assistant"),
    (json.dumps({"participants": {"personal_assistant": 42}, "config": {"scenario_id": "x"}}),
     "participants.personal_assistant"),
    (json.dumps({"participants": {"personal_assistant": URL}}), "config"),
    (json.dumps({"participants": {"personal_assistant": URL}, "config": {}}), "scenario_id"),
    (json.dumps({"participants": {"personal_assistant": URL}, "config": {"scenario_id": "x", "trials": "many"}}),
     "config.trials"),
    (json.dumps({"participants": {"personal_assistant": URL}, "config": {"scenario_id": "x", "trials": 2.5}}),
     "config.trials"),
    (json.dumps({"participants": {"personal_assistant": URL}, "config": {"scenario_id": "x", "trials": 0}}),
     "config.trials"),
    (json.dumps({"participants": {"personal_assistant": URL},
                 "config": {"scenario_id": "x", "max_time_step": "1 hour"}}), "config.max_time_step"),
    (json.dumps({"participants": {"personal_assistant": URL},
                 "config": {"scenario_id": "x", "shard_index": 2, "num_shards": 2}}), "config.shard_index"),
    (json.dumps({"participants": {"personal_assistant": URL},
                 "config": {"scenario_id": "x", "verbose_updates": "loud"}}), "config.verbose_updates"),
    ("x" * (2 * 1024 * 1024), "too large"),
    ("[" * 100_000, "nested more than 32 levels"),
    ("{\"a\": " * 50_000 + "1" + "}" * 50_000, "nested more than 32 levels"),
    (json.dumps({"participants": {"personal_assistant": URL}, "config": {"scenario_id": "x"}, "extra": []})
     .replace("[]", "[" * 40 + "]" * 40), "nested more than 32 levels"),
])
def test_bad_requests_are_rejected_naming_the_field(raw, field):
    with pytest.raises(RequestError) as info:
        parse_request(raw)
    assert field in str(info.value)


def test_deep_nesting_in_an_already_decoded_request_is_rejected():
    """A DataPart arrives decoded: its depth is checked without recursing."""
    deep: object = 1
    for _ in range(10_000):
        deep = [deep]
    with pytest.raises(RequestError, match="nested more than 32 levels"):
        parse_request({"participants": {"personal_assistant": URL}, "config": {"scenario_id": "x", "deep": deep}})


def test_assessment_start_text_copy_carries_the_trials_budget():
    start = AssessmentStart(assessment_id="a" * 32, ues_url=URL, api_key="k", current_time="2026-03-02T09:00:00+00:00",
                            initial_state_summary=InitialStateSummary(email={}, sms={}, calendar={}, chat={}),
                            max_turns=8, end_time="2026-03-02T13:00:00+00:00", max_time_step="PT4H")
    text = json.loads(render_text(start))
    assert text == start.model_dump(mode="json")
    assert (text["max_turns"], text["end_time"], text["max_time_step"]) == (8, "2026-03-02T13:00:00+00:00", "PT4H")


# ---------------------------------------------------------------------------------------------- green ↔ purple
def test_the_green_and_the_purple_read_the_same_models():
    """One protocol module for both sides: the green's names are the shared models, not copies of them."""
    from green_agent import protocol
    from services.protocol import messages
    from services.purple import sdk

    for name in ("AssessmentStart", "TurnStart", "AssessmentComplete", "TurnReply", "iso_duration"):
        assert getattr(protocol, name) is getattr(messages, name) is getattr(sdk, name), name


def test_a_green_message_reads_back_on_the_purple_side_unchanged():
    start = AssessmentStart(assessment_id="a" * 32, ues_url=URL, api_key="k", current_time="2026-03-02T09:00:00+00:00",
                            initial_state_summary=InitialStateSummary(email={"unread": 2}, sms={}, calendar={},
                                                                      chat={}),
                            max_turns=8, end_time="2026-03-02T13:00:00+00:00", max_time_step="PT4H")
    # A DataPart carries numbers as doubles.
    wire = json.loads(render_text(start).replace('"max_turns": 8', '"max_turns": 8.0'))
    assert AssessmentStart.model_validate(wire) == start
    assert wire["message_type"] == MessageType.ASSESSMENT_START == "assessment_start"
    assert start.now.isoformat() == start.current_time and start.max_step == timedelta(hours=4)


def test_message_types_are_protocol_md_s_six():
    assert {t.value for t in MessageType} == {"assessment_start", "turn_start", "turn_complete", "early_completion",
                                             "assessment_complete", "world_unreachable"}


@pytest.mark.parametrize("obj,step,done,sent", [
    ({"message_type": "turn_complete", "time_step": "PT2H", "notes": "n"}, timedelta(hours=2), False, "PT2H"),
    ({"message_type": "turn_complete", "time_step": " pt15m "}, timedelta(minutes=15), False, " pt15m "),
    ({"message_type": "turn_complete", "time_step": "P1Y"}, timedelta(days=365), False, "P1Y"),  # then capped
    ({"message_type": "turn_complete"}, None, False, None),  # no time_step: UNSTATED_STEP
    ({"message_type": "turn_complete", "time_step": "-PT1H"}, None, False, "-PT1H"),  # invalid, kept for the warning
    ({"message_type": "turn_complete", "time_step": 3600}, None, False, 3600),
    ({"message_type": "turn_complete", "notes": ["not", "text"]}, None, False, None),  # odd notes are dropped
    ({"message_type": "early_completion", "reason": "done", "time_step": "PT5H"}, None, True, None),
])
def test_the_purples_reply_is_read_without_losing_what_it_sent(obj, step, done, sent):
    reply = TurnReply.from_payload(obj)
    assert reply is not None
    assert (reply.time_step, reply.done, reply.sent_time_step) == (step, done, sent)


@pytest.mark.parametrize("obj", [None, "turn_complete", [], {}, {"message_type": "hello"}, {"time_step": "PT1H"},
                                 {"message_type": ["turn_complete"]}])
def test_anything_else_is_no_protocol_reply(obj):
    assert TurnReply.from_payload(obj) is None


def test_a_reply_written_by_the_sdk_reads_back_as_written():
    for written in (TurnReply(), TurnReply(time_step=timedelta(minutes=90), notes="x"),
                    TurnReply(done=True, notes="y")):
        read = TurnReply.from_payload(written.payload())
        assert read is not None and (read.time_step, read.notes, read.done) == \
            (written.time_step, written.notes, written.done)


def test_durations_strict_for_writers_tolerant_for_the_green():
    assert parse_duration("P1W2DT3H4M5.5S") == timedelta(weeks=1, days=2, hours=3, minutes=4, seconds=5.5)
    for bad in ("P1Y", "pt1h", "PT0S", "P", "PT", "", "1 hour", "P" + "9" * 500 + "D"):
        with pytest.raises(ValueError, match="ISO-8601"):
            parse_duration(bad)
    assert parse_duration("pt1h", tolerant=True) == timedelta(hours=1)
    assert parse_duration("P1M", tolerant=True) == timedelta(days=30)
    for bad in ("-PT1H", "PT0S", "1 hour", 3600, None):
        with pytest.raises(ValueError, match="ISO-8601"):
            parse_duration(bad, tolerant=True)
    assert iso_duration(parse_duration("PT90M")) == "PT1H30M"
