"""sms_coordination: render every (day, hour) the offer could hold in each of the offer's eight layouts and keep those
found; drop the withdrawn one, the wrong half, the office day (prompt, or: when a mail moved it, the free window is on
the day it moved *from*), calendar clashes (clinic move applied) and the concierge's latest shut-off; book the first."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from services.purple.cheats.base import arrived, body_of
from services.purple.cheats.scripted.desk import Desk, Script, script

H2 = timedelta(hours=2)
WORDS = {7: "seven", 8: "eight", 9: "nine", 10: "ten", 11: "eleven", 12: "noon", 13: "one", 14: "two", 15: "three",
         16: "four", 17: "five", 18: "six"}
DAYS = r"(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"
HOME = ("Working from home", "Call with the bank", "Online yoga class", "Video call with mum", "Boiler service",
        "Grocery delivery")
TIME = re.compile(r"\b(\d{1,2})(?::(\d\d))?\s*(am|pm)\b|\b(\d{1,2}):(\d\d)\b")


def c12(h: int) -> str:
    return f"{h % 12 or 12}{'am' if h < 12 else 'pm'}"


def nth(n: int) -> str:
    return f"{n}{'th' if 10 < n % 100 < 14 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _shown(text: str, d: datetime, h: int) -> int:
    """Where in the offer the window is written (-1: not offered)."""
    e = h + 2
    full = f"{d:%A} {d.day} {d:%B}"
    for p in (f"{full}, {c12(h)}-{c12(e)}", f"from {c12(h)} on {d:%A} the {nth(d.day)}",
              f"{d:%a} {d.day}/{d.month} {h:02d}:00-{e:02d}:00", f"{d:%a %d %b} {c12(h)}-{c12(e)}",
              f"{d:%A} {WORDS[h]} till {WORDS[e]}", f"{d:%a}: {c12(h)}-{c12(e)}"):
        if p in text:
            return text.index(p)
    m = re.search(rf"{full}: [^.]*?\b({c12(h)} to {c12(e)})", text)
    return m.start(1) if m else -1


def _clock(m: re.Match) -> tuple[int, int]:
    if m.group(4):
        return int(m.group(4)), int(m.group(5))
    h = int(m.group(1)) % 12 + (12 if m.group(3) == "pm" else 0)
    return h, int(m.group(2) or 0)


@script
class SmsCoordination(Script):
    part = "sms_coordination"
    trigger = r"appointment that takes me out|have to go out for|anything at home is fine|calendar sends me|out at an appoint"

    async def turn(self, desk: Desk) -> None:
        pro = next(((p, n) for p, n in desk.book.names.items() if "@" not in p
                    and re.search(rf"{re.escape(n)}(?:,? (?:- |\()?our (?:plumber|electrician)| round|, by text)",
                                  desk.prompt)), None)
        if pro is None:
            return
        key, name = pro
        number = next(p for p in desk.book.phones if re.sub(r"\D", "", p)[-10:] == key)
        if desk.once("sms-ask"):
            await desk.text(number, f"Hi {name.split()[0]}, could you come and fix it? Which slots do you have?")
            return
        his = [s for s in desk.inbox.sms if re.sub(r"\D", "", str(s.get("from_number")))[-10:] == key]
        offer = next((body_of(s) for s in his if re.search(r"address", body_of(s), re.I)), None)
        if offer is None:
            return
        days = [desk.now.replace(hour=0, minute=0, second=0, microsecond=0) + timedelta(days=n) for n in range(1, 9)]
        at = {d + timedelta(hours=h): _shown(offer, d, h) for d in days for h in range(7, 17)}
        slots = sorted((s for s, i in at.items() if i >= 0), key=at.get)
        ok = list(slots)
        m = re.search(r"scratch (.+?) - someone|wait, (.+?) has gone|\((.+?) is no longer free\)|Update: (.+?) just "
                      r"got booked|Not (.+?) any more", offer)
        if m:
            ref = next(g for g in m.groups() if g)
            o = re.search(r"the (first|second|third|fourth|fifth) (one|slot)", ref)
            day = re.search(DAYS, ref)
            on = sorted(s for s in slots if day and f"{s:%A}" == day.group(1))
            t = TIME.search(ref)
            gone = ([slots[("first", "second", "third", "fourth", "fifth").index(o.group(1))]] if o else
                    [min(slots)] if "earliest" in ref else [max(slots)] if "last one in" in ref else
                    [s for s in on if (s.hour, 0) == _clock(t)] if t else
                    [s for s in on if (s.hour < 12) == ("morning" in ref)] if re.search(r"morning|afternoon", ref) else
                    on[:1] if "earlier" in ref else on[-1:] if "later" in ref else on)
            ok = [s for s in ok if s not in gone]
        if re.search(r"has to be an afternoon|no morning visits|before 13:00|mornings are impossible|after lunch",
                     desk.prompt):
            ok = [s for s in ok if s.hour >= 13]
        elif re.search(r"only home in the mornings|morning slot|afternoons are out|over by 12|end by noon", desk.prompt):
            ok = [s for s in ok if s.hour + 2 <= 12]
        mails = sorted(desk.inbox.emails, key=arrived)
        memos = [f"{e.get('subject')} {body_of(e)}" for e in mails]
        memos = [t for t in memos if re.search(r"office|in-person|team day|in on", t, re.I)]
        usual = {d for t in memos for found in re.findall(
            rf"not {DAYS}|{DAYS} in the office is cancelled|Instead of {DAYS}|moved from {DAYS}|rather than {DAYS}|"
            rf"{DAYS} we work from home|No office on {DAYS}|{DAYS} is (?:off|cancelled)|about {DAYS}|taken on {DAYS}",
            t) for d in found if d}
        office = re.search(rf"(?:not on|commute in on|avoid|never home on a|office on \w+s and|office days are) "
                           rf"{DAYS}|{DAYS} won't work|and {DAYS}s? are office", desk.prompt, re.I)
        if re.search(r"emails the team|will have mailed|has us in the office|usually I'm in town|check \w+'s mails",
                     desk.prompt) and usual:
            ok = [s for s in ok if f"{s:%A}" in usual]
        elif office:
            named = set(re.findall(DAYS, office.group(0)))
            ok = [s for s in ok if f"{s:%A}" not in named]
        busy = []
        for e in desk.events:
            if e.get("status") == "cancelled" or str(e.get("title", "")).startswith(HOME):
                continue
            start = desk.at(e["start"])
            for mail in mails:
                moments = re.findall(rf"{DAYS} (\d+) (\w+) at (\S+?(?:am|pm))", body_of(mail))
                stamps = [datetime.strptime(f"{d} {m} {start.year} {c}".replace(":", " ") if ":" in c else
                                            f"{d} {m} {start.year} {c[:-2]} 00{c[-2:]}", "%d %B %Y %I %M%p")
                          .replace(tzinfo=start.tzinfo) for _, d, m, c in moments]
                if len(stamps) == 2 and start in stamps:
                    start = next(s for s in stamps if s != start)
            busy.append((start, start + (desk.at(e["end"]) - desk.at(e["start"]))))
        welcome = next((e for e in mails if re.search(r"\d+ [A-Z]\w+ \w+, Apt \w+", body_of(e))), None)
        notices = [e for e in mails if welcome and e is not welcome and e.get("from_address") == welcome.get(
            "from_address") and re.search(DAYS, body_of(e))]
        if notices:
            text = body_of(notices[-1])
            day = re.search(DAYS, text).group(1)
            clocks = [_clock(m) for m in TIME.finditer(text)][:2]
            base = next((d for d in days if f"{d:%A}" == day), None)
            if base is not None and len(clocks) == 2:
                busy.append(tuple(base + timedelta(hours=h, minutes=mi) for h, mi in clocks))
        ok = [s for s in ok if not any(s < b and a < s + H2 for a, b in busy)]
        if not ok:
            return
        valid = ok[0]
        window = f"{valid:%A} {valid.day} {valid:%B}, {c12(valid.hour)}-{c12(valid.hour + 2)}"
        address = next((m.group(0) for e in mails for m in [re.search(r"\d+ [A-Z]\w+ \w+, Apt \w+", body_of(e))]
                        if m), "")
        if desk.once("sms-book"):
            await desk.text(number, f"Please book {window}. The address is {address}; I'll be home to let you in.")
            return
        if len(his) >= 2 and desk.once("sms-calendar"):
            await desk.call("POST", "/calendar/create", {
                "title": f"Visit: {name}", "start": valid.isoformat(), "end": (valid + H2).isoformat(),
                "location": address, "description": f"{name}, {number}"})
            desk.report.append(f"{name} is booked for {window}; it's in your calendar.")
