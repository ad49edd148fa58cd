"""Rules for ``conflicts``, from reading the public part: the request names the day ("My calendar on <day> is
double-booked"), the personal event that stays, and one of two fixed sentences ("customer meetings beat internal
ones" / "internal meetings beat customer ones") and destinations ("earliest free start" / "first free start after");
a customer meeting is the one with someone outside the user's domain; the user's losers move, the others' decline."""

from __future__ import annotations

import re
from itertools import combinations

from services.purple.cheats.scripted._calendar import MONTHS, free_starts, live, others, overlaps, span
from services.purple.cheats.scripted.desk import Desk, Script, script

DAY = re.compile(r"my calendar on \w+ (\d{1,2}) (\w+) is double-booked", re.IGNORECASE)
STAYS = re.compile(r"priorities: (.+?) stays", re.IGNORECASE)


@script
class Conflicts(Script):
    part = "conflicts"
    trigger = r"is double-booked\. Fix each clash"

    async def turn(self, desk: Desk) -> None:
        named, stays = DAY.search(desk.prompt), STAYS.search(desk.prompt)
        if named is None or stays is None or not desk.once("conflicts"):
            return
        user = desk.inbox.user_email
        domain = user.rpartition("@")[2]
        date = desk.now.replace(month=MONTHS.index(named.group(2).lower()) + 1, day=int(named.group(1)))
        internal_first = "internal meetings beat customer" in desk.prompt.lower()
        after = "first free start after" in desk.prompt.lower()
        day = [e for e in desk.events if span(e)[0].date() == date.date() and live(e, user)]

        def customer(e: dict) -> bool:
            return any(not p.lower().endswith("@" + domain) for p in others(e, user))

        plans = []
        for a, b in combinations(day, 2):
            if not overlaps(span(a), span(b)):
                continue
            if str(a.get("title")).lower() == stays.group(1).lower():
                winner, loser = a, b
            elif str(b.get("title")).lower() == stays.group(1).lower():
                winner, loser = b, a
            elif customer(a) != customer(b):
                cust, intl = (a, b) if customer(a) else (b, a)
                winner, loser = (intl, cust) if internal_first else (cust, intl)
            else:
                continue
            plans.append((winner, loser))
        losers = [loser["event_id"] for _, loser in plans]
        for winner, loser in plans:
            who = others(loser, user)
            if str(loser.get("organizer", "")).lower() == user.lower():
                start, end = span(loser)
                busy = [span(e) for e in day if e["event_id"] not in losers]
                first = f"{span(winner)[1]:%H:%M}" if after else "09:00"
                slots = free_starts(busy, start, end - start, first)
                if not slots:
                    continue
                at = slots[0]
                await desk.call("POST", "/calendar/update", {"event_id": loser["event_id"], "start": at.isoformat(),
                                                             "end": (at + (end - start)).isoformat()})
                await desk.email(who, f"{loser['title']} moved to {at:%H:%M}",
                                 f"Hi,\n\n{loser['title']} now starts at {at:%H:%M}, as the old time clashed.\n")
            else:
                await desk.call("POST", "/calendar/respond", {"event_id": loser["event_id"], "attendee_email": user,
                                                              "response": "declined"})
                await desk.email(who, f"Can't make {loser['title']}",
                                 f"Hi,\n\nI'm sorry, I have to decline {loser['title']}: it clashes.\n")
            desk.report.append(f"Resolved {loser['title']}.")
