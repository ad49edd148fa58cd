"""Rules for ``receipts_total``, from reading the public part (version 2): every mail with a dollar figure is a
candidate; the look-alikes' kinds (quote, refund, hold, cancelled, copy) are dropped by their keywords, a cancelled
order's reference drops its receipt, and the charged figure is the one after "charged", "billed", "paid", "total"
or "took" (else the largest)."""

from __future__ import annotations

import re
from decimal import Decimal

from services.purple.cheats.scripted.desk import Desk, Script, script

AMOUNT = re.compile(r"\$?(\d+\.\d\d)")
CHARGED = re.compile(r"(?:charged|billed|paid|total|took|received with thanks)\D{0,40}?(\d+\.\d\d)", re.IGNORECASE)
NOT_SPENT = re.compile(r"estimate|quot|would charge|price .* would|refunded|credited|back on your card|returned to "
                       r"your card|hold|authori[sz]|reserved|copy|resend|again|duplicate|not a (?:new )?charge",
                       re.IGNORECASE)
CANCELLED = re.compile(r"cancel|reversed|voided|couldn't fulfil", re.IGNORECASE)
REF = re.compile(r"\b([A-Z]\d{5})\b")
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
        bodies = [str(e.get("body_text") or "") for e in desk.inbox.emails]
        called_off = {ref for body in bodies if CANCELLED.search(body) for ref in REF.findall(body)}
        figures = []
        for body in bodies:
            if not AMOUNT.search(body) or NOT_SPENT.search(body) or CANCELLED.search(body):
                continue
            if set(REF.findall(body)) & called_off:
                continue
            charged = CHARGED.search(body)
            figures.append(Decimal(charged.group(1)) if charged
                           else max(Decimal(m) for m in AMOUNT.findall(body)))
        if keeper is None or not figures:
            return
        total = sum(figures, Decimal(0))
        await desk.email([keeper], "Receipts total", f"Hi,\n\nThe receipts this week come to ${total:.2f}.\n")
        desk.report.append(f"Emailed the receipts total (${total:.2f}).")
