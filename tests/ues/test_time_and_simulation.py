"""Clock (ues-api.md §2.1, §4.1, §4.2) and simulation lifecycle (§2.2, §4.4) through the real app.

Scenarios use only the email modality; the clock is pinned with ``/scenario/import/full`` so times are exact.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

from services.ues.timeutil import parse_dt

T0 = datetime(2026, 1, 28, 6, 0, tzinfo=UTC)
USER = "alex@example.com"
FOLDERS = ("inbox", "sent", "drafts", "trash", "spam", "archive")


def at(seconds: float = 0) -> str:
    return (T0 + timedelta(seconds=seconds)).isoformat()


def email_state(**overrides: Any) -> dict[str, Any]:
    state = {"modality_type": "email", "last_updated": T0.isoformat(), "update_count": 0, "emails": {},
             "threads": {}, "folders": {f: [] for f in FOLDERS}, "labels": {}, "drafts": {},
             "user_email_address": USER}
    state.update(overrides)
    return state


def receive_event(seconds: float, subject: str, **overrides: Any) -> dict[str, Any]:
    when = at(seconds)
    event = {"event_id": "file-id", "scheduled_time": when, "modality": "email", "status": "pending",
             "created_at": min(T0, parse_dt(when)).isoformat(), "executed_at": None, "agent_id": None,
             "priority": 50, "error_message": None, "metadata": {},
             "data": {"modality_type": "email", "timestamp": when, "operation": "receive",
                      "from_address": "boss@corp.com", "to_addresses": [USER], "subject": subject,
                      "body_text": f"Body of {subject}", "priority": "normal"}}
    event.update(overrides)
    return event


def failing_event(seconds: float) -> dict[str, Any]:
    """Valid input that fails at execution: a reply to an email that does not exist."""
    event = receive_event(seconds, "reply")
    event["data"].update(operation="reply", in_reply_to="no-such-email")
    return event


def scenario(events: list[dict[str, Any]] = (), *, email: dict[str, Any] | None = None, is_paused: bool = False,
             current: datetime = T0) -> dict[str, Any]:
    return {"metadata": {"ues_version": "0.2.1", "scenario_version": "1", "created_at": T0.isoformat()},
            "environment": {"time_state": {"current_time": current.isoformat(), "time_scale": 1.0,
                                           "is_paused": is_paused, "auto_advance": False,
                                           "last_wall_time_update": current.isoformat()},
                            "modality_states": {"email": email or email_state()}},
            "events": {"events": list(events)}}


async def load(client, admin, events: list[dict[str, Any]] = (), *, start: bool = True, **kwargs: Any) -> None:
    r = await client.post("/scenario/import/full", headers=admin,
                          json={"scenario": scenario(events, **kwargs), "strict_modalities": False})
    assert r.status_code == 200, r.text
    if start:
        r = await client.post("/simulation/start", headers=admin, json={"auto_advance": False, "time_scale": 1.0})
        assert r.status_code == 200, r.text


async def emails(client, admin) -> dict[str, dict[str, Any]]:
    r = await client.get("/email/state", headers=admin)
    assert r.status_code == 200, r.text
    return r.json()["emails"]


async def subjects(client, admin) -> list[str]:
    return sorted(e["subject"] for e in (await emails(client, admin)).values())


async def events_by_subject(client, admin) -> dict[str, dict[str, Any]]:
    r = await client.get("/events", headers=admin)
    assert r.status_code == 200, r.text
    return {e["data"].get("subject"): e for e in r.json()["events"]}


async def send_email(client, headers, subject: str = "Hello") -> dict[str, Any]:
    r = await client.post("/email/send", headers=headers, json={
        "from_address": USER, "to_addresses": ["bob@corp.com"], "subject": subject, "body_text": "text"})
    assert r.status_code == 200, r.text
    return r.json()


# ---------------------------------------------------------------------------------------------- time
async def test_get_time_fields_and_modes(client, admin):
    r = await client.get("/simulator/time", headers=admin)
    assert r.status_code == 200
    body = r.json()
    assert set(body) >= {"current_time", "time_scale", "is_paused", "auto_advance", "mode"}
    assert body["time_scale"] == 1.0 and body["is_paused"] is False and body["auto_advance"] is False
    assert body["mode"] == "manual"
    # Default time is wall-clock now (UTC).
    assert abs(parse_dt(body["current_time"]) - datetime.now(UTC)) < timedelta(minutes=5)

    assert (await client.post("/simulator/time/pause", headers=admin)).status_code == 200
    assert (await client.get("/simulator/time", headers=admin)).json()["mode"] == "paused"
    await client.post("/simulator/time/resume", headers=admin)
    assert (await client.get("/simulator/time", headers=admin)).json()["mode"] == "manual"


async def test_time_mode_auto_after_auto_start(client, admin):
    await load(client, admin, start=False)
    r = await client.post("/simulation/start", headers=admin, json={"auto_advance": True, "time_scale": 5})
    assert r.status_code == 200
    assert r.json()["auto_advance"] is True and r.json()["time_scale"] == 5
    body = (await client.get("/simulator/time", headers=admin)).json()
    assert body["mode"] == "auto" and body["auto_advance"] is True and body["time_scale"] == 5


async def test_advance_executes_due_events_and_reports(client, admin):
    await load(client, admin, [receive_event(2, "first"), failing_event(3), receive_event(10, "later")])
    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 5})
    assert r.status_code == 200, r.text
    body = r.json()
    assert parse_dt(body["previous_time"]) == T0
    assert parse_dt(body["current_time"]) == T0 + timedelta(seconds=5)
    assert body["time_advanced"] == "0:00:05"
    assert body["events_executed"] == 2  # executed + failed
    assert body["events_failed"] == 1
    details = body["execution_details"]
    assert [d["status"] for d in details] == ["executed", "failed"]
    assert all(set(d) == {"event_id", "modality", "status", "error"} for d in details)
    assert details[0]["error"] is None and "not found" in details[1]["error"]
    assert await subjects(client, admin) == ["first"]

    events = await events_by_subject(client, admin)
    assert events["first"]["status"] == "executed"
    # executed_at is the post-advance time, the effect uses the scheduled time.
    assert parse_dt(events["first"]["executed_at"]) == T0 + timedelta(seconds=5)
    mail = next(iter((await emails(client, admin)).values()))
    assert parse_dt(mail["received_at"]) == T0 + timedelta(seconds=2)
    assert events["reply"]["status"] == "failed"
    assert events["reply"]["error_message"].startswith("ExecutionError: ")
    assert parse_dt(events["reply"]["executed_at"]) == T0 + timedelta(seconds=5)
    assert events["later"]["status"] == "pending"

    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 3600})
    assert r.json()["time_advanced"] == "1:00:00"
    assert r.json()["events_executed"] == 1 and r.json()["events_failed"] == 0


async def test_advance_includes_events_due_exactly_now(client, admin):
    await load(client, admin, [receive_event(0, "at T0")])
    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 1})
    assert r.json()["events_executed"] == 1


async def test_advance_validation(client, admin):
    await load(client, admin)
    for seconds in (0, -1):
        r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": seconds})
        assert r.status_code == 422, r.text
    assert (await client.post("/simulator/time/advance", headers=admin, json={})).status_code == 422
    assert (await client.post("/simulator/time/advance", headers=admin)).status_code == 422
    # Past the end of the supported calendar: 400, and the clock does not move.
    await client.post("/simulation/stop", headers=admin)
    await client.post("/simulation/clear", headers=admin, json={"reset_time_to": "9999-12-31T12:00:00Z"})
    await client.post("/simulation/start", headers=admin)
    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 86400})
    assert r.status_code == 400 and "range" in r.json()["detail"]
    assert (await client.get("/simulator/time", headers=admin)).json()["current_time"].startswith("9999-12-31T12")


async def test_advance_works_while_paused(client, admin):
    # ues-api.md §6 item 2: a scenario stored with is_paused true must still advance manually.
    await load(client, admin, [receive_event(1, "due")], is_paused=True)
    assert (await client.get("/simulator/time", headers=admin)).json()["mode"] == "paused"
    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 1})
    assert r.status_code == 200, r.text
    assert r.json()["events_executed"] == 1
    assert (await client.get("/simulator/time", headers=admin)).json()["is_paused"] is True
    # set and skip-to-next are manual too.
    r = await client.post("/simulator/time/set", headers=admin, json={"target_time": at(5)})
    assert r.status_code == 200, r.text
    await client.post("/events", headers=admin, json={"scheduled_time": at(50), "modality": "email", "data": {
        "operation": "receive", "from_address": "a@b.com", "to_addresses": [USER], "subject": "s", "body_text": "b"}})
    r = await client.post("/simulator/time/skip-to-next", headers=admin)
    assert r.status_code == 200 and r.json()["events_executed"] == 1
    assert (await client.get("/simulator/time", headers=admin)).json()["mode"] == "paused"


async def test_time_control_requires_running(client, admin):
    await load(client, admin, [receive_event(5, "x")], start=False)
    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 1})
    assert r.status_code == 400
    assert r.json()["detail"] == "Cannot advance time: simulation is not running"
    r = await client.post("/simulator/time/set", headers=admin, json={"target_time": at(10)})
    assert r.status_code == 400 and "not running" in r.json()["detail"]
    r = await client.post("/simulator/time/skip-to-next", headers=admin)
    assert r.status_code == 400 and "not running" in r.json()["detail"]
    # Stopping makes it refuse again.
    await client.post("/simulation/start", headers=admin)
    assert (await client.post("/simulator/time/advance", headers=admin, json={"seconds": 1})).status_code == 200
    await client.post("/simulation/stop", headers=admin)
    assert (await client.post("/simulator/time/advance", headers=admin, json={"seconds": 1})).status_code == 400


async def test_time_control_blocked_by_holds(client, admin):
    await load(client, admin, [receive_event(5, "x")])
    r = await client.post("/simulation/hold", headers=admin, json={"reason": "thinking", "agent_id": "agent-7"})
    hold_id = r.json()["hold_id"]
    for path, body in (("/simulator/time/advance", {"seconds": 1}), ("/simulator/time/set", {"target_time": at(9)}),
                       ("/simulator/time/skip-to-next", None)):
        r = await client.post(path, headers=admin, json=body)
        assert r.status_code == 409, (path, r.text)
        detail = r.json()["detail"]
        assert "holds" in detail["message"]
        assert detail["active_holds"] == [{"hold_id": hold_id, "reason": "thinking", "agent_id": "agent-7"}]
    assert (await client.post(f"/simulation/release/{hold_id}", headers=admin)).status_code == 200
    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 1})
    assert r.status_code == 200


async def test_set_forward_skips_with_strict_lower_bound(client, admin):
    await load(client, admin, [receive_event(0, "at-now"), receive_event(10, "in-window"),
                               receive_event(20, "after")])
    r = await client.post("/simulator/time/set", headers=admin, json={"target_time": at(10)})
    assert r.status_code == 200, r.text
    body = r.json()
    assert parse_dt(body["previous_time"]) == T0 and parse_dt(body["current_time"]) == T0 + timedelta(seconds=10)
    assert body["skipped_events"] == 1
    assert body["executed_events"] == 0 and body["rolled_back_events"] == 0
    events = await events_by_subject(client, admin)
    assert events["in-window"]["status"] == "skipped"
    assert events["in-window"]["error_message"].startswith("Time jumped from")
    assert events["in-window"]["metadata"]["skip_reason"]
    # Scheduled exactly at the previous time: not skipped (strict lower bound), it runs on the next advance.
    assert events["at-now"]["status"] == "pending"
    assert events["after"]["status"] == "pending"
    assert await subjects(client, admin) == []

    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 10})
    assert r.json()["events_executed"] == 2
    assert await subjects(client, admin) == ["after", "at-now"]
    listing = (await client.get("/events", headers=admin)).json()
    assert listing["skipped"] == 1 and listing["executed"] == 2


async def test_set_backward_rolls_back_and_reexecutes(client, admin):
    await load(client, admin, [receive_event(5, "early"), receive_event(15, "late"), receive_event(30, "future")])
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 20})
    assert await subjects(client, admin) == ["early", "late"]

    r = await client.post("/simulator/time/set", headers=admin, json={"target_time": at(10)})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["rolled_back_events"] == 1 and body["skipped_events"] == 0
    assert parse_dt(body["current_time"]) == T0 + timedelta(seconds=10)
    assert await subjects(client, admin) == ["early"]
    events = await events_by_subject(client, admin)
    assert events["late"]["status"] == "pending" and events["late"]["executed_at"] is None
    assert events["early"]["status"] == "executed"

    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 10})
    assert r.json()["events_executed"] == 1
    mails = {e["subject"]: e for e in (await emails(client, admin)).values()}
    assert set(mails) == {"early", "late"}
    assert parse_dt(mails["late"]["received_at"]) == T0 + timedelta(seconds=15)
    # The message id generated on the first execution is reused: exactly one email per event.
    assert len(mails) == 2


async def test_set_backward_resets_skipped_and_failed(client, admin):
    await load(client, admin, [receive_event(10, "skipped-one"), failing_event(3)])
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 5})
    r = await client.post("/simulator/time/set", headers=admin, json={"target_time": at(20)})
    assert r.json()["skipped_events"] == 1
    r = await client.post("/simulator/time/set", headers=admin, json={"target_time": at(1)})
    body = r.json()
    assert body["reset_skipped_events"] == 1 and body["rolled_back_events"] == 0
    events = await events_by_subject(client, admin)
    assert events["skipped-one"]["status"] == "pending"
    assert "skip_reason" not in events["skipped-one"]["metadata"]
    assert events["reply"]["status"] == "pending" and events["reply"]["error_message"] is None
    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 60})
    assert r.json()["events_executed"] == 2 and r.json()["events_failed"] == 1


async def test_set_backward_rolls_back_action_events(client, admin, purple):
    await load(client, admin)
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 10})
    await send_email(client, purple.headers, "from purple")
    r = await client.post("/simulator/time/set", headers=admin, json={"target_time": at(5)})
    assert r.json()["rolled_back_events"] == 1
    assert await subjects(client, admin) == []
    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 5})
    assert r.json()["events_executed"] == 1
    assert await subjects(client, admin) == ["from purple"]


async def test_set_time_validation(client, admin):
    await load(client, admin)
    assert (await client.post("/simulator/time/set", headers=admin, json={})).status_code == 422
    r = await client.post("/simulator/time/set", headers=admin, json={"target_time": "yesterday"})
    assert r.status_code == 422
    # Naive and Z forms are accepted.
    r = await client.post("/simulator/time/set", headers=admin, json={"target_time": "2026-01-28T07:00:00"})
    assert r.status_code == 200 and parse_dt(r.json()["current_time"]) == T0 + timedelta(hours=1)
    r = await client.post("/simulator/time/set", headers=admin, json={"target_time": "2026-01-28T08:00:00Z"})
    assert parse_dt(r.json()["current_time"]) == T0 + timedelta(hours=2)


async def test_skip_to_next(client, admin):
    await load(client, admin, [receive_event(30, "a"), receive_event(30, "b"), receive_event(60, "c")])
    r = await client.post("/simulator/time/skip-to-next", headers=admin)
    assert r.status_code == 200, r.text
    body = r.json()
    assert parse_dt(body["previous_time"]) == T0
    assert parse_dt(body["current_time"]) == T0 + timedelta(seconds=30)
    assert body["events_executed"] == 2
    assert parse_dt(body["next_event_time"]) == T0 + timedelta(seconds=60)
    r = await client.post("/simulator/time/skip-to-next", headers=admin)
    assert r.json()["events_executed"] == 1 and r.json()["next_event_time"] is None
    assert await subjects(client, admin) == ["a", "b", "c"]
    r = await client.post("/simulator/time/skip-to-next", headers=admin)
    assert r.status_code == 404 and r.json()["detail"] == "No pending events"


async def test_set_scale(client, admin):
    r = await client.post("/simulator/time/set-scale", headers=admin, json={"scale": 2.5})
    assert r.status_code == 200
    body = r.json()
    assert body["time_scale"] == 2.5 and set(body) >= {"current_time", "is_paused", "auto_advance", "mode"}
    assert (await client.get("/simulator/time", headers=admin)).json()["time_scale"] == 2.5
    for bad in (0, -1, "fast"):
        assert (await client.post("/simulator/time/set-scale", headers=admin, json={"scale": bad})).status_code == 422


async def test_pause_resume(client, admin):
    r = await client.post("/simulator/time/pause", headers=admin)
    assert r.status_code == 200
    body = r.json()
    assert body["message"] == "Time paused" and body["is_paused"] is True and "current_time" in body
    assert (await client.get("/simulator/time", headers=admin)).json()["is_paused"] is True
    r = await client.post("/simulator/time/resume", headers=admin)
    assert r.json() == {"message": "Time resumed", "current_time": r.json()["current_time"], "is_paused": False}
    assert (await client.get("/simulator/time", headers=admin)).json()["is_paused"] is False


# ---------------------------------------------------------------------------------------------- lifecycle
async def test_start_and_start_twice(client, admin):
    await load(client, admin, start=False)
    r = await client.post("/simulation/start", headers=admin)  # no body at all
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["status"] == "running" and body["simulation_id"]
    assert parse_dt(body["current_time"]) == T0
    assert body["auto_advance"] is False and body["time_scale"] is None
    r = await client.post("/simulation/start", headers=admin, json={"auto_advance": False, "time_scale": 1.0})
    assert r.status_code == 409
    r = await client.post("/simulation/stop", headers=admin)
    assert r.status_code == 200
    r = await client.post("/simulation/start", headers=admin, json={"time_scale": 0})
    assert r.status_code == 422


async def test_start_refuses_inconsistent_state(client, admin):
    mail = {"message_id": "m1", "thread_id": "t1", "from_address": "a@b.com", "to_addresses": [USER],
            "subject": "s", "body_text": "b", "sent_at": T0.isoformat(), "received_at": T0.isoformat()}
    state = email_state(emails={"m1": mail})  # in no folder
    await load(client, admin, email=state, start=False)
    r = await client.post("/simulation/start", headers=admin)
    assert r.status_code == 400
    detail = r.json()["detail"]
    assert detail.startswith("Cannot start simulation with validation errors:")
    assert "m1" in detail and "no folder" in detail
    assert (await client.get("/simulation/status", headers=admin)).json()["is_running"] is False

    folders = {f: [] for f in FOLDERS} | {"inbox": ["m1"], "archive": ["m1"], "spam": ["ghost"]}
    await load(client, admin, email=email_state(emails={"m1": mail}, folders=folders), start=False)
    detail = (await client.post("/simulation/start", headers=admin)).json()["detail"]
    assert "two folders" in detail and "ghost" in detail


async def test_start_refuses_invalid_pending_event(client, admin):
    bad = receive_event(5, "bad")
    bad["data"]["to_addresses"] = []
    await load(client, admin, [bad], start=False)
    r = await client.post("/simulation/start", headers=admin)
    assert r.status_code == 400 and "invalid data" in r.json()["detail"]
    late = receive_event(5, "created after scheduled", created_at=at(10))
    await load(client, admin, [late], start=False)
    r = await client.post("/simulation/start", headers=admin)
    assert r.status_code == 400 and "scheduled_time before created_at" in r.json()["detail"]


async def test_stop_is_idempotent(client, admin):
    await load(client, admin, [receive_event(1, "a"), failing_event(2), receive_event(100, "b")])
    sim_id = None
    r = await client.get("/simulation/status", headers=admin)
    assert r.json()["is_running"] is True
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 5})
    r = await client.post("/simulation/stop", headers=admin)
    body = r.json()
    assert r.status_code == 200 and body["status"] == "stopped"
    sim_id = body["simulation_id"]
    assert sim_id and parse_dt(body["final_time"]) == T0 + timedelta(seconds=5)
    assert body["total_events"] == 3 and body["events_executed"] == 1 and body["events_failed"] == 1
    r = await client.post("/simulation/stop", headers=admin)
    assert r.status_code == 200
    assert r.json() == {"simulation_id": None, "status": "stopped", "final_time": None, "total_events": None,
                        "events_executed": None, "events_failed": None}


async def test_status_counts(client, admin):
    await load(client, admin, [receive_event(1, "a"), failing_event(2), receive_event(100, "b")])
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 5})
    r = await client.get("/simulation/status", headers=admin)
    assert r.status_code == 200
    body = r.json()
    assert body["is_running"] is True and body["is_paused"] is False and body["auto_advance"] is False
    assert body["time_scale"] == 1.0
    assert parse_dt(body["current_time"]) == T0 + timedelta(seconds=5)
    assert (body["pending_events"], body["executed_events"], body["failed_events"]) == (1, 1, 1)
    assert parse_dt(body["next_event_time"]) == T0 + timedelta(seconds=100)


async def test_clear_without_body(client, admin, purple):
    await load(client, admin, [receive_event(1, "a"), receive_event(100, "b")])
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 5})
    await send_email(client, purple.headers)
    await client.post("/simulation/hold", headers=admin)
    r = await client.post("/simulation/clear", headers=admin)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["status"] == "cleared" and body["events_removed"] == 3 and body["modalities_cleared"] == 1
    assert body["time_reset"] is None
    assert parse_dt(body["current_time"]) == T0 + timedelta(seconds=5)
    state = (await client.get("/email/state", headers=admin)).json()
    assert state["emails"] == {} and state["threads"] == {}
    assert set(state["folders"]) == set(FOLDERS) and all(v == [] for v in state["folders"].values())
    assert state["user_email_address"] == USER  # kept by clear
    status = (await client.get("/simulation/status", headers=admin)).json()
    assert status["is_running"] is False and status["pending_events"] == 0
    assert (await client.get("/events", headers=admin)).json()["total"] == 0
    assert (await client.get("/simulation/holds", headers=admin)).json()["active_count"] == 0
    # Undo history is gone too.
    await client.post("/simulation/start", headers=admin)
    assert (await client.post("/simulation/undo", headers=admin)).json()["undone_count"] == 0


async def test_clear_with_empty_body_and_reset_time(client, admin):
    await load(client, admin, start=False)
    r = await client.post("/simulation/clear", headers=admin, json={})
    assert r.status_code == 200 and r.json()["time_reset"] is None
    # Backwards is allowed; Z is accepted.
    r = await client.post("/simulation/clear", headers=admin, json={"reset_time_to": "2025-12-31T23:00:00Z"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert parse_dt(body["time_reset"]) == datetime(2025, 12, 31, 23, tzinfo=UTC)
    assert parse_dt(body["current_time"]) == datetime(2025, 12, 31, 23, tzinfo=UTC)
    r = await client.get("/simulator/time", headers=admin)
    assert parse_dt(r.json()["current_time"]) == datetime(2025, 12, 31, 23, tzinfo=UTC)
    r = await client.post("/simulation/clear", headers=admin, json={"reset_time_to": "2026-03-01T12:00:00+02:00"})
    assert parse_dt(r.json()["current_time"]) == datetime(2026, 3, 1, 10, tzinfo=UTC)
    r = await client.post("/simulation/clear", headers=admin, json={"reset_time_to": "not a time"})
    assert r.status_code == 422


async def test_reset_restores_state_and_requeues_everything(client, admin, purple):
    base_mail = {"message_id": "m0", "thread_id": "t0", "from_address": "a@b.com", "to_addresses": [USER],
                 "subject": "imported", "body_text": "b", "sent_at": T0.isoformat(),
                 "received_at": T0.isoformat()}
    base_thread = {"thread_id": "t0", "subject": "imported", "participant_addresses": ["a@b.com", USER],
                   "message_ids": ["m0"], "created_at": T0.isoformat(), "last_message_at": T0.isoformat(),
                   "message_count": 1, "unread_count": 1}
    state = email_state(emails={"m0": base_mail}, threads={"t0": base_thread},
                        folders={f: [] for f in FOLDERS} | {"inbox": ["m0"]})
    await load(client, admin, [receive_event(2, "scheduled"), failing_event(3), receive_event(500, "later")],
               email=state)
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 10})
    await send_email(client, purple.headers, "purple mail")
    await client.post("/email/star", headers=admin, json={"message_ids": ["m0"]})
    assert await subjects(client, admin) == ["imported", "purple mail", "scheduled"]

    r = await client.post("/simulation/reset", headers=admin)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["status"] == "reset" and isinstance(body["message"], str)
    assert body["cleared_events"] == 4  # scheduled, failed reply, send, star
    assert body["events_undone"] == 4 - 1  # every executed one (the failed reply was never applied)
    assert body["undo_errors"] == []
    assert await subjects(client, admin) == ["imported"]
    assert (await emails(client, admin))["m0"]["is_starred"] is False
    listing = (await client.get("/events", headers=admin)).json()
    assert listing["pending"] == 5 and listing["executed"] == 0 and listing["failed"] == 0
    assert all(e["executed_at"] is None for e in listing["events"])
    status = (await client.get("/simulation/status", headers=admin)).json()
    assert status["is_running"] is False
    assert parse_dt(status["current_time"]) == T0 + timedelta(seconds=10)  # time unchanged

    # Everything due re-executes on the next advance, including the events created by action endpoints.
    await client.post("/simulation/start", headers=admin)
    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 1})
    assert r.json()["events_executed"] == 4 and r.json()["events_failed"] == 1
    assert await subjects(client, admin) == ["imported", "purple mail", "scheduled"]
    assert (await emails(client, admin))["m0"]["is_starred"] is True


async def test_undo_redo(client, admin, purple):
    await load(client, admin, start=False)
    assert (await client.post("/simulation/undo", headers=admin)).status_code == 409
    assert (await client.post("/simulation/redo", headers=admin)).status_code == 409
    await client.post("/simulation/start", headers=admin)

    receipt = await client.post("/email/receive", headers=admin, json={
        "from_address": "boss@corp.com", "to_addresses": [USER], "subject": "Report", "body_text": "please"})
    assert receipt.status_code == 200
    message_id = next(iter(await emails(client, admin)))
    star = await client.post("/email/star", headers=purple.headers, json={"message_ids": [message_id]})
    read = await client.post("/email/read", headers=purple.headers, json={"message_ids": [message_id]})
    mail = (await emails(client, admin))[message_id]
    assert mail["is_starred"] and mail["is_read"]

    r = await client.post("/simulation/undo", headers=admin)  # no body: count 1
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["undone_count"] == 1
    assert body["undone_events"] == [{"event_id": read.json()["event_id"], "modality": "email",
                                      "action": "mark_read"}]
    assert body["can_undo"] is True and body["can_redo"] is True
    mail = (await emails(client, admin))[message_id]
    assert mail["is_starred"] is True and mail["is_read"] is False

    r = await client.post("/simulation/undo", headers=admin, json={"count": 5})
    body = r.json()
    assert body["undone_count"] == 2
    assert [e["action"] for e in body["undone_events"]] == ["star", "receive"]
    assert body["can_undo"] is False
    assert await emails(client, admin) == {}
    # Events keep their status.
    statuses = {e["event_id"]: e["status"] for e in (await client.get("/events", headers=admin)).json()["events"]}
    assert statuses[star.json()["event_id"]] == "executed"
    r = await client.post("/simulation/undo", headers=admin)
    assert r.json()["undone_count"] == 0 and r.json()["message"] == "Nothing to undo"

    r = await client.post("/simulation/redo", headers=admin, json={"count": 2})
    body = r.json()
    assert body["redone_count"] == 2
    assert [e["action"] for e in body["redone_events"]] == ["receive", "star"]
    mail = (await emails(client, admin))[message_id]
    assert mail["is_starred"] is True and mail["is_read"] is False
    assert body["can_redo"] is True

    # A new action clears the redo stack.
    await send_email(client, purple.headers)
    r = await client.post("/simulation/redo", headers=admin)
    assert r.json()["redone_count"] == 0 and r.json()["can_redo"] is False
    for bad in (0, 101):
        assert (await client.post("/simulation/undo", headers=admin, json={"count": bad})).status_code == 422


async def test_undo_reverts_scheduled_events(client, admin):
    await load(client, admin, [receive_event(1, "a"), receive_event(2, "b")])
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 5})
    r = await client.post("/simulation/undo", headers=admin, json={"count": 1})
    assert r.json()["undone_count"] == 1
    assert await subjects(client, admin) == ["a"]
    await client.post("/simulation/redo", headers=admin)
    assert await subjects(client, admin) == ["a", "b"]


async def test_holds_acquire_list_release(client, admin, purple):
    r = await client.post("/simulation/hold", headers=admin)  # no body
    assert r.status_code == 200, r.text
    first = r.json()
    assert set(first) == {"hold_id", "reason", "timeout_seconds", "acquired_at", "expires_at", "active_hold_count"}
    assert first["timeout_seconds"] == 300 and first["active_hold_count"] == 1 and first["reason"] is None
    assert parse_dt(first["expires_at"]) - parse_dt(first["acquired_at"]) == timedelta(seconds=300)
    r = await client.post("/simulation/hold", headers=admin,
                          json={"reason": "grading", "timeout_seconds": 60, "agent_id": "green"})
    second = r.json()
    assert second["active_hold_count"] == 2 and second["timeout_seconds"] == 60

    r = await client.get("/simulation/holds", headers=admin)
    body = r.json()
    assert body["active_count"] == 2
    holds = {h["hold_id"]: h for h in body["holds"]}
    admin_key_id = (await client.get("/keys", headers=admin)).json()["keys"][0]["key_id"]
    assert holds[first["hold_id"]]["agent_id"] == admin_key_id  # defaults to the caller's key
    assert holds[second["hold_id"]]["agent_id"] == "green"
    assert holds[second["hold_id"]]["reason"] == "grading"

    r = await client.post("/simulation/release/nope", headers=admin)
    assert r.status_code == 404
    r = await client.post(f"/simulation/release/{first['hold_id']}", headers=admin)
    assert r.status_code == 200
    assert r.json() == {"released": True, "hold_id": first["hold_id"], "active_hold_count": 1}
    assert (await client.post(f"/simulation/release/{first['hold_id']}", headers=admin)).status_code == 404
    for bad in (0, 3601):
        r = await client.post("/simulation/hold", headers=admin, json={"timeout_seconds": bad})
        assert r.status_code == 422
    # The purple key holds no simulation permissions.
    assert (await client.post("/simulation/hold", headers=purple.headers)).status_code == 403


async def test_hold_expires(client, admin):
    await load(client, admin, [receive_event(1, "a")])
    r = await client.post("/simulation/hold", headers=admin, json={"timeout_seconds": 1})
    hold_id = r.json()["hold_id"]
    assert (await client.post("/simulator/time/advance", headers=admin, json={"seconds": 1})).status_code == 409
    await asyncio.sleep(1.1)
    assert (await client.get("/simulation/holds", headers=admin)).json() == {"holds": [], "active_count": 0}
    assert (await client.post(f"/simulation/release/{hold_id}", headers=admin)).status_code == 404
    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 1})
    assert r.status_code == 200 and r.json()["events_executed"] == 1


async def test_reset_clears_redo_history(client, admin):
    await load(client, admin, [receive_event(1, "scheduled")])
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 2})
    r = await client.post("/simulation/undo", headers=admin)
    assert r.json()["undone_count"] == 1 and r.json()["can_redo"] is True
    await client.post("/simulation/reset", headers=admin)
    await client.post("/simulation/start", headers=admin)
    # Nothing to redo after a reset: the event is pending again and will run on the next advance.
    r = await client.post("/simulation/redo", headers=admin)
    assert r.json()["redone_count"] == 0 and r.json()["can_redo"] is False
    assert await subjects(client, admin) == []
    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 1})
    assert r.json()["events_executed"] == 1 and r.json()["events_failed"] == 0
    assert await subjects(client, admin) == ["scheduled"]


async def test_set_backward_with_dependent_overdue_event(client, admin):
    """A kept event that depended on a rolled-back one no longer applies: it fails, the request does not."""
    original = receive_event(15, "original", data={**receive_event(15, "original")["data"], "message_id": "m1"})
    await load(client, admin, [original])
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 20})
    await client.post("/simulation/stop", headers=admin)
    reply = receive_event(12, "reply", created_at=at(12))
    reply["data"].update(operation="reply", in_reply_to="m1")
    r = await client.post("/scenario/import/events", headers=admin, json={"data": {"events": [reply]}, "merge": True})
    assert r.status_code == 200, r.text
    await client.post("/simulation/start", headers=admin)
    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 1})
    assert r.json()["events_executed"] == 1 and r.json()["events_failed"] == 0
    assert len(await emails(client, admin)) == 2

    r = await client.post("/simulator/time/set", headers=admin, json={"target_time": at(13)})
    assert r.status_code == 200, r.text
    assert r.json()["rolled_back_events"] == 1
    assert await emails(client, admin) == {}
    events = await events_by_subject(client, admin)
    assert events["original"]["status"] == "pending"
    assert events["reply"]["status"] == "failed" and "not found" in events["reply"]["error_message"]
    # Undo history stays usable.
    assert (await client.post("/simulation/undo", headers=admin)).status_code == 200


async def test_set_backward_forgets_redo(client, admin):
    original = receive_event(15, "original", data={**receive_event(15, "original")["data"], "message_id": "m1"})
    await load(client, admin, [original])
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 20})
    await client.post("/email/star", headers=admin, json={"message_ids": ["m1"]})
    assert (await client.post("/simulation/undo", headers=admin)).json()["can_redo"] is True
    await client.post("/simulator/time/set", headers=admin, json={"target_time": at(10)})
    r = await client.post("/simulation/redo", headers=admin)
    assert r.status_code == 200 and r.json()["redone_count"] == 0
    await client.post("/simulator/time/advance", headers=admin, json={"seconds": 10})
    assert (await emails(client, admin))["m1"]["is_starred"] is False
