"""sms_coordination: text the tradesperson the request names; parse his offer's windows (clock and spoken hours, in
order, each on the weekday before it); strike windows by structure: the minority half of the day (the user's hours),
an appointment of the user's calendar (at-home titles and cancelled events skipped; an appointment a later mail moves
is taken at the mail's other time), the latest shut-off notice's span, the office day (an offered weekday the prompt
names; else the boss's latest mail's weekday that no negation precedes, "the day after X", or the day of the boss's
event), the window his offer withdraws (ordinal, day+half, day+time...). Book the least struck one by naming it
alone, then put the visit in the calendar with the address of the welcome mail. The door code is never sent."""
from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

from green_agent.scenario_kit.facts import clock12, times
from services.purple.cheats.scripted.desk import Desk, Script, script

DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
AT_HOME = ("working from home", "call with the bank", "online yoga class", "video call with mum", "boiler service",
           "grocery delivery")
SPOKEN = {"seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "noon": 12, "midday": 12,
          "one": 13, "two": 14, "three": 15, "four": 16, "five": 17, "six": 18}
ORD = {"first": 0, "second": 1, "third": 2, "fourth": 3, "fifth": 4, "1st": 0, "2nd": 1, "3rd": 2, "4th": 3, "5th": 4}
H2 = timedelta(hours=2)
WD = r"(mon|tue|wed|thu|fri|sat|sun)[a-z]*"
CLK = r"(\d{1,2})(?::(\d\d)|\.(\d\d))?\s*(am|pm)?"
RANGE = re.compile(rf"(?<![\d/]){CLK}\s*(?:-|–|to|till|until)\s*{CLK}|(?<![\d/:])(\d{{1,2}})(?::(\d\d))?\s*(am|pm)"
                   rf"|\b(seven|eight|nine|ten|eleven|twelve|noon|one|two|three|four|five|six)\s+(?:till|to|until)\s+"
                   rf"(seven|eight|nine|ten|eleven|twelve|noon|one|two|three|four|five|six)(\s+in the morning)?",
                   re.I)
NEG = r"(?:not|instead of|rather than|from|cancel\w*|scrap\w*|no office on|off|usual\w*|than)"


def _dates(now: datetime) -> dict[str, datetime]:
    out = {}
    for k in range(1, 8):
        d = (now + timedelta(days=k)).replace(hour=0, minute=0, second=0, microsecond=0)
        out[DAYS[d.weekday()]] = d
    return out


def _hour(h: str, ap: str | None, hint_pm: bool = False) -> int:
    x = int(h)
    if ap:
        x = x % 12 + (12 if ap.lower() == "pm" else 0)
    elif x < 7 or hint_pm and x < 12:
        x += 12
    return x


def parse_offer(text: str, now: datetime) -> list[datetime]:
    """Window starts in the order offered."""
    days = _dates(now)
    marks = [(m.start(), days.get(DAYS[[d[:3] for d in DAYS].index(m[1].lower()[:3])])) for m in
             re.finditer(rf"\b{WD}\b", text, re.I)]
    out: list[datetime] = []
    for m in RANGE.finditer(text):
        if m[1] is not None:
            ap1, ap2 = m[4], m[8]
            h2 = _hour(m[5], ap2)
            h1 = _hour(m[1], ap1 or (ap2 if int(m[1]) <= int(m[5]) else None))
            if not ap1 and not ap2 and ":" not in m[0] and "." not in m[0]:
                continue
            start = h1
        elif m[9] is not None:
            start = _hour(m[9], m[11])
        else:
            start = SPOKEN[m[12].lower()]
            if m[14] and start > 12:
                start -= 12
        if not 6 <= start <= 18:
            continue
        # the day: "on Monday" right after, else the last weekday before
        after = re.match(rf"\s*(?:on\s+)?(?:the\s+\d+\w*\s+)?{WD}", text[m.end():m.end() + 14], re.I)
        prev = [d for p, d in marks if p < m.start()]
        day = None
        if after and re.match(r"\s*on\s", text[m.end():m.end() + 5], re.I):
            day = days.get(DAYS[[d[:3] for d in DAYS].index(after[1].lower()[:3])])
        elif prev:
            day = prev[-1]
        if day is None:
            continue
        at = day.replace(hour=start)
        if at not in out:
            out.append(at)
    return out


