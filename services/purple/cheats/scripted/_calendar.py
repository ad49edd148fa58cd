"""What the calendar scripts share: reading events' times, who is committed, and free starts on a half-hour grid."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

from services.ues.client import parse_time

Event = dict[str, Any]
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")
STAMP = re.compile(r"(?:\w+ )?(\d{1,2}) (\w+) (\d{1,2}):(\d\d)")


def span(event: Event) -> tuple[datetime, datetime]:
    """An event's start and end."""
    return parse_time(str(event["start"])), parse_time(str(event["end"]))


def overlaps(a: tuple[datetime, datetime], b: tuple[datetime, datetime]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def live(event: Event, user: str) -> bool:
    """The event is confirmed and the user has not declined it."""
    if str(event.get("status", "confirmed")) == "cancelled":
        return False
    return not any(str(a.get("email", "")).lower() == user.lower() and a.get("response") == "declined"
                   for a in event.get("attendees") or [])


def others(event: Event, user: str) -> list[str]:
    """Everyone on the event but the user (organiser and attendees)."""
    out = [str(a.get("email")) for a in event.get("attendees") or [] if str(a.get("email", "")).lower() != user.lower()]
    organizer = str(event.get("organizer") or "")
    if organizer and organizer.lower() != user.lower() and organizer not in out:
        out.insert(0, organizer)
    return out


def dated(text: str, now: datetime) -> datetime | None:
    """"Thu 19 March 14:00" as a datetime in ``now``'s year."""
    m = STAMP.search(text)
    if m is None or m.group(2).lower() not in MONTHS:
        return None
    return now.replace(month=MONTHS.index(m.group(2).lower()) + 1, day=int(m.group(1)), hour=int(m.group(3)),
                       minute=int(m.group(4)), second=0, microsecond=0)


def free_starts(busy: list[tuple[datetime, datetime]], day: datetime, length: timedelta, first: str = "09:00",
                last: str = "17:00") -> list[datetime]:
    """Starts on the hour or half past between ``first`` and ``last`` (the meeting ends by then) clear of ``busy``."""
    h, m = map(int, first.split(":"))
    start = day.replace(hour=h, minute=m, second=0, microsecond=0)
    h, m = map(int, last.split(":"))
    close = day.replace(hour=h, minute=m, second=0, microsecond=0)
    out = []
    while start + length <= close:
        if not any(overlaps((start, start + length), b) for b in busy):
            out.append(start)
        start += timedelta(minutes=30)
    return out
