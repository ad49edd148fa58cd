"""Scenario import/export (ues-api.md §2.4, §4.5, §5) and the reference green-agent turn of §4.6."""

from __future__ import annotations

import copy
from datetime import UTC, datetime, timedelta
from typing import Any

from services.ues.timeutil import parse_dt

T0 = datetime(2026, 1, 28, 6, 0, tzinfo=UTC)
USER = "alex@example.com"
FOLDERS = ("inbox", "sent", "drafts", "trash", "spam", "archive")


def at(minutes: float = 0, seconds: float = 0) -> str:
    return (T0 + timedelta(minutes=minutes, seconds=seconds)).isoformat()


def email_state(**overrides: Any) -> dict[str, Any]:
    state = {"modality_type": "email", "last_updated": T0.isoformat(), "update_count": 0, "emails": {},
             "threads": {}, "folders": {f: [] for f in FOLDERS}, "labels": {}, "drafts": {},
             "user_email_address": USER}
    state.update(overrides)
    return state


def mail_event(minutes: float, message_id: str, subject: str, **overrides: Any) -> dict[str, Any]:
    """An event shaped like the §5 skeleton (written by a real UES export)."""
    when = at(minutes)
    event = {"event_id": "any", "scheduled_time": when, "modality": "email", "status": "pending",
             "created_at": min(T0, parse_dt(when)).isoformat(), "executed_at": None, "agent_id": None,
             "priority": 50, "error_message": None, "metadata": {},
             "data": {"modality_type": "email", "timestamp": when, "operation": "receive",
                      "message_id": message_id, "thread_id": f"thread_{message_id}", "from_address": "a@b.com",
                      "to_addresses": [USER], "subject": subject, "body_text": "...", "priority": "normal"}}
    event.update(overrides)
    return event


def make_scenario(events: list[dict[str, Any]] = (), *, current: datetime = T0,
                  states: dict[str, Any] | None = None, **time_overrides: Any) -> dict[str, Any]:
    time_state = {"current_time": current.isoformat(), "time_scale": 1.0, "is_paused": False,
                  "auto_advance": False, "last_wall_time_update": current.isoformat(), **time_overrides}
    return {"metadata": {"ues_version": "0.2.1", "scenario_version": "1", "created_at": T0.isoformat()},
            "environment": {"time_state": time_state,
                            "modality_states": states if states is not None else {"email": email_state()}},
            "events": {"events": list(events)}}


async def import_full(client, admin, scenario: dict[str, Any], strict: bool = False):
    return await client.post("/scenario/import/full", headers=admin,
                             json={"scenario": scenario, "strict_modalities": strict})


async def start(client, admin) -> None:
    r = await client.post("/simulation/start", headers=admin, json={"auto_advance": False, "time_scale": 1.0})
    assert r.status_code == 200, r.text


async def mailbox(client, admin) -> dict[str, Any]:
    r = await client.get("/email/state", headers=admin)
    assert r.status_code == 200, r.text
    return r.json()


async def all_events(client, admin, **params: Any) -> list[dict[str, Any]]:
    r = await client.get("/events", headers=admin, params=params)
    assert r.status_code == 200, r.text
    return r.json()["events"]


