"""Hypothesis against the green's two parsers of foreign input (issue 12 item 6): the assessment request parser
(``protocol.parse_request``, ``executor.request_from_message``) and the purple-reply parser (``PurpleReply`` built
from arbitrary A2A messages, tasks and stream events, and ``TurnClock.step_for`` on whatever object the reply
held). Whatever arrives, the request parser returns a usable request or raises ``RequestError`` with a message
naming where the problem is; the reply side never raises, and a bad ``time_step`` costs a short warning and the
fallback step. Deterministic (derandomized) so CI reproduces a failure exactly.
"""

from __future__ import annotations

import json
import math
import re
from datetime import UTC, datetime, timedelta
from typing import Any

from a2a.types import a2a_pb2
from google.protobuf import json_format, struct_pb2
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from green_agent.assessment.clock import TurnClock
from green_agent.assessment.purple_link import PurpleReply, _apply
from green_agent.executor import request_from_message
from green_agent.protocol import (
    MAX_REQUEST_BYTES,
    MAX_REQUEST_DEPTH,
    PARTICIPANT_ROLE,
    AssessmentConfig,
    AssessmentRequest,
    RequestError,
    parse_request,
)
from services.protocol.messages import TurnReply

FUZZ = settings(max_examples=200, derandomize=True, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
FEW = settings(FUZZ, max_examples=25)

# Every RequestError says where the problem is: the request as a whole, the participants, or the config.
NAMED = re.compile(r"^(request|participants|config|the message)\b")
# A warning or error lands in result rows and logs: whatever the input, it stays a readable line, not a copy of it.
MAX_MESSAGE_CHARS = 2_000

# ---------------------------------------------------------------------------------------------- strategies
scalars = (st.none() | st.booleans() | st.integers() | st.integers(min_value=-(2**70), max_value=2**70)
           | st.floats() | st.text(max_size=40))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=5)
                           | st.dictionaries(st.text(max_size=12), inner, max_size=5), max_leaves=30)
wire_json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**63), max_value=2**63)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=12), inner, max_size=5),
    max_leaves=30)

urls = st.sampled_from(["http://purple:9019", "https://p.example/agent/", "http://127.0.0.1:1", "ftp://x",
                        "http://", "http://a b", "", "http://h:99999999999999999999/x"]) | st.text(max_size=30)
durations = st.sampled_from(["PT4H", "PT0S", "-PT1H", "P999999999D", "P" + "9" * 5000 + "D", "PT1.5H", "P1Y",
                             "1 day", "PTNANS", "P", ""]) | st.text(max_size=20)
config_values: dict[str, st.SearchStrategy[Any]] = {
    "scenario_id": st.text(max_size=20) | json_values,
    "scenarios": st.just("all") | st.lists(st.text(max_size=10), max_size=3) | json_values,
    "trials": st.integers(-5, 200) | st.floats() | json_values,
    "seed": st.integers() | st.floats() | st.booleans() | json_values,
    "max_turns": st.integers(-5, 20_000) | st.floats() | json_values,
    "turn_timeout_s": st.floats() | st.integers() | json_values,
    "max_time_step": durations | st.floats() | st.integers() | json_values,
    "verbose_updates": st.booleans() | json_values,
    "shard_index": st.integers(-3, 10) | st.floats() | json_values,
    "num_shards": st.integers(-3, 10) | st.floats() | json_values,
    "num_instances": st.integers(-3, 500) | st.floats() | st.booleans() | json_values,
    "agentbeats_ids": st.dictionaries(st.sampled_from([PARTICIPANT_ROLE, "green", "x" * 300]),
                                      st.text(max_size=250) | st.integers() | st.floats() | json_values,
                                      max_size=20) | json_values,
    "parts": st.lists(st.sampled_from(["rsvp_policy", "chase_reply", "Bad Part", "", "x" * 100]), max_size=14)
    | json_values,
    "attacks": st.sampled_from(["none", "all", "some"])
    | st.lists(st.sampled_from(["text_code", "text_code/plain/sms", "a/b/c/d", "", "x" * 200]), max_size=14)
    | json_values,
    "character_mode": st.sampled_from(["llm", "scripted", "replay", "LLM", ""]) | json_values,
    "character_model": st.text(max_size=300) | json_values,
    "judge_model": st.text(max_size=300) | json_values,
    "worlds": st.sampled_from(["shared", "each", "EACH", "", "some"]) | json_values,
}
configs = st.fixed_dictionaries({}, optional={
    **config_values, "unknown": json_values, "x" * 5000: json_values,
    "assessment_config": st.fixed_dictionaries({}, optional=config_values) | json_values})
