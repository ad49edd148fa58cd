"""Rules for ``delivery_slot`` and ``arrival_eta``, from reading the public parts as a participant would: the
courier's text names the windows as time ranges ("7am-9am", "between 7am and 9am", "7 till 9pm", ...) and asks for
the door code; the window to book is the first no live calendar event overlaps. The shuttle email names each place
with its minutes (digits or words) and the location names where the user is, so the arrival is the leaving time
plus that place's minutes, texted to the person the meeting is with."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from services.purple.cheats.scripted.desk import Desk, Script, script

ROW = re.compile(r"from (.+?) \((.+?)\): (\d+) minutes")
LEAVE = re.compile(r"at the ([\w ]+?) at (\d{1,2})(?::(\d\d))?\s*(am|pm), from wherever I am now", re.I)
HOST = re.compile(r"meeting with (\w+) at the")


def hour24(h: str, m: str | None, half: str) -> tuple[int, int]:
    if not half:
        return int(h) % 24, int(m or 0)
    hour = int(h) % 12 + (12 if half.lower() == "pm" else 0)
    return hour, int(m or 0)


# A window as the courier may write it: "7am-9am", "07:00-09:00", "between 7am and 9am", "7 till 9pm", "from 7am to
# 9am"; the half of the day from the second end when the first has none.
RANGE = re.compile(r"(\d{1,2})(?::(\d\d))?\s*(am|pm)?\s*(?:-|till|to|and)\s*(\d{1,2})(?::(\d\d))?\s*(am|pm)?", re.I)
HOME = re.compile(r"plumber coming|from home|video call|boiler service|online yoga|\b(?:home|zoom|flat)\b", re.I)
DAY = re.compile(r"\b(\d{1,2}) (January|February|March|April|May|June|July|August|September|October|November|"
                 r"December)\b")


@script
class DeliverySlot(Script):
    part = "delivery_slot"
    trigger = r"(courier|parcel|delivery).*(calendar)"

    async def turn(self, desk: Desk) -> None:
        asks = [m for m in desk.inbox.sms if "code" in str(m.get("body") or "").lower()
                and len(RANGE.findall(str(m.get("body") or ""))) >= 3]
        if not asks or not desk.once("delivery"):
            return
        text = str(asks[0].get("body") or "")
        when = DAY.search(text)
        base = desk.now
        for ahead in range(14):
            d = desk.now + timedelta(days=ahead)
            if when and d.day == int(when[1]) and d.strftime("%B") == when[2]:
                base = d
                break
        # v2: something done at home (a plumber's visit, working from home, a video call...) leaves the user in.
        busy = [(desk.at(e["start"]), desk.at(e["end"])) for e in desk.events
                if e.get("start") and e.get("end") and e.get("status") != "cancelled"
                and not HOME.search(f"{e.get('title')} {e.get('location') or ''}")]
        # A later text from the courier takes a window back: its start hour is out.
        # v3: a friend's event is at home when their mail says they come to the user's ("yours", "to you").
        for e in desk.events:
            guests = [str(a.get("email") or "") for a in e.get("attendees") or []]
            mail = next((m for m in desk.inbox.emails if m.get("from_address") in guests), None)
            if mail and re.search(r"\byours\b|your place|come to you", str(mail.get("body_text"))):
                busy = [(s, e2) for s, e2 in busy if s != desk.at(e["start"])]
        after = [m for m in desk.inbox.sms[desk.inbox.sms.index(asks[0]) + 1:]
                 if m.get("from_number") == asks[0].get("from_number")]
        gone = {hour24(m[1], m[2], m[3] or m[6] or "am")[0] for later in after
                for m in RANGE.finditer(str(later.get("body")))}
        windows = list(RANGE.finditer(text))
        starts = [hour24(m[1], m[2], m[3] or m[6] or "am")[0] for m in windows]
        by_word = {"first": 0, "second": 1, "third": 2, "fourth": 3, "earliest": 0, "last": len(starts) - 1}
        parts = {"early morning": 7, "lunchtime": 12, "teatime": 18, "late evening": 20}
        for later in after:
            body = str(later.get("body")).lower()
            gone |= {starts[i] for w, i in by_word.items() if f"{w} one" in body and i < len(starts)}
            gone |= {h for w, h in parts.items() if f"{w} one" in body}
        for n, m in enumerate(windows, 1):
            h2, m2 = hour24(m[4], m[5], m[6] or "am")
            h1, m1 = hour24(m[1], m[2], m[3] or m[6] or "am")
            a = base.replace(hour=h1, minute=m1, second=0, microsecond=0)
            b = base.replace(hour=h2, minute=m2, second=0, microsecond=0)
            if a.hour not in gone and not any(s < b and a < e for s, e in busy):
                await desk.text(str(asks[0].get("from_number")), f"Option {n} please ({a:%H:%M}). Thanks!")
                desk.report.append(f"Booked delivery option {n}.")
                return


WORDS = {"ten minutes": 10, "twenty minutes": 20, "half an hour": 30, "forty minutes": 40, "fifty minutes": 50,
         "an hour": 60}
MINUTES = re.compile(r"(\d+) min|" + "|".join(WORDS))
LEAVE_AT = re.compile(r"(?:leave at|set off at|at) (\d{1,2})(?::(\d\d))?\s*(am|pm)?,? from", re.I)
HOST_NAME = re.compile(r"(?:meeting with|to see|let) (\w+)")


@script
class ArrivalEta(Script):
    part = "arrival_eta"
    trigger = r"shuttle"

    async def turn(self, desk: Desk) -> None:
        leave, host = LEAVE_AT.search(desk.prompt), HOST_NAME.search(desk.prompt)
        if leave is None or host is None or not desk.once("eta"):
            return
        here = await desk.call("GET", "/location/state") or {}
        current = here.get("current") or {} if isinstance(here, dict) else {}
        names = [str(current.get(k) or "") for k in ("named_location", "address")]
        names = [n.removeprefix("the ") for n in names if n]
        table = next((e for e in desk.inbox.emails if "shuttle" in str(e.get("body_text") or "").lower()), None)
        if table is None or not names:
            return
        minutes = None
        for chunk in re.split(r"[\n,]|\. ", str(table.get("body_text"))):
            if any(n in chunk for n in names):
                m = MINUTES.search(chunk)
                if m:
                    minutes = int(m[1]) if m[1] else WORDS[m[0]]
                    break
        phone = next((p for p in desk.book.phones if host[1].lower() in desk.book.name(p).lower()), None)
        if minutes is None or phone is None:
            return
        hour, minute = hour24(leave[1], leave[2], leave[3] or "")
        start: datetime = desk.now.replace(hour=hour, minute=minute, second=0, microsecond=0)
        eta = start + timedelta(minutes=minutes)
        await desk.text(phone, f"Hi {host[1]}, I'll get there at {eta:%H:%M}. See you!")
        desk.report.append(f"Texted {host[1]}: arriving {eta:%H:%M}.")
