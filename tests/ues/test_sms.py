"""SMS modality and routes (ues-api.md §2.7, §3.4, §3.7), exercised through the real app."""

from __future__ import annotations

import copy

import pytest

from services.ues.modalities.sms import SMSState
from tests.ues.dt import canon

T0 = "2026-01-28T06:00:00+00:00"
USER = "+15550000000"
BOB = "+15550001111"
CAROL = "+15550002222"


async def reset(client, admin, when: str = T0) -> None:
    r = await client.post("/simulation/clear", headers=admin, json={"reset_time_to": when})
    assert r.status_code == 200, r.text


async def sms_state(client, admin) -> dict:
    r = await client.get("/sms/state", headers=admin)
    assert r.status_code == 200, r.text
    return r.json()


async def receive(client, admin, body: str, frm: str = BOB, to: list[str] | None = None) -> dict:
    r = await client.post("/sms/receive", headers=admin,
                          json={"from_number": frm, "to_numbers": to or [USER], "body": body})
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "executed", r.text
    return r.json()


async def send(client, headers, body: str, to: list[str] | None = None, frm: str = USER, **extra) -> dict:
    r = await client.post("/sms/send", headers=headers,
                          json={"from_number": frm, "to_numbers": to or [BOB], "body": body, **extra})
    assert r.status_code == 200, r.text
    return r.json()


def by_body(state: dict) -> dict[str, dict]:
    return {m["body"]: m for m in state["messages"].values()}


async def events(client, admin, **params) -> list[dict]:
    r = await client.get("/events", headers=admin, params=params)
    assert r.status_code == 200, r.text
    return r.json()["events"]


async def start(client, admin) -> None:
    r = await client.post("/simulation/start", headers=admin, json={"auto_advance": False})
    assert r.status_code == 200, r.text


async def export_env(client, admin) -> dict:
    r = await client.get("/scenario/export/environment", headers=admin)
    return r.json()["environment"]


async def import_sms_state(client, admin, sms: dict, events_list: list | None = None) -> None:
    full = (await client.get("/scenario/export/full", headers=admin)).json()["scenario"]
    full["environment"]["modality_states"]["sms"] = sms
    full["events"] = {"events": events_list or []}
    r = await client.post("/scenario/import/full", headers=admin, json={"scenario": full})
    assert r.status_code == 200, r.text


# ------------------------------------------------------------------------------------------- state
async def test_default_state_shapes(client, admin):
    state = await sms_state(client, admin)
    for key in ("modality_type", "current_time", "user_phone_number", "messages", "conversations",
                "total_message_count", "unread_count", "total_conversation_count"):
        assert key in state
    assert state["modality_type"] == "sms"
    assert state["user_phone_number"] == USER
    assert state["messages"] == {} and state["conversations"] == {}
    compact = (await client.get("/sms/state", headers=admin, params={"compact": "true"})).json()
    assert set(compact) >= {"modality_type", "last_updated", "update_count", "user_phone_number",
                            "conversations", "total_conversations", "total_messages", "unread_total"}
    assert compact["total_messages"] == 0


async def test_send_and_receive_share_a_conversation(client, admin, purple):
    await reset(client, admin)
    sent = await send(client, purple.headers, "Are we still on?")
    assert sent["status"] == "executed" and sent["modality"] == "sms"
    assert sent["scheduled_time"] == T0
    assert sent["message"] == "SMS message sent successfully"
    await receive(client, admin, "Yes, 7pm")
    state = await sms_state(client, purple.headers)
    msgs = by_body(state)
    out, inc = msgs["Are we still on?"], msgs["Yes, 7pm"]
    assert out["direction"] == "outgoing" and out["is_read"] is True
    assert inc["direction"] == "incoming" and inc["is_read"] is False
    assert out["thread_id"] == inc["thread_id"]
    assert canon(out["sent_at"]) == canon(inc["sent_at"]) == T0
    conv = state["conversations"][out["thread_id"]]
    assert conv["conversation_type"] == "one_on_one"
    assert sorted(p["phone_number"] for p in conv["participants"]) == [USER, BOB]
    assert conv["message_count"] == 2 and conv["unread_count"] == 1
    assert state["total_message_count"] == 2 and state["unread_count"] == 1
    assert state["total_conversation_count"] == 1
    compact = (await client.get("/sms/state", headers=admin, params={"compact": "true"})).json()
    assert compact["unread_total"] == 1 and compact["total_conversations"] == 1
    assert compact["conversations"][out["thread_id"]]["message_count"] == 2


async def test_phone_identity_is_exact_string(client, admin):
    await reset(client, admin)
    await send(client, admin, "formatted", frm="+1 555 000 0000")
    state = await sms_state(client, admin)
    message = by_body(state)["formatted"]
    assert message["direction"] == "incoming" and message["is_read"] is False
    await send(client, admin, "exact")
    state = await sms_state(client, admin)
    assert by_body(state)["exact"]["thread_id"] != message["thread_id"]
    assert len(state["conversations"]) == 2