participants = (st.dictionaries(st.sampled_from([PARTICIPANT_ROLE, "agent", "x" * 300]), urls, max_size=3)
                | json_values)
# Near-valid requests: the right shape with junk in the fields, so the run gets past the first checks.
requests = st.fixed_dictionaries({}, optional={"participants": participants, "config": configs | json_values,
                                               "assessment_config": configs, "extra": json_values})


def nested(depth: int, leaf: Any = 1) -> Any:
    """``depth`` levels of alternating dicts and lists, built iteratively."""
    value = leaf
    for level in range(depth):
        value = {"k": value} if level % 2 else [value]
    return value


def struct_value(value: Any) -> struct_pb2.Value:
    """A protobuf Value for any JSON-like value, NaN and infinities included (a proto may carry what JSON can't)."""
    out = struct_pb2.Value()
    if value is None:
        out.null_value = struct_pb2.NULL_VALUE
    elif isinstance(value, bool):
        out.bool_value = value
    elif isinstance(value, int | float):
        try:
            out.number_value = float(value)
        except OverflowError:  # an integer beyond any double: a string, as green_agent.a2a_app.data_part sends it
            out.string_value = str(value)
    elif isinstance(value, str):
        out.string_value = value
    elif isinstance(value, list):
        out.list_value.values.extend(struct_value(v) for v in value)
    else:
        for k, v in value.items():
            out.struct_value.fields[k].CopyFrom(struct_value(v))
    return out


@st.composite
def parts(draw: st.DrawFn) -> a2a_pb2.Part:
    """One A2A part of any kind: text (often JSON, sometimes a near-valid request), data, raw, url or empty."""
    kind = draw(st.sampled_from(["text", "json_text", "data", "request_data", "raw", "url", "empty"]))
    part = a2a_pb2.Part(media_type=draw(st.sampled_from(["", "application/json", "text/plain"])))
    if kind == "text":
        part.text = draw(st.text(max_size=60))
    elif kind == "json_text":
        part.text = json.dumps(draw(json_values | requests))
    elif kind in ("data", "request_data"):
        part.data.CopyFrom(struct_value(draw(requests if kind == "request_data" else json_values)))
    elif kind == "raw":
        part.raw = draw(st.binary(max_size=40))
    elif kind == "url":
        part.url = draw(st.text(max_size=40))
    if draw(st.booleans()):
        part.metadata.update({"k": draw(st.text(max_size=10))})
    return part


part_lists = st.lists(parts(), max_size=4)
states = st.sampled_from(list(a2a_pb2.TaskState.values())) | st.integers(-(2**31), 2**31 - 1)


@st.composite
def messages(draw: st.DrawFn) -> a2a_pb2.Message:
    return a2a_pb2.Message(message_id=draw(st.text(max_size=8)), task_id=draw(st.text(max_size=8)),
                           role=draw(st.sampled_from(list(a2a_pb2.Role.values()))), parts=draw(part_lists))


@st.composite
def tasks(draw: st.DrawFn) -> a2a_pb2.Task:
    task = a2a_pb2.Task(id=draw(st.text(max_size=8)), context_id=draw(st.text(max_size=8)))
    task.status.state = draw(states)  # type: ignore[assignment]
    if draw(st.booleans()):
        task.status.message.CopyFrom(draw(messages()))
    for _ in range(draw(st.integers(0, 3))):
        task.artifacts.add(artifact_id=draw(st.sampled_from(["a", "b", ""])), parts=draw(part_lists))
    return task


