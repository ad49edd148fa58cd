"""scheduling: the day is the day of the user's ev-scheduling-* events; the colleagues are the contacts the request
names. Ask them (one email, asking words), wait for every reply, read each reply's hours (digits, am/pm, "10h",
spoken hours in ranges) clause by clause with a busy/free word list, the paragraph after the answer as take-backs and
additions, and invite at the one hour 9-16 nobody (user's calendar included) holds; else the least held."""
from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import Any

from services.purple.cheats.scripted.desk import Desk, Script, script

TITLES = ("Roadmap review", "Pricing workshop", "Hiring plan", "Launch retro", "Partner strategy")
HOURS = range(9, 17)
WORDS = {"nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "noon": 12, "midday": 12, "one": 13, "two": 14,
         "three": 15, "four": 16, "five": 17}
_NUM = r"(?:\d{1,2}(?::\d\d|\.00|h\b|\s*(?:am|pm|a\.m\.|p\.m\.))|(?:nine|ten|eleven|twelve|noon|midday|one|two|three|four|five)(?:\s*o'?clock)?)"
TOKEN = re.compile(_NUM, re.I)
CONNECT = re.compile(r"^\s*(?:-|–|—|to|until|till|through|thru)\s*$", re.I)
BUSY = re.compile(r"\b(busy|meeting|meetings|tied|blocked|taken|booked|occupied|unavailable|engaged|gone|landed|"
                  r"count me out|can'?t|cannot|not free|not available|no good|call|calls|committed|out|no|not possible|"
                  r"stuck|impossible)\b", re.I)
FREE = re.compile(r"\b(free|open|available|around|works?|fine|clear|ok|okay|can do|can make|good|suits?|"
                  r"possible|doable|yes|windows?|gaps?)\b", re.I)
BACK = re.compile(r"\b(cancel\w*|off|ignore|scratch|drop\w*|moved|misread|after all|open\w*|free|freed|clear|"
                  r"available again|works now|can make it|remove|delete|strike|from the busy|no longer busy)\b", re.I)
ADD = re.compile(r"\b(booked|landed|count me out|busy|gone|new|add|came in|too|also|blocked|taken|unavailable|"
                 r"not available|filled|occupied|can't|cannot)\b", re.I)


def _hour(tok: str) -> int | None:
    t = tok.lower().strip()
    w = re.match(r"[a-z]+", t)
    if w and w[0] in WORDS:
        return WORDS[w[0]]
    m = re.match(r"(\d{1,2})", t)
    if not m:
        return None
    h = int(m[1])
    if re.search(r"p\.?m", t) and h < 12:
        h += 12
    elif not re.search(r"a\.?m", t) and 1 <= h <= 8:
        h += 12
    return h


def _spans(text: str) -> list[tuple[int, int]]:
    """Hour spans (start, end) named: ranges, else single hours (an hour long)."""
    bare = [(m.start(), m.end(), int(m[1]), int(m[2])) for m in re.finditer(r"(?<![\d:.])(\d{1,2})\s*[-–]\s*(\d{1,2})(?!:\d|[\d.hap])", text)]
    for s0, e0, lo, hi in bare:
        lo, hi = (lo + 12 if lo < 9 else lo), (hi + 12 if hi < 9 else hi)
        if hi > lo:
            text = text[:s0] + f"{lo}:00-{hi}:00".ljust(e0 - s0)[: max(e0 - s0, 0)] + text[e0:] if len(f"{lo}:00-{hi}:00") <= e0 - s0 else text
    extra = [(lo + 12 if lo < 9 else lo, hi + 12 if hi < 9 else hi, s0) for s0, e0, lo, hi in bare]
    toks = [(m.start(), m.end(), _hour(m[0])) for m in TOKEN.finditer(text)
            if not any(s0 <= m.start() < e0 for s0, e0, _, _ in bare)]
    toks = [t for t in toks if t[2] is not None]
    out, i = [], 0
    while i < len(toks):
        a = toks[i]
        b = toks[i + 1] if i + 1 < len(toks) else None
        if b and CONNECT.match(text[a[1]:b[0]]):
            lo, hi = a[2], b[2]
            if hi <= lo and hi + 12 <= 17:
                hi += 12
            out.append((lo, hi))
            i += 2
            continue
        # bare spoken numbers only count beside clock words
        if re.fullmatch(r"(one|two|three|four|five|ten|nine|eleven|twelve)", text[a[0]:a[1]], re.I) and not re.search(
                r"\b(at|from|until|by|after|before)\s*$", text[max(0, a[0] - 8):a[0]], re.I):
            i += 1
            continue
        out.append((a[2], a[2] + 1))
        i += 1
    out += [(lo, hi) for lo, hi, _ in extra if hi > lo]
    return [(lo, hi) for lo, hi in out if not (lo <= 9 and hi >= 17)]


def _hours(spans: list[tuple[int, int]]) -> set[int]:
    return {h for lo, hi in spans for h in range(lo, hi) if h in HOURS}


