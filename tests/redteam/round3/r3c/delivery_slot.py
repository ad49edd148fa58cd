"""delivery_slot: reply to the courier naming (by its start time) the window the calendar shows the user at home."""
from __future__ import annotations

import importlib.util
import re
import sys
from datetime import datetime, timedelta
from pathlib import Path

from services.purple.cheats.scripted.desk import Desk, Script, script

if "r3c_util" not in sys.modules:
    _s = importlib.util.spec_from_file_location("r3c_util", Path(__file__).with_name("_util.py"))
    sys.modules["r3c_util"] = importlib.util.module_from_spec(_s)
    _s.loader.exec_module(sys.modules["r3c_util"])
U = sys.modules["r3c_util"]

STARTS = {390, 420, 450, 690, 720, 750, 1020, 1050, 1080, 1170, 1200, 1230, 1260}
PARTS = (("early morning", r"early[- ]morning|\bmorning|breakfast|\bearly\b|\bam\b slot"),
         ("lunchtime", r"lunch|midday|noon"),
         ("teatime", r"tea[- ]?time|\btea\b|afternoon|after work"),
         ("late evening", r"late[- ]evening|evening|\bnight|\blate\b"))
ORD = (r"\bfirst\b|\b1st\b|\bopening\b", r"\bsecond\b|\b2nd\b", r"\bthird\b|\b3rd\b", r"\bfourth\b|\b4th\b")
TOK = re.compile(r"(?<![\d:/+£$#])(\d{1,2})(?:[:.h](\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?(?![\d%])|\b(noon|midday|midnight)\b",
                 re.I)
SEP = re.compile(r"^\s*(?:-|–|—|to|till|til|until|and|through|thru|->|→|~)\s*$", re.I)

HOME = (r"\bhome\b|\bhouse\b|\bflat\b|apartment|my place|\bmine\b|\bours\b|our place|online|zoom|teams|video|"
        r"virtual|remote|living[- ]room|kitchen|spare room|lounge|bedroom|comes? (round|over|to)|at yours|hosting|"
        r"outside the|doorstep|driveway|at my|my (home|flat|house)|in[- ]home|home visit|\bvan\b|call|skype|"
        r"facetime|from home|to us\b|to me\b|our\b|\bmy\b")
AWAY = (r"(?i:street|\bst\b|road|\brd\b|avenue|\bave\b|lane|clinic|caf[eé]|studio|school|library|\bpub\b|\bbar\b|gym|"
        r"centre|center|salon|barber|restaurant|hall|club|crown|lion|arms|downtown|park|station|office|surgery|"
        r"hospital|church|museum|shop|store|market|hotel|fitness|paws|central|high st)|\bthe [A-Z]|\d+ [A-Z]")
IN_CUES = (r"\byours\b|your (place|flat|house|home|way)|to you\b|come (round|over)\b(?! to my)|pop (over|round|by)|"
           r"drop (by|in|round)|i'?ll (come|bring|pop|swing|head)|swing by|visit you|head over|door number|"
           r"save you the trip|to your")
OUT_CUES = (r"(?i:\bmine\b|my (place|flat|house|home)|come to me\b|meet (at|in|up at)|\bat the\b|caf[eé]|\bpub\b|"
            r"see you there|i'?ll cook|my treat|i'?ll be at|join me|over to my|come over to|you come|round to mine|"
            r"on the corner)")


def _windows(text: str) -> list[tuple[int, int]]:
    """(start, end) minutes of the windows written in ``text``, in order."""
    toks = []
    for m in TOK.finditer(text):
        if m.group(4):
            w = m.group(4).lower()
            toks.append((m.start(), m.end(), 0 if w == "midnight" else 12, 0, "p" if w != "midnight" else "a", True))
            continue
        h, mi, ap = int(m.group(1)), m.group(2), m.group(3)
        if h > 23 or (mi and int(mi) > 59):
            continue
        explicit24 = bool(mi) and (h >= 13 or m.group(1).startswith("0"))
        toks.append((m.start(), m.end(), h, int(mi or 0), ap.lower()[0] if ap else None, explicit24))
    out = []
    k = 0
    while k + 1 < len(toks):
        a, b = toks[k], toks[k + 1]
        if not SEP.match(text[a[1]:b[0]]) or (a[3] == 0 and a[4] is None and not a[5] and not text[a[0]:a[1]].count(":")
                                              and b[4] is None and not b[5] and ":" not in text[b[0]:b[1]]):
            k += 1
            continue

        def opts(t):
            h, mi, ap, ex = t[2], t[3], t[4], t[5]
            if ex:
                return [h * 60 + mi]
            if ap == "p":
                return [((h % 12) + 12) * 60 + mi]
            if ap == "a":
                return [(h % 12) * 60 + mi]
            return [(h % 12) * 60 + mi, ((h % 12) + 12) * 60 + mi]
        best = None
        for s in opts(a):
            for e in opts(b):
                if 90 <= e - s <= 180:
                    score = (s in STARTS, e - s in (90, 120, 150))
                    if best is None or score > best[0]:
                        best = (score, s, e)
        if best:
            out.append((best[1], best[2]))
            k += 2
        else:
            k += 1
    return out


