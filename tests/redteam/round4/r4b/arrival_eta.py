"""arrival_eta: the location modality gives the current site (name and address); the meeting in the calendar gives
the host (its organiser, looked up in the contacts for a phone) and its start; the leave time is the clock time of
the request that is not the meeting's; the shuttle mail (the read mail naming the site) gives the row's minutes
(digits or number words, or a gap to the first row) and the departures (":MM", "N past", "every N", "N minutes
past"); a later unread mail naming the site with minutes overrides the row unless it reads as an aside."""

from __future__ import annotations

import re
from datetime import timedelta

from green_agent.scenario_kit.facts import times
from services.purple.cheats.scripted.desk import Desk, Script, script

NUM = {"five": 5, "ten": 10, "fifteen": 15, "twenty": 20, "twenty-five": 25, "twenty five": 25, "thirty": 30,
       "thirty-five": 35, "thirty five": 35, "forty": 40, "forty-five": 45, "forty five": 45, "fifty": 50,
       "fifty-five": 55, "fifty five": 55, "sixty": 60, "sixty-five": 65, "an hour and five minutes": 65,
       "an hour and ten minutes": 70, "a quarter of an hour": 15, "quarter of an hour": 15, "half an hour": 30,
       "three quarters of an hour": 45, "an hour": 60, "one hour": 60}
_NUMRE = "|".join(sorted((re.escape(k) for k in NUM), key=len, reverse=True))
PAST = {"on the hour": 0, "o'clock": 0, "five past": 5, "ten past": 10, "quarter past": 15, "a quarter past": 15,
        "twenty past": 20, "twenty-five past": 25, "half past": 30, "twenty-five to": 35, "twenty to": 40,
        "quarter to": 45, "ten to": 50, "five to": 55}
_PASTRE = "|".join(sorted((re.escape(k) for k in PAST), key=len, reverse=True))
ASIDE = re.compile(r"way back|return|not for|unrelated|next month|next week|taxi|cab\b|last year|\bago\b|nothing changes|"
                   r"still|\bstands?\b|current\b|up to date|in case|evening|yesterday|someone|colleague|before the|"
                   r"from next|starting|will take|won't|no change|unchanged|as listed|holds?\b|ignore|anyway|"
                   r"used to|took\b|was\b", re.I)
CORRECT = re.compile(r"correction|wrong|mistake|update|change to|amend|slower|now takes|at the moment|currently|"
                     r"at present|for now|allow|budget|->|=|instead|rather than|not \d", re.I)


def _minutes(text: str) -> list[int]:
    """Durations in ``text``, in order: digits before min/minute, or number words."""
    out = []
    for m in re.finditer(rf"(\d{{1,3}})\s*(?:min|minutes|mins|m\b)|({_NUMRE})", text, re.I):
        out.append(int(m[1]) if m[1] else NUM[m[2].lower()])
    return out


def _departures(text: str) -> list[int]:
    deps = {int(m) for m in re.findall(r"(?<![\d])[:.](\d\d)\b(?!\s*(?:am|pm))", text) if int(m) < 60}
    deps |= {PAST[m.lower()] for m in re.findall(_PASTRE, text, re.I)}
    m = re.search(r"((?:\d{1,2}\s*(?:,|and|&)\s*)+\d{1,2})\s+minutes?\s+past", text, re.I)
    if m:
        deps |= {int(x) for x in re.findall(r"\d+", m[1])}
    every = re.search(rf"every\s+(\d+|{_NUMRE})\s*(?:min|minutes)?", text, re.I)
    if every:
        period = int(every[1]) if every[1].isdigit() else NUM.get(every[1].lower(), 0)
        if period in (15, 20, 30) and deps:
            first = min(deps)
            deps |= set(range(first % period, 60, period))
    return sorted(d for d in deps if 0 <= d < 60)


