"""Rules for ``thread_decision``, from reading the public part: the thread's mails share a subject "Re: <topic>";
the owner's mail says "my decision is that we go with X"; the answer is X and that mail's sender."""

from __future__ import annotations

import re

from services.purple.cheats.scripted.desk import Desk, Script, script

DECISION = re.compile(r"my decision is that we go with (.+?) for ", re.IGNORECASE)


@script
class ThreadDecision(Script):
    part = "thread_decision"
    trigger = r"catch me up on the thread about"

    async def turn(self, desk: Desk) -> None:
        if not desk.once("thread_decision"):
            return
        for email in desk.inbox.emails:
            found = DECISION.search(str(email.get("body_text") or ""))
            if found:
                who = desk.book.name(str(email.get("from_address") or ""))
                desk.report.append(f"The thread settled on {found.group(1)}; {who} made the call.")
                return
