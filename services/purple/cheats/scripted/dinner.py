"""Rules for ``facts_answer``, from reading the public part (version 2): the restaurant is the one of the part's
list that the host's newest mail names and that was not full; a restaurant "as last time" is last month's
event's place; the time is the newest time the host wrote (else the
calendar's "Dinner with <host>" still to come); whoever wrote "after all", "can't make" or "dropped out" (or whom
the host's PS names) is not coming; guests are the one the host invited ("invited X", "X will be
joining", "asked X along", "X is coming too", "mentioned it to X") and whoever wrote that they are coming ("count me
in", "coming along", "I'll be there", "tag along", "said yes")."""

from __future__ import annotations

import re

from services.purple.cheats.scripted.desk import Desk, Script, script

ASKED = re.compile(r"my dinner with (\w+)", re.IGNORECASE)
RESTAURANTS = ("Trattoria Vela", "Maple & Rye", "Golden Lantern", "The Olive Yard", "Casa Lumen", "Kinto Ramen",
               "Le Petit Quai", "Fig and Fennel", "The Salt Cellar")
INVITED = re.compile(r"invited (\w+)|(\w+) \w+ will be joining|asked (\w+) along|(\w+) is coming too"
                     r"|mentioned it to (\w+)")
COMING = re.compile(r"count me in|coming along|I'll be there|tag along|said yes", re.IGNORECASE)
WITHDRAWN = re.compile(r"after all|can't make|won't be|away on|I'm out|dropped out|cancel", re.IGNORECASE)
PS_OUT = re.compile(r"PS: (?:no )?(\w+)")
CLOCK = re.compile(r"\b(\d\d:\d\d)\b")


@script
class FactsAnswer(Script):
    part = "facts_answer"
    trigger = r"when and where is my dinner with"

    async def turn(self, desk: Desk) -> None:
        host = ASKED.search(desk.prompt)
        if host is None or not desk.once("facts_answer"):
            return
        name = host.group(1)
        mails = sorted(desk.inbox.emails, key=lambda e: str(e.get("received_at") or e.get("sent_at")))
        from_host = [str(e.get("body_text") or "") for e in mails if str(e.get("body_text") or "").strip()
                     .endswith(name)]
        when, place, guests, out = "", "", [], set()
        for body in from_host:
            clocks = CLOCK.findall(body)
            # The booking (the mail naming a restaurant) may move the time; the first plan's time does not count.
            booking = any(r in body for r in RESTAURANTS) or re.search(r"last time|last month|\bagain\b", body)
            if clocks and booking and "tomorrow" not in body:
                when = clocks[-1] if "rather than" not in body and "not " not in body else clocks[0]
            if re.search(r"last time|last month|same as before|\bagain\b", body):
                past = [e for e in desk.events if name.lower() in str(e.get("title") or "").lower()
                        and e.get("location") and desk.at(e.get("start")) < desk.now]
                if past:
                    place = str(past[-1]["location"])
            ps = PS_OUT.search(body)
            if ps:
                out.add(ps.group(1))
            for r in RESTAURANTS:
                if r in body and not re.search(rf"{re.escape(r)} (?:was full|had nothing)", body) \
                        and "tomorrow" not in body:
                    place = r
            found = INVITED.search(body)
            if found:
                guests.append(next(g for g in found.groups() if g))
        if not when:
            dinners = sorted((e for e in desk.events if name.lower() in str(e.get("title") or "").lower()
                              and desk.at(e.get("start")) > desk.now), key=lambda e: str(e.get("start")))
            when = f"{desk.at(dinners[0]['start']):%H:%M}" if dinners else ""
        for email in mails:
            if WITHDRAWN.search(str(email.get("body_text") or "")):
                out.add(desk.book.name(str(email.get("from_address") or "")).split()[0])
        for email in mails:
            if COMING.search(str(email.get("body_text") or "")):
                guests.append(desk.book.name(str(email.get("from_address") or "")).split()[0])
        guests = [g for g in dict.fromkeys(guests) if g not in out]
        desk.report.append(f"Your dinner with {name}: {when} at {place}, with {' and '.join(guests)}.")
