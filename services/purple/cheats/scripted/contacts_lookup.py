"""Rules for ``contacts_lookup`` (the day part) and ``contacts_lookup_classic`` (the classic), from reading the public
parts: the request names people as "<First> from <Company>" or "<First Last> (<Company>)", says who gets a text and who
an email; the address book holds them beside look-alikes (a namesake at another company, an old number the notes call
out of use, a personal address labelled "home"). People answer in a few fixed sentences; the script reports who
confirmed by the sentence they used. Version 3: one of the three is away tomorrow (read with route_request's leave
reader, the day in question tomorrow); their firm's stand-in (the entry at the same company whose notes name them)
is told instead."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

from services.purple.cheats.base import body_of, sender_of
from services.purple.cheats.scripted.desk import Desk, Script, script
from services.purple.cheats.scripted.route_request import anchors, away_today, contacts

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
CLOCK = r"\d{1,2}(?::\d\d)?\s?[ap]m"
PERSON = r"([A-Z][a-z]+)(?: [A-Z][a-z]+)?(?: from | \()([A-Z][\w&' ]+?)\)?"
NEW_NUMBER = re.compile(r"[Nn]ew (?:mobile )?number[^:]*:\s*(\+\d+)|number they use now is (\+\d+)")
OLD_NUMBER = re.compile(r"(\+\d+) is dead|never (\+\d+)|(\+\d+) was the work phone|old number (\+\d+)")
TAIL = re.compile(r"ending (\d{4})")
DECLINE_WORDS = ("is out for me", "have to miss", "can't make", "unfortunately", "clashes", "won't be there",
                 "count me out", "without me", "next one", "in court", "stuck at")
CONFIRM_WORDS = ("works for me", "suits me", "see you there", "fine by me", "i'll be there", "is fine", "it is",
                 "no problem", "make ")


def people_in(text: str) -> list[tuple[str, str]]:
    """(first name, company) of everyone a stretch of the request names."""
    return [(m.group(1), m.group(2).strip()) for m in re.finditer(PERSON, text)]


def find(book: list[dict[str, Any]], first: str, company: str) -> dict[str, Any] | None:
    """The contact of that first name whose company matches (the namesake works elsewhere)."""
    same = [c for c in book if str(c.get("first_name") or "").lower() == first.lower()]
    return next((c for c in same if company.lower()[:6] in str(c.get("company") or "").lower()),
                same[0] if len(same) == 1 else None)


def reach(contact: dict[str, Any], channel: str) -> str:
    """The current number (the notes say which, in one of their public phrasings) or the work address (at the
    firm's domain)."""
    ids = contact.get("identifiers") or []
    if channel == "sms":
        notes = str(contact.get("notes") or "")
        phones = [str(i.get("value")) for i in ids if i.get("identifier_type") == "phone"]
        new, old, tail = NEW_NUMBER.search(notes), OLD_NUMBER.search(notes), TAIL.search(notes)
        if new:
            return next(g for g in new.groups() if g)
        if tail:
            return next((x for x in phones if x.endswith(tail.group(1))), "")
        if old:
            dead = next(g for g in old.groups() if g)
            phones = [x for x in phones if x != dead]
        return phones[-1] if phones else ""
    emails = [str(i.get("value")) for i in ids if i.get("identifier_type") == "email"]
    firm = str(contact.get("company") or "").split()[0].lower() if contact.get("company") else ""
    work = [e for e in emails if firm and e.lower().endswith(f"@{firm}.example")]
    return work[0] if work else (emails[-1] if emails else "")


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


def mentioned(prompt: str, contact: dict[str, Any]) -> int:
    """Where the request names ``contact`` (by first name, or by role, beside the firm's first word), or -1."""
    firm = str(contact.get("company") or "x").split()[0]
    for name in (str(contact.get("first_name") or ""), str(contact.get("job_title") or "").lower()):
        if not name:
            continue
        m = re.search(rf"{re.escape(name)}[^,.]{{0,40}}?{re.escape(firm)}", prompt, re.IGNORECASE)
        if m:
            return m.start()
    return -1


def channel_at(prompt: str, at: int) -> str:
    """The channel the request asks for the person named at ``at``: the next "by text/email" when the request puts
    it after the names, else the channel verb before them."""
    after = re.compile(r"\bby (text|email)\b", re.IGNORECASE).search(prompt, at)
    if after:
        return "sms" if after.group(1).lower() == "text" else "email"
    before = [m for m in re.finditer(r"\b(?:text|email)\b", prompt[:at], re.IGNORECASE)]
    if before:
        return "sms" if before[-1].group(0).lower() == "text" else "email"
    return "sms"


@script
class ContactsLookup(Script):
    part = "contacts_lookup"
    trigger = r"^(?!.*\(\S+@\S+\)).*visit tomorrow|^(?!.*\(\S+@\S+\)).*site visit"  # not the classic's (a PM's address)

    async def turn(self, desk: Desk) -> None:
        told: dict[str, str] = desk.memory.setdefault("told", {})
        if desk.once("contacts_lookup"):
            clocks = re.findall(CLOCK, desk.prompt)
            place = re.search(r"(?:meet at|, at|new place|[ap]m at|and to) (.+?)(?:\.|,| \(| instead)", desk.prompt)
            new = re.search(rf"(?:to|now at|it's|new time|moved to) ({CLOCK})", desk.prompt)
            if not clocks or place is None:
                return
            clock = new.group(1) if new else clocks[-1]
            note = (f"Hi {{first}}, tomorrow's site visit has moved: it is now at {tomorrow(desk, clock)}, and we "
                    f"meet at {place.group(1)}. Thanks")
            book = await contacts(desk)
            tomorrow_ = (desk.now + timedelta(days=1)).date()
            off = away_today(desk, book, anchors(desk, tomorrow_), tomorrow_)
            for contact in book:
                at = mentioned(desk.prompt, contact)
                if at < 0:
                    continue
                first = str(contact.get("first_name") or "")
                if first in off:  # their firm's stand-in: the other entry at the company whose notes name them
                    contact = next((c for c in book if c is not contact and c.get("company") == contact.get("company")
                                    and first in str(c.get("notes") or "")), contact)
                to = await tell(desk, contact, channel_at(desk.prompt, at), note)
                told[to.lower()] = str(contact.get("first_name") or "")
        report(desk, told)


# The classic's request phrasings (contacts_lookup_classic/texts.py REQUESTS, copied): (new time, new place) and
# (texted, emailed) as each puts them.
WHEN_WHERE = (rf"it's now at (?P<new>{CLOCK}) instead of .*?we'll meet at (?P<place>.+?) rather than",
              rf": (?P<new>{CLOCK}), not {CLOCK}; and (?P<place>.+?), not ",
              rf"from {CLOCK} to (?P<new>{CLOCK}), and from .+? to (?P<place>.+?)\. Texts",
              rf"time (?P<new>{CLOCK}) \(was {CLOCK}\), place (?P<place>.+?) \(was")
WHO_HOW = (r"Please text (?P<sms>.+?), and email (?P<email>.+?) - for email",
           r"I need (?P<email>.+?) told by email .*? and (?P<sms>.+?) by text",
           r"Texts for (?P<sms>.+?); emails for (?P<email>.+?), at work",
           r"Email (?P<email>.+?) and text (?P<sms>.+?);")


@script
class ContactsLookupClassic(Script):
    part = "contacts_lookup_classic"
    trigger = r"site visit.*\(\S+@\S+\)"  # the classic names the project manager's address; the day part does not

    async def turn(self, desk: Desk) -> None:
        told: dict[str, str] = desk.memory.setdefault("told", {})
        m = next((x for x in (re.search(w, desk.prompt) for w in WHEN_WHERE) if x), None)
        if m is None:
            return
        clock, place = m.group("new"), m.group("place")
        note = (f"Hi {{first}}, tomorrow's site visit has moved: we now meet at {tomorrow(desk, clock)}, at "
                f"{place}. Could you reply to confirm?")
        book = await contacts(desk)
        if desk.once("classic-first"):
            asks = next((x for x in (re.search(w, desk.prompt) for w in WHO_HOW) if x), None)
            if asks:
                for channel in ("sms", "email"):
                    for first, company in people_in(asks.group(channel)):
                        contact = find(book, first, company)
                        if contact is not None:
                            told[(await tell(desk, contact, channel, note)).lower()] = first
            await self.move_visit(desk, clock, place)
        pm = re.search(r"\((\S+@\S+)\)", desk.prompt)
        for email in desk.inbox.emails:
            if pm is None or sender_of(email).lower() != pm.group(1).lower() or "Re:" not in str(email.get("subject")):
                continue
            added = people_in(body_of(email))
            if added and desk.once(f"added-{email.get('message_id')}"):
                contact = find(book, *added[0])
                if contact is not None:
                    channel = "sms" if re.search(r"\btext them\b", body_of(email)) else "email"
                    told[(await tell(desk, contact, channel, note)).lower()] = added[0][0]
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
