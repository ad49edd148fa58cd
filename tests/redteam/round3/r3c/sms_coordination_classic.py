"""sms_coordination (classic): text the plumber (the number in the request) with the address (the welcome mail's
street line, no codes); read his offered windows; keep the one that is in the user's part of the day (the request's
"12:00" cue, else the majority), clashes with no appointment (a moved one where a mail from the same sender names
another time), is not the office day (the colleague's day not negated) nor the day the partner's latest text needs;
book it, wait for his confirmation, then calendar, partner text and a chat report."""
from __future__ import annotations

import importlib.util
import re
import sys
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from services.purple.cheats.scripted.desk import Desk, Script, script

if "r3c_util" not in sys.modules:
    _s = importlib.util.spec_from_file_location("r3c_util", Path(__file__).with_name("_util.py"))
    sys.modules["r3c_util"] = importlib.util.module_from_spec(_s)
    _s.loader.exec_module(sys.modules["r3c_util"])
U = sys.modules["r3c_util"]

WD = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
WDRE = r"\b(mon|tue|wed|thu|fri|sat|sun)(?:day|sday|nesday|rsday|urday|s|r|rs)?\b"
NEG = r"\bnot\b|instead of|rather than|cancel|is off|\boff\b|scrap|no office|no longer|moved from|from home|" \
      r"taken on|mix-up|wrong|isn't|won't be|was|usual"
NEED = r"need|no plumber|don'?t (let|book)|keep|away|please|spotless|inspection|hosting|shoot|prep|dinner|club"
FREE = r"fine|free again|no problem|don'?t worry|no need|no longer|cancel|scrap|fell through|out\b|at work|" \
       r"not .* though|totally fine|isn't a problem|any time"
RANGE = re.compile(r"(\d{1,2})(?::(\d{2}))?\s*(am|pm)?\s*(?:-|–|to|till|until)\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)?",
                   re.I)


def _day_of(token: str) -> int:
    return [w[:3] for w in WD].index(token.lower()[:3])


def _slots(text: str, now: datetime) -> list[tuple[datetime, datetime]]:
    """Offered windows: each weekday mention and the time ranges after it (until the next weekday)."""
    marks = [(m.start(), m.end(), _day_of(m.group(1))) for m in re.finditer(WDRE, text, re.I)]
    out = []
    for k, (s, e, wd) in enumerate(marks):
        stop = marks[k + 1][0] if k + 1 < len(marks) else len(text)
        seg = text[e:stop]
        num = re.match(r"\s*(\d{1,2})(?:st|nd|rd|th)?\b(?!\s*(?:am|pm|:|-|–|to\b))", seg)
        date = now.date() + timedelta(days=(wd - now.weekday()) % 7)
        if num:
            try:
                date = date.replace(day=int(num.group(1)))
            except ValueError:
                pass
            seg = seg[num.end():]
        for r in RANGE.finditer(seg):
            h1, m1, a1, h2, m2, a2 = r.groups()
            h1, h2 = int(h1), int(h2)
            m1, m2 = int(m1 or 0), int(m2 or 0)
            if h1 > 23 or h2 > 23:
                continue
            a1 = (a1 or "").lower()
            a2 = (a2 or "").lower()
            if a2 == "pm" and h2 < 12:
                h2 += 12
            if a1 == "pm" and h1 < 12:
                h1 += 12
            if not a1 and a2 == "pm" and h1 + 12 <= h2 and h1 < 12:
                h1 += 12
            if not a1 and not a2 and h1 < 8:
                h1, h2 = h1 + 12, h2 + 12
            if h2 <= h1 and h2 < 12:
                h2 += 12
            a = datetime(date.year, date.month, date.day, h1, m1, tzinfo=now.tzinfo)
            b = datetime(date.year, date.month, date.day, h2, m2, tzinfo=now.tzinfo)
            if b > a:
                out.append((a, b))
    return out


