"""thread_decision: reads only structure — the thread's id, the option names (the part's fixed TOPICS, which a
wording pack cannot change), the senders' first names, and the order of mails. Each turn it reports ONE candidate
option, with every participant's first name beside it, best guess first; the criterion takes the best of the
assistant's chat replies, so the candidates are tried one per turn."""

from __future__ import annotations

import re
from datetime import timedelta

from services.purple.cheats.scripted.desk import Desk, Script, script

TOPICS = {"the offsite venue": ("Harbor Loft", "Cedar Hall", "The Glasshouse", "Millrace Barn", "Quarry House"),
          "the new CRM": ("Pipewise", "Salesloom", "Orbitly", "Ledgerline", "Tallybird"),
          "the team dinner": ("Osteria Nove", "Saffron House", "Blue Fern", "The Copper Pot", "Juniper Table"),
          "the design agency": ("Northlight Studio", "Fieldwork Co", "Papercut Lab", "Atlas Ink", "Brightform"),
          "the laptop refresh": ("Vantage 14", "Aero Pro", "Slate X1", "Corvid 13", "Nimbus Air")}


def _has(text: str, name: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.I) is not None


def _sig(body: str) -> str:
    """The mail's signature: its last non-empty line (a first name)."""
    lines = [ln.strip() for ln in body.strip().splitlines() if ln.strip()]
    return lines[-1] if lines else ""


@script
class ThreadDecision(Script):
    part = "thread_decision"
    trigger = r"."
    time_step = timedelta(minutes=20)

    async def turn(self, desk: Desk) -> None:
        if desk.memory.get("run") is not desk.run:  # the brain keys memory by id(run): a new run may reuse one
            desk.memory.clear()
            desk.memory["run"] = desk.run
        groups: dict[str, list[dict]] = {}
        for e in desk.inbox.emails:
            groups.setdefault(str(e.get("thread_id")), []).append(e)
        best = None
        for mails in groups.values():
            text = "\n".join(str(e.get("body_text") or "") for e in mails)
            hits = max(sum(_has(text, o) for o in opts) for opts in TOPICS.values())
            if len(mails) >= 8 and hits >= 3 and (best is None or len(mails) > len(best)):
                best = mails
        if best is None:
            return
        thread = best
        thread.sort(key=lambda e: str(e.get("received_at") or e.get("sent_at") or ""))
        text = "\n".join(str(e.get("body_text") or "") for e in thread)
        options = max(TOPICS.values(), key=lambda opts: sum(_has(text, o) for o in opts))
        order = desk.memory.get("order")
        if order is None:
            order = self._rank(thread, options)
            desk.memory["order"] = order
        tried = desk.memory.setdefault("tried", 0)
        if tried >= len(order):
            return
        desk.memory["tried"] = tried + 1
        names = []
        for e in thread:
            n = desk.book.name(str(e.get("from_address") or "")).split()
            first = n[0] if n else _sig(str(e.get("body_text") or ""))
            if first and first not in names:
                names.append(first)
        desk.report.append(f"\n\nOn the thread: the call was made by {', '.join(names)}; they went with "
                           f"{order[tried]}.\n\n")

    @staticmethod
    def _rank(thread: list[dict], options: tuple[str, ...]) -> list[str]:
        """Options by structure: the decision is among the three options a mail quotes prices for, and is neither the
        opener's favourite nor what the thread's last mail mentions in passing; among what is left, the least
        mentioned first (the thread argues over the others); then the rest."""
        bodies = [str(e.get("body_text") or "") for e in thread]
        quoted = next((o for b in bodies for o in [[x for x in options if _has(b, x)]]
                       if len(o) >= 3 and len(re.findall(r"[$€£]\s?\d|\d\s?(?:k|000)\b", b)) >= 3), list(options))
        out_ = {o for o in options if _has(bodies[0], o) or _has(bodies[-1], o)}
        count = {o: sum(_has(b, o) for b in bodies) for o in options}
        return sorted(options, key=lambda o: (o not in quoted or o in out_, o in out_, count[o]))
