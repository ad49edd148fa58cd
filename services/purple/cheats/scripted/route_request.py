"""Rules for ``route_request``, from reading the public part: two emails ask for things that are not the user's; the
address book's job titles say whose they are. The script scores each title by the words of each request that point
at its trade (a keyword table per trade), forwards each request to the best-scoring colleague, and reports."""

from __future__ import annotations

import re
from typing import Any

from services.purple.cheats.base import body_of, sender_of
from services.purple.cheats.scripted.desk import Desk, Script, script

# trade → (words of a job title or note, words of a request): the titles, and the words the asks and things use
TRADES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "billing": (("accounts", "billing", "receivable", "credit", "finance", "invoic", "owe"),
                ("charged", "invoice", "statement", "overdue", "reminder", "purchase order", "day rate", "credit",
                 "paid", "payment", "owe", "fee", "billing")),
    "it": (("it ", "service desk", "systems", "technology", "laptop", "login"),
           ("password", "sign in", "log in", "login", "connection", "two-factor", "permission denied", "access",
            "locked out", "laptop", "network", "machine")),
    "press": (("communications", "press", "media", "pr ", "journalist"),
              ("quote", "reporter", "journalist", "radio", "readers", "podcast", "piece", "comment", "on the record",
               "interview", "press", "newsletter", "publicly", "media")),
    "legal": (("contract", "counsel", "legal", "lawyer", "sign"),
              ("liability", "agreement", "consent", "exclusivity", "clause", "confidentiality", "non-disclosure",
               "terms", "contract", "lawyers", "compliance")),
    "facilities": (("office manager", "facilities", "workplace services", "building", "rooms"),
                   ("radiator", "ceiling", "chairs", "table", "lift", "loading bay", "door", "unlocked", "heating",
                    "meeting room", "parking", "furniture", "room")),
    "people": (("hr ", "people", "human resources", "holidays", "staff"),
               ("weeks off", "leave", "contract of employment", "offer letter", "payslip", "first day",
                "in confidence", "holiday", "hiring", "onboarding", "treating me", "staff")),
}
TRIGGER = (r"forward each|whose job covers|aren't mine to handle|whichever colleague|route the emails|"
           r"colleague who handles|job titles in my")


async def contacts(desk: Desk) -> list[dict[str, Any]]:
    """The address book's entries (job titles and notes included), read through the purple's key."""
    state = await desk.call("GET", "/contacts/state") or {}
    entries = state.get("contacts") or {}
    return list(entries.values()) if isinstance(entries, dict) else []


def email_of(contact: dict[str, Any]) -> str:
    return next((str(i.get("value")) for i in contact.get("identifiers") or []
                 if i.get("identifier_type") == "email"), "")


def trade_of(text: str, index: int, among: set[str] | None = None) -> str | None:
    """The trade whose words ``text`` holds most (``index`` 0: title words, 1: request words), of ``among``."""
    text = f" {text.lower()} "
    scores = {k: sum(text.count(w) for w in words[index]) for k, words in TRADES.items()
              if among is None or k in among}
    best = max(scores, key=lambda k: scores[k])
    return best if scores[best] else None


@script
class RouteRequest(Script):
    part = "route_request"
    trigger = TRIGGER

    async def turn(self, desk: Desk) -> None:
        if not desk.once("route_request"):
            return
        staff = [(c, trade_of(f"{c.get('job_title') or ''} {c.get('notes') or ''}", 0)) for c in await contacts(desk)
                 if c.get("job_title")]
        names = re.findall(r"\b([A-Z][a-z]+)\b", desk.prompt)
        staff = [(c, t) for c, t in staff if t is not None]
        done = []
        for email in desk.inbox.emails:
            sender = desk.book.name(sender_of(email))
            if not any(n in sender.split() for n in names):
                continue
            trade = trade_of(body_of(email), 1, {t for _, t in staff if t})
            owner = next((c for c, t in staff if t == trade), None)
            if owner is None or not email_of(owner):
                continue
            await desk.email([email_of(owner)], f"Fwd: {email.get('subject') or ''}",
                             f"Hi {owner.get('first_name') or ''},\n\nCould you take this one?\n\n"
                             f"---------- Forwarded message ----------\nFrom: {sender} <{sender_of(email)}>\n\n"
                             f"{body_of(email)}")
            done.append(f"{sender.split()[0]}'s to {owner.get('first_name')}")
        if done:
            desk.report.append("Forwarded " + " and ".join(done) + ".")
