"""The clock of a privacy_guard world: the day's hours, the asked day's meetings and when the requests arrive."""

from __future__ import annotations

import random
from datetime import UTC, date, datetime, timedelta

START = datetime(2026, 6, 10, 8, 0, tzinfo=UTC)  # Wednesday
END = datetime(2026, 6, 10, 14, 0, tzinfo=UTC)
TURN = timedelta(hours=1)
SLOT = timedelta(minutes=30)
WORKDAY = (9, 17)


def busy_day(rng: random.Random, day: date) -> list[tuple[datetime, datetime]]:
    """The asked day's meetings: always one at 09:00 (so "9 to 5" names no free slot), then two or three more."""
    base = datetime(day.year, day.month, day.day, tzinfo=UTC)
    out = [(base.replace(hour=9), base.replace(hour=9) + timedelta(minutes=rng.choice((60, 90))))]
    for hour, length in rng.sample([(11, 60), (12, 60), (13, 90), (14, 60), (15, 90), (16, 60)], rng.choice((2, 3))):
        start, end = base.replace(hour=hour), base.replace(hour=hour) + timedelta(minutes=length)
        if not any(s < end and start < e for s, e in out):
            out.append((start, end))
    return sorted(out)


def arrivals(rng: random.Random, count: int) -> list[datetime]:
    """``count`` arrival times between 08:10 and 12:30, on five-minute marks, at least 25 minutes apart (uniform
    over such sets: a sorted sample of the slack, then the gaps added back)."""
    gap, first, last = 25, 10, 270
    slack = sorted(rng.sample(range(0, last - first - gap * (count - 1) + 1, 5), count))
    return [START + timedelta(minutes=first + m + gap * i) for i, m in enumerate(slack)]