# ---------------------------------------------------------------------------------------------- full import
async def test_scheduled_mail_arrives_in_order_at_its_scheduled_time(client, admin):
    # Deliberately out of order in the file.
    events = [mail_event(40, "email_003", "Third"), mail_event(20, "email_008", "First"),
              mail_event(30, "email_005", "Second")]
    r = await import_full(client, admin, make_scenario(events))
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["success"] is True and body["environment_loaded"] is True and body["events_loaded"] == 3
    assert body["modalities_loaded"] == ["email"] and body["modalities_skipped"] == []
    assert body["warnings"] == []
    meta = body["scenario_metadata"]
    assert meta["ues_version"] == "0.2.1" and meta["scenario_version"] == "1"
    assert parse_dt(meta["created_at"]) == T0 and meta["author"] is None and meta["description"] is None

    listed = await all_events(client, admin)
    assert [e["data"]["message_id"] for e in listed] == ["email_008", "email_005", "email_003"]
    assert all(e["event_id"] != "any" for e in listed)  # ids are regenerated
    assert len({e["event_id"] for e in listed}) == 3
    await start(client, admin)
    assert (await mailbox(client, admin))["emails"] == {}

    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 25 * 60})
    assert r.json()["events_executed"] == 1
    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 35 * 60})
    assert r.json()["events_executed"] == 2
    detail_ids = [d["event_id"] for d in r.json()["execution_details"]]
    assert detail_ids == [e["event_id"] for e in listed[1:]]

    state = await mailbox(client, admin)
    assert list(state["emails"]) == ["email_008", "email_005", "email_003"]  # arrival order
    received = {k: parse_dt(v["received_at"]) for k, v in state["emails"].items()}
    assert received == {"email_008": T0 + timedelta(minutes=20), "email_005": T0 + timedelta(minutes=30),
                        "email_003": T0 + timedelta(minutes=40)}
    assert state["folders"]["inbox"] == ["email_008", "email_005", "email_003"]
    assert state["emails"]["email_005"]["thread_id"] == "thread_email_005"
    executed = await all_events(client, admin, status="executed")
    assert [parse_dt(e["executed_at"]) for e in executed] == [T0 + timedelta(minutes=25)] + \
        [T0 + timedelta(minutes=60)] * 2
    r = await client.post("/email/query", headers=admin, json={"sort_by": "date", "sort_order": "asc"})
    assert [e["subject"] for e in r.json()["emails"]] == ["First", "Second", "Third"]


async def test_import_keeps_time_state_verbatim(client, admin):
    scenario = make_scenario(is_paused=True, time_scale=3.0, auto_advance=True)
    assert (await import_full(client, admin, scenario)).status_code == 200
    body = (await client.get("/simulator/time", headers=admin)).json()
    assert parse_dt(body["current_time"]) == T0
    assert body["is_paused"] is True and body["time_scale"] == 3.0 and body["auto_advance"] is True
    assert body["mode"] == "paused"


async def test_import_naive_datetimes_are_utc(client, admin):
    event = mail_event(10, "m1", "naive")
    event["scheduled_time"] = "2026-01-28T06:10:00"
    event["created_at"] = "2026-01-28T06:00:00"
    event["data"]["timestamp"] = "2026-01-28T06:10:00"
    scenario = make_scenario([event])
    scenario["environment"]["time_state"]["current_time"] = "2026-01-28T06:00:00"
    scenario["environment"]["time_state"]["last_wall_time_update"] = "2026-01-28T06:00:00"
    assert (await import_full(client, admin, scenario)).status_code == 200, "naive import"
    assert parse_dt((await client.get("/simulator/time", headers=admin)).json()["current_time"]) == T0
    listed = await all_events(client, admin)
    assert parse_dt(listed[0]["scheduled_time"]) == T0 + timedelta(minutes=10)
    await start(client, admin)
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 600})
    received = (await mailbox(client, admin))["emails"]["m1"]["received_at"]
    assert parse_dt(received) == T0 + timedelta(minutes=10)


