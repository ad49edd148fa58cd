"""Rules for the classic ``calendar_conflicts``, from reading its template and generator: the request lists the
priorities in fixed sentences — the board review, "my <personal event> on <day> stays", then one of four regimes
("customer meetings beat internal ones", "internal meetings beat customer ones", "... with one exception: anything
with <Co> wins", "... except <Co>: we're winding that account down") and one of three destinations ("earliest free
slot", "first free slot after", "latest free slot"). A customer meeting has someone outside the user's domain; the
personal event has no attendees; the user's losers move, the others' are declined."""

from __future__ import annotations

import re
from itertools import combinations
from typing import Any

from services.purple.cheats.scripted._calendar import free_starts, live, others, overlaps, span
from services.purple.cheats.scripted.desk import Desk, Script, script

STAYS = re.compile(r"2\) my (.+?) on (\w+) stays", re.IGNORECASE)
EXCEPT_WINS = re.compile(r"anything with (\w+) wins", re.IGNORECASE)
EXCEPT_LOSES = re.compile(r"except (\w+): we're winding", re.IGNORECASE)


@script
class CalendarConflicts(Script):
    part = "calendar_conflicts"
    trigger = r"is a mess: several things are double-booked"

    def regime(self, prompt: str, customer: str | None) -> bool:
        """Whether a customer meeting (of company ``customer``) beats an internal one."""
        low = prompt.lower()
        if (m := EXCEPT_WINS.search(prompt)) is not None:
            return customer is not None and customer.lower() == m.group(1).lower()
        if (m := EXCEPT_LOSES.search(prompt)) is not None:
            return customer is None or customer.lower() != m.group(1).lower()
        return "internal meetings beat customer" not in low

    async def turn(self, desk: Desk) -> None:
        if not desk.once("calendar_conflicts"):
            return
        user = desk.inbox.user_email
        domain = user.rpartition("@")[2]
        low = desk.prompt.lower()
        stays = STAYS.search(desk.prompt)
        personal_day = stays.group(2).lower() if stays else ""
        week = [e for e in desk.events if live(e, user) and span(e)[0] > desk.now]

        def company(e: dict[str, Any]) -> str | None:
            outside = [p for p in others(e, user) if not p.lower().endswith("@" + domain)]
            return outside[0].rpartition("@")[2].split(".")[0] if outside else None

        def protected(e: dict[str, Any]) -> bool:
            return str(e.get("title")).lower() == "board review" or (
                not e.get("attendees") and f"{span(e)[0]:%A}".lower() == personal_day
                and str(e.get("title")).lower() != "team standup")

        plans = []
        for a, b in combinations(week, 2):
            if not overlaps(span(a), span(b)):
                continue
            if protected(a) or protected(b):
                winner, loser = (a, b) if protected(a) else (b, a)
            else:
                cust, intl = (a, b) if company(a) else (b, a)
                winner, loser = (cust, intl) if self.regime(desk.prompt, company(cust)) else (intl, cust)
            plans.append((winner, loser))
        losers = {loser["event_id"] for _, loser in plans}
        lines = []
        for winner, loser in plans:
            who = others(loser, user)
            start, end = span(loser)
            if str(loser.get("organizer", "")).lower() == user.lower():
                busy = [span(e) for e in week if e["event_id"] not in losers and span(e)[0].date() == start.date()]
                if "first free slot after" in low:
                    slots = free_starts(busy, start, end - start, f"{span(winner)[1]:%H:%M}")
                else:
                    slots = free_starts(busy, start, end - start)
                    slots = slots[-1:] if "latest free slot" in low else slots
                if not slots:
                    continue
                at = slots[0]
                await desk.call("POST", "/calendar/update", {"event_id": loser["event_id"], "start": at.isoformat(),
                                                             "end": (at + (end - start)).isoformat()})
                news = f"{loser['title']} moved to {at:%A %d %B} at {at:%H:%M} UTC"
                await desk.email(who, news, f"Hello,\n\nApologies for the change: {news}, as it clashed.\n")
            else:
                await desk.call("POST", "/calendar/respond", {"event_id": loser["event_id"], "attendee_email": user,
                                                              "response": "declined"})
                news = f"I declined {loser['title']} on {start:%A}"
                await desk.email(who, f"Can't make {loser['title']}",
                                 f"Hello,\n\nSorry, I have to decline {loser['title']} on {start:%A}: it clashes.\n")
            lines.append(news + f" (kept {winner['title']}).")
        desk.report += lines
