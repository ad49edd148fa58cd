"""contacts_lookup: the people are named with their company (so the namesake's other company rules them out), the
old number is listed before the current one, the personal address is labelled home; tell each the new time and
place from the prompt, add whom the PM names, move the visit, and report each reply (declines ask for notes or say
"without me")."""

from __future__ import annotations

import re
from datetime import timedelta

from services.purple.cheats.scripted.desk import Desk, Script, script

TEXTED = r"Please text (.+?), and email|personal ones\) and (.+?) by text|Texts for (.+?); emails|and text (.+?); for the emails"
NEW = r"now at (\S+) instead of|: (\S+), not \S+; and|from \S+ to (\S+), and from|time (\S+) \(was"
PLACE = r"meet at (.+?) rather than|; and (.+?), not |, and from .+? to (.+?)\. Texts|place (.+?) \(was"
DECLINE = re.compile(r"notes|without me|can't make|is out for me|have to miss|unfortunately", re.I)


def _grab(pattern: str, text: str) -> str:
    m = re.search(pattern, text, re.S)
    return next((g for g in m.groups() if g), "") if m else ""


def _ids(c: dict, kind: str) -> list[dict]:
    return [i for i in c.get("identifiers") or [] if i.get("identifier_type") == kind]


@script
class ContactsLookup(Script):
    part = "contacts_lookup_classic"
    trigger = r"site visit"

    async def _tell(self, desk: Desk, c: dict, sms: bool) -> None:
        m = desk.memory
        tomorrow = desk.memory["start"] + timedelta(days=1)
        body = (f"Hi {c['first_name']}, tomorrow's site visit has moved: it is now at {m['new']} on "
                f"{tomorrow:%A} {tomorrow.day} {tomorrow:%B}, and we meet at {m['place']}. Could you let me know "
                f"if you can make it? Thanks!")
        if sms:
            number = _ids(c, "phone")[-1]["value"]
            await desk.text(number, body)
            m["who"][re.sub(r"\D", "", number)[-10:]] = c
        else:
            mail = next((i for i in _ids(c, "email") if i.get("label") != "home"), _ids(c, "email")[-1])["value"]
            await desk.email([mail], "Site visit moved", body)
            m["who"][mail.lower()] = c

    async def turn(self, desk: Desk) -> None:
        m = desk.memory
        contacts = list(((await desk.call("GET", "/contacts/state")) or {}).get("contacts", {}).values())
        pm = re.search(r"\(([\w.+-]+@[\w.-]+)\)", desk.prompt)
        pm = pm.group(1).lower() if pm else ""
        if "start" not in m:
            m.update(start=desk.now, who={}, told=set(), new=_grab(NEW, desk.prompt), place=_grab(PLACE, desk.prompt))
            texted = _grab(TEXTED, desk.prompt)
            for c in contacts:
                if c.get("company") and c["company"] in desk.prompt and not any(
                        i["value"].lower() == pm for i in _ids(c, "email")):
                    await self._tell(desk, c, c["company"] in texted)
                    m["told"].add(c["company"])
            visit = next((e for e in desk.events if "site visit" in e["title"].lower()
                          and desk.at(e["start"]).date() == (desk.now + timedelta(days=1)).date()), None)
            hm = re.match(r"(\d+)(?::(\d\d))?\s*(am|pm)", m["new"])
            if visit and hm:
                s, e = desk.at(visit["start"]), desk.at(visit["end"])
                hour = int(hm.group(1)) % 12 + (12 if hm.group(3) == "pm" else 0)
                new = s.replace(hour=hour, minute=int(hm.group(2) or 0))
                await desk.call("POST", "/calendar/update", {"event_id": visit["event_id"], "start": new.isoformat(),
                                                             "end": (new + (e - s)).isoformat(), "location": m["place"]})
        for e in desk.inbox.emails:
            if e["from_address"].lower() == pm and desk.at(e.get("received_at")) >= m["start"] and desk.once(e["message_id"]):
                for c in contacts:
                    if c.get("company") and c["company"] in (e.get("body_text") or "") and c["company"] not in m["told"]:
                        await self._tell(desk, c, "text them" in (e.get("body_text") or ""))
                        m["told"].add(c["company"])
        replies = [(e["from_address"].lower(), e.get("body_text") or "") for e in desk.inbox.emails
                   if desk.at(e.get("received_at")) >= m["start"]] + \
                  [(re.sub(r"\D", "", str(s.get("from_number")))[-10:], s.get("body") or "") for s in desk.inbox.sms
                   if desk.at(s.get("sent_at")) >= m["start"]]
        for key, body in replies:
            c = m["who"].get(key)
            if c and desk.once(f"reported:{key}"):
                name = f"{c['first_name']} {c['last_name']}"
                desk.report.append(f"- {name}: can't make it." if DECLINE.search(body) else f"- {name}: confirmed.")