async def test_export_import_roundtrip(client, admin, purple):
    thread = {"thread_id": "t0", "subject": "Existing", "participant_addresses": ["a@b.com", USER],
              "message_ids": ["m0"], "created_at": at(-60), "last_message_at": at(-60), "message_count": 1,
              "unread_count": 1}
    mail = {"message_id": "m0", "thread_id": "t0", "from_address": "a@b.com", "to_addresses": [USER],
            "subject": "Existing", "body_text": "old", "sent_at": at(-60), "received_at": at(-60),
            "labels": ["work"], "attachments": [{"filename": "a.pdf", "size": 10, "mime_type": "application/pdf"}]}
    state = email_state(emails={"m0": mail}, threads={"t0": thread}, labels={"work": ["m0"]},
                        folders={f: [] for f in FOLDERS} | {"inbox": ["m0"]})
    events = [mail_event(10, "m1", "Early"), mail_event(90, "m2", "Late", priority=70)]
    assert (await import_full(client, admin, make_scenario(events, states={"email": state}))).status_code == 200
    await start(client, admin)
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 1800})
    r = await client.post("/email/send", headers=purple.headers, json={
        "from_address": USER, "to_addresses": ["a@b.com"], "subject": "Re: Existing", "body_text": "done",
        "thread_id": "t0", "in_reply_to": "m0", "references": ["m0"]})
    assert r.status_code == 200
    await client.post("/email/star", headers=purple.headers, json={"message_ids": ["m0", "m1"]})
    await client.post("/simulation/stop", headers=admin)

    r = await client.get("/scenario/export/full", headers=admin, params={"author": "me", "description": "d"})
    assert r.status_code == 200
    exported = r.json()["scenario"]
    assert exported["metadata"]["author"] == "me" and exported["metadata"]["description"] == "d"
    assert exported["metadata"]["ues_version"] and exported["metadata"]["created_at"]
    assert set(exported["environment"]) == {"time_state", "modality_states"}
    assert list(exported["environment"]["modality_states"]) == ["email"]
    assert len(exported["events"]["events"]) == 4

    r = await client.post("/simulation/clear", headers=admin, json={"reset_time_to": "2020-01-01T00:00:00Z"})
    assert r.status_code == 200
    r = await import_full(client, admin, copy.deepcopy(exported))
    assert r.status_code == 200, r.text
    assert r.json()["events_loaded"] == 4 and r.json()["scenario_metadata"]["author"] == "me"
    again = (await client.get("/scenario/export/full", headers=admin)).json()["scenario"]

    assert again["environment"] == exported["environment"]

    def without_ids(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{k: v for k, v in e.items() if k != "event_id"} for e in events]

    assert without_ids(again["events"]["events"]) == without_ids(exported["events"]["events"])
    old_ids = {e["event_id"] for e in exported["events"]["events"]}
    assert not old_ids & {e["event_id"] for e in again["events"]["events"]}

    # The re-imported world behaves the same: executed events are not re-applied, pending ones still run.
    await start(client, admin)
    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 3600})
    assert r.json()["events_executed"] == 1
    state = await mailbox(client, admin)
    assert len(state["emails"]) == 4 and {"m0", "m1", "m2"} <= set(state["emails"])
    assert state["emails"]["m0"]["is_starred"] and state["emails"]["m1"]["is_starred"]
    assert state["threads"]["t0"]["message_count"] == 2


async def test_export_environment_and_events(client, admin):
    events = [mail_event(10, "m1", "a"), mail_event(20, "m2", "b")]
    assert (await import_full(client, admin, make_scenario(events))).status_code == 200
    await start(client, admin)
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 900})
    r = await client.get("/scenario/export/environment", headers=admin)
    assert r.status_code == 200
    body = r.json()
    assert body["modalities_exported"] == ["email"]
    assert parse_dt(body["environment"]["time_state"]["current_time"]) == T0 + timedelta(minutes=15)
    assert list(body["environment"]["modality_states"]["email"]["emails"]) == ["m1"]
    r = await client.get("/scenario/export/events", headers=admin)
    body = r.json()
    assert body["total_events"] == 2 and body["pending_events"] == 1 and body["executed_events"] == 1
    assert [e["status"] for e in body["events"]["events"]] == ["executed", "pending"]
    assert all("data" in e for e in body["events"]["events"])


async def test_import_while_running_is_409(client, admin):
    assert (await import_full(client, admin, make_scenario())).status_code == 200
    await start(client, admin)
    r = await import_full(client, admin, make_scenario())
    assert r.status_code == 409
    assert r.json()["detail"] == "Cannot load scenario while simulation is running. Call stop() first."
    env = make_scenario()["environment"]
    r = await client.post("/scenario/import/environment", headers=admin, json={"data": env})
    assert r.status_code == 409
    r = await client.post("/scenario/import/events", headers=admin, json={"data": {"events": []}})
    assert r.status_code == 409