async def test_group_conversation_by_participant_set(client, admin):
    await reset(client, admin)
    await send(client, admin, "hi both", to=[BOB, CAROL])
    await receive(client, admin, "hi from carol", frm=CAROL, to=[BOB, USER])  # same set, other order
    await send(client, admin, "just bob", to=[BOB])
    state = await sms_state(client, admin)
    msgs = by_body(state)
    assert msgs["hi both"]["thread_id"] == msgs["hi from carol"]["thread_id"] != msgs["just bob"]["thread_id"]
    assert state["conversations"][msgs["hi both"]["thread_id"]]["conversation_type"] == "group"


async def test_attachments_and_reply_fields(client, admin):
    await reset(client, admin)
    await receive(client, admin, "photo?")
    first = next(iter((await sms_state(client, admin))["messages"]))
    r = await client.post("/sms/send", headers=admin, json={
        "from_number": USER, "to_numbers": [BOB], "body": "here", "message_type": "rcs",
        "attachments": [{"filename": "a.jpg", "size": 10, "mime_type": "image/jpeg", "duration": 3}],
        "replied_to_message_id": first})
    assert r.json()["status"] == "executed"
    msg = by_body(await sms_state(client, admin))["here"]
    assert msg["message_type"] == "rcs" and msg["replied_to_message_id"] == first
    assert msg["attachments"][0]["filename"] == "a.jpg" and msg["attachments"][0]["attachment_id"]


# ------------------------------------------------------------------------------------------- attribution
async def test_purple_actions_are_attributed_with_generated_ids(client, admin, purple):
    await reset(client, admin)
    await receive(client, admin, "ping")
    incoming = next(iter((await sms_state(client, admin))["messages"]))
    await send(client, purple.headers, "pong")
    for path, body in (("/sms/read", {"message_ids": [incoming]}), ("/sms/unread", {"message_ids": [incoming]}),
                       ("/sms/react", {"message_id": incoming, "phone_number": USER, "emoji": "👍"}),
                       ("/sms/delete", {"message_ids": [incoming]})):
        r = await client.post(path, headers=purple.headers, json=body)
        assert r.status_code == 200 and r.json()["status"] == "executed", (path, r.text)
    evs = await events(client, admin, status="executed", modality="sms")
    mine = [e for e in evs if e["agent_id"] == purple.key_id]
    assert [e["data"]["operation"] for e in mine] == ["send_message", "update_delivery_status",
                                                      "update_delivery_status", "add_reaction", "delete_message"]
    assert [e["data"]["new_status"] for e in mine[1:3]] == ["read", "delivered"]
    assert all(e["metadata"]["created_by_key"] == purple.key_id for e in mine)
    assert all(e["scheduled_time"] == T0 and e["priority"] == 100 for e in mine)
    state = await sms_state(client, admin)
    sent = by_body(state)["pong"]
    assert mine[0]["data"]["message_id"] == sent["message_id"]
    assert mine[0]["data"]["thread_id"] == sent["thread_id"]
    reaction = state["messages"][incoming]["reactions"][0]
    assert mine[3]["data"]["reaction_id"] == reaction["reaction_id"]
    # The green's window query finds them (inclusive bounds).
    window = await events(client, admin, start_time=T0, end_time=T0, status="executed")
    assert {e["event_id"] for e in mine} <= {e["event_id"] for e in window}


async def test_purple_cannot_receive_or_update_conversations(client, purple):
    r = await client.post("/sms/receive", headers=purple.headers,
                          json={"from_number": BOB, "to_numbers": [USER], "body": "x"})
    assert r.status_code == 403 and "sms:receive" in r.json()["detail"]
    r = await client.post("/sms/conversation", headers=purple.headers, json={"thread_id": "t", "pin": True})
    assert r.status_code == 403 and "sms:conversation" in r.json()["detail"]