def _days_in(text: str) -> list[tuple[int, int]]:
    return [(m.start(), _day_of(m.group(1))) for m in re.finditer(WDRE, text, re.I)]


@script
class SmsCoordination(Script):
    part = "sms_coordination_classic"
    trigger = r"plumber|sink|leak"

    async def turn(self, desk: Desk) -> None:
        mem = desk.memory
        prompt = desk.prompt
        me = desk.inbox.user_phone
        if "tony" not in mem:
            num = re.search(r"\+\d{10,}", prompt)
            if not re.search(r"\(my partner\)", prompt, re.I):
                return
            if not num:
                return
            tony = num.group()
            first = U.first_name(desk.book.name(tony))
            m = re.search(r"\btext\s+([A-Z][a-z]+)(?:\s+[A-Z][a-z]+)?", prompt)
            if first == tony and m:
                first = m.group(1)
            address = ""
            for e in desk.inbox.all_emails:
                for line in U.body(e).splitlines():
                    a = re.search(r"\d+\s+[A-Z][a-z]+\s+(?:Street|Avenue|Lane|Road|St|Ave|Rd|Drive|Way)\b[^\n]*", line)
                    if a and not re.search(r"code|password|wi-?fi", line, re.I):
                        address = a.group().strip().rstrip(".")
                        break
                if address:
                    break
            user_first = U.first_name(desk.book.name(desk.inbox.user_email))
            mem.update(tony=tony, first=first, address=address, asked_at=desk.now.isoformat())
            await desk.text(tony, f"Hi {first}, it's {user_first}. Our kitchen sink is leaking into the cupboard "
                                  f"again - could you come and fix it this week? The address is {address}. "
                                  f"Which times can you do?")
            desk.report.append(f"Texted {first} about the leaking sink.")
            return
        tony = mem["tony"]
        from_tony = [m for m in desk.inbox.sms if U.phone_key(str(m.get("from_number"))) == U.phone_key(tony)
                     and str(m.get("sent_at")) >= mem["asked_at"]]
        if "slot" not in mem:
            offer = next((m for m in from_tony if len(_slots(U.body(m), desk.now)) >= 2), None)
            if offer is None:
                return
            slots = _slots(U.body(offer), desk.now)
            slot = self._choose(desk, slots)
            mem["slot"] = [slot[0].isoformat(), slot[1].isoformat()]
            mem["booked_at"] = desk.now.isoformat()
            a = slot[0]
            await desk.text(tony, f"Thanks {mem['first']}! Please book {a:%A} {a.day} {a:%B} at {U.clock12(a)} "
                                  f"({a:%H:%M}). I'll be home to let you in. The address is {mem['address']}.")
            return
        if "confirmed" not in mem:
            if not any(str(m.get("sent_at")) >= mem["booked_at"] for m in from_tony):
                return
            mem["confirmed"] = True
            a, b = (datetime.fromisoformat(x) for x in mem["slot"])
            name = desk.book.name(tony)
            if name == tony:
                name = mem["first"]
            await desk.call("POST", "/calendar/create", {
                "title": f"Plumber ({name}) - kitchen sink", "start": a.isoformat(), "end": b.isoformat(),
                "location": mem["address"], "description": f"{name}, {tony}. Arrival window."})
            partner = self._partner(desk)
            if partner:
                await desk.text(partner, f"The plumber is booked for {a:%A} {a.day} {a:%B}, {U.clock12(a)} "
                                         f"(arrival window until {U.clock12(b)}) to fix the sink.")
            desk.report.append(f"Booked: {a:%A} {a.day} {a:%B}, arrival window {U.clock12(a)}-{U.clock12(b)}; "
                               f"it's on your calendar and your partner knows.")

    def _partner(self, desk: Desk) -> str | None:
        m = re.search(r"([A-Z][a-z]+)\s*\(my partner\)|my partner,?\s+([A-Z][a-z]+)|([A-Z][a-z]+),?\s+my partner",
                      desk.prompt)
        first = next((g for g in (m.groups() if m else ()) if g), None)
        for key, name in desk.book.names.items():
            if first and U.first_name(name) == first and "@" not in key:
                return next((p for p in desk.book.phones if U.phone_key(p) == key), None)
        tony = U.phone_key(desk.memory.get("tony", ""))
        people = [m for m in desk.inbox.sms if sum(c.isdigit() for c in str(m.get("from_number"))) >= 7
                  and U.phone_key(str(m.get("from_number"))) != tony]
        if not people:
            return None
        return str(max(people, key=lambda m: str(m.get("sent_at"))).get("from_number"))

    def _choose(self, desk: Desk, slots: list[tuple[datetime, datetime]]) -> tuple[datetime, datetime]:
        prompt = desk.prompt
        bad: dict[int, float] = {i: 0.0 for i in range(len(slots))}
        # part of the day
        after = re.search(r"12:00 or later|noon or later|start at (12|noon)|after (12|noon|lunch)|afternoon only", prompt, re.I)
        before = re.search(r"end by 12|by noon|until lunch|before (12|noon|lunch)|done by|morning only", prompt, re.I)
        morning = sum(1 for a, b in slots if b.hour <= 12 and b.hour * 60 + b.minute <= 720)
        part = "pm" if after and not before else "am" if before and not after else \
            ("am" if morning * 2 > len(slots) else "pm")
        for i, (a, b) in enumerate(slots):
            if (part == "pm" and a.hour < 12) or (part == "am" and b.hour * 60 + b.minute > 720):
                bad[i] += 10
        # clashes, with moved appointments
        events = []
        for ev in desk.events:
            if str(ev.get("status")) == "cancelled":
                continue
            try:
                s, e = desk.at(ev["start"]), desk.at(ev["end"])
            except Exception:
                continue
            events.append((s, e, ev))
        for s, e, ev in list(events):
            title = str(ev.get("title") or "")
            words = [w for w in re.findall(r"[A-Z][a-z]{3,}", title + " " + str(ev.get("location") or ""))]
            for mail in desk.inbox.emails:
                body = U.subj(mail) + "\n" + U.body(mail)
                if not any(w in body for w in words):
                    continue
                ts = [(h, mi) for h, mi in U.clock_times(body)]
                days = [d for _, d in _days_in(body)]
                dates = [int(x) for x in re.findall(r"\b(\d{1,2})\s+(?:March|Mar)\b", body)]
                if (s.hour, s.minute) in ts or (s.hour % 12, s.minute) in [(h % 12, mi) for h, mi in ts]:
                    others = [(h, mi) for h, mi in ts if (h % 12, mi) != (s.hour % 12, s.minute)]
                    odates = [d for d in dates if d != s.day] or [s.day]
                    if others and re.search(r"move|rebook|swap|now|cancel|released|instead|not", body, re.I):
                        h, mi = others[0]
                        if h < 8:
                            h += 12
                        ns = s.replace(day=odates[0], hour=h, minute=mi)
                        events.remove((s, e, ev))
                        events.append((ns, ns + (e - s), ev))
                        break
        for i, (a, b) in enumerate(slots):
            if any(s < b and e > a for s, e, _ in events):
                bad[i] += 5
        # office day: the colleague's mails (the latest one's days, the one not negated)
        office = self._office(desk)
        for i, (a, b) in enumerate(slots):
            if office is not None and a.weekday() == office:
                bad[i] += 4
        # the partner's latest text: the day needed
        need = self._partner_day(desk, slots)
        for i, (a, b) in enumerate(slots):
            if need is not None and a.weekday() == need:
                bad[i] += 4
        U.dbg("SMS", [(str(s[0]), bad[i]) for i, s in enumerate(slots)], "office", office, "need", need, part)
        best = min(range(len(slots)), key=lambda i: (bad[i], i))
        return slots[best]

    def _office(self, desk: Desk) -> int | None:
        m = re.search(r"([A-Z][a-z]+)(?:'s email|'s mail|\s+emails|\s+has us|\s+mails|\s+says|\s+said)|"
                      r"office day[^.]*?([A-Z][a-z]+)", desk.prompt)
        boss = None
        for g in (m.groups() if m else ()):
            if g and g.lower()[:3] not in [w[:3] for w in WD]:
                boss = g
        mails = [e for e in desk.inbox.emails
                 if boss and boss.lower() in (str(e.get("from_address")) + U.body(e)).lower()]
        if not mails:
            mails = [e for e in desk.inbox.emails if re.search(r"office|in on|team day|rota|in-person", U.subj(e) +
                                                               U.body(e), re.I)]
        senders = {str(e.get("from_address")) for e in mails}
        mails = [e for e in desk.inbox.emails if str(e.get("from_address")) in senders] or mails
        if not mails:
            return None
        mails.sort(key=lambda e: str(e.get("received_at") or ""))
        usual = None
        usual_m = re.search(r"usually\s+" + WDRE, desk.prompt, re.I)
        if usual_m:
            usual = _day_of(usual_m.group(1))
        if len(mails) >= 2:
            first_days = {d for _, d in _days_in(U.subj(mails[0]) + " " + U.body(mails[0]))}
            if len(first_days) == 1:
                usual = next(iter(first_days))
        text = U.subj(mails[-1]) + "\n" + U.body(mails[-1])
        # "the day after X" / "the day before X"
        rel = re.search(r"day (after|before)\s+" + WDRE, text, re.I)
        if rel:
            base = _day_of(rel.group(2))
            return (base + (1 if rel.group(1).lower() == "after" else -1)) % 7
        cand = []
        for clause in re.split(r"\s+-\s+|[,;:.!?\n(]|\s+but\s+|\s+and\s+", text):
            for _, d in _days_in(clause):
                if d == usual:
                    continue
                cand.append((len(re.findall(NEG, clause, re.I)), len(cand), d))
        if not cand:
            return None
        cand.sort()
        return cand[0][2]

    def _partner_day(self, desk: Desk, slots: list[tuple[datetime, datetime]]) -> int | None:
        partner = self._partner(desk)
        if not partner:
            return None
        texts = [m for m in desk.inbox.sms if U.phone_key(str(m.get("from_number"))) == U.phone_key(partner)]
        texts.sort(key=lambda m: str(m.get("sent_at")))
        for m in reversed(texts):
            body = U.body(m)
            score: dict[int, float] = {}
            for a_, b_ in re.findall(r"from\s+" + WDRE + r"\s+to\s+" + WDRE, body, re.I):
                score[_day_of(a_)] = score.get(_day_of(a_), 0) - 1
                score[_day_of(b_)] = score.get(_day_of(b_), 0) + 1
            for sent in re.split(r"(?<=[.!?])\s+|P\.?S\.?:?|\s-\s|;|,\s(?:so|but)\s|\sand\s|,\s|\s\(|\)", body):
                val = len(re.findall(NEED, sent, re.I)) - 2 * len(re.findall(FREE, sent, re.I))
                days = {d for _, d in _days_in(sent)}
                for ev in desk.events:
                    words = [w.lower() for w in re.findall(r"[A-Za-z]{4,}", str(ev.get("title") or ""))
                             if w.lower() not in ("with", "over", "ours", "dinner", "hosting", "club", "group")]
                    if words and any(w in sent.lower() for w in words) and desk.at(ev["start"]) > desk.now:
                        days.add(desk.at(ev["start"]).weekday())
                for d in days:
                    score[d] = score.get(d, 0) + val + 0.5
            if score:
                best = max(score, key=lambda d: score[d])
                if score[best] > 0:
                    return best
        return None
