"""Rules for ``facts_answer``, from reading the public part: the calendar's "Dinner with <host>" event still to come
holds the time; the host's latest mail says "a table at <place>," and "invited <guest>"; another mail says "I'm
coming along too" (its sender is the second guest)."""

from __future__ import annotations

import re

from services.purple.cheats.scripted.desk import Desk, Script, script

ASKED = re.compile(r"my dinner with (\w+)", re.IGNORECASE)
TABLE = re.compile(r"table at (.+?)(?:,|\.| but)")
INVITED = re.compile(r"invited (\w+(?: \w+)?)")


@script
class FactsAnswer(Script):
    part = "facts_answer"
    trigger = r"when and where is my dinner with"

    async def turn(self, desk: Desk) -> None:
        host = ASKED.search(desk.prompt)
        if host is None or not desk.once("facts_answer"):
            return
        name = host.group(1)
        dinners = sorted((e for e in desk.events if name.lower() in str(e.get("title") or "").lower()
                          and desk.at(e.get("start")) > desk.now), key=lambda e: str(e.get("start")))
        lines = []
        if dinners:
            lines.append(f"at {desk.at(dinners[0]['start']):%A %H:%M}")
        mails = sorted(desk.inbox.emails, key=lambda e: str(e.get("received_at") or e.get("sent_at")))
        for email in reversed(mails):
            body = str(email.get("body_text") or "")
            place, guest = TABLE.search(body), INVITED.search(body)
            if place:
                lines.append(f"the place is {place.group(1)}")
            if guest:
                lines.append(f"with {guest.group(1)}")
            if place or guest:
                break
        for email in mails:
            if "coming along too" in str(email.get("body_text") or ""):
                lines.append(f"and {desk.book.name(str(email.get('from_address') or ''))}")
        desk.report.append("Your dinner: " + ", ".join(lines) + ".")
