"""multi_day_followup: promise the user's times on Monday, deliver Legal's link and Olu's last table on Wednesday,
post the bank reminder at its hour (rules only)."""
from __future__ import annotations

import re
from datetime import timedelta

from green_agent.scenario_kit.facts import time_phrases, times
from services.purple.cheats.scripted.desk import Desk, Script, script

MONEY = re.compile(r"\$[\d,]+(?:\.\d\d)?")
PHONE = re.compile(r"\+?\d[\d\s().\-]{8,}\d")
GAPS = {"an hour": 1, "one hour": 1, "two hours": 2, "three hours": 3}


def body(e):
    return f"{e.get('subject') or ''}\n{e.get('body_text') or ''}"


def sender(e):
    return str(e.get("from_address") or "").lower()


def task(prompt, *words):
    return next((ln for ln in prompt.splitlines() if any(w in ln.lower() for w in words)), "")


def named(e, line):
    local = sender(e).split("@")[0]
    return any(n.lower() in local for n in re.findall(r"\b[A-Z][a-z]{2,}\b", line) if n.lower() not in
               ("reply", "legal", "the", "tell", "use", "expect", "answer", "let", "today", "wednesday", "tuesday"))


@script
class MultiDay(Script):
    part = "multi_day_followup"
    trigger = r"rate lock"

    async def turn(self, desk: Desk) -> None:
        m, now, p = desk.memory, desk.now, desk.prompt
        if "start" not in m:
            m["start"] = now
            con, fig, bank = task(p, "countersigned"), task(p, "vendor cost", "figures"), task(p, "rate lock")
            m["con"], m["fig"] = con, fig
            m["sam_t"] = min(times(con, now), default=None)
            m["pri_t"] = min(times(fig, now), default=None)
            m["rem"] = min(times(bank, now), default=None)
            gap = re.search(r"(an hour|one hour|two hours|three hours)", bank, re.I)
            m["gap"] = GAPS[gap.group(1).lower()] if gap else None
            m["ref"] = (re.search(r"\b[A-Z]{2,4}-\d{3,5}\b", con) or [None])[0]
        bank_mail = next((e for e in desk.inbox.emails if "rate lock" in body(e).lower()), None)
        if m["rem"] is None and bank_mail is not None and m["gap"]:
            ends = [t for t in times(body(bank_mail), m["start"]) if t > m["start"]]
            if ends:
                m["rem"] = max(ends) - timedelta(hours=m["gap"])
        sam = next((e for e in desk.inbox.emails if m["ref"] and m["ref"] in body(e) and named(e, m["con"])
                    and "http" not in body(e)), None)
        money_senders = {sender(e) for e in desk.inbox.emails if MONEY.search(body(e))}
        pri = next((e for e in desk.inbox.emails if named(e, m["fig"]) and sender(e) not in money_senders), None)
        if sam and m["sam_t"] and desk.once("sam1"):
            await desk.reply(sam, f"Hi,\n\nThanks for your patience. We'll send you the countersigned {m['ref']} "
                                  f"by {time_phrases(m['sam_t'])[0]}.\n\nBest regards")
        if pri and m["pri_t"] and now.weekday() == 0 and desk.once("pri1"):
            await desk.reply(pri, f"Hi,\n\nThe Q2 vendor cost figures will come by {time_phrases(m['pri_t'])[0]}."
                                  f"\n\nBest regards")
        rem = m["rem"]
        wed = now.weekday() == 2
        if wed and sam and m["sam_t"] and now <= m["sam_t"] and desk.once("sam2"):
            legal = [e for e in desk.inbox.emails if "http" in body(e) and m["ref"] and m["ref"] in body(e)]
            links = [re.findall(r"https?://[^\s)]+", body(e)) for e in legal]
            link = None
            if links:
                link = links[0][0].rstrip(".,")
                if len(legal) > 1 and re.search(r"ignore|withdrawn|re-issue|superseded|instead|revoked|clean|"
                                                r"pulled|please use|should get|the one to send", body(legal[-1]), re.I):
                    link = links[-1][0].rstrip(".,")
            if link:
                await desk.email([sender(sam)], f"Countersigned {m['ref']}",
                                 f"Hi,\n\nAs promised, here is the countersigned {m['ref']}: {link}\n\nBest regards")
                m["sent_con"] = True
        if wed and pri and m["pri_t"] and now <= m["pri_t"] and desk.once("pri2"):
            tables = [e for e in desk.inbox.emails if re.search(r"^Total: \$", body(e), re.M)]
            if tables:
                last = tables[-1]
                rows = dict(re.findall(r"^- (.+?): (\$[\d,.]+)", body(last), re.M))
                total = re.search(r"Total: (\$[\d,.]+)", body(last)).group(1)
                later = desk.inbox.emails[desk.inbox.emails.index(last) + 1:]
                for e in later:
                    if sender(e) == sender(last):
                        amts = MONEY.findall(body(e))
                        cat = next((c for c in rows if c.lower() in body(e).lower()), None)
                        if cat and len(amts) >= 2:
                            rows[cat], total = amts[0], amts[-1]
                table = "\n".join(f"- {c}: {a}" for c, a in rows.items())
                await desk.email([sender(pri)], "Q2 vendor cost figures",
                                 f"Hi,\n\nHere are the final Q2 vendor cost figures:\n{table}\nTotal: {total}"
                                 f"\n\nBest regards")
                m["sent_fig"] = True
        if rem and rem <= now <= rem + timedelta(hours=1) and bank_mail and desk.once("rem"):
            lines = body(bank_mail).splitlines()
            cover = [ln for ln in lines if re.search(r"handling|looks after|taken over|speak to", ln)]
            adv = cover or [ln for ln in lines if re.search(r"adviser|directly|direct line", ln)
                            and not re.search(r"fax|general|switchboard|main line", ln, re.I)]
            num = next((PHONE.search(ln).group(0) for ln in adv if PHONE.search(ln)), "")
            ref = (re.search(r"\b[A-Z]{2,3}-\d{4,6}\b", body(bank_mail)) or [""])[0]
            desk.report.append(f"Reminder: please call the bank now about your mortgage rate lock ({ref}) on {num}.")
        if wed and rem and now >= rem and desk.once("summary"):
            desk.report.append("Summary: " + " ".join(
                s for k, s in (("sent_con", f"the countersigned contract went to {self._n(sam)}."),
                               ("sent_fig", f"the final figures went to {self._n(pri)}.")) if m.get(k)))
        # plan: be awake Monday late evening for the colleague, then land on the reminder hour
        targets = [t for t in (m["start"].replace(hour=23, minute=0), rem) if t and t > now]
        step = timedelta(hours=4)
        if targets:
            step = min(step, min(targets) - now)
        self.time_step = max(step, timedelta(minutes=5))

    @staticmethod
    def _n(e):
        return sender(e).split("@")[0].replace(".", " ").title() if e else ""