def _taken(text: str, slots: list[datetime]) -> set[datetime]:
    low = text.lower()
    out: set[datetime] = set()
    for m in re.finditer(r"the (first|second|third|fourth|fifth) (?:one|slot)", low):
        if ORD[m[1]] < len(slots):
            out.add(slots[ORD[m[1]]])
    def on(day: str) -> list[datetime]:
        return [s for s in slots if DAYS[s.weekday()][:3] == day[:3]]
    for m in re.finditer(rf"\b{WD}\s+(morning|afternoon)", low):
        out |= {s for s in on(m[1]) if (s.hour < 12) == (m[2] == "morning")}
    for m in re.finditer(rf"\b{WD}\s+at\s+{CLK}", low):
        h = _hour(m[2], m[5])
        out |= {s for s in on(m[1]) if s.hour == h}
    for m in re.finditer(rf"the\s+{WD}\s+one|whatever i said for\s+{WD}", low):
        out |= set(on(m[1] or m[2]))
    for m in re.finditer(rf"the (earlier|later|earliest|latest) one on\s+{WD}", low):
        ds = sorted(on(m[2]))
        if ds:
            out.add(ds[0] if m[1] in ("earlier", "earliest") else ds[-1])
    if "the earliest one" in low and not re.search(r"the earliest one on", low) and slots:
        out.add(min(slots))
    if re.search(r"the last one in the week|the latest one(?! on)", low) and slots:
        out.add(max(slots))
    return out


def _weekday(word: str) -> int:
    return [d[:3] for d in DAYS].index(word.lower()[:3])


