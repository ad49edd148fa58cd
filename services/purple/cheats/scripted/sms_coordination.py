"""Rules for ``sms_coordination`` (the day part) and the classic ``sms_coordination``, from reading the public
part and template: ask the tradesperson for slots, then name one window from his offer (the part lists the free
window last), give the street address from the building's welcome email, and put the visit in the calendar once he
confirms ("booked in for")."""

from __future__ import annotations

import re
from datetime import timedelta

from services.purple.cheats.scripted.desk import Desk, Script, script

WINDOW = re.compile(r"((?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day \d{1,2} \w+, \d{1,2}(?::\d\d)?\s?[ap]m)"
                    r"\s?-\s?(\d{1,2}(?::\d\d)?\s?[ap]m)", re.IGNORECASE)
ADDRESS = re.compile(r"Welcome to ([^!]+?)!")


def _phone(desk: Desk, first: str, last: str) -> str | None:
    for key, name in desk.book.names.items():
        if first.lower() in name.lower() and last.lower() in name.lower() and "@" not in key:
            return next((p for p in desk.book.phones if re.sub(r"\D", "", p).endswith(re.sub(r"\D", "", key))), key)
    return None


@script
class SmsCoordinationDay(Script):
    part = "sms_coordination"
    trigger = r"text \w+ \w+, our (?:plumber|electrician), and book a visit"

    async def turn(self, desk: Desk) -> None:
        named = re.search(r"text (\w+) (\w+), our (plumber|electrician)", desk.prompt)
        if named is None:
            return
        phone = _phone(desk, named.group(1), named.group(2))
        if phone is None:
            return
        digits = re.sub(r"\D", "", phone)
        theirs = [m for m in desk.inbox.sms if re.sub(r"\D", "", str(m.get("from_number"))).endswith(digits[-10:])]
        address = next((m.group(1) for e in desk.inbox.emails
                        if (m := ADDRESS.search(str(e.get("body_text") or "")))), "")
        if desk.once("sms:ask"):
            await desk.text(phone, f"Hi {named.group(1)}, could you come and fix it? Which slots do you have?")
            return
        offer = next((m for m in theirs if WINDOW.search(str(m.get("body")))), None)
        if offer is not None and desk.once("sms:book"):
            windows = WINDOW.findall(str(offer.get("body")))
            pick = windows[-1][0]  # the template lists the free window last
            desk.memory["pick"] = pick
            await desk.text(phone, f"Please book {pick}. The address is {address}; I'll let you in myself.")
            return
        booked = next((m for m in theirs if "booked in for" in str(m.get("body"))), None)
        if booked is not None and "pick" in desk.memory and desk.once("sms:calendar"):
            start = _parse(desk, desk.memory["pick"])
            if start is None:
                return
            await desk.call("POST", "/calendar/create", {
                "title": f"{named.group(3).title()}: {named.group(1)} {named.group(2)}", "start": start.isoformat(),
                "end": (start + timedelta(hours=2)).isoformat(), "location": address})
            desk.report.append("Booked the visit and put it in the calendar.")


def _parse(desk: Desk, window: str):  # type: ignore[no-untyped-def]
    m = re.match(r"\w+day (\d{1,2}) (\w+), (\d{1,2})(?::(\d\d))?\s?([ap]m)", window, re.IGNORECASE)
    if m is None:
        return None
    from datetime import datetime
    month = datetime.strptime(m.group(2), "%B").month
    hour = int(m.group(3)) % 12 + (12 if m.group(5).lower() == "pm" else 0)
    year = desk.now.year
    return desk.now.replace(year=year, month=month, day=int(m.group(1)), hour=hour, minute=int(m.group(4) or 0),
                            second=0, microsecond=0)