def read_reply(body: str) -> tuple[set[int], set[int], set[int]]:
    """(busy hours of the answer, hours taken back, hours added)."""
    paras = [p.strip() for p in re.split(r"\n\s*\n", body) if p.strip()]
    main_idx = max(range(len(paras)), key=lambda i: len(_hours(_spans(paras[i]))) * 10 + (i == 0)) if paras else 0
    main = paras[main_idx] if paras else body
    notes = [p for i, p in enumerate(paras) if i > main_idx]
    # hour-by-hour lines / clauses
    busy, free = set(), set()
    any_busy_clause = False
    polarity = None
    for clause in re.split(r"[;\n]|(?<=[.!?])\s|,\s+(?=otherwise|everything|the rest|any other|free|but)", main):
        hrs = _hours(_spans(clause))
        clause = re.sub(r"\b(\d{1,2})\.00\b", r"\1:00", clause)
        b = bool(BUSY.search(clause)) or bool(re.search(r"\bnot\s+(free|available|open)", clause, re.I))
        f = bool(FREE.search(clause)) and not re.search(r"\bnot\s+(free|available|open)", clause, re.I)
        if b and not f:
            polarity = "busy"
        elif f and not b:
            polarity = "free"
        elif b and f:
            polarity = "busy" if BUSY.search(clause).start() < FREE.search(clause).start() else "free"
        if not hrs:
            continue
        if polarity == "free":
            free |= hrs
        else:
            busy |= hrs
            any_busy_clause = True
    if not any_busy_clause and free:
        busy = set(HOURS) - free
    back, added = set(), set()
    for note in notes:
        for sent in re.split(r"(?<=[.!?)])\s+", note):
            hrs = _hours(_spans(sent))
            if not hrs:
                continue
            score = len(BACK.findall(sent)) - len(ADD.findall(sent))
            if re.search(r"\b(scratch|remove|delete|strike|drop|take)\b[^.]*\bfrom\b[^.]*\bbusy", sent, re.I):
                score = 5
            if re.search(r"\b(add|put)\b[^.]*\b(to|on)\b[^.]*\bbusy", sent, re.I):
                score = -5
            (back if score > 0 else added).update(hrs)
    return busy, back, added


MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")


def _named_day(prompt: str, now: datetime) -> date | None:
    """A date the request names ("Monday 7 December", "December 7") 3-20 days ahead, the meeting's day."""
    found = []
    mon = "|".join(MONTHS)
    for m in re.finditer(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({mon})|\b({mon})\s+(\d{{1,2}})\b", prompt, re.I):
        d, name = (m[1], m[2]) if m[1] else (m[4], m[3])
        month = MONTHS.index(name.lower()) + 1
        for year in (now.year, now.year + 1):
            try:
                cand = date(year, month, int(d))
            except ValueError:
                continue
            if 2 <= (cand - now.date()).days <= 25:
                found.append(cand)
    return found[-1] if found else None


@script
class Scheduling(Script):
    part = "scheduling"
    trigger = r"one-hour|when they.re busy|suits all|an hour with"

    async def turn(self, desk: Desk) -> None:
        mem = desk.memory
        if "day" not in mem:
            day = _named_day(desk.prompt, desk.now)
            if day is None:
                return
            mem["day"] = day.isoformat()
        day = date.fromisoformat(mem["day"])
        if "people" not in mem:
            people = []
            for addr, name in desk.book.names.items():
                if "@" in addr and name.split() and re.search(rf"\b{re.escape(name.split()[0])}\b", desk.prompt):
                    people.append(addr)
            if not people:
                return
            mem["people"] = people
            mem["asked_at"] = desk.now.isoformat()
            await desk.email(people, "Your availability",
                             f"Hi all,\n\nI'm looking for a one-hour slot on {day:%A %d %B}. When are you busy that "
                             f"day between 9:00 and 17:00? Please let me know your availability.\n\nThanks")
            return
        if mem.get("done"):
            return
        people = mem["people"]
        replies: dict[str, dict[str, Any]] = {}
        for e in desk.inbox.emails:
            who = str(e.get("from_address", "")).lower()
            if who in people and str(e.get("received_at") or "") >= mem["asked_at"][:19]:
                replies[who] = e
        waited = desk.now - desk.at(mem["asked_at"])
        if len(replies) < len(people) and waited < timedelta(hours=4):
            return
        held = {h: 0 for h in HOURS}
        for e in desk.events:
            if e.get("status") == "cancelled":
                continue
            s, t = desk.at(e["start"]), desk.at(e["end"])
            for h in HOURS:
                a = s.replace(year=day.year, month=day.month, day=day.day, hour=h, minute=0, second=0, microsecond=0)
                if s < a + timedelta(hours=1) and t > a and s.date() <= day <= t.date():
                    held[h] += 3
        for who, e in replies.items():
            busy, back, added = read_reply(str(e.get("body_text") or ""))
            for h in (busy | added) - back:
                held[h] += 2
        best = min(HOURS, key=lambda h: (held[h], h))
        start = datetime(day.year, day.month, day.day, best, tzinfo=desk.now.tzinfo)
        title = next((t for t in TITLES if t.lower() in desk.prompt.lower()), "Meeting")
        await desk.call("POST", "/calendar/create", {
            "title": title, "start": start.isoformat(), "end": (start + timedelta(hours=1)).isoformat(),
            "organizer": desk.inbox.user_email,
            "attendees": [{"email": p, "display_name": desk.book.name(p)} for p in people]})
        mem["done"] = True
        desk.report.append(f"Booked {title} on {start:%A %d %B} at {best}:00.")