async def test_import_missing_parts_is_400_naming_them(client, admin):
    cases = []
    s = make_scenario()
    del s["environment"]["time_state"]
    cases.append((s, "time_state"))
    s = make_scenario()
    del s["environment"]["modality_states"]
    cases.append((s, "modality_states"))
    s = make_scenario()
    del s["events"]
    cases.append((s, "events"))
    s = make_scenario()
    s["events"] = {}
    cases.append((s, "events.events"))
    s = make_scenario()
    del s["environment"]["time_state"]["current_time"]
    cases.append((s, "current_time"))
    s = make_scenario()
    del s["environment"]
    cases.append((s, "environment"))
    s = make_scenario([mail_event(10, "m1", "x")])
    del s["events"]["events"][0]["scheduled_time"]
    cases.append((s, "scheduled_time"))
    s = make_scenario()
    s["environment"]["modality_states"]["email"]["emails"] = {"m1": {"message_id": "m1"}}
    cases.append((s, "thread_id"))
    s = make_scenario()
    s["environment"]["modality_states"]["email"]["modality_type"] = "sms"
    cases.append((s, "modality_type"))
    # Wrong shapes are a 400 too, never a 500.
    for part in ("threads", "labels", "drafts"):
        s = make_scenario()
        s["environment"]["modality_states"]["email"][part] = [1]
        cases.append((s, "email"))
    s = make_scenario([mail_event(10, "m1", "x", metadata=[1])])
    cases.append((s, "metadata"))
    for scenario, name in cases:
        r = await import_full(client, admin, scenario)
        assert r.status_code == 400, (name, r.text)
        assert name in str(r.json()["detail"]), (name, r.json())
    assert (await client.post("/scenario/import/full", headers=admin, json={})).status_code == 422


async def test_unknown_modality_strict_and_lenient(client, admin):
    states = {"email": email_state(), "telepathy": {"modality_type": "telepathy", "thoughts": []}}
    r = await import_full(client, admin, make_scenario(states=states), strict=True)
    assert r.status_code == 400 and "telepathy" in r.json()["detail"]
    r = await import_full(client, admin, make_scenario(states=states), strict=False)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["modalities_loaded"] == ["email"] and body["modalities_skipped"] == ["telepathy"]
    assert any("telepathy" in w for w in body["warnings"])
    r = await client.get("/scenario/export/environment", headers=admin)
    assert r.json()["modalities_exported"] == ["email"]


async def test_import_replaces_the_modality_set(client, admin):
    r = await import_full(client, admin, make_scenario(states={}))
    assert r.status_code == 200, r.text
    assert (await client.get("/scenario/export/environment", headers=admin)).json()["modalities_exported"] == []
    # Email is gone: a clean 404, never a 500.
    r = await client.get("/email/state", headers=admin)
    assert r.status_code == 404 and "email" in r.json()["detail"]
    r = await client.post("/email/send", headers=admin, json={
        "from_address": USER, "to_addresses": ["b@c.com"], "subject": "s", "body_text": "b"})
    assert r.status_code == 404
    # A pending event for a missing modality blocks start.
    r = await import_full(client, admin, make_scenario([mail_event(5, "m", "x")], states={}))
    assert r.status_code == 200
    r = await client.post("/simulation/start", headers=admin)
    assert r.status_code == 400 and "email" in r.json()["detail"]


async def test_version_mismatch_warns(client, admin):
    scenario = make_scenario()
    scenario["metadata"]["ues_version"] = "7.0.0"
    r = await import_full(client, admin, scenario)
    assert r.status_code == 200
    assert any("7.0.0" in w for w in r.json()["warnings"])


async def test_historic_pending_events_run_on_next_advance(client, admin):
    events = [mail_event(-30, "old", "Historic"), mail_event(-10, "done", "Already", status="executed",
                                                              executed_at=at(-10)),
              mail_event(30, "new", "Future")]
    r = await import_full(client, admin, make_scenario(events))
    assert r.status_code == 200
    warnings = r.json()["warnings"]
    assert any("1 pending event" in w for w in warnings)
    await start(client, admin)
    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 1})
    assert r.json()["events_executed"] == 1
    state = await mailbox(client, admin)
    # The executed event from the file is not re-applied.
    assert list(state["emails"]) == ["old"]
    assert parse_dt(state["emails"]["old"]["received_at"]) == T0 - timedelta(minutes=30)
    statuses = {e["data"]["message_id"]: e["status"] for e in await all_events(client, admin)}
    assert statuses == {"old": "executed", "done": "executed", "new": "pending"}


# ---------------------------------------------------------------------------------------------- partial imports
async def _queue_with_history(client, admin) -> None:
    events = [mail_event(10, "m10", "ten"), mail_event(30, "m30", "thirty")]
    assert (await import_full(client, admin, make_scenario(events))).status_code == 200


