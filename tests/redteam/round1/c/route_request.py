"""route_request: the request's trade is whichever public ask template its body matches; who of that trade is in
today comes from the leave sentences (public templates, imported verbatim) in autoreplies, contact notes and the
lead's mail (names swapped by a correction), dates read against today; forward to the one left in."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from green_agent.scenario_kit import leave as lv
from scenarios.parts import route_request as rr
from services.purple.cheats.base import arrived, body_of, sender_of
from services.purple.cheats.scripted.desk import Desk, Script, script

MONTHS = ("January February March April May June July August September October November December").split()
DAYS = ("Monday Tuesday Wednesday Thursday Friday Saturday Sunday").split()


def rx(template: str) -> re.Pattern[str]:
    out = re.escape(template)
    for f in dict.fromkeys(re.findall(r"\{(\w+)\}", template)):
        out = out.replace(re.escape("{" + f + "}"), f"(?P<{f}>.+?)", 1).replace(re.escape("{" + f + "}"), f"(?P={f})")
    return re.compile("^" + out + "$", re.I)


ASKS = [(trade, re.compile(rx(t).pattern[1:], re.I)) for trade, v in rr.ASKS.items() for ts in v.values() for t in ts]
STATES = [(k, rx(t)) for k, ts in (("cover", lv.COVER), ("back", lv.BACK), ("trip", lv.TRIP), ("moved", lv.MOVED),
          ("anchored", lv.ANCHORED), ("cancelled", lv.CANCELLED), ("swapped", lv.SWAPPED)) for t in ts]
STATES.append(("span", rx("{first} is {span}.")))
SPANS = [rx(t) for t in sorted(lv.SPAN, key=len, reverse=True)]
RANGES = [rx(t) for t in ("from {a} until {b}", "{a} through {b}", "{a} to {b}", "{a} - {b}")]


def date_of(s: str, said: datetime | None, today: datetime) -> datetime | None:
    s = s.strip().lower()
    base = (said or today).replace(hour=0, minute=0, second=0, microsecond=0)
    rel = {"today": 0, "tomorrow": 1, "yesterday": -1}
    if s in rel:
        return base + timedelta(days=rel[s])
    if m := re.fullmatch(r"(last |this )?(\w+day)", s):
        k = (DAYS.index(m[2].capitalize()) - base.weekday()) % 7
        return base + timedelta(days=k - 7 if m[1] == "last " else k)
    day = month = None
    if m := re.search(r"(\d+)/(\d+)", s):
        day, month = int(m[1]), int(m[2])
    elif m := re.search(r"(\d+)(?:st|nd|rd|th)?(?: (\w+))?$", s):
        day = int(m[1])
        month = MONTHS.index(m[2].capitalize()) + 1 if m[2] and m[2].capitalize() in MONTHS else None
    if day is None:
        return None
    cands = [today + timedelta(days=k) for k in range(-40, 40)]
    cands = [c for c in cands if c.day == day and (month is None or c.month == month)]
    return min(cands, key=lambda c: abs((c - today).days)).replace(hour=0, minute=0, second=0, microsecond=0) \
        if cands else None


def span_days(s: str, said, today, pats) -> tuple | None:
    for p in pats:
        if m := p.search(s.strip()):
            g = m.groupdict()
            a = date_of(g["a"], said, today) if g.get("a") else today - timedelta(days=99)
            b = date_of(g["back"], said, today) - timedelta(days=1) if g.get("back") else date_of(g["b"], said, today)
            return a, b
    return None


def away(sent: str, said, today, anchors) -> tuple[str, bool] | None:
    """(whose leave, away today) for one leave sentence."""
    for kind, p in STATES:
        if not (m := p.search(sent.strip())):
            continue
        g = m.groupdict()
        if kind == "cancelled":
            return g["first"], False
        if kind == "back":
            d = date_of(g["back"], said, today)
            return (g["first"], d > today) if d else None
        if kind == "trip":
            a = date_of(g["a"], said, today)
            return (g["first"], a <= today < a + timedelta(days=int(g["n"]))) if a else None
        if kind == "anchored":
            ev = anchors.get(g["event"].lower())
            if ev is None:
                return None
            n = int(g["n"])
            a = ev - timedelta(days=n) if "before" in p.pattern else ev + timedelta(days=1)
            return g["first"], a <= today < a + timedelta(days=n)
        r = span_days(g["new"], said, today, RANGES) if kind in ("moved", "swapped") else \
            span_days(g["span"], said, today, SPANS)
        return (g["first"], r[0] <= today <= r[1]) if r and None not in r else None
    return None


@script
class RouteRequest(Script):
    part = "route_request"
    trigger = r"forward each|pass each one on|route the emails|Forward each|send each email on"

    async def turn(self, desk: Desk) -> None:
        if not desk.once("route_request"):
            return
        today = desk.now.replace(hour=0, minute=0, second=0, microsecond=0)
        contacts = ((await desk.call("GET", "/contacts/state")) or {}).get("contacts") or {}
        staff = []  # (first, email, title, trade, notes)
        for c in contacts.values():
            trade = next((t for t, tr in rr.TRADES.items() if c.get("job_title") in tr.titles), None)
            mail = next((i["value"] for i in c.get("identifiers") or [] if i["identifier_type"] == "email"), "")
            if trade:
                staff.append((c["first_name"], mail.lower(), c["job_title"].lower(), trade, c.get("notes") or ""))
        mails = sorted(desk.inbox.emails, key=arrived)
        anchors = {}
        for e in mails:
            for ev in lv.EVENTS:
                if m := re.search(rf"the {ev} (?:is on|is set for|\() ?([^.)\n]+)", body_of(e), re.I):
                    anchors[ev] = date_of(m[1], arrived(e), today)
        swap = {}
        for e in mails:
            for t in rr.CORRECTIONS:
                if m := rx(t).search(body_of(e).split("\n\n")[1] if "\n\n" in body_of(e) else ""):
                    swap[m["other"].lower()] = m["first"].lower()
        status: dict[str, bool] = {}
        sources = [(s[4], None, None, False) for s in staff]
        sources += [(body_of(e), arrived(e), sender_of(e).lower(), "Automatic reply" in str(e.get("subject")))
                    for e in mails if "Correction" not in str(e.get("subject"))]
        for text, said, sender, auto in sources:
            for sent in re.split(r"(?<=\.)\s+|\n+", text):
                got = away(sent, said, today, anchors) or away(sent.partition(": ")[2], said, today, anchors)
                if got is None:
                    continue
                who = got[0].lower()
                who = swap.get(who, who) if said and not auto else who
                for first, mail, title, *_ in staff:
                    if (auto and mail == sender) or (not auto and who in (first.lower(), f"our {title}")):
                        status[mail] = got[1]
        for e in mails:
            trade = next((t for t, p in ASKS if any(p.search(par.strip()) for par in body_of(e).split("\n\n"))), None)
            if trade is None:
                continue
            crew = [s for s in staff if s[3] == trade and not status.get(s[1], False)]
            if len(crew) != 1 or not desk.once(f"route {e['message_id']}"):
                continue
            await desk.email([crew[0][1]], f"Fwd: {e.get('subject')}",
                             f"Hi {crew[0][0]}, passing this on - it's in your area.\n\n---------- Forwarded message "
                             f"----------\nFrom: {sender_of(e)}\n\n{body_of(e)}")
            desk.report.append(f"Forwarded '{e.get('subject')}' to {crew[0][0]}.")
