"""The published world 0 of meeting_scheduling, written by hand: Brightwave; Priya (not before 10:00, off Friday),
Marcus (Thursdays out, only in his Friday email), Lena (finish by 16:00); valid slots Tue 10 March 15:00 and Wed 11
March 11:00; Priya declines over the Northwind renewal. ``world0()`` is its ``Draw``."""

from __future__ import annotations

from datetime import datetime

from green_agent.scenario_kit.records import CalendarEvent
from green_agent.scenario_kit.world import Person

from .params import MANAGER_ID, USER_ID, Draw, budget, event, standups, t
from .slots import Rule, dt, valid_starts

DOMAIN = "brightwave.example"
# The published world's two valid starts: world0() must find exactly these.
VALID = ("2026-03-10T15:00:00+00:00", "2026-03-11T11:00:00+00:00")
BUSY = {"priya": [(t(10, "10:00"), t(10, "11:00")), (t(10, "12:30"), t(10, "14:00")),
                  (t(11, "12:00"), t(11, "13:00")), (t(11, "14:00"), t(11, "15:30")),
                  (t(12, "10:00"), t(12, "12:00"))],
        "marcus": [(t(10, "09:00"), t(10, "10:30")), (t(10, "12:00"), t(10, "13:00")),
                   (t(11, "09:00"), t(11, "10:00")), (t(11, "13:00"), t(11, "14:00")),
                   (t(13, "10:00"), t(13, "12:00"))],
        "lena": [(t(10, "12:00"), t(10, "14:00")), (t(11, "12:00"), t(11, "13:00")),
                 (t(11, "15:30"), t(11, "16:00")), (t(12, "14:00"), t(12, "15:00")),
                 (t(13, "14:00"), t(13, "16:00"))]}
ROLES = {"priya": "Head of customer success; warm, precise, always juggling customer calls.",
         "marcus": "Operations lead; brief, friendly, currently spends Thursdays at the Berlin site.",
         "lena": "Engineering manager; organised, leaves at 16:00 for childcare."}
AVAILABILITY = {
    "priya": "Hi Jordan,\n\nHappy to join. My week (all times UTC):\n- Tue: busy 10:00-11:00 and 12:30-14:00\n"
             "- Wed: busy 12:00-13:00 and 14:00-15:30\n- Thu: busy 10:00-12:00\n- Fri: I'm off (long "
             "weekend)\n\nAlso, nothing before 10:00 on any day please - school drop-off.\n\nPriya",
    "marcus": "Hi Jordan,\n\nSure. My busy times this week (UTC):\n- Tue 09:00-10:30 and 12:00-13:00\n"
              "- Wed 09:00-10:00 and 13:00-14:00\n- Fri 10:00-12:00\n\nAnd remember my Thursday situation "
              "(see my note from Friday).\n\nMarcus",
    "lena": "Hi Jordan,\n\nThanks for checking. I have to leave at 16:00 every day this week (childcare), so "
            "whatever we pick needs to finish by 16:00. Otherwise I'm busy (UTC):\n- Tue 12:00-14:00\n"
            "- Wed 12:00-13:00 and 15:30-16:00\n- Thu 14:00-15:00\n- Fri 14:00-16:00\n\nLena"}


def _events(user: Person, manager: Person) -> list[CalendarEvent]:
    """The user's week, in file order."""
    u = user.email
    me = (u, user.name, "accepted")
    return [
        *standups(u), budget(user, manager),
        event("ev-pipeline-tue", "Pipeline review", t(10, "11:00"), t(10, "12:00"), organizer=u,
              attendees=[("dev.khan@brightwave.example", "Dev Khan", "accepted")],
              description="Weekly look at the sales pipeline with Dev."),
        event("ev-acme-tue", "Customer call: Acme Foods", t(10, "14:00"), t(10, "15:00"),
              organizer="nora.bell@acmefoods.example",
              attendees=[("nora.bell@acmefoods.example", "Nora Bell", "accepted"), me], location="Teams"),
        event("ev-1on1-wed", "1:1 Jordan / Sophie", t(11, "10:00"), t(11, "11:00"), organizer=manager.email,
              attendees=[(manager.email, manager.name, "accepted"), me]),
        event("ev-hiring-wed", "Hiring panel: Senior PM", t(11, "14:00"), t(11, "16:00"),
              organizer="talent@brightwave.example",
              attendees=[("talent@brightwave.example", "Talent team", "accepted"), me], location="Room 4.02"),
        event("ev-lunchlearn-thu", "Lunch & learn: pricing experiments", t(12, "13:00"), t(12, "14:00"),
              organizer=u, location="Kitchen area"),
        event("ev-vendor-thu", "Vendor demo: Stackly", t(12, "15:00"), t(12, "16:00"),
              organizer="sales@stackly.example", attendees=[("sales@stackly.example", "Stackly", "accepted"), me]),
        event("ev-lunch-fri", "Lunch with Mum", t(13, "12:00"), t(13, "13:00"), organizer=u,
              location="Dishoom, King's Cross"),
        event("ev-retro-fri", "Sprint retro", t(13, "15:00"), t(13, "16:00"), organizer=u, location="Room 3.01")]


def world0() -> Draw:
    """World 0 as published; its two valid starts are found by the slot arithmetic, as any world's."""
    user = Person("Jordan", "Ellis", phone="+447700900100", email=f"jordan.ellis@{DOMAIN}", key=USER_ID)
    manager = Person("Sophie", "Turner", email=f"sophie.turner@{DOMAIN}", key=MANAGER_ID)
    invitees = [Person(first, last, email=f"{first.lower()}.{last.lower()}@{DOMAIN}", key=first.lower())
                for first, last in (("Priya", "Raman"), ("Marcus", "Okafor"), ("Lena", "Fischer"))]
    events = _events(user, manager)
    rules = {"priya": Rule(not_before="10:00", days_out=(5,)), "marcus": Rule(days_out=(4,)),
             "lena": Rule(end_by="16:00")}
    busy = {who: [(dt(a), dt(b)) for a, b in spans] for who, spans in BUSY.items()}
    everyone: dict[str, list[tuple[datetime, datetime]]] = {
        USER_ID: [(dt(e["start"]), dt(e["end"])) for e in events], **busy}
    return Draw(
        company="Brightwave", domain=DOMAIN, user=user, manager=manager, invitees=invitees,
        title="Q3 roadmap review", short="roadmap review", slug="roadmap",
        agenda="Q3 roadmap priorities, staffing, open risks", customer="Northwind", topic="renewal",
        blocker="their CFO", decliner="priya", rules=rules,
        main={"not_before": "priya", "days_out": "marcus", "end_by": "lena"}, hidden="marcus", place="Berlin",
        reasons={"priya": {"not_before": "school drop-off", "days_out": "long weekend"},
                 "lena": {"end_by": "childcare"}},
        busy=busy, events=events, roles=ROLES, valid=valid_starts(everyone, rules), availability=AVAILABILITY)
