"""rain_move: the meetings are the events whose location holds coordinates; wet = the place's daily forecast
(weather modality) on the meeting's day. On each wet day exactly half the meetings are outdoor (one indoor look-alike
per rained-out outdoor one): an hour outside 8/12/13/17/18, one attendee and a dry next day lean indoor; two attendees
or a wet next day mean outdoor; a small word list on the description breaks ties. Each outdoor one moves to the same
hour of the next dry weekday there, and its attendees get an email with the new time."""
from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from services.purple.cheats.scripted.desk import Desk, Script, script

WET = ("rain", "thunderstorm", "drizzle", "snow")
OUT_HOURS = (8, 12, 13, 17, 18)
OUT_WORDS = r"outdoor|outside|open[- ]air|al fresco|in the open|under the sky|fresh air|no (?:meeting )?room|nothing inside|nowhere inside|bench|grass|lawn|walk|" \
            r"weather permitting|jacket|blanket|closed for|kiosk|fountain|loop|stroll|picnic|sun"
IN_WORDS = r"indoor|inside|room\b|roof|covered|walls|hall|rain or shine|whatever the weather|booked|heating|table|" \
           r"glasshouse|upstairs|sit in|under cover|shelter|heated|indoors|inside|meeting room"


def _wet(day: dict) -> bool:
    mains = " ".join(str(w.get("main", "")) for w in day.get("weather") or []).lower()
    return any(w in mains for w in WET) or float(day.get("rain") or 0) > 0


@script
class RainMove(Script):
    part = "rain_move"
    trigger = r"."

    async def turn(self, desk: Desk) -> None:
        events = [e for e in desk.events if re.search(r"\((-?\d+\.\d+),\s*(-?\d+\.\d+)\)", str(e.get("location") or ""))
                  and e.get("status") != "cancelled"]
        if len(events) < 3 or not desk.once("rain_move"):
            return
        weather = await desk.call("GET", "/weather/state") or {}
        locs = list((weather.get("locations") or {}).values())
        if not locs:
            return
        user = desk.inbox.user_email.lower()
        wet_days: dict[str, list[tuple[float, dict, datetime]]] = {}
        for ev in events:
            m = re.search(r"\((-?\d+\.\d+),\s*(-?\d+\.\d+)\)", str(ev.get("location")))
            lat, lon = float(m[1]), float(m[2])
            loc = min(locs, key=lambda l: abs(float(l.get("latitude", 0)) - lat) + abs(float(l.get("longitude", 0)) - lon))
            daily = (loc.get("current_report") or {}).get("daily") or []
            by_date = {datetime.fromtimestamp(int(d["dt"]), UTC).date(): d for d in daily if "dt" in d}
            start = desk.at(ev["start"])
            today = by_date.get(start.date())
            if today is None or not _wet(today):
                continue
            new = None
            for k in range(1, 10):
                d = start.date() + timedelta(days=k)
                if d.weekday() < 5 and d in by_date and not _wet(by_date[d]):
                    new = start + timedelta(days=k)
                    break
            if new is None:
                continue
            people = [a for a in ev.get("attendees") or [] if str(a.get("email", "")).lower() != user]
            nxt = by_date.get(start.date() + timedelta(days=1))
            score = 0.0
            if start.hour not in OUT_HOURS:
                score -= 10
            if len(people) >= 2:
                score += 10
            if nxt is not None and _wet(nxt):
                score += 10
            desc = str(ev.get("description") or "").lower()
            for m in re.finditer(IN_WORDS, desc):
                negated = re.search(r"\b(no|nothing|nowhere|not|closed|shut|without|never)\b[\w\s-]{0,14}$",
                                    desc[max(0, m.start() - 20):m.start()])
                score += 1 if negated else -1
            for m in re.finditer(OUT_WORDS, desc):
                negated = re.search(r"\b(no|nothing|nowhere|not|closed|shut|without|never)\b[\w\s-]{0,14}$",
                                    desc[max(0, m.start() - 20):m.start()])
                score += -1 if negated else 1
            wet_days.setdefault(str(start.date()), []).append((score, ev, new))
        for day, items in wet_days.items():
            items.sort(key=lambda x: -x[0])
            half = max(1, len(items) // 2) if len(items) > 1 else (1 if items[0][0] > 0 else 0)
            for score, ev, new in items[:half]:
                start, end = desk.at(ev["start"]), desk.at(ev["end"])
                await desk.call("POST", "/calendar/update", {"event_id": ev["event_id"], "start": new.isoformat(),
                                                             "end": (new + (end - start)).isoformat()})
                people = [str(a.get("email")) for a in ev.get("attendees") or []
                          if a.get("email") and str(a.get("email")).lower() != user]
                if people:
                    when = f"{new:%A} {new.day} {new:%B} at {new:%H:%M}"
                    await desk.email(people, f"{ev.get('title', 'Our meeting')}: new time",
                                     f"Hi,\n\nRain is forecast for our meeting, so I have moved it to {when}, same "
                                     f"place.\n\nBest")
                desk.report.append(f"Moved {ev.get('title')} to {new:%A %H:%M}.")
