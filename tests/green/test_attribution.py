"""The purple's action log is right on our simulator (agent_id on events) and on a real UES (agent_id empty:
actions come from the access log, matched in order to the turn's unattributed events)."""

from __future__ import annotations

from datetime import UTC, datetime

from green_agent.assessment.attribution import MAX_PARAM_CHARS, attribute

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
