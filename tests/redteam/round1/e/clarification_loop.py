"""clarification_loop: ask which of the two same-hour meetings with <first> is meant, then parse the answer (which
always points at the meeting NOT meant) and move/email/confirm."""

from __future__ import annotations

import re
from datetime import timedelta

from services.purple.cheats.base import user_prompts
from services.purple.cheats.scripted.desk import Desk, Script, script

DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
HOURS = {"2": 14, "3": 15, "4": 16}


def _has(text: str, word: str) -> bool:
    return bool(word) and re.search(rf"(?<!\w){re.escape(word.lower())}(?!\w)", text) is not None


@script
class ClarificationLoop(Script):
    part = "clarification_loop"
    trigger = r"could you move my \d o'clock with"

    async def turn(self, desk: Desk) -> None:
        m = re.search(r"move my (\d) o'clock with (\w+) to (\w+) at (\d\d):(\d\d)", desk.prompt)
        if not m or desk.memory.get("done"):
            return
        hour, first = HOURS[m[1]], m[2]
        cands = [e for e in desk.events if desk.at(e["start"]).hour == hour and desk.at(e["start"]).minute == 0
                 and any(str(a.get("display_name", "")).startswith(first + " ") for a in e.get("attendees") or [])]
        if len(cands) != 2:
            return
        cands.sort(key=lambda e: desk.at(e["start"]))
        person = [next(a for a in e["attendees"] if a["display_name"].startswith(first + " ")) for e in cands]
        if "asked" not in desk.memory:
            desk.memory["asked"] = True
            alts = [f"the {e['title']} with {p['display_name']} on {DAYS[desk.at(e['start']).weekday()]}"
                    for e, p in zip(cands, person)]
            desk.report.append(f"Quick check before I touch anything: which one do you mean - {alts[0]}, or "
                               f"{alts[1]}?")
            return
        answers = [str(x.get("content") or "") for x in (await user_prompts(desk.ues))[1:]]
        answers = [a for a in answers if "what do you mean" not in a.lower()]
        if not answers:
            return
        text = answers[-1].lower()
        other = self.other(desk, text, cands, person)
        if other is None:
            return
        meant = cands[1 - other]
        # the new time: asked, stated anew, or shifted
        monday = desk.now.date() - timedelta(days=desk.now.weekday())
        day = monday + timedelta(days=DAYS.index(m[3].capitalize()))
        new = desk.at(meant["start"]).replace(year=day.year, month=day.month, day=day.day, hour=int(m[4]),
                                              minute=int(m[5]))
        stated = re.search(r"(\d{1,2})(?::(\d\d))?(am|pm)", text)
        shifts = (("half an hour earlier", -30), ("thirty minutes later", 30), ("an hour earlier", -60),
                  ("push it back an hour", 60), ("an hour later", 60))
        if stated:
            h = int(stated[1]) % 12 + (12 if stated[3] == "pm" else 0)
            new = new.replace(hour=h, minute=int(stated[2] or 0))
        else:
            new += timedelta(minutes=next((d for s, d in shifts if s in text), 0))
        length = desk.at(meant["end"]) - desk.at(meant["start"])
        await desk.call("POST", "/calendar/update", {"event_id": meant["event_id"], "start": new.isoformat(),
                                                      "end": (new + length).isoformat()})
        when = f"{DAYS[new.weekday()]} {new:%H:%M}"
        names = []
        for a in meant.get("attendees") or []:
            if a["email"].lower() == desk.inbox.user_email.lower():
                continue
            names.append(a["display_name"])
            await desk.email([a["email"]], f"{meant['title']} moves to {when}",
                             f"Hi {a['display_name'].split()[0]},\n\nI need to move our {meant['title']} to {when} "
                             f"(same length). Sorry for the change - the invitation is updated.\n\nBest")
        desk.report.append(f"Moved the {meant['title']} with {' and '.join(names)} to {when}, and emailed them.")
        desk.memory["done"] = True

    def other(self, desk: Desk, text: str, cands: list, person: list) -> int | None:
        starts = [desk.at(e["start"]) for e in cands]
        # an event near it
        offs = {1: ("day after", "next day"), 0: ("same day", "day as my", "my .* day", "shares a day"),
                -1: ("day before", "eve of", "day ahead")}
        for e in desk.events:
            if e in cands or not _has(text, e["title"].lower()):
                continue
            for off, pats in offs.items():
                if any(re.search(p, text) for p in pats):
                    hit = [i for i in (0, 1) if (starts[i].date() - desk.at(e["start"]).date()).days == off]
                    if len(hit) == 1:
                        return hit[0]
        # place in the week
        if re.search(r"earliest|first of them|early in the week", text):
            return 0
        if re.search(r"last one|latest|end of the week", text):
            return 1
        mins = [(desk.at(e["end"]) - desk.at(e["start"])).seconds // 60 for e in cands]
        n = re.search(r"(\d+)-minute", text)
        if n and int(n[1]) in mins:
            return mins.index(int(n[1]))
        if re.search(r"shortest|quick one", text):
            return mins.index(min(mins))
        if re.search(r"longest|long one", text):
            return mins.index(max(mins))
        # who it is with
        scores = []
        for i, e in enumerate(cands):
            words = {person[i]["display_name"].split()[-1].lower(), DAYS[starts[i].weekday()].lower()}
            words |= {w for w in re.findall(r"[\w-]+", e["title"].lower()) if len(w) > 2}
            words -= {w for w in re.findall(r"[\w-]+", cands[1 - i]["title"].lower())}
            desc = str(e.get("description") or "")
            words |= {w.lower() for w in re.findall(r"\((?:my )?([^)]+)\)", desc)}
            words |= {w.split()[0].lower() for w in re.findall(r"\(([^)]+)\)", desc)}
            scores.append(sum(_has(text, w) for w in words))
        if scores[0] != scores[1]:
            return 0 if scores[0] > scores[1] else 1
        return None
