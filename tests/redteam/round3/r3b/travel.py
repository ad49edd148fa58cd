"""travel: the trip from the calendar (train entry with its booking, the kick-off); the operator is the e-ticket's
sender (a look-alike address gets nothing); the request's station sentence gives the window, its other minutes the
margin; the offer is read by times: a departure per item, its arrival absolute, against the anchor train, or by
journey time; a whole-pound sum marks a supplement; a departure named again after the list marks a delay."""
from __future__ import annotations

import re
import sys
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _util import ts  # noqa: E402

from green_agent.scenario_kit.facts import time_phrases  # noqa: E402
from scenarios.parts._travel_phrases import minutes_in_words  # noqa: E402
from scenarios.parts.travel import ROUTES  # noqa: E402
from services.purple.cheats.base import arrived, body_of  # noqa: E402
from services.purple.cheats.scripted.desk import Desk, Script, script  # noqa: E402

CLOCK = re.compile(r"\b(\d{1,2}):(\d\d)\s*(am|pm)?\b|\b(\d{1,2})\s*(am|pm)\b", re.I)
WORDMIN: dict[str, int] = {}
for _n in range(1, 240):
    for _plain in (False, True):
        try:
            WORDMIN.setdefault(minutes_in_words(_n, plain=_plain), _n)
        except IndexError:
            pass
_WM = sorted(WORDMIN, key=len, reverse=True)
MINS = re.compile(r"(\d{1,3})\s*(?:minutes|mins?)\b|(" + "|".join(re.escape(w) for w in _WM) + r")", re.I)


def _clocks(text: str) -> list[tuple[int, int, int, int]]:
    """(start, end, hour, minute) of every clock time."""
    out = []
    for m in CLOCK.finditer(text):
        if m.group(1):
            h, mi, ap = int(m.group(1)), int(m.group(2)), m.group(3)
        else:
            h, mi, ap = int(m.group(4)), 0, m.group(5)
        if ap:
            h = h % 12 + (12 if ap.lower() == "pm" else 0)
        if h > 23:
            continue
        out.append((m.start(), m.end(), h, mi))
    return out


def _minutes(text: str) -> list[tuple[int, int, int]]:
    out = []
    for m in MINS.finditer(text):
        n = int(m.group(1)) if m.group(1) else WORDMIN[m.group(2).lower()] if m.group(2).lower() in WORDMIN else None
        if n is None:
            n = next(v for k, v in WORDMIN.items() if k.lower() == m.group(2).lower())
        out.append((m.start(), m.end(), n))
    return out


def _dur(text: str) -> int | None:
    m = re.search(r"(\d+)h\s*(\d+)m", text)
    if m:
        return int(m.group(1)) * 60 + int(m.group(2))
    m = re.search(r"\b(one|two|three|four|five|\d)\s+hours?(?:\s+and\s+([a-z -]+?minutes))?", text, re.I)
    if m:
        h = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}.get(m.group(1).lower()) or int(m.group(1))
        extra = WORDMIN.get((m.group(2) or "").strip().lower(), 0) if m.group(2) else 0
        return h * 60 + extra
    return None


PAYW = re.compile(r"supplement|extra|upgrade|more\b|to pay|difference|surcharge|on top|additional|premium|first[- ]class|"
                  r"costs?\b|charge", re.I)
FREEW = re.compile(r"\bno (extra|supplement|upgrade|surcharge|charge|fare difference|cost)|nothing (to pay|extra|more)|"
                   r"free|carries over|included|valid|as booked|no difference|at no", re.I)


def _paid(c: str) -> bool:
    if re.search(r"£\s?\d+(?![.\d])", c) and not FREEW.search(c):
        return True
    if re.search(r"£\s?\d", c) and PAYW.search(c) and not FREEW.search(c):
        return True
    return False


