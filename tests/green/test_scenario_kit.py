"""The shared scenario kit: ``green-agent scenarios build`` rewrites every generated folder's world 0 byte for byte,
and the grading helpers read the values UES and purples produce."""

from __future__ import annotations

import json
import shutil
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from green_agent.cli import main
from green_agent.scenario_kit.build import (
    calendar_event,
    contact,
    email_state,
    inbox_email,
    one_call,
    scheduled_event,
    sms_thread,
    threads,
)
from green_agent.scenario_kit.family import family_generator
from green_agent.scenario_kit.grading import (
    addresses,
    checklist,
    mentions,
    overlaps,
    plain_text,
    recipients,
    response_of,
    span,
    when,
)
from green_agent.scenario_kit.publish import write_initial_state
from green_agent.scenario_kit.records import (
    CalendarEvent,
    CharacterRecord,
    Contact,
    Conversation,
    DailyForecast,
    Email,
    OneCall,
    ReplyContentRecord,
    ReplyMatchRecord,
    ReplyRule,
    ScheduledEvent,
    SmsMessage,
)
from green_agent.scenario_spec import Character, ReplyContent, ReplyMatch, ScriptedReply, World
from green_agent.scenarios import ScenarioLibrary, load_generator, read_spec

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
# Every folder whose world 0 is drawn: by a generator of its own, or by the parts of its family.
GENERATED = sorted(p.parent for p in SCENARIOS.glob("*/scenario.json")
                   if (p.parent / "generator.py").is_file() or read_spec(p.parent).family is not None)
WORLD_FILES = ("initial_state.json", "solution.json", "scenario.json")


def world_zero(folder: Path) -> World:
    spec = read_spec(folder)
    if spec.family is not None:
        return family_generator(spec, ScenarioLibrary(SCENARIOS).pack())(0)
    generate = load_generator(folder)
    assert generate is not None
    return generate(0)


@pytest.mark.parametrize("folder", GENERATED, ids=[p.name for p in GENERATED])
def test_world_zero_is_the_committed_initial_state_byte_for_byte(folder, tmp_path):
    written = write_initial_state(tmp_path, world_zero(folder).initial_state)
    assert written.read_bytes() == (folder / "initial_state.json").read_bytes()


@pytest.mark.parametrize("folder", GENERATED, ids=[p.name for p in GENERATED])
def test_build_rewrites_the_committed_world_byte_for_byte(folder, tmp_path, monkeypatch, capsys):
    copy = tmp_path / folder.name
    shutil.copytree(folder, copy, ignore=shutil.ignore_patterns("__pycache__", ".mypy_cache"))
    (tmp_path / "parts").symlink_to(SCENARIOS / "parts")  # a family's parts: the library beside the folders
    (copy / "initial_state.json").write_text("{}")
    (copy / "solution.json").write_text("{}")
    # Same content, other bytes: a generator may read its own scenario.json, so only the layout can be spoiled.
    (copy / "scenario.json").write_text(json.dumps(json.loads((copy / "scenario.json").read_text())))
    monkeypatch.setenv("GREEN_SCENARIOS_DIR", str(tmp_path))
    assert main(["scenarios", "build", folder.name]) == 0
    assert capsys.readouterr().out.split() == [w for name in WORLD_FILES for w in ("wrote", str(copy / name))]
    for name in WORLD_FILES:
        assert (copy / name).read_bytes() == (folder / name).read_bytes(), name


