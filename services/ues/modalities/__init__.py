"""The modality registry: modality_type -> state class."""

from __future__ import annotations

from services.ues.modalities.base import Modality
from services.ues.modalities.calendar import CalendarState
from services.ues.modalities.chat import ChatState
from services.ues.modalities.contacts import ContactsState
from services.ues.modalities.email import EmailState
from services.ues.modalities.location import LocationState
from services.ues.modalities.sms import SMSState
from services.ues.modalities.time_prefs import TimePreferencesState
from services.ues.modalities.weather import WeatherState

MODALITY_CLASSES: dict[str, type[Modality]] = {cls.modality_type: cls for cls in (
    EmailState,
    CalendarState,
    SMSState,
    ChatState,
    LocationState,
    WeatherState,
    ContactsState,
    TimePreferencesState,
)}