# ------------------------------------------------------------------------------------------- bulk ops
async def test_read_unread_delete_apply_to_all_ids_and_keep_counters(client, admin, purple):
    await reset(client, admin)
    for text in ("one", "two", "three"):
        await receive(client, admin, text)
    state = await sms_state(client, admin)
    ids = list(state["messages"])
    thread = state["messages"][ids[0]]["thread_id"]
    assert state["conversations"][thread]["unread_count"] == 3

    r = await client.post("/sms/read", headers=purple.headers, json={"message_ids": ids[:2]})
    assert r.json()["status"] == "executed" and r.json()["message"] == "Marked 2 message(s) as read"
    state = await sms_state(client, admin)
    assert [state["messages"][i]["is_read"] for i in ids] == [True, True, False]
    assert canon(state["messages"][ids[0]]["read_at"]) == T0
    assert state["conversations"][thread]["unread_count"] == 1 and state["unread_count"] == 1

    r = await client.post("/sms/read", headers=purple.headers, json={"message_ids": ids[:2]})  # idempotent
    assert (await sms_state(client, admin))["conversations"][thread]["unread_count"] == 1

    r = await client.post("/sms/unread", headers=purple.headers, json={"message_ids": ids})
    assert r.json()["message"] == "Marked 3 message(s) as unread"
    state = await sms_state(client, admin)
    assert all(not m["is_read"] and m["read_at"] is None for m in state["messages"].values())
    assert state["conversations"][thread]["unread_count"] == 3

    r = await client.post("/sms/delete", headers=purple.headers, json={"message_ids": [ids[0], "nope", ids[2]]})
    assert r.json()["status"] == "executed" and r.json()["message"] == "Deleted 2 message(s)"
    state = await sms_state(client, admin)
    assert [state["messages"][i]["is_deleted"] for i in ids] == [True, False, True]  # soft delete
    assert state["total_message_count"] == 3

    evs = [e for e in await events(client, admin, modality="sms") if e["agent_id"] == purple.key_id]
    assert evs[0]["data"]["message_ids"] == ids[:2] and evs[0]["data"]["message_id"] == ids[0]
    assert evs[-1]["data"]["message_ids"] == [ids[0], "nope", ids[2]]


async def test_unknown_ids_fail_with_200_and_change_nothing(client, admin, purple):
    await reset(client, admin)
    await receive(client, admin, "hello")
    before = await export_env(client, admin)
    for path, body in (("/sms/read", {"message_ids": ["x"]}), ("/sms/unread", {"message_ids": ["x", "y"]}),
                       ("/sms/delete", {"message_ids": ["x"]}),
                       ("/sms/react", {"message_id": "x", "phone_number": USER, "emoji": "🙂"})):
        r = await client.post(path, headers=purple.headers, json=body)
        assert r.status_code == 200, r.text
        assert r.json()["status"] == "failed" and "failed" in r.json()["message"], r.text
        assert "not found" in r.json()["message"]
    assert await export_env(client, admin) == before
    failed = await events(client, admin, status="failed")
    assert len(failed) == 4 and all(e["error_message"] for e in failed)


async def test_react_adds_reactions(client, admin, purple):
    await reset(client, admin)
    await receive(client, admin, "good news")
    mid = next(iter((await sms_state(client, admin))["messages"]))
    r = await client.post("/sms/react", headers=purple.headers, json={"message_id": mid, "phone_number": USER,
                                                                       "emoji": "🎉"})
    assert r.json()["status"] == "executed" and r.json()["message"] == "Added reaction '🎉' to message"
    reactions = (await sms_state(client, admin))["messages"][mid]["reactions"]
    assert len(reactions) == 1
    assert reactions[0]["emoji"] == "🎉" and reactions[0]["phone_number"] == USER
    assert reactions[0]["message_id"] == mid and canon(reactions[0]["timestamp"]) == T0


async def test_conversation_settings(client, admin):
    await reset(client, admin)
    await receive(client, admin, "a")
    await receive(client, admin, "b")
    state = await sms_state(client, admin)
    thread = next(iter(state["conversations"]))
    r = await client.post("/sms/conversation", headers=admin, json={
        "thread_id": thread, "pin": True, "mute": True, "archive": True, "mark_all_read": True,
        "draft_message": "draft text"})
    assert r.json()["status"] == "executed", r.text
    assert r.json()["message"] == "Conversation pinned, muted, archived, marked all read, draft saved"
    state = await sms_state(client, admin)
    conv = state["conversations"][thread]
    assert conv["is_pinned"] and conv["is_muted"] and conv["is_archived"]
    assert conv["draft_message"] == "draft text" and conv["unread_count"] == 0
    assert state["unread_count"] == 0
    r = await client.post("/sms/conversation", headers=admin, json={"thread_id": thread, "pin": False,
                                                                    "draft_message": ""})
    conv = (await sms_state(client, admin))["conversations"][thread]
    assert conv["is_pinned"] is False and conv["draft_message"] is None
    ev = (await events(client, admin, modality="sms"))[-1]
    assert ev["data"]["operation"] == "update_conversation" and ev["data"]["thread_id"] == thread
    # Nothing to update → 400; unknown thread → executed=false with 200.
    r = await client.post("/sms/conversation", headers=admin, json={"thread_id": thread})
    assert r.status_code == 400 and "at least one" in r.json()["detail"]
    r = await client.post("/sms/conversation", headers=admin, json={"thread_id": "nope", "mute": True})
    assert r.status_code == 200 and r.json()["status"] == "failed"


