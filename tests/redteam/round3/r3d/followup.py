"""multi_day_followup: read the three tasks from the request by their fields (the contract reference, the people's
names, clock times next to weekdays, 'bank'), promise each person their time on Monday, plan check-ins (<= 4 h apart)
that land on the reminder time, and on Wednesday post the reminder (the bank line naming two people = the cover, else
one person = the adviser) and email the contract link (Legal's later link only when it refers back to an earlier one
and names no other contract) and the final figures (finance's later correction checked by arithmetic)."""
from __future__ import annotations

import re
from datetime import datetime, timedelta

from services.purple.cheats.scripted.desk import Desk, Script, script

DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
CLOCK = r"(\d{1,2})(?::(\d{2}))?\s*(am|pm)?"
MONEY = r"\$\s?([\d,]+(?:\.\d{2})?)"
NUMW = {"an": 1, "a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "half an": 0.5, "90": 1.5, "ninety": 1.5}


def _when(text: str, ref: datetime) -> datetime | None:
    """The first weekday + clock time in ``text`` as a moment on or after ``ref``'s date."""
    t = text
    pats = [rf"\b({'|'.join(DAYS)})\b(?:,)?\s*(?:at\s+)?(?:by\s+)?{CLOCK}\b",
            rf"\b{CLOCK}\s*(?:on\s+)({'|'.join(DAYS)})\b"]
    best = None
    for i, p in enumerate(pats):
        for m in re.finditer(p, t, re.I):
            g = m.groups()
            if i == 0:
                day, h, mi, ap = g[0], g[1], g[2], g[3]
            else:
                h, mi, ap, day = g[0], g[1], g[2], g[3]
            if not mi and not ap:
                continue
            hh = int(h) % 12 + (12 if ap and ap.lower() == "pm" else 0) if ap else int(h)
            d = DAYS.index(day.lower())
            date = ref.date() + timedelta(days=(d - ref.weekday()) % 7)
            mom = ref.replace(year=date.year, month=date.month, day=date.day, hour=hh, minute=int(mi or 0),
                              second=0, microsecond=0)
            if best is None or m.start() < best[0]:
                best = (m.start(), mom)
    return best[1] if best else None


def _amount(s: str) -> int:
    return int(round(float(s.replace(",", ""))))


def _table(body: str) -> dict[str, int]:
    out = {}
    for line in body.splitlines():
        m = re.match(rf"\s*[-*•]?\s*([A-Za-z][A-Za-z &/'-]+?)\s*[:\-–]\s*{MONEY}\s*$", line)
        if m and not re.search(r"total", m.group(1), re.I):
            out[m.group(1).strip()] = _amount(m.group(2))
    return out


@script
class MultiDayFollowup(Script):
    part = "multi_day_followup"
    trigger = r"."

    async def turn(self, desk: Desk) -> None:
        """Never let a rule's failure break the turn of the other scripts running beside it."""
        try:
            await self._turn(desk)
        except Exception:  # noqa: BLE001
            return

    async def _turn(self, desk: Desk) -> None:
        chat = await desk.call("GET", "/chat/state") or {}
        users = [str(x.get("content") or "") for x in chat.get("messages") or [] if x.get("role") == "user"]
        if not users:
            return
        req = users[0]
        refm = re.search(r"\b([A-Z]{2,4}-\d{3,6})\b", req)
        if not refm or not re.search(r"bank", req, re.I) or not re.search(r"figures|costs?", req, re.I):
            return
        ref = refm.group(1)
        m = desk.memory
        start = desk.at(m.setdefault("start", str(desk.now)))
        items = [x for x in re.split(r"\n+\s*(?:\d+[.)]|[-*•])?\s*", req) if x.strip()]
        contract_item = next((x for x in items if ref in x), "")
        bank_item = next((x for x in items if re.search(r"bank", x, re.I)), "")
        fig_item = next((x for x in items if re.search(r"figures|vendor cost", x, re.I) and x != contract_item), "")
        senders = {}
        for e in desk.inbox.emails:
            senders.setdefault(str(e.get("from_address", "")).lower(), []).append(e)

        def person(item: str) -> tuple[str, str] | None:
            for name in re.findall(r"(?=\b([A-Z][a-z]+ [A-Z][a-z'-]+)\b)", item):
                first, last = name.split(" ", 1)
                for a in senders:
                    loc = a.split("@")[0]
                    if first.lower() in loc and last.lower().replace("'", "") in loc:
                        return name, a
            return None

        sam = person(contract_item)
        promise_c = _when(contract_item, start)
        promise_f = _when(fig_item, start)
        # the reminder time
        bank_mail = next((e for e in desk.inbox.emails if re.search(r"\+?\d[\d\s().-]{8,}\d", str(e.get("body_text")))
                          and re.search(r"bank|mortgage|rate lock", f"{e.get('subject')} {e.get('body_text')}", re.I)),
                         None)
        remind = _when(bank_item, start)
        if remind is None and bank_mail is not None:
            end = _when(str(bank_mail.get("body_text")), start)
            gm = re.search(r"\b(half an|an|a|one|two|three|four|\d+)\s+(hours?|minutes?|mins?)\b", bank_item, re.I)
            if end and gm:
                n = gm.group(1).lower()
                qty = NUMW.get(n, None) if not n.isdigit() else int(n)
                if qty is None:
                    qty = 1
                delta = timedelta(minutes=qty) if gm.group(2).lower().startswith("min") else timedelta(hours=qty)
                remind = end - delta
        # time plan: a check-in after the evening request, then <= 4 h steps landing on the reminder time
        if remind:
            m["remind"] = remind.isoformat()
        left = (remind - desk.now) if remind else timedelta(hours=4)
        if desk.now < start + timedelta(hours=1):
            step = timedelta(hours=2)
        elif left > timedelta(0):
            n = -(-left // timedelta(hours=4))
            step = left / n if n else timedelta(hours=4)
            step = max(timedelta(minutes=5), timedelta(minutes=(step.total_seconds() // 60)))
            step = min(step, timedelta(hours=4))
            if left <= timedelta(hours=4):
                step = left
        else:
            step = timedelta(hours=1)
        self.time_step = step

        # Monday promises
        for who, prom, key in ((sam, promise_c, "pc"), (person(fig_item), promise_f, "pf")):
            if not who or not prom or m.get(key):
                continue
            mails = [e for e in senders.get(who[1], []) if "?" in str(e.get("body_text") or "")]
            if not mails or desk.now.date() != start.date():
                continue
            first = who[0].split()[0]
            what = f"the countersigned {ref}" if key == "pc" else "the final Q2 vendor cost figures"
            await desk.reply(mails[-1], f"Hi {first},\n\nThanks for your note - we'll send {what} by "
                                        f"{prom:%A} {prom:%H:%M}.\n\nBest regards")
            m[key] = True
        if not remind or desk.now < remind:
            return
        lines = []
        # the reminder
        if not m.get("reminded") and bank_mail is not None and desk.now <= remind + timedelta(minutes=59):
            body = str(bank_mail.get("body_text") or "")
            phone_lines = [ln for ln in body.split("\n") if re.search(r"\+?\d[\d\s().-]{8,}\d", ln)]
            def names_in(ln: str) -> int:
                return len([n for n in re.findall(r"\b[A-Z][a-z]+ [A-Z][a-z'-]+\b", ln)
                            if not re.search(r"Bank|Mutual|Services|Credit|Union|Savings|Trust|Mortgage", n)])
            pick = max(reversed(phone_lines), key=names_in) if phone_lines else ""
            num = re.search(r"\+?\d[\d\s().-]{8,}\d", pick)
            rl = re.search(r"\b[A-Z]{2}-\d{4,6}\b", body)
            bank_name = re.findall(r"\b([A-Z][a-z]+(?: [A-Z][a-z]+)* Bank)\b", body)
            if num:
                lines.append(f"Reminder: time to call the bank{' (' + bank_name[0] + ')' if bank_name else ''} about "
                             f"your mortgage rate lock - ring {num.group(0).strip()}"
                             f"{' and quote ' + rl.group(0) if rl else ''}.")
                m["reminded"] = True
        # the contract
        if not m.get("contract") and sam and promise_c and desk.now <= promise_c and desk.now.weekday() == promise_c.weekday():
            legal = [e for e in desk.inbox.emails if re.search(r"https?://", str(e.get("body_text") or ""))
                     and str(e.get("from_address", "")).split("@")[-1] == desk.inbox.user_email.split("@")[-1]]
            legal.sort(key=lambda e: str(e.get("received_at")))
            link = None
            for e in legal:
                body = str(e.get("body_text") or "")
                links = re.findall(r"https?://[^\s)>\]]+", body)
                links = [l.rstrip(".,;") for l in links]
                if not links:
                    continue
                others = [c for c in re.findall(r"\b[A-Z]{2,4}-\d{3,6}\b", body) if c != ref]
                if link is None:
                    if ref in body and not others:
                        link = links[0]
                    continue
                if others:
                    continue
                if re.search(r"earlier|before|first|previous|this morning|superseded|withdrawn|instead|revoked|"
                             r"pulled|re-?issue|replace|rather than", body, re.I) and not re.search(
                        r"files only|reference only|don't forward\)|keep it inside|strictly in-house", body, re.I):
                    link = links[0]
            if link:
                first = sam[0].split()[0]
                await desk.email([sam[1]], f"Countersigned {ref}",
                                 f"Hi {first},\n\nAs promised, here is the countersigned {ref}: {link}\n\nBest regards")
                m["contract"] = True
                lines.append(f"Sent {sam[0]} the countersigned {ref} contract link.")
        # the figures
        fig_p = person(fig_item)
        if not m.get("figures") and fig_p and promise_f and desk.now <= promise_f and desk.now.weekday() == promise_f.weekday():
            fin = None
            for name in re.findall(r"\b([A-Z][a-z]+)\b", fig_item):
                for a, mails in senders.items():
                    if a != fig_p[1] and re.search(rf"\b{name.lower()}\b", a.split("@")[0].replace(".", " ")) and \
                            any(len(_table(str(e.get("body_text") or ""))) >= 3 for e in mails):
                        fin = a
            tables = []
            for e in sorted(senders.get(fin, []), key=lambda e: str(e.get("received_at"))):
                t = _table(str(e.get("body_text") or ""))
                if len(t) >= 3 and desk.at(e.get("received_at")) >= start:
                    tables.append((e, t))
            if tables:
                e0, final = tables[-1]
                for e in senders.get(fin, []):
                    if desk.at(e.get("received_at")) <= desk.at(e0.get("received_at")):
                        continue
                    body = str(e.get("body_text") or "")
                    for cat, old in list(final.items()):
                        if cat.lower() in body.lower():
                            amts = [_amount(a) for a in re.findall(MONEY, body)]
                            cands = [a for a in amts if a != old]
                            tot = sum(final.values())
                            pick = next((a for a in cands if tot - old + a in amts), cands[0] if cands else None)
                            if pick is not None:
                                final[cat] = pick
                total = sum(final.values())
                table = "\n".join(f"- {c}: ${a:,}" for c, a in final.items())
                first = fig_p[0].split()[0]
                await desk.email([fig_p[1]], "Q2 vendor cost figures (final)",
                                 f"Hi {first},\n\nHere are the final Q2 vendor cost figures:\n\n{table}\nTotal: "
                                 f"${total:,}\n\nBest regards")
                m["figures"] = True
                lines.append(f"Sent {fig_p[0]} the final Q2 vendor cost figures.")
        import json
        import os
        if os.environ.get("R3DBG"):
            open("/work/r3/r3d/dbg_mf.txt", "a").write(json.dumps({"req": req, "items": items, "lines": lines, "bank": str(bank_mail and bank_mail.get("body_text"))}) + "\n")
        if lines:
            desk.report.append("\n".join(lines))
