"""The public phrasings of the invoice letters (kinds "vendor_invoice", "prior_invoice", "invoice_copy",
"supplier_invoice" of ``texts.PHRASEBOOK``).

Version 7 (issue 34): a letter of the vendor's carries more than one amount and more than one invoice number. Beside
what is due it may state the charges before a surcharge or a credit, the surcharge, the credit, and the payment of
an earlier month's invoice it names by number, in layouts that put the amount due first, last or in between, after
"due" or after other words, and the largest amount is not always the one due (``charges``). So "the first amount", "the
last", "the largest", "the figure after 'due'", "the only invoice number" each read the three letters right only
part of the time, while a reader sees what is payable at once. March's invoice (kind "prior_invoice") is written in the
same layouts as April's, and April's letters name March (its paid invoice) as March's names February: which letters
count is what each is for, not its layout or the months it mentions.

World 0, the published world, keeps its letters (phrasing 0 of each kind: one "Amount due" line); beyond it the
public book words each letter in one of the other phrasings, which one fixed by the letter's facts (``invoice_pick``)
so the part's stream is not drawn.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from .params import Draw, Invoice


def money(amount: Decimal) -> str:
    return f"{amount:,.2f}"


_HELLO = "Hello {company} Accounts Payable,\n\nPlease find attached invoice"
_THANKS = "Terms: net 30\nRemit to: the account on file\n\nThank you for your business.\n{vendor} — Billing"
_EXTRAS = ("Fuel surcharge", "Detention fee", "Liftgate fee", "Accessorial charges")
_CREDITS = ("a damaged-pallet claim", "a missed pickup", "a late-delivery refund", "a duplicate accessorial charge")


@dataclass(frozen=True)
class Charges:
    """What a vendor letter states beside the amount due (``due``): the charges before the surcharge (``base``) and
    the surcharge (``extra``, named ``extra_name``) that add up to it; the gross charges (``gross``) and a credit
    (``credit``, for ``credit_for``) that net to it; and the earlier month's invoice (``prev``, in ``prev_month``)
    and the payment received for it (``paid``)."""

    due: Decimal
    base: Decimal
    extra: Decimal
    extra_name: str
    gross: Decimal
    credit: Decimal
    credit_for: str
    prev: str
    prev_month: str
    paid: Decimal

    @property
    def stated(self) -> tuple[Decimal, ...]:
        """Every amount a letter may state: a reply that quotes the breakdown states these."""
        return (self.due, self.base, self.extra, self.gross, self.credit, self.paid)


def charges(number: str, due: Decimal, month: str) -> Charges:
    """The breakdown of invoice ``number`` (amount ``due``; ``month`` the month of the earlier invoice it names),
    fixed by its facts (no draw of the part's stream). The earlier invoice's number is one step below its own, the
    same step for April's letters and March's, so no two letters name one earlier invoice, none names one of the
    world's own, and the step says nothing of which month a letter is for."""
    rng = random.Random(f"{number}|{due}")
    extra = Decimal(rng.randrange(8000, 52000)) / 100
    credit = Decimal(rng.randrange(6000, 41000)) / 100
    paid = Decimal(rng.randrange(int(due * 60), int(due * 140))) / 100  # larger than what is due about half the time
    prev = int(number[4:]) - 300
    return Charges(due=due, base=due - extra, extra=extra, extra_name=rng.choice(_EXTRAS), gross=due + credit,
                   credit=credit, credit_for=rng.choice(_CREDITS), prev=f"INV-{prev}", prev_month=month,
                   paid=paid)


def april_charges(v: Invoice) -> Charges:
    """The breakdown one of April's three letters states (the earlier invoice it names, March's)."""
    return charges(v.number, v.amount, "March")


def _table(d: Draw, number: str, subject: str, service: str, c: Charges) -> str:
    """Charges, surcharge, then what is due; the earlier month's payment after it (first and last amount wrong)."""
    return (f"Invoice {number} — {subject}\n{_HELLO.format(company=d.company)} {number} for {service}.\n\n"
            f"Charges: ${money(c.base)}\n{c.extra_name}: ${money(c.extra)}\nTotal due: ${money(c.due)}\n\n"
            f"We have received your payment of ${money(c.paid)} for {c.prev} ({c.prev_month}) - thank you.\n"
            f"{_THANKS.format(vendor=d.vendor)}")


def _credit(d: Draw, number: str, subject: str, service: str, c: Charges) -> str:
    """Gross charges less a credit, then the balance to pay; "due" sits beside the earlier invoice (paid)."""
    return (f"{d.vendor} invoice {number}: {subject}\nHello {d.company} Accounts Payable,\n\nInvoice {number} is "
            f"attached, for {service}. The {c.prev_month} balance due on {c.prev} (${money(c.paid)}) was settled in "
            f"full, so nothing is carried forward.\n\nCharges for the period: ${money(c.gross)}\nLess credit for "
            f"{c.credit_for}: -${money(c.credit)}\nBalance to pay: ${money(c.due)}\n\n"
            f"{_THANKS.format(vendor=d.vendor)}")


def _pay_by(d: Draw, number: str, subject: str, service: str, c: Charges) -> str:
    """What to pay first, in a sentence; the earlier invoice and the surcharge (included) after it."""
    return (f"{subject} - invoice {number}\nHello {d.company} Accounts Payable,\n\nPlease pay ${money(c.due)} within "
            f"30 days for invoice {number} ({service}); the PDF is attached.\n\nFor reference: {c.prev}, our "
            f"{c.prev_month} invoice (${money(c.paid)}), is paid in full. The amount above already includes "
            f"{c.extra_name.lower()} of ${money(c.extra)}.\n\nRemit to the account on file. Thank you for your "
            f"business.\n{d.vendor} — Billing")


def _due_line(d: Draw, number: str, subject: str, service: str, c: Charges) -> str:
    """The amount due first, what it includes and the earlier invoice's payment after it."""
    return (f"Invoice {number} — {subject}\n{_HELLO.format(company=d.company)} {number} for {service}.\n\n"
            f"Amount due: ${money(c.due)} (including {c.extra_name.lower()}, ${money(c.extra)})\n"
            f"Previous invoice: {c.prev} ({c.prev_month}), ${money(c.paid)} - received with thanks\n"
            f"{_THANKS.format(vendor=d.vendor)}")


_LAYOUTS = (_table, _credit, _pay_by, _due_line)


def _layout(n: int) -> Callable[..., str]:
    def say(*, d: Draw, v: Invoice, c: Charges) -> str:
        return _LAYOUTS[n](d, v.number, v.subject, v.service, c)
    return say


def _prior_layout(n: int) -> Callable[..., str]:
    def say(*, d: Draw, number: str, c: Charges) -> str:
        subject, service = _prior_words(d)
        return _LAYOUTS[n](d, number, subject, service, c)
    return say


def _prior_words(d: Draw) -> tuple[str, str]:
    """March's invoice: billed in April (its subject says so, as April's name April), for March's services."""
    period = "March linehaul services" if d.prior_month_named else "linehaul services for the period ending 31/03"
    return "linehaul (April billing run)", f"{period}, {d.route[0]} to {d.route[2]}, billed in April"


def vendor_invoice_text(*, d: Draw, v: Invoice, c: Charges) -> str:
    """One of the vendor's three invoices this month (kind "vendor_invoice"): subject, line break, body. World 0's:
    what is due alone (``c``, the breakdown, unstated)."""
    return (f"Invoice {v.number} — {v.subject}\n{_HELLO.format(company=d.company)} {v.number} for {v.service}.\n\n"
            f"Amount due: ${money(v.amount)}\n{_THANKS.format(vendor=d.vendor)}")


def prior_invoice_text(*, d: Draw, number: str, c: Charges) -> str:
    """March's invoice from the vendor's billing desk (kind "prior_invoice"). Its subject names April, the month it
    was billed in, as the three April invoices' subjects do: only its body says the services were March's. World 0's:
    what is due alone (``c``, the breakdown, unstated)."""
    assert d.prior_invoice is not None
    return (f"Invoice {number} — linehaul (April billing run)\n{_HELLO.format(company=d.company)} {number} for "
            f"{'March' if d.prior_month_named else 'the period ending 31/03:'} linehaul services, {d.route[0]} to "
            f"{d.route[2]} (billed in April).\n\nAmount due: ${money(d.prior_invoice)}\n"
            f"{_THANKS.format(vendor=d.vendor)}")


# Kind "vendor_invoice" (fields ``d``, ``v``: one of April's three, ``c``: its ``april_charges``) and kind
# "prior_invoice" (fields ``d``, ``number``: March's, amount ``d.prior_invoice``, ``c``: its ``charges``, naming
# February's): phrasing 0 is world 0's, the others lay the amounts out apart. A wording pack states ``c``'s amounts,
# so a reply quoting a breakdown states only amounts the grader accepts (``letter_amounts``).
VENDOR_INVOICE = (vendor_invoice_text, *(_layout(n) for n in range(len(_LAYOUTS))))
PRIOR_INVOICE = (prior_invoice_text, *(_prior_layout(n) for n in range(len(_LAYOUTS))))


def invoice_pick(now: Sequence[object], public: Sequence[object], key: int, first_world: bool) -> int:
    """Which phrasing a letter takes: world 0 keeps the public phrasing 0; beyond it, the public book's others (so no
    world beyond 0 has the single "Amount due" line), a wording pack's any, fixed by ``key``."""
    if now is not public:
        return key % len(now)
    return 0 if first_world else 1 + key % (len(public) - 1)


def letter_amounts(d: Draw) -> tuple[Decimal, ...]:
    """Every amount the three April letters may state (``Charges.stated``): quoting one to Nadia is no wrong total."""
    return tuple(a for v in d.invoices for a in april_charges(v).stated)


def invoice_copy_text(*, d: Draw, v: Invoice) -> str:
    """A copy of one of the three invoices, re-sent with the PO reference (kind "invoice_copy")."""
    return (f"Invoice {v.number} — copy with your PO reference\nHello {d.company} Accounts Payable,\n\nAs requested, "
            f"attached is a copy of invoice {v.number} ({v.service}) with your PO reference added. It replaces "
            f"nothing and is not a new charge - please pay it once.\n\nAmount due: ${money(v.amount)}\n"
            f"{_THANKS.format(vendor=d.vendor)}")


def supplier_invoice_text(*, d: Draw, number: str, amount: Decimal, period: str) -> str:
    """The packaging supplier's invoice (kind "supplier_invoice"): ``period`` is what it is for."""
    return (f"Invoice {number} - {period} packaging supplies\nHello {d.company} Accounts Payable,\n\nPlease find "
            f"attached invoice {number} for {period} packaging supplies.\n\nAmount due: ${money(amount)} (net 30)\n"
            f"Pay online: https://{d.supplier_domain}/pay/{number}, or by transfer to the account on file as usual."
            f"\n\nThank you,\n{d.supplier} Accounts")


# The letters' kinds, taken without the stream (``texts._fixed``): the vendor's (version 7: several layouts of several
# amounts), one public phrasing each for the rest.
LETTERS: dict[str, tuple[Callable[..., str], ...]] = {
    "vendor_invoice": VENDOR_INVOICE, "prior_invoice": PRIOR_INVOICE, "invoice_copy": (invoice_copy_text,),
    "supplier_invoice": (supplier_invoice_text,)}
