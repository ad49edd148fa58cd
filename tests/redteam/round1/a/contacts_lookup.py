"""contacts_lookup: resolve each ref of the request to the contact at that firm (first name or role); read each one's
leave statement (notes, their mail, their text) as dates set against tomorrow (the last range of a moved/swapped
leave, a trip's n days, an anchor from the diary mail, "back on"); the one away gets the firm's stand-in (the contact
there without a job title). Current number: the one the notes do not call dead; work address: the firm's domain. The
answers come from two fixed lists, so a keyword tells "can't" from "confirmed"."""

from __future__ import annotations

import re
from datetime import date, timedelta

from services.purple.cheats.base import body_of
from services.purple.cheats.scripted.desk import Desk, Script, script

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
PLACES = ("Harbour Kitchen, 12 Quay Street", "the Copper Kettle cafe, 48 Market Row", "Lindenfield Hall, 3 Station Road")
DATE = re.compile(r"\b(?:[A-Z][a-z]{2} )?(\d{1,2})/(\d{1,2})|(\d{1,2}) (" + "|".join(MONTHS) + r")|the (\d{1,2})(?:st|nd|rd|th)"
                  r"|\b(today|tomorrow|yesterday)\b|\b(last |this )?(" + "|".join(DAYS) + r")\b(?! the| \d)")


def _dates(text: str, said: date | None, t: date) -> list[date]:
    out = []
    for m in DATE.finditer(text):
        g = m.groups()
        if g[0]:
            out.append(date(t.year, int(g[1]), int(g[0])))
        elif g[2]:
            out.append(date(t.year, MONTHS.index(g[3]) + 1, int(g[2])))
        elif g[4]:
            cands = [date(t.year, t.month, 1) + timedelta(days=k * 31) for k in (-1, 0, 1)]
            out.append(min((c.replace(day=int(g[4])) for c in cands if int(g[4]) <= 28 or c.month != 2),
                           key=lambda d: abs((d - t).days)))
        elif g[5] and said:
            out.append(said + timedelta(days={"today": 0, "tomorrow": 1, "yesterday": -1}[g[5]]))
        elif g[7] and said:
            gap = (DAYS.index(g[7]) - said.weekday()) % 7
            out.append(said + timedelta(days=gap - 7 if g[6] == "last " else gap))
    return out


def _away(text: str, said: date | None, t: date, diary: str) -> bool | None:
    if re.search(r"is cancelled - .+ in after all|fell through|no longer needs the days off", text):
        return False
    ds = _dates(text, said, t)
    n = re.search(r"(\d+)[ -]days?", text)
    a = re.search(r"the day after the ([a-z -]+?) for|starting the day after the ([a-z -]+?)\.|days before the ([a-z -]+?)\.",
                  text)
    if a:
        event = next(x for x in a.groups() if x)
        m = re.search(rf"{event}[^\n]*?(?:on|for|\() ?([^\n)]+)", diary)
        e = _dates(m.group(1), None, t) if m else []
        if not e or not n:
            return None
        first = e[0] - timedelta(days=int(n.group(1))) if a.group(3) else e[0] + timedelta(days=1)
        return first <= t < first + timedelta(days=int(n.group(1)))
    if not ds:
        return None
    if re.search(r"flew out|left .+ for a|tour starting", text) and n:
        return ds[-1] <= t < ds[-1] + timedelta(days=int(n.group(1)))
    if len(ds) == 1:
        return ds[0] > t if re.search(r"back|returns", text) else "maybe" if t <= ds[0] else False
    a, b = ds[-2], ds[-1]
    return a <= t < b if "back to work" in text else a <= t <= b


