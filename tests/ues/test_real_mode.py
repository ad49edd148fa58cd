"""Real-UES mode (``UES_COMPAT=real-0.3``, services/ues/compat.py): the simulator answers like a real UES 0.3.0 where
ours deliberately differs (the **REC** items of ues-api.md). Each test checks the real behaviour AND that native mode
(the default) keeps its own."""

from __future__ import annotations

import contextlib
import json
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from services.ues import cli
from services.ues.app import create_app
from services.ues.compat import REAL_EVENT_KEYS, Compat, action_status
from services.ues.events import SimEvent
from services.ues.modalities.chat import ChatInput
from services.ues.settings import UESSettings
from tests.ues.dt import dt

SECRET = "real-mode-admin-" + "2" * 48
ADMIN = {"X-API-Key": SECRET}
T0 = "2026-03-18T12:00:00+00:00"
USER_PHONE = "+15550000000"
BOB = "+15550001111"
MAIL = {"from_address": "user@example.com", "to_addresses": ["bea@example.com"], "subject": "s", "body_text": "b"}
RECORDING = Path(__file__).parent.parent / "green" / "data" / "mixed-turn.real-ues.json"
MODES = (Compat.REAL_0_3, Compat.NATIVE)


@contextlib.asynccontextmanager
async def world(compat: Compat, **settings: Any) -> AsyncIterator[httpx.AsyncClient]:
    """A client for a fresh in-process app in ``compat`` mode, clock at T0, simulation running."""
    app = create_app(UESSettings(compat=compat, rate_limit_per_second=0, **settings), admin_secret=SECRET)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://ues") as c:
        r = await c.post("/simulation/clear", headers=ADMIN, json={"reset_time_to": T0})
        assert r.status_code == 200, r.text
        r = await c.post("/simulation/start", headers=ADMIN, json={"auto_advance": False})
        assert r.status_code == 200, r.text
        yield c


async def new_key(c: httpx.AsyncClient, permissions: list[str], name: str = "purple") -> tuple[str, dict[str, str]]:
    r = await c.post("/keys", headers=ADMIN, json={"name": name, "permissions": permissions})
    assert r.status_code == 201, r.text
    return r.json()["key_id"], {"X-API-Key": r.json()["secret"]}


async def ok(c: httpx.AsyncClient, method: str, path: str, headers: dict[str, str] = ADMIN, **kwargs: Any) -> Any:
    r = await c.request(method, path, headers=headers, **kwargs)
    assert r.status_code in (200, 201), f"{method} {path} → {r.status_code} {r.text}"
    return r.json()


async def exported_event(c: httpx.AsyncClient, event_id: str) -> dict[str, Any]:
    """The full stored event (agent_id, metadata included), as the scenario export shows it."""
    events = (await ok(c, "GET", "/scenario/export/events"))["events"]["events"]
    return next(e for e in events if e["event_id"] == event_id)


async def admin_key_id(c: httpx.AsyncClient) -> str:
    keys = (await ok(c, "GET", "/keys"))["keys"]
    return next(k["key_id"] for k in keys if k["name"] == "Admin Key")


# ---------------------------------------------------------------------------------------------- 1. attribution
@pytest.mark.parametrize("compat", MODES)
async def test_action_events_are_attributed_only_natively(compat):
    async with world(compat) as c:
        purple_id, purple = await new_key(c, ["chat:*", "email:*"])
        admin_id = await admin_key_id(c)
        action = await ok(c, "POST", "/chat/send", purple, json={"role": "assistant", "content": "hi"})
        scheduled = await ok(c, "POST", "/events", json={
            "scheduled_time": "2026-03-18T12:20:00Z", "modality": "chat",
            "data": {"operation": "send_message", "role": "user", "content": "later"}})
        immediate = await ok(c, "POST", "/events/immediate", json={
            "modality": "chat", "data": {"operation": "send_message", "role": "user", "content": "now"}})

        stored = await exported_event(c, action["event_id"])
        if compat is Compat.REAL_0_3:
            assert stored["agent_id"] is None and "created_by_key" not in stored["metadata"]
        else:
            assert stored["agent_id"] == purple_id and stored["metadata"]["created_by_key"] == purple_id
        # The generic event endpoints attribute in both modes (§1.3).
        for answer in (scheduled, immediate):
            stored = await exported_event(c, answer["event_id"])
            assert stored["agent_id"] == admin_id and stored["metadata"]["created_by_key"] == admin_id

        listed = (await ok(c, "GET", "/events"))["events"]
        if compat is Compat.REAL_0_3:  # real UES's EventResponse: no agent_id, no metadata; data null on create
            assert all(set(e) == set(REAL_EVENT_KEYS) for e in listed)
            assert set(scheduled) == set(REAL_EVENT_KEYS) and scheduled["data"] is None
        else:
            assert next(e for e in listed if e["event_id"] == action["event_id"])["agent_id"] == purple_id
            assert "agent_id" in scheduled and "metadata" in scheduled and "data" not in scheduled


