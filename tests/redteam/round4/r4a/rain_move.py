"""rain_move: forecast (weather modality) per event's coordinates decides wet days; where the meeting is held comes
from the latest note of an attendee (last clause with a cue wins), else the description; cue words are generic."""
from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from services.purple.cheats.scripted.desk import Desk, Script, script

WET = {"rain", "thunderstorm", "drizzle", "snow"}
IN = (r"out of the (?:wind|rain|weather|cold|elements|sun)|conference|centre|center|reserved|inside|indoors?|room|roof|covered|cover|caf[eé]|restaurant|hall|table|walls?|heat(?:ing|ed)?|glasshouse|"
      r"boathouse|upstairs|ceiling|building|office|desk|library|lounge|kitchen|sheltered|shelter|dry|booth|bar|pub|"
      r"tent|marquee|conservatory|greenhouse|studio|reception|lobby|canteen")
OUT = (r"outside|outdoors?|out(?! of)|al fresco|open[- ]air|open|walk(?:ing)?|paths?|trail|loop|laps?|stroll|bench(?:es)?|grass|lawn|"
       r"coat|jacket|umbrella|fountain|kiosk|picnic|blankets?|sky|sun|fresh air|air|park|garden|field|meadow|"
       r"pier|promenade|waterfront|along the water|gate|hike")
SAME = (r"as before|nothing else (?:changes|moves)|(?:we|as) agreed|unchanged|as usual|no change|"
        r"nothing changes|doesn'?t change|no changes?|stays the same|same (?:spot|place|venue|location)|as (?:agreed|planned|we said|settled|arranged|discussed)|stays?\b|"
        r"nothing else changes|unchanged|the rest as|whatever we settled|no change|doesn'?t change|still on")


def _score(text: str, total: bool = False) -> int:
    t = text.lower()
    t = re.sub(r"\b(?:rather than|instead of|not in|not at|no longer|away from)\b[^.,;:!?\n]*", " ", t)
    t = re.sub(r"\b\w+(?:'s)?\s+or\s+\w+\b", " ", t)  # "inside or out", "room or lawn": both, so neither
    t = re.sub(r"\b(?:closed|shut|cancell?ed|given away|gone|fenced off|off|double-booked|taken|unavailable|flooded|"
               r"booked up|fully booked|out of action|not available|under repair)\b", " ~NEG~ ", t)
    best = 0
    for clause in re.split(r"[.!?:;\n]|\s-\s|\bso\b|\bbut\b", t):
        if "~NEG~" in clause:
            continue
        s = 0
        for sign, pat in ((1, IN), (-1, OUT)):
            for m in re.finditer(rf"\b(?:{pat})\b", clause):
                before = " ".join(clause[:m.start()].split()[-3:])
                s += -sign if re.search(r"\b(?:no|not|nowhere|nothing|without|never|none)\b", before) else sign
        if total:
            best += s
        elif s:
            best = 1 if s > 0 else -1
    return (1 if best > 0 else -1 if best < 0 else 0) if total else best


def _indoor(event: dict, notes: list[dict]) -> bool:
    title = str(event.get("title") or "")
    for note in sorted(notes, key=lambda e: str(e.get("received_at") or e.get("sent_at") or ""), reverse=True):
        body = str(note.get("body_text") or "")
        for w in re.findall(r"[A-Za-z]{3,}", title):  # the meeting's own title says nothing of where it is
            body = re.sub(rf"\b{re.escape(w)}\b", " ", body, flags=re.I)
        if re.search(SAME, body, re.I):
            break
        s = _score(body)
        if s:
            return s > 0
    s = _score(str(event.get("description") or ""), total=True)
    return s >= 0 if s else True


@script
class RainMove(Script):
    part = "rain_move"
    trigger = r"rain|weather|forecast|wet|dry"

    async def turn(self, desk: Desk) -> None:
        if not desk.once("rain_move"):
            return
        user = desk.inbox.user_email.lower()
        for ev in desk.events:
            loc = str(ev.get("location") or "")
            m = re.search(r"\((-?\d+\.\d+),\s*(-?\d+\.\d+)\)", loc)
            if not m or str(ev.get("organizer") or "").lower() != user:
                continue
            try:
                start, end = desk.at(ev["start"]), desk.at(ev["end"])
            except (KeyError, ValueError):
                continue
            if start < desk.now:
                continue
            q = await desk.call("POST", "/weather/query", {"lat": float(m[1]), "lon": float(m[2])}) or {}
            reports = q.get("reports") or []
            if not reports:
                continue
            wet: dict = {}
            for d in reports[-1].get("daily") or []:
                day = datetime.fromtimestamp(d["dt"], UTC).date()
                mains = {str(w.get("main", "")).lower() for w in d.get("weather") or []}
                wet[day] = bool(mains & WET) or bool(d.get("rain"))
            if not wet.get(start.date()):
                continue
            people = [a.get("email") for a in ev.get("attendees") or []
                      if isinstance(a, dict) and str(a.get("email", "")).lower() != user]
            if not people:
                people = [str(a) for a in ev.get("attendees") or [] if isinstance(a, str) and a.lower() != user]
            pl = {p.lower() for p in people if p}
            notes = [e for e in desk.inbox.emails if str(e.get("from_address", "")).lower() in pl]
            if _indoor(ev, notes):
                continue
            day = start.date() + timedelta(days=1)
            while day in wet and (day.weekday() >= 5 or wet[day]):
                day += timedelta(days=1)
            if day not in wet:
                continue
            shift = timedelta(days=(day - start.date()).days)
            new = start + shift
            await desk.call("POST", "/calendar/update", {"event_id": ev["event_id"], "start": new.isoformat(),
                                                         "end": (end + shift).isoformat()})
            title = str(ev.get("title") or "our meeting")
            await desk.email(sorted(pl), f"{title} moved: rain forecast",
                             f"Hi,\n\nRain is forecast on the day of {title}, so I have moved it to "
                             f"{new:%A %d %B %Y} at {new:%H:%M}, same place, same time of day.\n\nBest")
            desk.report.append(f"Moved {title} to {new:%A %d %B %H:%M}.")
