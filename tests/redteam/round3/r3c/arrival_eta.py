"""arrival_eta: text the person met when the user arrives, from where the location modality says the user is."""
from __future__ import annotations

import importlib.util
import re
import sys
from datetime import timedelta
from pathlib import Path

from services.purple.cheats.scripted.desk import Desk, Script, script

if "r3c_util" not in sys.modules:
    _s = importlib.util.spec_from_file_location("r3c_util", Path(__file__).with_name("_util.py"))
    sys.modules["r3c_util"] = importlib.util.module_from_spec(_s)
    _s.loader.exec_module(sys.modules["r3c_util"])
U = sys.modules["r3c_util"]

PLACES = (("Northside Depot", "220 Foundry Lane"), ("Airport Hotel", "18 Runway Drive"),
          ("Riverside Campus", "5 Mill Street"), ("Old Town Library", "77 Chapel Row"),
          ("Eastgate Mall", "1400 Eastgate Way"))
OFFICES = ("Harbor office", "Hillside office", "Midtown office")
PLUS = r"longer|more|slower|extra|additional|on top|plus|\+|added|add|over|beyond|further|behind|later|worse"
MINUS = r"less|shorter|fewer|quicker|faster|under|minus|saving|save|sooner|earlier|better|short of|below|off"


def _mentions(text: str) -> list[tuple[int, int, int]]:
    """(start, end, place index) of every place name or address in text, merged when the same place repeats
    adjacently."""
    hits = []
    for i, (name, addr) in enumerate(PLACES):
        for pat in (name, addr):
            for m in re.finditer(re.escape(pat), text, re.I):
                hits.append((m.start(), m.end(), i))
    hits.sort()
    merged: list[tuple[int, int, int]] = []
    for h in hits:
        if merged and merged[-1][2] == h[2] and h[0] - merged[-1][1] < 12:
            merged[-1] = (merged[-1][0], h[1], h[2])
        else:
            merged.append(h)
    return merged


def _blank(text: str) -> str:
    """Addresses and clock times blanked (their digits are no durations), same length."""
    for _n, addr in PLACES:
        text = re.sub(re.escape(addr), lambda m: "#" * len(m.group()), text, flags=re.I)
    text = re.sub(r":\d\d\b", lambda m: "#" * len(m.group()), text)
    return text


def _table(text: str) -> dict[int, int]:
    """Place index → minutes read from a timetable."""
    blank = _blank(text)
    places = _mentions(text)
    durs = [d for d in U.durations(blank) if d[2] in (10, 20, 30, 40, 50, 60)]
    # also bare numbers that are multiples of ten next to a place (pipes without unit)
    if len(durs) < 4:
        extra = [(m.start(), m.end(), float(m.group())) for m in re.finditer(r"(?<![\d#])\d{2}(?![\d#])", blank)
                 if int(m.group()) in (10, 20, 30, 40, 50, 60)]
        seen = {d[0] for d in durs}
        durs = sorted(durs + [e for e in extra if e[0] not in seen and not any(d[0] <= e[0] < d[1] for d in durs)])
    if not places or not durs:
        return {}
    # pair: decide if durations come after or before their place, by what comes first
    events = sorted([(p[0], "p", p) for p in places] + [(d[0], "d", d) for d in durs])
    # trim durations before first place unless durations lead (prose style)
    lead = events[0][1] == "d"
    pairs: list[tuple[int, tuple[int, int, float], str]] = []
    if not lead:
        for k, p in enumerate(places):
            nxt = places[k + 1][0] if k + 1 < len(places) else len(text)
            ds = [d for d in durs if p[1] <= d[0] < nxt]
            if ds:
                seg = blank[ds[0][1]:nxt]
                pairs.append((p[2], ds[0], seg))
    else:
        for k, p in enumerate(places):
            prev = places[k - 1][1] if k else 0
            ds = [d for d in durs if prev <= d[0] < p[0]]
            if ds:
                seg = blank[ds[-1][1]:p[0]]
                pairs.append((p[2], ds[-1], seg))
    out: dict[int, int] = {}
    base = None
    rel: list[tuple[int, int, str]] = []
    for place, d, seg in pairs:
        if place in out or any(r[0] == place for r in rel):
            continue
        after = seg[:50].lower()
        if base is not None and (re.search(rf"\b({PLUS}|{MINUS})\b|than", after)):
            rel.append((place, int(d[2]), after))
        else:
            out[place] = int(d[2])
            if base is None:
                base = int(d[2])
    for place, gap, after in rel:
        cands = [v for v in (base + gap, base - gap) if 10 <= v <= 60 and v not in out.values()]
        if len(cands) == 1:
            out[place] = cands[0]
        elif re.search(rf"\b({MINUS})\b", after) and not re.search(rf"\b({PLUS})\b", after):
            out[place] = base - gap
        else:
            out[place] = base + gap
    return out


