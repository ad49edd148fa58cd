"""clarification: ask once, listing each look-alike by surname, title and weekday; then read the answer's clauses by
the public phrase lists (taken-back pointer dropped), rule two out, apply the retime phrase, move it, email its
people."""

from __future__ import annotations

import re
from datetime import timedelta

from services.purple.cheats.base import body_of
from services.purple.cheats.scripted.desk import Desk, Script, script

DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
WORDS = {"Budget review": "budget", "Contract renewal": "contract", "Roadmap check-in": "roadmap",
         "Pricing workshop": "pricing", "Audit prep": "audit", "Coffee catch-up": "coffee",
         "Lunch at Little Fig": "lunch", "Walk by the river": "walk", "Pottery class": "pottery"}
TOPICS = {"the invoice": "invoice", "the photos": "photos", "parking": "Parking", "the quote": "quote",
          "the book I lent you": "book I lent", "the new office": "new office"}
FIX = r"Hang on, no - sorry, that one stays\. |no, wait, I'm mixing them up\. |Actually scratch that\. |" \
      r"it's the other way\. |no, sorry, ignore that\. "
SHIFT = {"an hour later than I said": 60, "Half an hour earlier": -30, "push it back an hour": 60,
         "thirty minutes later": 30, "an hour earlier than I said": -60}


def _clock(text: str) -> tuple[int, int] | None:
    m = re.search(r"(\d+)(?::(\d\d))?(am|pm)", text)
    if not m:
        return None
    return int(m.group(1)) % 12 + (12 if m.group(3) == "pm" else 0), int(m.group(2) or 0)


@script
class Clarification(Script):
    part = "clarification"
    trigger = r"\d+(:\d\d)?[ap]m (meeting )?with \w+|need a new slot: move our"

    async def turn(self, desk: Desk) -> None:
        m = re.search(r"\d+(?::\d\d)?[ap]m (?:meeting )?with (\w+)|(\w+) and I need a new slot", desk.prompt)
        if not m:
            return
        first = m.group(1) or m.group(2)
        cands = [e for e in desk.events if e.get("title") in WORDS
                 and any(str(a.get("display_name", "")).startswith(first + " ") for a in e.get("attendees") or [])]
        if len(cands) != 3:
            return
        cands.sort(key=lambda e: desk.at(e["start"]))
        person = {id(e): next(a for a in e["attendees"] if str(a.get("display_name", "")).startswith(first + " "))
                  for e in cands}
        if "asked" not in desk.memory:
            desk.memory["asked"] = desk.prompt
            listed = "; ".join(f"the {e['title']} with {person[id(e)]['display_name']} on "
                               f"{DAYS[desk.at(e['start']).weekday()]}" for e in cands)
            desk.report.append(f"Which one should move: {listed}?")
            return
        answer = desk.prompt[len(desk.memory["asked"]):].strip()
        if not answer or not desk.once("clarification"):
            return
        answer = re.split(FIX, answer)[-1]
        starts = {id(e): desk.at(e["start"]) for e in cands}
        mins = {id(e): (desk.at(e["end"]) - desk.at(e["start"])).total_seconds() / 60 for e in cands}
        by_len = sorted(cands, key=lambda e: mins[id(e)])
        out: set[int] = set()
        for c in re.split(r"; |\. (?=[A-Z])", answer.split(" And ")[0]):
            low = c.lower()
            hit = None
            for topic, word in TOPICS.items():
                if topic.lower() in low:
                    sender = next((str(x["from_address"]).lower() for x in desk.inbox.emails if word in body_of(x)), "")
                    hit = next((e for e in cands if str(person[id(e)]["email"]).lower() == sender), None)
            anchor = next((x for x in desk.events if x.get("title") and x["title"].lower() in low
                           and x not in cands), None)
            if hit is None and anchor is not None:
                off = 1 if re.search(r"day after", low) else -1 if re.search(r"day before|eve of|day ahead", low) else 0
                day = desk.at(anchor["start"]).date() + timedelta(days=off)
                hit = next((e for e in cands if starts[id(e)].date() == day), None)
            if hit is None:
                if re.search(r"later two|two later|not the first one|earliest|first of them|early in the week", low):
                    hit = cands[0]
                elif re.search(r"earlier two|first two|not the last one|last one|latest|end of the week", low):
                    hit = cands[-1]
                elif re.search(r"longer two|two longer|short one|shortest|quick one", low):
                    hit = by_len[0]
                elif re.search(r"shorter two|two shorter|long one|longest", low):
                    hit = by_len[-1]
                elif mm := re.search(r"(\d+)-minute", low):
                    hit = next((e for e in cands if mins[id(e)] == int(mm.group(1))), None)
            if hit is None:
                for e in cands:
                    p = person[id(e)]
                    email = str(p["email"]).lower()
                    keys = [p["display_name"].split()[-1] + "'s", f"the {WORDS[e['title']]} one",
                            f"the {DAYS[starts[id(e)].weekday()].lower()} one", "my " if "homemail" in email else
                            "from " + email.split("@")[1].split(".")[0]]
                    if any(k.lower() in low for k in keys):
                        hit = e
            if hit is not None:
                out.add(id(hit))
        left = [e for e in cands if id(e) not in out]
        w = re.search(r"to (\w+day) (\d\d):(\d\d)|for (\w+day) (\d\d):(\d\d)", desk.memory["asked"])
        if len(left) != 1 or not w:
            return
        g = [x for x in w.groups() if x]
        ahead = next(k for k in range(1, 8) if (desk.now + timedelta(days=k)).weekday() == DAYS.index(g[0]))
        new = (desk.now + timedelta(days=ahead)).replace(hour=int(g[1]), minute=int(g[2]), second=0, microsecond=0)
        stated = re.search(r"make it (\S+) rather|- (\S+), not|be (\S+) instead|Also: (\S+) works|sorry, (\S+) is the",
                           answer)
        if stated and (hm := _clock(next(x for x in stated.groups() if x))):
            new = new.replace(hour=hm[0], minute=hm[1])
        new += timedelta(minutes=next((v for k, v in SHIFT.items() if k in answer), 0))
        e = left[0]
        end = new + timedelta(minutes=mins[id(e)])
        await desk.call("POST", "/calendar/update", {"event_id": e["event_id"], "start": new.isoformat(),
                                                     "end": end.isoformat()})
        for a in e["attendees"]:
            if str(a.get("email", "")).lower() != desk.inbox.user_email.lower():
                await desk.email([a["email"]], f"{e['title']} moves",
                                 f"Hi,\n\nOur {e['title']} moves to {DAYS[new.weekday()]} {new:%H:%M}.\n\nThanks")
        desk.report.append(f"I moved the {e['title']} to {DAYS[new.weekday()]} {new:%H:%M}.")