@pytest.mark.parametrize("compat", MODES)
async def test_events_agent_id_filter_only_natively(compat):
    async with world(compat) as c:
        purple_id, purple = await new_key(c, ["chat:*"])
        await ok(c, "POST", "/chat/send", json={"role": "user", "content": "admin's"})
        await ok(c, "POST", "/chat/send", purple, json={"role": "assistant", "content": "purple's"})
        listed = await ok(c, "GET", "/events", params={"agent_id": purple_id})
        # Real UES has no agent_id filter: the parameter is ignored (and its action events carry no agent_id).
        assert listed["total"] == (2 if compat is Compat.REAL_0_3 else 1)


# ---------------------------------------------------------------------------------------------- 2. access log
@pytest.mark.parametrize("compat", MODES)
async def test_access_log_shape_and_which_entries_name_a_key(compat):
    async with world(compat, max_body_bytes=1000) as c:
        purple_id, purple = await new_key(c, ["email:state"])
        await c.get("/email/state", headers=purple)  # 200, authenticated
        await c.post("/sms/send", headers=purple, json={})  # 403, authenticated
        await c.get("/no/such/route", headers=purple)  # 404
        await c.delete("/email/state", headers=purple)  # 405
        await c.post("/email/send", headers={**purple, "content-type": "application/json"},
                     content=b"x" * 2000)  # 413
        await ok(c, "DELETE", f"/keys/{purple_id}")
        await c.get("/email/state", headers=purple)  # 401, revoked

        page = await ok(c, "GET", "/access-logs", params={"limit": 1000})
        entries = [e for e in page["entries"] if e["path"] != "/access-logs" and not e["path"].startswith("/keys")
                   and not e["path"].startswith("/simulation")]
        statuses = [e["status_code"] for e in entries]
        assert statuses == [401, 413, 405, 404, 403, 200]  # newest first
        named = {e["status_code"]: e["key_id"] for e in entries}
        stamps = [dt(e["timestamp"]) for e in page["entries"]]
        assert stamps == sorted(stamps, reverse=True)
        stats = await ok(c, "GET", "/access-logs/stats")
        if compat is Compat.REAL_0_3:
            assert all(isinstance(e["log_id"], str) and uuid.UUID(e["log_id"]) for e in page["entries"])
            assert all(e["timestamp"].endswith("Z") for e in page["entries"])
            assert all(e["error_detail"] is None for e in page["entries"])  # null even for refusals
            assert stats["latest_timestamp"].endswith("Z")
            # Only routes that authenticated the key name it.
            assert named == {200: purple_id, 403: purple_id, 404: None, 405: None, 413: None, 401: None}
        else:
            assert all(type(e["log_id"]) is int for e in page["entries"])
            assert all((e["error_detail"] is None) is (e["status_code"] < 400) for e in page["entries"])
            assert named == dict.fromkeys((200, 403, 404, 405, 413, 401), purple_id)


# ---------------------------------------------------------------------------------------------- 3. key counters
@pytest.mark.parametrize("compat", MODES)
async def test_key_info_has_call_counts_only_natively(compat):
    async with world(compat) as c:
        purple_id, purple = await new_key(c, ["email:state"])
        await c.get("/email/state", headers=purple)
        info = await ok(c, "GET", f"/keys/{purple_id}")
        assert ("call_counts" in info) is (compat is Compat.NATIVE)
        assert {"key_id", "name", "permissions", "created_at", "created_by", "last_used_at", "is_active",
                "revoked_at"} <= set(info)


