"""Writes initial_state.json for meeting_scheduling and checks the ground truth's slot arithmetic.

Run from anywhere: ``uv run python scenarios/meeting_scheduling/_build.py``.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import ground_truth as gt

from green_agent.scenario_kit import build as kit

HERE = Path(__file__).resolve().parent

START = "2026-03-09T09:00:00+00:00"
USER = gt.USER
USER_PHONE = "+447700900100"
SOPHIE = "sophie.turner@brightwave.example"


def _event(event_id: str, title: str, start: str, end: str, *, organizer: str = USER,
           attendees: Iterable[tuple[str, str, str]] = (), description: str | None = None,
           location: str | None = None) -> dict[str, Any]:
    return kit.calendar_event(event_id, title, start, end, organizer=organizer, attendees=attendees,
                          description=description, location=location, created_at="2026-03-02T08:00:00+00:00",
                          updated_at="2026-03-02T08:00:00+00:00")


def _t(day: int, hhmm: str) -> str:
    return f"2026-03-{day:02d}T{hhmm}:00+00:00"


def calendar_events() -> dict[str, dict[str, Any]]:
    events = []
    for day, name in ((9, "mon"), (10, "tue"), (11, "wed"), (12, "thu"), (13, "fri")):
        events.append(_event(f"ev-standup-{name}", "Team standup", _t(day, "09:30"), _t(day, "10:00"),
                             description="Daily product standup (Zoom).", location="Zoom"))
    events += [
        _event("ev-budget-mon", "Budget check-in", _t(9, "14:00"), _t(9, "15:00"), organizer=SOPHIE,
               attendees=[(SOPHIE, "Sophie Turner", "accepted"), (USER, "Jordan Ellis", "accepted")]),
        _event("ev-pipeline-tue", "Pipeline review", _t(10, "11:00"), _t(10, "12:00"),
               attendees=[("dev.khan@brightwave.example", "Dev Khan", "accepted")],
               description="Weekly look at the sales pipeline with Dev."),
        _event("ev-acme-tue", "Customer call: Acme Foods", _t(10, "14:00"), _t(10, "15:00"),
               organizer="nora.bell@acmefoods.example",
               attendees=[("nora.bell@acmefoods.example", "Nora Bell", "accepted"),
                          (USER, "Jordan Ellis", "accepted")], location="Teams"),
        _event("ev-1on1-wed", "1:1 Jordan / Sophie", _t(11, "10:00"), _t(11, "11:00"), organizer=SOPHIE,
               attendees=[(SOPHIE, "Sophie Turner", "accepted"), (USER, "Jordan Ellis", "accepted")]),
        _event("ev-hiring-wed", "Hiring panel: Senior PM", _t(11, "14:00"), _t(11, "16:00"),
               organizer="talent@brightwave.example",
               attendees=[("talent@brightwave.example", "Talent team", "accepted"),
                          (USER, "Jordan Ellis", "accepted")], location="Room 4.02"),
        _event("ev-lunchlearn-thu", "Lunch & learn: pricing experiments", _t(12, "13:00"), _t(12, "14:00"),
               location="Kitchen area"),
        _event("ev-vendor-thu", "Vendor demo: Stackly", _t(12, "15:00"), _t(12, "16:00"),
               organizer="sales@stackly.example",
               attendees=[("sales@stackly.example", "Stackly", "accepted"), (USER, "Jordan Ellis", "accepted")]),
        _event("ev-lunch-fri", "Lunch with Mum", _t(13, "12:00"), _t(13, "13:00"), location="Dishoom, King's Cross"),
        _event("ev-retro-fri", "Sprint retro", _t(13, "15:00"), _t(13, "16:00"), location="Room 3.01"),
    ]
    return {e["event_id"]: e for e in events}


def _email(message_id: str, sender: str, subject: str, body: str, at: str, *, read: bool = False) -> dict[str, Any]:
    return kit.inbox_email(message_id, sender, USER, subject, body, at, read=read)


EMAILS = [
    _email("m-marcus-thursdays", gt.MARCUS, "Heads-up: Thursdays in Berlin",
           "Hi Jordan,\n\nQuick heads-up before you plan anything for next week: for the rest of March I'm at the "
           "Berlin site every Thursday, so please keep Thursdays free of meetings for me - I'm on the factory floor "
           "and offline most of the day.\n\nCheers,\nMarcus", "2026-03-06T16:40:00+00:00", read=True),
    _email("m-people-weekly", "people-team@brightwave.example", "Brightwave Weekly: office moves and spring social",
           "This week at Brightwave: the design team moves to the 4th floor on Wednesday, the spring social is on "
           "27 March (sign-up sheet in the kitchen), and a reminder that expense reports for February close on "
           "Friday.", "2026-03-09T07:00:00+00:00"),
    _email("m-sophie-roadmap", SOPHIE, "Q3 roadmap review",
           "Hi Jordan,\n\nGlad you're pulling Priya, Marcus and Lena together for the Q3 roadmap review this week. "
           "No need to include me - just send me the notes afterwards.\n\nThanks,\nSophie",
           "2026-03-09T08:12:00+00:00"),
]


def scheduled_events() -> list[dict[str, Any]]:
    """Background noise during the day: a text from the user's partner and an automated email."""
    noise = [
        ("2026-03-09T10:30:00+00:00", "sms", {
            "operation": "receive_message", "from_number": "+447700900461", "to_numbers": [USER_PHONE],
            "body": "Can you grab milk on the way home? x", "message_type": "sms"}),
        ("2026-03-09T11:20:00+00:00", "email", {
            "operation": "receive", "message_id": "m-expense-approved", "thread_id": "thread-m-expense-approved",
            "from_address": "noreply@expensely.example", "to_addresses": [USER],
            "subject": "Expense report #4471 approved",
            "body_text": "Your expense report #4471 (GBP 84.20) was approved and will be paid on 20 March.",
            "priority": "normal"}),
    ]
    return [kit.scheduled_event(f"bg-{i}", at, modality, data, created_at=START)
            for i, (at, modality, data) in enumerate(noise, 1)]


