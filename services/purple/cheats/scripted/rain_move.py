"""Rules for ``rain_move``, from reading the public part: outdoor meetings say "Outdoors, weather permitting." and
carry their coordinates in the location; the weather state's daily forecast at those coordinates says Rain on a wet
day; the meeting moves to the same hour of the next dry weekday."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from services.purple.cheats.scripted._calendar import others, span
from services.purple.cheats.scripted.desk import Desk, Script, script

COORDS = re.compile(r"\((-?\d+\.\d+), (-?\d+\.\d+)\)")
WET = ("rain", "drizzle", "thunderstorm", "snow")


@script
class RainMove(Script):
    part = "rain_move"
    trigger = r"check the forecast for my outdoor meetings"

    async def turn(self, desk: Desk) -> None:
        if not desk.once("rain_move"):
            return
        state = await desk.call("GET", "/weather/state") or {}
        places = {}
        for loc in (state.get("locations") or {}).values():
            report = loc.get("current_report") or {}
            days = {datetime.fromtimestamp(d["dt"], UTC).date(): any(
                str(w.get("main", "")).lower() in WET for w in d.get("weather") or []) for d in report.get("daily") or []}
            places[(round(float(loc["latitude"]), 2), round(float(loc["longitude"]), 2))] = days
        for event in desk.events:
            where = COORDS.search(str(event.get("location") or ""))
            if "outdoors" not in str(event.get("description") or "").lower() or where is None:
                continue
            wet = places.get((round(float(where.group(1)), 2), round(float(where.group(2)), 2)))
            start, end = span(event)
            if not wet or not wet.get(start.date()):
                continue
            to = start + timedelta(days=1)
            while to.weekday() >= 5 or wet.get(to.date(), False):
                to += timedelta(days=1)
            await desk.call("POST", "/calendar/update", {"event_id": event["event_id"], "start": to.isoformat(),
                                                         "end": (to + (end - start)).isoformat()})
            await desk.email(others(event, desk.inbox.user_email), f"{event['title']} moved: rain",
                             f"Hi,\n\nRain is forecast, so {event['title']} moves to {to:%A %d %B %H:%M}.\n")
            desk.report.append(f"Moved {event['title']} to {to:%A %H:%M}.")
