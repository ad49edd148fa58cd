"""Email routes (ues-api.md §2.6), state shapes and query semantics (§3.3), attribution (§1.3, §6 item 1)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from services.ues.timeutil import parse_dt

T0 = datetime(2026, 1, 28, 6, 0, tzinfo=UTC)
USER = "alex@example.com"
FOLDERS = ("inbox", "sent", "drafts", "trash", "spam", "archive")
EMAIL_FIELDS = {"message_id", "thread_id", "from_address", "to_addresses", "cc_addresses", "bcc_addresses",
                "reply_to_address", "subject", "body_text", "body_html", "attachments", "in_reply_to", "references",
                "sent_at", "received_at", "is_read", "is_starred", "priority", "folder", "labels"}


def stored_email(message_id: str, minutes: float, subject: str, **extra: Any) -> dict[str, Any]:
    when = (T0 + timedelta(minutes=minutes)).isoformat()
    return {"message_id": message_id, "thread_id": f"t-{message_id}", "from_address": "someone@corp.com",
            "to_addresses": [USER], "subject": subject, "body_text": f"body {subject}", "sent_at": when,
            "received_at": when, **extra}


async def world(client, admin, stored: list[dict[str, Any]] = ()) -> None:
    """A stopped-then-started world at T0 whose mailbox holds ``stored`` (in that insertion order)."""
    emails = {e["message_id"]: e for e in stored}
    folders = {f: [] for f in FOLDERS}
    for e in stored:
        folders[e.get("folder", "inbox")].append(e["message_id"])
    threads = {e["thread_id"]: {"thread_id": e["thread_id"], "subject": e["subject"],
                                "participant_addresses": [e["from_address"], *e["to_addresses"]],
                                "message_ids": [e["message_id"]], "created_at": e["received_at"],
                                "last_message_at": e["received_at"], "message_count": 1,
                                "unread_count": 0 if e.get("is_read") else 1} for e in stored}
    labels: dict[str, list[str]] = {}
    for e in stored:
        for label in e.get("labels", []):
            labels.setdefault(label, []).append(e["message_id"])
    scenario = {
        "metadata": {"ues_version": "0.2.1", "scenario_version": "1", "created_at": T0.isoformat()},
        "environment": {"time_state": {"current_time": T0.isoformat(), "time_scale": 1.0, "is_paused": False,
                                       "auto_advance": False, "last_wall_time_update": T0.isoformat()},
                        "modality_states": {"email": {
                            "modality_type": "email", "last_updated": T0.isoformat(), "update_count": 0,
                            "emails": emails, "threads": threads, "folders": folders, "labels": labels,
                            "drafts": {}, "user_email_address": USER}}},
        "events": {"events": []}}
    r = await client.post("/scenario/import/full", headers=admin, json={"scenario": scenario})
    assert r.status_code == 200, r.text
    r = await client.post("/simulation/start", headers=admin)
    assert r.status_code == 200, r.text


async def receive(client, headers, subject: str = "Hello", **extra: Any) -> dict[str, Any]:
    body = {"from_address": "boss@corp.com", "to_addresses": [USER], "subject": subject, "body_text": "Text.",
            **extra}
    r = await client.post("/email/receive", headers=headers, json=body)
    assert r.status_code == 200, r.text
    return r.json()


async def send(client, headers, subject: str = "Sent", **extra: Any) -> dict[str, Any]:
    body = {"from_address": USER, "to_addresses": ["boss@corp.com"], "subject": subject, "body_text": "Text.",
            **extra}
    r = await client.post("/email/send", headers=headers, json=body)
    assert r.status_code == 200, r.text
    return r.json()


async def state(client, headers, **params: Any) -> dict[str, Any]:
    r = await client.get("/email/state", headers=headers, params=params)
    assert r.status_code == 200, r.text
    return r.json()


async def event_of(client, admin, response: dict[str, Any]) -> dict[str, Any]:
    r = await client.get(f"/events/{response['event_id']}", headers=admin)
    assert r.status_code == 200, r.text
    return r.json()


async def query(client, headers, **body: Any) -> dict[str, Any]:
    r = await client.post("/email/query", headers=headers, json=body)
    assert r.status_code == 200, r.text
    return r.json()


def ids(result: dict[str, Any]) -> list[str]:
    return [e["message_id"] for e in result["emails"]]


# ---------------------------------------------------------------------------------------------- actions
async def test_receive(client, admin):
    await world(client, admin)
    r = await receive(client, admin, "Report", cc_addresses=["cc@corp.com"],
                      sent_at="2020-01-01T00:00:00Z", priority="high",
                      attachments=[{"filename": "r.pdf", "size": 100, "mime_type": "application/pdf"}])
    assert set(r) == {"event_id", "scheduled_time", "status", "message", "modality"}
    assert r["status"] == "executed" and r["modality"] == "email" and r["message"] == "Email received: Report"
    assert parse_dt(r["scheduled_time"]) == T0
    s = await state(client, admin)
    assert len(s["emails"]) == 1
    message_id, mail = next(iter(s["emails"].items()))
    assert EMAIL_FIELDS <= set(mail)
    assert mail["folder"] == "inbox" and mail["is_read"] is False and mail["priority"] == "high"
    # sent_at on receive is ignored: the message arrives now (ues-api.md §6 item 3).
    assert parse_dt(mail["sent_at"]) == T0 and parse_dt(mail["received_at"]) == T0
    assert mail["thread_id"] == f"thread-{message_id}"
    assert mail["attachments"][0]["filename"] == "r.pdf" and mail["attachments"][0]["attachment_id"]
    assert s["folders"]["inbox"] == [message_id]
    thread = s["threads"][mail["thread_id"]]
    assert thread["message_ids"] == [message_id] and thread["message_count"] == 1 and thread["unread_count"] == 1
    assert set(thread["participant_addresses"]) == {"boss@corp.com", USER, "cc@corp.com"}
    event = await event_of(client, admin, r)
    assert event["data"]["operation"] == "receive"
    assert event["data"]["message_id"] == message_id and event["data"]["thread_id"] == mail["thread_id"]
    assert event["status"] == "executed" and event["priority"] == 100
    assert parse_dt(event["scheduled_time"]) == T0 and parse_dt(event["created_at"]) == T0


async def test_send_and_reply_in_thread(client, admin, purple):
    await world(client, admin)
    original = await receive(client, admin, "Question")
    s = await state(client, admin)
    parent_id = next(iter(s["emails"]))
    parent = s["emails"][parent_id]
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 60})
    r = await send(client, purple.headers, "Re: Question", thread_id=parent["thread_id"], in_reply_to=parent_id,
                   references=[parent_id], cc_addresses=["team@corp.com"])
    assert r["message"] == "Email sent: Re: Question" and r["status"] == "executed"
    s = await state(client, purple.headers)
    reply_id = next(i for i in s["emails"] if i != parent_id)
    reply = s["emails"][reply_id]
    assert reply["folder"] == "sent" and reply["is_read"] is True
    assert reply["thread_id"] == parent["thread_id"] and reply["in_reply_to"] == parent_id
    assert reply["references"] == [parent_id]
    assert parse_dt(reply["sent_at"]) == T0 + timedelta(minutes=1)
    thread = s["threads"][parent["thread_id"]]
    assert thread["message_ids"] == [parent_id, reply_id] and thread["message_count"] == 2
    assert thread["unread_count"] == 1 and thread["subject"] == "Question"
    assert parse_dt(thread["last_message_at"]) == T0 + timedelta(minutes=1)
    assert "team@corp.com" in thread["participant_addresses"]
    assert s["folders"]["sent"] == [reply_id] and s["folders"]["inbox"] == [parent_id]
    assert original["event_id"] != r["event_id"]
    # A send without thread_id starts its own thread.
    await send(client, purple.headers, "Fresh")
    s = await state(client, admin)
    fresh = next(e for e in s["emails"].values() if e["subject"] == "Fresh")
    assert fresh["thread_id"] == f"thread-{fresh['message_id']}"


async def test_bulk_operations(client, admin, purple):
    await world(client, admin)
    await receive(client, admin, "one")
    await receive(client, admin, "two")
    s = await state(client, admin)
    a, b = list(s["emails"])
    both = {"message_ids": [a, b]}
    thread_a = s["emails"][a]["thread_id"]

    async def call(path: str, body: dict[str, Any]) -> dict[str, Any]:
        r = await client.post(f"/email/{path}", headers=purple.headers, json=body)
        assert r.status_code == 200, (path, r.text)
        assert r.json()["status"] == "executed"
        return r.json()

    r = await call("read", both)
    assert r["message"] == "Marked 2 email(s) as read"
    s = await state(client, admin)
    assert s["emails"][a]["is_read"] and s["emails"][b]["is_read"] and s["unread_count"] == 0
    assert s["threads"][thread_a]["unread_count"] == 0
    r = await call("unread", {"message_ids": [a]})
    assert r["message"] == "Marked 1 email(s) as unread"
    s = await state(client, admin)
    assert s["emails"][a]["is_read"] is False and s["threads"][thread_a]["unread_count"] == 1
    assert s["unread_count"] == 1

    await call("star", both)
    assert (await state(client, admin))["starred_count"] == 2
    await call("unstar", {"message_ids": [b]})
    s = await state(client, admin)
    assert s["emails"][a]["is_starred"] and not s["emails"][b]["is_starred"] and s["starred_count"] == 1

    await call("label", {"message_ids": [a, b], "labels": ["work", "urgent"]})
    s = await state(client, admin)
    assert s["labels"] == {"work": [a, b], "urgent": [a, b]}
    assert s["emails"][a]["labels"] == ["work", "urgent"]
    await call("unlabel", {"message_ids": [b], "labels": ["urgent"]})
    s = await state(client, admin)
    assert s["labels"]["urgent"] == [a] and s["emails"][b]["labels"] == ["work"]

    await call("archive", {"message_ids": [a]})
    s = await state(client, admin)
    assert s["folders"]["archive"] == [a] and s["folders"]["inbox"] == [b] and s["emails"][a]["folder"] == "archive"
    await call("delete", {"message_ids": [b]})
    s = await state(client, admin)
    assert s["folders"]["trash"] == [b] and s["folders"]["inbox"] == [] and s["emails"][b]["folder"] == "trash"
    r = await call("move", {"message_ids": [a, b], "folder": "projects"})
    assert r["message"] == "Moved 2 email(s)"
    s = await state(client, admin)
    assert s["folders"]["projects"] == [a, b] and s["folders"]["archive"] == [] and s["folders"]["trash"] == []
    assert {e["folder"] for e in s["emails"].values()} == {"projects"}

    # Unknown ids: real UES silently "executes"; we report a failed event and change nothing.
    before = await state(client, admin)
    r = await client.post("/email/star", headers=purple.headers, json={"message_ids": ["nope"]})
    assert r.status_code == 200 and r.json()["status"] == "failed"
    assert "No email found" in r.json()["message"]
    after = await state(client, admin)
    assert after["emails"] == before["emails"]
    assert (await event_of(client, admin, r.json()))["status"] == "failed"
    # A mix of known and unknown ids applies to the known ones.
    r = await call("star", {"message_ids": ["nope", a]})
    assert (await state(client, admin))["emails"][a]["is_starred"]


async def test_action_events_are_attributed_to_the_caller(client, admin, purple):
    await world(client, admin)
    received = await receive(client, admin, "For purple")
    message_id = next(iter((await state(client, admin))["emails"]))
    mail = {"message_ids": [message_id]}
    calls = [("send", {"from_address": USER, "to_addresses": ["x@y.com"], "subject": "s", "body_text": "b"}, "send"),
             ("read", mail, "mark_read"), ("unread", mail, "mark_unread"), ("star", mail, "star"),
             ("unstar", mail, "unstar"), ("label", {**mail, "labels": ["l"]}, "add_label"),
             ("unlabel", {**mail, "labels": ["l"]}, "remove_label"), ("archive", mail, "archive"),
             ("delete", mail, "delete"), ("move", {**mail, "folder": "inbox"}, "move")]
    event_ids = []
    for path, body, operation in calls:
        r = await client.post(f"/email/{path}", headers=purple.headers, json=body)
        assert r.status_code == 200, (path, r.text)
        event = await event_of(client, admin, r.json())
        assert event["agent_id"] == purple.key_id, path
        assert event["metadata"]["created_by_key"] == purple.key_id
        assert event["data"]["operation"] == operation
        event_ids.append(event["event_id"])
    admin_event = await event_of(client, admin, received)
    admin_id = next(k["key_id"] for k in (await client.get("/keys", headers=admin)).json()["keys"]
                    if k["name"] == "Admin Key")
    assert admin_event["agent_id"] == admin_id
    # The green's action log: events in the turn window attributed to the purple key.
    r = await client.get("/events", headers=admin, params={"agent_id": purple.key_id, "status": "executed"})
    assert [e["event_id"] for e in r.json()["events"]] == event_ids


async def test_permissions_of_the_purple_key(client, admin, purple):
    await world(client, admin)
    r = await client.post("/email/receive", headers=purple.headers, json={
        "from_address": "a@b.com", "to_addresses": [USER], "subject": "s", "body_text": "b"})
    assert r.status_code == 403
    assert r.json()["detail"] == "Permission denied. Required permission: email:receive"
    assert (await client.get("/email/state", headers=purple.headers)).status_code == 200
    assert (await client.get("/email/state")).status_code == 401


# ---------------------------------------------------------------------------------------------- state shapes
async def test_state_full_shape(client, admin):
    await world(client, admin)
    await receive(client, admin, "in")
    await send(client, admin, "out")
    s = await state(client, admin)
    assert {"modality_type", "current_time", "user_email_address", "emails", "threads", "folders", "labels",
            "total_email_count", "unread_count", "starred_count"} <= set(s)
    assert s["modality_type"] == "email" and parse_dt(s["current_time"]) == T0
    assert s["user_email_address"] == USER
    assert set(s["folders"]) == set(FOLDERS)
    assert s["total_email_count"] == 2 and s["unread_count"] == 1 and s["starred_count"] == 0
    assert len(s["threads"]) == 2 and s["labels"] == {}
    for mail in s["emails"].values():
        assert EMAIL_FIELDS <= set(mail)


@pytest.mark.parametrize("flag", ["summary", "compact"])
async def test_state_summary_shape(client, admin, flag):
    await world(client, admin)
    await receive(client, admin, "long", body_text="x" * 150,
                  attachments=[{"filename": "a.txt", "size": 1, "mime_type": "text/plain"}])
    await receive(client, admin, "short", body_text="tiny")
    await send(client, admin, "out")
    message_ids = list((await state(client, admin))["emails"])
    await client.post("/email/star", headers=admin, json={"message_ids": message_ids[:1]})
    await client.post("/email/label", headers=admin, json={"message_ids": message_ids[:2], "labels": ["work"]})
    s = await state(client, admin, **{flag: "true"})
    assert {"modality_type", "current_time", "user_email_address", "statistics", "folders", "labels", "emails",
            "threads"} <= set(s)
    assert s["statistics"] == {"total_emails": 3, "total_threads": 3, "total_unread": 2, "total_starred": 1,
                               "total_drafts": 0, "total_labels": 1}
    assert s["folders"]["inbox"] == {"message_count": 2, "unread_count": 2}
    assert s["folders"]["sent"] == {"message_count": 1, "unread_count": 0}
    assert s["labels"] == {"work": 2}
    summaries = {e["subject"]: e for e in s["emails"].values()}
    assert set(summaries["long"]) == {"message_id", "thread_id", "from_address", "to_addresses", "subject",
                                      "sent_at", "received_at", "is_read", "is_starred", "folder",
                                      "has_attachments", "attachment_count", "body_preview"}
    assert summaries["long"]["body_preview"] == "x" * 100 + "..."
    assert summaries["short"]["body_preview"] == "tiny"
    assert summaries["long"]["has_attachments"] is True and summaries["long"]["attachment_count"] == 1
    assert summaries["short"]["has_attachments"] is False


# ---------------------------------------------------------------------------------------------- query
QUERY_WORLD = [
    # Insertion order deliberately differs from time order and from subject/from order.
    stored_email("m3", 30, "charlie update", from_address="Carol@Partner.org", to_addresses=["team@corp.com"],
                 labels=["work"]),
    stored_email("m1", 10, "Alpha budget", from_address="Alice@Corp.com", to_addresses=[USER],
                 cc_addresses=["carol@partner.org"], labels=["work", "urgent"], is_starred=True,
                 attachments=[{"filename": "q1.xls", "size": 10, "mime_type": "application/vnd.ms-excel"}]),
    stored_email("m2", 20, "bravo lunch", from_address="bob@corp.com", to_addresses=["alice@corp.com", USER],
                 is_read=True, priority="low", thread_id="t-m1", body_text="Lunch at NOON?"),
    stored_email("m4", 20, "delta", from_address="dave@else.net", to_addresses=[USER], labels=["urgent"],
                 folder="archive"),
]


async def test_query_filters(client, admin, purple):
    await world(client, admin, QUERY_WORLD)
    h = purple.headers
    assert ids(await query(client, h)) == ["m3", "m1", "m2", "m4"]
    # from_address: case-insensitive substring.
    assert ids(await query(client, h, from_address="alice")) == ["m1"]
    assert ids(await query(client, h, from_address="CORP.COM")) == ["m1", "m2"]
    # to_address: substring over to_addresses only, cc ignored.
    assert ids(await query(client, h, to_address="ALICE@")) == ["m2"]
    assert ids(await query(client, h, to_address="carol")) == []
    assert ids(await query(client, h, subject_contains="BUDGET")) == ["m1"]
    assert ids(await query(client, h, body_contains="noon")) == ["m2"]
    assert ids(await query(client, h, from_address="corp", subject_contains="lunch")) == ["m2"]
    # labels: must carry ALL of them.
    assert ids(await query(client, h, labels=["work"])) == ["m3", "m1"]
    assert ids(await query(client, h, labels=["work", "urgent"])) == ["m1"]
    assert ids(await query(client, h, labels=["nope"])) == []
    assert ids(await query(client, h, is_read=True)) == ["m2"]
    assert ids(await query(client, h, is_read=False)) == ["m3", "m1", "m4"]
    assert ids(await query(client, h, is_starred=True)) == ["m1"]
    assert ids(await query(client, h, has_attachments=True)) == ["m1"]
    assert ids(await query(client, h, has_attachments=False)) == ["m3", "m2", "m4"]
    assert ids(await query(client, h, thread_id="t-m1")) == ["m1", "m2"]
    assert ids(await query(client, h, folder="inbox")) == ["m3", "m1", "m2"]
    assert ids(await query(client, h, folder="archive")) == ["m4"]
    assert ids(await query(client, h, folder="nope")) == []
    assert ids(await query(client, h, folder="inbox", from_address="corp")) == ["m1", "m2"]
    # received_after / received_before are inclusive.
    t20 = (T0 + timedelta(minutes=20)).isoformat()
    assert ids(await query(client, h, received_after=t20)) == ["m3", "m2", "m4"]
    assert ids(await query(client, h, received_before=t20)) == ["m1", "m2", "m4"]
    assert ids(await query(client, h, received_after=t20, received_before=t20)) == ["m2", "m4"]
    assert ids(await query(client, h, received_after="2026-01-28T06:20:00Z")) == ["m3", "m2", "m4"]
    assert ids(await query(client, h, received_after="2026-01-28T08:20:00+02:00")) == ["m3", "m2", "m4"]
    assert ids(await query(client, h, received_after="2026-01-28T06:20:00")) == ["m3", "m2", "m4"]


async def test_query_sorting_and_insertion_order(client, admin):
    await world(client, admin, QUERY_WORLD)
    assert ids(await query(client, admin, sort_by="date", sort_order="asc")) == ["m1", "m2", "m4", "m3"]
    assert ids(await query(client, admin, sort_by="date")) == ["m3", "m2", "m4", "m1"]  # desc by default
    assert ids(await query(client, admin, sort_by="from", sort_order="asc")) == ["m1", "m2", "m3", "m4"]
    assert ids(await query(client, admin, sort_by="subject", sort_order="desc")) == ["m4", "m3", "m2", "m1"]
    # Unrecognised keys (including the default null and "received_at"/"sent_at") keep insertion order,
    # whatever sort_order says (ues-api.md §3.3, §6 item 5).
    for sort_by in (None, "received_at", "sent_at", "priority"):
        for order in ("asc", "desc"):
            body = {"sort_order": order} | ({"sort_by": sort_by} if sort_by else {})
            assert ids(await query(client, admin, **body)) == ["m3", "m1", "m2", "m4"], body


async def test_query_folder_keeps_insertion_order(client, admin):
    await world(client, admin)
    for subject in ("first", "second", "third"):
        await receive(client, admin, subject)
    s = await state(client, admin)
    first, second, third = list(s["emails"])
    # Archive out of order: the folder list becomes [third, first]; queries still answer in insertion order.
    await client.post("/email/archive", headers=admin, json={"message_ids": [third]})
    await client.post("/email/archive", headers=admin, json={"message_ids": [first]})
    assert (await state(client, admin))["folders"]["archive"] == [third, first]
    assert ids(await query(client, admin, folder="archive")) == [first, third]
    assert ids(await query(client, admin, folder="archive", subject_contains="i")) == [first, third]
    assert ids(await query(client, admin, folder="inbox")) == [second]


async def test_query_pagination_and_echo(client, admin):
    await world(client, admin, QUERY_WORLD)
    r = await query(client, admin, limit=2)
    assert ids(r) == ["m3", "m1"] and r["total_count"] == 4 and r["returned_count"] == 2
    assert r["modality_type"] == "email"
    r = await query(client, admin, limit=2, offset=2)
    assert ids(r) == ["m2", "m4"] and r["total_count"] == 4
    r = await query(client, admin, offset=3)
    assert ids(r) == ["m4"] and r["returned_count"] == 1
    r = await query(client, admin, offset=10)
    assert r["emails"] == [] and r["total_count"] == 4 and r["returned_count"] == 0
    r = await query(client, admin, labels=["work"], limit=1, sort_by="date", sort_order="asc")
    assert ids(r) == ["m1"] and r["total_count"] == 2
    assert r["query"]["labels"] == ["work"] and r["query"]["limit"] == 1 and r["query"]["sort_by"] == "date"
    assert "folder" not in r["query"]  # only non-null fields are echoed
    for mail in r["emails"]:
        assert EMAIL_FIELDS <= set(mail)


async def test_query_sees_green_replies_at_the_check_time(client, admin):
    """received_after is inclusive: a reply stamped exactly at the last check is seen (§6 item 4)."""
    await world(client, admin)
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 1})
    check = (await client.get("/simulator/time", headers=admin)).json()["current_time"]
    await receive(client, admin, "reply")
    assert [e["subject"] for e in (await query(client, admin, received_after=check))["emails"]] == ["reply"]


# ---------------------------------------------------------------------------------------------- invalid input
async def test_invalid_input_is_400_or_422_never_500(client, admin):
    await world(client, admin)
    good = {"from_address": USER, "to_addresses": ["b@c.com"], "subject": "s", "body_text": "b"}
    cases = [
        ("/email/send", {k: v for k, v in good.items() if k != "subject"}, 422),
        ("/email/send", {**good, "to_addresses": []}, 422),
        ("/email/send", {**good, "to_addresses": "b@c.com"}, 422),
        ("/email/send", {**good, "priority": "urgent"}, 422),
        ("/email/send", {**good, "attachments": [{"filename": "a", "size": 0, "mime_type": "x/y"}]}, 422),
        ("/email/send", {**good, "to_addresses": ["not-an-address"]}, 400),
        ("/email/send", {**good, "from_address": "me"}, 400),
        ("/email/send", {**good, "cc_addresses": ["bad address@x.com"]}, 400),
        ("/email/send", {**good, "subject": ""}, 400),
        ("/email/send", {**good, "body_text": ""}, 400),
        ("/email/receive", {**good, "sent_at": "yesterday"}, 422),
        ("/email/read", {"message_ids": []}, 422),
        ("/email/read", {}, 422),
        ("/email/star", {"message_ids": "abc"}, 422),
        ("/email/label", {"message_ids": ["a"], "labels": []}, 422),
        ("/email/label", {"message_ids": ["a"]}, 422),
        ("/email/move", {"message_ids": ["a"], "folder": ""}, 422),
        ("/email/move", {"message_ids": ["a"]}, 422),
        ("/email/query", {"limit": 0}, 422),
        ("/email/query", {"limit": 1001}, 422),
        ("/email/query", {"offset": -1}, 422),
        ("/email/query", {"sort_order": "up"}, 422),
        ("/email/query", {"received_after": "last week"}, 422),
        ("/email/query", {"labels": "work"}, 422),
        ("/email/query", {"is_read": "maybe"}, 422),
    ]
    for path, body, status in cases:
        r = await client.post(path, headers=admin, json=body)
        assert r.status_code == status, (path, body, r.status_code, r.text)
        assert r.json().get("detail"), (path, body)
    r = await client.post("/email/send", headers=admin, json={"to_addresses": ["b@c.com"]})
    body = r.json()
    assert r.status_code == 422 and body["error"] == "Validation Error"
    assert {"loc", "msg", "type"} <= set(body["detail"][0])
    assert ["body", "from_address"] in [item["loc"] for item in body["detail"]]
    r = await client.post("/email/send", headers={**admin, "content-type": "application/json"}, content=b"{no")
    assert r.status_code == 422
    r = await client.post("/email/send", headers={**admin, "content-type": "application/json"}, content=b"[1, 2]")
    assert r.status_code == 422
    r = await client.get("/email/state", headers=admin, params={"summary": "perhaps"})
    assert r.status_code == 422
    # Nothing was created by the rejected requests.
    assert (await state(client, admin))["emails"] == {}
    assert (await client.get("/events", headers=admin)).json()["total"] == 0


async def test_invalid_address_detail_names_the_field(client, admin):
    await world(client, admin)
    r = await client.post("/email/send", headers=admin, json={
        "from_address": USER, "to_addresses": ["nobody"], "subject": "s", "body_text": "b"})
    assert r.status_code == 400
    assert "to_addresses" in r.json()["detail"] and "nobody" in r.json()["detail"]