def test_build_refuses_an_unknown_scenario_and_a_folder_without_generator(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "handmade"
    folder.mkdir()
    (folder / "scenario.json").write_text("{}")
    monkeypatch.setenv("GREEN_SCENARIOS_DIR", str(tmp_path))
    assert main(["scenarios", "build", "nowhere"]) == 2
    assert "unknown scenario 'nowhere' (known: handmade)" in capsys.readouterr().err
    assert main(["scenarios", "build", "handmade"]) == 2
    assert "handmade/scenario.json: scenario_id: Field required" in capsys.readouterr().err
    spec = json.loads((SCENARIOS / "email_triage_basic" / "scenario.json").read_text())
    spec.pop("family")  # a scenario that is neither a composition of parts nor has a generator
    (folder / "scenario.json").write_text(json.dumps({**spec, "scenario_id": "handmade"}))
    assert main(["scenarios", "build", "handmade"]) == 2
    assert "handmade: neither a family nor a generator.py" in capsys.readouterr().err
    assert sorted(p.name for p in folder.iterdir()) == ["scenario.json"]


def test_threads_agree_with_their_messages():
    def mail(message_id: str, thread: str, at: str, sender: str, read: bool) -> dict[str, object]:
        return {"message_id": message_id, "thread_id": thread, "subject": f"subject of {message_id}",
                "from_address": sender, "to_addresses": ["me@x.example"], "sent_at": at, "is_read": read}

    emails = {m["message_id"]: m for m in (mail("m1", "t1", "08:00", "b@x.example", True),
                                           mail("m2", "t2", "08:05", "c@x.example", False),
                                           mail("m3", "t1", "08:10", "a@x.example", False))}
    assert threads(emails.values()) == {
        "t1": {"thread_id": "t1", "subject": "subject of m1",
               "participant_addresses": ["a@x.example", "b@x.example", "me@x.example"], "message_ids": ["m1", "m3"],
               "created_at": "08:00", "last_message_at": "08:10", "message_count": 2, "unread_count": 1},
        "t2": {"thread_id": "t2", "subject": "subject of m2", "participant_addresses": ["c@x.example", "me@x.example"],
               "message_ids": ["m2"], "created_at": "08:05", "last_message_at": "08:05", "message_count": 1,
               "unread_count": 1},
    }
    state = email_state(start="08:30", user_email="me@x.example", emails=emails)
    assert state["folders"]["inbox"] == ["m1", "m2", "m3"] and state["user_email_address"] == "me@x.example"


@pytest.mark.parametrize("value", ["2026-03-02T09:00:00Z", "2026-03-02T09:00:00z", " 2026-03-02T09:00:00+00:00 ",
                                   "2026-03-02T09:00:00", "2026-03-02T10:00:00+01:00",
                                   datetime(2026, 3, 2, 9), datetime(2026, 3, 2, 9, tzinfo=UTC)])
def test_when_reads_every_timestamp_form_as_aware(value):
    parsed = when(value)
    assert parsed == datetime(2026, 3, 2, 9, tzinfo=UTC) and parsed.tzinfo is not None


def test_when_keeps_the_offset_it_was_given():
    assert when("2026-03-02T10:00:00+01:00").utcoffset() == timezone(timedelta(hours=1)).utcoffset(None)
    with pytest.raises(ValueError):
        when("tomorrow")


def test_plain_text_of_chat_content():
    assert plain_text("hello") == "hello"
    assert plain_text([{"type": "text", "text": "eng"}, {"type": "text", "text": "sync"}, "raw"]) == "eng sync raw"
    assert plain_text(None) == "" and plain_text(42) == "42"


def test_people_and_recipients():
    assert addresses([" Ana@X.example ", {"email": "BO@x.example"}, {"name": "no address"}, 7, None]) == {
        "ana@x.example", "bo@x.example"}
    assert addresses(None) == set()
    assert recipients({"to_addresses": ["a"], "cc_addresses": None, "bcc_addresses": ["c"]}) == ["a", "c"]
    assert mentions("The Eng Sync moved", ["design", "eng sync"]) and not mentions("nothing", ["eng"])


def test_calendar_spans_and_responses():
    event = {"start": "2026-03-02T09:00:00Z", "end": "2026-03-02T10:00:00+00:00",
             "attendees": [{"email": "Me@x.example", "response": "declined"}, {"email": "b@x.example"}]}
    start, end = span(event)
    assert end - start == timedelta(hours=1)
    later = (end, end + timedelta(hours=1))
    assert not overlaps((start, end), later) and overlaps((start, end), (start + timedelta(minutes=59), end))
    assert response_of(event, "me@x.example") == "declined" and response_of(event, "c@x.example") is None


def test_checklist_scores_one_point_per_check_and_names_the_misses():
    all_ok = checklist({"a": True, "b": True}, passed="all good", failed="missed:")
    assert (all_ok.score, all_ok.max_score, all_ok.explanation) == (2, 2, "all good")
    partly = checklist({"a": True, "b": False, "c": False}, passed="all good", failed="missed:", event_id="e1")
    assert (partly.score, partly.max_score, partly.explanation) == (1, 3, "missed: b, c")
    assert partly.details == {"checks": {"a": True, "b": False, "c": False}, "event_id": "e1"}


@pytest.mark.parametrize(("record", "model"), [
    (CharacterRecord, Character), (ReplyRule, ScriptedReply), (ReplyMatchRecord, ReplyMatch),
    (ReplyContentRecord, ReplyContent)], ids=["character", "rule", "match", "reply"])
def test_a_part_writes_characters_with_the_fields_scenario_json_has(record, model):
    """A part's characters are TypedDicts mirroring the pydantic contract of scenario.json (validated when the world
    is loaded): a field added to the model and not to its mirror could not be written by any part."""
    assert record.__required_keys__ | record.__optional_keys__ == set(model.model_fields)


def test_the_kit_builds_records_of_their_declared_shapes():
    """What mypy checks statically, at run time: a builder's record has exactly its TypedDict's keys (a world's
    files are these dicts, so a key the type does not know would be written unseen)."""
    at = "2026-04-06T09:00:00+00:00"
    built = {Email: inbox_email("m1", "a@x.example", "b@x.example", "Hi", "Body", at),
             CalendarEvent: calendar_event("e1", "Sync", at, at, organizer="b@x.example", created_at=at,
                                           updated_at=at),
             Contact: contact("c1", "Ana", "Lee", email="a@x.example"),
             ScheduledEvent: scheduled_event("ev1", at, "email", {"operation": "receive"}, created_at=at),
             Conversation: sms_thread("+1", "t1", "+2", [("s1", "in", at, "hey")])[1]}
    messages, _ = sms_thread("+1", "t1", "+2", [("s1", "in", at, "hey")])
    built[SmsMessage] = messages["s1"]
    forecast = one_call(47.6, -122.3, now=datetime.fromisoformat(at),
                        daily=[(datetime.fromisoformat(at), "Rain"), (datetime.fromisoformat(at), "Clear")])
    built[OneCall] = forecast
    for shape, record in built.items():
        assert set(record) == shape.__required_keys__ | shape.__optional_keys__, shape.__name__
    wet, dry = forecast["daily"]
    assert set(wet) == DailyForecast.__required_keys__ | {"rain"} and set(dry) == DailyForecast.__required_keys__
