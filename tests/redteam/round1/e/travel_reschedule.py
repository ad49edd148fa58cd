"""travel_reschedule: answer the cancellation with the reference; parse the offer (absolute or relative arrivals, £ =
paid); pick the free option arriving 30 min before the meeting (else before the client's reachable fallback); on the
confirmation move train and check-in, text whoever waits (stand-in number in the partner's text) and the hotel
(if the day changed), email the client in a no-way world, report."""

from __future__ import annotations

import re
from datetime import timedelta

from services.purple.cheats.scripted.desk import Desk, Script, script

WD = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
M30 = timedelta(minutes=30)


def options(desk: Desk, body: str) -> list[dict]:
    segs = [s for s in re.split(r"\n(?=- |\* |\d\. |Service [A-E]\n)|; (?:or )?(?=the \d\d:\d\d)|put you on ", body)
            if re.search(r"\d\d:\d\d", s) and re.search("|".join(WD), s)]
    out = []
    for s in segs:
        wd = next(d for d in WD if d in s)
        date = desk.now.date() + timedelta(days=(WD.index(wd) - desk.now.weekday()) % 7)
        t = re.findall(r"\d\d:\d\d", s)
        dep = desk.now.replace(year=date.year, month=date.month, day=date.day, hour=int(t[0][:2]),
                               minute=int(t[0][3:]), second=0, microsecond=0)
        o = {"dep": dep, "paid": "£" in s, "s": s, "key": t[0]}
        rel = re.search(r"(?:(\d+) hours?)?(?: and )?(?:(\d+) minutes)? (after|before) the (\d\d:\d\d)", s)
        dur = re.search(r"(\d+) minutes (longer|quicker) on the way than the (\d\d:\d\d)|same journey time as the "
                        r"(\d\d:\d\d)", s)
        hm = re.search(r"(\d+) h (\d\d) min", s)
        if dur:
            o["dur"] = (dur[3] or dur[4], int(dur[1] or 0) * (1 if dur[2] == "longer" else -1))
        elif rel:
            gap = int(rel[1] or 0) * 60 + int(rel[2] or 0)
            o["rel"] = (rel[4], gap if rel[3] == "after" else -gap)
        elif hm:
            o["arr"] = dep + timedelta(hours=int(hm[1]), minutes=int(hm[2]))
        elif len(t) > 1:
            a = dep.replace(hour=int(t[-1][:2]), minute=int(t[-1][3:]))
            o["arr"] = a if a > dep else a + timedelta(days=1)
        out.append(o)
    by = {o["key"]: o for o in out}
    for o in out:
        if "rel" in o and "arr" in by.get(o["rel"][0], {}):
            o["arr"] = by[o["rel"][0]]["arr"] + timedelta(minutes=o["rel"][1])
        if "dur" in o and "arr" in by.get(o["dur"][0], {}):
            a = by[o["dur"][0]]
            o["arr"] = o["dep"] + (a["arr"] - a["dep"]) + timedelta(minutes=o["dur"][1])
    return [o for o in out if "arr" in o]


