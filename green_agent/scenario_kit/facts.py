"""Facts read out of free text — words, keywords, money amounts, date-times — so graders and scripted characters
check *what a message says* ("does the SMS propose one of the slots the plumber offered?"), not substrings.
The readers follow how people write email, SMS and chat (English, dot decimals) and skip what they could only
guess. Stdlib only and deterministic."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal

__all__ = ["amounts", "clock12", "has_all", "has_any", "positions", "time_phrases", "times", "words"]

_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")
_WD = r"mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?"
_MON = (r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?"
        r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?")
_ABBR = {n[:3].lower(): i for names, first in ((_WEEKDAYS, 0), (_MONTHS, 1)) for i, n in enumerate(names, first)}
_AMBIGUOUS_WD = {"sat", "sun", "wed"}  # also plain English words: only a capitalised one names a day

_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")
_CODES = r"usd|eur|gbp|cad|aud|chf"
_AMOUNT = re.compile(rf"""
    (?:(?P<cur>[$€£¥]|\b(?:{_CODES})(?![a-z]))\s?|(?<![\w.,:/+]))   # a currency mark, or a free-standing number
    (?P<num>\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+(?:\.\d+)?)(?!\d|[.,:/]\d)  # never the head of a longer token
    (?:(?P<mult>[km])(?![^\W_]))?(?![^\W_]|\s?%)                         # "$1.2k", not "5.50km" or "12.50%"
    (?:\s?(?P<word>dollars?|bucks|euros?|{_CODES})\b)?""", re.I | re.X)
_AP = r"(?P<ap>[ap])(?:\.m\b\.?|m\b)"
_CLOCK = re.compile(rf"\b(?:noon|midday)\b|(?<![\w.,:/+$€£])(?P<h>\d{{1,2}})(?:(?P<sep>[:.])(?P<m>\d\d)(?::\d\d)?)?"
                    rf"(?!\d)(?:\s?{_AP})?", re.I)
_RANGE = re.compile(r"\s*(?:[-–—]|to|until|till)\s*", re.I)
_ON = re.compile(r"\s*,?\s*on\s+(?:the\s+)?", re.I)
_DATE = re.compile(rf"""\b(?:(?P<wd>{_WD})\b\.?,?\s+(?:the\s+)?)?
    (?:(?<![:.])(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m1>{_MON})\b
      |(?P<m2>{_MON})\b\.?\s+(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\b(?!:|\s?[ap]\.?m\b))
    (?:,?\s+(?P<y>(?:19|20|21)\d\d)\b(?!:))?""", re.I | re.X)
_DAY = re.compile(rf"\b(?:(?P<wd>{_WD})\b|(?P<rel>today|tomorrow)\b)|(?<![\d-])(?P<iso>\d{{4}}-\d\d-\d\d)(?!\d)",
                  re.I)
_ISO_DT = re.compile(r"(?<![\d-])(\d{4}-\d\d-\d\d)([T ]\d\d:\d\d(?::\d\d(?:\.\d+)?)?)(Z|[+-]\d\d:?\d\d)?(?!\d)", re.I)
# Sentence/line ends. The last dot of "p.m." is not one (a day form never ends in a dot); "Dr." and "e.g." are
# (harmless: a clock then falls back to the reference date).
_BREAK = re.compile(r"\n|[.!?;](?=\s|$)")

def words(text: str) -> set[str]:
    """The lower-cased words of ``text``: runs of letters/digits, keeping an apostrophe or hyphen *inside* a
    word ("don't", "follow-up"), never at its edges."""
    return set(_WORD.findall(text.lower()))


def _found(text: str, keywords: Iterable[str]) -> list[bool]:
    hits = []
    for keyword in [keywords] if isinstance(keywords, str) else keywords:  # one bare string is one keyword
        if not keyword.split():
            raise ValueError("blank keyword")  # it would match everything: always a bug in the caller
        hits.append(bool(_keyword_pattern(keyword).search(text)))
    return hits


@functools.lru_cache(maxsize=4096)
def _keyword_pattern(keyword: str) -> re.Pattern[str]:
    body = r"\s+".join(map(re.escape, keyword.split()))
    # Whole words as words() sees them: not glued to a letter/digit, nor to one through an inner ' or -.
    return re.compile(rf"(?<![^\W_])(?<![^\W_]['’-]){body}(?:s|['’]s)?(?![^\W_])(?!['’-][^\W_])", re.I)


def has_all(text: str, keywords: Iterable[str]) -> bool:
    """Whether every keyword occurs in ``text`` as a whole word or phrase, ignoring case. A phrase's words may be
    split by any whitespace (newlines too); the last may take a plural "s" or possessive "'s" ("deck" matches
    "decks", "Nadia" matches "Nadia's"); "board" never matches "onboarding" or "on-board". A blank keyword raises
    ValueError; a single string is one keyword. No keywords at all: True."""
    return all(_found(text, keywords))


def has_any(text: str, keywords: Iterable[str]) -> bool:
    """Whether at least one keyword occurs in ``text``, by the rules of ``has_all``. No keywords at all: False."""
    return any(_found(text, keywords))


def positions(text: str, keywords: Iterable[str]) -> list[int]:
    """Where in ``text`` each keyword occurs (start offsets, keyword by keyword), by the rules of ``has_all``: a
    reader that asks which part of a text names something, not only whether it does."""
    listed = list(keywords)
    if any(not keyword.split() for keyword in listed):
        raise ValueError("blank keyword")  # it would match everywhere, as in has_all
    return [m.start() for keyword in listed for m in _keyword_pattern(keyword).finditer(text)]


def amounts(text: str) -> set[Decimal]:
    """The money amounts ``text`` names, unsigned. A number counts only with a currency mark ("$", "€", "£",
    "¥", "USD 4,500", "650 dollars"), a two-digit decimal part ("14730.50") or thousands commas ("14,730");
    bare integers never do: ids ("PO 88213"), years, counts. Decimals use a dot ("4.500,00" is nothing). A
    "k"/"m" suffix multiplies ("$1.2k" → 1200). Parts of times, dates, phone numbers and dotted/colon'd
    tokens are ignored ("14:00", "2026-03-19", "+15550142277", "19.03.2026")."""
    found = set()
    for m in _AMOUNT.finditer(text):
        num = m["num"]
        if m["cur"] or m["word"] or "," in num or re.search(r"\.\d\d$", num):
            found.add(Decimal(num.replace(",", "")) * {"k": 1000, "m": 1_000_000}.get((m["mult"] or "").lower(), 1))
    return found


def _calendar(year: int | None, month: int, day: int, today: date) -> date | None:
    try:
        named = date(year or today.year, month, day)
        # No year: the reference year, unless that is over ~6 months back ("5 January" written in December).
        return named.replace(year=named.year + 1) if year is None and (today - named).days > 183 else named
    except ValueError:
        return None  # "31 February", or 29 February rolled into a common year


def _days(text: str, today: date) -> list[tuple[int, int, date]]:
    """Day forms as (start, end, date), in text order."""
    found: list[tuple[int, int, date]] = []
    for m in _DATE.finditer(text):  # a written date wins over a weekday beside it
        month = _ABBR[(m["m1"] or m["m2"])[:3].lower()]
        named = _calendar(int(m["y"]) if m["y"] else None, month, int(m["d1"] or m["d2"]), today)
        if named:
            found.append((m.start(), m.end(), named))
    dated = list(found)
    for m in _DAY.finditer(text):
        if any(s < m.end() and m.start() < e for s, e, _ in dated):
            continue
        if m["iso"]:
            year, month, day = map(int, m["iso"].split("-"))
            named = _calendar(year, month, day, today)
        elif m["rel"]:
            named = today + timedelta(days=m["rel"].lower() == "tomorrow")
        elif m["wd"].lower() in _AMBIGUOUS_WD and m["wd"][0].islower():
            continue
        else:
            named = today + timedelta(days=(_ABBR[m["wd"][:3].lower()] - today.weekday()) % 7)
        if named:
            found.append((m.start(), m.end(), named))
    return sorted(found)


def _clock(hour: int, minute: int, ap: str | None) -> time | None:
    if minute > 59 or (hour > 23 if ap is None else not 1 <= hour <= 12):
        return None
    return time(hour if ap is None else hour % 12 + 12 * (ap.lower() == "p"), minute)


def _clock_groups(text: str) -> list[tuple[int, int, list[time]]]:
    """Clock times as (start, end, times): one time, or both ends of a range ("2pm-3pm", "2-3pm")."""
    found = []  # (start, end, hour, minute, am/pm, is a time on its own)
    for m in _CLOCK.finditer(text):
        if m["h"] is None:
            found.append((m.start(), m.end(), 12, 0, "p", True))  # noon, midday
        elif m["sep"] != "." or m["ap"]:  # "14.00" reads as an amount as often as a time
            found.append((m.start(), m.end(), int(m["h"]), int(m["m"] or 0), m["ap"], bool(m["sep"] or m["ap"])))
    groups, i = [], 0
    while i < len(found):
        a, b = found[i], found[i + 1] if i + 1 < len(found) else None
        if b and b[5] and _RANGE.fullmatch(text, a[1], b[0]):
            end = _clock(*b[2:5])
            # A start without am/pm takes the end's ("2-3pm"), or am when that would put it after the end ("11-1pm").
            start = _clock(*a[2:5]) if a[4] or not b[4] or a[2] > 12 else _clock(a[2], a[3], b[4])
            if start is not None and end is not None and not a[4] and b[4] and start > end:
                start = _clock(a[2], a[3], "a")
            groups.append((a[0], b[1], [t for t in (start, end) if t is not None]))
            i += 2
            continue
        if a[5] and (only := _clock(*a[2:5])) is not None:
            groups.append((a[0], a[1], [only]))
        i += 1
    return groups


def times(text: str, reference: datetime, *, ends: bool = True) -> set[datetime]:
    """Every date-time ``text`` names, as aware datetimes in ``reference``'s timezone (naive: UTC), where
    ``reference`` is when the text was written. Only a named clock time yields a result; a day alone does not.

    Clocks: "14:00" (24-hour), "2pm", "2 pm", "2:30pm", "2.30pm", "2:30 p.m.", "noon", "midday"; "12pm" is
    12:00 and "12am" 00:00; a bare "9" or "14.00" is no time. Ranges ("2pm-3pm", "2-3pm", "14:00 to 15:00")
    give both ends. Days: weekdays ("Thursday", "Thu", "Thurs"; "sat"/"sun"/"wed" only capitalised), dates
    ("19 March", "19th of March", "March 19", optionally after a weekday and before a year), "2026-03-19",
    "today", "tomorrow". A weekday means its next occurrence on or after the reference date; a date without a
    year takes the reference year, or the next when that is over 183 days back. ISO date-times
    ("2026-03-19T14:00", "2026-03-19 14:00:00+02:00"; an offset is read only after "T" or seconds, so
    "14:00-15:00" stays a range) are read exactly.

    Each clock takes a day from its own sentence/line: one it directly precedes with "on" ("2pm on Thursday"),
    else the closest day before it, else the closest after it, else the reference date. ``ends=False`` reads a
    range as the one moment it starts at (what someone picking a slot means by "13:00-13:30")."""
    tz = reference.tzinfo or UTC
    today = reference.replace(tzinfo=tz).date()
    found: set[datetime] = set()
    masked = text
    for m in _ISO_DT.finditer(text):
        if m[2][0] == " " and m[2].count(":") < 2:
            continue  # "2026-03-19 14:00": the clock reader pairs it like any other, and "-15:00" stays a range end
        try:
            exact = datetime.fromisoformat(m[0].upper().replace(" ", "T"))
        except ValueError:
            continue
        found.add(exact.astimezone(tz) if exact.tzinfo else exact.replace(tzinfo=tz))
        masked = masked[: m.start(2)] + " " * (m.end() - m.start(2)) + masked[m.end():]  # its date still pairs
    days = _days(text, today)
    groups = _clock_groups(masked)
    spans = [(s, e) for s, e, _ in days] + [(s, e) for s, e, _ in groups]
    breaks = [b.start() for b in _BREAK.finditer(text) if not any(s <= b.start() < e for s, e in spans)]
    for start, end, clocks in groups:
        lo = max((b for b in breaks if b < start), default=-1)
        hi = min((b for b in breaks if b >= end), default=len(text))
        before = [d for d in days if lo < d[0] and d[1] <= start]
        after = [d for d in days if d[0] >= end and d[1] <= hi]
        on = [d for d in after if _ON.fullmatch(text, end, d[0])]
        day = on[0][2] if on else before[-1][2] if before else after[0][2] if after else today
        found.update(datetime.combine(day, t, tzinfo=tz) for t in (clocks if ends else clocks[:1]))
    return found


def clock12(moment: datetime) -> str:
    """The clock time as people write it: "2pm", "2:30pm", "10am" (``times`` reads it back)."""
    hour = moment.hour % 12 or 12
    return f"{hour}{'' if moment.minute == 0 else f':{moment.minute:02d}'}{'am' if moment.hour < 12 else 'pm'}"


def time_phrases(moment: datetime) -> list[str]:
    """Natural ways to write ``moment`` (to the minute, in its own timezone): "Thursday 14:00", "Thu 19 March
    14:00", "2pm on Thursday", "March 19, 2pm", "2026-03-19 14:00", "2026-03-19T14:00". Each reads back as
    exactly ``moment`` through ``times`` for any reference in the same timezone within the 6 days before it."""
    twelve = clock12(moment)
    weekday, month, clock = _WEEKDAYS[moment.weekday()], _MONTHS[moment.month - 1], f"{moment:%H:%M}"
    return [f"{weekday} {clock}", f"{weekday[:3]} {moment.day} {month} {clock}", f"{twelve} on {weekday}",
            f"{month} {moment.day}, {twelve}", f"{moment:%Y-%m-%d} {clock}", f"{moment:%Y-%m-%dT%H:%M}"]
