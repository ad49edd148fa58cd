"""Location: the user's current position and a bounded history of previous ones (ues-api.md §2.10).

The export dump uses real UES's field names (``current_latitude`` …, ``location_history``,
``max_history_size``) so that scenario files written by real UES import unchanged; ``load`` also accepts
the API shape (``current`` / ``history``) of ``GET /location/state``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from services.ues.modalities.base import Modality, ModalityInput, StrictBody
from services.ues.timeutil import EPOCH, AwareDatetime

DEFAULT_MAX_HISTORY = 100
POSITION_FIELDS = ("latitude", "longitude", "address", "named_location", "altitude", "accuracy", "speed", "bearing")


class LocationFields(StrictBody):
    """The position fields shared by ``POST /location/update`` and the event ``data`` (no operation)."""

    latitude: float = Field(ge=-90, le=90, allow_inf_nan=False)
    longitude: float = Field(ge=-180, le=180, allow_inf_nan=False)
    address: str | None = None
    named_location: str | None = None
    altitude: float | None = Field(default=None, allow_inf_nan=False)
    accuracy: float | None = Field(default=None, ge=0, allow_inf_nan=False)
    speed: float | None = Field(default=None, ge=0, allow_inf_nan=False)
    bearing: float | None = Field(default=None, ge=0, le=360, allow_inf_nan=False)


class LocationInput(LocationFields, ModalityInput):
    modality_type: Literal["location"] = "location"


class LocationEntry(BaseModel):
    """One past position; ``timestamp`` is when the user arrived there."""

    model_config = ConfigDict(extra="ignore")
    timestamp: AwareDatetime
    latitude: float
    longitude: float
    address: str | None = None
    named_location: str | None = None
    altitude: float | None = None
    accuracy: float | None = None
    speed: float | None = None
    bearing: float | None = None

    def view(self, is_current: bool | None = None) -> dict[str, Any]:
        """API form: the set fields only (like real UES), optionally flagged current."""
        out = {k: v for k, v in self.model_dump(mode="json").items() if v is not None}
        if is_current is not None:
            out["is_current"] = is_current
        return out


class LocationDump(BaseModel):
    """The exported state, validated field by field on import."""

    model_config = ConfigDict(extra="ignore")
    last_updated: AwareDatetime = EPOCH
    update_count: int = Field(default=0, ge=0)
    current_latitude: float | None = None
    current_longitude: float | None = None
    current_address: str | None = None
    current_named_location: str | None = None
    current_altitude: float | None = None
    current_accuracy: float | None = None
    current_speed: float | None = None
    current_bearing: float | None = None
    location_history: list[LocationEntry] = []
    max_history_size: int = Field(default=DEFAULT_MAX_HISTORY, ge=1)


class LocationState(Modality):
    modality_type: ClassVar[str] = "location"
    input_model: ClassVar[type[ModalityInput]] = LocationInput

    def __init__(self, last_updated: datetime, update_count: int = 0, *, current: dict[str, Any] | None = None,
                 history: list[LocationEntry] | None = None, max_history_size: int = DEFAULT_MAX_HISTORY) -> None:
        super().__init__(last_updated, update_count)
        # The current position: POSITION_FIELDS -> value, or None while no position was ever set.
        self.current: dict[str, Any] | None = current
        self.history: list[LocationEntry] = history or []
        self.max_history_size = max_history_size

    # ------------------------------------------------------------------ transfer
    @classmethod
    def empty(cls, now: datetime, previous: Modality | None = None) -> LocationState:
        size = previous.max_history_size if isinstance(previous, LocationState) else DEFAULT_MAX_HISTORY
        return cls(now, max_history_size=size)

    @classmethod
    def load(cls, data: dict[str, Any]) -> LocationState:
        data = dict(data)
        api_current = data.get("current")
        if isinstance(api_current, dict) and "current_latitude" not in data:
            # The GET /location/state shape: {"current": {...}, "history": [...]}.
            for name in POSITION_FIELDS:
                data[f"current_{name}"] = api_current.get(name)
            data.setdefault("location_history", data.get("history") or [])
        dump = LocationDump.model_validate(data)
        if (dump.current_latitude is None) != (dump.current_longitude is None):
            raise ValueError("current_latitude and current_longitude must both be set or both be null")
        current = None
        if dump.current_latitude is not None:
            current = {name: getattr(dump, f"current_{name}") for name in POSITION_FIELDS}
        return cls(dump.last_updated, dump.update_count, current=current, history=list(dump.location_history),
                   max_history_size=dump.max_history_size)

    def dump(self) -> dict[str, Any]:
        out = self.base_dump()
        current = self.current or {}
        out.update({f"current_{name}": current.get(name) for name in POSITION_FIELDS})
        out["location_history"] = [e.model_dump(mode="json") for e in self.history]
        out["max_history_size"] = self.max_history_size
        return out

    # ------------------------------------------------------------------ execution
    def apply(self, inp: ModalityInput) -> None:
        assert isinstance(inp, LocationInput)
        if self.current is not None:
            self.history.append(LocationEntry.model_construct(timestamp=self.last_updated, **self.current))
            if len(self.history) > self.max_history_size:
                del self.history[:len(self.history) - self.max_history_size]
        self.current = {name: getattr(inp, name) for name in POSITION_FIELDS}
        self.touch(inp.timestamp)

    # ------------------------------------------------------------------ views
    def current_view(self) -> dict[str, Any]:
        """``current`` as real UES shows it: the set fields, ``{}`` while no position is known."""
        return {k: v for k, v in (self.current or {}).items() if v is not None}

    def entries(self, include_current: bool = True) -> list[tuple[datetime, dict[str, Any]]]:
        """(since, API form) of the current position first (``is_current: true``), then history newest first."""
        out = []
        if include_current and self.current is not None:
            out.append((self.last_updated, {"timestamp": self.last_updated.isoformat(), **self.current_view(),
                                            "is_current": True}))
        out.extend((e.timestamp, e.view(is_current=False)) for e in reversed(self.history))
        return out

    # ------------------------------------------------------------------ inspection
    def validate_state(self) -> list[str]:
        errors = []
        if self.current is not None:
            lat, lon = self.current.get("latitude"), self.current.get("longitude")
            if lat is None or lon is None:
                errors.append("current latitude and longitude must both be set or both be null")
            else:
                if not -90 <= lat <= 90:
                    errors.append(f"current latitude {lat} is outside -90..90")
                if not -180 <= lon <= 180:
                    errors.append(f"current longitude {lon} is outside -180..180")
        for i, entry in enumerate(self.history):
            if not -90 <= entry.latitude <= 90 or not -180 <= entry.longitude <= 180:
                errors.append(f"location_history[{i}] has coordinates outside the valid range")
        if len(self.history) > self.max_history_size:
            errors.append(f"location history size {len(self.history)} exceeds max_history_size "
                          f"{self.max_history_size}")
        return errors

    def summary(self) -> str:
        if self.current is None:
            return "Location not set"
        if self.current.get("named_location"):
            return f"At {self.current['named_location']}"
        if self.current.get("address"):
            return f"At {self.current['address']}"
        return f"At {self.current['latitude']:.4f}, {self.current['longitude']:.4f}"

    def compact(self) -> dict[str, Any]:
        out = super().compact()
        out.update({"summary": self.summary(), "current": self.current_view() or None,
                    "history_count": len(self.history)})
        return out