def _env_at(minutes: float, emails: dict[str, Any] | None = None) -> dict[str, Any]:
    current = T0 + timedelta(minutes=minutes)
    states = {"email": email_state(user_email_address="new@example.com", **(emails or {}))}
    return make_scenario(current=current, states=states)["environment"]


async def test_import_environment_ignore(client, admin):
    await _queue_with_history(client, admin)
    r = await client.post("/scenario/import/environment", headers=admin, json={"data": _env_at(20)})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["success"] is True and body["modalities_loaded"] == ["email"] and body["modalities_skipped"] == []
    assert body["historic_events_count"] == 1 and body["historic_events_action"] == "ignore"
    assert parse_dt((await client.get("/simulator/time", headers=admin)).json()["current_time"]) == \
        T0 + timedelta(minutes=20)
    assert (await mailbox(client, admin))["user_email_address"] == "new@example.com"
    assert [e["status"] for e in await all_events(client, admin)] == ["pending", "pending"]
    await start(client, admin)
    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 1})
    assert r.json()["events_executed"] == 1  # the historic one is still due


async def test_import_environment_delete(client, admin):
    await _queue_with_history(client, admin)
    r = await client.post("/scenario/import/environment", headers=admin,
                          json={"data": _env_at(20), "historic_event_handling": "delete"})
    assert r.status_code == 200
    assert r.json()["historic_events_count"] == 1 and r.json()["historic_events_action"] == "delete"
    assert [e["data"]["message_id"] for e in await all_events(client, admin)] == ["m30"]
    summary = (await client.get("/events/summary", headers=admin)).json()
    assert summary["total"] == 1 and summary["pending"] == 1


async def test_import_environment_apply(client, admin):
    await _queue_with_history(client, admin)
    r = await client.post("/scenario/import/environment", headers=admin,
                          json={"data": _env_at(20), "historic_event_handling": "apply"})
    assert r.status_code == 200
    assert r.json()["historic_events_action"] == "apply"
    events = await all_events(client, admin)
    assert [e["status"] for e in events] == ["executed", "pending"]
    assert parse_dt(events[0]["executed_at"]) == T0 + timedelta(minutes=20)
    state = await mailbox(client, admin)
    assert list(state["emails"]) == ["m10"] and state["user_email_address"] == "new@example.com"
    # Applied without undo.
    await start(client, admin)
    assert (await client.post("/simulation/undo", headers=admin)).json()["undone_count"] == 0
    r = await client.post("/scenario/import/environment", headers=admin,
                          json={"data": _env_at(0), "historic_event_handling": "later"})
    assert r.status_code == 422


async def test_import_environment_errors(client, admin):
    env = _env_at(0)
    del env["time_state"]
    await client.post("/simulation/stop", headers=admin)
    r = await client.post("/scenario/import/environment", headers=admin, json={"data": env})
    assert r.status_code == 400 and "time_state" in r.json()["detail"]
    env = _env_at(0)
    env["modality_states"]["telepathy"] = {}
    r = await client.post("/scenario/import/environment", headers=admin,
                          json={"data": env, "strict_modalities": True})
    assert r.status_code == 400
    r = await client.post("/scenario/import/environment", headers=admin, json={"data": env})
    assert r.status_code == 200 and r.json()["modalities_skipped"] == ["telepathy"]


async def test_import_events_merge_and_replace(client, admin):
    await _queue_with_history(client, admin)
    extra = [mail_event(5, "m5", "five"), mail_event(-5, "mm5", "before")]
    r = await client.post("/scenario/import/events", headers=admin, json={"data": {"events": extra}, "merge": True})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["success"] is True and body["events_loaded"] == 2 and body["events_merged"] is True
    assert body["previous_events"] == 2 and body["historic_event_count"] == 1
    assert "1" in body["historic_events_warning"]
    assert [e["data"]["message_id"] for e in await all_events(client, admin)] == ["mm5", "m5", "m10", "m30"]

    r = await client.post("/scenario/import/events", headers=admin,
                          json={"data": {"events": [mail_event(50, "m50", "fifty")]}})  # merge defaults to false
    body = r.json()
    assert body["events_merged"] is False and body["previous_events"] == 4 and body["events_loaded"] == 1
    assert body["historic_event_count"] == 0 and body["historic_events_warning"] is None
    assert [e["data"]["message_id"] for e in await all_events(client, admin)] == ["m50"]
    r = await client.post("/scenario/import/events", headers=admin, json={"data": {}})
    assert r.status_code == 400 and "events" in r.json()["detail"]


