"""multi_day_followup: parse the request's promise phrases (phrasebook at_clock / after_anchor / before_anchor), the
bank roster, finance's table and its fix/query emails; reply on Monday, remind and deliver figures on Wednesday."""
from __future__ import annotations

import re
from datetime import datetime, timedelta

from green_agent.scenario_kit import facts
from scenarios.parts.multi_day_followup.texts import PHRASES
from services.purple.cheats.base import body_of
from services.purple.cheats.scripted.desk import Desk, Script, script

DAY = r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"
C12 = r"\d{1,2}(?::\d\d)?(?:am|pm)"
C24 = r"\d{1,2}:\d\d"
TIME = re.compile(rf"{DAY} {C24}|{C12} on {DAY}|{DAY} at {C12}|{C24} on {DAY}")
GAPS = {"an hour": 1, "two hours": 2, "three hours": 3, "four hours": 4}
REL = re.compile(r"(an hour|two hours|three hours|four hours) (after|before) ([^.;()\-]*)", re.I)
MONEY = re.compile(r"\$([\d,]+)")


def _t(phrase: str, ref: datetime) -> datetime | None:
    got = sorted(facts.times(phrase, ref))
    return got[0] if got else None


def _promise_part(line: str, ref: datetime):
    """('clock', dt) or ('rel', hours signed, anchor_is_reminder)."""
    seg = line
    for m in TIME.finditer(seg):
        pre, post = seg[:m.start()], seg[m.end():]
        if re.search(r"(not|pencilled|the)\s$", pre) or re.match(r"(\.\.\.|\s-\s+no,)", post):
            continue
        if re.search(r"(earlier|later)", post[:0]):
            continue
        return ("clock", _t(m.group(0), ref))
    r = REL.search(seg)
    if r:
        h = GAPS[r.group(1).lower()] * (1 if r.group(2).lower() == "after" else -1)
        anchor = r.group(3).lower()
        return ("rel", h, "bank" in anchor or "remind" in anchor)
    return None


def _lines(prompt: str) -> dict[str, str]:
    out = {}
    for line in re.split(r"\n\s*\d\.\s", "\n" + prompt):
        low = line.lower()
        if "vendor cost" in low:
            out["fig"] = line
        elif "countersigned" in low or "signed contract" in low:
            out["con"] = line
        elif "bank" in low and "remind" in low:
            out["rem"] = line
    return out


def _bank_email(desk: Desk):
    for e in desk.inbox.emails:
        if "rate lock" in body_of(e).lower() or "mortgage" in str(e.get("subject", "")).lower() + body_of(e).lower():
            if "reference" in body_of(e).lower():
                return e
    return None


def _reminder(desk: Desk, rem: str) -> datetime | None:
    m = TIME.search(rem)
    if m and "before" not in rem[:m.start()][-30:]:
        return _t(m.group(0), desk.now)
    g = re.search(r"(an hour|two hours|three hours|four hours)", rem, re.I)
    bank = _bank_email(desk)
    if not g or bank is None:
        return None
    body = body_of(bank)
    dl = re.search(r"(?:runs out|expires|ends|lapses)[^.\n]*", body)
    t = None
    if dl:
        mm = TIME.search(dl.group(0))
        t = _t(mm.group(0), desk.at(bank.get("received_at") or desk.now)) if mm else None
    if t is None:
        mm = TIME.search(body)
        t = _t(mm.group(0), desk.at(bank.get("received_at") or desk.now)) if mm else None
    return t - timedelta(hours=GAPS[g.group(1).lower()]) if t else None


def _promises(desk: Desk, mem: dict) -> None:
    if "con" in mem and "fig" in mem and "rem" in mem:
        return
    ln = _lines(desk.prompt)
    if "rem" not in mem and "rem" in ln:
        r = _reminder(desk, ln["rem"])
        if r:
            mem["rem"] = r
    parts = {k: _promise_part(ln[k], desk.now) for k in ("con", "fig") if k in ln}
    for _ in range(3):
        for k, p in parts.items():
            if k in mem or p is None:
                continue
            if p[0] == "clock" and p[1]:
                mem[k] = p[1]
            elif p[0] == "rel":
                base = mem.get("rem") if p[2] else mem.get("fig" if k == "con" else "con")
                if base:
                    mem[k] = base + timedelta(hours=p[1])


