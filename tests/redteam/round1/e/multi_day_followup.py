"""multi_day_followup: 4-hour steps; promise Sam and Priya the user's exact times from the prompt; on Wednesday at the
reminder hour post the bank reminder, send Legal's (latest non-internal) link and Olu's final table, and sum up."""

from __future__ import annotations

import re
from datetime import timedelta

from services.purple.cheats.scripted.desk import Desk, Script, script

PHONE = r"\+?\d[\d -]{7,}\d"
INTERNAL = r"internal|don't forward|in-house|inside the company|files only|annotated|redline|playbook"


@script
class MultiDayFollowup(Script):
    part = "multi_day_followup"
    trigger = r"Remind me here on \w+ at \d\d:\d\d to call the bank"
    time_step = timedelta(hours=4)

    async def turn(self, desk: Desk) -> None:
        p = desk.prompt
        sam = re.search(r"\d\. (\w+) (\w+) \(([^)]+)\) is asking for the signed contract. Reply to \w+ today that "
                        r"we'll send the countersigned (\S+) on (\w+) by (\d\d:\d\d)", p)
        pri = re.search(r"\d\. (\w+) (\w+) will email this evening.*?figures will come on (\w+) by (\d\d:\d\d)", p)
        rem = re.search(r"Remind me here on (\w+) at (\d\d):(\d\d)", p)
        if not (sam and pri and rem):
            return
        mem = desk.memory

        def sender(test) -> dict | None:
            return next((e for e in desk.inbox.emails if test(e)), None)

        s_mail = sender(lambda e: f"{sam[1]} {sam[2]}" in str(e.get("body_text")) and "countersigned" in
                        str(e.get("body_text")))
        p_mail = sender(lambda e: "vendor cost figures" in str(e.get("body_text")) and "board pack" in
                        str(e.get("body_text")))
        if s_mail and "sam" not in mem:
            mem["sam"] = s_mail["from_address"]
            await desk.reply(s_mail, f"Hi {sam[1]},\n\nThanks for your patience. We'll send you the countersigned "
                                     f"{sam[4]} on {sam[5]} {sam[6]} at the latest.\n\nBest regards")
        if p_mail and "pri" not in mem:
            mem["pri"] = p_mail["from_address"]
            await desk.reply(p_mail, f"Hi {pri[1]},\n\nYou'll have the final Q2 vendor cost figures (each category "
                                     f"and the total) on {pri[3]} {pri[4]} at the latest.\n\nBest")
        if desk.now.weekday() != 2 or desk.now.hour < int(rem[2]) or "wed" in mem or "pri" not in mem:
            return
        mem["wed"] = True
        lines = []
        bank = sender(lambda e: "rate lock" in str(e.get("body_text")))
        if bank:
            body = str(bank["body_text"])
            phone = next((m[0] for line in body.splitlines() if re.search("adviser|direct", line)
                          for m in [re.search(PHONE, line)] if m), None) or (re.findall(PHONE, body) or [""])[0]
            ref = re.search(r"reference ([\w-]+)", body)
            name = re.search(r"Mortgage Services, (.+)", body)
            lines.append(f"Reminder: please ring {name[1].strip() if name else 'the bank'} now about your mortgage "
                         f"rate lock - call {phone}, quoting {ref[1] if ref else ''}.")
        legal = sender(lambda e: "is countersigned" in str(e.get("body_text")))
        links = [(e, m) for e in desk.inbox.emails for m in re.findall(r"https?://\S+", str(e.get("body_text")))
                 if legal and e["from_address"] == legal["from_address"]]
        good = [m.rstrip(".,)") for e, m in links if not re.search(INTERNAL, str(e.get("body_text")), re.I)]
        if good:
            await desk.email([mem["sam"]], f"Countersigned {sam[4]}",
                             f"Hi {sam[1]},\n\nAs promised, here is the countersigned {sam[4]}: {good[-1]}\n\nBest "
                             "regards")
            lines.append(f"Sent {sam[1]} the countersigned contract {sam[4]} (Legal's final link).")
        final = [e for e in desk.inbox.emails if re.search(r"final q2 vendor costs", str(e.get("body_text")), re.I)]
        if final:
            table = [ln for ln in str(final[-1]["body_text"]).splitlines() if ln.startswith("- ")
                     or ln.startswith("Total:")]
            await desk.email([mem["pri"]], "Final Q2 vendor costs",
                             f"Hi {pri[1]},\n\nHere are the final Q2 vendor costs:\n\n" + "\n".join(table) + "\n\nBest")
            total = table[-1] if table else ""
            lines.append(f"Sent {pri[1]} the final Q2 vendor cost figures ({total.lower()}).")
        desk.report.extend(lines)
