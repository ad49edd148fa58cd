"""Rules for the classic ``calendar_conflicts``, from reading its template and generator (part version 2): the
request names the board review's day and "my <personal event> on <day>" (it has no attendees); the third priority is
read by its cue words — a company with "winding ... down" / "handed off" / "can wait" loses, with "renewal" / "won't
bump" wins; "topics" / "what they want to cover" / "list" points at the customer who mailed an agenda; "<Weekday>'s
clash" at the customer of that day; "internal ... beat/first/wins" is internal first; otherwise customers first.
The destination is read by its cue words (``_calendar.destination``). A customer meeting has someone outside the
user's domain; the user's losers move, the others' are declined."""

from __future__ import annotations

import re
from itertools import combinations
from typing import Any

from services.purple.cheats.scripted._calendar import destination, live, others, overlaps, span, target
from services.purple.cheats.scripted.desk import Desk, Script, script

PERSONAL = re.compile(r"my (.+?) (?:on |\()(\w+day)", re.IGNORECASE)
DAY_CLASH = re.compile(r"(\w+day)'s clash|clashes on (\w+day)|the (\w+day) double-booking", re.IGNORECASE)


def _company(event: dict[str, Any], user: str) -> str | None:
    domain = user.rpartition("@")[2]
    outside = [p for p in others(event, user) if not p.lower().endswith("@" + domain)]
    return outside[0].rpartition("@")[2].split(".")[0].lower() if outside else None


def _focus(desk: Desk, customers: dict[str, str]) -> tuple[str | None, bool]:
    """The customer the exception names and whether it then wins (None: no exception)."""
    prompt = desk.prompt
    if re.search(r"topics|what they want to cover|their list", prompt, re.IGNORECASE):
        sender = next((str(m.get("from_address")) for m in desk.inbox.emails
                       if str(m.get("from_address")).rpartition("@")[2].split(".")[0].lower() in customers), "")
        return sender.rpartition("@")[2].split(".")[0].lower() or None, True
    if (m := DAY_CLASH.search(prompt)) is not None:
        day = next(g for g in m.groups() if g).lower()
        return next((c for c, d in customers.items() if d == day), None), False
    for company in customers:
        if re.search(rf"{company}\W.{{0,60}}?(winding|handed|handing|can wait)|winding {company}", prompt, re.I):
            return company, False
        if re.search(rf"{company}.{{0,60}}?(renewal|won't bump|can't lose)", prompt, re.IGNORECASE):
            return company, True
    return None, False


@script
class CalendarConflicts(Script):
    part = "calendar_conflicts"
    trigger = r"board review"

    async def turn(self, desk: Desk) -> None:
        if not desk.once("calendar_conflicts"):
            return
        user = desk.inbox.user_email
        stays = PERSONAL.search(desk.prompt)
        personal_day = stays.group(2).lower() if stays else ""
        week = [e for e in desk.events if live(e, user) and span(e)[0] > desk.now]
        pairs = [(a, b) for a, b in combinations(week, 2) if overlaps(span(a), span(b))]
        customers = {c: f"{span(e)[0]:%A}".lower() for a, b in pairs for e in (a, b)
                     if (c := _company(e, user)) and "board review" not in str(a.get("title")).lower() + str(
                         b.get("title")).lower()}
        focus, focus_wins = _focus(desk, customers)
        internal_first = re.search(r"internal (meetings )?(beat|first|win)|give way to an internal|keep the internal",
                                   desk.prompt, re.IGNORECASE) is not None

        def protected(e: dict[str, Any]) -> bool:
            return str(e.get("title")).lower() == "board review" or (
                not e.get("attendees") and f"{span(e)[0]:%A}".lower() == personal_day
                and str(e.get("title")).lower() != "team standup")

        plans = []
        for a, b in pairs:
            if protected(a) or protected(b):
                winner, loser = (a, b) if protected(a) else (b, a)
            else:
                cust, intl = (a, b) if _company(a, user) else (b, a)
                wins = focus_wins if _company(cust, user) == focus else not internal_first
                winner, loser = (cust, intl) if wins else (intl, cust)
            plans.append((winner, loser))
        losers = {loser["event_id"] for _, loser in plans}
        rule = destination(desk.prompt)
        for winner, loser in plans:
            who = others(loser, user)
            start, end = span(loser)
            if str(loser.get("organizer", "")).lower() == user.lower():
                busy = [span(e) for e in week if e["event_id"] not in losers and span(e)[0].date() == start.date()]
                at = target(busy, span(loser), span(winner), rule)
                if at is None:
                    continue
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
            desk.report.append(news + ".")
