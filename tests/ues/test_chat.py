"""Chat modality and routes (ues-api.md §2.8, §3.5, §3.7), exercised through the real app."""

from __future__ import annotations

import copy

import pytest

from services.ues.modalities.chat import ChatState
from tests.ues.dt import canon

T0 = "2026-01-28T06:00:00+00:00"


async def reset(client, admin, when: str = T0) -> None:
    r = await client.post("/simulation/clear", headers=admin, json={"reset_time_to": when})
    assert r.status_code == 200, r.text


async def chat_state(client, headers) -> dict:
    r = await client.get("/chat/state", headers=headers)
    assert r.status_code == 200, r.text
    return r.json()


async def say(client, headers, content, role: str = "user", **extra) -> dict:
    r = await client.post("/chat/send", headers=headers, json={"role": role, "content": content, **extra})
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "executed", r.text
    return r.json()


async def advance(client, admin, seconds: float) -> None:
    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": seconds})
    assert r.status_code == 200, r.text


async def start(client, admin) -> None:
    r = await client.post("/simulation/start", headers=admin, json={})
    assert r.status_code == 200, r.text


def texts(messages: list[dict]) -> list:
    return [m["content"] for m in messages]


async def import_chat_state(client, admin, chat: dict, events_list: list | None = None) -> None:
    full = (await client.get("/scenario/export/full", headers=admin)).json()["scenario"]
    full["environment"]["modality_states"]["chat"] = chat
    full["events"] = {"events": events_list or []}
    r = await client.post("/scenario/import/full", headers=admin, json={"scenario": full})
    assert r.status_code == 200, r.text


def _chat_dump(**extra) -> dict:
    return {"modality_type": "chat", "last_updated": T0, "update_count": 0, "messages": [], "conversations": {},
            "max_history_size": 1000, "default_conversation_id": "default", **extra}


# ------------------------------------------------------------------------------------------- state and send
async def test_default_state_shapes(client, admin):
    state = await chat_state(client, admin)
    for key in ("modality_type", "current_time", "conversations", "messages", "total_message_count",
                "conversation_count", "max_history_size"):
        assert key in state
    assert state["modality_type"] == "chat" and state["messages"] == [] and state["max_history_size"] == 1000
    export = (await client.get("/scenario/export/environment", headers=admin)).json()["environment"]
    assert export["modality_states"]["chat"]["default_conversation_id"] == "default"
    compact = (await client.get("/chat/state", headers=admin, params={"compact": "true"})).json()
    assert set(compact) >= {"modality_type", "last_updated", "update_count", "conversations",
                            "total_message_count", "conversation_count"}


async def test_send_orders_by_time_then_insertion(client, admin, purple):
    await reset(client, admin)
    r = await say(client, admin, "Please triage my inbox", conversation_id="user-assistant")
    assert r["message"] == "Chat message sent from user" and r["modality"] == "chat" and r["scheduled_time"] == T0
    # Many messages at the same T keep insertion order (§6 item 8).
    for i in range(5):
        await say(client, purple.headers, f"step {i}", role="assistant", conversation_id="user-assistant")
    await say(client, admin, "other", conversation_id="side")
    state = await chat_state(client, purple.headers)
    assert texts(state["messages"]) == ["Please triage my inbox", *[f"step {i}" for i in range(5)], "other"]
    assert state["total_message_count"] == 7 and state["conversation_count"] == 2
    conv = state["conversations"]["user-assistant"]
    assert conv["message_count"] == 6 and sorted(conv["participant_roles"]) == ["assistant", "user"]
    assert canon(conv["created_at"]) == T0 == canon(conv["last_message_at"])
    assert all(canon(m["timestamp"]) == T0 and m["metadata"] == {} for m in state["messages"])
    compact = (await client.get("/chat/state", headers=admin, params={"compact": "true"})).json()
    assert compact["conversations"]["side"]["message_count"] == 1 and compact["total_message_count"] == 7


async def test_default_conversation_and_metadata(client, admin):
    await reset(client, admin)
    await say(client, admin, "hi", metadata={"tokens": 3})
    msg = (await chat_state(client, admin))["messages"][0]
    assert msg["conversation_id"] == "default" and msg["metadata"] == {"tokens": 3}


async def test_multimodal_blocks(client, admin):
    await reset(client, admin)
    blocks = [{"type": "text", "text": "Look at this"},
              {"type": "image", "source": "url", "url": "http://x/cat.png"},
              {"type": "audio", "source": "base64", "data": "AAAA"}]
    await say(client, admin, blocks)
    assert (await chat_state(client, admin))["messages"][0]["content"] == blocks


