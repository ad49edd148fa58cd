"""Rules for ``rain_move``, from reading the public part (version 2): every meeting has a place with coordinates and
a forecast there; whether it is held outdoors is in its description — outdoor words (outdoors, walk, grass, bench,
lawn, open-air, outside) and no indoor ones (indoors, room, inside, roof, pavilion, café, restaurant). An outdoor
meeting on a day the forecast there says rain moves to the same hour of the next dry weekday."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

from services.purple.cheats.scripted._calendar import others, span
from services.purple.cheats.scripted.desk import Desk, Script, script

TRIGGER = r"forecast|rain|weather"
COORDS = re.compile(r"\((-?\d+\.\d+), (-?\d+\.\d+)\)")
WET = ("rain", "drizzle", "thunderstorm", "snow")
OUTDOOR = re.compile(r"outdoor|walk|grass|bench|lawn|open-air|outside", re.IGNORECASE)
INDOOR = re.compile(r"indoor|room|inside|roof|pavilion|café|restaurant", re.IGNORECASE)


def _forecasts(state: dict[str, Any]) -> dict[tuple[float, float], dict[Any, bool]]:
    places = {}
    for loc in (state.get("locations") or {}).values():
        report = loc.get("current_report") or {}
        places[(round(float(loc["latitude"]), 2), round(float(loc["longitude"]), 2))] = {
            datetime.fromtimestamp(d["dt"], UTC).date(): any(str(w.get("main", "")).lower() in WET
                                                             for w in d.get("weather") or [])
            for d in report.get("daily") or []}
    return places


@script
class RainMove(Script):
    part = "rain_move"
    trigger = TRIGGER

    async def turn(self, desk: Desk) -> None:
        if not desk.once("rain_move"):
            return
        places = _forecasts(await desk.call("GET", "/weather/state") or {})
        for event in desk.events:
            where, about = COORDS.search(str(event.get("location") or "")), str(event.get("description") or "")
            if where is None or not OUTDOOR.search(about) or INDOOR.search(about):
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
