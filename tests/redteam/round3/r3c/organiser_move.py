"""organiser_move: move the user's meeting to the one offered time nothing rules out, and tell the attendees."""
from __future__ import annotations

import importlib.util
import re
import sys
from datetime import datetime, timedelta
from pathlib import Path

from green_agent.scenario_kit.facts import time_phrases, times
from services.purple.cheats.scripted.desk import Desk, Script, script

if "r3c_util" not in sys.modules:
    _s = importlib.util.spec_from_file_location("r3c_util", Path(__file__).with_name("_util.py"))
    sys.modules["r3c_util"] = importlib.util.module_from_spec(_s)
    _s.loader.exec_module(sys.modules["r3c_util"])
U = sys.modules["r3c_util"]

HOUR = timedelta(hours=1)
THEIRS = ("Security training", "All-hands rehearsal", "Vendor demo", "Offsite planning", "Customer visit prep",
          "Quarterly numbers readout", "Mentoring circle", "Compliance refresher")
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")
WD = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
HW = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
      "eleven": 11, "twelve": 12}
AROUND = r"\bonly\b|\bjust\b|solely|nothing but|except|outside (of )?th|available|\bfree\b|around|in the office|reachable|can do|can make"
BUSYW = r"busy|tied up|blocked|workshop|gone|customer|booked|interview|meeting|unavailable|occupied|\bout\b"
SKIP = r"either|\btoo\b|as well|dropped|not going|ignore|skipp|fine by me|don'?t worry|no clash|free then|not attending|also declined|won'?t be there|not be there"
OUTE = r"running|presenting|can'?t skip|count me out|won'?t work|\bbe at\b|same time|don'?t put|over it|clash|attend|must|hosting|leading"


def _h24(h: int) -> int:
    return h + 12 if h < 8 else h


def _prep(text: str) -> str:
    """Word clocks as 24-hour digits."""
    text = re.sub(r"\bhalf past (\w+)", lambda m: f"{_h24(HW[m.group(1).lower()]):02d}:30" if m.group(1).lower() in HW
                  else m.group(), text, flags=re.I)
    text = re.sub(r"\b(from|to|until|till|between|and|at|by|after|before)\s+(one|two|three|four|five|six|seven|eight|"
                  r"nine|ten|eleven|twelve)\b(?!\s+(of|one|option|time|o'))",
                  lambda m: f"{m.group(1)} {_h24(HW[m.group(2).lower()]):02d}:00", text, flags=re.I)
    text = re.sub(r"\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(until|to|till|and)\b",
                  lambda m: f"{_h24(HW[m.group(1).lower()]):02d}:00 {m.group(2)}", text, flags=re.I)
    return text


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+|\n+", text) if s.strip()]


def _weekday(s: str) -> int | None:
    m = re.search(r"\b(mon|tue|wed|thu|fri)[a-z]*\b", s, re.I)
    return ("mon", "tue", "wed", "thu", "fri").index(m.group(1).lower()) if m else None