@st.composite
def stream_events(draw: st.DrawFn) -> a2a_pb2.StreamResponse:
    """Any stream event a purple may send: a task, a status update, an artifact update (appended or not), a
    message, or an empty event."""
    kind = draw(st.sampled_from(["task", "status", "artifact", "message", "empty"]))
    event = a2a_pb2.StreamResponse()
    if kind == "task":
        event.task.CopyFrom(draw(tasks()))
    elif kind == "status":
        event.status_update.task_id = draw(st.text(max_size=8))
        event.status_update.status.state = draw(states)  # type: ignore[assignment]
        if draw(st.booleans()):
            event.status_update.status.message.CopyFrom(draw(messages()))
    elif kind == "artifact":
        event.artifact_update.task_id = draw(st.text(max_size=8))
        event.artifact_update.append = draw(st.booleans())
        event.artifact_update.artifact.artifact_id = draw(st.sampled_from(["a", "b", ""]))
        event.artifact_update.artifact.parts.extend(draw(part_lists))
    elif kind == "message":
        event.message.CopyFrom(draw(messages()))
    return event


# ---------------------------------------------------------------------------------------------- request parser
def assert_parsed_or_refused(raw: Any) -> AssessmentRequest | None:
    """``parse_request(raw)`` returns a request that can be run, or refuses with a short message naming where."""
    try:
        request = parse_request(raw)
    except RequestError as exc:
        message = str(exc)
        assert NAMED.match(message), message
        assert len(message) <= MAX_MESSAGE_CHARS, message[:200]
        return None
    assert isinstance(request, AssessmentRequest)
    assert re.match(r"^https?://", request.participant_url)
    assert request.scenario_selection()
    assert 0 <= request.config.shard_index < request.config.num_shards
    assert request.config.max_time_step > timedelta(0)
    assert all(len(w) <= MAX_MESSAGE_CHARS for w in request.warnings)
    return request


@FUZZ
@given(json_values)
def test_any_json_value_parses_or_is_refused_with_a_named_field(raw):
    assert_parsed_or_refused(raw)
    assert_parsed_or_refused(json.dumps(raw))


@FUZZ
@given(requests)
@example({"participants": {PARTICIPANT_ROLE: "http://purple:9019"}, "config": {"scenario_id": "s"}})
@example({"participants": {PARTICIPANT_ROLE: "http://purple:9019"},
          "config": {"scenario_id": "s", "max_time_step": "P999999999D"}})
@example({"participants": {"x" * 300: "y" * 5000}, "config": {}})
def test_a_near_valid_request_parses_or_is_refused_with_a_named_field(raw):
    request = assert_parsed_or_refused(raw)
    if request is not None:  # what parsed survives the trip through JSON text, as the platform sends it
        again = assert_parsed_or_refused(json.dumps(raw))
        assert again is not None and again.config == request.config


@FUZZ
@given(st.text(max_size=200) | st.binary(max_size=200))
def test_any_text_or_bytes_parses_or_is_refused(raw):
    assert_parsed_or_refused(raw)


@FEW
@given(st.integers(1, 20_000), st.sampled_from([("[", "]"), ('{"a":', "}"), ('{"participants":{"p":', "}}")]))
@example(20_000, ("[", "]"))
@example(20_000, ('{"participants":{"p":', "}}"))
def test_deep_json_text_is_refused_not_a_crash(depth, brackets):
    opener, closer = brackets
    request = assert_parsed_or_refused(opener * depth + "1" + closer * depth)
    assert request is None


