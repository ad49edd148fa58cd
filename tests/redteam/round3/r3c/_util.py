"""Shared helpers for r3c's rule scripts (loaded by path: the brain skips modules starting with _)."""
from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

NUMWORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
            "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
            "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30,
            "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "a dozen": 12,
            "a couple": 2, "a few": 3, "half": 0.5, "a": 1, "an": 1, "once": 1, "twice": 2}
_NUM = r"(?:\d+(?:\.\d+)?|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)"


def num(s: str) -> float | None:
    s = s.lower().strip()
    try:
        return float(s)
    except ValueError:
        pass
    parts = re.split(r"[- ]", s)
    if all(p in NUMWORDS for p in parts):
        return float(sum(NUMWORDS[p] for p in parts))
    return None


_DUR = re.compile(
    r"(?P<hh>(?:an|one|1)\s+hour(?:\s+and\s+(?:a\s+)?(?P<hq>half|quarter|" + _NUM + r"\s*min\w*))?)"
    r"|(?P<half>half\s+an\s+hour|half-hour|half hour)"
    r"|(?P<q>(?:a\s+)?quarter\s+of\s+an\s+hour|quarter-hour)"
    r"|(?P<n>" + _NUM + r")\s*(?:-\s*)?(?P<u>minutes?|mins?\b|m\b|'|hours?|hrs?\b|h\b)", re.I)


def durations(text: str) -> list[tuple[int, int, float]]:
    """(start, end, minutes) of every duration written in ``text``."""
    out = []
    for m in _DUR.finditer(text):
        if m.group("hh"):
            v = 60.0
            hq = m.group("hq")
            if hq:
                if hq.lower() == "half":
                    v += 30
                elif hq.lower() == "quarter":
                    v += 15
                else:
                    n = num(re.sub(r"\s*min\w*", "", hq))
                    v += n or 0
        elif m.group("half"):
            v = 30.0
        elif m.group("q"):
            v = 15.0
        else:
            n = num(m.group("n"))
            if n is None:
                continue
            u = m.group("u").lower()
            v = n * 60 if u.startswith("h") else n
        out.append((m.start(), m.end(), v))
    return out


_TIME = re.compile(r"(?<![\d:])(\d{1,2})(?:[:.](\d{2}))?\s*([ap]\.?m\.?)?(?![\d])", re.I)


def clock_times(text: str) -> list[tuple[int, int]]:
    """(hour24, minute) of clock times written with a colon or am/pm."""
    out = []
    for m in _TIME.finditer(text):
        h, mi, ap = int(m.group(1)), m.group(2), m.group(3)
        if mi is None and ap is None:
            continue
        mi = int(mi or 0)
        if h > 23 or mi > 59:
            continue
        if ap:
            ap = ap.lower()[0]
            if ap == "p" and h < 12:
                h += 12
            if ap == "a" and h == 12:
                h = 0
        out.append((h, mi))
    return out


def clock12(t: datetime) -> str:
    hour = t.hour % 12 or 12
    return f"{hour}:{t.minute:02d}{'am' if t.hour < 12 else 'pm'}"


def body(m: dict[str, Any]) -> str:
    return str(m.get("body_text") or m.get("body") or "")


def subj(m: dict[str, Any]) -> str:
    return str(m.get("subject") or "")


def first_name(name: str) -> str:
    return name.split()[0] if name else name


def dbg(*args: Any) -> None:
    import os
    path = os.environ.get("R3C_DEBUG")
    if path:
        with open(path, "a") as f:
            print(*args, file=f)


def phone_key(number: str) -> str:
    return "".join(ch for ch in number if ch.isdigit())[-10:]
