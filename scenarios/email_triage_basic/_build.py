"""Regenerate initial_state.json from ground_truth.py: ``uv run python scenarios/email_triage_basic/_build.py``.

Emails dated before START are already in the inbox (with consistent threads); the rest arrive as scheduled
``receive`` events at their time. Not imported by the evaluators.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import ground_truth as gt  # noqa: E402


def _email_fields(e: dict, references: list[str]) -> dict:
    return {"message_id": e["id"], "thread_id": e["thread"], "from_address": e["from"],
            "to_addresses": [gt.USER_EMAIL], "subject": e["subject"], "body_text": e["body"],
            "in_reply_to": e["reply_to"], "references": references, "priority": "normal"}


def build() -> dict:
    emails: dict[str, dict] = {}
    threads: dict[str, dict] = {}
    refs: dict[str, list[str]] = {}
    events: list[dict] = []
    for n, e in enumerate(sorted(gt.EMAILS, key=lambda x: x["at"])):
        references = [*refs.get(e["reply_to"], []), e["reply_to"]] if e["reply_to"] else []
        refs[e["id"]] = references
        fields = _email_fields(e, references)
        if e["at"] < gt.START:
            emails[e["id"]] = {**fields, "cc_addresses": [], "bcc_addresses": [], "attachments": [],
                               "sent_at": e["at"], "received_at": e["at"], "is_read": False,
                               "is_starred": False, "folder": "inbox", "labels": []}
            thread = threads.setdefault(e["thread"], {
                "thread_id": e["thread"], "subject": e["subject"], "participant_addresses": [],
                "message_ids": [], "created_at": e["at"], "last_message_at": e["at"], "message_count": 0,
                "unread_count": 0})
            thread["message_ids"].append(e["id"])
            thread["participant_addresses"] = sorted({*thread["participant_addresses"], e["from"], gt.USER_EMAIL})
            thread["last_message_at"] = e["at"]
            thread["message_count"] += 1
            thread["unread_count"] += 1
        else:
            events.append({
                "event_id": f"evt-{n:03d}", "scheduled_time": e["at"], "modality": "email", "status": "pending",
                "created_at": gt.START, "executed_at": None, "agent_id": None, "priority": 50,
                "error_message": None, "metadata": {},
                "data": {"modality_type": "email", "timestamp": e["at"], "operation": "receive", **fields}})
    calendar_events = {
        "cal-offsite": ("Ops leadership offsite (Harbour Room)", "T08:30", "T16:30",
                        "Quarterly planning offsite; phone on silent."),
        "cal-board-prep": ("Board prep with Daniel", "T17:00", "T17:30", "Walk through the ops slide."),
    }
    cal_events = {
        eid: {"event_id": eid, "calendar_id": "primary", "title": title, "start": f"{gt.DAY}{s}:00+00:00",
              "end": f"{gt.DAY}{t}:00+00:00", "all_day": False, "timezone": "UTC", "description": desc,
              "status": "confirmed", "organizer": gt.USER_EMAIL, "attendees": [],
              "created_at": "2026-04-01T09:00:00+00:00", "updated_at": "2026-04-01T09:00:00+00:00"}
        for eid, (title, s, t, desc) in calendar_events.items()}
    meta = {"modality_type": None, "last_updated": gt.START, "update_count": 0}
    return {
        "scenario": {
            "metadata": {"ues_version": "0.3.0", "scenario_version": "1", "created_at": gt.START,
                         "author": "ues-green-agent", "description": "email_triage_basic: a day of mail to triage"},
            "environment": {
                "time_state": {"current_time": gt.START, "time_scale": 1.0, "is_paused": False,
                               "auto_advance": False, "last_wall_time_update": gt.START},
                "modality_states": {
                    "email": {**meta, "modality_type": "email", "emails": emails, "threads": threads,
                              "folders": {"inbox": list(emails), "sent": [], "drafts": [], "trash": [], "spam": [],
                                          "archive": []},
                              "labels": {}, "drafts": {}, "user_email_address": gt.USER_EMAIL},
                    "sms": {**meta, "modality_type": "sms", "messages": {}, "conversations": {},
                            "max_messages_per_conversation": 10000, "user_phone_number": gt.USER_PHONE},
                    "calendar": {**meta, "modality_type": "calendar",
                                 "calendars": {"primary": {
                                     "calendar_id": "primary", "name": "Maya (work)", "color": "#4285f4",
                                     "visible": True, "created_at": "2026-01-05T09:00:00+00:00",
                                     "updated_at": "2026-04-01T09:00:00+00:00", "event_ids": list(cal_events),
                                     "default_reminders": []}},
                                 "events": cal_events, "default_calendar_id": "primary", "user_timezone": "UTC"},
                    "chat": {**meta, "modality_type": "chat", "messages": [], "conversations": {},
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