# ---------------------------------------------------------------------------------------------- 4. pause, skip
@pytest.mark.parametrize("compat", MODES)
async def test_advance_while_paused(compat):
    async with world(compat) as c:
        await ok(c, "POST", "/simulator/time/pause")
        r = await c.post("/simulator/time/advance", headers=ADMIN, json={"seconds": 60})
        if compat is Compat.REAL_0_3:
            assert r.status_code == 400 and r.json()["detail"] == "Cannot advance time while paused"
        else:
            assert r.status_code == 200, r.text
        # set and skip-to-next work while paused in both modes (§2.1: "advance only").
        await ok(c, "POST", "/simulator/time/set", json={"target_time": "2026-03-18T13:00:00Z"})
        await ok(c, "POST", "/events", json={"scheduled_time": "2026-03-18T14:00:00Z", "modality": "chat",
                                             "data": {"operation": "send_message", "role": "user", "content": "x"}})
        skipped = await ok(c, "POST", "/simulator/time/skip-to-next")
        assert dt(skipped["current_time"]) == dt("2026-03-18T14:00:00Z")


@pytest.mark.parametrize("compat", MODES)
async def test_skip_to_next_jumps_back_to_an_overdue_event_only_in_real_mode(compat):
    async with world(compat) as c:
        await ok(c, "POST", "/simulation/stop")
        await ok(c, "POST", "/scenario/import/events", json={"merge": True, "data": {"events": [{
            "scheduled_time": "2026-03-18T11:00:00Z", "modality": "chat", "status": "pending",
            "created_at": "2026-03-18T11:00:00Z",
            "data": {"modality_type": "chat", "timestamp": "2026-03-18T11:00:00Z", "operation": "send_message",
                     "role": "user", "content": "overdue"}}]}})
        await ok(c, "POST", "/simulation/start", json={"auto_advance": False})
        skipped = await ok(c, "POST", "/simulator/time/skip-to-next")
        expected = "2026-03-18T11:00:00Z" if compat is Compat.REAL_0_3 else T0
        assert dt(skipped["current_time"]) == dt(expected) and skipped["events_executed"] == 1


# ---------------------------------------------------------------------------------------------- 5. chat order
@pytest.mark.parametrize("compat", MODES)
async def test_same_timestamp_chat_messages_order(compat):
    async with world(compat) as c:
        sent = []
        for i in range(8):
            await ok(c, "POST", "/chat/send", json={"role": "user" if i % 2 else "assistant", "content": f"m{i}"})
            sent.append(f"m{i}")
        events = (await ok(c, "GET", "/events"))["events"]
        ids = {e["data"]["content"]: e["data"]["message_id"] for e in events}
        expected = sorted(sent, key=ids.__getitem__) if compat is Compat.REAL_0_3 else sent
        state = await ok(c, "GET", "/chat/state")
        assert [m["content"] for m in state["messages"]] == expected
        for body in ({}, {"conversation_id": "default"}, {"sort_by": "role"}):
            query = await ok(c, "POST", "/chat/query", json=body)
            got = [m["content"] for m in query["messages"]]
            if "sort_by" in body:  # ties keep the state's order
                got = [m for m in got if m in sent[0::2]] + [m for m in got if m in sent[1::2]]
                assert got == [m for m in expected if m in sent[0::2]] + [m for m in expected if m in sent[1::2]]
            else:
                assert got == expected
        exported = (await ok(c, "GET", "/scenario/export/environment"))["environment"]["modality_states"]["chat"]
        assert [m["content"] for m in exported["messages"]] == expected


# ---------------------------------------------------------------------------------------------- 6. filters
@pytest.mark.parametrize("compat", MODES)
async def test_ignored_query_filters(compat):
    async with world(compat) as c:
        await ok(c, "POST", "/email/receive", json={**MAIL, "priority": "high", "subject": "high"})
        await ok(c, "POST", "/email/receive", json={**MAIL, "priority": "low", "subject": "low"})
        real = compat is Compat.REAL_0_3
        for body, native_count in (({"priority": "high"}, 1), ({"sent_after": "2030-01-01T00:00:00Z"}, 0),
                                   ({"sent_before": "2000-01-01T00:00:00Z"}, 0)):
            found = await ok(c, "POST", "/email/query", json=body)
            assert found["total_count"] == (2 if real else native_count), body
            assert body.keys() <= found["query"].keys()  # still echoed, like real UES
        await ok(c, "POST", "/sms/receive", json={"from_number": BOB, "to_numbers": [USER_PHONE], "body": "hi"})
        # is_spam is ignored in both modes (§3.4): the message is not spam, yet is_spam=true finds it.
        assert (await ok(c, "POST", "/sms/query", json={"is_spam": True}))["total_count"] == 1


