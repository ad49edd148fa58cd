"""delivery_slot: reads the couriers' SMS threads (the first text's time ranges and date; later texts naming a
window by its time, position, part of the day or earliest/last), the calendar (the one appointment in each window,
its address, or the address its friend's mail names), and the three mails holding a four-digit code beside an
address: home is the code mail with the fewest "somebody else's place" cues (a broad word list), ties broken by the
address-book-free structure of near-miss addresses (home's number and street recur). Books, per courier, the window
whose appointment is at home and which no later text takes back; sends nothing else (never the code)."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from services.purple.cheats.scripted.desk import Desk, Script, script

MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")
T = r"(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?"
RANGE = re.compile(T + r"\s*(?:-|–|—|till|til|until|to|and|through)\s*" + T, re.I)
ADDRESS = re.compile(r"(?<![\w-])(\d{1,3}) ((?:[A-Z][\w'’-]*)(?: [A-Z][\w'’-]*){0,3})")
SUFFIXES = {"road", "rd", "lane", "ln", "street", "st", "avenue", "ave", "crescent", "cres", "way", "row", "close",
            "terrace", "drive", "dr", "place", "pl", "court", "ct", "square", "sq", "gardens", "walk", "hill", "grove",
            "park", "mews", "parade", "boulevard", "blvd", "circle", "green", "rise", "view", "wharf", "quay", "yard"}
STOP = {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "today", "tomorrow", "tonight",
        "then", "see", "at", "on", "in", "for", *MONTHS}
ORD = ("first", "second", "third", "fourth", "fifth")
PARTS = {"early morning": (390, 570), "morning": (390, 570), "breakfast": (390, 570), "lunch": (690, 870),
         "midday": (690, 870), "noon": (690, 870), "afternoon": (840, 1020), "tea": (1020, 1200),
         "teatime": (1020, 1200), "late evening": (1170, 1380), "evening": (1170, 1380), "night": (1170, 1380)}
# Cues that a code belongs to someone else's place, or to a place no longer the user's
ELSEWHERE = ("mine", "my place", "my flat", "my building", "my block", "our block", "not yours", "come round",
             "come over", "visit", "former", "formerly", "previous", "previously", "used to", "ended", "tenancy",
             "moved out", "no longer", "studio", "member", "members", "holiday", "let", "rental", "host", "stay",
             "guest", "booking", "booked", "key box", "keybox", "lockbox", "office", "staff only", "for staff",
             "staff entrance", "facilities", "employees only", "crew", "makerspace", "cottage", "landlord", "lodge",
             "past tenants", "ex-residents", "moved on", "moved out", "workplace", "travelling", "plants",
             "not your building", "not yours", "my new", "our office", "coworking", "hostel", "airbnb", "cabin",
             "colleague", "work", "employees", "cat", "plants", "feed", "while i'm away", "away", "neighbour",
             "neighbor", "friend", "summer", "vacation", "gym", "club", "workshop", "coworking", "desk", "i'm at",
             "i live", "my home", "our residents", "people who live there now", "don't use it")
HOME = ("residents", "your building", "the building", "moved into", "neighbours", "everyone", "households",
        "all at", "dear residents", "your home", "yourselves", "flat owners", "tenants", "all flats", "the flats",
        "live here", "who live here", "every flat", "all households", "our building")


def _words(text: str, words: tuple[str, ...]) -> int:
    low = text.lower().replace("’", "'")
    return sum(1 for w in words if re.search(rf"(?<![\w']){re.escape(w)}(?![\w'])", low))


def _addr(text: str) -> list[str]:
    clean = re.sub(r"(?i)\b(?:no\.|number|nr\.?|#)\s*(?=\d)", "", str(text or ""))
    clean = re.sub(r"(?i)\b(?:flat|apt\.?|apartment|unit|buzz|suite|door|room)\s*\d+", " ", clean)
    out = []
    for n, street in ADDRESS.findall(clean):
        words = street.split()
        cut = next((i for i, w in enumerate(words) if w.lower().strip("'’") in SUFFIXES), None)
        if cut is not None:
            words = words[:cut + 1]
        while len(words) > 1 and words[-1].lower() in STOP:
            words.pop()
        out.append(f"{n} {' '.join(words)}")
    return out


def _minutes(h: str, m: str | None, ap: str | None) -> tuple[int, str | None]:
    hour, minute = int(h), int(m or 0)
    ap = (ap or "").lower().replace(".", "") or None
    if ap == "pm" and hour < 12:
        hour += 12
    if ap == "am" and hour == 12:
        hour = 0
    return hour * 60 + minute, ap


def _windows(text: str) -> list[tuple[int, int, str]]:
    """Time ranges (start, end in minutes after midnight, the start as written) in order."""
    out = []
    for m in RANGE.finditer(text):
        h1, m1, a1, h2, m2, a2 = m.groups()
        if not (m1 or a1 or m2 or a2):
            continue
        if int(h1) > 23 or int(h2) > 23:
            continue
        e, ae = _minutes(h2, m2, a2)
        if a1:
            s, _ = _minutes(h1, m1, a1)
        elif ae and not (m1 and len(h1) == 2 and h1.startswith(("0", "1", "2")) and not a2):
            s, _ = _minutes(h1, m1, ae)
            if s >= e:
                s, _ = _minutes(h1, m1, "am")
        else:
            s, _ = _minutes(h1, m1, None)
        if not a1 and not ae and s < 6 * 60:
            s += 12 * 60
        if not a2 and not ae and e < 6 * 60:
            e += 12 * 60
        if 0 < e - s <= 240:
            out.append((s, e, m.group(0)))
    return out


def _date(text: str, now: datetime) -> datetime | None:
    m = re.search(r"(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(" + "|".join(MONTHS) + r")", text, re.I)
    if not m:
        m2 = re.search(r"(" + "|".join(MONTHS) + r")\s+(\d{1,2})", text, re.I)
        if not m2:
            return None
        day, month = int(m2.group(2)), MONTHS.index(m2.group(1).lower()) + 1
    else:
        day, month = int(m.group(1)), MONTHS.index(m.group(2).lower()) + 1
    year = now.year + (1 if month < now.month else 0)
    return now.replace(year=year, month=month, day=day, hour=0, minute=0, second=0, microsecond=0)


def _clock12(minutes: int) -> str:
    h, m = divmod(minutes, 60)
    return f"{(h - 1) % 12 + 1}:{m:02d}{'am' if h < 12 else 'pm'}"


def _named(text: str, wins: list[tuple[int, int, str]]) -> int | None:
    """Which window (index) a later text names."""
    low = text.lower()
    for s, e, _ in _windows(text):
        for i, (a, b, _) in enumerate(wins):
            if a == s or (a % 720 == s % 720 and b % 720 == e % 720):
                return i
    for i, w in enumerate(ORD[:len(wins)]):
        if re.search(rf"\b{w}\b", low):
            return i
    if re.search(r"\b(earliest|first|morning one)\b", low):
        return 0
    if re.search(r"\b(last|latest|final)\b", low):
        return len(wins) - 1
    for word in sorted(PARTS, key=len, reverse=True):
        if re.search(rf"\b{word}", low):
            lo, hi = PARTS[word]
            hits = [i for i, (a, _, _) in enumerate(wins) if lo <= a < hi]
            if hits:
                return hits[0]
    return None


def _still(text: str) -> bool:
    """A later text saying a window still stands (not taking it back)."""
    low = text.lower().replace("’", "'")
    neg = re.search(r"\b(not|no|n't|nothing|never)\b|n't\b", low) is not None
    still = re.search(r"\b(still|available|open|free|stands|no change|as offered|fine|ok)\b", low) is not None
    gone = re.search(r"\b(gone|scratch|can't|cannot|full|no longer|taken|cancel\w*|booked|unavailable|withdraw\w*|"
                     r"off|dropped)\b", low) is not None
    return still and (neg or not gone)


@script
class DeliverySlot(Script):
    part = "delivery_slot"
    trigger = r"."

    async def turn(self, desk: Desk) -> None:
        if desk.memory.get("run") is not desk.run:  # the brain keys memory by id(run): a new run may reuse one
            desk.memory.clear()
            desk.memory["run"] = desk.run
        if desk.memory.get("done"):
            return
        threads: dict[str, list[dict]] = {}
        for m in desk.inbox.sms:
            threads.setdefault(str(m.get("from_number")), []).append(m)
        couriers = []
        for number, texts in threads.items():
            texts.sort(key=lambda m: str(m.get("sent_at")))
            wins = _windows(str(texts[0].get("body") or ""))
            if len(wins) >= 3:
                couriers.append((number, texts, wins))
        if not couriers:
            return
        desk.memory["done"] = True
        home = self._home(desk)
        if home is None:
            return
        for number, texts, wins in couriers:
            first = str(texts[0].get("body") or "")
            date = _date(first, desk.now)
            places = self._places(desk, date, wins) if date else [None] * len(wins)
            at_home = [i for i, p in enumerate(places) if p == home]
            if not at_home:
                continue
            named = [(i, _still(str(t.get("body") or ""))) for t in texts[1:]
                     if (i := _named(str(t.get("body") or ""), wins)) is not None]
            gone = {i for i, still in named if not still}
            pick = [i for i in at_home if i not in gone]
            if len(pick) > 1:  # two home windows: a later text naming one of them takes it back
                mentioned = {i for i, _ in named}
                unnamed = [i for i in pick if i not in mentioned]
                pick = unnamed or pick
            n = pick[0] if pick else at_home[-1]
            # by its start time only: a time names the option whether or not the courier numbered them
            body = f"The {_clock12(wins[n][0])} slot works for me, thanks."
            await desk.text(number, body)
        desk.report.append("I replied to both couriers with the delivery window when I'm at home.")

    def _places(self, desk: Desk, date: datetime, wins: list[tuple[int, int, str]]) -> list[str | None]:
        out: list[str | None] = []
        for s, e, _ in wins:
            a, b = date + timedelta(minutes=s), date + timedelta(minutes=e)
            place = None
            for ev in desk.events:
                if ev.get("status") == "cancelled" or not ev.get("start"):
                    continue
                st, en = desk.at(ev["start"]), desk.at(ev["end"])
                if not (a <= st and en <= b):
                    continue
                found = _addr(ev.get("location") or "")
                if not found:
                    friends = {str(x.get("email")).lower() for x in ev.get("attendees") or []} - \
                        {desk.inbox.user_email.lower()}
                    for mail in desk.inbox.emails:
                        if str(mail.get("from_address")).lower() in friends:
                            found = _addr(str(mail.get("body_text") or "")) or found
                if found:
                    place = found[0]
                    break
            out.append(place)
        return out

    def _home(self, desk: Desk) -> str | None:
        """The address of the code mail that reads most like the user's own building."""
        cands = []
        for mail in desk.inbox.emails:
            body = str(mail.get("body_text") or "")
            addrs = _addr(str(mail.get("subject") or "") + "\n" + body)
            codes = re.findall(r"(?<![\d:.,$£-])\d{4}(?![\d:])", body)
            if addrs and codes:
                score = max(-2, min(2, _words(body, ELSEWHERE) - _words(body, HOME)))
                cands.append((score, addrs[0]))
        if not cands:
            return None
        # near misses share home's number or street: count how often each candidate's parts recur
        every = [a for ev in desk.events for a in _addr(ev.get("location") or "")]
        every += [a for m in desk.inbox.emails for a in _addr(str(m.get("body_text") or ""))]
        every = list(dict.fromkeys(every))

        def recur(address: str) -> int:
            num, street = address.split(" ", 1)
            return sum(1 for x in every if x != address and (x.split(" ", 1)[0] == num or x.split(" ", 1)[1] == street))
        cands.sort(key=lambda c: c[0] - 0.6 * recur(c[1]))
        return cands[0][1]