# ------------------------------------------------------------------------------------------- query
async def _seed_query_world(client, admin) -> None:
    await reset(client, admin)
    await receive(client, admin, "Dinner tonight?")                       # 06:00, bob
    await client.post("/simulation/start", headers=admin, json={})
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 60})
    await send(client, admin, "Sure, DINNER at 8")                        # 06:01, to bob
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 60})
    await receive(client, admin, "Call me", frm=CAROL)                    # 06:02, carol
    await send(client, admin, "pic", to=[CAROL], message_type="rcs",
               attachments=[{"filename": "p.png", "size": 5, "mime_type": "image/png"}])


async def test_query_filters(client, admin, purple):
    await _seed_query_world(client, admin)

    async def q(**body) -> dict:
        r = await client.post("/sms/query", headers=purple.headers, json=body)
        assert r.status_code == 200, r.text
        return r.json()

    res = await q()
    assert res["modality_type"] == "sms" and res["total_count"] == 4 == res["returned_count"]
    assert [m["body"] for m in res["messages"]] == ["Dinner tonight?", "Sure, DINNER at 8", "Call me", "pic"]
    assert res["query"] == {"offset": 0, "sort_order": "desc"}
    assert [m["body"] for m in (await q(body_contains="dinner"))["messages"]] == ["Dinner tonight?",
                                                                                  "Sure, DINNER at 8"]
    assert [m["body"] for m in (await q(from_number=CAROL))["messages"]] == ["Call me"]
    assert [m["body"] for m in (await q(to_number=CAROL))["messages"]] == ["pic"]
    assert [m["body"] for m in (await q(direction="outgoing"))["messages"]] == ["Sure, DINNER at 8", "pic"]
    assert [m["body"] for m in (await q(is_read=False))["messages"]] == ["Dinner tonight?", "Call me"]
    assert [m["body"] for m in (await q(message_type="rcs"))["messages"]] == ["pic"]
    assert [m["body"] for m in (await q(has_attachments=True))["messages"]] == ["pic"]
    assert (await q(has_attachments=False))["total_count"] == 4  # only true filters
    assert (await q(delivery_status="sent"))["total_count"] == 4
    assert (await q(is_deleted=True))["total_count"] == 0
    assert (await q(is_spam=True))["total_count"] == 4  # accepted but ignored, like real UES
    # Inclusive time bounds, any offset format.
    res = await q(sent_after="2026-01-28T06:01:00Z", sent_before="2026-01-28T07:01:00+01:00")
    assert [m["body"] for m in res["messages"]] == ["Sure, DINNER at 8"]
    res = await q(sent_after="2026-01-28T06:01:00")
    assert res["total_count"] == 3
    thread = res["messages"][0]["thread_id"]
    assert [m["body"] for m in (await q(thread_id=thread))["messages"]] == ["Dinner tonight?",
                                                                            "Sure, DINNER at 8"]
    assert (await q(thread_id="no-such-thread"))["total_count"] == 0


async def test_query_sorting_and_pagination(client, admin):
    await _seed_query_world(client, admin)

    async def bodies(**body) -> list[str]:
        r = await client.post("/sms/query", headers=admin, json=body)
        assert r.status_code == 200, r.text
        return [m["body"] for m in r.json()["messages"]]

    assert await bodies(sort_by="sent_at") == ["Call me", "pic", "Sure, DINNER at 8", "Dinner tonight?"]
    assert await bodies(sort_by="sent_at", sort_order="asc") == ["Dinner tonight?", "Sure, DINNER at 8",
                                                                 "Call me", "pic"]
    assert await bodies(sort_by="from_number", sort_order="asc") == ["Sure, DINNER at 8", "pic",
                                                                     "Dinner tonight?", "Call me"]
    assert await bodies(sort_by="direction", sort_order="asc") == ["Dinner tonight?", "Call me",
                                                                   "Sure, DINNER at 8", "pic"]
    # Unrecognised sort keys keep insertion order regardless of sort_order (§6 item 5).
    assert await bodies(sort_by="body", sort_order="desc") == ["Dinner tonight?", "Sure, DINNER at 8",
                                                               "Call me", "pic"]
    r = await client.post("/sms/query", headers=admin, json={"limit": 2, "offset": 1})
    assert r.json()["total_count"] == 4 and r.json()["returned_count"] == 2
    assert [m["body"] for m in r.json()["messages"]] == ["Sure, DINNER at 8", "Call me"]


@pytest.mark.parametrize("body", [
    {"limit": 0}, {"limit": 1001}, {"offset": -1}, {"direction": "sideways"}, {"sort_order": "up"},
    {"sent_after": "yesterday"}, {"message_type": "mms"}, {"delivery_status": "lost"}, {"is_read": "maybe"},
])
async def test_query_rejects_bad_values(client, admin, body):
    r = await client.post("/sms/query", headers=admin, json=body)
    assert r.status_code == 422, r.text
    assert next(iter(body)) in str(r.json()["detail"])


