"""thread_decision: the prices mail lists three options; the first decision is always the cheapest and a reversal
always goes to the second cheapest. The decider is whoever wrote a decision/reversal phrase."""

from __future__ import annotations

import re

from services.purple.cheats.base import arrived, body_of
from services.purple.cheats.scripted.desk import Desk, Script, script

OPTIONS = ("Harbor Loft", "Cedar Hall", "The Glasshouse", "Millrace Barn", "Quarry House", "Pipewise", "Salesloom",
           "Orbitly", "Ledgerline", "Tallybird", "Osteria Nove", "Saffron House", "Blue Fern", "The Copper Pot",
           "Juniper Table", "Northlight Studio", "Fieldwork Co", "Papercut Lab", "Atlas Ink", "Brightform",
           "Vantage 14", "Aero Pro", "Slate X1", "Corvid 13", "Nimbus Air")
DECIDE = (r"After weighing cost and timing", r"I've weighed it up:", r"I've just signed with", r"Final answer\.",
          r"I've asked \w+ to book", r"Decision made:", r"Let's not go round in circles\. Book")
REVERSE = (r"Change of plan:", r"I've switched us to", r"Scratch what I said earlier", r"cancelled on us this morning",
           r"Quick correction: not")


@script
class ThreadDecision(Script):
    part = "thread_decision"
    trigger = r"Catch me up on the thread about"

    async def turn(self, desk: Desk) -> None:
        m = re.search(r"thread about (.+?): what was decided", desk.prompt)
        if not m or not desk.once("thread_decision"):
            return
        topic = m.group(1)
        mails = sorted((e for e in desk.inbox.all_emails if str(e.get("subject", "")) == f"Re: {topic}"), key=arrived)
        prices: list[tuple[int, str]] = []
        decider, reversed_ = "", False
        for e in mails:
            body = body_of(e)
            for o in OPTIONS:
                p = re.search(rf"{re.escape(o)} \$(\d+)", body)
                if p:
                    prices.append((int(p.group(1)), o))
            if any(re.search(r, body) for r in REVERSE):
                reversed_, decider = True, str(e.get("from_address", ""))
            elif not decider and any(re.search(r, body) for r in DECIDE):
                decider = str(e.get("from_address", ""))
        prices.sort()
        if len(prices) < 2:
            return
        decided = prices[1 if reversed_ else 0][1]
        who = desk.book.name(decider) if decider else "the owner"
        desk.report.append(f"About {topic}: {who} decided we go with {decided}.")
