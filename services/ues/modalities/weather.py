"""Weather: OpenWeather One-Call-shaped reports per location, with history (ues-api.md §2.10).

Reports are stored in standard units (temperatures in Kelvin, speeds in m/s) and converted on query.
They are validated loosely: any One-Call-shaped object is kept as given (unknown keys included), but
the well-known fields (``lat``, ``lon``, ``timezone``, ``timezone_offset``, ``current.dt``,
``current.temp`` …) must have the right types when present. Locations are keyed like real UES:
coordinates rounded to 0.01° (``"40.71,-74.01"``).

The simulator never calls the network: the "real" OpenWeather query mode answers with an ``error``.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from services.ues.modalities.base import MAX_STRING_LENGTH, Modality, ModalityInput, StrictBody
from services.ues.timeutil import EPOCH, AwareDatetime

DEFAULT_MAX_HISTORY = 100
Units = Literal["standard", "metric", "imperial"]
Section = Literal["current", "minutely", "hourly", "daily", "alerts"]
SECTIONS: tuple[str, ...] = ("current", "minutely", "hourly", "daily", "alerts")
_TEMPERATURE_KEYS = ("temp", "feels_like", "dew_point")
_SPEED_KEYS = ("wind_speed", "wind_gust")
MPS_TO_MPH = 2.23694


class _Loose(BaseModel):
    model_config = ConfigDict(extra="allow", str_max_length=MAX_STRING_LENGTH)


class CurrentWeather(_Loose):
    dt: int | None = None
    temp: float | None = Field(default=None, allow_inf_nan=False)


class WeatherReport(_Loose):
    """An OpenWeather One Call response; every section optional, unknown keys kept."""

    lat: float | None = Field(default=None, allow_inf_nan=False)
    lon: float | None = Field(default=None, allow_inf_nan=False)
    timezone: str | None = None
    timezone_offset: int | None = None
    current: CurrentWeather | None = None
    minutely: list[dict[str, Any]] | None = None
    hourly: list[dict[str, Any]] | None = None
    daily: list[dict[str, Any]] | None = None
    alerts: list[dict[str, Any]] | None = None

    def as_dict(self) -> dict[str, Any]:
        """The stored JSON form: what was given, null sections dropped."""
        return self.model_dump(mode="json", exclude_none=True)


class WeatherFields(StrictBody):
    """Body of ``POST /weather/update`` and the event ``data`` (no operation)."""

    latitude: float = Field(ge=-90, le=90, allow_inf_nan=False)
    longitude: float = Field(ge=-180, le=180, allow_inf_nan=False)
    report: WeatherReport


class WeatherInput(WeatherFields, ModalityInput):
    modality_type: Literal["weather"] = "weather"

    def check(self) -> None:
        # Like real UES: coordinates inside the report, when given, must match the input's (±0.01°).
        if self.report.lat is not None and abs(self.report.lat - self.latitude) > 0.01:
            raise ValueError(f"report.lat {self.report.lat} does not match latitude {self.latitude}")
        if self.report.lon is not None and abs(self.report.lon - self.longitude) > 0.01:
            raise ValueError(f"report.lon {self.report.lon} does not match longitude {self.longitude}")

    def to_data(self) -> dict[str, Any]:
        data = super().to_data()
        data["report"] = self.report.as_dict()
        return data


class ReportEntry(BaseModel):
    model_config = ConfigDict(extra="ignore")
    timestamp: AwareDatetime
    report: WeatherReport


class WeatherLocation(BaseModel):
    """Weather of one location: the current report and the previous ones (oldest first)."""

    model_config = ConfigDict(extra="ignore")
    latitude: float
    longitude: float
    current_report: WeatherReport
    first_seen: AwareDatetime
    last_updated: AwareDatetime
    update_count: int = Field(default=1, ge=0)
    report_history: list[ReportEntry] = []

    def reports_between(self, start: datetime | None, end: datetime | None) -> list[dict[str, Any]]:
        """Reports recorded inside [start, end] (inclusive), oldest first, the current one last."""
        def inside(when: datetime) -> bool:
            return (start is None or when >= start) and (end is None or when <= end)

        out = [e.report.as_dict() for e in self.report_history if inside(e.timestamp)]
        if inside(self.last_updated):
            out.append(self.current_report.as_dict())
        return out


class WeatherDump(BaseModel):
    model_config = ConfigDict(extra="ignore")
    last_updated: AwareDatetime = EPOCH
    update_count: int = Field(default=0, ge=0)
    locations: dict[str, WeatherLocation] = {}
    max_history_per_location: int = Field(default=DEFAULT_MAX_HISTORY, ge=1)


def location_key(latitude: float, longitude: float) -> str:
    """Real UES's key: coordinates rounded to ~1 km."""
    return f"{round(latitude, 2):.2f},{round(longitude, 2):.2f}"