# ------------------------------------------------------------------------------------------- bad input
@pytest.mark.parametrize("path,body,field", [
    ("/sms/send", {"to_numbers": [BOB], "body": "x"}, "from_number"),
    ("/sms/send", {"from_number": USER, "body": "x"}, "to_numbers"),
    ("/sms/send", {"from_number": USER, "to_numbers": [], "body": "x"}, "to_numbers"),
    ("/sms/send", {"from_number": USER, "to_numbers": [""], "body": "x"}, "to_numbers"),
    ("/sms/send", {"from_number": "", "to_numbers": [BOB], "body": "x"}, "from_number"),
    ("/sms/send", {"from_number": USER, "to_numbers": [BOB]}, "body"),
    ("/sms/send", {"from_number": USER, "to_numbers": [BOB], "body": "x", "message_type": "mms"}, "message_type"),
    ("/sms/send", {"from_number": USER, "to_numbers": [BOB], "body": "x",
                   "attachments": [{"filename": "a", "size": 0, "mime_type": "x/y"}]}, "size"),
    ("/sms/send", {"from_number": USER, "to_numbers": BOB, "body": "x"}, "to_numbers"),
    ("/sms/send", {"from_number": USER, "to_numbers": [BOB], "body": "x" * (300 * 1024)}, "body"),
    ("/sms/receive", {"from_number": BOB, "to_numbers": [USER], "body": "x", "sent_at": "soon"}, "sent_at"),
    ("/sms/read", {"message_ids": []}, "message_ids"),
    ("/sms/read", {}, "message_ids"),
    ("/sms/unread", {"message_ids": "abc"}, "message_ids"),
    ("/sms/delete", {"message_ids": [1, 2]}, "message_ids"),
    ("/sms/react", {"message_id": "m", "phone_number": USER}, "emoji"),
    ("/sms/react", {"message_id": "m", "phone_number": USER, "emoji": ""}, "emoji"),
    ("/sms/conversation", {"pin": True}, "thread_id"),
    ("/sms/conversation", {"thread_id": "t", "pin": "sometimes"}, "pin"),
])
async def test_bad_action_input_is_422_naming_the_field(client, admin, path, body, field):
    before = await export_env(client, admin)
    r = await client.post(path, headers=admin, json=body)
    assert r.status_code == 422, r.text
    assert field in str(r.json()["detail"])
    assert await export_env(client, admin) == before
    assert await events(client, admin) == []


async def test_auth_is_required(client):
    r = await client.get("/sms/state")
    assert r.status_code == 401
    r = await client.post("/sms/send", json={"from_number": USER, "to_numbers": [BOB], "body": "x"})
    assert r.status_code == 401


@pytest.mark.parametrize("data,needle", [
    ({"operation": "send_message", "to_numbers": [BOB], "body": "x"}, "from_number"),
    ({"operation": "send_message", "from_number": USER, "to_numbers": [], "body": "x"}, "to_numbers"),
    ({"operation": "update_delivery_status", "message_id": "m"}, "new_status"),
    ({"operation": "update_delivery_status", "message_id": "m", "new_status": "sending"}, "new_status"),
    ({"operation": "add_reaction", "message_id": "m", "phone_number": USER}, "emoji"),
    ({"operation": "remove_reaction", "message_id": "m"}, "reaction_id"),
    ({"operation": "edit_message", "message_id": "m"}, "new_body"),
    ({"operation": "delete_message"}, "message_id"),
    ({"operation": "create_group", "creator_number": USER, "participant_numbers": [USER]}, "participant_numbers"),
    ({"operation": "update_group"}, "thread_id"),
    ({"operation": "add_participant", "thread_id": "t"}, "phone_number"),
    ({"operation": "leave_group"}, "thread_id"),
    ({"operation": "update_conversation", "thread_id": "t"}, "at least one"),
    ({"operation": "teleport"}, "operation"),
    ({"from_number": USER}, "operation"),
    ({"operation": "send_message", "from_number": USER, "to_numbers": [BOB], "body": "x",
      "message_type": "fax"}, "message_type"),
])
async def test_bad_event_data_is_422(client, admin, data, needle):
    r = await client.post("/events", headers=admin, json={"scheduled_time": "2099-01-01T00:00:00Z",
                                                          "modality": "sms", "data": data})
    assert r.status_code == 422, r.text
    assert needle in r.json()["detail"]


# ------------------------------------------------------------------------------------------- events
async def test_scheduled_receive_arrives_at_its_scheduled_time(client, admin):
    await reset(client, admin)
    r = await client.post("/events", headers=admin, json={
        "scheduled_time": "2026-01-28T06:20:00Z", "modality": "sms",
        "data": {"operation": "receive_message", "from_number": BOB, "to_numbers": [USER], "body": "Later!"}})
    assert r.status_code == 200, r.text
    event_id = r.json()["event_id"]
    assert (await sms_state(client, admin))["messages"] == {}  # deferred
    await start(client, admin)
    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 3600})
    assert r.status_code == 200 and r.json()["events_executed"] == 1 and r.json()["events_failed"] == 0
    msg = by_body(await sms_state(client, admin))["Later!"]
    assert canon(msg["sent_at"]) == "2026-01-28T06:20:00+00:00"
    assert msg["direction"] == "incoming"
    ev = (await client.get(f"/events/{event_id}", headers=admin)).json()
    assert ev["status"] == "executed" and canon(ev["executed_at"]) == "2026-01-28T07:00:00+00:00"
    assert ev["data"]["message_id"] == msg["message_id"]


