"""The platform's assessment request: valid forms accepted, every bad form rejected with a field-naming message."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from green_agent.protocol import AssessmentStart, InitialStateSummary, RequestError, parse_request, render_text

URL = "http://127.0.0.1:9019"


def test_text_json_request_with_defaults():
    req = parse_request(json.dumps({"participants": {"personal_assistant": URL},
                                    "config": {"scenario_id": "mini_day"}}))
    assert req.participant_role == "personal_assistant" and req.participant_url == URL
    assert req.config.trials == 1 and req.config.seed == 0 and req.config.turn_timeout_s == 300
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