@script
class ContactsLookup(Script):
    part = "contacts_lookup"
    trigger = r"site visit|visit tomorrow"

    async def turn(self, desk: Desk) -> None:
        p = desk.prompt
        new = re.search(r"(?:moved from \S+ to|it's|now at|new time|moved to) (\d{1,2}(?:am|pm))", p)
        place = next((x for x in PLACES if x in p), None)
        if not new or not place:
            return
        state = await desk.call("GET", "/contacts/state") or {}
        people = list((state.get("contacts") or {}).values())
        t = desk.now.date() + timedelta(days=1)
        diary = "\n".join(body_of(e) for e in desk.inbox.all_emails if "diary" in str(e.get("subject")))

        def find(ref: str) -> dict | None:
            return next((c for c in people if c.get("job_title") and str(c.get("company", "")).split()[0] in ref and (
                ref.startswith("our ") and str(c["job_title"]).lower() in ref or
                ref.split()[0].strip(",") == c.get("first_name"))), None)

        groups = {}
        for ch, pat in (("sms", r"[Pp]lease text (.+?), and email|let (.+?) know by text|and text (.+?)\. Their|"
                                r"Text (.+?)\. Email|need (.+?) told by text"),
                        ("email", r", and email (.+?) \(always|, and (.+?) by email|Email (.+?) \(their work|"
                                  r"Email (.+?) at work|told by text and (.+?) by email")):
            m = re.search(pat, p)
            groups[ch] = [find(r) for r in re.split(r" and ", next(g for g in m.groups() if g))] if m else []
        told, weight = [], {}
        for ch, group in groups.items():
            for c in group:
                if c is None:
                    continue
                told.append((ch, c))
                first = c["first_name"]
                ids = [i["value"] for i in c.get("identifiers") or []]
                said = [(body_of(e), desk.at(e.get("received_at") or e.get("sent_at")).date())
                        for e in desk.inbox.emails if e.get("from_address") in ids] + \
                       [(body_of(s), desk.at(s.get("sent_at")).date()) for s in desk.inbox.sms
                        if s.get("from_number") in ids]
                verdicts = [_away(x, d, t, diary) for x, d in [(str(c.get("notes") or ""), None), *said]]
                weight[first] = 2 if True in verdicts else 1 if "maybe" in verdicts else 0
        top = max(weight.values(), default=0)
        if top and list(weight.values()).count(top) == 1:  # exactly one is away: the surest verdict
            told = [(ch, next((d for d in people if d.get("company") == c.get("company") and not d.get("job_title")
                               and c["first_name"] in str(d.get("notes") or "")), c)
                     if weight[c["first_name"]] == top else c) for ch, c in told]
        for ch, c in told:
            notes, ids = str(c.get("notes") or ""), c.get("identifiers") or []
            if ch == "sms":
                phones = [i["value"] for i in ids if i["identifier_type"] == "phone"]
                tail = re.search(r"ending (\d{4})", notes)
                now_is = re.search(r"(?:use now is|New mobile number since last month:) (\+\d+)", notes)
                to = (next(x for x in phones if x.endswith(tail.group(1))) if tail else now_is.group(1) if now_is
                      else next(x for x in phones if x not in notes))
            else:
                domain = str(c["company"]).split()[0].lower() + ".example"
                to = next(i["value"] for i in ids if i["identifier_type"] == "email" and i["value"].endswith(domain))
            body = (f"Hi {c['first_name']}, tomorrow's site visit has moved: it is now at {new.group(1)} on {t:%A}, "
                    f"and we meet at {place}.")
            if desk.once(f"tell-{to}"):
                desk.memory["at"] = desk.now
                await (desk.text(to, body) if ch == "sms" else desk.email([to], "Site visit moved", body))
            desk.memory.setdefault("sent", {})[c["first_name"]] = to
        for first, to in desk.memory.get("sent", {}).items():
            for msg in [*desk.inbox.emails, *desk.inbox.sms]:
                if to in (msg.get("from_address"), msg.get("from_number")) and desk.at(
                        msg.get("received_at") or msg.get("sent_at")) > desk.memory["at"] and desk.once(f"answer-{to}"):
                    no = re.search(r"out for me|have to miss|without me|won't be there|next one|Count me out",
                                   body_of(msg))
                    desk.report.append(f"{first} can't come." if no else f"{first} confirmed.")