async def test_legacy_nested_event_data_is_flattened(client, admin):
    await reset(client, admin)
    r = await client.post("/events", headers=admin, json={
        "scheduled_time": "2026-01-28T06:10:00Z", "modality": "sms",
        "data": {"action": "receive_message", "message_data": {
            "from_number": BOB, "to_numbers": [USER], "body": "old style", "message_type": "sms",
            "sent_at": "2026-01-28T06:10:00Z"}, "reaction_data": None}})
    assert r.status_code == 200, r.text
    await start(client, admin)
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 900})
    msg = by_body(await sms_state(client, admin))["old style"]
    ev = (await events(client, admin, modality="sms"))[0]
    assert ev["status"] == "executed"
    assert ev["data"]["operation"] == "receive_message" and ev["data"]["body"] == "old style"
    assert "action" not in ev["data"] and "message_data" not in ev["data"]
    # Nested reaction form too, applied through the deferred path.
    r = await client.post("/events", headers=admin, json={
        "scheduled_time": "2026-01-28T06:15:00Z", "modality": "sms",
        "data": {"action": "add_reaction", "reaction_data": {"message_id": msg["message_id"],
                                                             "phone_number": USER, "emoji": "👍"}}})
    assert r.status_code == 200, r.text
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 1})
    assert (await sms_state(client, admin))["messages"][msg["message_id"]]["reactions"][0]["emoji"] == "👍"


async def _run_events(client, admin, datas: list[dict]) -> list[dict]:
    """Schedule each data at T, advance, and return the executed/failed events in order."""
    created = []
    now = (await client.get("/simulator/time", headers=admin)).json()["current_time"]
    for data in datas:
        r = await client.post("/events", headers=admin, json={"scheduled_time": now, "modality": "sms",
                                                              "data": data})
        assert r.status_code == 200, r.text
        created.append(r.json()["event_id"])
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 1})
    return [(await client.get(f"/events/{i}", headers=admin)).json() for i in created]


async def test_other_operations_via_events(client, admin):
    await reset(client, admin)
    await start(client, admin)
    await send(client, admin, "plain")
    await send(client, admin, "rich", message_type="rcs")
    msgs = by_body(await sms_state(client, admin))
    plain, rich = msgs["plain"]["message_id"], msgs["rich"]["message_id"]
    evs = await _run_events(client, admin, [
        {"operation": "update_delivery_status", "message_id": plain, "new_status": "delivered"},
        {"operation": "update_delivery_status", "message_id": rich, "new_status": "failed"},
        {"operation": "add_reaction", "message_id": plain, "phone_number": BOB, "emoji": "❤️",
         "reaction_id": "r-1"},
        {"operation": "edit_message", "message_id": rich, "new_body": "richer"},
        {"operation": "edit_message", "message_id": plain, "new_body": "nope"},  # sms: cannot edit
        {"operation": "create_group", "creator_number": USER, "participant_numbers": [BOB, CAROL],
         "group_name": "Trip"},
    ])
    assert [e["status"] for e in evs] == ["executed"] * 4 + ["failed", "executed"]
    assert "RCS" in evs[4]["error_message"]
    state = await sms_state(client, admin)
    assert state["messages"][plain]["delivery_status"] == "delivered"
    assert state["messages"][plain]["delivered_at"] is not None
    assert state["messages"][rich]["delivery_status"] == "failed"
    assert state["messages"][rich]["body"] == "richer" and state["messages"][rich]["edited_at"]
    assert state["messages"][plain]["reactions"][0]["reaction_id"] == "r-1"
    group_id = evs[5]["data"]["thread_id"]
    group = state["conversations"][group_id]
    assert group["conversation_type"] == "group" and group["group_name"] == "Trip"
    assert group["created_by"] == USER
    assert [(p["phone_number"], p["is_admin"]) for p in group["participants"]] == [
        (USER, True), (BOB, False), (CAROL, False)]
    # A message to the same set of numbers lands in the group.
    await send(client, admin, "to the group", to=[CAROL, BOB])
    assert by_body(await sms_state(client, admin))["to the group"]["thread_id"] == group_id

    evs = await _run_events(client, admin, [
        {"operation": "remove_reaction", "message_id": plain, "reaction_id": "r-1"},
        {"operation": "remove_reaction", "message_id": plain, "reaction_id": "r-1"},  # already gone
        {"operation": "update_group", "thread_id": group_id, "group_name": "Trip 2026",
         "group_photo_url": "http://x/p.png"},
        {"operation": "add_participant", "thread_id": group_id, "phone_number": "+15550003333", "is_admin": True},
        {"operation": "add_participant", "thread_id": group_id, "phone_number": BOB},  # already in
        {"operation": "remove_participant", "thread_id": group_id, "phone_number": CAROL},
        {"operation": "leave_group", "thread_id": group_id},
        {"operation": "update_conversation", "thread_id": group_id, "archive": True},
        {"operation": "delete_message", "message_id": plain, "delete_for_everyone": True},
        {"operation": "update_group", "thread_id": "missing", "group_name": "x"},
    ])
    assert [e["status"] for e in evs] == ["executed", "failed", "executed", "executed", "failed", "executed",
                                          "executed", "executed", "executed", "failed"]
    state = await sms_state(client, admin)
    group = state["conversations"][group_id]
    assert state["messages"][plain]["reactions"] == [] and state["messages"][plain]["is_deleted"]
    assert group["group_name"] == "Trip 2026" and group["group_photo_url"] == "http://x/p.png"
    members = {p["phone_number"]: p for p in group["participants"]}
    assert members["+15550003333"]["is_admin"] is True and members["+15550003333"]["left_at"] is None
    assert members[CAROL]["left_at"] is not None and members[USER]["left_at"] is not None
    assert group["is_archived"] is True
    r = await client.post("/environment/validate", headers=admin)
    assert r.status_code == 200 and r.json()["valid"], r.text


