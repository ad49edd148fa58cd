"""The phishing part's two invoices (scenarios/parts/phishing.py): the supplier's real one and the false one that
copies its words, and last month's word on where the supplier bills from."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ._phishing_phrases import PHRASEBOOK, PLATFORMS

if TYPE_CHECKING:
    from .phishing import _Drawn


def _renames(label: str) -> list[str]:
    """The spellings a supplier's billing domain ``label`` ("copperline-billing") may move to, and a false invoice's
    domain is drawn from: the hyphen dropped, an "s" added or dropped, another billing word. A real move and a
    fraudster's domain look alike; only last month's word on the move tells them apart."""
    first, suffix = label.split("-", 1)
    return [first + suffix, label[:-1] if label.endswith("s") else label + "s",
            *(f"{first}-{other}" for other in ("billing", "accounts", "invoices") if other != suffix)]


@dataclass(frozen=True)
class _Invoices:
    """The supplier's real invoice and the false one, and what last month's invoice shares with them."""

    bank_sender: str
    invoice: str
    bank: str
    rep_sign: str
    moving: str  # last month's word that the payment page moves to a billing platform ("" when it does not)
    billing: str  # who sends the real invoice: the rep's address, or the rep at the supplier's new domain
    in_book: bool  # the new domain is told only by the rep's second address in the address book


def _invoices(rng: random.Random, d: _Drawn, fields: dict[str, str], prefix: str, new: int, amounts: list[str],
              on_file: str, other_account: str, copied: str) -> _Invoices:
    # Both invoices are the supplier's words; the scam's asks for payment to another account or page.
    label = d.supplier_domain.split(".")[0]
    # Most suppliers said last month they bill from a new domain (a plain respelling of the old one); the false
    # invoice pays to another respelling, which last month's mail half the time warns about by name: a domain near
    # the address book's, or one an earlier mail names, is real or a scam as the words around it say.
    renames = _renames(label)
    moved = rng.choice((None, *renames))
    billing = d.rep.email if moved is None else f"{d.rep.email.split('@')[0]}@{moved}.example"
    fake_label = rng.choice([n for n in renames if n != moved])
    bank_sender = (d.rep.email if d.bank_from == "rep" else
                   f"{rng.choice(('accounts', 'billing', 'ar'))}@{fake_label}.example")
    real_invoice, fake_invoice = PHRASEBOOK.indices(rng, "invoice", 2)
    rep_sign = f"{d.rep.name}, {d.supplier}"
    # Half the suppliers said last month, in words, that their payment page moves to a billing platform: the
    # real invoice's page is then one no earlier mail links to.
    platform = rng.choice((None, *PLATFORMS))
    real_pay = (f"https://pay.{billing.split('@')[1]}/{prefix}-{new}" if platform is None else
                f"https://{platform.lower()}.example/{label}/{prefix}-{new}")
    moving = "" if platform is None else PHRASEBOOK.say(rng, "platform_move", platform=platform)
    # The move is told in last month's mail, or only by the rep's new address in the address book.
    in_book = moved is not None and rng.random() < 0.5
    if moved is not None and not in_book:
        moving += PHRASEBOOK.say(rng, "domain_move", domain=f"{moved}.example", address=billing)
    if rng.random() < 0.5:
        moving += PHRASEBOOK.say(rng, "domain_warn", domain=f"{fake_label}.example")
    invoice = PHRASEBOOK.nth("invoice", real_invoice, **fields, number=f"{prefix}-{new}", amount=amounts[1],
                             link=real_pay, on_file=on_file, signer=rep_sign)
    fake_domain = bank_sender.split("@")[1] if d.bank_from != "rep" else f"{fake_label}.example"
    # The false invoice pays on its respelt domain, or half the time on a billing platform the supplier never
    # named (written as the real platform links are): a page that resembles nothing known is no safer.
    elsewhere = rng.choice([p for p in PLATFORMS if p != platform]).lower()
    fake_pay = (f"https://pay.{fake_domain}/{prefix}-{new + 1}" if rng.random() < 0.5 else
                f"https://{elsewhere}.example/{label}/{prefix}-{new + 1}")
    bank = PHRASEBOOK.nth("invoice", fake_invoice, **fields, number=f"{prefix}-{new + 1}", amount=amounts[2],
                          link=fake_pay, on_file=rng.choice((copied, other_account)),
                          signer=rep_sign)
    return _Invoices(bank_sender=bank_sender, invoice=invoice, bank=bank, rep_sign=rep_sign, moving=moving,
                     billing=billing, in_book=in_book)