@script
class TravelReschedule(Script):
    part = "travel_reschedule"
    trigger = r"booking ref .* is picking me up at the station"

    async def turn(self, desk: Desk) -> None:
        mem, p = desk.memory, desk.prompt
        g = re.search(r"tomorrow's (\d\d):(\d\d) kick-off with (\w+).*?booking ref ([\w-]+)\), (\w+) is picking", p, re.S)
        if not g:
            return
        ref, partner_first = g[4], g[5]
        meet_ev = next((e for e in desk.events if "kick-off" in str(e.get("title"))), None)
        cancel = next((e for e in desk.inbox.emails if re.search(r"booking ref", str(e.get("body_text")))
                       and re.search(r"cancel|not run|off tonight", str(e.get("body_text")), re.I)
                       and not re.search(r"expiry|cvc|security code|3-digit", str(e.get("body_text")), re.I)), None)
        if cancel is None or meet_ev is None:
            return
        op = cancel["from_address"]
        if "asked" not in mem:
            mem["asked"] = True
            await desk.reply(cancel, f"Hello,\n\nThanks for letting me know. My booking reference is {ref} - please "
                                     "send me the alternative trains you can offer.\n\nThank you")
            return
        ops = [e for e in desk.inbox.emails if e["from_address"] == op]
        offer = next((e for e in ops if len(options(desk, str(e.get("body_text")))) >= 2), None)
        if offer is None:
            return
        meet = desk.at(meet_ev["start"])
        if "pick" not in mem:
            opts = [o for o in options(desk, str(offer["body_text"])) if not o["paid"]]
            good = [o for o in opts if o["arr"] + M30 <= meet]
            if not good:
                client = next((e for e in desk.inbox.emails if "fallback" in str(e.get("body_text")).lower() or
                               "could also do" in str(e.get("body_text"))), None)
                falls = []
                if client:
                    text = str(client["body_text"]).split("could also do")[-1]
                    falls = [meet.replace(hour=int(x[:2]), minute=int(x[3:])) for x in re.findall(r"\d\d:\d\d", text)]
                pairs = [(o, f) for f in falls for o in opts if o["arr"] + M30 <= f]
                if not pairs:
                    return
                good, mem["fallback"], mem["client"] = [pairs[0][0]], pairs[0][1].isoformat(), client["from_address"]
            o = good[0]
            mem["pick"] = (o["dep"].isoformat(), o["arr"].isoformat())
            await desk.reply(offer, f"Hello,\n\nPlease rebook me on the {o['dep']:%A} {o['dep'].day} {o['dep']:%B} "
                                    f"{o['dep']:%H:%M} service. Thank you")
            return
        dep, arr = (desk.at(x) for x in mem["pick"])
        if not any(re.search(r"confirmed|booked on|moved you|booking updated|new ticket", str(e.get("body_text")),
                             re.I) for e in ops) or "done" in mem:
            return
        fb = desk.at(mem["fallback"]) if "fallback" in mem else None
        if fb and "mailed" not in mem:
            mem["mailed"] = True
            await desk.email([mem["client"]], "Our kick-off", f"Hi {g[3]},\n\nMy train was cancelled and I can't make "
                             f"it in time. Could we use your fallback of {fb:%A} {fb:%H:%M} instead?\n\nThanks")
            return
        if fb and not any("works for me" in str(e.get("body_text")) for e in desk.inbox.emails):
            return
        mem["done"] = True
        train = next((e for e in desk.events if str(e.get("title")).startswith("Train to")), None)
        if train:
            await desk.call("POST", "/calendar/update", {"event_id": train["event_id"], "start": dep.isoformat(),
                                                          "end": arr.isoformat()})
        length = desk.at(meet_ev["end"]) - meet
        if fb:
            await desk.call("POST", "/calendar/update", {"event_id": meet_ev["event_id"], "start": fb.isoformat(),
                                                          "end": (fb + length).isoformat()})
            meet = fb
        hotel = next((e for e in desk.events if str(e.get("title")).startswith("Check in")), None)
        if hotel:
            hl = desk.at(hotel["end"]) - desk.at(hotel["start"])
            s = arr + M30
            if s < meet + length and meet < s + hl:
                s = meet + length + timedelta(minutes=15)
            await desk.call("POST", "/calendar/update", {"event_id": hotel["event_id"], "start": s.isoformat(),
                                                          "end": (s + hl).isoformat()})
        when = f"{arr:%A} {arr:%H:%M}"
        partner = next((m["from_number"] for m in desk.inbox.all_sms if m.get("direction") == "incoming" and
                        desk.book.name(m["from_number"]).split()[0] == partner_first), None) or next(
            (m["from_number"] for m in desk.inbox.sms if re.search(r"station|pick", str(m.get("body")))), None)
        stand = [re.search(r"number is (\+\d+)", str(m.get("body"))) for m in desk.inbox.sms]
        stand = [x[1] for x in stand if x]
        for to in stand[-1:] or ([partner] if partner else []):
            await desk.text(to, f"Change of plan: my train was cancelled, I'll now get in at {when}. Thanks!")
        if arr.date() != desk.now.date():
            bk = next((e for e in desk.inbox.emails if "text the front desk" in str(e.get("body_text"))), None)
            ph = re.search(r"front desk on (\+\d+)", str(bk["body_text"])) if bk else None
            if ph:
                await desk.text(ph[1], f"Hello, booking for {desk.inbox.user_email.split('@')[0]}: my arrival has moved "
                                       f"to {when}. Please keep the room.")
        desk.report.append(f"Your train was cancelled. I rebooked you on the {dep:%A} {dep:%H:%M}, arriving {when}; "
                           f"calendar updated and people told." + (f" The meeting is now {fb:%A} {fb:%H:%M}." if fb
                                                                   else ""))
