"""Rules for ``organiser_move``, from reading the public part: the asker's mail is titled "Moving the <meeting>?" and
offers two times as "move it to <A> or <B> instead"; the one that overlaps nothing on the calendar is the answer."""

from __future__ import annotations

import re

from services.purple.cheats.scripted._calendar import dated, others, overlaps, span
from services.purple.cheats.scripted.desk import Desk, Script, script

OFFERS = re.compile(r"move it to (.+?) or (.+?) instead", re.IGNORECASE | re.DOTALL)
SUBJECT = re.compile(r"moving the (.+?)\?", re.IGNORECASE)


@script
class OrganiserMove(Script):
    part = "organiser_move"
    trigger = r"asked to move our"

    async def turn(self, desk: Desk) -> None:
        if not desk.once("organiser_move"):
            return
        for mail in desk.inbox.emails:
            subject, offers = SUBJECT.search(str(mail.get("subject"))), OFFERS.search(str(mail.get("body_text")))
            if subject is None or offers is None:
                continue
            title = subject.group(1).lower()
            event = next((e for e in desk.events if str(e.get("title", "")).lower() == title), None)
            if event is None:
                continue
            start, end = span(event)
            for phrase in offers.groups():
                at = dated(phrase, desk.now)
                if at is None:
                    continue
                slot = (at, at + (end - start))
                if any(overlaps(slot, span(e)) for e in desk.events if e is not event):
                    continue
                await desk.call("POST", "/calendar/update", {"event_id": event["event_id"], "start": at.isoformat(),
                                                             "end": slot[1].isoformat()})
                await desk.email(others(event, desk.inbox.user_email), f"{event['title']} moved",
                                 f"Hi all,\n\nThe {title} is now on {phrase}.\n")
                desk.report.append(f"Moved the {title} to {phrase}.")
                return
