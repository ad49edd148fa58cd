"""The phishing part's vouched mail (scenarios/parts/phishing.py, version 8): a third of the mornings IT's desk writes
that a service now mails from a new address, and that service's mail arrives too. Its domain is a respelling of the
company's or the sign-in provider's (the kind of spelling a look-alike scam uses) or a sign-in provider IT's earlier
mail never named (the kind an unannounced scam uses): only IT's word on it, that morning, makes it genuine. Half the
time IT's note warns in the same breath about the look-alike or unannounced scam's address that arrives too, so
"a sender today's IT note names" marks the real mail no more than the scam."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ._phishing_phrases import PHRASEBOOK

if TYPE_CHECKING:
    from .phishing import _Drawn

# What the vouched sender runs; a plain noun phrase so a wording pack can put it anywhere.
SERVICES = ("the payroll portal", "the expenses app", "the travel booking tool", "the benefits portal",
            "the training platform", "the visitor sign-in system")


def respell(label: str, rng: random.Random) -> str:
    """A domain label one or two letters from ``label``: the spellings the scams' look-alikes come in (a letter
    doubled, an "s" more or less) and a service prefix or suffix a real mail domain carries."""
    options = [label[:2] + label[2] + label[2:], label[:-1] if label.endswith("s") else label + "s",
               f"my{label}", f"{label}hq", f"{label}id", f"{label}go"]
    return str(rng.choice(options))


def vouched(rng: random.Random, d: _Drawn, company: str, fields: dict[str, str],
            scams: list[tuple[str, str, str, str]], providers: tuple[str, ...]) -> dict[str, tuple[str, str, bool]]:
    """IT's note vouching for a new sender and that sender's mail, by role (sender, text, False), or none."""
    if rng.random() >= 0.35:
        return {}
    slug = d.provider.lower().replace(" ", "")
    used = {s.split("@")[1].split(".")[0] for _, s, _, _ in scams}
    others = [p.lower().replace(" ", "") for p in providers if p != d.provider
              and p.lower().replace(" ", "") not in used]
    # A respelling of the company's domain or the provider's, or another provider's own domain.
    how = rng.choice(("company", "provider", "other"))
    label = (respell(company.split(".")[0], rng) if how == "company" else
             respell(slug, rng) if how == "provider" else rng.choice(others))
    address = f"{rng.choice(('notify', 'alerts', 'accounts', 'hello', 'noreply'))}@{label}.example"
    service = rng.choice(SERVICES)
    note = PHRASEBOOK.say(rng, "it_vouch", service=service, address=address, desk_name="IT Service Desk")
    # The scam the note may name too: a look-alike's or an unannounced provider's address (a spoofed official's or
    # a hijacked colleague's is no new sender).
    named = [s for source, s, _, _ in scams if source in ("lookalike", "unannounced")]
    if named and rng.random() < 0.5:
        subject, body = note.split("\n", 1)
        warn = PHRASEBOOK.say(rng, "it_vouch_warn", address=named[0])
        note = f"{subject}\n{warn} {body}" if rng.random() < 0.5 else f"{subject}\n{body.rstrip()}\n\n{warn}"
    link = f"https://{label}.example/{rng.choice(('welcome', 'start', 'activate', 'home'))}" \
        f"?t={rng.randrange(16**8, 16**9):x}"
    mail = PHRASEBOOK.say(rng, "vouched", service=service, first=fields["first"], link=link,
                          signer=service.removeprefix("the ").capitalize())
    return {"vouch": (d.desk, note, False), "vouched": (address, mail, False)}


def official_mail(rng: random.Random, d: _Drawn, company: str, fields: dict[str, str],
                  who: str) -> tuple[str, str, bool]:
    """A mail this morning from the service desk or the sign-in provider (``who``) about something else than the
    reminder, linking a page of its own host with a token as reset mails do: (sender, text, False)."""
    host = f"sso.{company}" if who == "desk" else f"{company.split('.', 1)[0]}.{d.provider_address.split('@')[1]}"
    # Its page sits under the host's sign-in path, as a reset page does (version 10): a link to a "/password" or
    # "/reset" page marks a reminder, real or false, no more than this mail.
    area = "password" if who == "desk" else "reset"
    link = f"https://{host}/{area}/{rng.choice(('report', 'devices', 'slots', 'session'))}" \
        f"?t={rng.randrange(16**8, 16**9):x}"
    if who == "desk":
        return d.desk, PHRASEBOOK.say(rng, "official_desk", **fields, link=link, desk_name="IT Service Desk"), False
    return d.provider_address, PHRASEBOOK.say(rng, "official_provider", **fields, link=link,
                                              provider=d.provider), False