async def test_later_messages_sort_after_and_earlier_events_sort_before(client, admin):
    await reset(client, admin)
    await start(client, admin)
    await say(client, admin, "first")
    await advance(client, admin, 60)
    await say(client, admin, "second")
    # An event due now carries timestamp T: it sorts after "second" (same time, inserted later).
    r = await client.post("/events", headers=admin, json={
        "scheduled_time": "2026-01-28T06:01:00Z", "modality": "chat",
        "data": {"operation": "send_message", "role": "assistant", "content": "same-time event"}})
    assert r.status_code == 200, r.text
    await advance(client, admin, 1)
    await say(client, admin, "third")
    state = await chat_state(client, admin)
    assert texts(state["messages"]) == ["first", "second", "same-time event", "third"]
    assert canon(state["conversations"]["default"]["last_message_at"]) == "2026-01-28T06:01:01+00:00"


# ------------------------------------------------------------------------------------------- attribution
async def test_purple_send_is_attributed_and_logged(client, admin, purple):
    await reset(client, admin)
    await say(client, purple.headers, "All done: archived 3 emails.", role="assistant",
              conversation_id="user-assistant")
    events = (await client.get("/events", headers=admin,
                               params={"status": "executed", "start_time": T0, "end_time": T0})).json()["events"]
    mine = [e for e in events if e["agent_id"] == purple.key_id]
    assert len(mine) == 1
    data = mine[0]["data"]
    assert data["operation"] == "send_message" and data["role"] == "assistant"
    assert data["content"] == "All done: archived 3 emails." and data["conversation_id"] == "user-assistant"
    assert data["modality_type"] == "chat" and canon(data["timestamp"]) == T0 and data["input_id"]
    assert mine[0]["metadata"]["created_by_key"] == purple.key_id
    state = await chat_state(client, admin)
    assert data["message_id"] == state["messages"][0]["message_id"]


async def test_purple_cannot_delete_or_clear(client, purple):
    r = await client.post("/chat/delete", headers=purple.headers, json={"message_id": "x"})
    assert r.status_code == 403 and "chat:delete" in r.json()["detail"]
    r = await client.post("/chat/clear", headers=purple.headers, json={})
    assert r.status_code == 403 and "chat:clear" in r.json()["detail"]


# ------------------------------------------------------------------------------------------- delete, clear
async def test_delete_and_clear(client, admin):
    await reset(client, admin)
    await start(client, admin)
    await say(client, admin, "a")
    await advance(client, admin, 10)
    await say(client, admin, "b", role="assistant")
    await say(client, admin, "c", conversation_id="other")
    state = await chat_state(client, admin)
    b_id = state["messages"][1]["message_id"]
    r = await client.post("/chat/delete", headers=admin, json={"message_id": b_id})
    assert r.json()["status"] == "executed" and r.json()["message"] == f"Deleted message {b_id}"
    state = await chat_state(client, admin)
    assert texts(state["messages"]) == ["a", "c"]
    conv = state["conversations"]["default"]
    assert conv["message_count"] == 1 and canon(conv["last_message_at"]) == T0
    # Unknown id: a no-op that still executes (§3.5).
    before = state
    r = await client.post("/chat/delete", headers=admin, json={"message_id": "nope"})
    assert r.status_code == 200 and r.json()["status"] == "executed"
    after = await chat_state(client, admin)
    assert after["messages"] == before["messages"] and after["conversations"] == before["conversations"]
    r = await client.post("/chat/clear", headers=admin, json={"conversation_id": "other"})
    assert r.json()["status"] == "executed" and r.json()["message"] == "Cleared conversation other"
    state = await chat_state(client, admin)
    assert texts(state["messages"]) == ["a"] and list(state["conversations"]) == ["default"]
    r = await client.post("/chat/clear", headers=admin, json={})  # default conversation
    state = await chat_state(client, admin)
    assert state["messages"] == [] and state["conversations"] == {}
    ops = [e["data"]["operation"] for e in (await client.get("/events", headers=admin,
                                                               params={"modality": "chat"})).json()["events"]]
    assert ops.count("delete_message") == 2 and ops.count("clear_conversation") == 2