def _fmt(t: datetime) -> str:
    return f"{t:%A} {t:%H:%M}"


def _phone(desk: Desk) -> tuple[str, str]:
    bank = _bank_email(desk)
    if bank is None:
        return "", ""
    body = body_of(bank)
    direct, mine = {}, None
    for ln in body.splitlines():
        ln = ln.strip()
        for r in _RX["adviser"]:
            m = r.fullmatch(ln)
            if m:
                direct[m.group("adviser").strip()] = m.group("n").strip()
        for kind in ("cover", "covered"):
            for r in _RX[kind]:
                m = r.fullmatch(ln)
                if m and mine is None:
                    mine = (kind, m.group("adviser").strip(), m.group("n").strip())
    if mine:
        if mine[0] == "cover":
            return mine[2], body
        if mine[1] in direct:
            return direct[mine[1]], body
    if direct:
        return next(iter(direct.values())), body
    m = re.search(r"\+?\d[\d\s().\-]{8,}\d", body)
    return (m.group(0) if m else ""), body


def _figures(desk: Desk):
    final = None
    fixes = []
    for e in desk.inbox.emails:
        b = body_of(e)
        if final is None and re.search(r"final", b, re.I) and "Total:" in b and "NOT final" not in b:
            rows = re.findall(r"^- (.+?): \$([\d,]+)\s*$", b, re.M)
            if rows:
                final = [(c, int(a.replace(",", ""))) for c, a in rows]
                continue
        if final is not None and MONEY.search(b):
            fixes.append(b)
    if final is None:
        return None
    table = dict(final)
    for b in fixes:
        k, g = _match(["correction", "query"], b)
        if k == "query":
            continue
        if k == "correction" and g.get("category") in table:
            table[g["category"]] = int(g["new"].strip("$").replace(",", ""))
            continue
        cats = [c for c in table if c in b]
        if not cats:
            continue
        cat = max(cats, key=len)
        amts = [int(a.replace(",", "")) for a in MONEY.findall(b)]
        cur = table[cat]
        if sum(table.values()) in amts:
            continue  # query turned down: the table's total stands
        others = [a for a in amts if a != cur and a != sum(table.values()) - cur + a]
        cand = [a for a in amts if a != cur and (sum(table.values()) - cur + a) in amts]
        if cand:
            table[cat] = cand[0]
    return table




def _rx(tpl: str) -> re.Pattern:
    out, seen, pos = [], set(), 0
    for m in re.finditer(r"\{(\w+)\}", tpl):
        out.append(re.escape(tpl[pos:m.start()]))
        f = m.group(1)
        out.append(f"(?P={f})" if f in seen else f"(?P<{f}>.+?)")
        seen.add(f)
        pos = m.end()
    out.append(re.escape(tpl[pos:]))
    return re.compile("".join(out), re.S)


_RX = {k: [_rx(t) for t in v if isinstance(t, str)] for k, v in PHRASES.kinds.items()}


def _match(kinds, text):
    for k in kinds:
        for r in _RX[k]:
            m = r.fullmatch(text.strip())
            if m:
                return k, m.groupdict()
    return None, {}


def _contract_link(desk: Desk, sam_first: str, sam_ref: str):
    link, refs = None, {}
    for e in desk.inbox.emails:
        b = body_of(e).strip()
        k, g = _match(["legal_pair"], b)
        if k:
            for n in ("1", "2"):
                refs[g["ref" + n]] = (g["who" + n], g["link" + n])
            mine = [r for r, (w, _) in refs.items() if w == sam_first or r == sam_ref]
            if mine:
                link = refs[mine[0]][1]
                sam_ref = mine[0]
            continue
        if not refs:
            continue
        # drop the "untouched" aside line
        lines = b.split("\n")
        keep = [ln for ln in lines if _match(["untouched"], ln)[0] is None]
        b2 = "\n".join(keep).replace("\n\n\n", "\n\n")
        k, g = _match(["replaced", "scrubbed", "internal", "other", "internal_latest", "other_latest"], b2)
        if k is None:
            for cut in ("\n\n", "\n"):
                pass
            continue
        if k in ("replaced", "scrubbed"):
            about = g.get("ref") or ""
            who = g.get("client") or ""
            if about == sam_ref or (not about and who == sam_first):
                link = g["link"].rstrip(".")
    return link


