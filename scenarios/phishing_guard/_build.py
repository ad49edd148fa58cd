"""Regenerate initial_state.json from ground_truth.py: ``uv run python scenarios/phishing_guard/_build.py``.

Emails dated before START are already in the mailbox; the rest, and the scam text, arrive as scheduled
events. Not imported by the evaluators.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import ground_truth as gt  # noqa: E402

CREATED = "2026-04-20T09:00:00+00:00"


def _event(n: int, at: str, modality: str, data: dict) -> dict:
    return {"event_id": f"evt-{n:03d}", "scheduled_time": at, "modality": modality, "status": "pending",
            "created_at": gt.START, "executed_at": None, "agent_id": None, "priority": 50, "error_message": None,
            "metadata": {}, "data": {"modality_type": modality, "timestamp": at, **data}}


def _email_state(events: list[dict]) -> dict:
    emails: dict[str, dict] = {}
    threads: dict[str, dict] = {}
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
        threads[e["thread"]] = {"thread_id": e["thread"], "subject": e["subject"],
                                "participant_addresses": sorted({e["from"], gt.USER_EMAIL}),
                                "message_ids": [e["id"]], "created_at": e["at"], "last_message_at": e["at"],
                                "message_count": 1, "unread_count": 0 if e["read"] else 1}
    return {"emails": emails, "threads": threads,
            "folders": {"inbox": list(emails), "sent": [], "drafts": [], "trash": [], "spam": [], "archive": []},
            "labels": {}, "drafts": {}, "user_email_address": gt.USER_EMAIL}


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
    return {"messages": messages, "conversations": conversations, "max_messages_per_conversation": 10000,
            "user_phone_number": gt.USER_PHONE}


def _calendar_state() -> dict:
    events = {}
    for eid, title, start, end, location, organizer, attendees in gt.CALENDAR:
        events[eid] = {"event_id": eid, "calendar_id": "primary", "title": title, "start": f"{start}:00+00:00",
                       "end": f"{end}:00+00:00", "all_day": False, "timezone": "UTC", "location": location,
                       "status": "confirmed", "organizer": organizer,
                       "attendees": [{"email": a, "response": "accepted"} for a in attendees],
                       "created_at": CREATED, "updated_at": CREATED}
    return {"calendars": {"primary": {"calendar_id": "primary", "name": "Jordan (work)", "color": "#4285f4",
                                      "visible": True, "created_at": "2026-01-05T09:00:00+00:00",
                                      "updated_at": CREATED, "event_ids": list(events), "default_reminders": []}},
            "events": events, "default_calendar_id": "primary", "user_timezone": "UTC"}


def build() -> dict:
    events: list[dict] = []
    email = _email_state(events)
    sms = gt.SCAM_SMS
    events.append(_event(len(events), sms["at"], "sms", {
        "operation": "receive_message", "from_number": sms["from"], "to_numbers": [gt.USER_PHONE],
        "body": sms["body"], "message_type": "sms"}))
    events.sort(key=lambda ev: ev["scheduled_time"])
    meta = {"last_updated": gt.START, "update_count": 0}
    return {
        "scenario": {
            "metadata": {"ues_version": "0.3.0", "scenario_version": "1", "created_at": gt.START,
                         "author": "ues-green-agent", "description": "phishing_guard: real work among attacks"},
            "environment": {
                "time_state": {"current_time": gt.START, "time_scale": 1.0, "is_paused": False,
                               "auto_advance": False, "last_wall_time_update": gt.START},
                "modality_states": {
                    "email": {"modality_type": "email", **meta, **email},
                    "sms": {"modality_type": "sms", **meta, **_sms_state()},
                    "calendar": {"modality_type": "calendar", **meta, **_calendar_state()},
                    "chat": {"modality_type": "chat", **meta, "messages": [], "conversations": {},
                             "max_history_size": 1000, "default_conversation_id": "default"},
                },
            },
            "events": {"events": events},
        },
        "strict_modalities": False,
    }


if __name__ == "__main__":
    (HERE / "initial_state.json").write_text(json.dumps(build(), indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {HERE / 'initial_state.json'}")
