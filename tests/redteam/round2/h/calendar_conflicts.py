"""calendar_conflicts: find the overlapping pairs, read the three priorities and the destination rule from the
request's (public) phrasings, move/decline the loser, email the affected, summarise."""
import re
from datetime import datetime, timedelta

from services.purple.cheats.scripted.desk import Desk, Script, script

DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
BOARD_CALL = r"one meeting I can miss|gives way this time|don't protect the board review|decline the board review itself"
PERSONAL_MOVES = r"is the flexible one|can shift|can move:|moves instead"
EXC = [  # (regex with the focus, regime)
    (r"anything with (\w+) wins|(\w+)'s renewal is at risk|(\w+) is the only customer I won't bump|"
     r"nowhere near winding (\w+) down", "internal_except"),
    (r"except (\w+): we're winding|we're winding (\w+) down|not (\w+)'s though|(\w+)'s renewal is signed|"
     r"internal meeting for (\w+) any more", "customers_except"),
]
MAIL = r"sent me their topics|written to me with what they want|emailed me their list|mail me ahead"
DAY = r"customer in (\w+day)'s clash|clashes on (\w+day)|the (\w+day) double-booking|the (\w+day) customer is the"
INTERNAL = (r"internal meetings beat customer ones this week|internal meetings win over customer|keep the internal "
            r"meeting and let|gives way to an internal one this week|but not this week|no customer gets priority")
DEST = [("afternoon", r"13:00"), ("nearest", r"closest|shifted as little|as near its original"),
        ("before", r"before the meeting it clashed with starts|just ahead|wrapping up before|not after the meeting"),
        ("after", r"after the meeting it clashed with ends|right after the meeting|once the other meeting is over"),
        ("earliest", r"earliest free (?:slot|one) that same day|first gap|as early as"),
        ("latest", r"latest|as late as possible|end of that same day")]


def t(s):
    return datetime.fromisoformat(str(s).replace("Z", "+00:00"))


@script
class CalendarConflicts(Script):
    part = "calendar_conflicts"
    trigger = r"double-booked|overlap|untangle"

    async def turn(self, desk: Desk) -> None:
        if not desk.once("cc"):
            return
        p, me = desk.prompt, desk.inbox.user_email.lower()
        mydom = me.split("@")[1]
        rsvp = lambda e: next((a.get("response") for a in e.get("attendees") or [] if a["email"].lower() == me), None)
        live = [e for e in desk.events if e.get("status") != "cancelled" and e.get("transparency") != "transparent"
                and rsvp(e) != "declined"]
        board_wins = not re.search(BOARD_CALL, p, re.I)
        personal_wins = not re.search(PERSONAL_MOVES, p, re.I)
        regime, focus, fday = "customers", None, None
        for rx, name in EXC:
            m = re.search(rx, p, re.I)
            if m:
                regime, focus = name, next(g for g in m.groups() if g).lower().replace(" ", "")
                break
        else:
            if re.search(MAIL, p, re.I):
                regime = "internal_except"
                focus = next((e["from_address"].split("@")[1].split(".")[0] for e in desk.inbox.emails
                              if not e["from_address"].lower().endswith(mydom)), None)
            elif m := re.search(DAY, p, re.I):
                regime, fday = "customers_except_day", next(g for g in m.groups() if g)
            elif re.search(INTERNAL, p, re.I):
                regime = "internal"
        dest = next(k for k, rx in DEST + [("earliest", "")] if re.search(rx, p, re.I))
        cust = lambda e: next((a["email"].split("@")[1].split(".")[0] for a in e.get("attendees") or []
                               if "@" in a["email"] and not a["email"].lower().endswith(mydom)), None)
        live.sort(key=lambda e: t(e["start"]))
        lines = ["Done - here is what I changed:"]
        for i, a in enumerate(live):
            for b in live[i + 1:]:
                if not (t(a["start"]) < t(b["end"]) and t(b["start"]) < t(a["end"])):
                    continue
                day = DAYS[t(a["start"]).weekday()]
                board = next((e for e in (a, b) if "board review" in e["title"].lower()), None)
                pers = next((e for e in (a, b) if not e.get("attendees")), None)
                if board:
                    win = board if board_wins else (b if board is a else a)
                elif pers:
                    win = pers if personal_wins else (b if pers is a else a)
                else:
                    c = a if cust(a) else b
                    co = cust(c)
                    cw = {"customers": True, "internal": False, "internal_except": co == focus,
                          "customers_except": co != focus, "customers_except_day": day != fday}[regime]
                    win = c if cw else (b if c is a else a)
                lose = b if win is a else a
                await self.settle(desk, live, win, lose, day, dest, me, lines)
        lines.append("Nothing else was changed.")
        desk.report.append("\n".join(lines))

    async def settle(self, desk, live, win, lose, day, dest, me, lines):
        s0, e0 = t(lose["start"]), t(lose["end"])
        dur, date = e0 - s0, s0.date().isoformat()
        others = [(t(e["start"]), t(e["end"])) for e in live if e is not lose and t(e["start"]).date() == s0.date()]
        people = [x for x in lose.get("attendees") or [] if x["email"].lower() != me]
        if (lose.get("organizer") or "").lower() == me:
            starts, cur = [], datetime.fromisoformat(f"{date}T09:00:00+00:00")
            while cur + dur <= datetime.fromisoformat(f"{date}T17:00:00+00:00"):
                if not any(cur < be and bs < cur + dur for bs, be in others):
                    starts.append(cur)
                cur += timedelta(minutes=30)
            ws, we = t(win["start"]), t(win["end"])
            starts = {"after": [s for s in starts if s >= we], "before": [s for s in starts if s + dur <= ws][-1:],
                      "latest": starts[-1:], "afternoon": [s for s in starts if s.hour >= 13],
                      "nearest": sorted(starts, key=lambda s: (abs(s - s0), s)), "earliest": starts}[dest]
            if not starts:
                return
            ns = starts[0]
            await desk.call("POST", "/calendar/update", {
                "event_id": lose["event_id"], "start": ns.isoformat(), "end": (ns + dur).isoformat(),
                "attendees": [{"email": x["email"], "display_name": x.get("display_name")} for x in people]})
            live[live.index(lose)] = dict(lose, start=ns.isoformat(), end=(ns + dur).isoformat())
            when = f"{day} {ns.day} {ns:%B} at {ns:%H:%M} UTC"
            if people:
                await desk.email([x["email"] for x in people], f"{lose['title']} moved to {ns:%H:%M}",
                                 f"Hi,\n\n{day}'s {lose['title']} clashed with another commitment, so I've moved it "
                                 f"to {when}. Sorry for the shuffle - the invite is updated.\n\nThanks")
            lines.append(f"- {day}: kept {win['title']}; moved {lose['title']} to {ns:%H:%M}.")
        else:
            await desk.call("POST", "/calendar/respond", {"event_id": lose["event_id"], "attendee_email": me,
                                                          "response": "declined"})
            await desk.email([lose["organizer"]], f"Can't make {day}'s {lose['title']}",
                             f"Hi,\n\nI'm sorry, I have to decline {day}'s {lose['title']} - it clashes with "
                             f"another commitment.\n\nThanks")
            lines.append(f"- {day}: kept {win['title']}; declined {lose['title']}.")
