"""clarification: the three look-alikes are the user's meetings at one hour with attendees of one first name; the
question names each by title, surname and weekday; every candidate the answer refers to (surname, weekday, title word,
company or relation, the event near it, the mail its person sent, an extreme of place or length) is ruled out, except
a pair form ("one of the later two"), which rules out the opposite extreme; the new time is the request's, restated
as a clock time or shifted by an amount."""
from __future__ import annotations

import re
import sys
from collections import Counter
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _util import ts  # noqa: E402

from green_agent.scenario_kit.facts import time_phrases  # noqa: E402
from scenarios.parts.clarification import ANCHORS, COMPANIES, RELATIONS, SOCIAL, TOPICS, WORK  # noqa: E402
from services.purple.cheats.base import user_prompts  # noqa: E402
from services.purple.cheats.scripted.desk import Desk, Script, script  # noqa: E402

WD = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
WORDS = {t: w for t, w in (*WORK, *SOCIAL)}
LOWP = re.compile(r"earl|\bfirst\b|start of|beginning|\bsoon|opening|initial|\bstart", re.I)
HIGHP = re.compile(r"\blat(e|er|est)\b|\blast\b|end of|\bfinal|closing|weekend|latter|\bend\b", re.I)
LOWL = re.compile(r"short|quick|brief", re.I)
HIGHL = re.compile(r"\blong", re.I)
PAIR = re.compile(r"\btwo\b|\bpair\b|\bboth\b", re.I)
TIMEISH = re.compile(r"\bhour\b|\bminutes?\b(?!-)|than i said|than i told|\b\d{1,2}(:\d\d)?\s*(am|pm)\b|instead of|"
                     r"rather than|the time|push|bring", re.I)


