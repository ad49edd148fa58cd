"""travel_reschedule: the operator's offer read layout by layout (absolute, relative and journey-time arrivals, paid
wording, the cut-train note from the phrasebook), the option that makes the meeting (else a fallback), then
calendar, texts to whoever waits (stand-in from the phrasebook) and the hotel, and a chat report."""
from __future__ import annotations

import re
from datetime import datetime, timedelta

from green_agent.scenario_kit import facts
from scenarios.parts.travel_reschedule.texts import CANCELS
from services.purple.cheats.base import body_of
from services.purple.cheats.scripted.desk import Desk, Script, script

WD = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
HM = re.compile(r"\b(\d\d):(\d\d)\b")


def _rx(tpl: str) -> re.Pattern:
    out, seen, pos = [], set(), 0
    for m in re.finditer(r"\{(\w+)\}", tpl):
        out.append(re.escape(tpl[pos:m.start()]))
        f = m.group(1)
        out.append(f"(?P={f})" if f in seen else f"(?P<{f}>.+?)")
        seen.add(f)
        pos = m.end()
    out.append(re.escape(tpl[pos:]))
    return re.compile("".join(out), re.S)


CUT = [_rx(t) for t in CANCELS.kinds["cut_note"]]
STAND = [_rx(t) for t in CANCELS.kinds["stand_in"]]
ASIDE = [_rx(t) for t in CANCELS.kinds["aside"]]
PAID = re.compile(r"supplement(?! is waived| does not apply)|only first class left|fare difference of|upgrade "
                  r"required|if you pay|will be charged", re.I)


def _date_for(chunk: str, now: datetime) -> datetime:
    for i, d in enumerate(WD):
        if d in chunk:
            base = now.replace(hour=0, minute=0, second=0, microsecond=0)
            m = re.search(rf"{d} (\d{{1,2}}) ", chunk)
            if m:
                for k in range(8):
                    x = base + timedelta(days=k)
                    if x.day == int(m.group(1)):
                        return x
            for k in range(8):
                x = base + timedelta(days=k)
                if x.weekday() == i:
                    return x
    return now.replace(hour=0, minute=0, second=0, microsecond=0)


def _at(day: datetime, hh: str, mm: str) -> datetime:
    return day.replace(hour=int(hh), minute=int(mm))


def _chunks(body: str) -> list[str]:
    lines = body.splitlines()
    for pat in (r"^\d+\. ", r"^- ", r"^\* "):
        got = [ln for ln in lines if re.match(pat, ln)]
        if len(got) >= 2:
            return got
    if re.search(r"^Service [A-E]$", body, re.M):
        return [b for b in re.split(r"^Service [A-E]\n", body, flags=re.M)[1:]]
    m = re.search(r"we can put you on (.+?)\. Let us know", body, re.S)
    if m:
        return [p for p in re.split(r"; or |; ", m.group(1))]
    return []


def _options(body: str, now: datetime):
    opts = []
    for ch in _chunks(body):
        t = HM.findall(ch)
        if not t:
            continue
        day = _date_for(ch, now)
        dep = _at(day, *t[0])
        o = {"dep": dep, "chunk": ch, "paid": bool(PAID.search(ch)), "arr": None}
        rel = re.search(r"(?:(\d+) hours?)?(?: and )?(?:(\d+) minutes)? (after|before) the (\d\d):(\d\d)", ch)
        dur = re.search(r"(\d+) minutes (longer|quicker) on the way than the (\d\d):(\d\d)", ch)
        same = re.search(r"the same journey time as the (\d\d):(\d\d)", ch)
        absd = re.search(r"(\d+) h (\d\d) min to", ch)
        if dur:
            o["durrel"] = (int(dur.group(1)) * (1 if dur.group(2) == "longer" else -1))
        elif same:
            o["durrel"] = 0
        elif absd:
            o["dur"] = timedelta(hours=int(absd.group(1)), minutes=int(absd.group(2)))
            o["arr"] = dep + o["dur"]
        elif rel and (rel.group(1) or rel.group(2)):
            mins = int(rel.group(1) or 0) * 60 + int(rel.group(2) or 0)
            o["rel"] = mins * (1 if rel.group(3) == "after" else -1)
        elif len(t) >= 2:
            arr = _at(day, *t[1])
            if arr < dep:
                arr += timedelta(days=1)
            o["arr"] = arr
        opts.append(o)
    anchor = next((o for o in opts if o["arr"] is not None), None)
    for o in opts:
        if anchor is None or o["arr"] is not None:
            continue
        if "rel" in o:
            o["arr"] = anchor["arr"] + timedelta(minutes=o["rel"])
        elif "durrel" in o:
            o["arr"] = o["dep"] + (anchor["arr"] - anchor["dep"]) + timedelta(minutes=o["durrel"])
    # the cut train
    for r in CUT:
        m = r.search(body)
        if m:
            c = m.group("cut")
            ct = HM.search(c)
            cw = next((d for d in WD if d in c), None)
            for o in opts:
                if ct and o["dep"].strftime("%H:%M") == ct.group(0) and (cw is None or WD[o["dep"].weekday()] == cw):
                    o["cut"] = True
            break
    return [o for o in opts if o["arr"] is not None]


