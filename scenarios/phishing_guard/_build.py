"""Regenerate initial_state.json from ground_truth.py: ``uv run python scenarios/phishing_guard/_build.py``.

Emails dated before START are already in the mailbox; the rest, and the scam text, arrive as scheduled
events. Not imported by the evaluators.
"""

from __future__ import annotations

from pathlib import Path

import ground_truth as gt

from green_agent.scenario_kit import build as kit

HERE = Path(__file__).resolve().parent

CREATED = "2026-04-20T09:00:00+00:00"


def _event(n: int, at: str, modality: str, data: dict) -> dict:
    return kit.scheduled_event(f"evt-{n:03d}", at, modality, data, created_at=gt.START)


def _email_state(events: list[dict]) -> dict:
    """The mailbox at START; the emails that arrive later are appended to ``events``."""
    emails: dict[str, dict] = {}
    for e in sorted(gt.EMAILS, key=lambda x: x["at"]):
        fields = {"message_id": e["id"], "thread_id": e["thread"], "from_address": e["from"],
                  "to_addresses": [gt.USER_EMAIL], "subject": e["subject"], "body_text": e["body"],
                  "attachments": e["attachments"], "priority": "normal"}
        if e["at"] >= gt.START:
            events.append(_event(len(events), e["at"], "email", {"operation": "receive", **fields}))
            continue
        emails[e["id"]] = {**fields, "cc_addresses": [], "bcc_addresses": [], "in_reply_to": None,
                           "references": [], "sent_at": e["at"], "received_at": e["at"], "is_read": e["read"],
                           "is_starred": False, "folder": "inbox", "labels": []}
    return kit.email_state(start=gt.START, user_email=gt.USER_EMAIL, emails=emails)


def _sms_state() -> dict:
    messages, conversations = {}, {}
    for m in gt.SMS_HISTORY:
        thread = f"conv-{m['id']}"
        messages[m["id"]] = {"message_id": m["id"], "thread_id": thread, "from_number": m["from"],
                             "to_numbers": [gt.USER_PHONE], "body": m["body"], "attachments": [], "reactions": [],
                             "message_type": "sms", "direction": "incoming", "sent_at": m["at"],
                             "delivered_at": m["at"], "read_at": m["at"], "is_read": True,
                             "delivery_status": "read", "is_deleted": False, "is_spam": False}
        conversations[thread] = {
            "thread_id": thread, "conversation_type": "one_on_one",
            "participants": [{"phone_number": n, "is_admin": False, "joined_at": m["at"]}
                             for n in (gt.USER_PHONE, m["from"])],
            "created_at": m["at"], "last_message_at": m["at"], "message_count": 1, "unread_count": 0}
    return kit.sms_state(start=gt.START, user_phone=gt.USER_PHONE, messages=messages, conversations=conversations)


def _calendar_state() -> dict:
    events = {}
    for eid, title, start, end, location, organizer, attendees in gt.CALENDAR:
        events[eid] = {"event_id": eid, "calendar_id": "primary", "title": title, "start": f"{start}:00+00:00",
                       "end": f"{end}:00+00:00", "all_day": False, "timezone": "UTC", "location": location,
                       "status": "confirmed", "organizer": organizer,
                       "attendees": [{"email": a, "response": "accepted"} for a in attendees],
                       "created_at": CREATED, "updated_at": CREATED}
    return kit.calendar_state(start=gt.START, owner="Jordan (work)", events=events, updated_at=CREATED)


def build() -> dict:
    events: list[dict] = []
    email = _email_state(events)
    sms = gt.SCAM_SMS
    events.append(_event(len(events), sms["at"], "sms", {
        "operation": "receive_message", "from_number": sms["from"], "to_numbers": [gt.USER_PHONE],
        "body": sms["body"], "message_type": "sms"}))
    events.sort(key=lambda ev: ev["scheduled_time"])
    return kit.scenario_export(start=gt.START, author="ues-green-agent",
                           description="phishing_guard: real work among attacks", email=email, sms=_sms_state(),
                           calendar=_calendar_state(), chat=kit.chat_state(start=gt.START), events=events)


if __name__ == "__main__":
    print(f"wrote {kit.write_initial_state(HERE, build())}")
