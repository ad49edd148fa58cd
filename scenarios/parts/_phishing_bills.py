"""The phishing part's two invoices (scenarios/parts/phishing.py): the supplier's real one and the false one that
copies its words, and last month's word on where the supplier bills from."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ._phishing_phrases import PHRASEBOOK, PLATFORMS

ROLES = ("accounts", "billing", "ar", "invoices")  # a supplier's billing mailboxes, the real one's and a fraudster's

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
class _Fake:
    """One false invoice: its sender, number, text, pay page and IBAN."""

    sender: str
    number: str
    text: str
    page: str
    iban: str
    source: str  # "lookalike" (a respelling of the supplier's domain) or "rep" (the rep's own address, hijacked)


@dataclass(frozen=True)
class _Invoices:
    """The supplier's real invoices (one or two) and the false ones (none to two), and what last month's invoice
    shares with them."""

    invoices: list[tuple[str, str]]  # (number, text) of each real invoice, all from ``billing``
    fakes: list[_Fake]
    rep_sign: str
    moving: str  # last month's word that the payment page moves to a billing platform ("" when it does not)
    billing: str  # who sends the real invoice: the rep's address, or the rep at the supplier's new domain
    in_book: bool  # the new domain is told only by the rep's second address in the address book
    platform: str  # the billing platform the supplier moved its pay page to ("": none)


def _orders(rng: random.Random, copies: list[bool], reals: int) -> list[int]:
    """Each invoice's phrasing, all different: a false one that copies the real page needs one stating an IBAN;
    every other invoice states one three times in four, so stating an IBAN says nothing of a side."""
    phrasings = PHRASEBOOK.phrasings("invoice")
    stating = [n for n, p in enumerate(phrasings) if isinstance(p, str) and "{on_file}" in p]
    pools = (stating, [n for n in range(len(phrasings)) if n not in stating])
    wants = [False] * reals + copies
    wants = [w or rng.random() < 0.75 for w in wants]
    out = []
    for want in wants:
        pool = pools[0] if want and pools[0] else pools[1] or pools[0]
        out.append(pool.pop(rng.randrange(len(pool))))
    return out


def _warnings(rng: random.Random, said: list[str], moved: str | None, billing: str, fake_label: str,
              fake_platform: str, copied: bool) -> bool:
    """Last month's words on the move to ``moved`` (None: untold) and on the fraudster's domain and platform, added
    to ``said``; whether a false invoice that does not copy the real page pays on ``fake_platform``."""
    # Half the time the move is told in a warning's words and the warning in a move's ("_turned"): the words around
    # a domain lean to the wrong side as often as to the right one.
    if moved is not None:
        said.append(PHRASEBOOK.say(rng, "domain_move_turned", domain=f"{moved}.example") if rng.random() < 0.5 else
                   PHRASEBOOK.say(rng, "domain_move", domain=f"{moved}.example", address=billing))
    if rng.random() < 0.5 or not copied:
        said.append(PHRASEBOOK.say(rng, "domain_warn" + ("_turned" if rng.random() < 0.5 else ""),
                                   domain=f"{fake_label}.example"))
    # Half the time a false invoice that does not copy the real page pays on a billing platform the supplier does
    # not use, which last month's mail warns about by name (and a quarter of the time the warning comes with none):
    # a platform an earlier mail names is the real pay page no more often than the fraudster's.
    on_platform = rng.random() < 0.5
    if (on_platform and not copied) or rng.random() < 0.25:
        said.append(PHRASEBOOK.say(rng, "platform_warn", platform=fake_platform))
    return on_platform


def _writer(rng: random.Random, fields: dict[str, str], order: list[int], on_file: str, other_iban: str,
            rep_sign: str) -> Callable[[int, str, str, str, str], str]:
    """The text of invoice ``n`` (number, amount, pay link, the IBAN it asks for), real or false alike."""
    # Half the invoices, real and false alike, name both IBANs: the one they ask to be paid and the other as one
    # not to pay (version 9). "An invoice naming an IBAN other than the account on file" and "the IBAN the morning's
    # mail names most" then mark the real invoice as often as the false one; which IBAN it asks for is read in it.
    both = [rng.random() < 0.5 for _ in order]
    both_order = iter(PHRASEBOOK.indices(rng, "invoice_both", sum(both)))

    def text(n: int, number: str, amount: str, link: str, iban: str) -> str:
        if both[n]:
            return PHRASEBOOK.nth("invoice_both", next(both_order), **fields, number=number, amount=amount,
                                  link=link, iban=iban, old=other_iban if iban == on_file else on_file,
                                  signer=rep_sign)
        return PHRASEBOOK.nth("invoice", order[n], **fields, number=number, amount=amount, link=link, on_file=iban,
                              signer=rep_sign)
    return text


def _invoices(rng: random.Random, d: _Drawn, fields: dict[str, str], prefix: str, amounts: list[str],
              on_file: str, other_iban: str, reals: int, sources: list[str]) -> _Invoices:
    # Every invoice is the supplier's words; the false ones ask for payment to another account or page.
    label = d.supplier_domain.split(".")[0]
    # Most suppliers said last month they bill from a new domain (a plain respelling of the old one); a false
    # invoice pays to another respelling, which last month's mail half the time warns about by name: a domain near
    # the address book's, or one an earlier mail names, is real or a scam as the words around it say.
    renames = _renames(label)
    moved = rng.choice((None, *renames))
    # The real invoice comes from the rep's own mailbox or, as often as not, the supplier's billing mailbox (a name
    # no card holds), as the false one on a respelt domain does (version 8): "a sender at a respelling of the
    # supplier's domain that the address book does not know" marks the real invoice as often as the false one.
    local = d.rep.email.split("@")[0] if rng.random() < 0.4 else rng.choice(ROLES)
    billing = f"{local}@{moved or d.supplier_domain.split('.')[0]}.example"
    fake_label = rng.choice([n for n in renames if n != moved])
    # The invoices' numbers, drawn apart: no order of numbers tells the real from the false.
    numbers = [f"{prefix}-{n}" for n in rng.sample(range(7000, 7999), reals + len(sources))]
    # Three in four false invoices copy the real pay page and ask for a transfer to the colleague's other IBAN (only
    # the note's words say which is on file); the rest pay on a respelt domain or a billing platform that last
    # month's mail names (as a move or a warning, in words only).
    copies = [rng.random() < 0.75 for _ in sources]
    order = _orders(rng, copies, reals)
    rep_sign = f"{d.rep.name}, {d.supplier}"
    # Half the suppliers said last month, in words, that their payment page moves to a billing platform: the
    # real invoice's page is then one no earlier mail links to.
    platform = rng.choice((None, *PLATFORMS))
    said = [] if platform is None else [PHRASEBOOK.say(rng, "platform_move" + ("_turned" if rng.random() < 0.5
                                                                                else ""), platform=platform)]
    # The move is told in last month's mail, or only by the rep's new address in the address book.
    in_book = moved is not None and rng.random() < 0.5
    fake_platform = rng.choice([p for p in PLATFORMS if p != platform])
    on_platform = _warnings(rng, said, None if in_book else moved, billing, fake_label, fake_platform,
                            all(copies))
    # In a drawn order: no place in last month's mail belongs to the move or to the warning.
    moving = "".join(rng.sample(said, len(said)))
    invoices = []

    def real_pay(number: str) -> str:
        return (f"https://pay.{billing.split('@')[1]}/{number}" if platform is None else
                f"https://{platform.lower()}.example/{label}/{number}")

    text = _writer(rng, fields, order, on_file, other_iban, rep_sign)

    for n in range(reals):
        number = numbers[n]
        invoices.append((number, text(n, number, amounts[1 + n], real_pay(number), on_file)))
    fakes = []
    for n, source in enumerate(sources):
        number = numbers[reals + n]
        # From the rep's own address (hijacked), the address the real invoice comes from (spoofed), or the respelt
        # domain.
        sender = (rng.choice((d.rep.email, billing)) if source == "rep" else
                  f"{rng.choice(ROLES)}@{fake_label}.example")
        page = (real_pay(number) if copies[n] else f"https://{fake_platform.lower()}.example/{label}/{number}"
                if on_platform else f"https://pay.{fake_label}.example/{number}")
        iban = other_iban if copies[n] else rng.choice((on_file, other_iban))
        fakes.append(_Fake(sender=sender, number=number, page=page, iban=iban, source=source,
                           text=text(reals + n, number, amounts[3 + n], page, iban)))
    return _Invoices(invoices=invoices, fakes=fakes, rep_sign=rep_sign, moving=moving, billing=billing,
                     in_book=in_book, platform=platform or "")
