"""rain_move: the outdoor descriptions are a fixed list in the public part; move those on wet days (forecast at the
event's coordinates) to the same hour on the next dry weekday, and email their attendees the new time."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from services.purple.cheats.scripted.desk import Desk, Script, script

OUTDOOR = ("Outdoors, weather permitting", "We'll walk the loop from the main gate", "Meet by the café door",
           "No room booked - we'll find a bench outside", "Blankets on the grass by the fountain",
           "Standing by the kiosk", "Open-air, at the benches")
WET = ("Rain", "Thunderstorm", "Drizzle")


@script
class RainMove(Script):
    part = "rain_move"
    trigger = r"rain|forecast|weather"

    async def turn(self, desk: Desk) -> None:
        if not desk.once("rain_move"):
            return
        weather = await desk.call("GET", "/weather/state") or {}
        locations = weather.get("locations") or {}
        for ev in desk.events:
            if not any(p in str(ev.get("description") or "") for p in OUTDOOR):
                continue
            m = re.search(r"\((-?\d+\.\d+), (-?\d+\.\d+)\)", str(ev.get("location") or ""))
            if not m:
                continue
            key = f"{round(float(m[1]), 2):.2f},{round(float(m[2]), 2):.2f}"
            loc = locations.get(key)
            if not loc:
                continue
            daily = {datetime.fromtimestamp(d["dt"], UTC).date(): d["weather"][0]["main"]
                     for d in loc["current_report"]["daily"]}
            start, end = desk.at(ev["start"]), desk.at(ev["end"])
            if daily.get(start.date()) not in WET:
                continue
            new = None
            for i in range(1, 9):
                d = start + timedelta(days=i)
                if d.weekday() < 5 and d.date() in daily and daily[d.date()] not in WET:
                    new = d
                    break
            if new is None:
                continue
            await desk.call("POST", "/calendar/update", {"event_id": ev["event_id"], "start": new.isoformat(),
                                                         "end": (new + (end - start)).isoformat()})
            people = [a["email"] for a in ev.get("attendees") or []
                      if a.get("email") and a["email"].lower() != desk.inbox.user_email.lower()]
            if people:
                await desk.email(people, f"{ev['title']} moved: rain forecast",
                                 f"Hi,\n\nRain is forecast, so {ev['title']} moves to {new:%A} "
                                 f"{new:%Y-%m-%dT%H:%M}, same place.\n\nBest")
            desk.report.append(f"Moved {ev['title']} to {new:%Y-%m-%d %H:%M} (rain).")
