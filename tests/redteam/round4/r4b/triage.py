"""triage: reads no wording. Request senders = senders who wrote before today and are not in the address book (the
relaying colleagues are; the newsletter and promotion write only tonight); every clock time the night's mail names (parsed with the day it names),
shifted by a day / two hours, plus every calendar start less 0/30/60 minutes, is a candidate deadline. One short
sentence per (sender, candidate), all sorted by time (so urgent ones come first). The grader forgives a wrong
deadline for a request it also found, so the right candidate scores and the others cost nothing."""

from __future__ import annotations

import re
from datetime import timedelta

from green_agent.scenario_kit.facts import times
from services.purple.cheats.scripted.desk import Desk, Script, script

KEYWORDS = ("lease", "budget", "talking points", "press brief", "contract", "analyst", "Lisbon")


def _first(email: dict) -> str:
    lines = [ln.strip() for ln in str(email.get("body_text") or "").splitlines() if ln.strip()]
    last = lines[-1] if lines else ""
    return last if re.fullmatch(r"[A-Z][\w'-]+", last) else ""


@script
class Triage(Script):
    part = "triage"
    trigger = r"."

    async def turn(self, desk: Desk) -> None:
        if not desk.once("triage"):
            return
        today = desk.now.date()
        mails = [e for e in desk.inbox.emails if desk.at(e.get("received_at") or e.get("sent_at")) <= desk.now]
        booked = {a.lower() for a in desk.book.emails}
        by: dict[str, list[dict]] = {}
        for e in mails:
            by.setdefault(str(e.get("from_address", "")).lower(), []).append(e)
        people = {}
        for addr, es in by.items():
            if addr in booked:
                continue
            days = {desk.at(e.get("received_at") or e.get("sent_at")).date() for e in es}
            if not any(d < today for d in days):
                continue
            name = next((n for n in map(_first, es) if n), desk.book.name(addr).split()[0])
            text = " ".join(f"{e.get('subject', '')} {e.get('body_text', '')}" for e in es)
            kws = [k for k in KEYWORDS if re.search(rf"\b{re.escape(k)}", text, re.I)] or list(KEYWORDS)
            people[name] = kws
        if len(people) < 3:
            return
        cands = set()
        base = set()
        for e in mails:
            ref = desk.at(e.get("received_at") or e.get("sent_at"))
            base |= set(times(str(e.get("body_text") or ""), ref))
        clocks = {(t.hour, t.minute) for t in base}
        for t in list(base):
            for d in (timedelta(0), timedelta(days=1), timedelta(days=-1), timedelta(hours=2), timedelta(hours=-2)):
                cands.add(t + d)
        start = desk.now.replace(hour=0, minute=0, second=0, microsecond=0)
        for k in range(0, 8):
            day = start + timedelta(days=k)
            for h, m in clocks:
                cands.add(day.replace(hour=h, minute=m))
        for ev in desk.events:
            try:
                s = desk.at(ev.get("start"))
            except Exception:
                continue
            for lead in (0, 30, 60):
                cands.add(s - timedelta(minutes=lead))
        cands = sorted(c for c in cands if start <= c < start + timedelta(days=9) and 8 <= c.hour <= 21
                       and c.weekday() < 5)
        lines = []
        for c in cands:
            for name, kws in people.items():
                lines.append(f"- {name} ({', '.join(kws)}): due {c:%A} {c.day} {c:%B} at {c:%H:%M}.")
        desk.report.append("Overnight requests by possible deadline, earliest first:\n" + "\n".join(lines))
