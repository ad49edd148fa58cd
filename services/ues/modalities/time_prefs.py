"""Time preferences: how the user wants time shown (timezone, 12h/24h, date format, locale, week start).

This is the ``time`` modality of real UES. It has nothing to do with the simulator clock and has no
routes of its own: it is set through ``POST /events`` with ``modality: "time"`` (data ``timezone``,
``format_preference`` and optionally ``date_format``, ``locale``, ``week_start``; no operation), exported and
imported like every modality. Each change pushes the previous settings onto a bounded history.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar, Literal
from zoneinfo import ZoneInfo

from pydantic import BaseModel, ConfigDict, Field, field_validator

from services.ues.modalities.base import Modality, ModalityInput
from services.ues.timeutil import EPOCH, AwareDatetime

DEFAULT_MAX_HISTORY = 50
DATE_FORMATS = ("MM/DD/YYYY", "DD/MM/YYYY", "YYYY-MM-DD", "YYYY/MM/DD", "DD.MM.YYYY", "DD-MM-YYYY")
FormatPreference = Literal["12h", "24h"]
WeekStart = Literal["sunday", "monday"]
SETTING_FIELDS = ("timezone", "format_preference", "date_format", "locale", "week_start")


def timezone_error(name: str) -> str | None:
    """Why ``name`` is not an IANA timezone, or None when it is one."""
    try:
        ZoneInfo(name)
    except Exception as exc:  # ValueError, ZoneInfoNotFoundError, …
        return f"'{name}' is not a known IANA timezone ({type(exc).__name__})"
    return None


class TimePreferencesInput(ModalityInput):
    modality_type: Literal["time"] = "time"
    timezone: str = Field(min_length=1, max_length=64)
    format_preference: FormatPreference
    date_format: str | None = None
    locale: str | None = Field(default=None, max_length=35)
    week_start: WeekStart | None = None

    @field_validator("timezone")
    @classmethod
    def _known_timezone(cls, value: str) -> str:
        error = timezone_error(value)
        if error:
            raise ValueError(error)
        return value

    @field_validator("date_format")
    @classmethod
    def _known_date_format(cls, value: str | None) -> str | None:
        if value is not None and value not in DATE_FORMATS:
            raise ValueError(f"must be one of {', '.join(DATE_FORMATS)}")
        return value


class SettingsEntry(BaseModel):
    """Settings that were in force until ``timestamp``'s successor replaced them."""

    model_config = ConfigDict(extra="ignore")
    timestamp: AwareDatetime
    timezone: str
    format_preference: FormatPreference
    date_format: str | None = None
    locale: str | None = None
    week_start: WeekStart | None = None


class TimePreferencesDump(BaseModel):
    model_config = ConfigDict(extra="ignore")
    last_updated: AwareDatetime = EPOCH
    update_count: int = Field(default=0, ge=0)
    timezone: str = "UTC"
    format_preference: FormatPreference = "12h"
    date_format: str | None = None
    locale: str | None = None
    week_start: WeekStart | None = None
    settings_history: list[SettingsEntry] = []
    max_history_size: int = Field(default=DEFAULT_MAX_HISTORY, ge=1)


class TimePreferencesState(Modality):
    modality_type: ClassVar[str] = "time"
    input_model: ClassVar[type[ModalityInput]] = TimePreferencesInput

    def __init__(self, last_updated: datetime, update_count: int = 0, *, timezone: str = "UTC",
                 format_preference: str = "12h", date_format: str | None = None, locale: str | None = None,
                 week_start: str | None = None, history: list[SettingsEntry] | None = None,
                 max_history_size: int = DEFAULT_MAX_HISTORY) -> None:
        super().__init__(last_updated, update_count)
        self.timezone = timezone
        self.format_preference = format_preference
        self.date_format = date_format
        self.locale = locale
        self.week_start = week_start
        self.history: list[SettingsEntry] = history or []
        self.max_history_size = max_history_size

    # ------------------------------------------------------------------ transfer
    @classmethod
    def empty(cls, now: datetime, previous: Modality | None = None) -> TimePreferencesState:
        # Like real UES's clear: back to the defaults (UTC, 12h).
        size = previous.max_history_size if isinstance(previous, TimePreferencesState) else DEFAULT_MAX_HISTORY
        return cls(now, max_history_size=size)

    @classmethod
    def load(cls, data: dict[str, Any]) -> TimePreferencesState:
        dump = TimePreferencesDump.model_validate(data)
        return cls(dump.last_updated, dump.update_count, timezone=dump.timezone,
                   format_preference=dump.format_preference, date_format=dump.date_format, locale=dump.locale,
                   week_start=dump.week_start, history=list(dump.settings_history),
                   max_history_size=dump.max_history_size)

    def settings(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in SETTING_FIELDS}

    def dump(self) -> dict[str, Any]:
        out = self.base_dump()
        out.update(self.settings())
        out["settings_history"] = [e.model_dump(mode="json") for e in self.history]
        out["max_history_size"] = self.max_history_size
        return out

    # ------------------------------------------------------------------ execution
    def apply(self, inp: ModalityInput) -> None:
        assert isinstance(inp, TimePreferencesInput)
        self.history.append(SettingsEntry.model_construct(timestamp=self.last_updated, **self.settings()))
        if len(self.history) > self.max_history_size:
            del self.history[:len(self.history) - self.max_history_size]
        for name in SETTING_FIELDS:
            setattr(self, name, getattr(inp, name))
        self.touch(inp.timestamp)

    # ------------------------------------------------------------------ inspection
    def validate_state(self) -> list[str]:
        errors = []
        error = timezone_error(self.timezone)
        if error:
            errors.append(f"invalid timezone: {error}")
        if len(self.history) > self.max_history_size:
            errors.append(f"settings history size {len(self.history)} exceeds max_history_size "
                          f"{self.max_history_size}")
        return errors

    def summary(self) -> str:
        return f"{self.timezone}, {self.format_preference} format"

    def compact(self) -> dict[str, Any]:
        out = super().compact()
        out.update({"summary": self.summary(), "timezone": self.timezone,
                    "format_24h": self.format_preference == "24h"})
        out.update({k: v for k, v in (("date_format", self.date_format), ("locale", self.locale),
                                      ("week_start", self.week_start)) if v})
        return out