@FEW
@given(st.integers(MAX_REQUEST_DEPTH - 2, 5_000))
@example(MAX_REQUEST_DEPTH - 2)
@example(MAX_REQUEST_DEPTH - 1)
@example(5_000)
def test_deep_objects_are_refused_not_a_crash(depth):
    raw = {"participants": {PARTICIPANT_ROLE: "http://purple:9019"}, "config": {"scenario_id": "s",
                                                                                "extra": nested(depth)}}
    assert (assert_parsed_or_refused(raw) is None) == (depth + 2 > MAX_REQUEST_DEPTH)


def test_a_request_over_the_size_limit_is_refused_before_parsing():
    for raw in ("x" * (MAX_REQUEST_BYTES + 1), b"[" * (MAX_REQUEST_BYTES + 1)):
        assert assert_parsed_or_refused(raw) is None


@FUZZ
@given(part_lists)
def test_any_platform_message_yields_a_request_or_a_named_refusal(message_parts):
    message = a2a_pb2.Message(message_id="m", role=a2a_pb2.Role.ROLE_USER, parts=message_parts)
    try:
        raw = request_from_message(message)
    except RequestError as exc:
        assert NAMED.match(str(exc)), str(exc)
        return
    assert isinstance(raw, dict | str)
    assert_parsed_or_refused(raw)


# ---------------------------------------------------------------------------------------------- purple replies
T0 = datetime(2026, 3, 3, 9, tzinfo=UTC)


def turn_clock() -> TurnClock:
    return TurnClock(now=T0, end=T0 + timedelta(hours=10), default_step=timedelta(minutes=30),
                     max_step=timedelta(hours=4))


def assert_step_is_sane(reply: dict[str, Any] | None, answered: bool = True) -> None:
    """Whatever the reply, the step is positive, within max_time_step, and a warning (if any) is short."""
    clock = turn_clock()
    step = clock.step_for(7, TurnReply.from_payload(reply), answered=answered)
    assert timedelta(0) < step.delta <= clock.max_step
    assert step.warning is None or (str(step.warning).startswith("turn 7: ")
                                    and len(str(step.warning)) <= MAX_MESSAGE_CHARS)


@FUZZ
@given(st.one_of(st.none(), messages()), st.one_of(st.none(), tasks()))
def test_any_reply_yields_an_object_or_none_and_its_text(message, task):
    reply = PurpleReply(message=message, task=task)
    found = reply.first_object()
    assert found is None or isinstance(found, dict)
    assert isinstance(reply.text(), str)
    assert reply.task_id is None or isinstance(reply.task_id, str)
    assert reply.state is None or isinstance(reply.state, str)
    assert_step_is_sane(found)


@FUZZ
@given(st.lists(stream_events(), max_size=6))
def test_any_stream_of_events_folds_into_a_readable_reply(events):
    reply = PurpleReply(events=events)
    for event in events:
        if event.HasField("message"):
            reply.message = event.message
            break
        reply.task = _apply(reply.task, event)
    found = reply.first_object()
    assert found is None or isinstance(found, dict)
    assert isinstance(reply.text(), str)
    assert reply.state is None or isinstance(reply.state, str)
    assert_step_is_sane(found)


time_steps = (durations | json_values | st.floats() | st.integers()
              | st.text(alphabet="PTDHMSW0123456789.-+ ,:eE", max_size=30)
              | st.builds(lambda n, unit: f"PT{n}{unit}", st.integers(-(10**30), 10**30), st.sampled_from("HMS")))


@FUZZ
@given(st.sampled_from(["turn_complete", "early_completion", "hello", None, 1, ["turn_complete"]]), time_steps,
       st.booleans())
@example("turn_complete", "P" + "9" * 5000 + "D", True)
@example("turn_complete", "PT" + "0" * 5000 + "5H", True)
@example("turn_complete", float("nan"), True)
def test_any_time_step_gives_a_bounded_step(kind, time_step, answered):
    assert_step_is_sane({"message_type": kind, "time_step": time_step}, answered)


@FUZZ
@given(json_values)
def test_any_reply_object_gives_a_bounded_step(reply):
    assert_step_is_sane(reply if isinstance(reply, dict) else None)


