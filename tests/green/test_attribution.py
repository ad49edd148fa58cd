"""The purple's action log is right on our simulator (agent_id on events) and on a real UES (agent_id empty: by
exclusion — the events the green did not cause, matched to the purple key's access-log writes by route, in order)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from green_agent.assessment.attribution import MAX_PARAM_CHARS, attribute
from green_agent.protocol import Problem, ProblemKind

T = datetime(2026, 3, 2, 9, tzinfo=UTC)
KEY = "ues_purple000000001"


def event(op: str, modality: str = "email", agent_id: str | None = None, status: str = "executed",
          priority: int = 100, **data) -> dict:
    return {"event_id": f"e-{op}", "scheduled_time": T.isoformat(), "modality": modality, "status": status,
            "priority": priority, "agent_id": agent_id, "error_message": None if status == "executed" else "boom",
            "data": {"modality_type": modality, "timestamp": T.isoformat(), "input_id": "x", "operation": op, **data}}


def log(path: str, status: int = 200, method: str = "POST", detail: str | None = None) -> dict:
    return {"method": method, "path": path, "status_code": status, "key_id": KEY, "error_detail": detail}


def test_our_simulator_attributes_by_agent_id():
    events = [event("send", agent_id=KEY, subject="Hi", body_text="b", cc_addresses=[]),
              event("receive", agent_id=None, priority=50, subject="scheduled mail"),
              event("send", agent_id="ues_someoneelse0000", subject="other key")]
    entries = attribute(events, [], KEY, turn=2, at=T)
    assert [(e.action, e.turn, e.parameters) for e in entries] == [("email.send", 2, {"subject": "Hi",
                                                                                      "body_text": "b"})]


def test_real_ues_without_agent_id_uses_the_access_log_in_order():
    events = [event("receive", priority=50, subject="scheduled"),  # a scenario event: never the purple's
              event("send", subject="first"), event("send_message", modality="chat", role="assistant"),
              event("send", subject="second")]
    logs = [log("/email/send", method="GET"), log("/email/send"), log("/chat/send"), log("/email/send")]
    entries = attribute(events, logs, KEY, turn=1, at=T)
    assert [(e.action, e.parameters.get("subject")) for e in entries] == [
        ("email.send", "first"), ("chat.send_message", None), ("email.send", "second")]


def test_refused_calls_and_failed_events_are_failed_actions():
    events = [event("mark_read", agent_id=KEY, status="failed", message_ids=["nope"])]
    logs = [log("/email/send", status=422, detail="to_addresses: Field required"), log("/keys", status=403)]
    entries = attribute(events, logs, KEY, turn=3, at=T)
    assert [(e.action, e.success) for e in entries] == [("email.mark_read", False), ("email.send", False),
                                                        ("POST /keys", False)]
    assert "HTTP 422" in entries[1].error_message and "to_addresses" in entries[1].error_message


def test_parameters_are_bounded():
    entries = attribute([event("send", agent_id=KEY, body_text="x" * 10_000)], None, KEY, turn=1, at=T)
    body = entries[0].parameters["body_text"]
    assert len(body) < MAX_PARAM_CHARS + 20 and body.endswith("…(truncated)")


# ---------------------------------------------------------------------------------------------- counts and the log
def test_the_worlds_call_counters_are_counted_turn_by_turn():
    """``CallTally.add_counts``: the per-turn difference of the world's per-key counters gives the calls by status and
    each forbidden route with its first and last turn; route templates are named like access-log paths."""
    from collections import Counter

    from green_agent.assessment.calls import CallTally, parse_call_counts, refused_writes

    first = parse_call_counts([
        {"status_code": 200, "method": "GET", "route": "/email/state", "count": 3},
        {"status_code": 403, "method": "DELETE", "route": "/keys/{key_id}", "count": 2},
        {"status_code": 403, "method": "POST", "route": "/webhooks/{webhook_id}/pause", "count": 1},
        {"status_code": 422, "method": "POST", "route": "/email/send", "count": 4},
        {"status_code": 429, "method": "GET", "route": "/email/state", "count": 5},
        {"status_code": 200, "method": "GET", "route": "/bad", "count": True}, "junk"])
    second = first + Counter({(403, "DELETE", "/keys/{key_id}"): 1, (200, "POST", "/email/send"): 1})
    assert refused_writes(first) == 2 + 1 + 4 and refused_writes(second) == 8

    tally = CallTally()
    tally.add_counts(first, turn=1, calls=[log("/keys/ues_1", 403, "DELETE", "Required permission: keys:revoke")])
    tally.add_counts(second - first, turn=3)
    counts = tally.counts()
    assert counts.total == 17 and counts.refused == 13
    assert counts.by_status == {"200": 4, "403": 4, "422": 4, "429": 5}
    found = [(v.action, v.count, v.turn, v.last_turn) for v in tally.violations()]
    assert found == [("DELETE /keys/{key_id}", 3, 1, 3), ("POST /webhooks/{id}/pause", 1, 1, 1)]
    assert tally.violations()[0].content == "3 attempt(s) refused with 403: Required permission: keys:revoke"


def test_refused_calls_never_push_other_actions_out_of_the_log(monkeypatch):
    """Only refused calls (no event, no parameters) are capped; actions that reached the world, and failed events with
    what the purple asked for, are always kept — the integrity checks read them."""
    from green_agent.assessment import record as record_module
    from green_agent.assessment.record import TrialRecord
    from green_agent.protocol import ActionLogEntry

    monkeypatch.setattr(record_module, "MAX_ACTION_LOG", 3)
    record = TrialRecord(scenario_id="s", trial=0, seed=1)
    refused = ActionLogEntry(turn=1, timestamp=T, action="email.send", success=False, error_message="HTTP 422")
    spoof = ActionLogEntry(turn=2, timestamp=T, action="email.send", parameters={"from_address": "x@y.z"},
                           success=True)
    failed = ActionLogEntry(turn=2, timestamp=T, action="calendar.respond", parameters={"attendee_email": "x@y.z"},
                            success=False, error_message="KeyError: no such event")
    record.add_actions([refused] * 5)
    record.add_actions([spoof, refused, failed])
    assert record.action_log == [refused] * 3 + [spoof, failed]
    assert record.action_log_truncated and record.actions_taken == 8 and record.actions_beyond_log == 3
    record.count_unlogged(2)  # refused calls the world's own log dropped
    assert record.actions_taken == 10


# ---------------------------------------------------------------------------------------------- by exclusion
# Answers of a real UES 0.3.0 (JBoggsy/ues) to one turn in manual time, recorded: the admin posts the user's chat and
# schedules a reply; the purple's key creates an event, sends an email and a chat message, and is refused an SMS.
RECORDING = Path(__file__).resolve().parent / "data" / "mixed-turn.real-ues.json"


def real_turn() -> tuple[dict, list[dict], list[dict], set[str]]:
    """The recorded real-UES turn: its events (no agent_id), the purple key's access-log entries oldest first (the
    server serves them newest first), and the ids of the events the green caused (its answers, as Trial keeps them)."""
    rec = json.loads(RECORDING.read_text())
    logs = sorted(rec["access_logs_for_purple_key"]["entries"], key=lambda e: e["timestamp"])
    green = {rec["admin_chat_as_user"]["event_id"], rec["admin_schedules_reply"]["event_id"]}
    return rec, rec["events"]["events"], logs, green


def test_a_real_ues_turn_is_attributed_by_exclusion():
    rec, events, logs, green = real_turn()
    assert all("agent_id" not in e for e in events)  # real UES 0.3.0 does not attribute action events at all
    purple_key = rec["key_created"]["key_id"]
    warnings: list[Problem] = []
    entries = attribute(events, logs, purple_key, turn=1, at=T, green_events=green, warnings=warnings)
    assert [(e.action, e.success) for e in entries] == [
        ("calendar.create", True), ("email.send", True), ("chat.send_message", True), ("sms.send_message", False)]
    assert entries[0].parameters["title"] == "Sync" and entries[1].parameters["to_addresses"] == ["bea@example.com"]
    assert entries[2].parameters["role"] == "assistant"  # the admin's user-role post is the green's, not the purple's
    assert entries[3].error_message is not None and entries[3].error_message.startswith("HTTP 403")
    assert warnings == []


def test_without_knowing_its_own_events_the_green_would_blame_the_purple_for_them():
    """What exclusion fixes: in queue order the user's task, posted by the green through the same /chat/send route,
    is the first chat event of the turn — matched to the purple's chat call, the impersonation of a green post."""
    rec, events, logs, _ = real_turn()
    entries = attribute(events, logs, rec["key_created"]["key_id"], turn=1, at=T)
    assert [e.parameters.get("role") for e in entries if e.action == "chat.send_message"] == ["user"]


