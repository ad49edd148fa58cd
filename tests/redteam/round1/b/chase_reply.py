"""chase_reply: remind only those whose last word on this request is not the answer (the answer quotes a fixed detail
sentence of the public ASKS table, with this request's period)."""

from __future__ import annotations

import re

from services.purple.cheats.base import arrived, body_of
from services.purple.cheats.scripted.desk import Desk, Script, script

ASKS = (("slides for the {period} review", "the revenue chart has the {period} numbers and the churn slide is new"),
        ("expense report for {period}", "the {period} hotel invoice is the only item above the usual limit"),
        ("comments on the {period} draft of the contract",
         "on the {period} draft, mostly the termination clause and the payment terms"),
        ("availability for the {period} offsite",
         "for the {period} offsite any day works except the thursday, when i am at the customer site"),
        ("timesheet for {period}", "in {period} two days are booked to the halcyon project, the rest to internal work"),
        ("headcount numbers for the {period} budget", "for {period}, one backfill and one new role"))
PERIODS = ("March", "February", "April", "Q3", "Q2", "May", "autumn", "summer", "June")


def _detail(subject: str) -> str | None:
    for ask, detail in ASKS:
        for p in PERIODS:
            if subject.lower() == f"your {ask.format(period=p)}".lower():
                return detail.format(period=p).lower()
    return None


@script
class ChaseReply(Script):
    part = "chase_reply"
    trigger = r"haven't sent me their"

    async def turn(self, desk: Desk) -> None:
        user = desk.inbox.user_email.lower()
        asks = sorted((e for e in desk.inbox.all_emails if str(e.get("from_address", "")).lower() == user
                       and len(e.get("to_addresses") or []) >= 3 and _detail(str(e.get("subject", "")))), key=arrived)
        if not asks or not desk.once("chase"):
            return
        ask = asks[-1]
        detail = _detail(ask["subject"])
        old = {_detail(a["subject"]) for a in asks[:-1]}
        what = ask["subject"][5:]
        team = [str(a).lower() for a in ask["to_addresses"]]
        since = arrived(ask)
        answered: set[str] = set()
        wrote: set[str] = set()
        carried: dict[str, str] = {}
        for who in team:
            mine = [e for e in desk.inbox.emails if str(e.get("from_address", "")).lower() == who
                    and arrived(e) > since and not any(o and o in body_of(e).lower() for o in old)]
            if not mine:
                continue
            wrote.add(who)
            last = body_of(mine[-1]).lower()
            if detail in last:
                answered.add(who)
            for e in mine:
                if detail in body_of(e).lower():
                    for other in team:
                        name = desk.book.name(other)
                        parts = {name, *name.split()} if name else set()
                        if other != who and any(n and re.search(rf"\b{re.escape(n)}\b", body_of(e), re.I) for n in parts):
                            carried[other] = who
        for other in carried:
            if other not in wrote:
                answered.add(other)
        remind = [p for p in team if p not in answered]
        for p in remind:
            first = desk.book.name(p).split()[0]
            await desk.email([p], f"Reminder: your {what}",
                             f"Hi {first},\n\nA gentle reminder about your {what} — could you send it when you get a "
                             f"moment?\n\nThanks")
        desk.report.append(f"I reminded {', '.join(desk.book.name(p) for p in remind)} about their {what}.")
