"""Rules for ``delivery_slot`` and ``arrival_eta``, from reading the public parts: the courier's text is
"ParcelPoint: ... Reply 1 for 7am-9am, 2 for ..." and the free window is the one no calendar event touches; the
shuttle email lists "- from <place> (<address>): N minutes" and the location names where the user is, so the arrival
is the leaving time plus that row's minutes, texted to the person the meeting is with."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from services.purple.cheats.scripted.desk import Desk, Script, script

WINDOW = re.compile(r"(\d)\s+for\s+(\d{1,2})(?::(\d\d))?\s*(am|pm)\s*-\s*(\d{1,2})(?::(\d\d))?\s*(am|pm)", re.I)
DATE = re.compile(r"on (\w+day) (\d{1,2}) (\w+)")
ROW = re.compile(r"from (.+?) \((.+?)\): (\d+) minutes")
LEAVE = re.compile(r"at the ([\w ]+?) at (\d{1,2})(?::(\d\d))?\s*(am|pm), from wherever I am now", re.I)
HOST = re.compile(r"meeting with (\w+) at the")


def hour24(h: str, m: str | None, half: str) -> tuple[int, int]:
    hour = int(h) % 12 + (12 if half.lower() == "pm" else 0)
    return hour, int(m or 0)


@script
class DeliverySlot(Script):
    part = "delivery_slot"
    trigger = r"book the delivery slot when I've nothing in my calendar"

    async def turn(self, desk: Desk) -> None:
        ask = next((m for m in desk.inbox.sms if WINDOW.search(str(m.get("body") or ""))), None)
        if ask is None or not desk.once("delivery"):
            return
        text = str(ask.get("body") or "")
        when = DATE.search(text)
        base = desk.now
        if when:
            for ahead in range(0, 14):
                d = desk.now + timedelta(days=ahead)
                if d.day == int(when[2]) and d.strftime("%B") == when[3]:
                    base = d
                    break
        busy = [(desk.at(e["start"]), desk.at(e["end"])) for e in desk.events if e.get("start") and e.get("end")]
        for m in WINDOW.finditer(text):
            a = base.replace(hour=hour24(m[2], m[3], m[4])[0], minute=hour24(m[2], m[3], m[4])[1], second=0,
                             microsecond=0)
            b = base.replace(hour=hour24(m[5], m[6], m[7])[0], minute=hour24(m[5], m[6], m[7])[1], second=0,
                             microsecond=0)
            if not any(s < b and a < e for s, e in busy):
                await desk.text(str(ask.get("from_number")), f"Option {m[1]} please. Thanks!")
                desk.report.append(f"Booked delivery option {m[1]}.")
                return


@script
class ArrivalEta(Script):
    part = "arrival_eta"
    trigger = r"from wherever I am now: text"

    async def turn(self, desk: Desk) -> None:
        leave, host = LEAVE.search(desk.prompt), HOST.search(desk.prompt)
        if leave is None or host is None or not desk.once("eta"):
            return
        here = await desk.call("GET", "/location/state") or {}
        current = (here.get("current") or here.get("current_location") or here) if isinstance(here, dict) else {}
        place = str(current.get("named_location") or current.get("address") or "")
        table = next((e for e in desk.inbox.emails if ROW.search(str(e.get("body_text") or ""))), None)
        if table is None or not place:
            return
        minutes = next((int(m[3]) for m in ROW.finditer(str(table.get("body_text")))
                        if m[1] in place or place in m[1] or m[2] in place), None)
        phone = next((p for p in desk.book.phones if host[1].lower() in desk.book.name(p).lower()), None)
        if minutes is None or phone is None:
            return
        h, m = hour24(leave[2], leave[3], leave[4])
        start: datetime = desk.now.replace(hour=h, minute=m, second=0, microsecond=0)
        eta = start + timedelta(minutes=minutes)
        await desk.text(phone, f"Hi {host[1]}, I'll get to the {leave[1]} at {eta:%H:%M}. See you there!")
        desk.report.append(f"Texted {host[1]}: arriving {eta:%H:%M}.")
