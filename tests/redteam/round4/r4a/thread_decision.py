"""thread_decision: the thread (thread_id, the request's topic), its options (the part's fixed option lists), who is
named by whom (the first mail names the owner; a name right before that person's own next mail is a hand-over;
first-person budget/call words), the owner's mail count (3 = reversed), the decision by name (the owner's mail's
option that is not the most-pushed one; a reversal's option not the first pick), by proposer (the named person's
one-option mail) or by price (the quotes mail's figures, rank words)."""
from __future__ import annotations

import re
from collections import Counter

from services.purple.cheats.scripted.desk import Desk, Script, script

OPTIONS = ("Harbor Loft", "Cedar Hall", "The Glasshouse", "Millrace Barn", "Quarry House", "Pipewise", "Salesloom",
           "Orbitly", "Ledgerline", "Tallybird", "Osteria Nove", "Saffron House", "Blue Fern", "The Copper Pot",
           "Juniper Table", "Northlight Studio", "Fieldwork Co", "Papercut Lab", "Atlas Ink", "Brightform",
           "Vantage 14", "Aero Pro", "Slate X1", "Corvid 13", "Nimbus Air")
CHEAP = r"cheap|low|least|less|budget|down|below|smallest|inexpensive|affordable|lower"
DEAR = r"dear|expensive|pric(?:ey|iest|ier)|top|high|most|above|up\b|costl|biggest|steep|higher"
MIDDLE = r"middle|mid|between|second|median|2nd"
RELATIVE = r"next|notch|just|one step|after that"


def _first(addr: str) -> str:
    return addr.split("@")[0].split(".")[0].capitalize()


def _full(addr: str) -> str:
    return " ".join(p.capitalize() for p in addr.split("@")[0].split(".")[:2])


def _body(e: dict) -> str:
    b = str(e.get("body_text") or "").strip()
    lines = b.split("\n")
    return "\n".join(lines[:-1]) if len(lines) > 1 else b  # drop the signature line


def _opts(text: str) -> list[tuple[int, str]]:
    return sorted((m.start(), o) for o in OPTIONS for m in re.finditer(re.escape(o), text))


@script
class ThreadDecision(Script):
    part = "thread_decision"
    trigger = r"thread|decided|decision|call"

    async def turn(self, desk: Desk) -> None:
        threads: dict[str, list[dict]] = {}
        for e in desk.inbox.emails:
            if _opts(_body(e)):
                threads.setdefault(str(e.get("thread_id") or e.get("subject")), []).append(e)
        if not threads or not desk.once("thread_decision"):
            return
        tid = max(threads, key=lambda k: len(threads[k]))
        mails = [e for e in desk.inbox.emails if str(e.get("thread_id") or e.get("subject")) == tid]
        if len(mails) < 5:
            return
        mails = sorted(mails, key=lambda e: str(e.get("received_at") or e.get("sent_at") or ""))
        who = [str(e["from_address"]).lower() for e in mails]
        people = list(dict.fromkeys(who))
        first = {p: _first(p) for p in people}
        score: Counter = Counter()
        for i, (e, x) in enumerate(zip(mails, who)):
            body = _body(e)
            for y in people:
                if y == x or not re.search(rf"\b{first[y]}\b", body):
                    continue
                if i == 0:
                    score[y] += 10
                elif y in who[i + 1:i + 3] and not _opts(body):
                    score[y] += 4
                elif re.search(r"\byou(?:r)?\b", body, re.I):
                    score[y] += 3
                else:
                    score[x] += 1
            if i > 0 and re.search(r"budget|spend|sign(?:ing|s)? off|owner|my call|\bmine\b|\bi own\b|my decision to "
                                   r"make|decision-maker|decider", body, re.I) \
                    and not re.search(r"\byou(?:r)?\b|\btheir\b|'s (?:budget|call|decision)", body, re.I):
                score[x] += 5
        if not score:
            # no cue: the one writing two or three mails whose later mail follows the most talk
            score.update({p: who.count(p) for p in people if 2 <= who.count(p) <= 3})
        if not score:
            return
        owner = score.most_common(1)[0][0]
        own = [i for i, x in enumerate(who) if x == owner]
        # the most-pushed option (liked): most mentions by non-owners
        pushed = Counter(o for i, e in enumerate(mails) if who[i] != owner for _, o in _opts(_body(e)))
        liked = pushed.most_common(1)[0][0] if pushed else None
        # quotes
        quotes: dict[str, float] = {}
        for e in mails:
            b = _body(e)
            found = re.findall(r"(" + "|".join(re.escape(o) for o in OPTIONS) + r")[^0-9$€£]{0,12}[$€£]?\s*(\d+(?:[.,]\d+)?)",
                               b)
            if len(found) >= 3:
                quotes = {o: float(n.replace(",", "")) for o, n in found}
        ranked = sorted(quotes, key=quotes.get)

        def by_price(text: str, prev: str | None) -> str | None:
            t = text.lower()
            if not ranked:
                return None
            if prev in ranked and re.search(RELATIVE, t):
                k = ranked.index(prev)
                if re.search(CHEAP, t) and k > 0:
                    return ranked[k - 1]
                if re.search(DEAR, t) and k + 1 < len(ranked):
                    return ranked[k + 1]
            if re.search(MIDDLE, t):
                return ranked[len(ranked) // 2]
            if re.search(CHEAP, t):
                return ranked[0]
            if re.search(DEAR, t):
                return ranked[-1]
            return None

        def by_proposer(text: str, upto: int) -> str | None:
            for y in people:
                if y != owner and re.search(rf"\b{first[y]}\b", text):
                    for j in range(upto):
                        if who[j] == y:
                            o = {x for _, x in _opts(_body(mails[j]))}
                            if len(o) == 1:
                                return o.pop()
            return None

        decided = None
        picks: list[str] = []
        for n, i in enumerate(own[1:], 1):
            body = _body(mails[i])
            named = list(dict.fromkeys(o for _, o in _opts(body)))
            prev = picks[-1] if picks else None
            cands = [o for o in named if o != prev and o != liked]
            if cands:
                pick = cands[-1] if n > 1 else cands[0]
            else:
                pick = by_proposer(body, i) or by_price(body, prev) or next(
                    (o for o in named if o != prev), named[0] if named else None)
            if pick:
                picks.append(pick)
        decided = picks[-1] if picks else None
        if not decided:
            return
        desk.report.append(f"{_full(owner)} made the call: {decided}.")
        import os
        if os.environ.get("R4A_DEBUG"):
            print("OWNER", owner, dict(score), "PICKS", picks, "LIKED", liked, "QUOTES", quotes)