# ------------------------------------------------------------------------------------------- caps, import
def _sms_dump(cap: int = 10000, **extra) -> dict:
    return {"modality_type": "sms", "last_updated": T0, "update_count": 0, "messages": {}, "conversations": {},
            "max_messages_per_conversation": cap, "user_phone_number": "+15550100000", **extra}


async def test_per_conversation_cap_drops_oldest_and_keeps_counters(client, admin):
    await reset(client, admin)
    await import_sms_state(client, admin, _sms_dump(cap=3))
    for i in range(5):
        await receive(client, admin, f"m{i}", to=["+15550100000"])
    await send(client, admin, "other thread", frm="+15550100000", to=[CAROL])
    state = await sms_state(client, admin)
    assert sorted(by_body(state)) == ["m2", "m3", "m4", "other thread"]
    thread = by_body(state)["m4"]["thread_id"]
    conv = state["conversations"][thread]
    assert conv["message_count"] == 3 and conv["unread_count"] == 3
    assert state["total_message_count"] == 4
    await start(client, admin)  # start validates consistency


async def test_export_import_round_trip(client, admin, purple):
    await reset(client, admin)
    await receive(client, admin, "hi")
    await send(client, purple.headers, "hello", to=[BOB, CAROL])
    await send(client, admin, "rcs", message_type="rcs",
               attachments=[{"filename": "f.pdf", "size": 1, "mime_type": "application/pdf"}])
    mid = next(iter((await sms_state(client, admin))["messages"]))
    await client.post("/sms/react", headers=purple.headers, json={"message_id": mid, "phone_number": USER,
                                                                   "emoji": "👍"})
    await client.post("/sms/read", headers=purple.headers, json={"message_ids": [mid]})
    await client.post("/events", headers=admin, json={
        "scheduled_time": "2026-01-28T08:00:00Z", "modality": "sms",
        "data": {"operation": "receive_message", "from_number": CAROL, "to_numbers": [USER], "body": "later"}})
    exported = (await client.get("/scenario/export/full", headers=admin)).json()["scenario"]
    sms_before = exported["environment"]["modality_states"]["sms"]
    # The dump itself round-trips exactly.
    assert SMSState.load(copy.deepcopy(sms_before)).dump() == sms_before
    await reset(client, admin, "2026-02-01T00:00:00Z")
    assert (await sms_state(client, admin))["messages"] == {}
    r = await client.post("/scenario/import/full", headers=admin, json={"scenario": exported})
    assert r.status_code == 200, r.text
    again = (await client.get("/scenario/export/full", headers=admin)).json()["scenario"]
    assert again["environment"]["modality_states"]["sms"] == sms_before
    strip = [{k: v for k, v in e.items() if k != "event_id"} for e in exported["events"]["events"]]
    assert [{k: v for k, v in e.items() if k != "event_id"} for e in again["events"]["events"]] == strip
    # The imported pending event still runs.
    await start(client, admin)
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 7200})
    assert canon(by_body(await sms_state(client, admin))["later"]["sent_at"]) == "2026-01-28T08:00:00+00:00"