@script
class OrganiserMove(Script):
    part = "organiser_move"
    trigger = r"."

    async def turn(self, desk: Desk) -> None:
        if desk.memory.get("done"):
            return
        me = desk.inbox.user_email.lower()
        prompt = desk.prompt.lower()
        meeting = None
        for ev in desk.events:
            title = str(ev.get("title") or "").lower()
            if str(ev.get("organizer") or "").lower() == me and title and title in prompt \
                    and len(ev.get("attendees") or []) >= 4:
                meeting = ev
        if meeting is None:
            return
        atts = [str(a.get("email") or "").lower() for a in meeting.get("attendees") or []]
        atts = [a for a in atts if a and a != me]
        held = desk.at(meeting["start"])
        first = {a: U.first_name(desk.book.name(a)) for a in atts}
        asker = next((a for a in atts if re.search(rf"\b{re.escape(first[a].lower())}\b", prompt)), None)
        if asker is None:
            return
        mails = sorted((e for e in desk.inbox.emails if str(e.get("from_address") or "").lower() in atts),
                       key=lambda e: str(e.get("received_at") or e.get("sent_at") or ""))
        amails = [e for e in mails if str(e.get("from_address")).lower() == asker]
        if not amails:
            return
        ask = amails[0]
        ref = desk.now
        listed = sorted((t for t in _offer_times(U.body(ask), ref) if t != held), key=lambda t: _pos(U.body(ask), t))
        # keep the order as written
        offers = list(listed)
        score = {o: 0.0 for o in offers}
        out: set[datetime] = _Out()
        # the asker's later mails: new times are added offers, old ones (or an ordinal) taken back
        for e in amails[1:]:
            t = U.body(e)
            ref2 = desk.now
            for s in _sentences(t):
                ts = {x for x in _offer_times(s, ref2) if x != held}
                new = [x for x in ts if x not in offers]
                if new:
                    for x in new:
                        offers.append(x)
                        score[x] = 0
                    continue
                old = [x for x in ts if x in listed]
                out.update(old)
                if not ts:
                    out.update(_pointed(s, listed, offers, first[asker]))
                    for k, w in enumerate(ORDINALS[:len(listed)]):
                        if re.search(rf"\b{w}\b", s, re.I):
                            out.add(listed[k])
                    if re.search(r"\blast\b", s, re.I) and not re.search(r"\blast (mail|message|email)", s, re.I):
                        out.add(listed[-1])
                    wd = _weekday(s)
                    if wd is not None:
                        same = [o for o in listed if o.weekday() == wd]
                        if len(same) == 1:
                            out.add(same[0])
        # the calendar: another person's meeting the user accepted on an offer
        declined = []
        for ev in desk.events:
            if ev is meeting or str(ev.get("status")) == "cancelled":
                continue
            try:
                a, b = desk.at(ev["start"]), desk.at(ev["end"])
            except Exception:
                continue
            resp = next((str(x.get("response")) for x in ev.get("attendees") or []
                         if str(x.get("email") or "").lower() == me), "accepted")
            if resp == "declined":
                declined.append(ev)
                continue
            for o in offers:
                if a < o + HOUR and b > o:
                    out.add(o)
        # the other attendees' mails
        book_first = {U.first_name(n).lower(): k for k, n in desk.book.names.items()}
        invited_first = {first[a].lower() for a in atts}
        seen_from: set[str] = set()
        for e in mails:
            sender = str(e.get("from_address")).lower()
            if sender == asker:
                continue
            second = sender in seen_from
            seen_from.add(sender)
            ref2 = desk.now
            sents = _sentences(_prep(U.body(e)))
            for si, s in enumerate(sents):
                ts = sorted(x for x in times(s, ref2) if x != held)
                if second:
                    for x in ts:
                        if x in score:
                            score[x] += 5
                    continue
                names = {w.lower() for w in re.findall(r"\b[A-Z][a-z]+\b", s)}
                others = {n for n in names if (n in book_first or n in invited_first) and n != first.get(sender, "").lower()
                          and n != U.first_name(desk.book.name(me)).lower()}
                outsider = any(n not in invited_first for n in others)
                insider = any(n in invited_first and n != first[asker].lower() for n in others)
                hits = [o for o in offers if o in ts]
                hits += _pointed(s, listed, offers, first[asker])
                if outsider and not insider:
                    for o in hits:
                        score[o] += 3
                    continue
                if insider:
                    out.update(hits)
                    continue
                title = next((t for t in THEIRS if t.lower() in s.lower()), None)
                if title:
                    ev = next((v for v in declined if str(v.get("title")) == title), None)
                    ctx = s if len(s) > 40 or si + 1 >= len(sents) else s + " " + sents[si + 1]
                    nskip, nout = len(re.findall(SKIP, ctx, re.I)), len(re.findall(OUTE, ctx, re.I))
                    if ev is not None:
                        a, b = desk.at(ev["start"]), desk.at(ev["end"])
                        for o in offers:
                            if a < o + HOUR and b > o:
                                if nskip > nout:
                                    score[o] += 1
                                elif nout > nskip:
                                    out.add(o)
                                else:
                                    score[o] -= 0.5
                    continue
                wd = _weekday(s)
                rng = None
                if len(ts) >= 2 and ts[0].date() == ts[-1].date():
                    rng = (ts[0], ts[-1])
                elif len(ts) == 1:
                    t0 = ts[0]
                    if re.search(r"(until|till|\btil\b|up to|before)\s+(\d|noon|midday)", s, re.I) \
                            and not re.search(r"from\s+\d", s, re.I):
                        rng = (t0.replace(hour=9, minute=0), t0)
                    elif re.search(r"(from|after)\s+(\d|noon|midday)", s, re.I):
                        rng = (t0, t0.replace(hour=17, minute=0))
                if rng is not None:
                    a, b = rng
                    around = re.search(AROUND, s, re.I) and not re.search(BUSYW, s, re.I)
                    U.dbg("RANGE", s, a, b, bool(around))
                    for o in offers:
                        if o.date() != a.date():
                            continue
                        inside = a <= o and o + HOUR <= b
                        overlap = a < o + HOUR and b > o
                        if around:
                            if inside:
                                score[o] += 2
                            else:
                                out.add(o)
                        elif overlap:
                            out.add(o)
                        elif b == o or a == o + HOUR:
                            score[o] += 2
                    continue
                if hits:
                    for o in hits:
                        score[o] -= 1
                    continue
                if wd is not None and not ts:
                    for o in offers:
                        if o.weekday() == wd:
                            out.add(o)
        cands = [o for o in offers if o not in out] or offers
        good = max(cands, key=lambda o: (score[o], -offers.index(o)))
        U.dbg("MOVE", [(str(o), score[o], o in out) for o in offers], "->", good)
        desk.memory["done"] = True
        await desk.call("POST", "/calendar/update", {"event_id": meeting["event_id"], "start": good.isoformat(),
                                                     "end": (good + HOUR).isoformat()})
        await desk.email(atts, f"{meeting.get('title')} moved",
                         f"Hi all,\n\nThe {str(meeting.get('title')).lower()} is now on {time_phrases(good)[1]}."
                         f"\n\nThanks")
        desk.report.append(f"Moved the {meeting.get('title')} to {time_phrases(good)[1]} and told everyone.")


