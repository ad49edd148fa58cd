"""The public phrasings of the invoice letters (kinds "vendor_invoice", "prior_invoice", "invoice_copy",
"supplier_invoice" of ``texts.PHRASEBOOK``): one each, the text every world wrote before they could be worded anew."""

from __future__ import annotations

from decimal import Decimal

from .params import Draw, Invoice


def money(amount: Decimal) -> str:
    return f"{amount:,.2f}"


_HELLO = "Hello {company} Accounts Payable,\n\nPlease find attached invoice"
_THANKS = "Terms: net 30\nRemit to: the account on file\n\nThank you for your business.\n{vendor} — Billing"


def vendor_invoice_text(*, d: Draw, v: Invoice) -> str:
    """One of the vendor's three invoices this month (kind "vendor_invoice"): subject, line break, body."""
    return (f"Invoice {v.number} — {v.subject}\n{_HELLO.format(company=d.company)} {v.number} for {v.service}.\n\n"
            f"Amount due: ${money(v.amount)}\n{_THANKS.format(vendor=d.vendor)}")


def prior_invoice_text(*, d: Draw, number: str) -> str:
    """March's invoice from the vendor's billing desk (kind "prior_invoice"). Its subject names April, the month it
    was billed in, as the three April invoices' subjects do: only its body says the services were March's."""
    assert d.prior_invoice is not None
    return (f"Invoice {number} — linehaul (April billing run)\n{_HELLO.format(company=d.company)} {number} for "
            f"{'March' if d.prior_month_named else 'the period ending 31/03:'} linehaul services, {d.route[0]} to "
            f"{d.route[2]} (billed in April).\n\nAmount due: ${money(d.prior_invoice)}\n"
            f"{_THANKS.format(vendor=d.vendor)}")


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
