"""Rules for ``conflicts``, from reading the public part (version 2): the request names the day ("<Weekday> <d>
<Month>") and the personal event that stays (it has no attendees); between the customer meeting (someone outside the
user's domain) and the internal one, the regime is read by its cue words — a company named with "winding ... down"
or "handed off" (that customer loses), with "renewal" or "won't bump" (it wins), a first name "in it" (that person's
meeting wins), "starts first/earlier" or "later", "internal ... wins/beat" — and the destination by its cue words.
The user's losers move, the others' are declined."""

from __future__ import annotations

import re
from itertools import combinations
from typing import Any

from services.purple.cheats.scripted._calendar import (
    MONTHS,
    destination,
    live,
    others,
    overlaps,
    span,
    target,
)
from services.purple.cheats.scripted.desk import Desk, Script, script

DAY = re.compile(r"\w+day (\d{1,2}) (\w+)", re.IGNORECASE)
LOSES = re.compile(r"(?:winding|except|not|unless it's) (\w+)(?:'s)?\W.{0,40}?(?:down|handed|can wait)",
                   re.IGNORECASE | re.DOTALL)
WINS = re.compile(r"(?:anything with|(\w+)'s renewal|- )(\w+)?.{0,30}?(?:renewal|won't bump)", re.IGNORECASE)
PERSON = re.compile(r"(?:has|see|meeting) (\w+) (?:in it|that day|is in)", re.IGNORECASE)


def customer_wins(prompt: str, customer: dict[str, Any], internal: dict[str, Any], company: str) -> bool:
    low = prompt.lower()
    if (m := PERSON.search(prompt)) is not None:
        return any(m.group(1).lower() in p.lower() for p in others(customer, ""))
    if re.search(r"starts first|begins earlier|earlier start stays", low):
        return span(customer)[0] < span(internal)[0]
    if re.search(r"starts later|begins later|later start stays", low):
        return span(customer)[0] > span(internal)[0]
    if company and re.search(rf"{company}\W.{{0,40}}(down|handed|can wait)|winding {company}", prompt, re.I):
        return False
    if company and re.search(rf"{company}.{{0,40}}(renewal|won't bump)", prompt, re.IGNORECASE):
        return True
    return not re.search(r"internal (meetings )?(beat|wins|first)|gives way to an internal", low)


@script
class Conflicts(Script):
    part = "conflicts"
    trigger = r"^(?!.*board review).*(double-booked|clash|overlap|untangle)"

    async def turn(self, desk: Desk) -> None:
        named = DAY.search(desk.prompt)
        if named is None or named.group(2).lower() not in MONTHS or not desk.once("conflicts"):
            return
        user = desk.inbox.user_email
        domain = user.rpartition("@")[2]
        date = desk.now.replace(month=MONTHS.index(named.group(2).lower()) + 1, day=int(named.group(1)))
        rule = destination(desk.prompt)
        day = [e for e in desk.events if span(e)[0].date() == date.date() and live(e, user)]

        def company(e: dict[str, Any]) -> str:
            outside = [p for p in others(e, user) if not p.lower().endswith("@" + domain)]
            return outside[0].rpartition("@")[2].split(".")[0] if outside else ""

        plans = []
        for a, b in combinations(day, 2):
            if not overlaps(span(a), span(b)):
                continue
            if not others(a, user) or not others(b, user):
                winner, loser = (a, b) if not others(a, user) else (b, a)
            elif bool(company(a)) != bool(company(b)):
                cust, intl = (a, b) if company(a) else (b, a)
                wins = customer_wins(desk.prompt, cust, intl, company(cust))
                winner, loser = (cust, intl) if wins else (intl, cust)
            else:
                continue
            plans.append((winner, loser))
        losers = [loser["event_id"] for _, loser in plans]
        for winner, loser in plans:
            who = others(loser, user)
            if str(loser.get("organizer", "")).lower() == user.lower():
                at = target([span(e) for e in day if e["event_id"] not in losers], span(loser), span(winner), rule)
                if at is None:
                    continue
                end = at + (span(loser)[1] - span(loser)[0])
                await desk.call("POST", "/calendar/update", {"event_id": loser["event_id"], "start": at.isoformat(),
                                                             "end": end.isoformat()})
                await desk.email(who, f"{loser['title']} moved to {at:%H:%M}",
                                 f"Hi,\n\n{loser['title']} now starts at {at:%H:%M}, as the old time clashed.\n")
            else:
                await desk.call("POST", "/calendar/respond", {"event_id": loser["event_id"], "attendee_email": user,
                                                              "response": "declined"})
                await desk.email(who, f"Can't make {loser['title']}",
                                 f"Hi,\n\nI'm sorry, I have to decline {loser['title']}: it clashes.\n")
            desk.report.append(f"Resolved {loser['title']}.")
