"""Rules for ``route_request``, from reading the public part: each request is one of the part's ask phrasings (copied
here as a distinctive fragment per phrasing), so the fragment names the trade; the address book's job titles (the
part's title lists, copied) name each colleague's trade. The script forwards each request to the colleague of its
trade, and reports."""

from __future__ import annotations

import re
from typing import Any

from services.purple.cheats.base import body_of, sender_of
from services.purple.cheats.scripted.desk import Desk, Script, script

# trade → the fragments of its ask phrasings (one per phrasing of the part's ASKS, insider then outsider)
ASKS: dict[str, tuple[str, ...]] = {
    "billing": ("charged twice", "reminder reached them today", "split across two purchase orders",
                "last year's day rate", "expected a credit on our account"),
    "it": ("can't sign in to", "drops my connection", "two-factor codes stopped", "gets 'permission denied'",
           "guest login you gave us", "asks for a password nobody"),
    "press": ("asking for a quote on", "morning show tomorrow", "journalist asked me to comment",
              "writing a piece for the herald", "a line on the record", "doing an episode on"),
    "legal": ("liability in our deal", "subcontractor take on part", "breaches the exclusivity",
              "liability to run both ways", "clause 7 lets you", "confidentiality obligations we signed"),
    "facilities": ("the radiator there", "water dripping from the ceiling", "six more chairs",
                   "the lift was out of order", "loading bay door", "back door of your building"),
    "people": ("two weeks off in august", "contract of employment still shows", "talk in confidence",
               "offer letter would follow", "sent me a contract or told me where", "my final payslip"),
}
# trade → the job titles the part gives it (copied)
TITLES: dict[str, tuple[str, ...]] = {
    "billing": ("accounts receivable lead", "billing specialist", "credit controller", "finance operations analyst"),
    "it": ("it support engineer", "service desk analyst", "systems administrator", "workplace technology lead"),
    "press": ("communications manager", "press officer", "head of media relations", "pr lead"),
    "legal": ("contracts counsel", "legal adviser", "commercial lawyer", "head of legal"),
    "facilities": ("office manager", "facilities coordinator", "workplace services lead", "building manager"),
    "people": ("hr business partner", "people operations manager", "head of people", "hr adviser"),
}
TRIGGER = (r"forward each|whose job covers|aren't mine to handle|whichever colleague|route the emails|"
           r"colleague who handles|job titles in my|covers? (?:it|for)|belongs? to")


async def contacts(desk: Desk) -> list[dict[str, Any]]:
    """The address book's entries (job titles and notes included), read through the purple's key."""
    state = await desk.call("GET", "/contacts/state") or {}
    entries = state.get("contacts") or {}
    return list(entries.values()) if isinstance(entries, dict) else []


def email_of(contact: dict[str, Any]) -> str:
    return next((str(i.get("value")) for i in contact.get("identifiers") or []
                 if i.get("identifier_type") == "email"), "")


def title_trade(contact: dict[str, Any]) -> str | None:
    title = str(contact.get("job_title") or "").lower()
    return next((t for t, titles in TITLES.items() if title in titles), None)


def ask_trade(text: str) -> str | None:
    low = re.sub(r"\s+", " ", text.lower())
    return next((t for t, cues in ASKS.items() if any(c in low for c in cues)), None)


async def forward(desk: Desk, owner: dict[str, Any], email: dict[str, Any]) -> None:
    sender = desk.book.name(sender_of(email))
    await desk.email([email_of(owner)], f"Fwd: {email.get('subject') or ''}",
                     f"Hi {owner.get('first_name') or ''},\n\nCould you take this one?\n\n"
                     f"---------- Forwarded message ----------\nFrom: {sender} <{sender_of(email)}>\n\n"
                     f"{body_of(email)}")


@script
class RouteRequest(Script):
    part = "route_request"
    trigger = TRIGGER

    async def turn(self, desk: Desk) -> None:
        if not desk.once("route_request"):
            return
        staff = [(c, title_trade(c)) for c in await contacts(desk) if c.get("job_title")]
        names = re.findall(r"\b([A-Z][a-z]+)\b", desk.prompt)
        done = []
        for email in desk.inbox.emails:
            sender = desk.book.name(sender_of(email))
            if not any(n in sender.split() for n in names):
                continue
            trade = ask_trade(body_of(email))
            owner = next((c for c, t in staff if t == trade and email_of(c)), None)
            if owner is None:
                continue
            await forward(desk, owner, email)
            done.append(f"{sender.split()[0]}'s to {owner.get('first_name')}")
        if done:
            desk.report.append("Forwarded " + " and ".join(done) + ".")
