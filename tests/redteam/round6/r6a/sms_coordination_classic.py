"""sms_coordination_classic: the part's phrasebook templates compiled to regexes decide the office day, the partner's
blocked day, the user's half-day, Tony's slots (and the one gone), the entrance of the day; then book, confirm, tell."""
from __future__ import annotations

import re
from datetime import datetime, timedelta

from green_agent.scenario_kit import facts
from scenarios.parts.sms_coordination_classic import templates as T
from scenarios.parts.sms_coordination_classic.phrases import OFFER_GONE, OPENERS
from services.purple.cheats.scripted.desk import Desk, Script, script

DAYS = T.WEEKDAYS


def _rx(tpl: str, anchor: bool = True) -> re.Pattern:
    out, seen, pos = [], set(), 0
    for m in re.finditer(r"\{(\w+)\}", tpl):
        out.append(re.escape(tpl[pos:m.start()]))
        f = m.group(1)
        out.append(f"(?P={f})" if f in seen else f"(?P<{f}>.+?)")
        seen.add(f)
        pos = m.end()
    out.append(re.escape(tpl[pos:]))
    return re.compile("".join(out), re.S)


def _strip_open(t: str) -> str:
    for o in OPENERS:
        if t.startswith(o):
            return t[len(o):]
    return t


def _compile(kind_lists):
    return [(kind, _rx(_strip_open(t))) for kind, lst in kind_lists for t in lst]


OFFICE = _compile([("mail", T.OFFICE_MAIL), ("after", T.OFFICE_AFTER), ("before", T.OFFICE_BEFORE),
                   ("first", T.OFFICE_FIRST), ("fix", T.OFFICE_FIX), ("kept", T.OFFICE_KEPT),
                   ("aside", T.OFFICE_ASIDE)])
PARTNER = _compile([("reason", [r[0] for r in (*T.PARTNER_REASONS, *T.MORNING_REASONS)]),
                    ("sunday", [T.LIFTED_SUNDAY]), ("lifted", T.LIFTED_TEXTS), ("undo", T.PARTNER_UNDO),
                    ("recap", T.PARTNER_RECAP), ("moved", T.PARTNER_MOVED), ("same", T.PARTNER_SAME),
                    ("still", T.PARTNER_STILL), ("ref", T.PARTNER_REF_TEXTS), ("dropped", T.PARTNER_DROPPED)])
GONE = [_rx(t.strip()) for t in OFFER_GONE]
ELINE = [("line", _rx(t)) for t in __import__("scenarios.parts.sms_coordination_classic.phrases",
                                                fromlist=["x"]).ENTRANCE_LINE]
_P = __import__("scenarios.parts.sms_coordination_classic.phrases", fromlist=["x"])
ELINE += [("change", _rx(t)) for t in _P.ENTRANCE_CHANGE] + [("stays", _rx(t)) for t in _P.ENTRANCE_STAYS]


def _day(s: str) -> str | None:
    for d in DAYS:
        if d.lower() in s.lower():
            return d
    return None


def _office_day(desk: Desk) -> str | None:
    office = None
    for e in desk.inbox.emails:
        text = f"{e.get('subject') or ''}\n{e.get('body_text') or ''}".strip()
        for kind, r in OFFICE:
            m = r.fullmatch(text)
            if not m:
                continue
            g = m.groupdict()
            if kind in ("mail", "fix", "kept"):
                office = _day(g["day"])
            elif kind == "first":
                office = _day(g["usual"])
            elif kind == "after":
                p = _day(g["prev"])
                office = DAYS[(DAYS.index(p) + 1) % 7] if p else office
            elif kind == "before":
                a = _day(g["after"])
                office = DAYS[(DAYS.index(a) - 1) % 7] if a else office
            break
    return office


def _partner(desk: Desk):
    blocked, number = None, None
    for s in desk.inbox.sms:
        body = _strip_open(str(s.get("body") or "").strip())
        for kind, r in PARTNER:
            m = r.match(body)
            if not m:
                continue
            g = m.groupdict()
            number = s.get("from_number")
            if kind in ("reason", "lifted", "recap", "moved", "same"):
                blocked = _day(g["day"])
            elif kind in ("sunday", "undo"):
                blocked = _day(g["old"])
            elif kind in ("ref", "dropped"):
                words = g["event"].lower()
                title = next((t for t, w in T.PARTNER_EVENTS if w.lower() == words), None)
                for ev in desk.events:
                    if title and str(ev.get("title")) == title:
                        blocked = DAYS[desk.at(ev["start"]).weekday()]
            break
    return blocked, number


