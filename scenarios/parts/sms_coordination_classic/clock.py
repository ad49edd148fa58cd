"""How an sms_coordination world writes days and times: "Fri 20th 1-3pm", "4:00 pm", "1pm", "Tuesday"."""

from __future__ import annotations

from datetime import date, datetime
from typing import TYPE_CHECKING

from .templates import WEEKDAYS

if TYPE_CHECKING:
    from .params import Slot


def _h12(hour: int) -> str:
    return str(hour % 12 or 12)


def _ap(hour: int) -> str:
    return "am" if hour < 12 else "pm"


def hours(slot: Slot) -> str:
    """"1-3pm", "9-11am", "10am-12pm"."""
    s, e = slot.start.hour, slot.end.hour
    if _ap(s) == _ap(e):
        return f"{_h12(s)}-{_h12(e)}{_ap(e)}"
    return f"{_h12(s)}{_ap(s)}-{_h12(e)}{_ap(e)}"


def offered(slot: Slot) -> str:
    """How Tony writes a slot: "Fri 20th 1-3pm"."""
    return f"{WEEKDAYS[slot.start.weekday()][:3]} {slot.start.day}th {hours(slot)}"


def clock(moment: datetime) -> str:
    """"4:00 pm"."""
    return f"{_h12(moment.hour)}:{moment.minute:02d} {_ap(moment.hour)}"


def clock_range(start: datetime, end: datetime) -> str:
    """"4:00-4:45 pm", "11:30 am-12:15 pm"."""
    if _ap(start.hour) == _ap(end.hour):
        return f"{_h12(start.hour)}:{start.minute:02d}-{clock(end)}"
    return f"{clock(start)}-{clock(end)}"


def short_clock(moment: datetime) -> str:
    """"4", "4:15"."""
    return _h12(moment.hour) + ("" if moment.minute == 0 else f":{moment.minute:02d}")


def weekday(moment: date) -> str:
    return WEEKDAYS[moment.weekday()]


def ampm(moment: datetime) -> str:
    """"1pm", "9:30am"."""
    return _h12(moment.hour) + ("" if moment.minute == 0 else f":{moment.minute:02d}") + _ap(moment.hour)
