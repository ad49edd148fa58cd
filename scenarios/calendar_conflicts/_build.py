"""Writes initial_state.json for calendar_conflicts and checks that exactly the ground truth's pairs clash.

Run from anywhere: ``uv run python scenarios/calendar_conflicts/_build.py``.
"""

from __future__ import annotations

from datetime import datetime
from itertools import combinations
from pathlib import Path
from typing import Any

import ground_truth as gt

from green_agent.scenario_kit import build as kit

HERE = Path(__file__).resolve().parent

START = "2026-03-16T08:30:00+00:00"
USER = gt.USER
USER_PHONE = "+14155550142"
KIM = "kim.nguyen@lumen.example"
LI = "li.wei@lumen.example"
HELEN = "helen.ward@lumen.example"
TOM = "tom.baker@lumen.example"
HANNAH = "hannah.lee@globex.example"
CARLOS = "carlos.diaz@umbrella.example"
NORA = "nora.bell@acmefoods.example"
NAMES = {USER: "Alex Chen", KIM: "Kim Nguyen", LI: "Li Wei", HELEN: "Helen Ward", TOM: "Tom Baker",
         HANNAH: "Hannah Lee", CARLOS: "Carlos Diaz", NORA: "Nora Bell", gt.RAVI: "Ravi Shah",
         gt.EMMA: "Emma Wright", gt.OMAR: "Omar Haddad", gt.RAJ: "Raj Mehta", gt.NINA: "Nina Kowalski"}


def _t(day: int, hhmm: str) -> str:
    return f"2026-03-{day:02d}T{hhmm}:00+00:00"


def _event(event_id: str, title: str, day: int, start: str, end: str, *, organizer: str = USER,
           attendees: tuple[tuple[str, str], ...] = (), description: str | None = None,
           location: str | None = None) -> dict[str, Any]:
    return kit.calendar_event(event_id, title, _t(day, start), _t(day, end), organizer=organizer,
                          attendees=[(e, NAMES[e], r) for e, r in attendees], description=description,
                          location=location, created_at="2026-03-09T10:00:00+00:00",
                          updated_at="2026-03-12T15:00:00+00:00")


A = "accepted"


def calendar_events() -> dict[str, dict[str, Any]]:
    events = [_event(f"ev-standup-{name}", "Team standup", day, "09:00", "09:15", location="Zoom")
              for day, name in ((16, "mon"), (17, "tue"), (18, "wed"), (19, "thu"), (20, "fri"))]
    events += [
        # Monday
        _event("ev-pipeline-mon", "Pipeline review", 16, "13:00", "14:00", organizer=KIM,
               attendees=((KIM, A), (USER, A))),
        # Tuesday: customer QBR vs internal eng sync (Alex organises the eng sync -> move it)
        _event("ev-globex-qbr", "Globex quarterly business review", 17, "10:00", "11:00", organizer=HANNAH,
               attendees=((HANNAH, A), (USER, A)), location="Zoom",
               description="Quarterly business review with Globex: usage, renewal outlook, roadmap asks."),
        _event("ev-eng-sync", "Eng sync", 17, "10:30", "11:00", attendees=((gt.RAVI, A), (gt.EMMA, A)),
               description="Weekly engineering sync: integration backlog and on-call handover."),
        _event("ev-hiring-tue", "Hiring sync", 17, "11:00", "12:00", organizer=KIM,
               attendees=((KIM, A), (USER, A))),
        _event("ev-escalations-tue", "Support escalations review", 17, "15:00", "16:00",
               attendees=((LI, A),)),
        # Wednesday: lunch with Mia (protected) vs product sync (Omar organises -> decline)
        _event("ev-allhands-rehearsal", "All-hands rehearsal", 18, "12:00", "12:30", organizer=KIM,
               attendees=((KIM, A), (USER, "declined"))),
        _event("ev-lunch-mia", "Lunch with Mia", 18, "12:00", "13:00", location="Pizza Pilgrims, Dean St",
               description="Mia has a half day - pick her up from school at 11:45."),
        _event("ev-product-sync", "Product sync", 18, "12:30", "13:30", organizer=gt.OMAR,
               attendees=((gt.OMAR, A), (USER, A)), description="Omar's weekly product sync."),
        _event("ev-acme-wed", "Acme Foods check-in", 18, "15:00", "16:00", attendees=((NORA, A),)),
        # Thursday: board review (protected) vs Initech call (customer, Alex organises -> move it)
        _event("ev-planning-thu", "Quarterly planning", 19, "11:00", "12:00", attendees=((LI, A),)),
        _event("ev-board-review", "Board review", 19, "14:00", "16:00", organizer=HELEN,
               attendees=((HELEN, A), (TOM, A), (USER, A)), location="Boardroom",
               description="Q1 board review. Alex presents customer metrics."),
        _event("ev-initech-call", "Initech renewal call", 19, "15:00", "15:45", attendees=((gt.RAJ, A),),
               location="Zoom", description="Renewal terms for Initech's 2026 contract."),
        _event("ev-expenses-thu", "Expense approvals", 19, "16:00", "16:30"),
        # Friday: Umbrella kickoff (customer) vs design review (internal, Nina organises -> decline)
        _event("ev-umbrella-kickoff", "Umbrella onboarding kickoff", 20, "10:00", "11:00", organizer=CARLOS,
               attendees=((CARLOS, A), (USER, A)), location="Zoom"),
        _event("ev-design-review", "Design review: onboarding flow", 20, "10:30", "11:30", organizer=gt.NINA,
               attendees=((gt.NINA, A), (USER, A))),
        _event("ev-1on1-helen", "1:1 Alex / Helen", 20, "14:00", "14:30", organizer=HELEN,
               attendees=((HELEN, A), (USER, A))),
    ]
    return {e["event_id"]: e for e in events}