# ------------------------------------------------------------------------------------------- query
async def _seed(client, admin) -> None:
    await reset(client, admin)
    await start(client, admin)
    await say(client, admin, "Find the Budget email", conversation_id="ua")                   # 06:00
    await advance(client, admin, 60)
    await say(client, admin, [{"type": "text", "text": "Found the BUDGET"},
                              {"type": "image", "source": "url", "url": "http://x/budget.png"}],
              role="assistant", conversation_id="ua")                                         # 06:01
    await say(client, admin, [{"type": "image", "source": "url", "url": "http://x/secret.png"}],
              role="assistant", conversation_id="ua")                                         # 06:01
    await advance(client, admin, 60)
    await say(client, admin, "aside", conversation_id="notes")                                 # 06:02


async def test_query_filters_and_search(client, admin, purple):
    await _seed(client, admin)

    async def q(**body) -> dict:
        r = await client.post("/chat/query", headers=purple.headers, json=body)
        assert r.status_code == 200, r.text
        return r.json()

    res = await q()
    assert res["modality_type"] == "chat" and res["total_count"] == 4 == res["returned_count"]
    assert res["query"] == {"offset": 0, "sort_by": "timestamp", "sort_order": "asc"}
    assert [m["conversation_id"] for m in res["messages"]] == ["ua", "ua", "ua", "notes"]
    assert (await q(conversation_id="notes"))["messages"][0]["content"] == "aside"
    assert (await q(role="assistant"))["total_count"] == 2
    # Search is case-insensitive and only looks at text (not image urls).
    assert (await q(search="budget"))["total_count"] == 2
    assert (await q(search="secret"))["total_count"] == 0
    # since/until are inclusive.
    assert (await q(since="2026-01-28T06:01:00Z"))["total_count"] == 3
    assert (await q(until="2026-01-28T06:01:00+00:00"))["total_count"] == 3
    assert (await q(since="2026-01-28T06:01:00", until="2026-01-28T06:01:00Z"))["total_count"] == 2
    assert (await q(conversation_id="nope"))["total_count"] == 0


async def test_query_sorting_and_pagination(client, admin):
    await _seed(client, admin)

    async def order(**body) -> list[str]:
        r = await client.post("/chat/query", headers=admin, json=body)
        assert r.status_code == 200, r.text
        return [m["timestamp"][11:16] + ":" + m["role"][0] + ":" + m["conversation_id"] for m in r.json()["messages"]]

    assert await order() == ["06:00:u:ua", "06:01:a:ua", "06:01:a:ua", "06:02:u:notes"]
    assert await order(sort_order="desc") == ["06:02:u:notes", "06:01:a:ua", "06:01:a:ua", "06:00:u:ua"]
    assert await order(sort_by="role") == ["06:01:a:ua", "06:01:a:ua", "06:00:u:ua", "06:02:u:notes"]
    assert await order(sort_by="conversation_id", sort_order="desc") == [
        "06:01:a:ua", "06:01:a:ua", "06:00:u:ua", "06:02:u:notes"]
    # Same-timestamp messages: desc puts the later-inserted one first.
    r = await client.post("/chat/query", headers=admin, json={"sort_order": "desc", "role": "assistant"})
    assert r.json()["messages"][0]["content"][0]["type"] == "image"
    r = await client.post("/chat/query", headers=admin, json={"limit": 2, "offset": 1})
    assert r.json()["total_count"] == 4 and r.json()["returned_count"] == 2
    assert [m["timestamp"][11:16] for m in r.json()["messages"]] == ["06:01", "06:01"]
    r = await client.post("/chat/query", headers=admin, json={"offset": 10})
    assert r.json()["messages"] == [] and r.json()["total_count"] == 4


@pytest.mark.parametrize("body", [
    {"sort_by": "content"}, {"sort_order": "sideways"}, {"role": "system"}, {"limit": 0}, {"limit": 1001},
    {"offset": -1}, {"since": "yesterday"}, {"until": 5},
])
async def test_query_rejects_bad_values(client, admin, body):
    r = await client.post("/chat/query", headers=admin, json=body)
    assert r.status_code == 422, r.text
    assert next(iter(body)) in str(r.json()["detail"])