class _Out(set):
    def add(self, x):
        import traceback
        U.dbg("OUT", x, traceback.extract_stack(limit=2)[0].lineno)
        super().add(x)

    def update(self, xs):
        for x in xs:
            self.add(x)


def _offer_times(text: str, ref: datetime) -> set[datetime]:
    """Every time an asker's mail offers: read whole, line by line and list item by list item; on a later day."""
    found = set()
    day = re.compile(r"\b(mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|"
                     r"\d{4}-\d\d-\d\d|today|tomorrow", re.I)
    for line in text.splitlines():
        raw = re.split(r",\s+|\s+or\s+|\s+and\s+|[.!?;]\s+", line)
        pieces: list[str] = []
        for piece in raw:
            if pieces and re.search(r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}$", pieces[-1],
                                    re.I) and re.match(r"\d{1,2}(:\d\d)?\s*(am|pm)", piece, re.I):
                pieces[-1] += ", " + piece
            else:
                pieces.append(piece)
        for piece in pieces:
            got = times(piece, ref)
            if len(got) == 1 and day.search(piece):
                found |= got
    return {t for t in found if t.date() > ref.date() and t.minute == 0}


def _pos(text: str, t: datetime) -> int:
    """Where ``t`` is first written in ``text`` (its phrasings as a part writes times)."""
    found = [text.find(p) for p in time_phrases(t)] + [text.find(p.replace(" 0", " ")) for p in time_phrases(t)]
    found = [f for f in found if f >= 0]
    return min(found) if found else 10 ** 6


def _pointed(s: str, listed: list[datetime], offers: list[datetime], asker: str) -> list[datetime]:
    hits = []
    for k, w in enumerate(ORDINALS[:len(listed)]):
        if re.search(rf"\b{w}\b", s, re.I):
            hits.append(listed[k])
    m = re.search(r"option\s+(\d)", s, re.I)
    if m and 1 <= int(m.group(1)) <= len(listed):
        hits.append(listed[int(m.group(1)) - 1])
    if re.search(r"\blast one\b|\blast (option|time|slot)", s, re.I):
        hits.append(listed[-1])
    m = re.search(r"\b(mon|tue|wed|thu|fri)[a-z]*(?:'s)?\s+(one|option|slot)\b|the (mon|tue|wed|thu|fri)[a-z]* one", s, re.I)
    if m:
        wd = ("mon", "tue", "wed", "thu", "fri").index((m.group(1) or m.group(3)).lower()[:3])
        same = [o for o in offers if o.weekday() == wd]
        if len(same) == 1:
            hits.append(same[0])
    return hits