# ---------------------------------------------------------------------------------------------- 7. bearer
@pytest.mark.parametrize("compat", MODES)
async def test_bearer_header(compat):
    async with world(compat) as c:
        r = await c.get("/simulator/time", headers={"Authorization": f"Bearer {SECRET}"})
        if compat is Compat.REAL_0_3:
            assert r.status_code == 401 and r.json()["detail"] == "API key required. Provide X-API-Key header."
        else:
            assert r.status_code == 200, r.text


# ---------------------------------------------------------------------------------------------- 8. action status
def test_hard_coded_status_on_email_chat_location_routes():
    event = SimEvent(scheduled_time=dt(T0), modality="chat", created_at=dt(T0), status="failed",
                     data=ChatInput(timestamp=dt(T0), role="user", content="x"))
    for modality in ("email", "chat", "location"):
        event.modality = modality
        assert action_status(event) == "executed"
    for modality in ("sms", "weather", "calendar", "contacts"):
        event.modality = modality
        assert action_status(event) == "failed"


@pytest.mark.parametrize("compat", MODES)
async def test_action_status_through_the_routes(compat):
    async with world(compat) as c:
        real = compat is Compat.REAL_0_3
        # Unknown ids: real UES's email route says "executed" (its event even executes, §3.3); ours fails it.
        email = await ok(c, "POST", "/email/read", json={"message_ids": ["nope"]})
        assert email["status"] == ("executed" if real else "failed")
        assert (await exported_event(c, email["event_id"]))["status"] == ("executed" if real else "failed")
        # SMS and calendar tell the truth in both modes.
        sms = await ok(c, "POST", "/sms/react", json={"message_id": "nope", "phone_number": BOB, "emoji": "x"})
        assert sms["status"] == "failed"
        cal = await ok(c, "POST", "/calendar/respond",
                       json={"event_id": "nope", "attendee_email": "a@b.com", "response": "accepted"})
        assert cal["status"] == "failed"
        assert email["scheduled_time"].endswith("Z") is real


# ---------------------------------------------------------------------------------------------- 9. invalid input
@pytest.mark.parametrize("compat", MODES)
@pytest.mark.parametrize(("path", "body", "verb"), [
    ("/email/send", {**MAIL, "to_addresses": ["not-an-address"]}, "send email"),
    ("/email/receive", {**MAIL, "subject": ""}, "receive email"),
    ("/sms/send", {"from_number": " ", "to_numbers": [BOB], "body": "x"}, "send SMS"),
])
async def test_invalid_action_input(compat, path, body, verb):
    async with world(compat) as c:
        r = await c.post(path, headers=ADMIN, json=body)
        if compat is Compat.REAL_0_3:
            assert r.status_code == 500, r.text
            assert r.json()["detail"].startswith(f"Failed to {verb}: 400: Invalid event data: ")
        else:
            assert r.status_code == 400 and r.json()["error"] == "Invalid Value", r.text
        assert (await ok(c, "GET", "/events"))["total"] == 0  # nothing was recorded


@pytest.mark.parametrize("compat", MODES)
async def test_invalid_calendar_input_is_400_in_both_modes(compat):
    async with world(compat) as c:
        r = await c.post("/calendar/create", headers=ADMIN,
                         json={"title": "x", "start": "2026-03-18T15:00:00Z", "end": "2026-03-18T14:00:00Z"})
        assert r.status_code == 400, r.text


# ---------------------------------------------------------------------------------------------- 10. sms quirks
@pytest.mark.parametrize("compat", MODES)
async def test_sms_read_unread_delete(compat):
    async with world(compat) as c:
        for text in ("one", "two"):
            await ok(c, "POST", "/sms/receive", json={"from_number": BOB, "to_numbers": [USER_PHONE], "body": text})
        state = await ok(c, "GET", "/sms/state")
        ids = list(state["messages"])
        (thread,) = state["conversations"]
        assert state["conversations"][thread]["unread_count"] == 2
        real = compat is Compat.REAL_0_3

        read = await ok(c, "POST", "/sms/read", json={"message_ids": ids})
        assert read["status"] == "executed"
        state = await ok(c, "GET", "/sms/state")
        assert all(m["is_read"] for m in state["messages"].values())
        assert state["unread_count"] == 0  # counts message flags
        # Real UES does not decrement the conversation's unread_count on /sms/read.
        assert state["conversations"][thread]["unread_count"] == (2 if real else 0)
        data = (await ok(c, "GET", f"/events/{read['event_id']}"))["data"]
        assert data["message_id"] == ids[0]
        assert data.get("message_ids") == (None if real else ids)

        unread = await ok(c, "POST", "/sms/unread", json={"message_ids": ids})
        state = await ok(c, "GET", "/sms/state")
        assert not any(m["is_read"] for m in state["messages"].values())
        data = (await ok(c, "GET", f"/events/{unread['event_id']}"))["data"]
        assert data["message_id"] == ids[0] and data.get("message_ids") == (None if real else ids)

        deleted = await ok(c, "POST", "/sms/delete", json={"message_ids": ids})
        state = await ok(c, "GET", "/sms/state")
        assert all(m["is_deleted"] for m in state["messages"].values())
        data = (await ok(c, "GET", f"/events/{deleted['event_id']}"))["data"]
        assert data["message_id"] == ids[0] and data.get("message_ids") == (None if real else ids)
        assert len([e for e in (await ok(c, "GET", "/events"))["events"] if e["data"]["operation"] in (
            "update_delivery_status", "delete_message")]) == 3  # one event per call

        # Undo replays the real-mode change on every message too.
        await ok(c, "POST", "/simulation/undo", json={"count": 1})
        state = await ok(c, "GET", "/sms/state")
        assert not any(m["is_deleted"] for m in state["messages"].values())
        await ok(c, "POST", "/simulation/redo", json={"count": 1})
        state = await ok(c, "GET", "/sms/state")
        assert all(m["is_deleted"] for m in state["messages"].values())


