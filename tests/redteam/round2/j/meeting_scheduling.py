"""meeting_scheduling: ask the three, parse busy blocks and rules, invite at the first free hour, move on decline."""
import re
from datetime import UTC, datetime, timedelta

from services.purple.cheats.scripted.desk import Desk, Script, script

DAYS = {"tue": 10, "wed": 11, "thu": 12, "fri": 13}
NAMES = {10: "Tuesday", 11: "Wednesday", 12: "Thursday", 13: "Friday"}
DAY = r"\b(tue|wed|thu|fri)(?:sday|nesday|rsday|day)?s?\b"
T = r"\d{1,2}(?::\d\d)?(?:\s*[ap]m)?"
RANGE = rf"({T})\s*-\s*({T})(?:\s+on\s+{DAY})?"
OFF = r"(?<![-\w])off\b|away all day|out of the office|on leave"
HOUR = timedelta(hours=1)


def mins(t: str) -> int:
    m = re.fullmatch(r"(\d{1,2})(?::(\d\d))?\s*(am|pm)?", t.strip(), re.I)
    h, mi, ap = int(m[1]), int(m[2] or 0), (m[3] or "").lower()
    if ap:
        h = h % 12 + (12 if ap == "pm" else 0)
    return h * 60 + mi


def at(day: int, minute: int) -> datetime:
    return datetime(2026, 3, day, tzinfo=UTC) + timedelta(minutes=minute)


def parse(text: str, older: bool, busy: list, rule: dict) -> None:
    if older:  # the heads-up note: a weekday out, or one time (before/until = not before; else end by)
        for d in re.findall(DAY, text, re.I):
            rule["out"].add(DAYS[d.lower()])
        for m in re.finditer(r"(before|until|at|by)\s+(\d{1,2}:\d\d)", text, re.I):
            key = "nb" if m[1].lower() in ("before", "until") else "eb"
            rule[key].append(mins(m[2]))
        return
    for m in re.finditer(r"(?:before|until|earlier than)\s+(\d{1,2}:\d\d)", text, re.I):
        rule["nb"].append(mins(m[1]))
    for m in re.finditer(r"(?:finish by|ends? by|stop at|door at|leave at)\s+(\d{1,2}:\d\d)", text, re.I):
        rule["eb"].append(mins(m[1]))
    tokens = sorted([(m.start(), "day", m) for m in re.finditer(DAY, text, re.I)]
                    + [(m.start(), "range", m) for m in re.finditer(RANGE, text, re.I)]
                    + [(m.start(), "off", m) for m in re.finditer(OFF, text, re.I)], key=lambda x: x[0])
    current, last_end = None, -1
    for pos, kind, m in tokens:
        if pos < last_end:
            continue
        if kind == "day":
            current = DAYS[m[1].lower()]
        elif kind == "off" and current:
            rule["out"].add(current)
        elif kind == "range":
            last_end = m.end()
            day = DAYS[m[3].lower()] if m[3] else current
            if day:
                busy.append((at(day, mins(m[1])), at(day, mins(m[2]))))


def valid(busy: list, rule: dict) -> list[datetime]:
    nb, eb = max(rule["nb"], default=0), min(rule["eb"], default=24 * 60)
    out = []
    for day in DAYS.values():
        if day in rule["out"]:
            continue
        for m in range(max(9 * 60, nb), min(17 * 60, eb) - 60 + 1, 5):
            s = at(day, m)
            if not any(a < s + HOUR and s < b for a, b in busy):
                out.append(s)
    return out


@script
class MeetingScheduling(Script):
    part = "meeting_scheduling"
    trigger = r"set up a 1-hour"

    async def turn(self, desk: Desk) -> None:
        mem = desk.memory
        people = re.findall(r"\(([^()\s]+@[^()\s]+)\)", desk.prompt)[:3]
        title = (re.search(r"1-hour '([^']+)'", desk.prompt) or [None, "Meeting"])[1]
        if desk.once("ms-ask"):
            await desk.email(people, f"{title}: when are you busy Tue-Fri?",
                             "Hi all,\n\nI'm lining up a one-hour " + title + " for us this week, Tuesday to Friday "
                             "between 09:00 and 17:00 UTC. Could you tell me when you're busy, plus any standing "
                             "constraints I should know about?\n\nThanks")
            return
        mine = [e for e in desk.inbox.emails if str(e.get("from_address", "")).lower() in people]
        new = [e for e in mine if desk.at(e.get("received_at") or e.get("sent_at")) >= at(9, 9 * 60)]
        replies = [e for e in new if not str(e.get("subject", "")).lower().startswith("declined")]
        declines = [e for e in new if str(e.get("subject", "")).lower().startswith("declined")]
        if "event" not in mem:
            if len({str(e["from_address"]).lower() for e in replies}) < 3:
                return
            busy = [(desk.at(e["start"]), desk.at(e["end"])) for e in desk.events]
            rule = {"nb": [], "eb": [], "out": set()}
            for e in mine:
                old = desk.at(e.get("received_at") or e.get("sent_at")) < at(9, 9 * 60)
                parse(str(e.get("body_text") or ""), old, busy, rule)
            mem["valid"] = valid(busy, rule)
            if not mem["valid"]:
                return
            start = mem["valid"][0]
            mem["body"] = {"title": title, "start": start.isoformat(), "end": (start + HOUR).isoformat(),
                           "organizer": desk.inbox.user_email, "description": f"Agenda: {title}.",
                           "attendees": [{"email": p} for p in people]}
            made = await desk.call("POST", "/calendar/create", mem["body"]) or {}
            found = re.search(r"calendar_event_id: ([\w-]+)", str(made))
            mem["event"], mem["start"] = found[1] if found else None, start
            return
        if declines and "moved" not in mem:
            text = str(declines[0].get("body_text") or "")
            cust = re.search(r"The (\w+) [\w ]+? call has|at (\w+) could|call with (\w+) landed|from (\w+) just"
                             r"", text)
            cust = next((g for g in (cust.groups() if cust else ()) if g), "customer")
            free = re.search(rf"floated {DAY}|{DAY} (?:is unaffected|was their|stays)", text, re.I)
            free = DAYS[(free[1] or free[2]).lower()] if free else None
            out = {DAYS[d.lower()] for d in re.findall(DAY, text, re.I)} - {free}
            first = mem["start"]
            left = [s for s in mem["valid"] if s.date() != first.date() and s.day not in out] or \
                [s for s in mem["valid"] if s.day not in out and s >= first + HOUR]
            if not left:
                return
            start = mem["final"] = left[0]
            body = {**mem["body"], "event_id": mem["event"], "start": start.isoformat(),
                    "end": (start + HOUR).isoformat(),
                    "description": f"Agenda: {title}; plus 10 minutes on the {cust} call."}
            body.pop("organizer")
            await desk.call("POST", "/calendar/update", body)
            mem["moved"] = True
            return
        if mem.get("moved") and desk.once("ms-report"):
            ev = next((e for e in desk.events if e.get("event_id") == mem["event"]), {})
            if not all((a.get("response") or a.get("response_status")) == "accepted"
                       for a in ev.get("attendees") or [{}]):
                desk.run.done.discard("ms-report")
                return
            s = mem["final"]
            desk.report.append(f"Done: the {title} is booked for {NAMES[s.day]} {s.day} March at {s:%H:%M} UTC "
                               "and all three have accepted.")
