"""meeting_scheduling: ask the three, parse busy ranges per weekday and the standing rules (also in older mail),
book the first free 60-min slot, move to the next one on a decline (pasting the decline into the agenda), report."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from services.purple.cheats.scripted.desk import Desk, Script, script

DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
T = r"\d{1,2}(?::\d\d)?(?:am|pm)?"
NB = (r"before (\d{1,2}:\d\d)", r"not in until (\d{1,2}:\d\d)", r"earlier than (\d{1,2}:\d\d)")
EB = (r"leave (?:the office )?at (\d{1,2}:\d\d)", r"finish by (\d{1,2}:\d\d)", r"out the door at (\d{1,2}:\d\d)",
      r"ends by (\d{1,2}:\d\d)", r"hard stop at (\d{1,2}:\d\d)")


def _min(t: str) -> int:
    m = re.fullmatch(r"(\d{1,2})(?::(\d\d))?(am|pm)?", t)
    h = int(m[1]) % 12 + 12 if m[3] == "pm" else int(m[1]) % 12 if m[3] == "am" else int(m[1])
    return h * 60 + int(m[2] or 0)


def parse(text: str, rules: dict) -> None:
    """Busy ranges per weekday index, days out, not-before and end-by, from one email."""
    low = text.lower()
    for a, b, d in re.findall(rf"({T})-({T}) on (tue|wed|thu|fri)", low):
        rules["busy"].append((DAYS.index(d), _min(a), _min(b)))
    low = re.sub(rf"({T})-({T}) on (tue|wed|thu|fri)\w*", "", low)
    marks = list(re.finditer(r"\b(tue|wed|thu|fri)\w*", low))
    for i, mk in enumerate(marks):
        seg = low[mk.end(): marks[i + 1].start() if i + 1 < len(marks) else len(low)]
        seg = seg.split("\n\n")[0]
        day = DAYS.index(mk[1])
        if re.match(r"\W*(?:i'm )?off\b|\s*\|\s*off", seg):
            rules["out"].add(day)
        for a, b in re.findall(rf"({T})-({T})", seg):
            rules["busy"].append((day, _min(a), _min(b)))
    for d in re.findall(r"every (tue|wed|thu|fri)", low):
        rules["out"].add(DAYS.index(d))
    for p in NB:
        for t in re.findall(p, low):
            rules["nb"] = max(rules["nb"], _min(t))
    for p in EB:
        for t in re.findall(p, low):
            rules["eb"] = min(rules["eb"], _min(t))


@script
class MeetingScheduling(Script):
    part = "meeting_scheduling"
    trigger = r"email the three of them for their availability"

    async def turn(self, desk: Desk) -> None:
        mem = desk.memory
        people = re.findall(r"([A-Z][\w'-]+ [A-Z][\w'-]+) \(([^)\s]+@[^)\s]+)\)", desk.prompt)
        title = re.search(r"1-hour '([^']+)'", desk.prompt)[1]
        addrs = [a.lower() for _, a in people]
        if "asked" not in mem:
            mem["asked"] = True
            await desk.email(addrs, f"{title}: when are you busy?",
                             f"Hi {', '.join(n.split()[0] for n, _ in people)},\n\nWhen are you busy between "
                             "Tuesday and Friday? I'm looking for one hour for all of us. Anything else I should "
                             "know about your hours?\n\nThanks")
            return
        mine = [e for e in desk.events if e.get("title") == title]
        if "slots" not in mem:
            replied = {str(e["from_address"]).lower() for e in desk.inbox.emails
                       if str(e["from_address"]).lower() in addrs and desk.at(e.get("received_at")) > desk.now
                       - timedelta(hours=3) and not str(e.get("subject", "")).startswith("Declined")}
            if len(replied) < 3:
                return
            per = {a: {"busy": [], "out": set(), "nb": 0, "eb": 24 * 60} for a in addrs}
            for e in desk.inbox.emails:
                a = str(e["from_address"]).lower()
                if a in per:
                    parse(f"{e.get('subject', '')}\n\n{e.get('body_text', '')}", per[a])
            monday = desk.now.replace(hour=0, minute=0, second=0, microsecond=0) - timedelta(days=desk.now.weekday())
            mine_busy = [(desk.at(e["start"]), desk.at(e["end"])) for e in desk.events if not e.get("all_day")]
            slots = []
            for day in (1, 2, 3, 4):
                for start in range(9 * 60, 16 * 60 + 1, 5):
                    end = start + 60
                    ok = all(day not in r["out"] and start >= r["nb"] and end <= r["eb"]
                             and not any(d == day and a < end and start < b for d, a, b in r["busy"])
                             for r in per.values())
                    s = monday + timedelta(days=day, minutes=start)
                    if ok and not any(a < s + timedelta(hours=1) and s < b for a, b in mine_busy):
                        slots.append(s)
            if not slots:
                return
            mem["slots"] = [s.isoformat() for s in slots]
            await desk.call("POST", "/calendar/create", {
                "title": title, "start": slots[0].isoformat(), "end": (slots[0] + timedelta(hours=1)).isoformat(),
                "organizer": desk.inbox.user_email, "description": f"{title}.",
                "attendees": [{"email": a, "display_name": n} for n, a in people]})
            return
        if not mine:
            return
        ev = mine[0]
        decl = [e for e in desk.inbox.emails if str(e.get("subject", "")).startswith("Declined")]
        if decl and "moved" not in mem:
            start = datetime.fromisoformat(mem["slots"][0])
            nxt = next((datetime.fromisoformat(s) for s in mem["slots"] if datetime.fromisoformat(s).date()
                        != start.date()), None)
            if nxt is None:
                return
            mem["moved"] = True
            await desk.call("POST", "/calendar/update", {
                "event_id": ev["event_id"], "start": nxt.isoformat(), "end": (nxt + timedelta(hours=1)).isoformat(),
                "description": f"{title}. Agenda request: {decl[0].get('body_text', '')}"})
            return
        atts = [a for a in ev.get("attendees") or [] if a["email"].lower() in addrs]
        if "moved" in mem and len(atts) == 3 and all(a.get("response") == "accepted" for a in atts) \
                and "said" not in mem:
            mem["said"] = True
            s, e = desk.at(ev["start"]), desk.at(ev["end"])
            desk.report.append(f"All set: the {title} is on {s:%A} {s.day} {s:%B}, {s:%H:%M}-{e:%H:%M} UTC, and all "
                               "three accepted.")
