"""scheduling: ask the colleagues by email, then book the hour named in the one reply that takes a busy hour back
(the correction always names the hour that suits everybody)."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from services.purple.cheats.scripted.desk import Desk, Script, script

WORDS = {"nine": 9, "ten": 10, "eleven": 11, "noon": 12, "one": 13, "two": 14, "three": 15, "four": 16}
FIX = (r"my (\d{1,2}):00 was just cancelled", r"ignore the (\d{1,2})(am|pm) one",
       r"(nine|ten|eleven|noon|one|two|three|four)(?: o'clock)? is open", r"drop what I have at (\d{1,2})h",
       r"Scratch (\d{1,2}):00-")
REQ = re.compile(r"Set up a one-hour (.+?) with (.+?) on (\w+day) (\d{1,2}) (\w+), between", re.I)


def _hour(text: str) -> int | None:
    for pattern in FIX:
        m = re.search(pattern, text, re.I)
        if not m:
            continue
        g = m.group(1).lower()
        if g in WORDS:
            return WORDS[g]
        h = int(g)
        if len(m.groups()) > 1 and m.group(2) and m.group(2).lower() == "pm" and h < 12:
            h += 12
        return h
    return None


@script
class Scheduling(Script):
    part = "scheduling"
    trigger = r"Set up a one-hour .+? with .+? on \w+day"

    async def turn(self, desk: Desk) -> None:
        m = REQ.search(desk.prompt)
        if not m:
            return
        title, names, _, dom, month = m.groups()
        firsts = re.split(r",\s*|\s+and\s+", names)
        people = {a: n for a, n in desk.book.names.items() if "@" in a and n.split()[0] in firsts}
        if not people:
            return
        if desk.once("scheduling-ask"):
            await desk.email(sorted(people), f"{title.capitalize()} on {m.group(3)} {dom} {month}",
                             "Hi,\n\nCould you tell me when you are busy that day between 9:00 and 17:00? "
                             "I am looking for a free time slot for everybody.\n\nThanks")
            return
        for e in desk.inbox.emails:
            if str(e.get("from_address", "")).lower() not in people:
                continue
            hour = _hour(str(e.get("body_text") or ""))
            if hour is None:
                continue
            date = datetime.strptime(f"{dom} {month} {desk.now.year}", "%d %B %Y").replace(tzinfo=desk.now.tzinfo)
            if date.date() < desk.now.date():
                date = date.replace(year=desk.now.year + 1)
            start = date + timedelta(hours=hour)
            if desk.once("scheduling-book"):
                await desk.call("POST", "/calendar/create", {
                    "title": title.capitalize(), "start": start.isoformat(),
                    "end": (start + timedelta(hours=1)).isoformat(), "organizer": desk.inbox.user_email,
                    "attendees": [{"email": a, "display_name": n} for a, n in people.items()]})
                desk.report.append(f"The {title} is booked on {m.group(3)} {dom} {month} at {hour}:00.")
            return
