"""Reading a statement of leave by its dates (the formats are code, not wording) and a few general cue words."""
from __future__ import annotations

import re
from datetime import date, timedelta

WD = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
MO = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
      "december"]
_WDR = r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*"
_MOR = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
TOKEN = re.compile(
    rf"(?P<slash>{_WDR}\s+(?P<sd>\d{{1,2}})/(?P<sm>\d{{1,2}}))"
    rf"|(?P<dm>(?:{_WDR}\s+)?(?P<dd>\d{{1,2}})(?:st|nd|rd|th)?\s+(?P<dmm>{_MOR}))"
    rf"|(?P<the>(?:{_WDR}\s+)?the\s+(?P<td>\d{{1,2}})(?:st|nd|rd|th))"
    rf"|(?P<rel>\b(?P<rl>last|this|next)\s+(?P<rw>{_WDR}))"
    rf"|(?P<bare>\b(?P<bw>{_WDR})\b)"
    rf"|(?P<near>\b(?:today|tomorrow|yesterday)\b)")


def _near_month(day: int, ref: date) -> date:
    best = None
    for dm in (-1, 0, 1):
        y, m = ref.year, ref.month + dm
        if m < 1:
            y, m = y - 1, 12
        if m > 12:
            y, m = y + 1, 1
        try:
            d = date(y, m, day)
        except ValueError:
            continue
        if best is None or abs((d - ref).days) < abs((best - ref).days):
            best = d
    return best


def dates(text: str, said: date | None, ref: date) -> list[tuple[int, date]]:
    """Every date ``text`` names, with its position: absolute ones near ``ref``, relative ones against ``said``."""
    out = []
    base = said or ref
    for m in TOKEN.finditer(text):
        g = m.groupdict()
        d = None
        if g["slash"]:
            d = _near_month(int(g["sd"]), ref)
            try:
                d = date(ref.year, int(g["sm"]), int(g["sd"]))
            except ValueError:
                pass
        elif g["dm"]:
            mon = MO.index(g["dmm"].lower()) + 1
            try:
                d = date(ref.year, mon, int(g["dd"]))
                if (d - ref).days > 183:
                    d = date(ref.year - 1, mon, int(g["dd"]))
                elif (ref - d).days > 183:
                    d = date(ref.year + 1, mon, int(g["dd"]))
            except ValueError:
                d = None
        elif g["the"]:
            d = _near_month(int(g["td"]), ref)
        elif g["rel"] or g["bare"]:
            w = (g["rw"] or g["bw"]).lower()
            idx = next((i for i, x in enumerate(WD) if x.startswith(w[:3])), None)
            if idx is None:
                continue
            gap = (idx - base.weekday()) % 7
            if g["rel"] and g["rl"].lower() == "last":
                gap = gap - 7 if gap else -7
            elif gap == 0:
                gap = 7
            d = base + timedelta(days=gap)
        elif g["near"]:
            d = base + timedelta(days={"today": 0, "tomorrow": 1, "yesterday": -1}[g["near"].lower()])
        if d:
            out.append((m.start(), d))
    return out


CANCEL = re.compile(r"cancel|fell through|no longer|forget|in after all|called off|scrap|dropp|gave up|give up|"
                    r"won't need|doesn't need|not (?:taking|going)|withdr|revoked|abandon", re.I)
BACKCUE = re.compile(r"\bback\b|return|first day|resum|reappear|in again|rejoin", re.I)
BEFORE = re.compile(r"\bbefore\b|prior|ahead of|leading up|preced|in the run-up|until the", re.I)
NUM = re.compile(r"(?<![\d/+])\b([1-9])\b(?![\d/:])|\b(two|three|four|five|six|seven)\b", re.I)
WORDNUM = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}


def away_on(text: str, said: date | None, target: date, anchors: dict[str, date]) -> tuple[bool | None, float]:
    """Whether the statement says its person is away on ``target`` (None: it could not tell), and a confidence."""
    parts = re.split(r"(?<=[.!?:])\s+|\n+", text)
    keep = [x for x in parts if dates(x, said, target) or any(e.lower() in x.lower() for e in anchors)]
    if keep:
        text = " ".join(keep)
    ds = dates(text, said, target)
    nums = [int(a) if a else WORDNUM[b.lower()] for a, b in NUM.findall(_strip_dates(text))]
    event = next((e for e in anchors if e.lower() in text.lower()), None)
    cancel = bool(CANCEL.search(text))
    if event and nums:
        n, at = nums[0], anchors[event]
        if BEFORE.search(text):
            lo, hi = at - timedelta(days=n), at - timedelta(days=1)
        else:
            lo, hi = at + timedelta(days=1), at + timedelta(days=n)
        return lo <= target <= hi, 0.9
    if not ds:
        return None, 0.0
    if len(ds) >= 4 or (len(ds) == 3 and not BACKCUE.search(text)):
        # an old range and a new one: the later-stated one holds
        a, b = ds[-2][1], ds[-1][1]
        lo, hi = min(a, b), max(a, b)
        return lo <= target <= hi, 0.8
    if len(ds) >= 2:
        a, b = ds[0][1], ds[1][1]
        between = text[ds[0][0]:ds[1][0]]
        lo = min(a, b)
        hi = max(a, b) - timedelta(days=1) if BACKCUE.search(between) else max(a, b)
        inside = lo <= target <= hi
        if cancel:
            return False, 0.7
        return inside, 0.8
    d = ds[0][1]
    if nums:
        n = nums[0]
        return d <= target <= d + timedelta(days=n - 1), 0.8
    if BACKCUE.search(text):
        return target < d, 0.7
    return target <= d, 0.6  # "away until b"


def _strip_dates(text: str) -> str:
    return TOKEN.sub(" ", text)