# ------------------------------------------------------------------------------------------- bad input
@pytest.mark.parametrize("body,field", [
    ({"content": "hi"}, "role"),
    ({"role": "system", "content": "hi"}, "role"),
    ({"role": "user"}, "content"),
    ({"role": "user", "content": ""}, "content"),
    ({"role": "user", "content": "   "}, "content"),
    ({"role": "user", "content": []}, "content"),
    ({"role": "user", "content": [{"text": "no type"}]}, "content"),
    ({"role": "user", "content": [{"type": "text"}]}, "content"),
    ({"role": "user", "content": [{"type": "image", "source": "url"}]}, "content"),
    ({"role": "user", "content": [{"type": "image"}]}, "content"),
    ({"role": "user", "content": ["plain string block"]}, "content"),
    ({"role": "user", "content": 42}, "content"),
    ({"role": "user", "content": "hi", "conversation_id": ""}, "conversation_id"),
    ({"role": "user", "content": "hi", "metadata": "tokens"}, "metadata"),
    ({"role": "user", "content": "x" * (300 * 1024)}, "content"),
])
async def test_bad_send_is_422_naming_the_field(client, admin, body, field):
    r = await client.post("/chat/send", headers=admin, json=body)
    assert r.status_code == 422, r.text
    assert field in str(r.json()["detail"])
    assert (await chat_state(client, admin))["messages"] == []
    assert (await client.get("/events", headers=admin)).json()["events"] == []


@pytest.mark.parametrize("path,body,field", [
    ("/chat/delete", {}, "message_id"),
    ("/chat/delete", {"message_id": ""}, "message_id"),
    ("/chat/delete", {"message_id": 7}, "message_id"),
    ("/chat/clear", {"conversation_id": ""}, "conversation_id"),
    ("/chat/clear", {"conversation_id": ["x"]}, "conversation_id"),
])
async def test_bad_delete_and_clear_are_422(client, admin, path, body, field):
    r = await client.post(path, headers=admin, json=body)
    assert r.status_code == 422, r.text
    assert field in str(r.json()["detail"])


@pytest.mark.parametrize("data,needle", [
    ({"operation": "send_message", "content": "x"}, "role"),
    ({"operation": "send_message", "role": "user"}, "content"),
    ({"role": "user", "content": []}, "content"),
    ({"operation": "delete_message"}, "message_id"),
    ({"operation": "archive"}, "operation"),
])
async def test_bad_event_data_is_422(client, admin, data, needle):
    r = await client.post("/events", headers=admin, json={"scheduled_time": "2099-01-01T00:00:00Z",
                                                          "modality": "chat", "data": data})
    assert r.status_code == 422, r.text
    assert needle in r.json()["detail"]


async def test_auth_is_required(client):
    assert (await client.get("/chat/state")).status_code == 401
    assert (await client.post("/chat/send", json={"role": "user", "content": "x"})).status_code == 401


# ------------------------------------------------------------------------------------------- events, caps, import
async def test_scheduled_message_uses_its_scheduled_time(client, admin):
    await reset(client, admin)
    r = await client.post("/events", headers=admin, json={
        "scheduled_time": "2026-01-28T06:30:00Z", "modality": "chat",
        "data": {"role": "user", "content": "reminder", "conversation_id": "ua", "message_id": "fixed-id"}})
    assert r.status_code == 200, r.text
    await start(client, admin)
    await advance(client, admin, 3600)
    msg = (await chat_state(client, admin))["messages"][0]
    assert canon(msg["timestamp"]) == "2026-01-28T06:30:00+00:00" and msg["message_id"] == "fixed-id"
    # Reusing the id fails at execution time (HTTP-level it was valid).
    r = await client.post("/events", headers=admin, json={
        "scheduled_time": "2026-01-28T07:00:00Z", "modality": "chat",
        "data": {"role": "user", "content": "again", "message_id": "fixed-id"}})
    await advance(client, admin, 1)
    ev = (await client.get(f"/events/{r.json()['event_id']}", headers=admin)).json()
    assert ev["status"] == "failed" and "already exists" in ev["error_message"]


async def test_history_cap_per_conversation(client, admin):
    await reset(client, admin)
    await import_chat_state(client, admin, _chat_dump(max_history_size=3))
    for i in range(5):
        await say(client, admin, f"m{i}", conversation_id="ua")
    await say(client, admin, "x", conversation_id="other")
    state = await chat_state(client, admin)
    assert texts(state["messages"]) == ["m2", "m3", "m4", "x"]
    assert state["conversations"]["ua"]["message_count"] == 3 and state["total_message_count"] == 4
    assert state["max_history_size"] == 3
    await start(client, admin)  # consistent → start validates