@script
class SmsCoordination(Script):
    part = "sms_coordination"
    trigger = r"."

    async def turn(self, desk: Desk) -> None:
        mem = desk.memory
        user = desk.inbox.user_email.lower()
        if "pro" not in mem:
            pro = None
            for key, name in desk.book.names.items():
                if "@" in key or len(name.split()) < 2:
                    continue
                if re.search(rf"\b{re.escape(name)}\b", desk.prompt) and re.search(
                        r"plumb|electric", desk.prompt, re.I):
                    pro = (key, name)
                    break
            if pro is None:
                return
            number = next(p for p in desk.book.phones if p.endswith(pro[0][-10:]) or pro[0] in re.sub(r"\D", "", p))
            mem["pro"], mem["name"], mem["asked"] = number, pro[1], desk.now.isoformat()
            await desk.text(number, f"Hi {pro[1].split()[0]}, could you come and fix it? Which slots do you have "
                                    f"available for a visit?")
            return
        if mem.get("done"):
            return
        key = re.sub(r"\D", "", mem["pro"])[-10:]
        his = [m for m in desk.inbox.sms if re.sub(r"\D", "", str(m.get("from_number")))[-10:] == key]
        if "slot" not in mem:
            offers = [(m, parse_offer(str(m.get("body") or ""), desk.at(m.get("sent_at")))) for m in his]
            offers = [(m, s) for m, s in offers if len(s) >= 2]
            if not offers:
                return
            msg, slots = offers[-1]
            body = str(msg.get("body") or "")
            mem["offer"] = body
            pick = self._pick(desk, slots, body)
            mem["slot"] = pick.isoformat()
            await desk.text(mem["pro"], f"Please book {pick:%A} {pick.day} {pick:%B}, {clock12(pick)}-"
                                        f"{clock12(pick + H2)}. I'll be home to let you in myself. Thanks!")
            mem["booked_at"] = desk.now.isoformat()
            return
        replies = [m for m in his if str(m.get("body")) != mem["offer"]
                   and str(m.get("sent_at") or "") >= mem["booked_at"][:19]]
        if not replies:
            return
        pick = datetime.fromisoformat(mem["slot"])
        address = ""
        for e in desk.inbox.all_emails:
            m = re.search(r"\b\d{1,3} [A-Z][a-z]+ (?:[A-Z][a-z]+ )?(?:Street|Avenue|Road|Close|Lane|Terrace|Way|Drive)"
                          r"(?:, (?:Apt|Flat|Unit) \w+)?", str(e.get("body_text") or ""))
            if m:
                address = m[0]
                break
        await desk.call("POST", "/calendar/create", {
            "title": f"Repair visit: {mem['name']}", "start": pick.isoformat(), "end": (pick + H2).isoformat(),
            "location": address, "description": f"{mem['name']} ({mem['pro']})"})
        mem["done"] = True
        desk.report.append(f"Booked {mem['name']} for {pick:%A %H:%M}.")

    def _pick(self, desk: Desk, slots: list[datetime], offer: str) -> datetime:
        strikes: dict[datetime, float] = {s: 0.0 for s in slots}
        # the user's hours: the minority half
        am = [s for s in slots if s.hour < 12]
        pm = [s for s in slots if s.hour >= 12]
        if len(slots) >= 3 and min(len(am), len(pm)) <= 1 and am and pm:
            for s in (am if len(am) < len(pm) else pm):
                strikes[s] += 3
        # appointments
        moved: dict[datetime, datetime] = {}
        movers: set[str] = set()
        starts = {desk.at(e["start"]) for e in desk.events if e.get("status") != "cancelled"}
        for e in desk.inbox.emails:
            ts = sorted(times(str(e.get("body_text") or ""), desk.at(e.get("received_at") or e.get("sent_at"))))
            text = f"{e.get('subject') or ''} {e.get('body_text') or ''}".lower()
            named = any(str(ev.get("title", "")).split(" - ")[0].lower() in text for ev in desk.events
                        if ev.get("title") and desk.at(ev["start"]) in ts)
            if len(ts) == 2 and any(t in starts for t in ts) and named:
                old = next(t for t in ts if t in starts)
                moved[old] = next(t for t in ts if t != old)
                movers.add(str(e.get("message_id")))
        for ev in desk.events:
            if ev.get("status") == "cancelled" or str(ev.get("organizer", "")).lower() not in ("", desk.inbox.user_email.lower()):
                continue
            if any(h in str(ev.get("title", "")).lower() for h in AT_HOME) or str(ev.get("location") or "").lower() in (
                    "home", "zoom", "facetime"):
                continue
            a, b = desk.at(ev["start"]), desk.at(ev["end"])
            if a in moved:
                a, b = moved[a], moved[a] + (b - a)
            for s in slots:
                if a < s + H2 and s < b:
                    strikes[s] += 3
        # shut-off: the latest mail naming a same-day span (not an appointment move)
        spans = []
        for e in desk.inbox.emails + [m for m in desk.inbox.all_emails if m.get("is_read")]:
            at = desk.at(e.get("received_at") or e.get("sent_at"))
            ts = sorted(times(f"{e.get('subject') or ''}\n{e.get('body_text') or ''}", desk.now))
            ts = [t for t in ts if t > desk.now]
            if len(ts) == 2 and ts[0].date() == ts[1].date() and timedelta(hours=1) < ts[1] - ts[0] <= timedelta(hours=4) \
                    and str(e.get("message_id")) not in movers:
                spans.append((at, ts[0], ts[1]))
        if spans:
            _, a, b = max(spans)
            for s in slots:
                if a < s + H2 and s < b:
                    strikes[s] += 3
        # office day
        offered = {DAYS[s.weekday()] for s in slots}
        office = self._office(desk, offered)
        for s in slots:
            if DAYS[s.weekday()] in office:
                strikes[s] += 2
        for s in _taken(offer, slots):
            strikes[s] += 2.5
        return min(slots, key=lambda s: (strikes[s], slots.index(s)))

    def _office(self, desk: Desk, offered: set[str]) -> set[str]:
        named = {d for d in offered if re.search(rf"\b{d}", desk.prompt, re.I)}
        prompt_days = set(re.findall(rf"\b({'|'.join(DAYS)})", desk.prompt.lower()))
        if named and not re.search(r"usual|normally|changes|moves", desk.prompt, re.I):
            return named
        usual = {d for d in prompt_days if re.search(rf"(usual\w*|normally)[^.;]*\b{d}", desk.prompt, re.I)}
        # the boss's mails: the latest naming an offered day
        mails = [e for e in desk.inbox.all_emails if re.search(rf"\b({'|'.join(DAYS)})", str(e.get("body_text") or "") +
                                                                  str(e.get("subject") or ""), re.I)
                 and not times(str(e.get("body_text") or ""), desk.now)]
        mails.sort(key=lambda e: str(e.get("received_at") or e.get("sent_at") or ""))
        if not mails:
            return named - usual
        senders = {}
        for e in mails:
            senders.setdefault(str(e.get("from_address")).lower(), []).append(e)
        thread = max(senders.values(), key=len)
        first_days = set()
        if len(thread) >= 2:
            first_days = set(re.findall(rf"\b({'|'.join(DAYS)})", str(thread[0].get("body_text")).lower()))
        text = f"{thread[-1].get('subject') or ''}\n{thread[-1].get('body_text') or ''}"
        low = text.lower()
        m = re.search(rf"day (after|before)\s+({'|'.join(DAYS)})", low)
        if m:
            k = DAYS.index(m[2]) + (1 if m[1] == "after" else -1)
            return {DAYS[k % 7]}
        for ev in desk.events:
            title = str(ev.get("title", "")).lower()
            if len(title) > 4 and title in low and str(ev.get("organizer", "")).lower() != desk.inbox.user_email.lower():
                return {DAYS[desk.at(ev["start"]).weekday()]}
        cands = []
        for mm in re.finditer(rf"\b({'|'.join(DAYS)})", low):
            d = mm[1]
            pre = low[max(0, mm.start() - 22):mm.start()]
            neg = bool(re.search(rf"\b{NEG}\b[^,.;]*$", pre)) or bool(re.match(r"\w*\s+(is (cancelled|off)|we work from home|in the office is cancelled)", low[mm.end():mm.end() + 30]))
            cands.append((d, neg))
        days = [d for d, _ in cands]
        good = [d for d, neg in cands if not neg and d not in usual and d not in first_days]
        if good:
            return {good[0]}
        rest = [d for d in days if d not in usual and d not in first_days]
        return {rest[-1]} if rest else set()
