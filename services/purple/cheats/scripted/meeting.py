"""Rules for the classic ``meeting_scheduling``, from reading its public template (world 0's texts): ask the three
for their availability; their replies list "- Tue: busy 10:00-11:00 and 12:30-14:00" per day, "- Fri: I'm off",
"nothing before 10:00", "leave at 16:00 ... finish by 16:00"; the older "Heads-up" email holds one more rule ("every
Thursday", "before 10:00", "finish by 16:00"). Invite at the first 30-minute start Tuesday to Friday that every rule,
busy time and the user's calendar allow; on a decline, read the customer ("The <Customer> <topic> call has just been
booked"), move to the next start with "<Customer>" in the description and tell the three; report in chat once all
accepted."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

from services.purple.cheats.scripted.desk import Desk, Script, script

INVITEES = re.compile(r"([A-Z][a-z]+ [A-Z][a-z]+) \(([^)\s]+@[^)\s]+)\)")
DAYS = {"tue": 2, "wed": 3, "thu": 4, "fri": 5}
SPAN = re.compile(r"(\d{1,2}):(\d\d)-(\d{1,2}):(\d\d)")
CUSTOMER = re.compile(r"The (\w+) [\w ]+? call has just been booked")
TITLE = re.compile(r"set up a 1-hour '([^']+)'")


def _minutes(h: str, m: str) -> int:
    return int(h) * 60 + int(m)


def _rules(text: str) -> tuple[int, int, set[int]]:
    """(not before, end by, days out) a text states, in minutes and ISO weekdays."""
    nb, eb, out = 0, 24 * 60, set()
    found = re.search(r"before (\d{1,2}):(\d\d)", text)
    if found:
        nb = _minutes(*found.groups())
    found = re.search(r"(?:finish by|leave at|leave the office at) (\d{1,2}):(\d\d)", text)
    if found:
        eb = _minutes(*found.groups())
    for name, day in DAYS.items():
        if re.search(rf"- {name}\w*: I'm off|every {name}", text, re.I):
            out.add(day)
    return nb, eb, out


def _busy(text: str) -> list[tuple[int, int, int]]:
    out = []
    for line in text.splitlines():
        head = re.match(r"\s*- (\w{3})", line)
        if head and head.group(1).lower() in DAYS:
            for a, b, c, d in SPAN.findall(line):
                out.append((DAYS[head.group(1).lower()], _minutes(a, b), _minutes(c, d)))
    return out


@script
class MeetingScheduling(Script):
    part = "meeting_scheduling"
    trigger = r"set up a 1-hour '.+' with .+ email the three of them for their availability"

    async def turn(self, desk: Desk) -> None:
        people = [e.lower() for _, e in INVITEES.findall(desk.prompt)]
        title = TITLE.search(desk.prompt)
        if len(people) != 3 or title is None:
            return
        mem = desk.memory
        if desk.once("meeting-ask"):
            await desk.email(people, "Availability this week", "Hi all,\n\nCould you let me know your availability "
                             "Tuesday to Friday this week (09:00-17:00 UTC) for a one-hour meeting?\n\nThanks")
            return
        mail = {p: [e for e in desk.inbox.emails if str(e.get("from_address", "")).lower() == p] for p in people}
        if "slots" not in mem:
            if not all(any(_busy(str(e.get("body_text") or "")) for e in m) for m in mail.values()):
                return
            mem["slots"] = self._slots(desk, people, mail)
            if not mem["slots"]:
                return
            start = mem["slots"][0]
            await desk.call("POST", "/calendar/create", {
                "title": title.group(1), "start": start.isoformat(), "end": (start + timedelta(hours=1)).isoformat(),
                "organizer": desk.inbox.user_email, "attendees": [{"email": p} for p in people]})
            return
        if not mem.get("event"):
            mem["event"] = next((e.get("event_id") for e in desk.events if e.get("title") == title.group(1)
                                 and e.get("organizer") == desk.inbox.user_email), None)
        declines = [e for m in mail.values() for e in m if CUSTOMER.search(str(e.get("body_text") or ""))]
        if declines and "moved" not in mem and mem.get("event") and len(mem["slots"]) > 1:
            customer = CUSTOMER.search(str(declines[0].get("body_text")))
            assert customer is not None
            start = mem["slots"][1]
            await desk.call("POST", "/calendar/update", {
                "event_id": mem["event"], "start": start.isoformat(), "end": (start + timedelta(hours=1)).isoformat(),
                "title": title.group(1), "attendees": [{"email": p} for p in people],
                "description": f"Agenda: 10 minutes on {customer.group(1)}."})
            await desk.email(people, "Meeting moved", f"Hi all,\n\nThe meeting moved to {start:%A %d %B %H:%M} UTC; "
                             f"{customer.group(1)} is on the agenda.\n\nThanks")
            mem["moved"] = start
            return
        event = next((e for e in desk.events if e.get("event_id") == mem.get("event")), None)
        if event and all(str(a.get("response")) == "accepted" for a in event.get("attendees") or []
                         if str(a.get("email", "")).lower() in people) and desk.once("meeting-report"):
            start = desk.at(event["start"])
            desk.report.append(f"All set: the meeting is on {start:%A %d %B} at {start:%H:%M} UTC; all three "
                               "accepted.")

    def _slots(self, desk: Desk, people: list[str], mail: dict[str, list[dict[str, Any]]]) -> list[datetime]:
        monday = desk.now.replace(hour=0, minute=0, second=0, microsecond=0) - timedelta(days=desk.now.weekday())
        busy: list[tuple[int, int, int]] = []
        limits = []
        for p in people:
            text = "\n".join(str(e.get("body_text") or "") for e in mail[p])
            busy += _busy(text)
            limits.append(_rules(text))
        for e in desk.events:
            a, b = desk.at(e["start"]), desk.at(e["end"])
            busy.append((a.isoweekday(), a.hour * 60 + a.minute, b.hour * 60 + b.minute))
        out = []
        for day in (2, 3, 4, 5):
            for m in range(9 * 60, 16 * 60 + 1, 30):
                if any(day in out_ or m < nb or m + 60 > eb for nb, eb, out_ in limits):
                    continue
                if any(d == day and a < m + 60 and m < b for d, a, b in busy):
                    continue
                out.append(monday + timedelta(days=day - 1, minutes=m))
        return out
