"""calendar_conflicts: find the overlapping pairs, pick the winner (board review, the personal event, then the
third priority read off the prompt by the cue words of each published phrasing), move the user's loser to the slot
the destination cue says or decline someone else's, email the loser's people, one chat line per clash."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from services.purple.cheats.scripted.desk import Desk, Script, script

PERSONAL = re.compile(r"lunch with|school play|parent-teacher", re.I)
DEST = (("before", r"ends before the meeting it clashed|ahead of the meeting that won|before the other meeting begins|"
                   r"not after the meeting"),
        ("after", r"after the meeting it clashed with ends|right after the meeting|once the other meeting is over"),
        ("afternoon", r"from 13:00|at or after 13:00"),
        ("nearest", r"closest|as near its original|nearest free start"),
        ("latest", r"latest free (slot|start)|last start on the hour|as late as possible"),
        ("earliest", r"."))


def _regime(prompt: str) -> str:
    p = prompt.lower()
    if re.search(r"sent me their topics|written to me with what|emailed me their list|mail me ahead", p):
        return "internal_except_mail"
    if re.search(r"clash(es)? on \w+day|customer in \w+day's clash|of the \w+day double-booking|the \w+day customer is",
                 p):
        return "customers_except_day"
    if re.search(r"renewal is at risk|won't bump, we can't lose|nowhere near winding", p):
        return "internal_except"
    if re.search(r"winding .+ down|not .+'s though|renewal is signed|bump an internal meeting for", p):
        return "customers_except"
    if re.search(r"internal meetings beat customer|internal meetings win|keep the internal meeting|gives way to an "
                 r"internal one this week|but not this week|no customer gets priority", p):
        return "internal"
    return "customers"


@script
class CalendarConflicts(Script):
    part = "calendar_conflicts"
    trigger = r"board review"

    async def turn(self, desk: Desk) -> None:
        if not desk.once("calendar"):
            return
        me = desk.inbox.user_email.lower()
        home = me.rsplit("@", 1)[-1]

        def mine(e: dict) -> bool:
            return not any(a["email"].lower() == me and a.get("response") == "declined" for a in e.get("attendees") or [])

        def outside(e: dict) -> str:
            return next((a["email"].lower().rsplit("@", 1)[-1] for a in e.get("attendees") or []
                         if "@" in a["email"] and a["email"].lower().rsplit("@", 1)[-1] != home), "")

        evs = [e for e in desk.events if mine(e) and e.get("status") != "cancelled"]
        at = {e["event_id"]: (desk.at(e["start"]), desk.at(e["end"])) for e in desk.events}
        regime = _regime(desk.prompt)
        dest = next(k for k, pat in DEST if re.search(pat, desk.prompt, re.I))
        flat = re.sub(r"\W", "", desk.prompt.lower())
        m = re.search(r"clash(?:es)? on (\w+day)|customer in (\w+day)'s clash|of the (\w+day) double-booking|"
                      r"the (\w+day) customer is", desk.prompt.lower())
        fday = next((g for g in m.groups() if g), "") if m else ""
        mailers = {e["from_address"].lower().rsplit("@", 1)[-1] for e in desk.inbox.emails}
        for i, a in enumerate(evs):
            for b in evs[i + 1:]:
                (s1, e1), (s2, e2) = at[a["event_id"]], at[b["event_id"]]
                if not (s1 < e2 and s2 < e1):
                    continue
                rank = []
                for e in (a, b):
                    dom = outside(e)
                    if "board review" in e["title"].lower():
                        rank.append(9)
                    elif PERSONAL.search(e["title"]):
                        rank.append(8)
                    elif not dom:
                        rank.append(0.5)
                    else:
                        cust = 1 if regime.startswith("customers") else 0
                        focus = {"internal_except": dom.split(".")[0] in flat,
                                 "customers_except": dom.split(".")[0] in flat,
                                 "internal_except_mail": dom in mailers,
                                 "customers_except_day": f"{desk.at(e['start']):%A}".lower() == fday}.get(regime, False)
                        rank.append(1 - cust if focus else cust)
                win, lose = (a, b) if rank[0] > rank[1] else (b, a)
                await self._resolve(desk, win, lose, at, dest, me)

    async def _resolve(self, desk: Desk, win: dict, lose: dict, at: dict, dest: str, me: str) -> None:
        (ws, we), (ls, le) = at[win["event_id"]], at[lose["event_id"]]
        day = f"{ls:%A} {ls.day} {ls:%B}"
        people = [a["email"] for a in lose.get("attendees") or [] if a["email"].lower() != me]
        if str(lose.get("organizer") or "").lower() != me:
            await desk.call("POST", "/calendar/respond", {"event_id": lose["event_id"], "attendee_email": me,
                                                          "response": "declined", "comment": "Sorry - a clash."})
            await desk.email([lose["organizer"]], f"Can't make {lose['title']}",
                             f"Hello,\n\nI'm sorry, I have to decline {lose['title']} on {day}: it clashes with "
                             f"another commitment.\n\nBest regards")
            desk.report.append(f"- {ls:%a}: kept {win['title']}; declined {lose['title']}.")
            return
        length = le - ls
        busy = [at[e["event_id"]] for e in desk.events if e["event_id"] != lose["event_id"] and not any(
            x["email"].lower() == me and x.get("response") == "declined" for x in e.get("attendees") or [])]
        open_, close = ls.replace(hour=9, minute=0), ls.replace(hour=17, minute=0)
        free = [open_ + timedelta(minutes=30 * k) for k in range(17)]
        free = [s for s in free if s + length <= close and all(s + length <= a or b <= s for a, b in busy)]
        pick = {"earliest": lambda: free[0], "latest": lambda: free[-1],
                "after": lambda: next(s for s in free if s >= we), "before": lambda: [s for s in free if s + length <= ws][-1],
                "afternoon": lambda: next(s for s in free if s.hour >= 13),
                "nearest": lambda: min(free, key=lambda s: (abs((s - ls).total_seconds()), s))}[dest]()
        await desk.call("POST", "/calendar/update", {"event_id": lose["event_id"], "start": pick.isoformat(),
                                                     "end": (pick + length).isoformat()})
        await desk.email(people, f"{lose['title']} moved", f"Hello,\n\nI've moved {lose['title']} to {day} at "
                                                             f"{pick:%H:%M} UTC (same length).\n\nBest regards")
        desk.report.append(f"- {ls:%a}: kept {win['title']}; moved {lose['title']} to {pick:%H:%M}.")