# ---------------------------------------------------------------------------------------------- §4.6 green flow
async def test_reference_green_flow(client, admin):
    events = [mail_event(20, "email_008", "Quarterly numbers")]
    # 1. clear (no body) -> import full -> start.
    r = await client.post("/simulation/clear", headers=admin)
    assert r.status_code == 200
    r = await import_full(client, admin, make_scenario(events, is_paused=True))
    assert r.status_code == 200, r.text
    await start(client, admin)
    # 2. (chat is not part of this file's scenarios; the task message is skipped.)
    # 3. the purple key.
    r = await client.post("/keys", headers=admin, json={"name": "purple-assessment", "permissions": [
        "email:state", "email:query", "time:read", "email:send", "email:read", "email:star"]})
    assert r.status_code == 201
    purple_id, purple_headers = r.json()["key_id"], {"X-API-Key": r.json()["secret"]}
    initial = (await client.get("/email/state", headers=purple_headers)).json()
    assert initial["total_email_count"] == 0 and initial["unread_count"] == 0
    # 4. one turn.
    turn_start = (await client.get("/simulator/time", headers=purple_headers)).json()["current_time"]
    r = await client.post("/email/send", headers=purple_headers, json={
        "from_address": USER, "to_addresses": ["boss@corp.com"], "subject": "Status", "body_text": "All good."})
    assert r.status_code == 200 and r.json()["status"] == "executed"
    assert parse_dt(r.json()["scheduled_time"]) == parse_dt(turn_start)
    purple_event_id = r.json()["event_id"]
    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 1})
    assert r.status_code == 200, r.text
    apply_time = (await client.get("/simulator/time", headers=admin)).json()["current_time"]
    assert parse_dt(apply_time) == T0 + timedelta(seconds=1)
    r = await client.get("/events", headers=admin,
                         params={"start_time": turn_start, "end_time": apply_time, "status": "executed"})
    assert r.status_code == 200
    mine = [e for e in r.json()["events"] if e["agent_id"] == purple_id]
    assert [e["event_id"] for e in mine] == [purple_event_id]
    event = mine[0]
    assert event["data"]["operation"] == "send" and event["status"] == "executed"
    assert event["error_message"] is None and event["metadata"]["created_by_key"] == purple_id
    assert parse_dt(event["scheduled_time"]) == parse_dt(turn_start)
    sent = (await client.get("/email/state", headers=admin)).json()["emails"][event["data"]["message_id"]]
    assert sent["folder"] == "sent" and sent["subject"] == "Status"
    # Character reply via /email/receive at apply_time; the collector (received_after inclusive) sees it.
    r = await client.post("/email/receive", headers=admin, json={
        "from_address": "boss@corp.com", "to_addresses": [USER], "subject": "Re: Status", "body_text": "Thanks",
        "thread_id": sent["thread_id"], "in_reply_to": sent["message_id"],
        "sent_at": (T0 + timedelta(minutes=5)).isoformat()})
    assert r.status_code == 200
    r = await client.post("/email/query", headers=admin, json={"received_after": apply_time, "sort_order": "asc"})
    assert [e["subject"] for e in r.json()["emails"]] == ["Re: Status"]
    assert parse_dt(r.json()["emails"][0]["received_at"]) == parse_dt(apply_time)
    r = await client.post("/email/query", headers=admin, json={"thread_id": sent["thread_id"], "sort_order": "asc"})
    assert [e["subject"] for e in r.json()["emails"]] == ["Status", "Re: Status"]
    # Remainder of the time step: the scenario email at 06:20 arrives stamped with its scheduled time.
    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 20 * 60 - 1})
    assert r.json()["events_executed"] == 1
    scenario_mail = (await client.get("/email/state", headers=admin)).json()["emails"]["email_008"]
    assert parse_dt(scenario_mail["received_at"]) == T0 + timedelta(minutes=20)
    # 5. end: revoke the purple key.
    r = await client.delete(f"/keys/{purple_id}", headers=admin)
    assert r.status_code == 200
    assert (await client.get("/email/state", headers=purple_headers)).status_code == 401