@script
class ArrivalEta(Script):
    part = "arrival_eta"
    trigger = r"."

    async def turn(self, desk: Desk) -> None:
        if desk.memory.get("done"):
            return
        loc = await desk.call("GET", "/location/state") or {}
        cur = loc.get("current") or {}
        where = " ".join(str(cur.get(k) or "") for k in ("named_location", "address"))
        here = next((i for i, (n, a) in enumerate(PLACES) if n.lower() in where.lower() or a.lower() in where.lower()),
                    None)
        if here is None:
            return
        # the timetable: the email naming the most places
        emails = [e for e in desk.inbox.emails]
        scored = sorted(((len({p[2] for p in _mentions(U.body(e))}), U.body(e), e) for e in emails),
                        key=lambda x: x[0])
        tables = [x for x in scored if x[0] >= 3]
        if not tables:
            return
        _, text, tmail = tables[-1]
        rows = _table(text)
        minutes = rows.get(here)
        planner = str(tmail.get("from_address") or "").lower()
        # corrections: later mail from the planner naming one place, with a minutes figure not a multiple of ten
        later = sorted((e for e in emails if e is not tmail and str(e.get("from_address") or "").lower() == planner),
                       key=lambda e: str(e.get("received_at") or e.get("sent_at") or ""))
        for e in later:
            t = U.body(e) + "\n" + U.subj(e)
            ps = {p[2] for p in _mentions(t)}
            if len(ps) != 1:
                continue
            vals = [int(d[2]) for d in U.durations(_blank(t))]
            vals += [int(m.group()) for m in re.finditer(r"(?<![\d#])\d{2}(?![\d#])", _blank(t))]
            odd = [v for v in vals if v % 10 == 5 and 15 <= v <= 95]
            if odd:
                rows[ps.pop()] = odd[0]
        minutes = rows.get(here)
        if minutes is None:
            return
        # the meeting and the host
        meet = None
        for ev in desk.events:
            loc_s = str(ev.get("location") or "") + " " + str(ev.get("title") or "")
            if any(o.lower() in loc_s.lower() for o in OFFICES):
                meet = ev
                break
        host_phone, host_first = None, ""
        if meet is not None:
            org = str(meet.get("organizer") or "").lower()
            cands = [org] + [str(a.get("email") if isinstance(a, dict) else a).lower()
                             for a in meet.get("attendees") or []]
            for c in cands:
                if c and c != desk.inbox.user_email.lower():
                    host_first = U.first_name(desk.book.name(c))
                    break
        # host's phone: a contact whose name's first word appears in the prompt, matching the organizer name
        contacts = await desk.call("GET", "/contacts/state") or {}
        for c in (contacts.get("contacts") or {}).values():
            ids = c.get("identifiers") or []
            emails_c = [str(i.get("value")).lower() for i in ids if i.get("identifier_type") == "email"]
            phones = [str(i.get("value")) for i in ids if i.get("identifier_type") == "phone"]
            if meet is not None and str(meet.get("organizer") or "").lower() in emails_c and phones:
                host_phone = phones[0]
        if host_phone is None:
            return
        # leave time: a clock time in the user's request not on the hour
        times = [t for t in U.clock_times(desk.prompt) if t[1] % 15 != 0]
        if not times:
            return
        h, mi = times[0]
        if h < 8:
            h += 12
        leave = desk.now.replace(hour=h, minute=mi, second=0, microsecond=0)
        board = leave + timedelta(minutes=-leave.minute % 15)
        eta = board + timedelta(minutes=minutes)
        desk.memory["done"] = True
        await desk.text(host_phone, f"Hi {host_first}, I'll get there at {U.clock12(eta)}. See you soon!")
        desk.report.append(f"Texted {host_first}: arriving at {U.clock12(eta)}.")