def build() -> dict[str, Any]:
    return kit.scenario_export(
        start=START, author="green-agent benchmark", description="meeting_scheduling: Jordan Ellis's week",
        email=kit.email_state(start=START, user_email=USER, emails={e["message_id"]: e for e in EMAILS}),
        sms=kit.sms_state(start=START, user_phone=USER_PHONE),
        # The calendar's event_ids list was published empty; kept so that the world stays byte-identical.
        calendar=kit.calendar_state(start=START, owner="Jordan Ellis", events=calendar_events(), event_ids=[]),
        chat=kit.chat_state(start=START), events=scheduled_events())


def _dt(value: str) -> datetime:
    return datetime.fromisoformat(value)


def valid_starts() -> list[str]:
    """Every 5-minute start Tue-Fri where a 60-minute meeting fits all rules and calendars."""
    busy = [(_dt(e["start"]), _dt(e["end"])) for e in calendar_events().values()]
    busy += [(_dt(a), _dt(b)) for blocks in gt.BUSY.values() for a, b in blocks]
    out = []
    day = _dt(f"{gt.FIRST_DAY}T{gt.WORK_START}:00+00:00")
    last = _dt(f"{gt.LAST_DAY}T{gt.WORK_END}:00+00:00")
    length = timedelta(minutes=gt.DURATION_MINUTES)
    while day < last:
        start = day
        end = start + length
        hm_start, hm_end = start.strftime("%H:%M"), end.strftime("%H:%M")
        ok = gt.WORK_START <= hm_start and hm_end <= gt.WORK_END and end.date() == start.date()
        for rule in gt.RULES.values():
            ok = ok and start.isoweekday() not in rule.get("days_out", [])
            ok = ok and hm_start >= str(rule.get("not_before", "00:00"))
            ok = ok and hm_end <= str(rule.get("end_by", "23:59"))
        ok = ok and not any(a < end and start < b for a, b in busy)
        if ok:
            out.append(start.isoformat())
        day += timedelta(minutes=5)
    return out


if __name__ == "__main__":
    found = valid_starts()
    assert tuple(found) == gt.VALID_STARTS, found
    kit.write_initial_state(HERE, build())
    print(f"wrote initial_state.json; valid starts: {found}")
