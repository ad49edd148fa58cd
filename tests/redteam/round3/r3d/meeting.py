"""meeting_scheduling: ask the three invitees (emails in the request), parse time ranges per weekday and stray times
(morning = not before, afternoon = end by) from their replies and older notes, pick the first free 60-minute start,
and after a decline move to the next valid start off the day the decliner rules out."""
from __future__ import annotations

import re
from datetime import datetime, timedelta

from services.purple.cheats.scripted.desk import Desk, Script, script

DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
DAYRX = r"\b(mon|tue|wed|thu|fri)(?:day|nesday|sday|rsday|urday)?s?\b|\b(tues|thur|thurs)\b"
T = r"(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?"
RANGE = re.compile(rf"\b{T}\s*(?:-|–|—|to|until|till)\s*{T}", re.I)
CUSTOMERS = ("Halcyon", "Bluefin", "Kestrel", "Pinecrest", "Solstice", "Marlowe", "Ardent", "Larkspur")
NEG = r"\boff\b|away|out of|\bout\b|leave|unavailable|not around|holiday|absent|can't|cannot|won't|no meetings|" \
      r"conference|training|travel|offsite|sick|not available|not in\b|busy all|all day|whole day"


def _mins(h: str, m: str | None, ap: str | None, other_ap: str | None = None) -> int | None:
    hh = int(h)
    mm = int(m or 0)
    ap = ap or other_ap
    if ap:
        hh = hh % 12 + (12 if ap.lower() == "pm" else 0)
    if hh > 23 or mm > 59:
        return None
    return hh * 60 + mm


def _day_of(tok: str) -> int:
    t = tok.lower()[:3]
    return ("mon", "tue", "wed", "thu", "fri").index(t)


def parse_week(text: str) -> tuple[dict[int, list[tuple[int, int]]], set[int], list[int]]:
    """(busy ranges by weekday 0..4, days out, stray times (minutes) not in a range)."""
    busy: dict[int, list[tuple[int, int]]] = {}
    out: set[int] = set()
    stray: list[int] = []
    chunks = re.split(r"[;\n]|\.\s+|\|(?=\s*\w+\s*$)", text)
    # re-split lines: a table row "WED | 10:00-11:00" keeps its day
    last_day = None
    for chunk in chunks:
        days = [(m.start(), _day_of(m.group(0))) for m in re.finditer(DAYRX, chunk, re.I)]
        ranges = []
        for m in RANGE.finditer(chunk):
            if not ((m.group(2) or m.group(3)) and (m.group(5) or m.group(6))):
                continue
            a = _mins(m.group(1), m.group(2), m.group(3), m.group(6))
            b = _mins(m.group(4), m.group(5), m.group(6))
            if a is None or b is None or b <= a:
                continue
            ranges.append((m.start(), m.end(), a, b))
        for s, e, a, b in ranges:
            if days:
                d = min(days, key=lambda x: abs(x[0] - s) if x[0] < s else abs(x[0] - e) + 0.5)[1]
            elif last_day is not None:
                d = last_day
            else:
                continue
            busy.setdefault(d, []).append((a, b))
        # stray times (not inside a range)
        spans = [(s, e) for s, e, _, _ in ranges]
        for m in re.finditer(r"\b(\d{1,2})(?:[:.](\d{2}))\s*(am|pm)?|\b(\d{1,2})\s*(am|pm)\b", chunk, re.I):
            if any(s <= m.start() < e for s, e in spans):
                continue
            if m.group(1):
                v = _mins(m.group(1), m.group(2), m.group(3))
            else:
                v = _mins(m.group(4), None, m.group(5))
            if v is not None and 7 * 60 <= v <= 19 * 60:
                stray.append(v)
        free = re.search(r"(?<!not )(?<!n't )\b(open|free|clear|available|nothing booked|fine|empty|no plans)\b", chunk, re.I)
        if not ranges and days and re.search(NEG, chunk, re.I) and not free:
            # a day out: the day nearest the negative word
            for _, d in days:
                if not re.search(r"note|email|mail|wrote|sent|heads-up|message", chunk, re.I):
                    out.add(d)
        if days:
            last_day = days[-1][1]
    return busy, out, stray


