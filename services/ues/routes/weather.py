"""Weather routes (ues-api.md §2.10)."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request, Response
from pydantic import Field

from services.ues.auth import ApiKey, Permission
from services.ues.modalities.base import StrictBody
from services.ues.modalities.weather import (
    Section,
    Units,
    WeatherFields,
    WeatherInput,
    WeatherState,
    convert_units,
    location_key,
    unix_to_datetime,
    without_sections,
)
from services.ues.routes.common import act, action_response, echo, paginate, respond, sim

router = APIRouter(prefix="/weather", tags=["weather"])

REAL_MODE_UNAVAILABLE = ("Real OpenWeather queries are not available: this simulator runs offline and never "
                         "calls the network. Provide reports with POST /weather/update and query them without "
                         "'real'.")


def _state(request: Request) -> WeatherState:
    mod = sim(request).modality("weather")
    assert isinstance(mod, WeatherState)
    return mod


class WeatherQuery(StrictBody):
    """``lat``/``lon`` select the location (rounded to 0.01° like real UES).

    Without ``from_time``/``to_time`` only the current report is returned; with either of them (unix
    seconds, inclusive), every report recorded in that window, oldest first, the current one last.
    ``units`` converts temperatures from Kelvin (metric: °C, imperial: °F and speeds in mph);
    ``exclude`` drops report sections. ``real=true`` would ask OpenWeather and is refused offline.
    """

    lat: float = Field(ge=-90, le=90, allow_inf_nan=False)
    lon: float = Field(ge=-180, le=180, allow_inf_nan=False)
    exclude: list[Section] | None = None
    units: Units = "standard"
    from_time: float | None = Field(default=None, allow_inf_nan=False, ge=-62135596800, le=253402300799)
    to_time: float | None = Field(default=None, allow_inf_nan=False, ge=-62135596800, le=253402300799)
    real: bool = False
    limit: int | None = Field(default=None, ge=1, le=1000)
    offset: int = Field(default=0, ge=0)


@router.get("/state")
async def weather_state(request: Request, compact: bool = False,
                        key: ApiKey = Depends(Permission("weather:state"))) -> Response:
    state = _state(request)
    now = sim(request).now.isoformat()
    if compact:
        return respond({**state.compact(), "current_time": now})
    return respond({"modality_type": "weather", "current_time": now, "last_updated": state.last_updated.isoformat(),
                    "update_count": state.update_count,
                    "locations": {k: state.location_view(k) for k in state.locations},
                    "location_count": len(state.locations)})


@router.post("/query")
async def weather_query(body: WeatherQuery, request: Request,
                        key: ApiKey = Depends(Permission("weather:query"))) -> Response:
    q = body
    state = _state(request)
    base = {"modality_type": "weather", "query": echo(q)}
    if q.real:
        return respond({**base, "reports": [], "count": 0, "total_count": 0, "error": REAL_MODE_UNAVAILABLE})
    loc = state.locations.get(location_key(q.lat, q.lon))
    if loc is None:
        return respond({**base, "reports": [], "count": 0, "total_count": 0,
                        "error": "No weather data for this location"})
    if q.from_time is None and q.to_time is None:
        reports = [loc.current_report.as_dict()]
    else:
        start = unix_to_datetime(q.from_time) if q.from_time is not None else None
        end = unix_to_datetime(q.to_time) if q.to_time is not None else None
        reports = loc.reports_between(start, end)
    page = [convert_units(without_sections(r, q.exclude), q.units) for r in paginate(reports, q.offset, q.limit)]
    return respond({**base, "reports": page, "count": len(page), "total_count": len(reports), "error": None})


@router.post("/update")
async def weather_update(body: WeatherFields, request: Request,
                         key: ApiKey = Depends(Permission("weather:update"))) -> Response:
    """Set the weather of a location: ``latitude`` (−90..90), ``longitude`` (−180..180) and ``report``, an
    OpenWeather One-Call-shaped object in standard units (``lat, lon, timezone, timezone_offset,
    current{dt, temp (K), …}, minutely?, hourly?, daily?, alerts?``). The previous report of the same
    location goes to its history."""
    event = act(request, key, WeatherInput, latitude=body.latitude, longitude=body.longitude, report=body.report)
    return action_response(request, event, f"Weather updated for location ({body.latitude}, {body.longitude})")