@script
class Travel(Script):
    part = "travel"
    trigger = r"train|rail|booking|ticket"

    async def turn(self, desk: Desk) -> None:
        mem = desk.memory
        train = next((e for e in desk.events if re.search(r"booking\s+(\S+)", str(e.get("description") or ""), re.I)
                      and re.match(r"train", str(e.get("title", "")), re.I)), None)
        if train is None and "ref" not in mem:
            return
        if "ref" not in mem:
            ref = re.search(r"booking\s+(\S+)", str(train["description"]), re.I).group(1)
            ticket = next((m for m in desk.inbox.emails if ref in body_of(m) + str(m.get("subject", ""))), None)
            if ticket is None:
                return
            mem.update(ref=ref, ops=ticket["from_address"].lower(), train_id=train["event_id"],
                       seen=[m["message_id"] for m in desk.inbox.emails if m["from_address"].lower()
                             == ticket["from_address"].lower()])
        ops, ref = mem["ops"], mem["ref"]
        fresh = [m for m in desk.inbox.emails if m["from_address"].lower() == ops
                 and m["message_id"] not in mem["seen"]]
        for m in sorted(fresh, key=arrived):
            mem["seen"].append(m["message_id"])
            if not mem.get("asked"):
                mem["asked"] = True
                await desk.reply(m, f"Booking reference {ref}: please send the alternatives.")
                continue
            if not mem.get("booked") and len(_clocks(body_of(m))) >= 3:
                await self._book(desk, m)

    async def _book(self, desk: Desk, offer: dict) -> None:
        mem = desk.memory
        text = body_of(offer)
        meeting = next((e for e in desk.events if e["event_id"] != mem["train_id"]
                        and re.search(r"kick-?off|client|meeting", str(e.get("title", "")), re.I)
                        and ts(e["start"]) > desk.now), None)
        if meeting is None:
            return
        mstart = ts(meeting["start"])
        day = mstart.date()
        # the request: the station sentence (window), the margin elsewhere
        p = desk.prompt
        origin = next((o for o, _ in ROUTES if o in p), None)
        sents = re.split(r"(?<=[.!?])\s+", p)
        station = [s for s in sents if origin and origin in s]
        for i, s in enumerate(sents[:-1]):
            if s in station and _minutes(sents[i + 1]) and not _minutes(s) and sents[i + 1] not in station:
                station.append(sents[i + 1])
        earliest, wait = None, None
        for s in station:
            cs = _clocks(s)
            ms = [x for x in _minutes(s)]
            if cs:
                earliest = (cs[0][2], cs[0][3])
            if ms:
                wait = ms[-1][2]
        margin = None
        for s in sents:
            if s in station or mem["ref"] not in p:
                continue
            for _, _, n in _minutes(s):
                if n in (30, 40, 45):
                    margin = n
        if margin is None:
            margin = 30
        trains = self._parse(text, day)
        cands = []
        for t in trains:
            ok = not t["paid"] and not t["delayed"] and t["arr"] is not None
            ok = ok and t["arr"] <= mstart - timedelta(minutes=margin)
            if earliest:
                lo = t["dep"].replace(hour=earliest[0], minute=earliest[1])
                ok = ok and lo <= t["dep"] and (wait is None or t["dep"] <= lo + timedelta(minutes=wait))
            if ok:
                cands.append(t)
        import os
        if os.environ.get("R3B_DEBUG"):
            with open("/work/r3/r3b/debug.log", "a") as fh:
                fh.write(f"=== margin={margin} earliest={earliest} wait={wait} meeting={mstart}\n{text}\n")
                for t in trains:
                    fh.write(f"  {t}\n")
        if not cands:
            return
        pick = max(cands, key=lambda t: t["arr"])
        mem["booked"] = True
        dep, arr = pick["dep"], pick["arr"]
        await desk.email([mem["ops"]], f"Re: booking {mem['ref']}",
                         f"Please rebook {mem['ref']} on the {time_phrases(dep)[0]} service.")
        await desk.call("POST", "/calendar/update", {"event_id": mem["train_id"], "start": dep.isoformat(),
                                                     "end": arr.isoformat()})
        partner = None
        state = await desk.call("GET", "/contacts/state") or {}
        for c in (state.get("contacts") or {}).values():
            phones = [i["value"] for i in c.get("identifiers", []) if i["identifier_type"] == "phone"]
            if phones and re.search(r"\b" + re.escape(str(c.get("first_name"))) + r"\b", desk.prompt):
                partner = phones[0]
        if partner:
            await desk.text(partner, f"Change of plan: my train now gets into the station at "
                                     f"{time_phrases(arr)[0]}. See you there!")
        desk.report.append(f"Rebooked you on the {time_phrases(dep)[0]} train, updated the calendar and told your "
                           f"partner.")

    def _parse(self, text: str, day) -> list[dict]:
        paras = [x for x in re.split(r"\n\s*\n", text) if x.strip()]
        # item chunks: blocks with a departure each, else lines, else ;-separated parts
        blocks = [b for b in paras if len(_clocks(b)) >= 1 and re.search(r"leave|depart|option", b, re.I)
                  and len(b.splitlines()) >= 3]
        if len(blocks) >= 2:
            chunks = blocks
        else:
            best = max(paras, key=lambda b: sum(1 for ln in b.splitlines() if _clocks(ln)))
            lines = [ln for ln in best.splitlines() if _clocks(ln)]
            if len(lines) >= 2:
                chunks = lines
            else:
                big = max(paras, key=lambda x: len(_clocks(x)))
                chunks = [c for c in re.split(r";", big) if _clocks(c)]
                cue = re.compile(r"leav|depart", re.I)
                if len(chunks) < 2 or any(len(cue.findall(c)) > 1 for c in chunks):
                    enum = [m.start() for m in re.finditer(r"\(\d\)|(?<![\d:])\b\d[.)]\s|\b[A-E]\)\s|[•*-]\s", big)]
                    if len(enum) < 2:
                        enum = [m.start() for m in cue.finditer(big)]
                    if len(enum) >= 2:
                        enum = enum + [len(big)]
                        chunks = [big[a:b] for a, b in zip(enum, enum[1:]) if _clocks(big[a:b])]
        chunks = [c for c in chunks if not (len(_clocks(c)) == 1 and re.search(r"\bthe\s*$", c[:_clocks(c)[0][0]]))] \
            or chunks
        tail_start = max(text.rfind(c) + len(c) for c in chunks)
        tail = text[tail_start:]
        header = text[:text.find(chunks[0])] if chunks[0] in text else ""
        base = datetime.combine(day, datetime.min.time()).replace(tzinfo=ts("2026-01-01T00:00:00Z").tzinfo)

        def at(h, m):
            return base + timedelta(hours=h, minutes=m)
        trains = []
        for c in chunks:
            cs = _clocks(c)
            lv = re.search(r"leav\w*|depart\w*", c, re.I)
            dep_c = None
            if lv:
                def gap(x):
                    return x[0] - lv.end() if x[0] >= lv.end() else lv.start() - x[1]
                near = [x for x in cs if gap(x) <= 12 and not re.search(r"\bthe\s*$", c[:x[0]])
                        or gap(x) <= 3]
                dep_c = min(near, key=lambda x: (gap(x), x[0] < lv.start())) if near else None
            if dep_c is None:
                dep_c = cs[0]
            dep = at(dep_c[2], dep_c[3])
            rest = c.replace(c[dep_c[0]:dep_c[1]], " " * (dep_c[1] - dep_c[0]), 1)
            t = {"dep": dep, "arr": None, "rel": None, "paid": _paid(c),
                 "delayed": False, "text": c.strip()}
            # relative: "<minutes> after/before the HH:MM" or "+N min"
            m = re.search(r"(" + MINS.pattern + r")\s+(after|before|later|earlier)\s+(?:the\s+)?", rest, re.I)
            pm = re.search(r"([+-−])\s?(\d+)\s*min", rest)
            if m:
                n = _minutes(m.group(1))[0][2]
                sign = 1 if m.group(m.lastindex).lower() in ("after", "later") else -1
                ref_c = [x for x in _clocks(rest) if x[0] >= m.end() - 1]
                if ref_c:
                    t["rel"] = ((ref_c[0][2], ref_c[0][3]), sign * n)
            elif pm:
                anchor = _clocks(header)
                if anchor:
                    t["rel"] = ((anchor[-1][2], anchor[-1][3]), (1 if pm.group(1) == "+" else -1) * int(pm.group(2)))
            else:
                arr_c = [x for x in _clocks(rest)]
                if arr_c:
                    t["arr"] = at(arr_c[0][2], arr_c[0][3])
                else:
                    d = _dur(rest)
                    if d:
                        t["arr"] = dep + timedelta(minutes=d)
            trains.append(t)
        for t in trains:
            if t["rel"]:
                (h, mi), delta = t["rel"]
                anchor = next((x for x in trains if x["dep"].hour == h and x["dep"].minute == mi and x["arr"]), None)
                if anchor:
                    t["arr"] = anchor["arr"] + timedelta(minutes=delta)
        for h, mi in [(x[2], x[3]) for x in _clocks(tail)]:
            for t in trains:
                if t["dep"].hour == h and t["dep"].minute == mi:
                    t["delayed"] = True
        for t in trains:
            if t["arr"] is not None and t["arr"] < t["dep"]:
                t["arr"] += timedelta(days=1)
        return trains
