"""chase_reply: the part's public reply phrasings (its lambdas called with sentinels) compiled into regexes whose
"what"/"detail" fields are limited to this request's and the earlier one's (from ASKS/PERIODS found in the sent asks),
so each reply is bound to its period; each writer's latest message about this request, and how the naming replies bind
a teammate ("X's ... attached", "mine and X's", "neither of ours"), decide who has answered; the rest get a reminder."""

from __future__ import annotations

import re
from typing import Any

from scenarios.parts import chase_reply as C
from services.purple.cheats.base import arrived, body_of
from services.purple.cheats.scripted.desk import Desk, Script, script

S = {k: f"\x02{k}\x03" for k in ("what", "detail", "me", "other", "sent", "owed")}


def _rx(fn: Any, fields: tuple[str, ...], pats: dict[str, str]) -> re.Pattern[str]:
    text = fn(**{k: S[k] for k in fields})
    out = re.escape(text)
    seen: set[str] = set()
    for k in fields:
        token = re.escape(S[k])
        while token in out:
            if k in seen:
                out = out.replace(token, f"(?P={k})", 1)
            else:
                seen.add(k)
                out = out.replace(token, f"(?P<{k}>{pats.get(k, '.+?')})", 1)
    return re.compile(out, re.DOTALL)


def _ci_first(s: str) -> str:
    return f"[{s[0].upper()}{s[0].lower()}]" + re.escape(s[1:])


def _patterns(whats: tuple[str, str], details: tuple[str, str]) -> list[tuple[str, re.Pattern[str]]]:
    pats = {"what": "(?:" + "|".join(map(re.escape, whats)) + ")",
            "detail": "(?:" + "|".join(map(_ci_first, details)) + ")", "me": r"[^\n]+", "other": r"[^\n]+?",
            "sent": r"[^\n]+?", "owed": r"[^\n]+?"}
    out = []
    for kind, fns, fields in (("split", C.SPLIT, ("sent", "owed", "me")),
                              ("two", C.TOGETHER, ("what", "detail", "me", "other")),
                              ("either", C.NOT_YET_EITHER, ("what", "detail", "me", "other")),
                              ("back", C.TAKEN_BACK, ("what", "me")),
                              ("not", C.NOT_YET, ("what", "detail", "me")),
                              ("answer", C.ANSWERS, ("what", "detail", "me"))):
        out += [(kind, _rx(fn, fields, pats)) for fn in fns]
    return out


def _request(desk: Desk) -> tuple[dict[str, Any], str, str, str, str] | None:
    """This request's sent ask, what and detail, and the earlier one's what and detail."""
    asks = sorted((e for e in desk.inbox.all_emails if e.get("folder") == "sent"
                   or str(e.get("from_address", "")).lower() == desk.inbox.user_email.lower()), key=arrived)
    for e in reversed(asks):
        body = body_of(e)
        for ask_of, _, detail_of in C.ASKS:
            for p, b in C.PERIODS:
                what, before = ask_of.format(period=p), ask_of.format(period=b)
                if what in body and before in desk.prompt and re.search(re.escape(what), desk.prompt):
                    return e, what, detail_of.format(period=p), before, detail_of.format(period=b)
    return None


@script
class ChaseReply(Script):
    part = "chase_reply"
    trigger = r"."

    async def turn(self, desk: Desk) -> None:
        got = _request(desk)
        if got is None or len(got[0].get("to_addresses") or []) < 3:
            return
        ask, what, detail, before, detail_b = got
        if not desk.once("chase_reply:done"):
            return
        team = [str(a).lower() for a in ask.get("to_addresses") or []]
        names: dict[str, list[str]] = {}
        for addr in team:
            full = desk.book.name(addr)
            parts = full.split()
            names[addr] = [full, *parts]
        pats = _patterns((what, before), (detail, detail_b))

        def who(called: str) -> str | None:
            called = called.strip()
            hit = [a for a, ns in names.items() if called in ns]
            return hit[0] if len(hit) == 1 else None

        status: dict[str, bool] = {}
        mails = sorted((e for e in desk.inbox.emails if str(e.get("from_address", "")).lower() in team), key=arrived)
        for e in mails:
            me = str(e.get("from_address", "")).lower()
            text = body_of(e).strip()
            if text.startswith(C.OUT_OF_OFFICE):
                status.setdefault(me, False)
                continue
            for kind, rx in pats:
                m = rx.fullmatch(text)
                if not m:
                    continue
                g = m.groupdict()
                this = g.get("what", what) == what and (g.get("detail") is None
                                                        or g["detail"].lower() == detail.lower())
                if kind == "split":
                    sent, owed = g["sent"], g["owed"]
                    if sent == f"my {what}":
                        status[me] = True
                        if owed.endswith(f"'s {what}") and (o := who(owed[: -len(f"'s {what}")])):
                            status[o] = False
                    elif sent.endswith(f"'s {what}"):
                        status[me] = False
                        if (o := who(sent[: -len(f"'s {what}")])):
                            status[o] = True
                    elif owed == f"my {what}":
                        status[me] = False
                    break
                if not this and kind != "back":
                    break  # about the earlier request: says nothing of this one
                if kind == "two":
                    status[me] = True
                    if (o := who(g["other"])):
                        status[o] = True
                elif kind == "either":
                    status[me] = False
                    if (o := who(g["other"])):
                        status[o] = False
                elif kind in ("back", "not"):
                    status[me] = False
                else:
                    status[me] = True
                break
        remind = [a for a in team if not status.get(a, False)]
        for addr in remind:
            first = names[addr][1] if len(names[addr]) > 1 else names[addr][0]
            await desk.email([addr], f"Reminder: your {what}",
                             f"Hi {first},\n\nA gentle reminder about your {what} — could you send it when you get "
                             f"a moment?\n\nThanks")
        desk.report.append(f"I reminded {len(remind)} people about their {what}.")
