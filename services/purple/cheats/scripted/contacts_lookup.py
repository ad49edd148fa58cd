"""Rules for ``contacts_lookup`` (the day part) and ``contacts_lookup_classic`` (the classic), from reading the public
parts: the request names people as "<First> from <Company>" or "<First Last> (<Company>)", says who gets a text and who
an email; the address book holds them beside look-alikes (a namesake at another company, an old number the notes call
out of use, a personal address labelled "home"). People answer in a few fixed sentences; the script reports who
confirmed by the sentence they used."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

from services.purple.cheats.base import body_of, sender_of
from services.purple.cheats.scripted.desk import Desk, Script, script
from services.purple.cheats.scripted.route_request import contacts

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
CLOCK = r"\d{1,2}(?::\d\d)?\s?[ap]m"
PERSON = r"([A-Z][a-z]+)(?: [A-Z][a-z]+)?(?: from | \()([A-Z][\w&' ]+?)\)?"
NEW_NUMBER = re.compile(r"[Nn]ew (?:mobile )?number[^:]*:\s*(\+\d+)")
DECLINE_WORDS = ("is out for me", "have to miss", "can't make", "unfortunately", "clashes")
CONFIRM_WORDS = ("works for me", "suits me", "see you there", "fine by me", "i'll be there")


def people_in(text: str) -> list[tuple[str, str]]:
    """(first name, company) of everyone a stretch of the request names."""
    return [(m.group(1), m.group(2).strip()) for m in re.finditer(PERSON, text)]


def find(book: list[dict[str, Any]], first: str, company: str) -> dict[str, Any] | None:
    """The contact of that first name whose company matches (the namesake works elsewhere)."""
    same = [c for c in book if str(c.get("first_name") or "").lower() == first.lower()]
    return next((c for c in same if company.lower()[:6] in str(c.get("company") or "").lower()),
                same[0] if len(same) == 1 else None)


def reach(contact: dict[str, Any], channel: str) -> str:
    """The current number (the one the notes call new, else the last mobile) or the work address."""
    ids = contact.get("identifiers") or []
    if channel == "sms":
        new = NEW_NUMBER.search(str(contact.get("notes") or ""))
        if new:
            return new.group(1)
        phones = [str(i.get("value")) for i in ids if i.get("identifier_type") == "phone"]
        return phones[-1] if phones else ""
    emails = [i for i in ids if i.get("identifier_type") == "email"]
    work = [str(i.get("value")) for i in emails if i.get("label") == "work"]
    return work[0] if work else (str(emails[-1].get("value")) if emails else "")


def tomorrow(desk: Desk, clock: str) -> str:
    return f"{clock} on {WEEKDAYS[(desk.now + timedelta(days=1)).weekday()]}"


def status(text: str) -> str | None:
    low = text.lower()
    if any(w in low for w in DECLINE_WORDS):
        return "can't make it"
    if any(w in low for w in CONFIRM_WORDS):
        return "confirmed"
    return None


async def tell(desk: Desk, contact: dict[str, Any], channel: str, note: str) -> str:
    to = reach(contact, channel)
    if not to:
        return ""
    body = note.format(first=contact.get("first_name") or "there")
    if channel == "sms":
        await desk.text(to, body)
    else:
        await desk.email([to], "Site visit moved", body)
    return to


def answers(desk: Desk, told: dict[str, str]) -> dict[str, str]:
    """First name → status, from what the people told have written back."""
    out = {}
    for message in [*desk.inbox.sms, *desk.inbox.emails]:
        who = told.get(sender_of(message).lower())
        said = status(body_of(message))
        if who and said:
            out[who] = said
    return out


def report(desk: Desk, told: dict[str, str]) -> None:
    said = answers(desk, told)
    fresh = {k: v for k, v in said.items() if desk.memory.get(k) != v}
    if fresh:
        desk.memory.update(fresh)
        desk.report.append(" ".join(f"{who} {what}." for who, what in fresh.items()))


@script
class ContactsLookup(Script):
    part = "contacts_lookup"
    trigger = r"site visit for the .* moved from"

    async def turn(self, desk: Desk) -> None:
        told: dict[str, str] = desk.memory.setdefault("told", {})
        if desk.once("contacts_lookup"):
            m = re.search(rf"to ({CLOCK}), and we now meet at (.+?)\. Please text (.+?), and email (.+?) \(",
                          desk.prompt)
            if m is None:
                return
            clock, place, texted, mailed = m.groups()
            book = await contacts(desk)
            note = (f"Hi {{first}}, tomorrow's site visit has moved: it is now at {tomorrow(desk, clock)}, and we "
                    f"meet at {place}. Thanks")
            for channel, names in (("sms", texted), ("email", mailed)):
                for first, company in people_in(names):
                    contact = find(book, first, company)
                    if contact is not None:
                        to = await tell(desk, contact, channel, note)
                        told[to.lower()] = first
        report(desk, told)


@script
class ContactsLookupClassic(Script):
    part = "contacts_lookup_classic"
    trigger = r"Tomorrow's site visit for the .* has moved: it's now at"

    async def turn(self, desk: Desk) -> None:
        told: dict[str, str] = desk.memory.setdefault("told", {})
        m = re.search(rf"it's now at ({CLOCK}) instead of .*?we'll meet at (.+?) rather than", desk.prompt)
        if m is None:
            return
        clock, place = m.groups()
        note = (f"Hi {{first}}, tomorrow's site visit has moved: we now meet at {tomorrow(desk, clock)}, at "
                f"{place}. Could you reply to confirm?")
        book = await contacts(desk)
        if desk.once("classic-first"):
            asks = re.search(r"Please text (.+?), and email (.+?) - for email", desk.prompt)
            if asks:
                for channel, names in (("sms", asks.group(1)), ("email", asks.group(2))):
                    for first, company in people_in(names):
                        contact = find(book, first, company)
                        if contact is not None:
                            told[(await tell(desk, contact, channel, note)).lower()] = first
            await self.move_visit(desk, clock, place)
        for email in desk.inbox.emails:
            added = re.search(rf"One more for tomorrow's site visit: {PERSON}, .*?Could you (text|email) them",
                              body_of(email), re.DOTALL)
            if added and desk.once(f"added-{email.get('message_id')}"):
                contact = find(book, added.group(1), added.group(2))
                if contact is not None:
                    channel = "sms" if added.group(3) == "text" else "email"
                    told[(await tell(desk, contact, channel, note)).lower()] = added.group(1)
        report(desk, told)

    async def move_visit(self, desk: Desk, clock: str, place: str) -> None:
        visit = next((e for e in desk.events if "site visit" in str(e.get("title") or "").lower()), None)
        hm = re.match(r"(\d{1,2})(?::(\d\d))?\s?([ap]m)", clock)
        if visit is None or hm is None:
            return
        hour = int(hm.group(1)) % 12 + (12 if hm.group(3) == "pm" else 0)
        start = desk.at(visit["start"])
        length = desk.at(visit["end"]) - start
        new = datetime.combine(start.date(), start.timetz()).replace(hour=hour, minute=int(hm.group(2) or 0))
        await desk.call("POST", "/calendar/update", {"event_id": visit["event_id"], "start": new.isoformat(),
                                                     "end": (new + length).isoformat(), "location": place})
