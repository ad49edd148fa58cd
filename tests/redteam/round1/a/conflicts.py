"""conflicts: the regime and destination phrasings are a finite list; match them, pick the losers, move the one the
user organises to the rule's slot (9:00-17:00, on :00/:30), decline the other, mail each loser's other side."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from services.purple.cheats.scripted.desk import Desk, Script, script

CUSTOMERS = ("Globex", "Initech", "Umbrella", "Hooli", "Soylent", "Stark")
INTERNAL = ("Eng sync", "Design review", "Budget review", "Roadmap sync", "Hiring debrief")
RULES = (("before", r"still ends by the time|just ahead of the meeting that won"),
         ("latest", r"latest free start that day|the last one of the day"),
         ("afternoon", r"from 13:00|not before 13:00"),
         ("after", r"after the meeting it clashed with ends|just after the meeting that won"),
         ("earliest", r"earliest free start that day|first gap of the day"),
         ("nearest", r"nearest its current one|closest free start"))


def _winner(p: str, company: str) -> str:
    """'customer', 'internal', 'earlier', 'later' or 'person:<name>'."""
    m = re.search(r"has (\w+) in it wins|need to see (\w+) that day|keep the meeting (\w+) is in", p)
    if m:
        return "person:" + next(g for g in m.groups() if g)
    if re.search(r"starts first keeps|the later one gives way|begins earlier stays", p):
        return "earlier"
    if re.search(r"starts later keeps|the earlier one gives way|begins second stays", p):
        return "later"
    m = re.search(r"except (\w+)'s: we're winding|so (\w+) loses to internal|unless it's (\w+), whose", p)
    if m:
        return "internal" if next(g for g in m.groups() if g) == company else "customer"
    m = re.search(r"except anything with (\w+)|won't bump is (\w+)|(\w+) excepted", p)
    if m:
        return "customer" if next(g for g in m.groups() if g) == company else "internal"
    if re.search(r"internal meetings beat customer|but not this week|no customer gets priority|internal wins", p):
        return "internal"
    return "customer"


@script
class Conflicts(Script):
    part = "conflicts"
    trigger = r"double-booked|clash on|untangle|has overlaps I need fixed"

    async def turn(self, desk: Desk) -> None:
        m = re.search(r"(\w+day) (\d{1,2}) (January|February|March|April|May|June|July|August|September|October|"
                      r"November|December)", desk.prompt)
        if not m or not desk.once("conflicts"):
            return
        date = datetime.strptime(f"{m.group(2)} {m.group(3)} {desk.now.year}", "%d %B %Y").date()
        if date < desk.now.date():
            date = date.replace(year=date.year + 1)
        user = desk.inbox.user_email.lower()
        day = [e for e in desk.events if desk.at(e["start"]).date() == date and e.get("status") != "cancelled"]
        span = {e["event_id"]: (desk.at(e["start"]), desk.at(e["end"])) for e in day}
        over = lambda a, b: span[a["event_id"]][0] < span[b["event_id"]][1] and span[b["event_id"]][0] < span[a["event_id"]][1]  # noqa: E731
        cust = next((e for e in day if str(e.get("title", "")).split(" ")[0] in CUSTOMERS), None)
        pers = next((e for e in day if re.search(r"lunch with|school play|parent-teacher", str(e.get("title")), re.I)), None)
        if cust is None or pers is None:
            return
        inte = next(e for e in day if e.get("title") in INTERNAL and over(e, cust))
        meet = next(e for e in day if e.get("title") in INTERNAL and over(e, pers) and e is not inte)
        w = _winner(desk.prompt, str(cust["title"]).split(" ")[0])
        if w.startswith("person:"):
            name = w.split(":")[1]
            w = "customer" if any(name.lower() in str(a).lower() for a in cust.get("attendees") or [])\
                else "internal"
        elif w in ("earlier", "later"):
            first = cust if span[cust["event_id"]][0] < span[inte["event_id"]][0] else inte
            w = ("customer" if first is cust else "internal") if w == "earlier" else \
                ("internal" if first is cust else "customer")
        win, lose = (cust, inte) if w == "customer" else (inte, cust)
        rule = next((r for r, pat in RULES if re.search(pat, desk.prompt)), "earliest")
        for loser, winner in ((lose, win), (meet, pers)):
            other = next((a for a in loser.get("attendees") or [] if str(a.get("email")).lower() != user), {})
            title = loser["title"]
            if str(loser.get("organizer", "")).lower() != user:
                await desk.call("POST", "/calendar/respond", {"event_id": loser["event_id"], "attendee_email": user,
                                                              "response": "declined"})
                await desk.email([other["email"]], f"Can't make {title}",
                                 f"Hi,\n\nI'm sorry, I have to decline {title} on {m.group(0)}: it clashes.\n\nThanks")
                desk.report.append(f"Declined {title}.")
                continue
            s0, e0 = span[loser["event_id"]]
            length = e0 - s0
            busy = [span[e["event_id"]] for e in day if e not in (lose, meet)]
            start = datetime.combine(date, datetime.min.time(), tzinfo=s0.tzinfo) + timedelta(hours=9)
            starts = []
            while start + length <= start.replace(hour=17, minute=0):
                if not any(start < b[1] and b[0] < start + length for b in busy):
                    starts.append(start)
                start += timedelta(minutes=30)
            ws, we = span[winner["event_id"]]
            starts = {"after": [s for s in starts if s >= we], "before": [s for s in starts if s + length <= ws][-1:],
                      "latest": starts[-1:], "afternoon": [s for s in starts if s.hour >= 13],
                      "nearest": sorted(starts, key=lambda s: (abs(s - s0), s)), "earliest": starts}[rule]
            if not starts:
                continue
            to = starts[0]
            await desk.call("POST", "/calendar/update", {"event_id": loser["event_id"], "start": to.isoformat(),
                                                         "end": (to + length).isoformat()})
            await desk.email([other["email"]], f"{title} moved to {to:%H:%M}",
                             f"Hi,\n\nSorry for the shuffle: {title} on {m.group(0)} now starts at {to:%H:%M}, as "
                             f"the old time clashed.\n\nThanks")
            desk.report.append(f"Moved {title} to {to:%H:%M}.")