def test_a_huge_invalid_time_step_is_named_in_a_short_warning():
    """Regression: the warning used to embed the whole ``time_step`` (here 5 000 digits) in every row's warnings."""
    step = turn_clock().step_for(2, TurnReply.from_payload({"message_type": "turn_complete",
                                                            "time_step": "P" + "9" * 5000 + "D"}))
    assert step.delta == timedelta(minutes=30)
    assert step.warning is not None and "invalid time_step 'P999" in step.warning.text
    assert len(str(step.warning)) <= MAX_MESSAGE_CHARS


def test_a_huge_participant_is_refused_in_a_short_message():
    """Regression: the refusal used to quote the whole role name and URL (here 5 300 characters)."""
    try:
        parse_request({"participants": {"x" * 300: "y" * 5000}, "config": {"scenario_id": "s"}})
    except RequestError as exc:
        assert str(exc).startswith("participants.xxx") and "not an http(s) URL: 'yyy" in str(exc)
        assert len(str(exc)) <= MAX_MESSAGE_CHARS
    else:
        raise AssertionError("accepted a participant URL of 5 000 y's")


def nan_message(obj: dict[str, Any]) -> a2a_pb2.Message:
    """A message whose DataPart holds ``obj`` plus a NaN and an Infinity, parsed from JSON text as the SDK's
    JSON-RPC dispatcher parses a request (json.loads accepts ``NaN``, which Python's json.dumps writes)."""
    wire = '{"messageId": "m", "role": "ROLE_USER", "parts": [{"data": ' + json.dumps(obj)[:-1] \
        + ', "score": NaN, "ceiling": Infinity}}]}'
    return json_format.Parse(wire, a2a_pb2.Message())


def test_a_request_data_part_with_nan_is_parsed_not_a_crash():
    """Regression: MessageToDict refuses NaN, so a DataPart holding one raised ValueError out of
    request_from_message and the task failed instead of ending ``rejected`` or running."""
    good = {"participants": {PARTICIPANT_ROLE: "http://purple:9019"}, "config": {"scenario_id": "s"}}
    raw = request_from_message(nan_message(good))
    assert math.isnan(raw["score"]) and raw["ceiling"] == math.inf
    assert parse_request(raw).warnings == ["ceiling: unknown top-level key ignored",
                                           "score: unknown top-level key ignored"]
    bad = {**good, "config": {"scenario_id": "s", "trials": float("nan")}}
    try:
        parse_request(request_from_message(a2a_pb2.Message(parts=[a2a_pb2.Part(data=struct_value(bad))])))
    except RequestError as exc:
        assert str(exc).startswith("config.trials: ")
    else:
        raise AssertionError("accepted trials: NaN")


def test_a_purple_reply_data_part_with_nan_still_gives_its_time_step():
    """Regression: the same NaN in a purple's turn_complete raised ValueError out of PurpleReply.first_object,
    failing the trial, instead of taking the purple's time_step."""
    reply = PurpleReply(message=nan_message({"message_type": "turn_complete", "time_step": "PT2H"}))
    found = reply.first_object()
    assert found is not None and found["time_step"] == "PT2H"
    assert turn_clock().step_for(1, reply.turn_reply()).delta == timedelta(hours=2)


def test_a_task_state_the_enum_does_not_name_is_reported_as_its_number():
    """Regression: ``PurpleReply.state`` raised ValueError for a state number outside TaskState (enums are open)."""
    task = a2a_pb2.Task(id="t")
    task.status.state = 99  # type: ignore[assignment]
    assert PurpleReply(task=task).state == "99"
    task.status.state = a2a_pb2.TaskState.TASK_STATE_COMPLETED
    assert PurpleReply(task=task).state == "TASK_STATE_COMPLETED"


def test_config_fields_fuzzed_are_the_models_fields():
    """The near-valid strategy covers every config field, so a new field is fuzzed too (or this fails)."""
    assert set(config_values) == set(AssessmentConfig.model_fields)
