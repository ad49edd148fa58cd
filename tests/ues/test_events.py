"""The event queue and the generic event endpoints (ues-api.md §2.3, §3.2, §4.3) through the real app."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest

from services.ues.timeutil import parse_dt

T0 = datetime(2026, 1, 28, 6, 0, tzinfo=UTC)
USER = "alex@example.com"
FOLDERS = ("inbox", "sent", "drafts", "trash", "spam", "archive")


def at(seconds: float = 0) -> str:
    return (T0 + timedelta(seconds=seconds)).isoformat()


def mail_data(subject: str, **extra: Any) -> dict[str, Any]:
    return {"operation": "receive", "from_address": "boss@corp.com", "to_addresses": [USER], "subject": subject,
            "body_text": f"Body of {subject}", **extra}


def file_event(seconds: float, subject: str, **overrides: Any) -> dict[str, Any]:
    when = at(seconds)
    event = {"event_id": "x", "scheduled_time": when, "modality": "email", "status": "pending",
             "created_at": T0.isoformat(), "executed_at": None, "agent_id": None, "priority": 50,
             "error_message": None, "metadata": {},
             "data": {"modality_type": "email", "timestamp": when, **mail_data(subject)}}
    event.update(overrides)
    return event


async def load(client, admin, events: list[dict[str, Any]] = (), start: bool = True) -> None:
    scenario = {
        "metadata": {"ues_version": "0.2.1", "scenario_version": "1", "created_at": T0.isoformat()},
        "environment": {"time_state": {"current_time": T0.isoformat(), "time_scale": 1.0, "is_paused": False,
                                       "auto_advance": False, "last_wall_time_update": T0.isoformat()},
                        "modality_states": {"email": {
                            "modality_type": "email", "last_updated": T0.isoformat(), "update_count": 0,
                            "emails": {}, "threads": {}, "folders": {f: [] for f in FOLDERS}, "labels": {},
                            "drafts": {}, "user_email_address": USER}}},
        "events": {"events": list(events)}}
    r = await client.post("/scenario/import/full", headers=admin, json={"scenario": scenario})
    assert r.status_code == 200, r.text
    if start:
        assert (await client.post("/simulation/start", headers=admin)).status_code == 200


async def create(client, headers, seconds: float, subject: str, **extra: Any) -> dict[str, Any]:
    r = await client.post("/events", headers=headers,
                          json={"scheduled_time": at(seconds), "modality": "email", "data": mail_data(subject),
                                **extra})
    assert r.status_code == 200, r.text
    return r.json()


async def listing(client, admin, **params: Any) -> dict[str, Any]:
    r = await client.get("/events", headers=admin, params=params)
    assert r.status_code == 200, r.text
    return r.json()


def subjects_of(events: list[dict[str, Any]]) -> list[str]:
    return [e["data"]["subject"] for e in events]


async def key_id_of(client, admin, name: str = "Admin Key") -> str:
    keys = (await client.get("/keys", headers=admin)).json()["keys"]
    return next(k["key_id"] for k in keys if k["name"] == name)


# ---------------------------------------------------------------------------------------------- order
async def test_queue_order_time_priority_created_at(client, admin):
    # Created out of order; within equal time and priority, earlier created_at comes first.
    events = [
        file_event(10, "t10-p10", priority=10),
        file_event(10, "t10-p90-created-later", priority=90, created_at=at(1)),
        file_event(5, "t5-p0", priority=0),
        file_event(10, "t10-p90-created-first", priority=90, created_at=at(0)),
        file_event(20, "t20", priority=100),
    ]
    await load(client, admin, events)
    expected = ["t5-p0", "t10-p90-created-first", "t10-p90-created-later", "t10-p10", "t20"]
    assert subjects_of((await listing(client, admin))["events"]) == expected
    r = await client.get("/events/next", headers=admin)
    assert r.status_code == 200 and r.json()["scheduled_time"] == at(5)
    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 30})
    ids = [d["event_id"] for d in r.json()["execution_details"]]
    by_id = {e["event_id"]: e["data"]["subject"] for e in (await listing(client, admin))["events"]}
    assert [by_id[i] for i in ids] == expected


async def test_queue_order_for_created_events(client, admin):
    await load(client, admin)
    await create(client, admin, 10, "low", priority=1)
    await create(client, admin, 10, "high", priority=99)
    await create(client, admin, 10, "default-a")
    await create(client, admin, 10, "default-b")
    await create(client, admin, 3, "earliest")
    order = subjects_of((await listing(client, admin))["events"])
    assert order == ["earliest", "high", "default-a", "default-b", "low"]


# ---------------------------------------------------------------------------------------------- listing
@pytest.fixture
async def populated(client, admin, purple):
    """Events at T0+0..40 s: 2 executed, 1 failed, 1 skipped, 1 cancelled, 3 pending; one sent by purple."""
    await load(client, admin, [file_event(0, "e0"), file_event(10, "e10"), file_event(20, "e20"),
                               file_event(30, "e30"), file_event(40, "e40"), file_event(50, "e50")])
    bad = file_event(5, "reply-fails")
    bad["data"].update(operation="reply", in_reply_to="missing")
    # The failing event arrives via /scenario/import/events (merge) so the queue keeps the rest.
    await client.post("/simulation/stop", headers=admin)
    r = await client.post("/scenario/import/events", headers=admin, json={"data": {"events": [bad]}, "merge": True})
    assert r.status_code == 200, r.text
    await client.post("/simulation/start", headers=admin)
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 5})  # e0, reply-fails
    await client.post("/simulator/time/set", headers=admin, json={"target_time": at(10)})  # e10 skipped
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 10})  # e20
    r = await client.post("/email/send", headers=purple.headers, json={
        "from_address": USER, "to_addresses": ["bob@corp.com"], "subject": "purple", "body_text": "hi"})
    assert r.status_code == 200
    e50 = next(e for e in (await listing(client, admin))["events"] if e["data"].get("subject") == "e50")
    assert (await client.delete(f"/events/{e50['event_id']}", headers=admin)).status_code == 200
    return purple


async def test_list_counts_and_status_filter(client, admin, populated):
    everything = await listing(client, admin)
    assert everything["total"] == 8
    assert (everything["pending"], everything["executed"], everything["failed"], everything["skipped"]) == (2, 3, 1, 1)
    assert set(everything["events"][0]) >= {"event_id", "scheduled_time", "modality", "status", "priority",
                                            "created_at", "executed_at", "error_message", "data", "agent_id"}
    for status, expected in (("pending", ["e30", "e40"]), ("executed", ["e0", "purple", "e20"]),
                             ("failed", ["reply-fails"]), ("skipped", ["e10"]), ("cancelled", ["e50"])):
        body = await listing(client, admin, status=status)
        assert subjects_of(body["events"]) == expected, status
        assert body["total"] == len(expected)
        # The counts are over the whole queue whatever the filter.
        assert (body["pending"], body["executed"], body["failed"], body["skipped"]) == (2, 3, 1, 1)
    r = await client.get("/events", headers=admin, params={"status": "done"})
    assert r.status_code == 400 and "done" in r.json()["detail"]


async def test_list_time_window_is_inclusive_in_all_formats(client, admin, populated):
    start, end = T0 + timedelta(seconds=10), T0 + timedelta(seconds=30)
    forms = [
        (start.isoformat(), end.isoformat()),  # +00:00
        (start.strftime("%Y-%m-%dT%H:%M:%SZ"), end.strftime("%Y-%m-%dT%H:%M:%SZ")),
        (start.astimezone(timezone(timedelta(hours=2))).isoformat(),  # other offsets
         end.astimezone(timezone(timedelta(hours=-5))).isoformat()),
        (start.replace(tzinfo=None).isoformat(), end.replace(tzinfo=None).isoformat()),  # naive = UTC
    ]
    for start_s, end_s in forms:
        body = await listing(client, admin, start_time=start_s, end_time=end_s)
        assert subjects_of(body["events"]) == ["e10", "purple", "e20", "e30"], (start_s, end_s)
        assert body["total"] == 4
    body = await listing(client, admin, start_time=at(40))
    assert subjects_of(body["events"]) == ["e40", "e50"]
    body = await listing(client, admin, end_time=at(5))
    assert subjects_of(body["events"]) == ["e0", "reply-fails"]
    body = await listing(client, admin, start_time=at(10), end_time=at(30), status="executed")
    assert subjects_of(body["events"]) == ["purple", "e20"]
    r = await client.get("/events", headers=admin, params={"start_time": "noon"})
    assert r.status_code == 400 and "start_time" in r.json()["detail"]


async def test_list_time_window_tolerates_unencoded_plus(client, admin, populated):
    # A client that forgets to URL-encode "+00:00" sends a space; read it as "+".
    r = await client.get(f"/events?start_time={at(40)}&end_time={at(40)}", headers=admin)
    assert r.status_code == 200, r.text
    assert subjects_of(r.json()["events"]) == ["e40"]


async def test_list_filters_modality_agent_and_pagination(client, admin, populated):
    purple = populated
    body = await listing(client, admin, modality="email")
    assert body["total"] == 8
    body = await listing(client, admin, modality="sms")
    assert body["total"] == 0 and body["events"] == []
    body = await listing(client, admin, agent_id=purple.key_id)
    assert subjects_of(body["events"]) == ["purple"]
    assert body["events"][0]["agent_id"] == purple.key_id
    body = await listing(client, admin, limit=3)
    assert subjects_of(body["events"]) == ["e0", "reply-fails", "e10"] and body["total"] == 8
    body = await listing(client, admin, limit=3, offset=3)
    assert subjects_of(body["events"]) == ["purple", "e20", "e30"]
    body = await listing(client, admin, offset=7)
    assert subjects_of(body["events"]) == ["e50"]
    body = await listing(client, admin, offset=100)
    assert body["events"] == [] and body["total"] == 8
    for bad in ({"limit": 0}, {"offset": -1}, {"limit": "many"}):
        assert (await client.get("/events", headers=admin, params=bad)).status_code == 422


# ---------------------------------------------------------------------------------------------- create
async def test_create_event(client, admin, purple):
    await load(client, admin)
    r = await client.post("/events", headers=admin, json={
        "scheduled_time": at(60), "modality": "email",
        "data": {**mail_data("scheduled"), "timestamp": "1999-01-01T00:00:00Z", "modality_type": "sms"},
        "metadata": {"note": "x"}})
    assert r.status_code == 200, r.text
    body = r.json()
    assert "data" not in body
    assert body["status"] == "pending" and body["priority"] == 50 and body["modality"] == "email"
    assert parse_dt(body["scheduled_time"]) == T0 + timedelta(seconds=60)
    assert parse_dt(body["created_at"]) == T0 and body["executed_at"] is None
    admin_id = await key_id_of(client, admin)
    assert body["agent_id"] == admin_id
    full = (await client.get(f"/events/{body['event_id']}", headers=admin)).json()
    # timestamp and modality_type are overwritten from the event.
    assert parse_dt(full["data"]["timestamp"]) == T0 + timedelta(seconds=60)
    assert full["data"]["modality_type"] == "email"
    assert full["metadata"] == {"note": "x", "created_by_key": admin_id}

    r = await client.post("/events", headers=admin, json={
        "scheduled_time": at(60), "modality": "email", "data": mail_data("explicit"), "agent_id": "someone",
        "priority": 100})
    assert r.json()["agent_id"] == "someone" and r.json()["priority"] == 100
    full = (await client.get(f"/events/{r.json()['event_id']}", headers=admin)).json()
    assert full["metadata"]["created_by_key"] == admin_id

    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 60})
    assert r.json()["events_executed"] == 2
    mails = (await client.get("/email/state", headers=admin)).json()["emails"].values()
    assert {parse_dt(m["received_at"]) for m in mails} == {T0 + timedelta(seconds=60)}


async def test_create_event_errors(client, admin):
    await load(client, admin)
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 10})
    r = await client.post("/events", headers=admin,
                          json={"scheduled_time": at(5), "modality": "email", "data": mail_data("past")})
    assert r.status_code == 409 and "past" in r.json()["detail"]
    # Exactly now is allowed.
    r = await client.post("/events", headers=admin,
                          json={"scheduled_time": at(10), "modality": "email", "data": mail_data("now")})
    assert r.status_code == 200
    r = await client.post("/events", headers=admin,
                          json={"scheduled_time": at(60), "modality": "telepathy", "data": {}})
    assert r.status_code == 404 and "telepathy" in r.json()["detail"]
    bad_data = [
        {},  # no operation
        {"operation": "explode"},
        mail_data("x", to_addresses=[]),
        mail_data("x", from_address="not-an-address"),
        mail_data("", ),
        {"operation": "mark_read"},  # needs message ids
        {"operation": "move", "message_ids": ["a"]},  # needs folder
    ]
    for data in bad_data:
        r = await client.post("/events", headers=admin,
                              json={"scheduled_time": at(60), "modality": "email", "data": data})
        assert r.status_code == 422, (data, r.text)
        assert "Invalid event data" in str(r.json()["detail"])
    schema_errors = [
        {"scheduled_time": at(60), "modality": "email"},
        {"scheduled_time": at(60), "modality": "email", "data": "text"},
        {"scheduled_time": "soon", "modality": "email", "data": mail_data("x")},
        {"scheduled_time": at(60), "modality": "email", "data": mail_data("x"), "priority": 101},
        {"modality": "email", "data": mail_data("x")},
    ]
    for body in schema_errors:
        r = await client.post("/events", headers=admin, json=body)
        assert r.status_code == 422, (body, r.text)
        assert r.json()["error"] == "Validation Error"
    assert (await listing(client, admin))["total"] == 1


async def test_create_event_attribution_for_other_key(client, admin):
    r = await client.post("/keys", headers=admin, json={"name": "scheduler", "permissions": ["events:*"]})
    key = r.json()
    headers = {"X-API-Key": key["secret"]}
    await load(client, admin)
    body = await create(client, headers, 5, "by scheduler")
    assert body["agent_id"] == key["key_id"]
    full = (await client.get(f"/events/{body['event_id']}", headers=headers)).json()
    assert full["metadata"]["created_by_key"] == key["key_id"]


async def test_immediate_event_runs_on_next_advance_only(client, admin):
    await load(client, admin)
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 30})
    r = await client.post("/events/immediate", headers=admin,
                          json={"modality": "email", "data": mail_data("immediate")})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["status"] == "pending" and body["priority"] == 100 and "data" not in body
    assert parse_dt(body["scheduled_time"]) == T0 + timedelta(seconds=30)
    admin_id = await key_id_of(client, admin)
    assert body["agent_id"] == admin_id
    assert (await client.get("/email/state", headers=admin)).json()["emails"] == {}
    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 1})
    assert r.json()["events_executed"] == 1
    mails = list((await client.get("/email/state", headers=admin)).json()["emails"].values())
    assert [m["subject"] for m in mails] == ["immediate"]
    assert parse_dt(mails[0]["received_at"]) == T0 + timedelta(seconds=30)
    event = (await client.get(f"/events/{body['event_id']}", headers=admin)).json()
    assert event["status"] == "executed" and event["metadata"]["created_by_key"] == admin_id
    # The stored data carries the generated message id.
    assert event["data"]["message_id"] == mails[0]["message_id"]

    r = await client.post("/events/immediate", headers=admin, json={"modality": "nope", "data": {}})
    assert r.status_code == 404
    r = await client.post("/events/immediate", headers=admin, json={"modality": "email", "data": {}})
    assert r.status_code == 422


# ---------------------------------------------------------------------------------------------- batch
async def test_batch_all_ok(client, admin):
    await load(client, admin)
    items = [{"scheduled_time": at(10 + i), "modality": "email", "data": mail_data(f"b{i}")} for i in range(3)]
    r = await client.post("/events/batch", headers=admin, json={"events": items})
    assert r.status_code == 201, r.text
    body = r.json()
    assert (body["total_submitted"], body["total_created"], body["total_failed"]) == (3, 3, 0)
    assert [e["index"] for e in body["events"]] == [0, 1, 2]
    assert all(e["success"] and e["event_id"] and e["error"] is None and e["modality"] == "email"
               for e in body["events"])
    assert parse_dt(body["events"][2]["scheduled_time"]) == T0 + timedelta(seconds=12)
    admin_id = await key_id_of(client, admin)
    events = (await listing(client, admin))["events"]
    assert len(events) == 3
    assert all(e["agent_id"] == admin_id and e["metadata"]["created_by_key"] == admin_id for e in events)


async def test_batch_mixed_is_207(client, admin):
    await load(client, admin)
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 5})
    items = [
        {"scheduled_time": at(10), "modality": "email", "data": mail_data("good")},
        {"scheduled_time": at(1), "modality": "email", "data": mail_data("past")},
        {"scheduled_time": at(10), "modality": "nope", "data": {}},
        {"scheduled_time": at(10), "modality": "email", "data": {"operation": "send"}},
        {"scheduled_time": at(11), "modality": "email", "data": mail_data("good2"), "agent_id": "a2"},
    ]
    r = await client.post("/events/batch", headers=admin, json={"events": items})
    assert r.status_code == 207, r.text
    body = r.json()
    assert (body["total_submitted"], body["total_created"], body["total_failed"]) == (5, 2, 3)
    assert [e["success"] for e in body["events"]] == [True, False, False, False, True]
    assert "past" in body["events"][1]["error"]
    assert "nope" in body["events"][2]["error"]
    assert "from_address" in body["events"][3]["error"]
    assert body["events"][1]["event_id"] is None
    events = (await listing(client, admin))["events"]
    assert subjects_of(events) == ["good", "good2"]
    assert events[1]["agent_id"] == "a2"


async def test_batch_validate_only(client, admin):
    await load(client, admin)
    items = [{"scheduled_time": at(10), "modality": "email", "data": mail_data("ok")},
             {"scheduled_time": at(10), "modality": "email", "data": {}}]
    r = await client.post("/events/batch", headers=admin, json={"events": items, "validate_only": True})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["validation_only"] is True
    assert (body["total_submitted"], body["total_valid"], body["total_invalid"]) == (2, 1, 1)
    assert body["events"][0] == {"index": 0, "valid": True, "error": None}
    assert body["events"][1]["valid"] is False and body["events"][1]["error"]
    assert (await listing(client, admin))["total"] == 0
    # stop_on_first_error does not turn a validation run into a 400.
    r = await client.post("/events/batch", headers=admin,
                          json={"events": items, "validate_only": True, "stop_on_first_error": True})
    assert r.status_code == 200 and r.json()["total_invalid"] == 1


async def test_batch_stop_on_first_error(client, admin):
    await load(client, admin)
    items = [{"scheduled_time": at(10), "modality": "email", "data": mail_data("ok")},
             {"scheduled_time": at(10), "modality": "email", "data": {}},
             {"scheduled_time": at(10), "modality": "email", "data": mail_data("never")}]
    r = await client.post("/events/batch", headers=admin, json={"events": items, "stop_on_first_error": True})
    assert r.status_code == 400, r.text
    detail = r.json()["detail"]
    assert detail["failed_index"] == 1 and detail["events_validated"] == 1 and detail["total_events"] == 3
    assert "events[1]" in detail["detail"]
    assert (await listing(client, admin))["total"] == 0  # nothing was created


async def test_batch_size_limits(client, admin):
    await load(client, admin)
    r = await client.post("/events/batch", headers=admin, json={"events": []})
    assert r.status_code == 400
    item = {"scheduled_time": at(10), "modality": "email", "data": mail_data("x")}
    r = await client.post("/events/batch", headers=admin, json={"events": [item] * 1001})
    assert r.status_code == 400 and "1000" in r.json()["detail"]
    r = await client.post("/events/batch", headers=admin, json={"events": [item] * 1000})
    assert r.status_code == 201 and r.json()["total_created"] == 1000
    assert (await client.post("/events/batch", headers=admin, json={})).status_code == 422


# ---------------------------------------------------------------------------------------------- next / summary / one
async def test_next_and_summary_are_not_event_ids(client, admin):
    await load(client, admin)
    r = await client.get("/events/next", headers=admin)
    assert r.status_code == 404 and r.json()["detail"] == "No pending events"
    r = await client.get("/events/summary", headers=admin)
    assert r.status_code == 200
    assert r.json() == {"total": 0, "pending": 0, "executed": 0, "failed": 0, "skipped": 0, "by_modality": {},
                        "next_event_time": None}

    second = await create(client, admin, 20, "second")
    first = await create(client, admin, 10, "first")
    await client.post("/email/receive", headers=admin, json={
        "from_address": "a@b.com", "to_addresses": [USER], "subject": "action", "body_text": "x"})
    r = await client.get("/events/next", headers=admin)
    assert r.json()["event_id"] == first["event_id"] and "data" not in r.json()
    body = (await client.get("/events/summary", headers=admin)).json()
    assert body["total"] == 3 and body["pending"] == 2 and body["executed"] == 1
    assert body["by_modality"] == {"email": 3}
    assert parse_dt(body["next_event_time"]) == T0 + timedelta(seconds=10)
    await client.delete(f"/events/{first['event_id']}", headers=admin)
    assert (await client.get("/events/next", headers=admin)).json()["event_id"] == second["event_id"]


async def test_get_and_cancel_event(client, admin):
    await load(client, admin)
    pending = await create(client, admin, 10, "to cancel")
    kept = await create(client, admin, 10, "kept")
    r = await client.get(f"/events/{pending['event_id']}", headers=admin)
    assert r.status_code == 200
    assert r.json()["data"]["subject"] == "to cancel" and r.json()["status"] == "pending"
    r = await client.get("/events/does-not-exist", headers=admin)
    assert r.status_code == 404 and r.json()["detail"] == "Event does-not-exist not found"

    r = await client.delete(f"/events/{pending['event_id']}", headers=admin)
    assert r.status_code == 200 and r.json() == {"cancelled": True, "event_id": pending["event_id"]}
    event = (await client.get(f"/events/{pending['event_id']}", headers=admin)).json()
    assert event["status"] == "cancelled" and event["metadata"]["cancel_reason"]
    r = await client.delete(f"/events/{pending['event_id']}", headers=admin)
    assert r.status_code == 400 and "cancelled" in r.json()["detail"]
    assert (await client.delete("/events/unknown", headers=admin)).status_code == 404

    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 10})
    assert r.json()["events_executed"] == 1
    subjects = [m["subject"] for m in (await client.get("/email/state", headers=admin)).json()["emails"].values()]
    assert subjects == ["kept"]
    r = await client.delete(f"/events/{kept['event_id']}", headers=admin)
    assert r.status_code == 400 and "executed" in r.json()["detail"]


async def test_purple_cannot_use_generic_event_endpoints(client, admin, purple):
    await load(client, admin)
    body = {"scheduled_time": at(10), "modality": "email", "data": mail_data("x")}
    assert (await client.post("/events", headers=purple.headers, json=body)).status_code == 403
    assert (await client.get("/events", headers=purple.headers)).status_code == 403
    r = await client.post("/events", json=body)
    assert r.status_code == 401
