"""Rules for ``rsvp_policy``, ``chase_reply`` and ``scheduling``, from reading the public parts.

* ``rsvp_policy``: the rule is one of two sentences ("accept the ones from people at <Company>", "accept those that
  start before <H>:00"); invitations are the events where the user's response is needs-action; the organiser's
  domain or the start hour decides.
* ``chase_reply``: whoever replied in the thread of the user's ask has answered; remind the rest of its recipients.
* ``scheduling``: ask the colleagues named in the request; their replies say "busy HH:00-HH:00 and ..."; the one
  hour from 9 to 16 that neither they nor the user's calendar rules out is the meeting.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from services.purple.cheats.scripted.desk import Desk, Script, script

COMPANY = re.compile(r"accept the ones from people at (\w+)", re.I)
CUTOFF = re.compile(r"accept those that start before (\d+):00", re.I)
SPAN = re.compile(r"(\d{1,2}):00-(\d{1,2}):00")
SCHEDULE = re.compile(r"set up a one-hour (.+?) with (.+?) on \w+ (\d+) (\w+), between", re.I)


def _mine(event: dict[str, Any], user: str) -> str | None:
    for a in event.get("attendees") or []:
        if str(a.get("email", "")).lower() == user.lower():
            return str(a.get("response_status") or a.get("response") or "")
    return None


@script
class RsvpPolicy(Script):
    part = "rsvp_policy"
    trigger = r"answer the meeting invitations waiting in my calendar"

    async def turn(self, desk: Desk) -> None:
        if not desk.once("rsvp_policy"):
            return
        company, cutoff = COMPANY.search(desk.prompt), CUTOFF.search(desk.prompt)
        user = desk.inbox.user_email
        for event in desk.events:
            if _mine(event, user) not in ("needs-action", "needs_action") or event.get("organizer") == user:
                continue
            if company:
                ok = company.group(1).lower() in str(event.get("organizer", "")).lower()
            elif cutoff:
                ok = desk.at(event["start"]).hour < int(cutoff.group(1))
            else:
                ok = True
            await desk.call("POST", "/calendar/respond", {"event_id": event["event_id"], "attendee_email": user,
                                                          "response": "accepted" if ok else "declined"})
        desk.report.append("Answered the invitations.")


@script
class ChaseReply(Script):
    part = "chase_reply"
    trigger = r"remind just those who haven't"

    async def turn(self, desk: Desk) -> None:
        if not desk.once("chase_reply"):
            return
        user = desk.inbox.user_email.lower()
        asks = [e for e in desk.inbox.all_emails if str(e.get("from_address", "")).lower() == user
                and len(e.get("to_addresses") or []) >= 3]
        if not asks:
            return
        ask = max(asks, key=lambda e: len(e.get("to_addresses") or []))
        replied = {str(e.get("from_address", "")).lower() for e in desk.inbox.emails
                   if e.get("thread_id") == ask.get("thread_id") or e.get("in_reply_to") == ask.get("message_id")}
        for person in ask["to_addresses"]:
            if person.lower() not in replied:
                await desk.email([person], f"Reminder: {ask.get('subject', '')}",
                                 "Hi,\n\nA gentle reminder about my request below - could you send it when you get "
                                 "a moment?\n\nThanks")
        desk.report.append("Reminded those who had not answered.")


@script
class Scheduling(Script):
    part = "scheduling"
    trigger = r"set up a one-hour .+ ask them when they're busy first"

    async def turn(self, desk: Desk) -> None:
        found = SCHEDULE.search(desk.prompt)
        if found is None:
            return
        title, names, dom = found.group(1), found.group(2), int(found.group(3))
        firsts = [n.strip().lower() for n in re.split(r",| and ", names) if n.strip()]
        people = [a for a in desk.book.emails if any(a.lower().startswith(f + ".") for f in firsts)]
        if not people:
            return
        if desk.once("scheduling-ask"):
            await desk.email(people, f"{title} - when are you busy?",
                             f"Hi,\n\nCould you tell me when you're busy on the {dom}th between 9:00 and 17:00, so "
                             f"I can find a time for the {title}?\n\nThanks")
            return
        answers = [e for e in desk.inbox.emails if str(e.get("from_address", "")).lower() in people]
        if {str(e.get("from_address", "")).lower() for e in answers} != set(people) or "done" in desk.memory:
            return
        busy: set[int] = set()
        for e in answers:
            for a, b in SPAN.findall(str(e.get("body_text") or "")):
                busy |= set(range(int(a), int(b)))
        day = None
        for ev in desk.events:
            start = desk.at(ev["start"])
            if start.day == dom:
                day = start
                end = desk.at(ev["end"])
                busy |= set(range(start.hour, end.hour + (1 if end.minute else 0)))
        free = [h for h in range(9, 17) if h not in busy]
        if not free or day is None:
            return
        start = day.replace(hour=free[0], minute=0)
        await desk.call("POST", "/calendar/create", {
            "title": title.capitalize(), "start": start.isoformat(), "end": (start + timedelta(hours=1)).isoformat(),
            "organizer": desk.inbox.user_email, "attendees": [{"email": p} for p in people]})
        desk.memory["done"] = True
        desk.report.append(f"Booked the {title} at {free[0]}:00.")
