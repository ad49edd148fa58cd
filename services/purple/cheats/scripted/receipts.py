"""Rules for ``receipts_total``, from reading the public part: receipts come from ``receipts@<shop>``, their subject
says "receipt", the decoy (a quote or a refund) does not; the amount is the body's dollar figure."""

from __future__ import annotations

import re
from decimal import Decimal

from services.purple.cheats.scripted.desk import Desk, Script, script

AMOUNT = re.compile(r"\$?(\d+\.\d\d)")
BOOKKEEPER = re.compile(r"email the total to (\w+) (\w+)", re.IGNORECASE)


@script
class ReceiptsTotal(Script):
    part = "receipts_total"
    trigger = r"add up this week's expense receipts"

    async def turn(self, desk: Desk) -> None:
        named = BOOKKEEPER.search(desk.prompt)
        if named is None or not desk.once("receipts_total"):
            return
        first, last = named.group(1).lower(), named.group(2).lower()
        keeper = next((a for a in desk.book.emails if first in a.lower() and last in a.lower()), None)
        receipts = [e for e in desk.inbox.emails if "receipt" in str(e.get("subject", "")).lower()]
        figures = [Decimal(m.group(1)) for e in receipts for m in AMOUNT.finditer(str(e.get("body_text") or ""))]
        if keeper is None or not figures:
            return
        total = sum(figures, Decimal(0))
        await desk.email([keeper], "Receipts total", f"Hi,\n\nThe receipts this week come to ${total:.2f}.\n")
        desk.report.append(f"Emailed the receipts total (${total:.2f}).")
