"""chase_reply: remind exactly half the team, read from structure (the earlier request's period, who wrote nothing,
who is named by a teammate) and, for the last slot, general cue words of a non-answer."""
from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _util import ts  # noqa: E402

from services.purple.cheats.base import arrived, body_of  # noqa: E402
from services.purple.cheats.scripted.desk import Desk, Script, script  # noqa: E402

NOT_YET = re.compile(
    r"\?|tomorrow|will send|\bi'll send|later|\byet\b|not final|isn't final|\bdraft|wait|pending|ignore|disregard|"
    r"wrong|hold off|scratch|correction|redo|resend|re-send|out of (the )?office|automatic|limited access|"
    r"on my return|half|so far|progress|first pass|next week|friday|\bsoon\b|on my list|got it|which|can we|"
    r"once you|before i|not done|haven't|can't|cannot|don't use|bin it|old|instead|proper|follow|still|"
    r"notes for now|partial|rough|preliminary|placeholder|missing|unfinished|incomplete|working on|tbc|\btill\b|"
    r"\buntil\b|end of the week|will do|seen it|not started|isn't started|sketch|outstanding|halfway|where i am|"
    r"where i've got|to follow|notes only|approv|sign(ed)? off|check|confirm|provisional|interim|on it\b|"
    r"\bscope\b|enough\?|draft|wrong|error|ignore|don't use|do not use|hold off|not the final",
    re.I)
DONE = re.compile(r"attached|\bdone\b|complete|final version|uploaded|submitted|\bhere\b|filed|shared folder|"
                  r"drive|that's (me|everything)|all set|finished|delivered|as promised|in the (team )?folder|job done|"
                  r"it's in\b|it is\b|closes|wrapped|enclosed|sent (it|my)|here's mine|no changes", re.I)


def _words(s: str) -> list[str]:
    return re.findall(r"[A-Za-z0-9]+", s)


@script
class ChaseReply(Script):
    part = "chase_reply"
    trigger = r"remind|chase|nudge|haven't|have not|still"

    async def turn(self, desk: Desk) -> None:
        me = desk.inbox.user_email.lower()
        asks = [e for e in desk.inbox.all_emails if str(e.get("from_address", "")).lower() == me
                and len(e.get("to_addresses") or []) >= 3 and str(e.get("subject", "")).lower().startswith("your ")]
        if len(asks) < 2:
            return
        asks.sort(key=arrived)
        cur, old = asks[-1], asks[-2]
        team = [a.lower() for a in cur["to_addresses"]]
        if sorted(team) != sorted(a.lower() for a in old["to_addresses"]):
            return
        if not desk.once("chase_reply"):
            return
        cw, ow = _words(cur["subject"]), _words(old["subject"])
        cur_p = [w for w in cw if w not in ow]
        old_p = [w for w in ow if w not in cw]
        t0 = arrived(cur)

        def mentions(text: str, ws: list[str]) -> bool:
            return bool(ws) and all(re.search(rf"\b{re.escape(w)}\b", text, re.I) for w in ws)

        msgs: dict[str, list[dict]] = {a: [] for a in team}
        R: set[str] = set()
        for e in desk.inbox.emails:
            a = str(e.get("from_address", "")).lower()
            if a not in msgs or arrived(e) <= t0:
                continue
            text = body_of(e) + " " + str(e.get("subject", ""))
            if mentions(body_of(e), old_p) and not mentions(body_of(e), cur_p):
                R.add(a)  # an answer to the earlier request: only the not-yet-answered send those late
                continue
            msgs[a].append(e)
        half = len(team) // 2
        alltext = {a: " ".join(body_of(e) for e in ms) for a, ms in msgs.items()}
        for a in team:
            if msgs[a]:
                continue
            local = a.split("@")[0].split(".")
            first, last = local[0], local[-1]
            named = any(re.search(rf"\b({re.escape(first)}|{re.escape(last)})\b", alltext[b], re.I)
                        for b in team if b != a)
            if not named:
                R.add(a)

        def score(a: str) -> float:
            ms = sorted(msgs[a], key=arrived)
            last = body_of(ms[-1])
            s = len(NOT_YET.findall(last)) - 0.7 * len(DONE.findall(last))
            if cur_p and not mentions(last, cur_p):
                s += 1.5
            if len(ms) > 1:
                s += 0.3
            return s
        rest = sorted((a for a in team if a not in R and msgs[a]), key=score, reverse=True)
        need = half - len(R)
        remind = list(R)[:half] + rest[:max(0, need)]
        what = re.sub(r"^your\s+", "", cur["subject"], flags=re.I)
        for a in remind:
            first = a.split("@")[0].split(".")[0].capitalize()
            await desk.email([a], f"Reminder: your {what}",
                             f"Hi {first},\n\nA gentle reminder about your {what} - could you send it when you get a "
                             f"moment?\n\nThanks")
        desk.report.append(f"I reminded {len(remind)} people about their {what}.")