@script
class MeetingScheduling(Script):
    part = "meeting_scheduling"
    trigger = r"."

    async def turn(self, desk: Desk) -> None:
        """Never let a rule's failure break the turn of the other scripts running beside it."""
        try:
            await self._turn(desk)
        except Exception:  # noqa: BLE001
            return

    async def _turn(self, desk: Desk) -> None:
        m = desk.memory
        chat = await desk.call("GET", "/chat/state") or {}
        users = [str(x.get("content") or "") for x in chat.get("messages") or [] if x.get("role") == "user"]
        if not users:
            return
        req = users[0]
        user = desk.inbox.user_email.lower()
        invitees = list(dict.fromkeys(a.lower() for a in re.findall(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", req)
                                      if a.lower() != user))
        if len(invitees) != 3 or not re.search(r"\b(60|1|one)[- ]?(hour|hr|minute|min)|\bhour\b", req, re.I):
            return
        tm = re.search(r"['\"‘“]([^'\"’”]{3,60})['\"’”]", req)
        title = tm.group(1) if tm else "Team meeting"
        m.setdefault("title", title)
        if desk.once("ms-ask"):
            for a in invitees:
                await desk.email([a], f"{title} - your availability Tue-Fri?",
                                 f"Hi,\n\nI'd like to get a 1-hour {title} in the diary with the three of you this "
                                 "week (Tuesday to Friday, between 09:00 and 17:00 UTC). Could you let me know when "
                                 "you're busy, and anything else I should work around?\n\nThanks")
            m["asked_at"] = str(desk.now)
            return
        asked = desk.at(m["asked_at"])
        replies = {a: [e for e in desk.inbox.emails if str(e.get("from_address", "")).lower() == a
                       and desk.at(e.get("received_at") or e.get("sent_at")) >= asked] for a in invitees}
        older = [e for e in desk.inbox.emails if str(e.get("from_address", "")).lower() in invitees
                 and desk.at(e.get("received_at") or e.get("sent_at")) < asked]
        monday = (desk.now - timedelta(days=desk.now.weekday())).replace(hour=0, minute=0, second=0, microsecond=0)
        if "event" not in m:
            if not all(replies.values()):
                return
            busy: dict[int, list[tuple[int, int]]] = {}
            out: dict[int, set[str]] = {}
            nb, eb = 0, 24 * 60
            for who, mails in [*replies.items(), *[(str(e["from_address"]).lower(), [e]) for e in older]]:
                for e in mails:
                    text = str(e.get("body_text") or "")
                    b, o, stray = parse_week(text)
                    for d, r in b.items():
                        busy.setdefault(d, []).extend(r)
                    for d in o:
                        out.setdefault(d, set()).add(who)
                    import json
                    import os
                    if os.environ.get("R3DBG") and o:
                        open("/work/r3/r3d/dbg_ms.txt", "a").write(json.dumps({"OUT": sorted(o), "text": text}) + "\n")
                    for v in stray:
                        if v < 12 * 60:
                            nb = max(nb, v)
                        elif v >= 13 * 60:
                            eb = min(eb, v)
                    if e in older:
                        # an older note naming a weekday and no time: that day is out
                        if not stray:
                            for mm in re.finditer(DAYRX, text + " " + str(e.get("subject") or ""), re.I):
                                out.setdefault(_day_of(mm.group(0)), set()).add(who)
            ev = []
            for e in desk.events:
                if e.get("status") == "cancelled":
                    continue
                ev.append((desk.at(e["start"]), desk.at(e["end"])))
            valid = []
            for d in (1, 2, 3, 4):
                if d in out:
                    continue
                day = monday + timedelta(days=d)
                for s in range(max(9 * 60, nb), 16 * 60 + 1, 5):
                    if s + 60 > min(17 * 60, eb):
                        break
                    if any(a < s + 60 and s < b for a, b in busy.get(d, [])):
                        continue
                    st = day + timedelta(minutes=s)
                    if any(a < st + timedelta(hours=1) and st < b for a, b in ev):
                        continue
                    valid.append(st.isoformat())
            m["valid"] = valid
            if not valid:
                return
            start = desk.at(valid[0])
            res = await desk.call("POST", "/calendar/create", {
                "title": m["title"], "start": start.isoformat(), "end": (start + timedelta(hours=1)).isoformat(),
                "organizer": desk.inbox.user_email, "description": f"Agenda: {m['title']}.",
                "attendees": [{"email": a} for a in invitees]})
            import json
            import os
            if os.environ.get("R3DBG"):
                open("/work/r3/r3d/dbg_ms.txt", "a").write(json.dumps({"res": res, "valid": valid, "busy": busy, "out": {k: sorted(v) for k, v in out.items()}, "nb": nb, "eb": eb}, default=str) + "\n")
            mm = re.search(r"calendar_event_id:\s*([\w-]+)", str((res or {}).get("message") or ""))
            eid = mm.group(1) if mm else (res or {}).get("event_id")
            m["event"] = eid
            m["start"] = start.isoformat()
            m["invited_at"] = str(desk.now)
            m["moves"] = 0
            return
        # after the invite: a decline?
        inv_at = desk.at(m["invited_at"])
        new = [e for e in desk.inbox.emails if str(e.get("from_address", "")).lower() in invitees
               and desk.at(e.get("received_at") or e.get("sent_at")) >= inv_at
               and e["message_id"] not in m.setdefault("seen", [])]
        for e in new:
            m["seen"].append(e["message_id"])
            subj = str(e.get("subject") or "").lower()
            body = str(e.get("body_text") or "")
            if not re.search(r"declin|can't|cannot|not make|unable|hold off|pass on|\bno\b", subj + " " + body.lower()):
                continue
            if "declin" not in subj and not re.search(r"declin", body.lower()) and len(body) < 40:
                continue
            valid = [desk.at(v) for v in m["valid"]]
            cur = desk.at(m["start"])
            rest = [v for v in valid if v > cur or v.date() != cur.date()]
            rest = [v for v in rest if v.date() != cur.date()]
            if m.get("outday") is None:
                named = {}
                for frag in re.split(r"[.;,()]|\s-\s|—", body):
                    for mm in re.finditer(DAYRX, frag, re.I):
                        d = _day_of(mm.group(0))
                        fl = frag.lower()
                        sc = len(re.findall(r"all day|workshop|site|visit|gone|taken|too\b|as well|either|instead|"
                                            r"with them|booked|won't|can't|out\b|lost", fl))
                        sc -= len(re.findall(r"float|first|idea|option|unaffected|stays?|as it was|nothing came|"
                                             r"mentioned|other|fine|still free|unchanged|free", fl))
                        named[d] = named.get(d, 0) + sc
                if named:
                    m["outday"] = max(named, key=lambda d: named[d])
                cust = [c for c in CUSTOMERS if c in body]
                if len(cust) >= 2:
                    score = {}
                    for c in cust:
                        fr = " ".join(f for f in re.split(r"[.;()]|\s-\s", body) if c in f).lower()
                        score[c] = len(re.findall(r"wrapped|settled|sorted|old news|\boff\b|nothing|no time|forget|"
                                                  r"done|closed|finished|resolved|needs no|not needed", fr))
                    cust = sorted(cust, key=lambda c: score[c])
                m["cust"] = cust[:1]
                mins = re.search(r"(\d{1,2})[- ]?min", body)
                m["agenda_min"] = mins.group(1) if mins else "10"
                m["topic_frag"] = ""
            else:
                # declined again on the day: the other day was the out one
                if m["moves"] and desk.at(m["start"]).weekday() == m.get("outday"):
                    pass
                elif m["moves"]:
                    m["outday"] = desk.at(m["start"]).weekday()
            import json
            import os
            if os.environ.get("R3DBG"):
                open("/work/r3/r3d/dbg_ms.txt", "a").write(json.dumps({"decl": body, "m": m}, default=str) + "\n")
            od = m.get("outday")
            cands = [v for v in valid if v != desk.at(m["start"]) and v.weekday() != od
                     and v > desk.at(m["valid"][0])]
            cands = [v for v in cands if v.isoformat() not in m.setdefault("tried", [m["valid"][0]])]
            if not cands:
                cands = [v for v in valid if v.isoformat() not in m["tried"]]
            if not cands:
                continue
            new_start = cands[0]
            m["tried"].append(new_start.isoformat())
            cust = m.get("cust") or []
            item = f"{m.get('agenda_min', '10')} minutes on the {cust[0]} call update" if cust else ""
            desc = f"Agenda: {m['title']}" + (f"; {item}" if item else "") + "."
            await desk.call("POST", "/calendar/update", {
                "event_id": m["event"], "title": m["title"], "start": new_start.isoformat(),
                "end": (new_start + timedelta(hours=1)).isoformat(), "description": desc,
                "attendees": [{"email": a} for a in invitees]})
            m["start"] = new_start.isoformat()
            m["moves"] += 1
            break
        # all accepted?
        ev = next((e for e in desk.events if e.get("event_id") == m["event"]), None)
        if ev and not m.get("reported"):
            resp = {str(a.get("email")).lower(): a.get("response") for a in ev.get("attendees") or []}
            if all(resp.get(a) == "accepted" for a in invitees) and ev.get("start") and \
                    desk.at(ev["start"]) == desk.at(m["start"]):
                s = desk.at(m["start"])
                desk.report.append(f"All set: the {m['title']} is on {s:%A} {s.day} {s:%B}, {s:%H:%M}-"
                                   f"{(s + timedelta(hours=1)):%H:%M} UTC, and all three have accepted.")
                m["reported"] = True
