"""chase_reply: the user's latest sent ask to four or more people (the team) and the one before it (the word that
differs between them is the period: a reply naming only the earlier period is ignored); each teammate's latest
message after the ask decides, by general cue words (question marks, "yet", "not final", out-of-office, promises of
later vs attached/done/final); an answer naming a teammate (first name or surname) counts for them too. Reminders go
one by one, quoting the ask's subject."""
from __future__ import annotations

import re

from services.purple.cheats.scripted.desk import Desk, Script, script

NEG = [(r"\?", 4), (r"\byet\b", 3), (r"\b(?:not|isn'?t|aren'?t|wasn'?t|never)\b[^.]{0,20}\b(?:final|done|finished|"
        r"complete|ready|right|in)\b", 3), (r"out of (?:the )?office|automatic reply|auto-?reply|on leave|away until", 4),
       (r"\b(?:will|i'?ll|we'?ll|going to|gonna)\b[^.]{0,40}?\b(?:re)?send\b(?![^\n]{0,90}final)", 2), (r"\bresend\b", 2),
       (r"\b(?:next week|by friday|on friday|later|to follow|on its way|on my list|the rest (?:tomorrow|needs|later|next|comes|follows))\b", 2),
       (r"\b(?:draft|work in progress|wip|first pass|so far|half|partial|preliminary|rough)\b", 2),
       (r"\b(?:ignore|disregard|hold off|scratch that|correction|wrong|bin it|redo\w*|don'?t use|do not use|"
        r"mistakes?|errors?|fixing|fix it|incorrect|inaccurate|outdated|retract\w*|withdraw\w*|not the right|old (?:draft|file|version)|"
        r"last year'?s)\b", 4), (r"\b(?:waiting|wait for|haven'?t|hasn'?t|can'?t|cannot|behind|still open|still working|"
                                 r"working on|not started|neither|not (?:done|finished|ready)|promise)\b", 2), (r"\bgot it\b|\bthanks!", 1), (r"\btemplate\b", 1)]
POS = [(r"\battached\b|\battaching\b|\bhere you go\b|\bhere it is\b|\bhere are\b", 2),
       (r"\b(?:uploaded|submitted|filed|sent|went to you|delivered|shared|put|e-?mailed|mailed|forwarded|"
        r"passed (?:it )?on|dropped)\b", 2),
       (r"\bfinal(?: version)?\b", 2), (r"\b(?:done|complete|completed|finished|covered|that'?s everything|"
                                         r"that'?s me)\b", 2), (r"\bas promised\b", 3), (r"\bnote:|\bin short\b", 2), (r"\b(?:ready|enclosed|in your inbox|here'?s|here is|all set|sorted|"
                                                   r"good to go|with you now|your way)\b", 2), (r"\bplus\b", 1), (r"\b(?:included|along with mine|as well as myself|both done|"
                                          r"sent both|uploaded both)\b", 2), (r"\bin the shared\b|folder|drive", 1)]


PERIODS = (r"january|february|march|april|may|june|july|august|september|october|november|december|q[1-4]|h[12]|"
           r"spring|summer|autumn|fall|winter|\d{4}")


def _score(text: str, drop: set[str] = frozenset()) -> int:
    t = text.lower()
    for w in drop:
        t = re.sub(rf"\b{re.escape(w)}\b", " ", t)
    neg = sum(w * len(re.findall(p, t)) for p, w in NEG)
    pos = sum(w * len(re.findall(p, t)) for p, w in POS)
    return pos - neg


def _when(e: dict) -> str:
    return str(e.get("received_at") or e.get("sent_at") or "")


@script
class ChaseReply(Script):
    part = "chase_reply"
    trigger = r"remind|chase|nudge|haven'?t|still owe|missing|deadline|sent"

    async def turn(self, desk: Desk) -> None:
        user = desk.inbox.user_email.lower()
        asks = sorted((e for e in desk.inbox.all_emails if str(e.get("from_address", "")).lower() == user
                       and len(e.get("to_addresses") or []) >= 4), key=_when)
        if not asks:
            return
        ask = asks[-1]
        team = [str(a).lower() for a in ask.get("to_addresses") or []]
        before = [a for a in asks[:-1] if {str(x).lower() for x in a.get("to_addresses") or []} == set(team)]
        if not before or not desk.once("chase_reply"):  # the same team asked before: this part's shape
            return
        def words(t: str) -> list[str]:
            return re.findall(r"[a-z0-9]+", t.lower())
        cur_text = " ".join(words(str(ask.get("subject")) + " . " + str(ask.get("body_text"))))
        old_text = " ".join(words(str(before[-1].get("subject")) + " . " + str(before[-1].get("body_text")))) \
            if before else ""
        prompt = set(words(desk.prompt))
        p_new = {w for w in set(cur_text.split()) - set(old_text.split()) if w in prompt}
        p_old: set[str] = set()
        paired: set[str] = set()
        toks = cur_text.split()
        for i, w in enumerate(toks):
            if w not in p_new:
                continue
            for a, b in ((i - 1, i + 1), (i - 2, i), (i, i + 2)):
                pre = " ".join(toks[max(0, a):i])
                post = " ".join(toks[i + 1:b + 1]) if b > i else ""
                pat = (re.escape(pre) + r" " if pre else r"\b") + r"([a-z0-9]+)" + (r" " + re.escape(post) if post
                                                                                    else r"\b")
                for m in re.finditer(pat, old_text):
                    if m[1] not in cur_text.split():
                        p_old.add(m[1])
                        paired.add(w)
        p_new = {w for w in paired if re.fullmatch(PERIODS, w)}
        p_old = {w for w in p_old if re.fullmatch(PERIODS, w)}
        if not p_new:
            p_old = set()
        # narrow to the period words: those in both ask subjects' differing part
        since = _when(ask)
        msgs: dict[str, list[dict]] = {p: [] for p in team}
        for e in desk.inbox.emails:
            f = str(e.get("from_address", "")).lower()
            if f not in msgs or _when(e) <= since:
                continue
            ws = set(words(str(e.get("body_text") or "")))
            if p_old and ws & p_old and not ws & p_new:
                continue
            msgs[f].append(e)
        answered: set[str] = set()
        names = {p: [x.capitalize() for x in p.split("@")[0].split(".")[:2]] for p in team}
        drop = {w for w in words(str(ask.get("subject") or "")) if len(w) >= 4}
        for p, ms in msgs.items():
            if not ms:
                continue
            last = sorted(ms, key=_when)[-1]
            body = str(last.get("body_text") or "")
            import os
            if os.environ.get("R4A_DEBUG"):
                print("  MSG", p.split("@")[0], _score(body, drop), len(ms), repr(body[:140]))
            if _score(body, drop) > 0:
                answered.add(p)
                for q in team:
                    if q != p and any(re.search(rf"\b{n}\b", body) for n in names[q]) and not msgs[q]:
                        answered.add(q)
        remind = [p for p in team if p not in answered]
        import os
        if os.environ.get("R4A_DEBUG"):
            print("  PERIOD", sorted(p_new)[:8], sorted(p_old)[:8])
        if len(remind) == len(team):
            return
        subject = str(ask.get("subject") or "")
        for p in remind:
            await desk.email([p], f"Reminder: {subject}",
                             f"Hi {names[p][0]},\n\nA gentle reminder about my request ({subject}) — could you "
                             f"send yours when you get a moment?\n\nThanks")
        desk.report.append(f"Reminded {len(remind)}: {', '.join(remind)}.")
