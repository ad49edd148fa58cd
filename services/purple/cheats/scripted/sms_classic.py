"""Rules for the classic ``sms_coordination`` (part ``sms_coordination_classic``), from reading the public part and
its world-0 template: Tony offers five slots as "Fri 20th 1-3pm"; the prompt says "12:00 or later"/"noon or later"
(afternoons) or "end by 12:00" (mornings) and names the office day; the partner's mid-morning text names the day
the kitchen is needed (in a "lifted" text, the day named last with a part of the day); a "moved" dentist email
gives the new time. Drop the slots those rule out, name the one left, then calendar it, report and text the
partner once Tony confirms."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

from services.purple.cheats.scripted.desk import Desk, Script, script

SLOT = re.compile(r"(Mon|Tue|Wed|Thu|Fri) (\d{1,2})th (\d{1,2})(am|pm)?-(\d{1,2})(am|pm)")
DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")


def _digits(x: Any) -> str:
    return re.sub(r"\D", "", str(x))[-10:]


def _h(n: str, ap: str) -> int:
    return int(n) % 12 + (12 if ap == "pm" else 0)


@script
class SmsClassic(Script):
    part = "sms_coordination_classic"
    trigger = r"kitchen sink is leaking into the cupboard again\. Could you text"

    async def turn(self, desk: Desk) -> None:
        m = re.search(r"text (\w+ \w+), our plumber \(([^,]+), (\+\d+)\)", desk.prompt)
        partner = re.search(r"text (\w+) (?:\(my partner\) )?the slot", desk.prompt)
        if m is None:
            return
        phone = m.group(3)
        tony = [s for s in desk.inbox.sms if _digits(s.get("from_number")) == _digits(phone)]
        address = next((a.group(1) for e in desk.inbox.emails
                        if (a := re.search(r"Your address: (.+)", str(e.get("body_text") or "")))), "")
        if desk.once("classic:ask"):
            await desk.text(phone, "Hi! The kitchen sink is leaking - which slots do you have this week?")
            return
        offer = next((s for s in tony if len(SLOT.findall(str(s.get("body")))) >= 3), None)
        if offer is not None and desk.once("classic:book"):
            afternoon = bool(re.search(r"12:00 or later|noon or later", desk.prompt))
            office = next((d for d in DAYS if f"not {d}" in desk.prompt), "")
            pdays: list[tuple[str, str]] = []
            for s in desk.inbox.sms:
                if partner and str(s.get("body", "")).startswith("Morning!"):
                    pdays = re.findall(r"(Monday|Tuesday|Wednesday|Thursday|Friday)[, ]+(?:all )?(morning|afternoon)?",
                                       str(s.get("body")))
            needed = pdays[-1][0] if pdays else ""
            moved = None
            for e in desk.inbox.emails:
                mv = re.search(r"to (\w+day) (\d+) March, (\d+):(\d\d) (am|pm)", str(e.get("body_text") or ""))
                if mv and "moved" in str(e.get("subject")):
                    moved = desk.now.replace(day=int(mv.group(2)), hour=_h(mv.group(3), mv.group(5)),
                                             minute=int(mv.group(4)))
            busy = [(desk.at(e["start"]), desk.at(e["end"])) for e in desk.events if e.get("start")
                    and not (moved and "dent" in str(e.get("title")).lower())]
            if moved:
                busy.append((moved, moved + timedelta(minutes=45)))
            ok = []
            for day_ab, day, a, ap1, b, ap2 in SLOT.findall(str(offer.get("body"))):
                start = desk.now.replace(day=int(day), hour=_h(a, ap1 or ap2), minute=0)
                end = desk.now.replace(day=int(day), hour=_h(b, ap2), minute=0)
                name = next(d for d in DAYS if d.startswith(day_ab))
                if (start.hour >= 12) != afternoon or name == office or name == needed:
                    continue
                if any(s < end and start < e for s, e in busy):
                    continue
                ok.append((start, f"{day_ab} {day}th {a}{ap1}-{b}{ap2}"))
            if ok:
                desk.memory["pick"] = ok[0]
                await desk.text(phone, f"Please book {ok[0][1]}. Our address is {address}. I'll let you in myself.")
            return
        if "pick" in desk.memory and any("booked" in str(s.get("body")) for s in tony) and desk.once("classic:cal"):
            when: datetime = desk.memory["pick"][0]
            await desk.call("POST", "/calendar/create", {
                "title": f"Plumber: {m.group(1)}", "start": when.isoformat(),
                "end": (when + timedelta(hours=2)).isoformat(), "location": address,
                "description": f"{m.group(1)} {phone}"})
            if partner:
                who = next((p for k, n in desk.book.names.items() if n.startswith(partner.group(1)) and "@" not in k
                            for p in desk.book.phones if _digits(p) == _digits(k)), None)
                if who:
                    await desk.text(who, f"The plumber is booked for {desk.memory['pick'][1]}.")
            desk.report.append(f"Booked {m.group(1)} for {desk.memory['pick'][1]}.")