async def test_export_import_round_trip(client, admin, purple):
    await reset(client, admin)
    await start(client, admin)
    await say(client, admin, "task", conversation_id="ua")
    await say(client, purple.headers, [{"type": "text", "text": "ok"}], role="assistant", conversation_id="ua",
              metadata={"k": [1, 2]})
    await advance(client, admin, 5)
    await say(client, admin, "note", conversation_id="notes")
    await client.post("/events", headers=admin, json={
        "scheduled_time": "2026-01-28T09:00:00Z", "modality": "chat",
        "data": {"role": "user", "content": "future", "conversation_id": "ua"}})
    await client.post("/simulation/stop", headers=admin)
    exported = (await client.get("/scenario/export/full", headers=admin)).json()["scenario"]
    chat_before = exported["environment"]["modality_states"]["chat"]
    assert ChatState.load(copy.deepcopy(chat_before)).dump() == chat_before
    await reset(client, admin, "2026-03-01T00:00:00Z")
    r = await client.post("/scenario/import/full", headers=admin, json={"scenario": exported})
    assert r.status_code == 200, r.text
    again = (await client.get("/scenario/export/full", headers=admin)).json()["scenario"]
    assert again["environment"]["modality_states"]["chat"] == chat_before
    await start(client, admin)
    await advance(client, admin, 3 * 3600)
    state = await chat_state(client, admin)
    assert texts(state["messages"])[-1] == "future"
    assert canon(state["messages"][-1]["timestamp"]) == "2026-01-28T09:00:00+00:00"


async def test_load_sorts_and_validates(client, admin):
    msg = {"message_id": "m1", "conversation_id": "ua", "role": "user", "content": "later",
           "timestamp": "2026-01-28T07:00:00Z"}
    early = {**msg, "message_id": "m2", "content": "earlier", "timestamp": "2026-01-28T06:00:00Z"}
    conv = {"conversation_id": "ua", "created_at": T0, "last_message_at": "2026-01-28T07:00:00Z",
            "message_count": 2, "participant_roles": ["user", "user"]}
    await import_chat_state(client, admin, _chat_dump(messages=[msg, early], conversations={"ua": conv}))
    state = await chat_state(client, admin)
    assert texts(state["messages"]) == ["earlier", "later"]
    assert state["conversations"]["ua"]["participant_roles"] == ["user"]
    await start(client, admin)
    await client.post("/simulation/stop", headers=admin)
    # Inconsistent counts are reported by start.
    await import_chat_state(client, admin, _chat_dump(messages=[msg], conversations={"ua": conv}))
    r = await client.post("/simulation/start", headers=admin, json={})
    assert r.status_code == 400 and "message_count" in r.json()["detail"]


@pytest.mark.parametrize("state,needle", [
    (_chat_dump(messages=[{"message_id": "m", "conversation_id": "c", "role": "robot", "content": "x",
                           "timestamp": T0}]), "role"),
    (_chat_dump(messages=[{"message_id": "m", "conversation_id": "c", "role": "user", "content": "x"}]),
     "timestamp"),
    (_chat_dump(max_history_size=0), "max_history_size"),
    (_chat_dump(messages=[{"message_id": "m", "conversation_id": "c", "role": "user", "content": "x",
                           "timestamp": T0}] * 2), "duplicate"),
    (_chat_dump(conversations={"a": {"conversation_id": "b", "created_at": T0, "last_message_at": T0}}),
     "conversation_id"),
])
async def test_import_rejects_invalid_state(client, admin, state, needle):
    full = (await client.get("/scenario/export/full", headers=admin)).json()["scenario"]
    full["environment"]["modality_states"]["chat"] = state
    r = await client.post("/scenario/import/full", headers=admin, json={"scenario": full})
    assert r.status_code == 400, r.text
    assert needle in r.json()["detail"] and "chat" in r.json()["detail"]


async def test_undo_redo_replays_identically(client, admin):
    await reset(client, admin)
    await start(client, admin)
    await say(client, admin, "a")
    await say(client, admin, "b", role="assistant")
    first = (await chat_state(client, admin))["messages"][0]["message_id"]
    await client.post("/chat/delete", headers=admin, json={"message_id": first})
    full = await chat_state(client, admin)
    r = await client.post("/simulation/undo", headers=admin, json={"count": 2})
    assert r.json()["undone_count"] == 2
    assert texts((await chat_state(client, admin))["messages"]) == ["a"]
    await client.post("/simulation/redo", headers=admin, json={"count": 2})
    redone = await chat_state(client, admin)
    assert redone["messages"] == full["messages"] and redone["conversations"] == full["conversations"]


async def test_clear_resets_to_empty(client, admin):
    await say(client, admin, "hi")
    r = await client.post("/simulation/clear", headers=admin)
    assert r.status_code == 200
    state = await chat_state(client, admin)
    assert state["messages"] == [] and state["conversations"] == {} and state["max_history_size"] == 1000