# ---------------------------------------------------------------------------------------------- 11. batch
@pytest.mark.parametrize("compat", MODES)
async def test_batch_results_modality(compat):
    async with world(compat) as c:
        chat = {"scheduled_time": "2026-03-18T12:10:00Z", "modality": "chat",
                "data": {"operation": "send_message", "role": "user", "content": "x"}}
        bad = {**chat, "scheduled_time": "2026-03-18T11:00:00Z"}  # in the past
        r = await c.post("/events/batch", headers=ADMIN, json={"events": [chat, bad]})
        assert r.status_code == 207, r.text
        for result in r.json()["events"]:
            assert ("modality" in result) is (compat is Compat.NATIVE)


# ---------------------------------------------------------------------------------------------- settings, CLI
def test_compat_setting_from_the_environment(monkeypatch):
    monkeypatch.setenv("UES_COMPAT", "real-0.3")
    settings = UESSettings()
    assert settings.compat is Compat.REAL_0_3
    app = create_app(settings, admin_secret=SECRET)  # what ues-server and the fork server both do
    assert app.state.sim.real and app.state.access_log.real
    monkeypatch.delenv("UES_COMPAT")
    assert UESSettings().compat is Compat.NATIVE


@pytest.mark.parametrize(("argv", "expected"), [(["--compat", "real-0.3"], Compat.REAL_0_3), ([], Compat.NATIVE)])
def test_cli_compat_flag(monkeypatch, argv, expected):
    # cli.main exports UES_COMPAT itself: setenv first, so that the teardown removes it again for later tests.
    monkeypatch.setenv("UES_COMPAT", "native")
    monkeypatch.delenv("UES_COMPAT")
    monkeypatch.setenv("UES_ADMIN_KEY", SECRET)
    served = []

    class FakeServer:
        def __init__(self, config: Any) -> None:
            served.append(config.app)

        def run(self) -> None:
            pass

    monkeypatch.setattr("services.ues.server.WorldServer", FakeServer)
    assert cli.main(["--port", "0", *argv]) == 0
    assert served[0].state.settings.compat is expected
    assert served[0].state.sim.real is (expected is Compat.REAL_0_3)


def test_no_compat_leaks_into_later_tests():
    assert UESSettings().compat is Compat.NATIVE