def _score(text: str, home: str, away: str) -> int:
    return len(re.findall(home, text, re.I)) - len(re.findall(away, text))


@script
class DeliverySlot(Script):
    part = "delivery_slot"
    trigger = r"."

    async def turn(self, desk: Desk) -> None:
        if desk.memory.get("done"):
            return
        # the courier: the SMS sender whose message lists three or more windows
        offer, windows = None, []
        for m in desk.inbox.sms:
            w = _windows(U.body(m))
            if len(w) >= 3 and re.search(r"\b[A-HJ-NP-Z]{6}\b", U.body(m)):
                offer, windows = m, w
        if offer is None:
            return
        courier = str(offer.get("from_number"))
        later = [m for m in desk.inbox.sms if str(m.get("from_number")) == courier and m is not offer
                 and str(m.get("sent_at")) > str(offer.get("sent_at"))]
        gone: set[int] = set()
        for m in later:
            t = U.body(m)
            starts = {h * 60 + mi for h, mi in U.clock_times(t)}
            hit = {i for i, (s, e) in enumerate(windows) if s in starts or (s - 720) in starts or e in starts
                   or e - 720 in starts}
            if not hit:
                for i, pat in enumerate(ORD[:len(windows)]):
                    if re.search(pat, t, re.I):
                        hit.add(i)
            if not hit:
                if re.search(r"earliest|soonest", t, re.I):
                    hit.add(0)
                elif re.search(r"\blast\b|latest|final", t, re.I):
                    hit.add(len(windows) - 1)
            if not hit:
                for name, pat in PARTS:
                    if re.search(re.escape(name), t, re.I):
                        hit |= {i for i, (s, _) in enumerate(windows) if _part(s) == name}
                        break
                else:
                    for name, pat in PARTS:
                        if re.search(pat, t, re.I):
                            hit |= {i for i, (s, _) in enumerate(windows) if _part(s) == name}
                            break
            gone |= hit
        # the day: the date in the offer
        day = _date(U.body(offer), desk.now)
        contacts_mail = desk.inbox.emails
        scores = []
        for i, (s, e) in enumerate(windows):
            if i in gone:
                continue
            worst = None
            for ev in desk.events:
                if str(ev.get("status")) == "cancelled":
                    continue
                try:
                    a, b = desk.at(ev["start"]), desk.at(ev["end"])
                except Exception:
                    continue
                if day is not None and a.date() != day:
                    continue
                am, bm = a.hour * 60 + a.minute, b.hour * 60 + b.minute
                if not (am < e and bm > s):
                    continue
                loc = str(ev.get("location") or "")
                if loc.strip():
                    sc = _score(loc, HOME, AWAY)
                else:
                    sc = 0
                    for att in ev.get("attendees") or []:
                        addr = str(att.get("email") or "").lower()
                        if not addr or addr == desk.inbox.user_email.lower():
                            continue
                        for mail in contacts_mail:
                            if str(mail.get("from_address") or "").lower() == addr:
                                tx = U.body(mail)
                                sc += _score(tx, IN_CUES, OUT_CUES) if True else 0
                                sc += len(re.findall(r"\bmine\b|my place", tx, re.I)) * -1
                worst = sc if worst is None else min(worst, sc)
            scores.append((worst if worst is not None else 0, -i, i))
        if not scores:
            return
        scores.sort(reverse=True)
        pick = scores[0][2]
        s = windows[pick][0]
        t = datetime(2000, 1, 1, s // 60, s % 60)
        desk.memory["done"] = True
        await desk.text(courier, f"Hi, please deliver in the {U.clock12(t)} slot. Thanks!")
        desk.report.append(f"Booked the {U.clock12(t)} delivery slot.")


def _part(s: int) -> str:
    return "early morning" if s < 600 else "lunchtime" if s < 900 else "teatime" if s < 1140 else "late evening"


MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")


def _date(text: str, now: datetime):
    m = re.search(r"\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(" + "|".join(x[:3] for x in MONTHS) + r")[a-z]*", text, re.I)
    if not m:
        m2 = re.search(r"\b(" + "|".join(x[:3] for x in MONTHS) + r")[a-z]*\.?\s+(\d{1,2})\b", text, re.I)
        if not m2:
            return None
        mon, d = m2.group(1), m2.group(2)
    else:
        d, mon = m.group(1), m.group(2)
    month = [x[:3] for x in MONTHS].index(mon.lower()[:3]) + 1
    year = now.year + (1 if month < now.month - 6 else 0)
    try:
        return datetime(year, month, int(d)).date()
    except ValueError:
        return None