@script
class Clarification(Script):
    part = "clarification"
    trigger = r"."

    async def turn(self, desk: Desk) -> None:
        mem = desk.memory
        user = desk.inbox.user_email.lower()
        if "ids" not in mem:
            groups: dict[tuple, list] = {}
            for e in desk.events:
                if str(e.get("organizer", "")).lower() != user:
                    continue
                others = [a for a in e.get("attendees") or [] if str(a.get("email", "")).lower() != user]
                if not others:
                    continue
                start = ts(e["start"])
                if start < desk.now:
                    continue
                first = (str(others[0].get("name") or "") or desk.book.name(str(others[0].get("email", "")))).split(" ")[0]
                groups.setdefault((start.strftime("%H:%M"), first), []).append(e)
            trio = [g for k, g in groups.items() if len(g) == 3 and len({ts(x["start"]).date() for x in g}) == 3]
            trio = [g for g in trio if any(re.search(rf"\b{re.escape(k[1])}\b", desk.prompt) for k in groups
                                           if groups[k] is g)] or trio
            if not trio:
                return
            g = sorted(trio[0], key=lambda x: ts(x["start"]))
            mem["ids"] = [x["event_id"] for x in g]
            parts = []
            for x in g:
                p = [a for a in x["attendees"] if str(a.get("email", "")).lower() != user][0]
                parts.append(f"the {x['title']} with {p.get('name') or desk.book.name(str(p.get('email', '')))} on {WD[ts(x['start']).weekday()]}")
            mem["asked_at"] = desk.now.isoformat()
            desk.report.append(f"Before I move anything: which one do you mean - {'; '.join(parts[:-1])}; or "
                               f"{parts[-1]}?")
            return
        if mem.get("done"):
            return
        chats = await user_prompts(desk.ues)
        asked = ts(mem["asked_at"])
        answers = [m for m in chats if m.get("timestamp") and ts(m["timestamp"]) > asked] or \
            ([chats[-1]] if len(chats) > mem.setdefault("n0", len(chats)) else [])
        if not answers:
            return
        answer = str(answers[-1].get("content") or "")
        evs = [next(e for e in desk.events if e["event_id"] == i) for i in mem["ids"]]
        meant = self._meant(desk, evs, answer)
        if meant is None:
            return
        mem["done"] = True
        new = self._new_time(desk, answer)
        if new is None:
            return
        length = ts(meant["end"]) - ts(meant["start"])
        await desk.call("POST", "/calendar/update", {"event_id": meant["event_id"], "start": new.isoformat(),
                                                     "end": (new + length).isoformat()})
        at = time_phrases(new)[0]
        for a in meant.get("attendees") or []:
            addr = str(a.get("email", ""))
            if addr.lower() == user:
                continue
            first = (str(a.get("name") or "") or desk.book.name(addr)).split(" ")[0]
            await desk.email([addr], f"{meant['title']} moves to {at}",
                             f"Hi {first},\n\nSomething came up, so our {meant['title']} moves to {at} (same length). "
                             f"Sorry for the change!")
        desk.report.append(f"Moved the {meant['title']} to {at} and emailed its people.")

    def _meant(self, desk: Desk, evs: list[dict], answer: str) -> dict | None:
        user = desk.inbox.user_email.lower()
        out: Counter = Counter()
        keys = []
        for e in evs:
            ppl = [a for a in e.get("attendees") or [] if str(a.get("email", "")).lower() != user]
            p = ppl[0]
            name = str(p.get("name") or "") or desk.book.name(str(p.get("email", "")))
            last = name.split(" ")[-1]
            email = str(p.get("email", "")).lower()
            dom = email.split("@")[-1]
            company = next((c for c in COMPANIES if dom.startswith(c.split()[0].lower())), None)
            contact_notes = ""
            ks = [rf"\b{re.escape(last)}\b", rf"\b{WD[ts(e['start']).weekday()]}\b",
                  rf"\b{WD[ts(e['start']).weekday()][:3]}\b"]
            word = WORDS.get(e.get("title"), "")
            if word:
                ks.append(rf"\b{re.escape(word)}\b")
            if company:
                ks.append(rf"\b{re.escape(company.split()[0])}\b")
            if "homemail" in dom:
                ks += [rf"\b{re.escape(r)}\b" for r in RELATIONS]
            # the mail its person sent
            for m in desk.inbox.emails:
                if str(m.get("from_address", "")).lower() == email:
                    for topic, subject, _ in TOPICS:
                        if m.get("subject") == subject:
                            ks.append(re.escape(topic))
            # the event near it
            for a in desk.events:
                if a.get("title") in ANCHORS:
                    diff = (ts(e["start"]).date() - ts(a["start"]).date()).days
                    if abs(diff) <= 1:
                        ks.append(("anchor", a["title"].lower(), diff))
            keys.append(ks)
        relations_all = [r for r in RELATIONS if re.search(rf"\b{re.escape(r)}\b", answer, re.I)]
        clauses = [c for c in re.split(r";|(?<=[.!?])\s+|\s-\s|\.\.\.", answer) if c.strip()]
        for c in clauses:
            for i, ks in enumerate(keys):
                for k in ks:
                    if isinstance(k, tuple):
                        _, title, diff = k
                        if title in c.lower():
                            cue = (1 if re.search(r"after|following|next", c, re.I) else
                                   -1 if re.search(r"before|eve\b|ahead|prior|preced", c, re.I) else 0)
                            holders = [j for j, kk in enumerate(keys) for x in kk
                                       if isinstance(x, tuple) and x[1] == title]
                            if len(holders) == 1 or cue == diff:
                                out[i] += 1
                    elif re.search(k, c, re.I):
                        if k.startswith(r"\b") and any(re.escape(r) in k for r in RELATIONS) and not relations_all:
                            continue
                        out[i] += 1
            if TIMEISH.search(c) and not re.search(r"-minute", c):
                continue
            starts = [ts(e["start"]) for e in evs]
            lens = [ts(e["end"]) - ts(e["start"]) for e in evs]
            for vals, low, high in ((starts, LOWP, HIGHP), (lens, LOWL, HIGHL)):
                lo_i = min(range(3), key=lambda i: vals[i])
                hi_i = max(range(3), key=lambda i: vals[i])
                is_lo, is_hi = bool(low.search(c)), bool(high.search(c))
                if is_lo == is_hi:
                    continue
                target = lo_i if is_lo else hi_i
                if PAIR.search(c):
                    target = hi_i if is_lo else lo_i
                out[target] += 1
            m = re.search(r"(\d{2,3})-minute", c)
            if m:
                for i in range(3):
                    if lens[i] == timedelta(minutes=int(m.group(1))):
                        out[i] += 1
        import os
        if os.environ.get("R3B_DEBUG"):
            with open("/work/r3/r3b/debug.log", "a") as fh:
                fh.write(f"=== {answer}\n  out={dict(out)} evs={[(e['title'], e['start'], e['end']) for e in evs]}\n  keys={keys}\n")
        free = [i for i in range(3) if out[i] == 0]
        if len(free) == 1:
            return evs[free[0]]
        if not free:
            return evs[min(range(3), key=lambda i: out[i])]
        return evs[free[-1]]

    def _new_time(self, desk: Desk, answer: str):
        m = None
        for mm in re.finditer(r"\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\s+(\d{1,2}):(\d\d)",
                              desk.prompt):
            m = mm
        if not m:
            return None
        wd = WD.index(m.group(1))
        gap = (wd - desk.now.weekday()) % 7 or 7
        base = (desk.now + timedelta(days=gap)).replace(hour=int(m.group(2)), minute=int(m.group(3)), second=0,
                                                        microsecond=0)
        clocks = []
        for c in re.finditer(r"\b(\d{1,2})(?::(\d\d))?\s*(am|pm)\b", answer, re.I):
            h = int(c.group(1)) % 12 + (12 if c.group(3).lower() == "pm" else 0)
            clocks.append((h, int(c.group(2) or 0)))
        other = [x for x in clocks if x != (base.hour, base.minute)]
        if other:
            return base.replace(hour=other[0][0], minute=other[0][1])
        amt = 0
        if re.search(r"half an hour|thirty minutes|30 minutes|half-hour", answer, re.I):
            amt = 30
        elif re.search(r"\bhour\b|60 minutes|sixty minutes", answer, re.I):
            amt = 60
        if amt:
            if re.search(r"earlier|forward|sooner|before", answer, re.I):
                amt = -amt
            return base + timedelta(minutes=amt)
        return base