def _morning(prompt: str) -> bool | None:
    for t in T.HOURS_WORDING[T.MORNING]:
        if t in prompt:
            return True
    for t in T.HOURS_WORDING[T.AFTERNOON]:
        if t in prompt:
            return False
    return None


SLOT = re.compile(r"(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mon|Tue|Wed|Thu|Fri|Sat|Sun)\w* "
                  r"(\d{1,2})(?:th)?(?: March| Mar)?,? (\d{1,2}(?::\d\d)?)(am|pm)?-(\d{1,2}(?::\d\d)?)(am|pm)")
GROUP = re.compile(r"(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) (\d{1,2}) March: ([^;.]+)")
TO = re.compile(r"(\d{1,2}(?::\d\d)?)(am|pm) to (\d{1,2}(?::\d\d)?)(am|pm)")
C24 = re.compile(r"(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (\d{1,2}) Mar (\d\d):(\d\d)-(\d\d):(\d\d)")


def _h(c: str, ap: str | None) -> tuple[int, int]:
    h, _, m = c.partition(":")
    h = int(h) % 12 + (12 if ap == "pm" else 0)
    return h, int(m or 0)


def _slots(text: str, base: datetime) -> list[tuple[datetime, datetime]]:
    out = []

    def mk(day: int, sh, eh):
        d = base.replace(day=day, hour=0, minute=0, second=0, microsecond=0)
        return d.replace(hour=sh[0], minute=sh[1]), d.replace(hour=eh[0], minute=eh[1])
    for m in C24.finditer(text):
        out.append(mk(int(m.group(2)), (int(m.group(3)), int(m.group(4))), (int(m.group(5)), int(m.group(6)))))
    if out:
        return out
    for m in GROUP.finditer(text):
        for t in TO.finditer(m.group(3)):
            out.append(mk(int(m.group(2)), _h(t.group(1), t.group(2)), _h(t.group(3), t.group(4))))
    if out:
        return out
    for m in SLOT.finditer(text):
        eap = m.group(6)
        sap = m.group(4) or eap
        out.append(mk(int(m.group(2)), _h(m.group(3), sap), _h(m.group(5), eap)))
    return out


def _gone(text: str, slots, base) -> set:
    gone = set()
    for r in GONE:
        m = r.search(text)
        if m:
            g = _slots(m.group("gone"), base)
            gone |= set(g)
    return gone


def _busy(desk: Desk) -> list[tuple[datetime, datetime]]:
    busy = []
    moved = {}
    for e in desk.inbox.emails:
        subj = str(e.get("subject") or "")
        if any(_rx(s).fullmatch(subj) for s in T.MOVED_SUBJECTS):
            ts = sorted(facts.times(str(e.get("body_text") or ""), desk.at(e.get("received_at"))))
            moved["dentist"] = ts
    for ev in desk.events:
        s, e = desk.at(ev["start"]), desk.at(ev["end"])
        if "dentist" in str(ev.get("title", "")).lower() and moved.get("dentist"):
            ts = moved["dentist"]
            new = [t for t in ts if abs((t - s).total_seconds()) > 60]
            if new:
                dur = e - s
                s = new[0]
                e = s + dur
        busy.append((s, e))
    return busy


def _entrances(desk: Desk) -> dict[str, str]:
    doors: dict[str, str] = {}
    for e in desk.inbox.emails:
        for ln in str(e.get("body_text") or "").splitlines():
            ln = ln.strip()
            for kind, r in ELINE:
                m = r.fullmatch(ln)
                if m:
                    d = _day(m.group("day"))
                    if d:
                        doors[d] = m.group("door")
                    break
    return doors