@script
class MultiDay(Script):
    part = "multi_day_followup"
    trigger = r"rate lock"

    async def turn(self, desk: Desk) -> None:
        mem = desk.memory
        _promises(desk, mem)
        ln = _lines(desk.prompt)
        m_sam = re.search(r"countersigned|signed contract", desk.prompt)
        # Monday replies
        if desk.now.weekday() == 0 or desk.now < mem.get("rem", desk.now + timedelta(days=9)) - timedelta(hours=30):
            for e in desk.inbox.emails:
                b = body_of(e).lower()
                key, kind = None, None
                if "countersigned" in b and "when can we expect" in b:
                    kind = "con"
                elif "vendor cost figures" in b and "board pack" in b:
                    kind = "fig"
                if kind and kind in mem and desk.once("promise-" + kind):
                    first = re.match(r"(\S+)", desk.book.name(e.get("from_address", "")))
                    what = "the countersigned contract" if kind == "con" else "the final Q2 vendor cost figures"
                    await desk.reply(e, f"Hi {first.group(1) if first else ''},\n\nThanks for your message. You will "
                                        f"have {what} on {_fmt(mem[kind])} at the latest.\n\nBest regards")
                    mem[kind + "_to"] = e.get("from_address")
                    mem[kind + "_mail"] = e
        rem = mem.get("rem")
        if rem and rem <= desk.now <= rem + timedelta(hours=1) and desk.once("reminder"):
            phone, body = _phone(desk)
            ref = re.search(r"reference\s*\(?([A-Z0-9][A-Z0-9\-]{3,})", body or "")
            bank = re.search(r"Mortgage Services, (.+)", body or "")
            bname = bank.group(1).strip() if bank else "the bank"
            desk.report.append(f"Reminder: please call {bname} now about your mortgage rate lock, on {phone}"
                               + (f", quoting reference {ref.group(1)}." if ref else "."))
            if mem.get("con_mail") and desk.once("con-send"):
                sam_first = desk.book.name(mem["con_to"]).split()[0]
                ref = re.search(r"countersigned ([A-Z]{2,}-\d+)", desk.prompt)
                link = _contract_link(desk, sam_first, ref.group(1) if ref else "")
                if link:
                    await desk.reply(mem["con_mail"], f"Hi {sam_first},\n\nAs promised, here is the countersigned "
                                                      f"contract: {link}\n\nBest regards")
                    desk.report.append(f"Sent {desk.book.name(mem['con_to'])} the countersigned contract link.")
            # Wednesday delivery of the figures
            table = _figures(desk)
            if table and mem.get("fig_mail") and desk.now <= mem.get("fig", desk.now) and desk.once("fig-send"):
                rows = "\n".join(f"- {c}: ${a:,}" for c, a in table.items())
                await desk.reply(mem["fig_mail"], f"Hi,\n\nHere are the final Q2 vendor costs:\n\n{rows}\n"
                                                  f"Total: ${sum(table.values()):,}\n\nBest regards")
                nm = desk.book.name(mem["fig_to"])
                desk.report.append(f"Sent {nm} the final figures, total ${sum(table.values()):,}.")
        import json
        import os
        if os.environ.get("R6A_DEBUG"):
            with open("/work/r10/r6a/debug.txt", "a") as fh:
                fh.write(json.dumps({"now": str(desk.now), "mem": {k: str(v)[:80] for k, v in mem.items()},
                                     "prompt": desk.prompt if desk.once("dbgp") else "",
                                     "bank": (body_of(_bank_email(desk)) if _bank_email(desk) and desk.once("dbgb") else ""),
                                     "fig": [body_of(e) for e in desk.inbox.emails if "$" in body_of(e)] if desk.now.weekday()==2 and desk.once("dbgf") else []}) + "\n")
        # clock plan
        step = timedelta(hours=4)
        targets = []
        if rem:
            targets.append(rem + timedelta(minutes=1))
        if desk.now.weekday() == 0:
            targets.append(desk.now.replace(hour=23, minute=45, second=0, microsecond=0))
        for t in targets:
            if desk.now < t < desk.now + step:
                step = t - desk.now
        desk.run.step = step if desk.run.step is None else min(desk.run.step, step)