def test_our_simulator_with_agent_id_is_unchanged_by_exclusion():
    admin = "ues_admin00000000000"
    events = [{**event("send_message", modality="chat", agent_id=admin, role="user", content="the task"),
               "event_id": "green-task"},
              event("send", agent_id=KEY, subject="Hi"),
              {**event("receive", agent_id=admin, priority=50, subject="a reply"), "event_id": "green-reply"},
              event("send_message", modality="chat", agent_id=KEY, role="assistant")]
    logs = [log("/email/state", method="GET"), log("/email/send"), log("/chat/send"), log("/sms/send", status=403)]
    warnings: list[Problem] = []
    entries = attribute(events, logs, KEY, turn=2, at=T, green_events={"green-task", "green-reply"},
                        warnings=warnings)
    assert [(e.action, e.success) for e in entries] == [("email.send", True), ("chat.send_message", True),
                                                        ("sms.send_message", False)]
    assert entries == attribute(events, logs, KEY, turn=2, at=T)  # the same without the green's ids
    assert warnings == []


def test_events_and_calls_that_disagree_are_warned_about_and_never_guessed():
    events = [event("send", subject="the purple's"), event("mark_read", message_ids=["m1"]),
              event("send_message", modality="chat", role="user", content="nobody's")]
    logs = [log("/email/send"), log("/calendar/create"), log("/calendar/create"), log("/email/query")]
    warnings: list[Problem] = []
    entries = attribute(events, logs, KEY, turn=4, at=T, warnings=warnings)
    assert [(e.action, e.parameters.get("subject")) for e in entries] == [("email.send", "the purple's")]
    assert [(w.kind, w.turn) for w in warnings] == [(ProblemKind.ATTRIBUTION, 4)] * 2
    assert [w.text for w in warnings] == [
        "2 event(s) that the green did not cause match no call of the purple's key in the access log "
        "(1 chat.send_message, 1 email.mark_read); not attributed to the purple",
        "2 successful call(s) of the purple's key left no event the green could match "
        "(2 POST /calendar/create); not in the action log"]


def test_a_server_error_keeps_the_failed_event_with_what_was_asked():
    events = [event("respond", modality="calendar", status="failed", event_id="theirs", attendee_email="p@x.y",
                    response="accepted")]
    warnings: list[Problem] = []
    entries = attribute(events, [log("/calendar/respond", status=500)], KEY, turn=1, at=T, warnings=warnings)
    assert [(e.action, e.success, e.parameters.get("attendee_email")) for e in entries] == [
        ("calendar.respond", False, "p@x.y")]
    assert warnings == []
