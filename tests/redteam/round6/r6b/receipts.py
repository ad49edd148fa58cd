"""receipts_total: classify each inbox mail by fully matching it against the part's public phrasings (compiled into
regexes), sum the charged amount of every receipt not called off by a later cancellation from the same shop, and
email the total to the bookkeeper named in the request."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from scenarios.parts import receipts_total as P
from services.purple.cheats.base import body_of, sender_of
from services.purple.cheats.scripted.desk import Desk, Script, script

MONEY = r"[\d,]+\.\d{2}"


def _rx(template: str) -> re.Pattern[str]:
    out, seen = [], set()
    for lit, name, _, _ in __import__("string").Formatter().parse(template):
        out.append(re.escape(lit))
        if name is None:
            continue
        pat = MONEY if name in ("a", "d", "h", "x") else r".+?"
        if name in seen:
            out.append(f"(?:{pat})")
        else:
            seen.add(name)
            out.append(f"(?P<{name}>{pat})")
    return re.compile("".join(out), re.DOTALL)


def _compile(items: Any) -> list[re.Pattern[str]]:
    return [_rx(t) for t in items if isinstance(t, str)]


RECEIPT = _compile(P.RECEIPT_BODIES) + _compile(P.BESIDE_BODIES) + [
    re.compile(r"Order (?P<ref>\S+)\n\n  Item 1 .*Charged to card ending \d+: \$(?P<a>" + MONEY + r")\n\nThank you "
               r"for shopping with .+", re.DOTALL),
    re.compile(r".+\nSubtotal " + MONEY + r"\nGratuity " + MONEY + r"\nPaid (?P<a>" + MONEY + r") by card\n\n"
               r"Rewards: .+", re.DOTALL),
]
CANCEL = _compile(P.CANCEL_BODIES)
OTHER = (_compile(P.QUOTE_BODIES) + _compile(P.REFUND_BODIES) + _compile(P.HOLD_BODIES)
         + _compile(P.DUPLICATE_BODIES) + _compile(P.SHIPPED_BODIES))


def _full(patterns: list[re.Pattern[str]], text: str) -> re.Match[str] | None:
    for p in patterns:
        m = p.fullmatch(text)
        if m:
            return m
    return None


def _domain(sender: str) -> str:
    return sender.rsplit("@", 1)[-1].strip("> ").lower()


def total_of(emails: list[dict[str, Any]]) -> tuple[Decimal, int]:
    receipts: list[tuple[str, Decimal]] = []
    cancelled: set[str] = set()
    for e in emails:
        body = body_of(e).strip()
        if _full(OTHER, body):
            continue
        if _full(CANCEL, body):
            cancelled.add(_domain(sender_of(e)))
            continue
        m = _full(RECEIPT, body)
        if m:
            receipts.append((_domain(sender_of(e)), Decimal(m.group("a").replace(",", ""))))
    kept = [a for d, a in receipts if d not in cancelled]
    return sum(kept, Decimal(0)), len(kept)


def keeper_of(desk: Desk) -> str | None:
    prompt = desk.prompt
    anchors = [m.start() for m in re.finditer(r"bookkeep|receipt|expense", prompt, re.I)]
    best: tuple[int, str] | None = None
    for addr in desk.book.emails:
        name = desk.book.names.get(addr.lower(), "")
        for piece in {name, name.split(" ")[0]} if name else ():
            if not piece:
                continue
            for m in re.finditer(re.escape(piece), prompt):
                dist = min((abs(m.start() - a) for a in anchors), default=10**6) - (100 if piece == name else 0)
                if best is None or dist < best[0]:
                    best = (dist, addr)
    return best[1] if best else None


@script
class ReceiptsTotal(Script):
    part = "receipts_total"
    trigger = r"receipt|expense"

    async def turn(self, desk: Desk) -> None:
        total, count = total_of(desk.inbox.emails)
        if not count:
            return
        keeper = keeper_of(desk)
        if not keeper or not desk.once("receipts_total:sent"):
            return
        first = desk.book.names.get(keeper.lower(), "").split(" ")[0] or "there"
        await desk.email([keeper], "This week's receipts",
                         f"Hi {first},\n\nThe week's expenses add up to ${total:.2f} altogether.\n\nThanks")
        desk.report.append(f"I emailed the week's receipts total, ${total:.2f}, to {first}.")