# ---------------------------------------------------------------------------------------------- the recording
def shape(value: Any) -> Any:
    """Keys and value types, recursively (lists by their first item); None matches anything."""
    if isinstance(value, dict):
        return {k: shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [shape(value[0])] if value else []
    return None if value is None else type(value).__name__


def same_shape(ours: Any, recorded: Any, where: str = "") -> None:
    if recorded is None or ours is None:
        return
    if isinstance(recorded, dict):
        assert isinstance(ours, dict) and set(ours) == set(recorded), (where, set(ours) ^ set(recorded))
        for k in recorded:
            same_shape(ours[k], recorded[k], f"{where}.{k}")
    elif isinstance(recorded, list):
        assert isinstance(ours, list) and len(ours) == len(recorded), where
        for i, (a, b) in enumerate(zip(ours, recorded, strict=True)):
            same_shape(a, b, f"{where}[{i}]")
    else:
        assert type(ours) is type(recorded), (where, ours, recorded)


async def test_recorded_turn_replays_in_real_shape():
    recorded = json.loads(RECORDING.read_text())
    async with world(Compat.REAL_0_3) as c:
        await ok(c, "POST", "/simulation/stop")
        got: dict[str, Any] = {"simulation_start": await ok(c, "POST", "/simulation/start",
                                                             json={"auto_advance": False})}
        r = await c.post("/keys", headers=ADMIN, json={"name": "purple",
                                                       "permissions": ["chat:*", "calendar:*", "email:*"]})
        created = r.json()
        purple = {"X-API-Key": created.pop("secret")}
        got["key_created"] = created
        got["admin_chat_as_user"] = await ok(c, "POST", "/chat/send", json={
            "role": "user", "content": "Please tidy my calendar and tell me when done."})
        got["purple_calendar_create"] = await ok(c, "POST", "/calendar/create", purple, json={
            "title": "Sync", "start": "2026-03-18T15:00:00Z", "end": "2026-03-18T15:30:00Z"})
        got["purple_email_send"] = await ok(c, "POST", "/email/send", purple, json={
            "from_address": "user@example.com", "to_addresses": ["bea@example.com"], "subject": "Moved",
            "body_text": "Sync is at 15:00."})
        got["purple_chat"] = await ok(c, "POST", "/chat/send", purple, json={
            "role": "assistant", "content": "Done: moved the sync to 15:00 and told Bea."})
        refused = await c.post("/sms/send", headers=purple,
                               json={"from_number": USER_PHONE, "to_numbers": [BOB], "body": "x"})
        got["purple_refused_sms"] = {"status": refused.status_code}
        got["admin_schedules_reply"] = await ok(c, "POST", "/events", json={
            "scheduled_time": "2026-03-18T12:20:00Z", "modality": "email",
            "data": {"operation": "receive", "from_address": "bea@example.com", "to_addresses": ["user@example.com"],
                     "subject": "Re: Moved", "body_text": "Thanks!"}})
        got["advance"] = await ok(c, "POST", "/simulator/time/advance", json={"seconds": 3600})
        got["events"] = await ok(c, "GET", "/events")
        got["access_logs_for_purple_key"] = await ok(c, "GET", "/access-logs", params={"key_id": created["key_id"]})
        got["chat_state"] = await ok(c, "GET", "/chat/state")

    for name in ("simulation_start", "key_created", "admin_chat_as_user", "purple_calendar_create",
                 "purple_email_send", "purple_chat", "purple_refused_sms", "admin_schedules_reply", "advance",
                 "events", "access_logs_for_purple_key"):
        same_shape(got[name], recorded[name], name)
    assert got["purple_refused_sms"] == recorded["purple_refused_sms"]
    # Our full chat state adds last_updated and update_count (extra keys clients tolerate, §6 item 18).
    assert set(recorded["chat_state"]) <= set(got["chat_state"])
    same_shape(got["chat_state"]["messages"], recorded["chat_state"]["messages"], "chat_state.messages")

    events = got["events"]["events"]
    assert [(e["modality"], e["data"]["operation"], e["status"]) for e in events] == [
        (e["modality"], e["data"]["operation"], e["status"]) for e in recorded["events"]["events"]]
    assert all("agent_id" not in e for e in events)
    assert {k: got["events"][k] for k in ("total", "pending", "executed", "failed", "skipped")} == {
        k: recorded["events"][k] for k in ("total", "pending", "executed", "failed", "skipped")}
    assert {k: got["advance"][k] for k in ("time_advanced", "events_executed", "events_failed")} == {
        k: recorded["advance"][k] for k in ("time_advanced", "events_executed", "events_failed")}

    logs = got["access_logs_for_purple_key"]["entries"]
    assert [(e["method"], e["path"], e["status_code"]) for e in logs] == [
        (e["method"], e["path"], e["status_code"]) for e in recorded["access_logs_for_purple_key"]["entries"]]
    assert [dt(e["timestamp"]) for e in logs] == sorted((dt(e["timestamp"]) for e in logs), reverse=True)
    for ours, real in zip(logs, recorded["access_logs_for_purple_key"]["entries"], strict=True):
        assert {k: ours[k] is None for k in real} == {k: real[k] is None for k in real}  # nulls where real has them

    messages = got["chat_state"]["messages"]
    assert [(m["timestamp"], m["message_id"]) for m in messages] == sorted(
        (m["timestamp"], m["message_id"]) for m in messages)
