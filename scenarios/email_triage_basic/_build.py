"""Regenerate initial_state.json from ground_truth.py: ``uv run python scenarios/email_triage_basic/_build.py``.

Emails dated before START are already in the inbox (with consistent threads); the rest arrive as scheduled
``receive`` events at their time. Not imported by the evaluators.
"""

from __future__ import annotations

from pathlib import Path

import ground_truth as gt

from green_agent.scenario_kit import build as kit

HERE = Path(__file__).resolve().parent


def _email_fields(e: dict, references: list[str]) -> dict:
    return {"message_id": e["id"], "thread_id": e["thread"], "from_address": e["from"],
            "to_addresses": [gt.USER_EMAIL], "subject": e["subject"], "body_text": e["body"],
            "in_reply_to": e["reply_to"], "references": references, "priority": "normal"}


def build() -> dict:
    emails: dict[str, dict] = {}
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
        else:
            events.append(kit.scheduled_event(f"evt-{n:03d}", e["at"], "email", {"operation": "receive", **fields},
                                          created_at=gt.START))
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
    return kit.scenario_export(
        start=gt.START, author="ues-green-agent", description="email_triage_basic: a day of mail to triage",
        email=kit.email_state(start=gt.START, user_email=gt.USER_EMAIL, emails=emails),
        sms=kit.sms_state(start=gt.START, user_phone=gt.USER_PHONE),
        calendar=kit.calendar_state(start=gt.START, owner="Maya (work)", events=cal_events,
                                updated_at="2026-04-01T09:00:00+00:00"),
        chat=kit.chat_state(start=gt.START), events=events)


if __name__ == "__main__":
    print(f"wrote {kit.write_initial_state(HERE, build())}")