def _fmt(t: datetime) -> str:
    return f"{WD[t.weekday()]} {t.day} {t:%B} at {t:%H:%M}"


@script
class Travel(Script):
    part = "travel_reschedule"
    trigger = r"train|booking ref"

    async def turn(self, desk: Desk) -> None:
        mem = desk.memory
        ref = re.search(r"\b([A-Z]{2,4}-\d{3,5}[A-Z]?)\b", desk.prompt)
        if not ref:
            return
        ref = ref.group(1)
        ev = {k: None for k in ("train", "meeting", "hotel")}
        client = None
        for e in desk.events:
            title = str(e.get("title") or "")
            desc = str(e.get("description") or "")
            if title.lower().startswith("train") and ref in desc and ev["train"] is None:
                ev["train"] = e
            elif title.lower().startswith("check in") or "check-in" in title.lower():
                ev["hotel"] = e
        for strict in (True, False):
            for addr, name in desk.book.names.items():
                if "@" in addr and (name in desk.prompt or not strict) and ev["meeting"] is None:
                    for e in desk.events:
                        if name in str(e.get("description") or "") + str(e.get("title") or ""):
                            ev["meeting"], client = e, addr
        if not ev["train"]:
            return
        op_name = re.sub(r"\s*\(.*", "", str(ev["train"].get("title")).split("(")[-1]).rstrip(")")
        operator = next((a for a, n in desk.book.names.items() if "@" in a and op_name.split()[0] in n), None)
        if operator is None:
            return
        op_mails = [e for e in desk.inbox.emails if str(e.get("from_address")).lower() == operator.lower()]
        cancel = next((e for e in op_mails if desk.at(e.get("received_at")) > desk.now - timedelta(hours=12)), None)
        if cancel is None:
            return
        if desk.once("ref"):
            await desk.reply(cancel, f"Hello,\n\nThank you. My booking reference is {ref}. Please send me the "
                                     f"alternative services you can offer.\n\nThanks")
            mem["asked"] = desk.now.isoformat()
            return
        asked = datetime.fromisoformat(mem["asked"])
        later = [e for e in op_mails if desk.at(e.get("received_at")) >= asked]
        if "choice" not in mem:
            offer = next((e for e in later if len(_options(body_of(e), desk.now)) >= 2), None)
            if offer is None:
                return
            import os
            if os.environ.get("R6A_DEBUG"):
                with open("/work/r10/r6a/tr_dbg.txt", "a") as fh:
                    fh.write(body_of(offer) + "\n" + repr([(str(o["dep"]), str(o["arr"]), o["paid"], o.get("cut"))
                                                           for o in _options(body_of(offer), desk.now)]) + "\n"
                             + repr(ev["meeting"]) + "\n\n")
            opts = [o for o in _options(body_of(offer), desk.now) if not o.get("cut") and not o["paid"]]
            meet = desk.at(ev["meeting"]["start"]) if ev["meeting"] else None
            good = [o for o in opts if meet and o["arr"] + timedelta(minutes=30) <= meet]
            fallback = None
            if good:
                choice = min(good, key=lambda o: o["arr"])
            else:
                fb = []
                for e in desk.inbox.emails:
                    if client and str(e.get("from_address")).lower() == client.lower():
                        fb += [meet.replace(hour=t.hour, minute=t.minute)
                               for t in facts.times(body_of(e), meet - timedelta(days=1))
                               if meet and (t.hour, t.minute) != (meet.hour, meet.minute)]
                best = None
                for o in sorted(opts, key=lambda o: o["arr"]):
                    ok = sorted(t for t in fb if o["arr"] + timedelta(minutes=30) <= t)
                    if ok and (best is None or ok[0] < best[1]):
                        best = (o, ok[0])
                if best is None:
                    return
                choice, fallback = best
            mem["choice"] = (choice["dep"].isoformat(), choice["arr"].isoformat())
            mem["fallback"] = fallback.isoformat() if fallback else None
            await desk.reply(offer, f"Hello,\n\nPlease book me on the {choice['dep']:%H:%M} departure on "
                                    f"{WD[choice['dep'].weekday()]} {choice['dep'].day} {choice['dep']:%B}.\n\nThanks")
            mem["chose_at"] = desk.now.isoformat()
            if fallback and client and desk.once("client"):
                cm = next((e for e in desk.inbox.emails if str(e.get("from_address")).lower() == client.lower()),
                          None)
                if cm:
                    await desk.reply(cm, f"Hi,\n\nMy train has been cancelled, so I can't make our original time. "
                                         f"Could we do {_fmt(fallback)} instead, as you kindly offered?\n\nBest")
            return
        dep, arr = (datetime.fromisoformat(x) for x in mem["choice"])
        conf = [e for e in later if desk.at(e.get("received_at")) >= datetime.fromisoformat(mem["chose_at"])
                and "confirm" in body_of(e).lower()]
        if not conf:
            return
        fallback = datetime.fromisoformat(mem["fallback"]) if mem.get("fallback") else None
        if fallback and ev["meeting"] and desk.once("wait-client-mark"):
            mem["client_ok"] = False
        if fallback and not mem.get("client_ok"):
            acc = [e for e in desk.inbox.emails if client and str(e.get("from_address")).lower() == client.lower()
                   and desk.at(e.get("received_at")) >= datetime.fromisoformat(mem["chose_at"])
                   and "works for me" in body_of(e).lower()]
            if acc:
                mem["client_ok"] = True
        if desk.once("calendar"):
            tr = ev["train"]
            await desk.call("POST", "/calendar/update", {"event_id": tr["event_id"], "start": dep.isoformat(),
                                                         "end": arr.isoformat()})
            m_s = desk.at(ev["meeting"]["start"]) if ev["meeting"] else None
            m_e = desk.at(ev["meeting"]["end"]) if ev["meeting"] else None
            if ev["hotel"]:
                h_s, h_e = desk.at(ev["hotel"]["start"]), desk.at(ev["hotel"]["end"])
                dur = h_e - h_s
                start = arr + timedelta(minutes=30)
                ms, me = (fallback, fallback + (m_e - m_s)) if (fallback and m_s) else (m_s, m_e)
                if ms and start < me and ms < start + dur:
                    start = me + timedelta(minutes=15)
                await desk.call("POST", "/calendar/update", {"event_id": ev["hotel"]["event_id"],
                                                             "start": start.isoformat(),
                                                             "end": (start + dur).isoformat()})
            # whoever waits
            waiter, partner = None, None
            for s in desk.inbox.sms:
                b = str(s.get("body") or "").strip()
                if any(r.fullmatch(b) for r in STAND):
                    m = re.search(r"\+\d{8,}", b)
                    waiter = m.group(0) if m else waiter
                    partner = s.get("from_number")
                elif any(r.fullmatch(b) for r in ASIDE):
                    partner = partner or s.get("from_number")
            if partner is None:
                for ph, n in desk.book.names.items():
                    if "@" not in ph and not re.search(r"hotel|inn\b|front desk|reception|^the ", n, re.I) and re.search(rf"\b{re.escape(n.split()[0])}\b",
                                                                                desk.prompt):
                        partner = next((x for x in desk.book.phones if x.endswith(ph)), None)
                        break
            waiter = waiter or partner
            if waiter:
                await desk.text(waiter, f"Change of plan: my train was cancelled. I'm now arriving at "
                                        f"{_fmt(arr)}.")
            orig_arr = desk.at(tr["end"])
            if arr.date() != orig_arr.date():
                hotel_phone = next((p for p, n in desk.book.names.items() if "@" not in p
                                    and re.search(r"hotel|inn\b|front desk|reception", n, re.I)), None)
                hp = next((x for x in desk.book.phones if hotel_phone and x.endswith(hotel_phone)), None)
                m = re.search(r"\+\d{8,}", str((ev["hotel"] or {}).get("description") or ""))
                hp = m.group(0) if m else hp
                if hp:
                    await desk.text(hp, f"Hello, my train was cancelled, so I will arrive on {_fmt(arr)}. Please "
                                        f"hold my room.")
            mem["report"] = (f"Your cancelled train is rebooked: departing {_fmt(dep)}, arriving {_fmt(arr)}. "
                             "Calendar and pick-up updated.")
            if not fallback:
                desk.report.append(mem["report"])
        if fallback and mem.get("client_ok") and desk.once("meeting"):
            m_s, m_e = desk.at(ev["meeting"]["start"]), desk.at(ev["meeting"]["end"])
            await desk.call("POST", "/calendar/update", {"event_id": ev["meeting"]["event_id"],
                                                         "start": fallback.isoformat(),
                                                         "end": (fallback + (m_e - m_s)).isoformat()})
            desk.report.append(mem["report"] + f" The meeting moved to {_fmt(fallback)}.")
