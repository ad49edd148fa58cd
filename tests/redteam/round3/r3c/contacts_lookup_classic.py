"""contacts_lookup (classic): tell the people the request names (a contact whose first name and company the request
holds) the new time (the afternoon clock time) and place (the venue the request names), on both their current
number (no old SMS history) and work address (not the "home" one); the same for the person the project manager's
later mail names; move the visit; report each answer (a decline carries one of the fixed reasons)."""
from __future__ import annotations

import importlib.util
import re
import sys
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from green_agent.scenario_kit.facts import time_phrases
from services.purple.cheats.scripted.desk import Desk, Script, script

if "r3c_util" not in sys.modules:
    _s = importlib.util.spec_from_file_location("r3c_util", Path(__file__).with_name("_util.py"))
    sys.modules["r3c_util"] = importlib.util.module_from_spec(_s)
    _s.loader.exec_module(sys.modules["r3c_util"])
U = sys.modules["r3c_util"]

PLACES = (("Harbour Kitchen", "12 Quay Street"), ("the Copper Kettle cafe", "48 Market Row"),
          ("Lindenfield Hall", "3 Station Road"), ("the Foundry meeting room", "27 Foundry Lane"))
REASONS = ("on another site all afternoon", "in a client workshop all afternoon", "travelling back from a conference")
DECLINE = r"can'?t make|cannot|unable|won'?t|without me|have to miss|out for me|afraid|unfortunately|regret|" \
          r"not able|sit this|skip|miss (this|it)"


def _contacts(state: dict[str, Any]) -> list[dict[str, Any]]:
    return list((state.get("contacts") or {}).values())


def _name(c: dict[str, Any]) -> str:
    return f"{c.get('first_name') or ''} {c.get('last_name') or ''}".strip()


def _named_in(c: dict[str, Any], text: str) -> bool:
    first, last, company = str(c.get("first_name") or ""), str(c.get("last_name") or ""), str(c.get("company") or "")
    if not first or not re.search(rf"\b{re.escape(first)}\b", text):
        return False
    if last and re.search(rf"\b{re.escape(first)}\s+{re.escape(last)}\b", text):
        return True
    return bool(company) and company.lower() in text.lower()


@script
class ContactsLookupClassic(Script):
    part = "contacts_lookup_classic"
    trigger = r"site visit|contacts|address book"

    async def turn(self, desk: Desk) -> None:
        mem = desk.memory
        state = await desk.call("GET", "/contacts/state") or {}
        contacts = _contacts(state)
        if "new" not in mem:
            prompt = desk.prompt
            visit = next((e for e in desk.events if re.search(r"site visit", str(e.get("title")), re.I)), None)
            if visit is None:
                return
            day = desk.at(visit["start"])
            clocks = [(h, m) for h, m in U.clock_times(prompt) if h >= 12]
            if not clocks:
                return
            h, m = clocks[0]
            new = day.replace(hour=h, minute=m, second=0, microsecond=0)
            place = next(((v, a) for v, a in PLACES if a.lower() in prompt.lower()
                          or v.removeprefix("the ").lower() in prompt.lower()), None)
            if place is None:
                return
            pm_mail = re.search(r"[\w.+-]+@[\w.-]+", prompt)
            mem.update(new=new.isoformat(), venue=place[0], address=place[1], visit=visit["event_id"],
                       pm=pm_mail.group().lower().rstrip(".") if pm_mail else "", told=[], reported={})
            targets = [c for c in contacts if _named_in(c, prompt)
                       and not re.search(r"project manager", str(c.get("job_title") or ""), re.I)]
            await self._tell(desk, targets, contacts)
            await desk.call("POST", "/calendar/update", {
                "event_id": visit["event_id"], "start": new.isoformat(),
                "end": (new + (desk.at(visit["end"]) - desk.at(visit["start"]))).isoformat(),
                "location": f"{place[0]}, {place[1]}"})
        # the project manager's later mail naming one more person
        pm = mem.get("pm")
        for e in desk.inbox.emails:
            if str(e.get("from_address") or "").lower() != pm or mem.get(f"pm:{e.get('message_id')}"):
                continue
            mem[f"pm:{e.get('message_id')}"] = True
            body = U.body(e)
            extra = [c for c in contacts if _named_in(c, body) and _name(c) not in mem["told"]
                     and not re.search(r"project manager", str(c.get("job_title") or ""), re.I)]
            if extra and desk.at(e.get("received_at") or e.get("sent_at")) > desk.now - timedelta(days=1):
                await self._tell(desk, extra[:1], contacts)
        # answers
        told = mem.get("told", [])
        ids = mem.setdefault("ids", {})
        lines = []
        for msg in [*desk.inbox.emails, *desk.inbox.sms]:
            sender = str(msg.get("from_address") or "").lower()
            who = ids.get(sender) if sender else ids.get(U.phone_key(str(msg.get("from_number") or "")))
            if who is None or who in mem["reported"]:
                continue
            if str(msg.get("sent_at") or msg.get("received_at") or "") < mem.get("sent_at", ""):
                continue
            text = U.body(msg)
            if not re.search(r"\d|" + re.escape(mem["venue"].removeprefix("the ")), text) and \
                    not any(r in text for r in REASONS):
                continue  # "thanks, noted" or a question
            no = any(r in text for r in REASONS) or (bool(re.search(DECLINE, text, re.I))
                                                     and not re.search(r"I'll be there|see you there|count me in",
                                                                       text, re.I))
            mem["reported"][who] = "no" if no else "yes"
        new_report = {k: v for k, v in mem["reported"].items() if k not in mem.setdefault("said", [])}
        if new_report:
            for who, v in mem["reported"].items():
                lines.append(f"- {who}: {'confirmed, will be there' if v == 'yes' else 'cannot make it'}.")
            mem["said"] = list(mem["reported"])
            desk.report.append("Answers so far:\n" + "\n".join(lines))

    async def _tell(self, desk: Desk, targets: list[dict[str, Any]], contacts: list[dict[str, Any]]) -> None:
        mem = desk.memory
        new = datetime.fromisoformat(mem["new"])
        when = time_phrases(new)[1]
        user_first = U.first_name(desk.book.name(desk.inbox.user_email))
        history = {str(m.get("from_number") or "") for m in desk.inbox.all_sms} | \
            {n for m in desk.inbox.all_sms for n in (m.get("to_numbers") or [])}
        ids = mem.setdefault("ids", {})
        for c in targets:
            first = str(c.get("first_name") or "")
            phones = [i for i in c.get("identifiers") or [] if i.get("identifier_type") == "phone"]
            mails = [i for i in c.get("identifiers") or [] if i.get("identifier_type") == "email"]
            phone = next((p["value"] for p in reversed(phones) if p["value"] not in history), None) or \
                (phones[-1]["value"] if phones else None)
            work = [m for m in mails if str(m.get("label") or "").lower() not in ("home", "personal", "private")]
            email = (work or mails[-1:] or [{}])[-1].get("value")
            body = (f"Hi {first}, it's {user_first}. Tomorrow's site visit has moved: it is now on {when}, and we "
                    f"meet at {mem['venue']}, {mem['address']}. Could you let me know if you can make it? Thanks!")
            if phone:
                await desk.text(phone, body)
                ids[U.phone_key(phone)] = _name(c)
            if email:
                await desk.email([email], "Site visit moved: new time and place", body)
                ids[email.lower()] = _name(c)
            mem["told"].append(_name(c))
        mem.setdefault("sent_at", desk.now.isoformat())
        desk.report.append(f"Told {', '.join(_name(c) for c in targets)} the new time and place.")
