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


WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_DAY = r"(?P<wd>mon|tue|wed|thu|fri|sat|sun)[a-z]*"
_CLOCK24 = r"(?P<h>\d{1,2}):(?P<m>\d\d)"
_CLOCK12 = r"(?P<h12>\d{1,2})(?::(?P<m12>\d\d))?\s?(?P<ap>am|pm)"
_MONTH = r"(?P<mon>january|february|march|april|may|june|july|august|september|october|november|december)"
# The ways the public parts write a time (facts.time_phrases): "Thursday 14:00", "Thu 19 March 14:00",
# "2pm on Thursday", "March 19, 2pm".
TIME_FORMS = (
    re.compile(rf"\b{_DAY}\s+(?P<d>\d{{1,2}})\s+{_MONTH}\s+{_CLOCK24}", re.IGNORECASE),
    re.compile(rf"\b{_MONTH}\s+(?P<d>\d{{1,2}}),\s+{_CLOCK12}", re.IGNORECASE),
    re.compile(rf"\b{_CLOCK12}\s+on\s+{_DAY}", re.IGNORECASE),
    re.compile(rf"\b{_DAY}\s+{_CLOCK24}", re.IGNORECASE),
)


def mentions(text: str, now: datetime) -> list[tuple[int, datetime]]:
    """Every time ``text`` names in the public parts' forms, with where it sits; a weekday means its next
    occurrence after ``now``."""
    out: list[tuple[int, datetime]] = []
    taken: list[tuple[int, int]] = []
    for form in TIME_FORMS:
        for m in form.finditer(text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            g = m.groupdict()
            if g.get("h") is not None:
                hour, minute = int(g["h"]), int(g["m"])
            else:
                hour, minute = int(g["h12"]) % 12 + (12 if g["ap"].lower() == "pm" else 0), int(g["m12"] or 0)
            if g.get("d") is not None:
                day = now.replace(month=MONTHS.index(g["mon"].lower()) + 1, day=int(g["d"]))
            else:
                target = [w[:3] for w in WEEKDAYS].index(g["wd"].lower()[:3])
                day = now + timedelta(days=(target - now.weekday()) % 7 or 7)
            out.append((m.start(), day.replace(hour=hour, minute=minute, second=0, microsecond=0)))
            taken.append((m.start(), m.end()))
    return sorted(out)


# Where a moved meeting goes, by the words the public parts' requests use for each rule (first match wins).
DESTINATION_CUES = (("afternoon", r"13:00"), ("morning", r"12:00|noon|before lunch"),
                    ("before", r"ahead of|before the meeting|by the time|before the other"),
                    ("after", r"after the meeting|just after|once the other|after it ends|after that one"),
                    ("latest", r"latest|as late|end of that"), ("earliest", r"."))


def destination(prompt: str) -> str:
    """The destination rule a request states, by its cue words."""
    return next(name for name, cue in DESTINATION_CUES if re.search(cue, prompt, re.IGNORECASE))


def target(busy: list[tuple[datetime, datetime]], loser: tuple[datetime, datetime],
           winner: tuple[datetime, datetime], rule: str) -> datetime | None:
    """The start ``rule`` gives a loser among ``busy`` (the public parts' destination rules)."""
    length = loser[1] - loser[0]
    starts = free_starts(busy, loser[0], length)
    if rule == "after":
        starts = [s for s in starts if s >= winner[1]]
    elif rule == "before":
        starts = [s for s in starts if s + length <= winner[0]][-1:]
    elif rule == "latest":
        starts = starts[-1:]
    elif rule == "afternoon":
        starts = [s for s in starts if s.hour >= 13]
    elif rule == "morning":
        starts = [s for s in starts if (s + length).hour * 60 + (s + length).minute <= 12 * 60][-1:]
    return starts[0] if starts else None
