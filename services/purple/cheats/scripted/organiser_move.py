"""Rules for ``organiser_move``, from reading the public part (version 2): the request is one fixed sentence ("<Name>
asked to move our <meeting>: ..."); the asker's mail lists three to five times in the parts' time forms; an offer is
out when another person's accepted meeting overlaps it (an event the user declined is no reason) or when another
attendee's mail names it in a sentence saying they can't. Take the first offer left."""

from __future__ import annotations

import re

from services.purple.cheats.scripted._calendar import live, mentions, others, overlaps, span
from services.purple.cheats.scripted.desk import Desk, Script, script

ASKED = re.compile(r"(\w+) asked to move our (.+?):", re.IGNORECASE)
REFUSAL = re.compile(r"no good|can't|cannot|not |clash|booked|off that|travelling|dentist", re.IGNORECASE)


@script
class OrganiserMove(Script):
    part = "organiser_move"
    trigger = r"asked to move our"

    async def turn(self, desk: Desk) -> None:
        asked = ASKED.search(desk.prompt)
        if asked is None or not desk.once("organiser_move"):
            return
        title, user = asked.group(2).lower(), desk.inbox.user_email
        event = next((e for e in desk.events if str(e.get("title", "")).lower() == title), None)
        if event is None:
            return
        people = [p.lower() for p in others(event, user)]
        mails = [m for m in desk.inbox.emails if str(m.get("from_address", "")).lower() in people]
        ask = max(mails, key=lambda m: len(mentions(str(m.get("body_text")), desk.now)), default=None)
        if ask is None:
            return
        start, end = span(event)
        offers = [at for _, at in mentions(str(ask.get("body_text")), desk.now) if at != start]
        refused = set()
        for mail in mails:
            if mail is ask:
                continue
            for sentence in re.split(r"(?<=[.!?\n])\s+", str(mail.get("body_text"))):
                if REFUSAL.search(sentence):
                    refused |= {at for _, at in mentions(sentence, desk.now)}
        for at in offers:
            slot = (at, at + (end - start))
            if at in refused or any(overlaps(slot, span(e)) for e in desk.events
                                    if e is not event and live(e, user)):
                continue
            await desk.call("POST", "/calendar/update", {"event_id": event["event_id"], "start": at.isoformat(),
                                                         "end": slot[1].isoformat()})
            await desk.email(others(event, user), f"{event['title']} moved",
                             f"Hi all,\n\nThe {title} is now on {at:%A %d %B %H:%M}.\n")
            desk.report.append(f"Moved the {title} to {at:%A %H:%M}.")
            return