async def test_import_accepts_legacy_event_data(client, admin):
    await reset(client, admin)
    legacy = {"event_id": "x", "scheduled_time": "2026-01-28T06:30:00+00:00", "modality": "sms",
              "status": "pending", "created_at": T0, "priority": 50, "metadata": {},
              "data": {"modality_type": "sms", "timestamp": "2026-01-28T06:30:00+00:00", "action": "receive_message",
                       "message_data": {"from_number": BOB, "to_numbers": ["+15550100000"], "body": "legacy"}}}
    await import_sms_state(client, admin, _sms_dump(), [legacy])
    exported = (await client.get("/scenario/export/events", headers=admin)).json()["events"]["events"]
    assert exported[0]["data"]["operation"] == "receive_message"
    await start(client, admin)
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 3600})
    msg = by_body(await sms_state(client, admin))["legacy"]
    assert canon(msg["sent_at"]) == "2026-01-28T06:30:00+00:00" and msg["direction"] == "incoming"


@pytest.mark.parametrize("mutate,needle", [
    (lambda s: s.pop("user_phone_number"), "user_phone_number"),
    (lambda s: s.update(max_messages_per_conversation=0), "max_messages_per_conversation"),
    (lambda s: s["messages"].update(m1={"message_id": "m1", "thread_id": "t"}), "from_number"),
    (lambda s: s["messages"].update(m1={"message_id": "m1", "thread_id": "t", "from_number": BOB,
                                        "to_numbers": [USER], "body": "x", "direction": "incoming",
                                        "sent_at": "not a date"}), "sent_at"),
    (lambda s: s["messages"].update(k={"message_id": "m1", "thread_id": "t", "from_number": BOB,
                                       "to_numbers": [USER], "body": "x", "direction": "incoming",
                                       "sent_at": T0}), "message_id"),
    (lambda s: s["conversations"].update(t={"thread_id": "t", "conversation_type": "trio", "participants": [],
                                            "created_at": T0, "last_message_at": T0}), "conversation_type"),
])
async def test_import_validates_fields(client, admin, mutate, needle):
    state = _sms_dump()
    mutate(state)
    full = (await client.get("/scenario/export/full", headers=admin)).json()["scenario"]
    full["environment"]["modality_states"]["sms"] = state
    r = await client.post("/scenario/import/full", headers=admin, json={"scenario": full})
    assert r.status_code == 400, r.text
    assert needle in r.json()["detail"] and "sms" in r.json()["detail"]


async def test_start_rejects_inconsistent_state(client, admin):
    msg = {"message_id": "m1", "thread_id": "t1", "from_number": BOB, "to_numbers": ["+15550100000"],
           "body": "x", "direction": "incoming", "sent_at": T0}
    conv = {"thread_id": "t1", "conversation_type": "one_on_one", "created_at": T0, "last_message_at": T0,
            "participants": [{"phone_number": BOB, "joined_at": T0}], "message_count": 5, "unread_count": 1}
    await import_sms_state(client, admin, _sms_dump(messages={"m1": msg}, conversations={"t1": conv}))
    r = await client.post("/simulation/start", headers=admin, json={})
    assert r.status_code == 400 and "message_count" in r.json()["detail"]
    orphan = {**msg, "message_id": "m2", "thread_id": "gone"}
    conv["message_count"] = 1
    await import_sms_state(client, admin, _sms_dump(messages={"m1": msg, "m2": orphan}, conversations={"t1": conv}))
    r = await client.post("/simulation/start", headers=admin, json={})
    assert r.status_code == 400 and "missing conversation" in r.json()["detail"]
    await import_sms_state(client, admin, _sms_dump(messages={"m1": msg}, conversations={"t1": conv}))
    await start(client, admin)


async def test_clear_keeps_the_user_number(client, admin):
    await import_sms_state(client, admin, _sms_dump())
    await receive(client, admin, "x", to=["+15550100000"])
    r = await client.post("/simulation/clear", headers=admin)
    assert r.status_code == 200
    state = await sms_state(client, admin)
    assert state["user_phone_number"] == "+15550100000" and state["messages"] == {}


async def test_undo_redo_replays_identically(client, admin, purple):
    await reset(client, admin)
    await start(client, admin)
    await receive(client, admin, "a")
    await send(client, purple.headers, "b")
    mid = by_body(await sms_state(client, admin))["a"]["message_id"]
    await client.post("/sms/react", headers=purple.headers, json={"message_id": mid, "phone_number": USER,
                                                                   "emoji": "👍"})
    await client.post("/sms/read", headers=purple.headers, json={"message_ids": [mid]})
    full = await sms_state(client, admin)
    r = await client.post("/simulation/undo", headers=admin, json={"count": 3})
    assert r.status_code == 200 and r.json()["undone_count"] == 3
    partial = await sms_state(client, admin)
    assert list(partial["messages"]) == [mid] and partial["messages"][mid]["is_read"] is False
    assert partial["messages"][mid]["reactions"] == []
    r = await client.post("/simulation/redo", headers=admin, json={"count": 3})
    assert r.status_code == 200 and r.json()["redone_count"] == 3
    redone = await sms_state(client, admin)
    assert redone["messages"] == full["messages"] and redone["conversations"] == full["conversations"]