@script
class SmsClassic(Script):
    part = "sms_coordination_classic"
    trigger = r"plumber"

    async def turn(self, desk: Desk) -> None:
        mem = desk.memory
        m = re.search(r"text ([A-Z]\w+) ([A-Z][\w'-]+), our plumber \(.*?(\+\d{8,})\)", desk.prompt)
        m = m or re.search(r"([A-Z]\w+) ([A-Z][\w'-]+)[^.]*?(\+\d{8,})", desk.prompt)
        if not m:
            return
        first, last, phone = m.group(1), m.group(2), m.group(3)
        addr = ""
        for e in desk.inbox.emails:
            a = re.search(r"Your address: ([^\n]+)", str(e.get("body_text") or ""))
            if a:
                addr = a.group(1).strip()
        if not addr:
            for e in desk.inbox.emails:
                a = re.search(r"(\d+ [A-Z]\w+ (?:Street|Avenue|Lane|Road)[^\n]*)", str(e.get("body_text") or ""))
                if a:
                    addr = a.group(1).strip()
                    break
        if desk.once("ask"):
            await desk.text(phone, f"Hi {first}, our kitchen sink is leaking into the cupboard again. Could you come "
                                   f"and fix it this week? Which windows do you have free? The address is {addr}.")
            return
        tony = [s for s in desk.inbox.sms if phone[-10:] in re.sub(r"\D", "", str(s.get("from_number")))
                and desk.at(s.get("sent_at")) > desk.now - timedelta(days=2)]
        if not tony:
            return
        base = desk.now
        if "slot" not in mem:
            offer = next((s for s in tony if len(_slots(str(s.get("body")), base)) >= 2), None)
            if offer is None:
                return
            text = str(offer.get("body"))
            slots = _slots(text.split("\n\nPS")[0].split("PS ")[0], base) or _slots(text, base)
            gone = _gone(text, slots, base)
            morning = _morning(desk.prompt)
            office = _office_day(desk)
            blocked, pnum = _partner(desk)
            busy = _busy(desk)
            ok = []
            for s, e in slots:
                if (s, e) in gone:
                    continue
                if morning is True and e.hour * 60 + e.minute > 12 * 60:
                    continue
                if morning is False and s.hour < 12:
                    continue
                if office and DAYS[s.weekday()] == office:
                    continue
                if blocked and DAYS[s.weekday()] == blocked:
                    continue
                if any(bs < e and s < be for bs, be in busy):
                    continue
                ok.append((s, e))
            mem["dbg"] = dict(slots=[str(x) for x in slots], gone=[str(x) for x in gone], morning=morning,
                              office=office, blocked=blocked, ok=[str(x) for x in ok])
            import os
            if os.environ.get("R6A_DEBUG"):
                with open("/work/r10/r6a/sms_dbg.txt", "a") as fh:
                    fh.write(repr(mem["dbg"]) + "\n" + text + "\n" + repr(_entrances(desk)) + "\n\n")
            if not ok:
                return
            mem["slot"] = ok[0]
            mem["pnum"] = pnum
        s, e = mem["slot"]
        label = f"{DAYS[s.weekday()]} {s.day} March, {s:%H:%M}-{e:%H:%M}"
        door = _entrances(desk).get(DAYS[s.weekday()])
        if desk.once("book"):
            await desk.text(phone, f"Hi {first}, please book me in for {label}. The address is {addr}."
                            + (f" On {DAYS[s.weekday()]} please use the {door} to get in (lobby works)." if door
                               else "") + " I'll be home to let you in.")
            mem["booked_at"] = desk.now.isoformat()
            return
        conf = [x for x in tony if desk.at(x.get("sent_at")) >= datetime.fromisoformat(mem["booked_at"])
                and re.search(r"booked|confirmed|locked in", str(x.get("body")), re.I)]
        if not conf:
            return
        last_conf = str(conf[-1].get("body"))
        named = _slots(last_conf, base)
        starts = {x[0] for x in named} | set(facts.times(last_conf, desk.at(conf[-1].get("sent_at")), ends=False))
        if starts and s not in starts and len(conf) < 3 and desk.once(f"fix{len(conf)}"):
            await desk.text(phone, f"Sorry {first}, I think there's a mix-up: it's {label} I'd like, please.")
            return
        if desk.once("cal"):
            await desk.call("POST", "/calendar/create", {"title": f"Plumber - {first} {last}", "start": s.isoformat(),
                                                         "end": e.isoformat(), "location": addr,
                                                         "description": f"{first} {last}, {phone}. Kitchen sink leak."})
            if mem.get("pnum"):
                await desk.text(mem["pnum"], f"The plumber is booked for {label} to fix the sink.")
            desk.report.append(f"I booked {first} for {label}; it's on your calendar and I texted your partner.")
