"""rain_move: the weather modality (each event's coordinates → its place's daily forecast) decides which meetings are
wet and where they move; which wet ones are outdoor is read from the description and the attendees' mails: a
clause-level venue score (cue words, a negation in the clause flips it, landmarks after "by/next to/past" weigh
less) and the shape of the mail trail (a change always goes against the description; a second mail either takes the
change back or was an aside)."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

from services.purple.cheats.base import body_of, sender_of
from services.purple.cheats.scripted.desk import Desk, Script, script

WET = ("rain", "thunderstorm", "drizzle", "shower", "storm")

IN_WORDS = {
    "indoor": 2, "indoors": 2, "inside": 2, "in-person room": 1, "room": 1.5, "roof": 2, "covered": 1.5,
    "under cover": 2, "walls": 1.5, "heating": 1, "heated": 1, "table": 1, "café": 1, "cafe": 1,
    "restaurant": 1, "hall": 1, "glasshouse": 1, "greenhouse": 1, "pavilion": 1, "boathouse": 1, "sit": 0.5,
    "seated": 0.5, "indoor space": 2, "building": 1, "office": 0.5, "upstairs": 1, "downstairs": 1, "lobby": 1,
    "bar": 0.5, "pub": 1, "studio": 1, "lounge": 1, "kitchen": 1, "dry": 0.5, "sheltered": 1.5, "shelter": 1.5,
    "four walls": 2, "conservatory": 1, "tent": 0.5, "booth": 1, "meeting room": 2, "in-doors": 2,
    "ceiling": 2, "library": 1, "reading room": 1, "orangery": 1, "bistro": 1, "tea house": 1, "teahouse": 1,
    "suite": 1, "centre": 0.5, "center": 0.5, "canteen": 1, "museum": 1, "gallery": 0.7, "clubhouse": 1,
    "function room": 2, "back room": 1.5, "reserved": 0.5, "warm": 0.5, "windows": 0.7, "window": 0.5,
    "auditorium": 1, "foyer": 1, "diner": 1, "coffee shop": 1, "sit down": 0.5, "under a roof": 2,
    "cover": 1, "into the": 0.7, "rooms": 1, "tea room": 1, "tea rooms": 1, "keep dry": 1.5, "stay dry": 1.5, "dry": 0.5,
}
OUT_WORDS = {
    "outdoor": 2, "outdoors": 2, "outside": 2, "open-air": 2, "open air": 2, "in the open": 2, "alfresco": 2,
    "al fresco": 2, "walk": 1.5, "walking": 1.5, "stroll": 1.5, "path": 1, "paths": 1, "trail": 1, "loop": 1,
    "lap": 1, "bench": 1, "benches": 1, "grass": 1.5, "lawn": 1, "fountain": 0.7, "water": 0.5, "fresh air": 2,
    "air": 1, "blanket": 1, "blankets": 1, "jacket": 0.7, "coat": 0.7, "weather permitting": 1.5, "kiosk": 0.5,
    "picnic": 1.5, "sky": 0.5, "sun": 0.7, "sunshine": 1, "park": 0.5, "garden": 0.5, "terrace": 0.7,
    "no roof": 3, "under the sky": 2, "on foot": 1, "shore": 0.5, "waterfront": 0.5, "pier": 0.3, "steps": 0.5,
    "hike": 1.5, "umbrella": 0.7, "out": 0.7, "al-fresco": 2,
    "grounds": 1, "pond": 0.5, "river": 0.5, "riverside": 0.5, "bandstand": 1, "platform": 0.5, "trees": 1,
    "elements": 1.5, "on the move": 1, "picnic tables": 1.5, "yard": 1, "courtyard": 1, "rooftop": 1, "beach": 1,
    "field": 1, "meadow": 1, "playground": 1, "seats": 0.3, "exposed": 1.5, "breeze": 1, "outdoorsy": 2,
    "round the": 0.5, "around the": 0.5, "along the": 0.7, "fresh": 0.5, "wander": 1.5, "amble": 1.5,
}
NEG = re.compile(r"\b(no|not|nothing|nowhere|never|without|closed|shut|cancel+ed|cancel|scrap\w*|forget|ignore|"
                 r"off|gone|taken|given away|fell through|fenced|unavailable|skip|drop\w*|locked|"
                 r"isn't|aren't|won't|can't|don't|no longer|out of action|booked out|full|double-booked|double booked|"
                 r"repaint\w*|replac\w*|renovat\w*|repair\w*|closed off|fenced off|enough of|unusable|flooded|"
                 r"stuffy|shut|busy|overbooked|unavailable|given up|lost|being \w+ed|under repair|works)\b", re.I)
LANDMARK = re.compile(r"\b(by|next to|past|near|overlooking|from|beside|facing|opposite|behind|across from|"
                      r"a short walk from|towards?)\s+(?:the\s+|a\s+)?([\w'-]+(?:\s+[\w'-]+)?)", re.I)
TAKEBACK = re.compile(r"\b(scrap|ignore|disregard|after all|original|first plan|as first|invit\w*|false alarm|"
                      r"my update|back and forth|again|back on|back to|never mind|nevermind|as it was|"
                      r"undo|reverse|revert|withdraw|take (?:that|it) back|previous (?:mail|message|email|note)|"
                      r"last (?:mail|message|email|note)|earlier (?:mail|message|email|note)|what I said|"
                      r"sorry for the|as originally|originally|correct\w*|retract\w*|first (?:said|agreed|planned)|"
                      r"calendar (?:entry|invite|says)|where we first|u-turn|rewind|back as|return to)\b", re.I)
ASPLANNED = re.compile(r"\b(same (?:spot|place|venue|location|as)|as agreed|as planned|as we (?:said|agreed|settled)|"
                       r"stays? (?:the same|put|as)|nothing (?:else )?changes?|unchanged|whatever we settled|"
                       r"the rest as|no change|where we (?:meet|agreed) stays|as arranged|as usual|still on|"
                       r"room or lawn|inside or out|in or out|indoors or out|either way|no changes?|"
                       r"where we (?:said|agreed|decided|planned|settled)|as (?:we )?(?:decided|discussed|arranged|"
                       r"agreed|planned|said|booked)|(?:everything|all) else|confirm\w*|same as before|as is|"
                       r"roof or not|rain or shine|whatever the weather|not changing|doesn'?t change|remains?|as before)\b", re.I)
CHANGE = re.compile(r"\b(moved?|moves|moving|instead|new idea|switch\w*|rather than|now|change of plan|let's|"
                    r"relocat\w*|shift\w*|swap\w*|booked|grabbed|reserved|got us|i'd rather|different)\b", re.I)


def _weight(text: str, words: dict[str, float]) -> float:
    low = " " + text.lower() + " "
    total = 0.0
    landmarks = {m.group(2).lower() for m in LANDMARK.finditer(text)}
    for w, v in words.items():
        for m in re.finditer(rf"(?<![\w-]){re.escape(w)}(?![\w-])", low):
            factor = 1.0
            if any(w in lm.split() or lm.startswith(w) for lm in landmarks):
                factor = 0.3
            total += v * factor
    return total


def venue(text: str) -> float:
    """> 0: held outside; < 0: held inside."""
    clauses = re.split(r"[,;:.!?()\n]|\s[-–—]\s|\bso\b|\bthen\b|\bbut\b|\band we\b|\bwhile\b|"
                       r"(?=\b(?:rather than|instead of|not in|not at|not on)\b)", text)
    score = 0.0
    for i, c in enumerate(c for c in clauses if c.strip()):
        s = _weight(c, OUT_WORDS) - _weight(c, IN_WORDS)
        if NEG.search(c) or re.match(r"\s*(rather than|instead of|not in|not at|not on)\b", c, re.I):
            s = -s
        score += s * (1.3 if i == 0 else 1.0)
    return score


def sign(x: float) -> int:
    return 1 if x > 0 else -1 if x < 0 else 0


def outdoor(description: str, notes: list[str]) -> bool:
    """Whether a meeting is held outside as last agreed. A change of venue always goes against the description (a
    stale description, or a change later taken back), so the description's venue and a change's are two readings of
    one fact: each is weighed against the other."""
    vd = venue(description)
    if not notes:
        return vd >= 0
    if len(notes) == 1:
        n = notes[0]
        v = venue(n)
        if ASPLANNED.search(n) and not TAKEBACK.search(n):
            return vd >= 0
        if v * vd < 0 or CHANGE.search(n) or abs(v) >= 1:
            return v - vd > 0  # a change: its venue, against the description's
        return vd >= 0
    a, b = notes[-2], notes[-1]
    pa, pb, tb = bool(ASPLANNED.search(a)), bool(ASPLANNED.search(b)), len(TAKEBACK.findall(b))
    va, vb = venue(a), venue(b)
    if pa:  # the older is an aside (a take-back never comes first): the latest is the change
        return vb - vd > 0
    d = 1 if vd - va >= 0 else -1  # the description's venue, read against the change (the older mail)
    if tb and (not pb or tb >= 2 or vb * d > 0):
        return d > 0
    if pb:
        return d < 0
    if vb * d > 0:  # the latest restates the description's plan: a take-back
        return d > 0
    return d < 0


def _coords(location: str) -> tuple[float, float] | None:
    m = re.search(r"(-?\d{1,3}\.\d+)\s*,\s*(-?\d{1,3}\.\d+)", location or "")
    return (float(m.group(1)), float(m.group(2))) if m else None


@script
class RainMove(Script):
    part = "rain_move"
    trigger = r"rain|weather|forecast|\bwet\b|\bdry\b|storm|shower|umbrella|\bsk(?:y|ies)\b|drizzle"

    async def turn(self, desk: Desk) -> None:
        if "done" in desk.memory:
            return
        wx = await desk.call("GET", "/weather/state") or {}
        places = list((wx.get("locations") or {}).values())
        if not places:
            return
        user = desk.inbox.user_email.lower()
        events = [e for e in desk.events if _coords(str(e.get("location") or ""))
                  and str(e.get("organizer") or "").lower() in (user, "")
                  and desk.at(e["start"]) > desk.now and str(e.get("status") or "") != "cancelled"]
        if not events:
            return
        desk.memory["done"] = True
        lines = []
        for ev in events:
            lat, lon = _coords(str(ev.get("location")))
            place = min(places, key=lambda p: (float(p.get("latitude", 0)) - lat) ** 2
                        + (float(p.get("longitude", 0)) - lon) ** 2)
            if abs(float(place.get("latitude", 0)) - lat) > 0.02 or abs(float(place.get("longitude", 0)) - lon) > 0.02:
                continue
            daily = (place.get("current_report") or place.get("report") or {}).get("daily") or []
            sky: dict[str, bool] = {}
            for d in daily:
                when = datetime.fromtimestamp(int(d.get("dt", 0)), tz=desk.now.tzinfo)
                mains = " ".join(str(w.get("main", "")) + " " + str(w.get("description", ""))
                                 for w in d.get("weather") or []).lower()
                sky[when.date().isoformat()] = any(w in mains for w in WET)
            start = desk.at(ev["start"])
            if not sky.get(start.date().isoformat()):
                continue
            people = [a for a in (ev.get("attendees") or [])]
            addrs = [str(a.get("email") if isinstance(a, dict) else a).lower() for a in people]
            addrs = [a for a in addrs if a and a != user]
            notes = sorted((m for m in desk.inbox.emails if sender_of(m).lower() in addrs),
                           key=lambda m: str(m.get("received_at") or m.get("sent_at") or ""))
            texts = [body_of(m) for m in notes]
            if not outdoor(str(ev.get("description") or ""), texts):
                continue
            day = start
            for _ in range(14):
                day += timedelta(days=1)
                if day.weekday() >= 5:
                    continue
                key = day.date().isoformat()
                if key in sky and not sky[key]:
                    break
            else:
                continue
            end = desk.at(ev["end"])
            new_end = day + (end - start)
            await desk.call("POST", "/calendar/update", {"event_id": ev["event_id"], "start": day.isoformat(),
                                                         "end": new_end.isoformat()})
            title = str(ev.get("title") or "our meeting")
            names = [desk.book.name(a).split()[0] for a in addrs]
            await desk.email(addrs, f"{title}: new time", f"Hi {' and '.join(names)},\n\nRain is forecast for the "
                             f"original day, so I've moved it to {day:%A, %B} {day.day} at {day:%H:%M}, same place."
                             f"\n\nBest")
            lines.append(f"Moved {title} to {day:%A %d %B %H:%M} (rain forecast) and told {', '.join(names)}.")
        desk.report.extend(lines)
