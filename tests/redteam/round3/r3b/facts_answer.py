"""facts_answer: when/where/who of the dinner, read from the structure of the mails and calendar."""
from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _util import NEG, clock_times, first_of, full_names, full_of, sentences, ts  # noqa: E402

from green_agent.scenario_kit.world import PEOPLE_FIRST_NAMES  # noqa: E402
from scenarios.parts.facts_answer import RESTAURANTS  # noqa: E402
from services.purple.cheats.base import arrived, body_of  # noqa: E402
from services.purple.cheats.scripted.desk import Desk, Script, script  # noqa: E402

AGAIN = re.compile(r"\b(again|last time|last month|same|before|back to|usual|previous|our spot|returning|repeat)\b",
                   re.I)


def _rest(text: str) -> list[str]:
    found = [(text.find(r), r) for r in RESTAURANTS if r in text]
    return [r for _, r in sorted(found)]


@script
class FactsAnswer(Script):
    part = "facts_answer"
    trigger = r"dinner|restaurant|supper|meal"

    async def turn(self, desk: Desk) -> None:
        if not desk.once("facts_answer"):
            return
        dinners = [e for e in desk.events if re.match(r"dinner with", str(e.get("title", "")), re.I)]
        if len(dinners) < 2:
            dinners = [e for e in desk.events if "dinner" in str(e.get("title", "")).lower()]
        if not dinners:
            return
        dinners.sort(key=lambda e: ts(e["start"]))
        now_ev = [e for e in dinners if ts(e["start"]) >= desk.now]
        past_ev = [e for e in dinners if ts(e["start"]) < desk.now]
        if not now_ev:
            return
        ev = now_ev[0]
        host_first = str(ev["title"]).split()[-1]
        old_loc = str((past_ev[-1].get("location") if past_ev else "") or "")
        mails = [m for m in desk.inbox.all_emails if str(m.get("from_address", "")).lower() != desk.inbox.user_email.lower()]
        host_mails = [m for m in mails if first_of(m["from_address"]) == host_first]
        if not host_mails:
            return
        host_mails.sort(key=arrived)
        news = body_of(host_mails[-1])
        plan_times = set()
        for m in host_mails[:-1]:
            plan_times |= set(clock_times(body_of(m)))
        # time
        cal_time = f"{ts(ev['start']):%H:%M}"
        nt = [t for t in clock_times(news) if t != cal_time]
        start = Counter(nt).most_common(1)[0][0] if nt else cal_time
        # place
        cands = _rest(news)
        again = bool(AGAIN.search(news))
        place = None

        clauses = [c for c in re.split(r"[.!?;:]|,\s*(?:so|but|and)\b|\s-\s|,", news) if c.strip()]

        def neg_score(r: str) -> int:
            return sum(len(NEG.findall(c.replace(r, " "))) for c in clauses if r in c)
        if len(cands) >= 2:
            scored = sorted(cands, key=lambda r: (neg_score(r), -cands.index(r)))
            place = scored[0]
        elif len(cands) == 1:
            r = cands[0]
            if old_loc and r == old_loc:
                place = r
            elif again and neg_score(r) > 0 and old_loc:
                place = old_loc
            elif again and old_loc and neg_score(r) == 0:
                place = r
            else:
                place = r
        else:
            place = old_loc or None
        # guests
        dom = host_mails[-1]["from_address"].split("@")[-1].lower()
        wd = f"{ts(ev['start']):%A}"
        others = [m for m in mails if first_of(m["from_address"]) != host_first
                  and m["from_address"].lower().endswith("@" + dom) and wd in body_of(m)]
        count = Counter(m["from_address"] for m in others)
        absent = {a for a, n in count.items() if n >= 2}
        for a in count:
            if first_of(a) in re.findall(r"\b[A-Z][a-z]+\b", news):
                absent.add(a)
        late = [a for a in count if a not in absent]
        guests = [n for n in full_names(news) if n.split()[0] != host_first
                  and all(n.split()[0] != first_of(a) for a in count)]
        names = []
        if guests:
            names.append(guests[0])
        names += [full_of(a) for a in late[:1]]
        when = f"{ts(ev['start']):%A} at {start}"
        desk.report.append(f"Your dinner with {host_first} is on {when}, at {place}.\n"
                           f"Also coming along: {' and '.join(names)}.")
