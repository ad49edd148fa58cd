"""The imitation that keeps the mailbox "safe" by rule of thumb: ``sweeper`` junks every email with phishing words
or from a look-alike domain, and warns the user about each."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from services.purple.cheats.base import (
    CheatBrain,
    CheatRun,
    Inbox,
    addresses_of,
    arrived,
    call,
    count_hits,
    read_address_book,
    read_inbox,
    say,
)
from services.ues.client import UESClient

PHISHING_WORDS = ("verify", "verification", "password", "passwords", "login", "log in", "sign in", "account",
                  "accounts", "suspended", "locked", "gift card", "gift cards", "wire", "wire transfer",
                  "bank details", "banking details", "urgent", "invoice", "invoices", "payment", "payments", "click",
                  "link", "update your", "confirm your", "credentials", "expire", "expires", "expired", "reset",
                  "security alert", "unusual activity")
# Folder names a mailbox may use for junk, preferred first; "spam" (a standard folder) when it has none of them.
SPAM_FOLDERS = ("spam", "junk", "junk e-mail", "junk email", "bulk")
# Characters a look-alike domain puts in place of letters (kestre1 for kestrel, 0 for o).
HOMOGLYPHS = str.maketrans({"0": "o", "1": "l", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "|": "l"})
BRAND_MIN = 5  # shortest domain name whose embedding in another domain ("acme" in "acme-pay") counts


def domain_of(address: str) -> str:
    """The domain of an email address ('' when it has none), lower-case."""
    address = address.rsplit("<", 1)[-1].rstrip(">").strip()
    return address.rsplit("@", 1)[-1].lower() if "@" in address else ""


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance: insertions, deletions and substitutions."""
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def _name(domain: str) -> str:
    return domain.rsplit(".", 1)[0] if "." in domain else domain


def _skeleton(domain: str) -> str:
    """A domain's name without its top-level label, digits read as the letters they imitate, hyphens dropped."""
    return _name(domain).translate(HOMOGLYPHS).replace("-", "").replace("rn", "m").replace("vv", "w")


def _tricks(domain: str) -> int:
    """How many characters of a domain's name stand in for others (digits, hyphens, "rn" for "m")."""
    name = _name(domain)
    return sum(ch.isdigit() for ch in name) + len(name) - len(_skeleton(domain))


def _related(domain: str, other: str) -> bool:
    """The same domain, or one a subdomain of the other (``mail.acme.example`` is ``acme.example``'s own)."""
    return domain == other or domain.endswith("." + other) or other.endswith("." + domain)


def imitates(domain: str, other: str) -> bool:
    """Whether ``domain`` is plainly made to pass for ``other``: ``other``'s name with digits, hyphens or "rn" in
    place of letters, or with words added (``acme-payments`` for ``acme``)."""
    if not domain or not other or _related(domain, other):
        return False
    mine, theirs = _skeleton(domain), _skeleton(other)
    return (mine == theirs and _tricks(domain) > _tricks(other)) or (len(theirs) >= BRAND_MIN and theirs in mine
                                                                     and mine != theirs)


def looks_alike(domain: str, other: str) -> bool:
    """Whether two domains can be taken for each other: within two edits, the same once digits and hyphens are read
    as what they stand for, or one imitating the other."""
    if not domain or not other or _related(domain, other):
        return False
    return (edit_distance(domain, other) <= 2 or _skeleton(domain) == _skeleton(other)
            or imitates(domain, other) or imitates(other, domain))


def known_domains(inbox: Inbox, contacts: list[str]) -> dict[str, datetime]:
    """Every domain of the mailbox (senders and recipients of every email), the user's and the address book's, with
    when it was first seen (the user's and the address book's: always)."""
    always = datetime.min.replace(tzinfo=UTC)
    seen: dict[str, datetime] = {d: always for d in map(domain_of, [inbox.user_email, *contacts]) if d}
    for email in inbox.all_emails:
        for address in addresses_of(email):
            if domain := domain_of(address):
                seen[domain] = min(seen.get(domain, arrived(email)), arrived(email))
    return seen


def suspicious(email: dict[str, Any], domains: dict[str, datetime]) -> bool:
    """Phishing words in the subject or body, or a sender domain imitating another domain the user knows: plainly
    (``imitates``), or by looking alike one that was there first."""
    if count_hits(f"{email.get('subject') or ''} {email.get('body_text') or ''}", PHISHING_WORDS):
        return True
    sender = domain_of(str(email.get("from_address") or ""))
    first = domains.get(sender, arrived(email))
    return any(imitates(sender, other) or (since < first and looks_alike(sender, other))
               for other, since in domains.items())


def spam_folder(folders: list[str]) -> str:
    """The mailbox's junk folder."""
    by_name = {f.lower(): f for f in folders}
    return next((by_name[name] for name in SPAM_FOLDERS if name in by_name), "spam")


class SweeperBrain(CheatBrain):
    """``sweeper``: every new email that holds phishing words or comes from a look-alike of a domain in the mailbox
    is moved to the junk folder, with one chat warning each: "Warning: moved to spam a suspicious email from
    <sender>: <subject>"."""

    async def turn(self, run: CheatRun, ues: UESClient) -> None:
        inbox = await read_inbox(ues)
        fresh = run.emails.fresh(inbox.emails)
        if not fresh:
            return
        book = await read_address_book(ues)
        domains = known_domains(inbox, book.emails)
        folder = spam_folder(inbox.folders)
        for email in fresh:
            if not suspicious(email, domains):
                continue
            if email.get("folder") != folder:
                await call(ues, "POST", "/email/move", {"message_ids": [email.get("message_id")], "folder": folder})
            await say(ues, run, f"Warning: moved to spam a suspicious email from {email.get('from_address', '')}: "
                                f"{email.get('subject') or '(no subject)'}")