@script
class ArrivalEta(Script):
    part = "arrival_eta"
    trigger = r"."

    async def turn(self, desk: Desk) -> None:
        if "arrival" in desk.memory:
            return
        loc = await desk.call("GET", "/location/state") or {}
        cur = loc.get("current") or {}
        site, addr = str(cur.get("named_location") or ""), str(cur.get("address") or "")
        if not site and not addr:
            return
        keys = [k for k in (site, site.removeprefix("the ").removeprefix("The "), addr) if k]

        def names(text: str) -> bool:
            return any(k.lower() in text.lower() for k in keys)

        table = next((e for e in desk.inbox.emails if names(str(e.get("body_text") or ""))
                      and len(_minutes(str(e.get("body_text") or ""))) >= 3), None)
        if table is None:
            return
        body = str(table["body_text"])
        deps = _departures(body)
        if not deps:
            return
        # The row: the line (else sentence/clause) naming the site.
        pieces = [p for p in re.split(r"\n|(?<=[.;])\s+|,\s+|\s+and\s+(?!five minutes)", body) if p.strip()]
        row = next((p for p in pieces if names(p)), "")
        mins = None
        if row:
            found = _minutes(row)
            if found:
                mins = found[0]
                if re.search(r"longer|more|slower|extra|add", row, re.I) or re.search(r"less|shorter|fewer|quicker|faster", row, re.I):
                    first = next((p for p in pieces if _minutes(p) and re.search(r"takes|it's|is", p, re.I)), "")
                    base = _minutes(first)[0] if first and first != row else None
                    if base is not None and re.search(r"longer|more|slower|extra|add", row, re.I):
                        mins = base + mins
                    elif base is not None:
                        mins = base - mins
        if mins is None:
            return
        # Later mails naming the site: a correction only makes the ride slower, to minutes no row takes; else the
        # words decide (aside cues against correction cues).
        rows = _minutes(body)
        base_mins = mins
        for e in desk.inbox.emails:
            if e is table or desk.at(e.get("received_at") or e.get("sent_at")) <= desk.at(
                    table.get("received_at") or table.get("sent_at")):
                continue
            text = str(e.get("body_text") or "")
            if not names(text):
                continue
            found = _minutes(text)
            if not found:
                continue
            new = found[0]
            if new <= base_mins or new in rows:
                continue
            if len(ASIDE.findall(text)) > len(CORRECT.findall(text)):
                continue
            mins = new
        # Meeting, host, leave time.
        user = desk.inbox.user_email.lower()
        today = desk.now.date()
        meeting = None
        for ev in sorted(desk.events, key=lambda v: str(v.get("start"))):
            start = desk.at(ev.get("start"))
            if start.date() == today and start > desk.now and str(ev.get("organizer") or "").lower() != user:
                if any(desk.book.name(str(ev.get("organizer") or "")).split()[0].lower() in desk.prompt.lower()
                       for _ in [0]):
                    meeting = ev
                    break
        if meeting is None:
            return
        start = desk.at(meeting["start"])
        org = str(meeting.get("organizer") or "").lower()
        contacts = await desk.call("GET", "/contacts/state") or {}
        phone = ""
        for c in (contacts.get("contacts") or {}).values():
            ids = c.get("identifiers") or []
            if any(str(i.get("value", "")).lower() == org for i in ids):
                phone = next((str(i["value"]) for i in ids if i.get("identifier_type") == "phone"), "")
        if not phone:
            return
        moments = sorted(t for t in times(desk.prompt, desk.now) if abs(t - start) >= timedelta(minutes=30)
                         and t < start and start - t <= timedelta(hours=3))
        if not moments:
            return
        leave = moments[0]
        board = leave + timedelta(minutes=1)
        while board.minute not in deps:
            board += timedelta(minutes=1)
        eta = board + timedelta(minutes=mins)
        desk.memory["arrival"] = True
        first = desk.book.name(org).split()[0]
        await desk.text(phone, f"Hi {first}, I'll be there at {eta:%H:%M}. See you soon!")
        desk.report.append(f"Texted {first}: arriving {eta:%H:%M}.")
