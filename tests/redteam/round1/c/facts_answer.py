"""facts_answer: every phrasing is in the public part; the host's latest mail carries the restaurant (one "was
full"/"had nothing" is the rejected one; none named: last month's event location), a second HH:MM there is the moved
time (else the calendar's), the guest sits in a fixed frame; the late guest is a non-host sender who did not drop."""

from __future__ import annotations

import re

from services.purple.cheats.base import body_of, sender_of
from services.purple.cheats.scripted.desk import Desk, Script, script

RESTAURANTS = ("Trattoria Vela", "Maple & Rye", "Golden Lantern", "The Olive Yard", "Casa Lumen", "Kinto Ramen",
               "Le Petit Quai", "Fig and Fennel", "The Salt Cellar")
GUEST = (r"invited (\w+ \w+), who", r"(\w+ \w+) will be joining", r"asked (\w+ \w+) along", r"(\w+ \w+) is coming too",
         r"mentioned it to (\w+ \w+), who")
DROPS = (r"can't make", r"away on", r"won't be at", r"after all", r"I'm out for")
PS_NO = (r"PS: (?:no )?(\w+)")


@script
class FactsAnswer(Script):
    part = "facts_answer"
    trigger = r"when and where is my dinner with (\w+)"

    async def turn(self, desk: Desk) -> None:
        if not desk.once("facts_answer"):
            return
        host = re.search(self.trigger, desk.prompt, re.I)[1]
        dinners = sorted((e for e in desk.events if e.get("title") == f"Dinner with {host}"),
                         key=lambda e: desk.at(e["start"]))
        if len(dinners) < 2:
            return
        old, new = dinners[0], dinners[-1]
        hosts = [e for e in desk.inbox.emails if body_of(e).rstrip().endswith(host)]
        booked = next((e for e in reversed(hosts) if any(re.search(g, body_of(e)) for g in GUEST)), None)
        if booked is None:
            return
        text = body_of(booked)
        rejected = [r for r in RESTAURANTS if re.search(re.escape(r) + r" (was full|had nothing)", text)]
        named = [r for r in RESTAURANTS if r in text and r not in rejected]
        place = named[0] if named else str(old.get("location") or "")
        clocks = re.findall(r"\b\d\d:\d\d\b", text)
        first = desk.at(new["start"])
        when = first
        if clocks:
            moved = re.search(r"(?:only do|at|had|slot was|make it) (\d\d:\d\d)", text)
            hh = (moved[1] if moved else clocks[0]).split(":")
            when = first.replace(hour=int(hh[0]), minute=int(hh[1]))
        guest = next(m[1] for g in GUEST if (m := re.search(g, text)))
        dropped = {m[1] for m in re.finditer(PS_NO, text)}
        senders: dict[str, list[str]] = {}
        for e in desk.inbox.emails:
            if e in hosts or f"{when:%A}" not in body_of(e):
                continue
            senders.setdefault(sender_of(e), []).append(body_of(e))
        late = []
        for s, bodies in senders.items():
            sign = bodies[0].rstrip().split()[-1] if bodies else ""
            if any(re.search(d, b) for b in bodies for d in DROPS) or sign in dropped:
                continue
            late.append(desk.book.name(s) if desk.book.name(s) != s else sign)
        if len(late) != 1:
            late = late[:1]
        who = " and ".join([guest, *late])
        desk.report.append(f"Your dinner with {host} is on {when:%A} at {when:%H:%M}, at {place}. "
                           f"Also coming: {who}.")
