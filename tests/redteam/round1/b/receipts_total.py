"""receipts_total: shop mails come from <word>@<shop>.example; look-alikes carry fixed phrases (estimate, refunded,
hold, cancelled, copy); the charged amount follows a fixed label in each receipt body."""

from __future__ import annotations

import re
from decimal import Decimal

from services.purple.cheats.base import body_of
from services.purple.cheats.scripted.desk import Desk, Script, script

SHOPS = ("copperleaf", "metro", "paperie", "harbor", "swift", "nimbus", "lantern", "bluebird", "northgate", "orchard")
DECOY = (r"estimate only", r"we would charge", r"Quotation", r"the price for next quarter", r"quote request",
         r"We have refunded", r"return was processed", r"Credit note", r"back on your card today",
         r"has been returned to your card ending", r"temporary hold", r"Authorisation only", r"Nothing has been taken",
         r"refundable hold", r"hold is not a payment", r"copy of the receipt", r"Resending your receipt",
         r"another copy", r"Duplicate copy", r"again \(\$", r"nothing new has been charged")
CANCEL = (r"was cancelled and you have not", r"payment has been reversed", r"I've cancelled", r"has been cancelled",
          r"Cancellation confirmed")
AMOUNT = (r"Total: \$([\d.]+)", r"charged \$([\d.]+)", r"Amount billed: ([\d.]+) USD",
          r"Charged to card ending \d+: \$([\d.]+)", r"Paid ([\d.]+) by card", r"— ([\d.]+) dollars, reference",
          r"we took \$([\d.]+)")


@script
class ReceiptsTotal(Script):
    part = "receipts_total"
    trigger = r"Add up this week's expense receipts"

    async def turn(self, desk: Desk) -> None:
        m = re.search(r"email the total to (.+?), our bookkeeper", desk.prompt)
        if not m or not desk.once("receipts"):
            return
        name = m.group(1).strip().lower()
        keeper = next((a for a in desk.book.emails if desk.book.name(a).lower() == name), None)
        if keeper is None:
            return
        shop = [e for e in desk.inbox.emails
                if re.search(rf"@({'|'.join(SHOPS)})\.example$", str(e.get("from_address", "")).lower())]
        cancelled = {str(e["from_address"]).lower() for e in shop if any(re.search(c, body_of(e)) for c in CANCEL)}
        total = Decimal(0)
        for e in shop:
            body = body_of(e)
            if str(e["from_address"]).lower() in cancelled or any(re.search(d, body) for d in DECOY):
                continue
            for pattern in AMOUNT:
                a = re.search(pattern, body)
                if a:
                    total += Decimal(a.group(1).rstrip("."))
                    break
        first = desk.book.name(keeper).split()[0]
        await desk.email([keeper], "This week's receipts",
                         f"Hi {first},\n\nThis week's expense receipts come to ${total:.2f} in total.\n\nBest")
        desk.report.append(f"I emailed {first} this week's receipts total, ${total:.2f}.")
