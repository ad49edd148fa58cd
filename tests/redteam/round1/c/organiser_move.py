"""organiser_move: every sentence kind is a fixed phrasing in the public part (imported verbatim; a participant
would paste them): match each attendee sentence against them, resolve its time/ordinal/weekday to an offer, strike
offers a sentence rules out (plus accepted calendar events on them), keep the one left, move it, tell the invitees."""

from __future__ import annotations

import re
from datetime import timedelta

from green_agent.scenario_kit.facts import times
from scenarios.parts import organiser_move as om
from services.purple.cheats.base import arrived, body_of, sender_of
from services.purple.cheats.scripted.desk import Desk, Script, script

H = timedelta(hours=1)
NUM = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "eight": 8, "nine": 9, "ten": 10, "eleven": 11,
       "twelve": 12, "noon": 12}


def rx(template: str) -> re.Pattern[str]:
    out = re.escape(template)
    for f in re.findall(r"\{(\w+)\}", template):
        out = out.replace(re.escape("{" + f + "}"), f"(?P<{f.lower()}>.+?)", 1)
    return re.compile(out + "$", re.I)


K = {k: [rx(t) for t in om.PHRASES.kinds[k]] for k in ("fine", "unsay", "retract", "add", "out", "relay", "around",
                                                       "busy", "event_out", "event_skip")}
K["off"] = [rx(t) for t in ("I'm off all {day}.", "{day} is a holiday for me.",
                            "I'm out of the office the whole of {day}.")]


def clock(s: str, day):
    m = re.match(r"(half past )?(\w+?)(?::(\d\d))?\s*(am|pm)?$", s.strip())
    h = int(m[2]) if m[2].isdigit() else NUM.get(m[2])
    h = h + 12 if (m[4] == "pm" and h < 12) or (not m[4] and h < 8) else h
    return day.replace(hour=h, minute=30 if m[1] else int(m[3] or 0), second=0, microsecond=0)


def span(s: str, day):
    s = s.strip()
    for p, ends in ((r"(?:all morning )?until (.+)", "u"), (r"from (.+?) on", "o"), (r"from (.+?) until the end of the "
                    r"day", "o"), (r"(?:from |between )?(.+?)(?: to | and | until |-)(.+)", "r")):
        if m := re.fullmatch(p, s):
            if ends == "u":
                return day.replace(hour=0, minute=0), clock(m[1], day)
            if ends == "o":
                return clock(m[1], day), day.replace(hour=23, minute=59)
            return clock(m[1], day), clock(m[2], day)
    return None


@script
class OrganiserMove(Script):
    part = "organiser_move"
    trigger = r"(\w+) asked to move our (.+?): move it"


    async def turn(self, desk: Desk) -> None:
        m = re.search(self.trigger, desk.prompt)
        if not m or not desk.once("organiser_move"):
            return
        asker, title = m[1], m[2]
        meeting = next((e for e in desk.events if str(e.get("title")).lower() == title
                        and str(e.get("organizer")).lower() == desk.inbox.user_email.lower()), None)
        if meeting is None:
            return
        held = desk.at(meeting["start"])
        invited = [a for a in meeting.get("attendees") or [] if a["email"].lower() != desk.inbox.user_email.lower()]
        firsts = {str(a.get("display_name") or "").split(" ")[0] for a in invited}
        mails = sorted((e for e in desk.inbox.emails if title in (str(e.get("subject")) + body_of(e)).lower()
                        or asker in body_of(e)), key=arrived)
        ask = next(e for e in mails if desk.book.name(sender_of(e)).startswith(asker))
        offers = []
        for seg in re.split(r",\s(?=[A-Z])|\sor\s|\sand\s|\n", body_of(ask)):
            offers += sorted(t for t in times(seg, desk.now) if f"{t:%a %H:%M}" != f"{held:%a %H:%M}" and t not in offers)
        listed = list(offers)
        out: set = set()

        def ref(x: str, at) -> list:
            got = [o for o in offers if o in times(x, at)]
            if got:
                return got
            for n, word in enumerate(om.ORDINALS):
                if word in x and n < len(listed):
                    return [listed[n]]
            if (o := re.search(r"option (\d)", x, re.I)) and int(o[1]) <= len(listed):
                return [listed[int(o[1]) - 1]]
            if "last one" in x:
                return listed[-1:]
            return [o for o in offers if f"{o:%A}" in x]
        for e in mails:
            at, later = desk.now, []
            for sent in re.split(r"(?<=[.!])\s+|\n+", body_of(e)):
                sent = re.sub(r"^.*?(?:note about the .+?\.|about moving the .+?:|If we're moving the .+?:) ", "",
                              sent.strip())
                kind, g = next(((k, mt) for k in K for p in K[k] if (mt := p.search(sent))), (None, None))
                if kind in ("add",):
                    offers += [t for t in times(g["x"], at) if t not in offers]
                elif kind == "retract":
                    x = g.groupdict().get("x") or f"{g['nth']} option"
                    out.update(ref(x, at))
                elif kind == "unsay":
                    later += ref(g["x"], at)
                elif kind == "out":
                    out.update(ref(g["out"], at))
                elif kind == "relay" and (g.groupdict().get("name") or g.groupdict().get("name2")) in firsts:
                    out.update(ref(g["out"], at))
                elif kind in ("busy", "around"):
                    for o in offers:
                        if f"{o:%A}".lower() == g["day"].lower() and (s := span(g["span"], o)):
                            inside = s[0] <= o and o + H <= s[1]
                            if (kind == "around" and not inside) or (kind == "busy" and s[0] < o + H and s[1] > o):
                                out.add(o)
                elif kind == "off":
                    out.update(o for o in offers if f"{o:%A}".lower() == g["day"].lower())
                elif kind == "event_out":
                    for ev in desk.events:
                        if ev.get("title") == g["event"]:
                            s = desk.at(ev["start"])
                            out.update(o for o in offers if s < o + H and desk.at(ev["end"]) > o)
            out -= set(later)
        for ev in desk.events:
            me = [a for a in ev.get("attendees") or [] if a["email"].lower() == desk.inbox.user_email.lower()]
            if ev is not meeting and ev.get("status") != "cancelled" and me and me[0].get("response") == "accepted":
                out.update(o for o in offers if desk.at(ev["start"]) < o + H and desk.at(ev["end"]) > o)
        left = [o for o in offers if o not in out]
        if not left:
            return
        new = left[0]
        await desk.call("POST", "/calendar/update", {"event_id": meeting["event_id"], "start": new.isoformat(),
                                                     "end": (new + H).isoformat()})
        await desk.email([a["email"] for a in invited], f"{meeting['title']} moved",
                         f"Hi all,\n\nThe {title} is now on {new:%A} {new:%Y-%m-%dT%H:%M}.\n\nBest")
        desk.report.append(f"Moved the {title} to {new:%A %H:%M} and told everyone ({len(left)} candidate(s)).")