def unix_to_datetime(value: float) -> datetime:
    return datetime.fromtimestamp(value, UTC)


def convert_units(report: dict[str, Any], units: str) -> dict[str, Any]:
    """A copy of ``report`` with temperatures (Kelvin) and, for imperial, speeds (m/s → mph) converted."""
    if units == "standard":
        return report
    out = copy.deepcopy(report)

    def temp(value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return value
        celsius = value - 273.15
        return round(celsius if units == "metric" else celsius * 9 / 5 + 32, 2)

    def speed(value: Any) -> Any:
        if units != "imperial" or isinstance(value, bool) or not isinstance(value, int | float):
            return value
        return round(value * MPS_TO_MPH, 2)

    def block(item: Any) -> None:
        if not isinstance(item, dict):
            return
        for key in _TEMPERATURE_KEYS:
            value = item.get(key)
            if isinstance(value, dict):  # daily: {"day": …, "min": …, "max": …, "night": …, "eve": …, "morn": …}
                item[key] = {k: temp(v) for k, v in value.items()}
            elif key in item:
                item[key] = temp(value)
        for key in _SPEED_KEYS:
            if key in item:
                item[key] = speed(item[key])

    block(out.get("current"))
    for section in ("hourly", "daily"):
        for item in out.get(section) or []:
            block(item)
    return out


def without_sections(report: dict[str, Any], exclude: Sequence[str] | None) -> dict[str, Any]:
    if not exclude:
        return report
    return {k: v for k, v in report.items() if k not in exclude}


class WeatherState(Modality):
    modality_type: ClassVar[str] = "weather"
    input_model: ClassVar[type[ModalityInput]] = WeatherInput

    def __init__(self, last_updated: datetime, update_count: int = 0, *,
                 locations: dict[str, WeatherLocation] | None = None,
                 max_history_per_location: int = DEFAULT_MAX_HISTORY) -> None:
        super().__init__(last_updated, update_count)
        self.locations: dict[str, WeatherLocation] = locations or {}
        self.max_history_per_location = max_history_per_location

    # ------------------------------------------------------------------ transfer
    @classmethod
    def empty(cls, now: datetime, previous: Modality | None = None) -> WeatherState:
        size = previous.max_history_per_location if isinstance(previous, WeatherState) else DEFAULT_MAX_HISTORY
        return cls(now, max_history_per_location=size)

    @classmethod
    def load(cls, data: dict[str, Any]) -> WeatherState:
        # Real UES also exports ``openweather_api_key``; it is ignored here and never exported.
        dump = WeatherDump.model_validate(data)
        return cls(dump.last_updated, dump.update_count, locations=dict(dump.locations),
                   max_history_per_location=dump.max_history_per_location)

    def dump(self) -> dict[str, Any]:
        out = self.base_dump()
        out["locations"] = {key: self._dump_location(loc) for key, loc in self.locations.items()}
        out["max_history_per_location"] = self.max_history_per_location
        return out

    @staticmethod
    def _dump_location(loc: WeatherLocation) -> dict[str, Any]:
        return {"latitude": loc.latitude, "longitude": loc.longitude, "current_report": loc.current_report.as_dict(),
                "first_seen": loc.first_seen.isoformat(), "last_updated": loc.last_updated.isoformat(),
                "update_count": loc.update_count,
                "report_history": [{"timestamp": e.timestamp.isoformat(), "report": e.report.as_dict()}
                                   for e in loc.report_history]}

    # ------------------------------------------------------------------ execution
    def apply(self, inp: ModalityInput) -> None:
        assert isinstance(inp, WeatherInput)
        key = location_key(inp.latitude, inp.longitude)
        report = inp.report.model_copy(deep=True)
        loc = self.locations.get(key)
        if loc is None:
            self.locations[key] = WeatherLocation.model_construct(
                latitude=inp.latitude, longitude=inp.longitude, current_report=report, first_seen=inp.timestamp,
                last_updated=inp.timestamp, update_count=1, report_history=[])
        else:
            loc.report_history.append(ReportEntry.model_construct(timestamp=loc.last_updated,
                                                                  report=loc.current_report))
            if len(loc.report_history) > self.max_history_per_location:
                del loc.report_history[:len(loc.report_history) - self.max_history_per_location]
            loc.current_report = report
            loc.last_updated = inp.timestamp
            loc.update_count += 1
        self.touch(inp.timestamp)

    # ------------------------------------------------------------------ views
    def location_view(self, key: str) -> dict[str, Any]:
        """One location as ``GET /weather/state`` shows it (real UES's ``to_dict``)."""
        out = self._dump_location(self.locations[key])
        history = out.pop("report_history")
        out["history_count"] = len(history)
        out["history"] = history
        return out

    def primary(self) -> tuple[str, WeatherLocation] | None:
        """The most recently updated location."""
        if not self.locations:
            return None
        key = max(self.locations, key=lambda k: self.locations[k].last_updated)
        return key, self.locations[key]

    # ------------------------------------------------------------------ inspection
    def validate_state(self) -> list[str]:
        errors = []
        for key, loc in self.locations.items():
            if not -90 <= loc.latitude <= 90:
                errors.append(f"location {key} has invalid latitude {loc.latitude}")
            if not -180 <= loc.longitude <= 180:
                errors.append(f"location {key} has invalid longitude {loc.longitude}")
            if len(loc.report_history) > self.max_history_per_location:
                errors.append(f"location {key} history size {len(loc.report_history)} exceeds "
                              f"max_history_per_location {self.max_history_per_location}")
        return errors

    def summary(self) -> str:
        count = len(self.locations)
        if count == 0:
            return "No weather data"
        return f"Weather data for {count} location{'s' if count != 1 else ''}"

    def compact(self) -> dict[str, Any]:
        out = super().compact()
        out.update({"summary": self.summary(), "location_count": len(self.locations), "current": None})
        primary = self.primary()
        if primary is not None:
            key, loc = primary
            current = loc.current_report.current
            temp_c = round(current.temp - 273.15, 1) if current is not None and current.temp is not None else None
            extra = (current.model_extra or {}) if current is not None else {}
            weather = extra.get("weather")
            condition = "Unknown"
            if isinstance(weather, list) and weather and isinstance(weather[0], dict):
                condition = str(weather[0].get("main") or weather[0].get("description") or "Unknown")
            out["current"] = {
                "location": key, "latitude": loc.latitude, "longitude": loc.longitude, "condition": condition,
                "temperature_c": temp_c,
                "temperature_f": round(temp_c * 9 / 5 + 32, 1) if temp_c is not None else None,
                "humidity_percent": extra.get("humidity"), "wind_speed_mps": extra.get("wind_speed"),
                "as_of": loc.last_updated.isoformat(),
            }
        return out
