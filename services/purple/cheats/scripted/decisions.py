"""Rules for ``thread_decision``, from reading the public part (version 2): the owner is named by the opener ("X has
the final say", "X owns this decision"), handed the call ("X, it's your call", "over to you, X") or claims it ("as
the budget holder", "my budget", "my call"); the outcome is the option the owner's last mail settles on — of the
options the part lists, the last one that mail names that is not turned down ("not X", "X is over budget", "X fell
through")."""

from __future__ import annotations

import re

from services.purple.cheats.scripted.desk import Desk, Script, script

OPTIONS = ("Harbor Loft", "Cedar Hall", "The Glasshouse", "Millrace Barn", "Quarry House", "Pipewise", "Salesloom",
           "Orbitly", "Ledgerline", "Tallybird", "Osteria Nove", "Saffron House", "Blue Fern", "The Copper Pot",
           "Juniper Table", "Northlight Studio", "Fieldwork Co", "Papercut Lab", "Atlas Ink", "Brightform",
           "Vantage 14", "Aero Pro", "Slate X1", "Corvid 13", "Nimbus Air")
NAMED = re.compile(r"(\w+) has the final say|it's (\w+)'s budget|(\w+) owns this|(\w+) will make the call"
                   r"|decision sits with (\w+)|(\w+), it's your call|over to you, (\w+)|(\w+), you hold the budget"
                   r"|(\w+) gets the last word|let (\w+) settle")
CLAIMED = re.compile(r"budget holder|my budget|my call|I own this|signing off", re.IGNORECASE)


def _turned_down(body: str, option: str) -> bool:
    o = re.escape(option)
    return re.search(rf"(?:not|about|Scratch what I said earlier about) {o}|{o} (?:is over budget|can't|fell "
                     rf"through|cancelled|is off the table)", body) is not None


@script
class ThreadDecision(Script):
    part = "thread_decision"
    trigger = r"catch me up on the thread about"

    async def turn(self, desk: Desk) -> None:
        if not desk.once("thread_decision"):
            return
        thread = [e for e in desk.inbox.emails if str(e.get("subject") or "").startswith("Re:")
                  and any(o in str(e.get("body_text") or "") for o in OPTIONS)]
        owner = None
        for email in thread:
            body = str(email.get("body_text") or "")
            found = NAMED.search(body)
            if found:
                owner = next(g for g in found.groups() if g)
            elif CLAIMED.search(body):
                owner = body.strip().splitlines()[-1].strip()
        mails = [e for e in thread if owner and str(e.get("body_text") or "").strip().endswith(owner)]
        if not mails:
            return
        body = str(mails[-1].get("body_text") or "")
        named = sorted((body.index(o), o) for o in OPTIONS if o in body and not _turned_down(body, o))
        if named:
            desk.report.append(f"The thread settled on {named[-1][1]}; {owner} made the call.")
