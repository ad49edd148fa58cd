"""thread_decision: the owner is the sender who first speaks last; their last mail holds the decision, named, by a
proposer's name, or by a price rank read against the quoted prices."""
from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _util import first_of, full_of  # noqa: E402

from scenarios.parts.thread_decision import TOPICS  # noqa: E402
from services.purple.cheats.base import arrived, body_of  # noqa: E402
from services.purple.cheats.scripted.desk import Desk, Script, script  # noqa: E402

CHEAP = re.compile(r"\b(?:cheap|low|least|inexpensive|budget|afford|bottom|smallest|economical|"
                   r"thrift|bargain|minim)", re.I)
DEAR = re.compile(r"\b(?:dear|expensive|pric(?:ey|iest|ier)|top|highest|high|costl|premium|priciest|"
                  r"steep|upper|maxim|splurg|lavish|biggest|largest|heft|most|greatest)", re.I)
MID = re.compile(r"\b(?:middle|mid|between|second|centre|center|median|moderate)", re.I)
NEXT = re.compile(r"\bnext\b|notch|just (above|below)|one step|step (up|down)|one (up|down)|adjacent|neighbou?r", re.I)
PRICE = re.compile(r"\$\s?(\d+)")


def _strip(text: str) -> str:
    return text.rsplit("\n\n", 1)[0] if "\n\n" in text else text


def _opts(text: str, options: tuple[str, ...]) -> list[str]:
    found = [(text.find(o), o) for o in options if o in text]
    return [o for _, o in sorted(found)]


def _norm(text: str) -> str:
    text = re.sub(r"\bsecond[- ](cheapest|lowest|least[- ]\w+|most[- ]\w+|dearest|priciest|highest|costliest)",
                  "middle", text, flags=re.I)
    t = re.sub(r"\b(least|less|lowest)[ -](costly|expensive|pricey|dear)\w*", "cheapest", text, flags=re.I)
    t = re.sub(r"\b(most|more|highest)[ -](affordable|economical|inexpensive|cheap)\w*", "cheapest", t, flags=re.I)
    t = re.sub(r"\b(most|more)[ -](expensive|costly|pricey)\w*", "dearest", t, flags=re.I)
    t = re.sub(r"\bbudget (holder|owner)|my budget|the budget|out of (my|our) budget", " ", t, flags=re.I)
    return t


def _rank(text: str) -> int | None:
    t = _norm(text)
    m, c, d = bool(MID.search(t)), len(CHEAP.findall(t)), len(DEAR.findall(t))
    if m and not re.search(r"least|most|cheapest|dearest|priciest|lowest|highest", t, re.I):
        return 1
    if c > d:
        return 0
    if d > c:
        return 2
    if m:
        return 1
    return None


@script
class ThreadDecision(Script):
    part = "thread_decision"
    trigger = r"thread|decided|decision|call"

    async def turn(self, desk: Desk) -> None:
        found = None
        for topic, options in TOPICS:
            thread = [e for e in desk.inbox.emails if str(e.get("subject", "")).lower() == f"re: {topic}".lower()]
            if len(thread) >= 5:
                found = (topic, options, sorted(thread, key=arrived))
        if not found or not desk.once("thread_decision"):
            return
        topic, options, thread = found
        senders = [m["from_address"].lower() for m in thread]
        firstpos = {}
        for i, s in enumerate(senders):
            firstpos.setdefault(s, i)
        owner = max(firstpos, key=firstpos.get)
        own = [i for i, s in enumerate(senders) if s == owner]
        before = [body_of(m) for m in thread[:own[0]]]
        cnt = Counter(o for b in before for o in _opts(b, options))
        liked = cnt.most_common(1)[0][0] if cnt else None
        # prices
        prices: dict[str, int] = {}
        for b in before:
            os_ = _opts(b, options)
            if len(os_) >= 3 and PRICE.search(b):
                for o in os_:
                    m = re.search(re.escape(o) + r"\D{0,15}?\$\s?(\d+)", b)
                    if m:
                        prices[o] = int(m.group(1))
        ranked = sorted(prices, key=prices.get)
        team_firsts = {first_of(s): s for s in firstpos}

        def by_proposer(text: str) -> str | None:
            for name in re.findall(r"\b[A-Z][a-z]+\b", text):
                who = team_firsts.get(name)
                if not who or who == owner:
                    continue
                for i, m in enumerate(thread[:own[0]]):
                    if senders[i] == who:
                        os_ = _opts(body_of(m), options)
                        if len(os_) == 1 and os_[0] != liked:
                            return os_[0]
            return None

        def decide(text: str, prev: str | None) -> str | None:
            named = [o for o in _opts(text, options) if o != liked and o != prev]
            if named:
                return named[-1] if prev else named[0]
            if ranked and _rank(text) is None and not (prev in ranked and NEXT.search(text)):
                p = by_proposer(text)
                if p:
                    return p
            if ranked:
                if prev in ranked and NEXT.search(text):
                    i = ranked.index(prev)
                    c = len(CHEAP.findall(_norm(text))) + len(re.findall(r"\b(down|below|lower|under|less)\b", text, re.I))
                    d = len(DEAR.findall(_norm(text))) + len(re.findall(r"\b(up|above|higher|over|more)\b", text, re.I))
                    j = i - 1 if c > d else i + 1 if d > c else None
                    if j is not None and 0 <= j < len(ranked):
                        return ranked[j]
                r = _rank(text)
                if r is not None and r < len(ranked):
                    if ranked[r] == prev:
                        pass
                    else:
                        return ranked[r]
            p = by_proposer(text)
            if p:
                return p
            named = _opts(text, options)
            return named[0] if named else None

        decided = decide(_strip(body_of(thread[own[0]])), None)
        for i in own[1:]:
            d2 = decide(_strip(body_of(thread[i])), decided)
            if d2:
                decided = d2
        import os
        if os.environ.get("R3B_DEBUG"):
            with open("/work/r3/r3b/debug.log", "a") as fh:
                fh.write(f"=== {desk.inbox.user_email} owner={owner} liked={liked} ranked={ranked} decided={decided}\n")
                for m in thread:
                    fh.write(f"[{m['from_address']}] {body_of(m)}\n")
        if not decided:
            return
        desk.report.append(f"On {topic}, the person who made the call was {full_of(owner)}, and the outcome is "
                           f"{decided}.")