def _email(message_id: str, sender: str, subject: str, body: str, at: str) -> dict[str, Any]:
    return kit.inbox_email(message_id, sender, USER, subject, body, at)


EMAILS = [
    _email("m-hannah-agenda", HANNAH, "Agenda for Tuesday's QBR",
           "Hi Alex,\n\nLooking forward to Tuesday. On our side: usage trends, the renewal outlook and two roadmap "
           "asks from our ops team. 10:00-11:00 UTC still good?\n\nBest,\nHannah", "2026-03-13T17:05:00+00:00"),
    _email("m-omar-agenda", gt.OMAR, "Product sync Wednesday",
           "Hi Alex,\n\nFor Wednesday's product sync I'd like to cover the pricing page test and the Q2 launch "
           "list. Shout if you can't make it and I'll send notes.\n\nOmar", "2026-03-14T09:30:00+00:00"),
    _email("m-lumen-news", "comms@lumen.example", "Lumen this week: new office plants and a fire drill",
           "Hi all - a fire drill is planned for Wednesday at 16:00, the 3rd floor gets new plants, and the "
           "quarterly all-hands is on Thursday 24 March.", "2026-03-16T07:00:00+00:00"),
]


def scheduled_events() -> list[dict[str, Any]]:
    """Background noise during the morning."""
    noise = [
        ("2026-03-16T09:40:00+00:00", "email", {
            "operation": "receive", "message_id": "m-carlos-kickoff", "thread_id": "thread-m-carlos-kickoff",
            "from_address": CARLOS, "to_addresses": [USER], "subject": "Friday kickoff",
            "body_text": "Hi Alex, looking forward to Friday's onboarding kickoff - we'll have our IT lead on the "
                         "call too. Carlos", "priority": "normal"}),
        ("2026-03-16T10:15:00+00:00", "sms", {
            "operation": "receive_message", "from_number": "+14155550199", "to_numbers": [USER_PHONE],
            "body": "ParcelPoint: your parcel will arrive Tuesday between 10:00 and 12:00.", "message_type": "sms"}),
    ]
    return [kit.scheduled_event(f"bg-{i}", at, modality, data, created_at=START)
            for i, (at, modality, data) in enumerate(noise, 1)]


def build() -> dict[str, Any]:
    return kit.scenario_export(
        start=START, author="green-agent benchmark", description="calendar_conflicts: Alex Chen's week",
        email=kit.email_state(start=START, user_email=USER, emails={e["message_id"]: e for e in EMAILS}),
        sms=kit.sms_state(start=START, user_phone=USER_PHONE),
        # The calendar's event_ids list was published empty; kept so that the world stays byte-identical.
        calendar=kit.calendar_state(start=START, owner="Alex Chen", events=calendar_events(), event_ids=[]),
        chat=kit.chat_state(start=START), events=scheduled_events())


def clashing_pairs() -> set[frozenset[str]]:
    """Pairs of the user's commitments (not declined by the user) that overlap."""
    mine = []
    for event in calendar_events().values():
        me = [a for a in event["attendees"] if a["email"] == USER]
        if not me or me[0]["response"] != "declined":
            mine.append((event["event_id"], datetime.fromisoformat(event["start"]),
                         datetime.fromisoformat(event["end"])))
    return {frozenset((a[0], b[0])) for a, b in combinations(mine, 2) if a[1] < b[2] and b[1] < a[2]}


if __name__ == "__main__":
    expected = {frozenset((str(c["winner"]), str(c["loser"]))) for c in gt.CONFLICTS}
    assert clashing_pairs() == expected, clashing_pairs()
    kit.write_initial_state(HERE, build())
    print(f"wrote initial_state.json; {len(expected)} clashing pairs")
