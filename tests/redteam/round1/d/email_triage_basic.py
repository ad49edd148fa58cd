"""email_triage_basic: every substantive email is one of 27 templates (or a flex template's urgent/routine version);
recognise it by a phrase of its body, take its urgency and ask words from a table, its clock times and amounts from
the body, drop the fixed noise brands, post urgent first every hour. Sends nothing."""

from __future__ import annotations

import re

from services.purple.cheats.scripted.desk import Desk, Script, script

NOISE = ("freightpulse", "harborline", "spendtrack", "linkup", "parcelpoint", "taskhive", "vantageair", "clouddrive",
         "coldchainsummit", "brewbox")
# (phrase in the body, urgent?, what it needs in my words)
TABLE = (
    (r"ops slide numbers", True, "Q1 spoilage, throughput and on-time numbers for the board deck"),
    (r"printed schedules", True, "decide on doing the 9:30 welcome for the new associates"),
    (r"Wednesday is fine", False, "look over onboarding; the 9:30 welcome for new associates"),
    (r"sent redlines", False, "lease redlines: 4% escalator, refrigeration maintenance"),
    (r"Scanners can't pull", True, "WMS down, scanners and pick lists stopped, 40 orders at risk"),
    (r"corrugated carton prices will rise", False, "carton price rise from July, volume deal offered"),
    (r"swap his Saturday", False, "sign-off on the shift swap (over 40 hours)"),
    (r"rapid-response support tier", True, "approval for the rapid-response tier to fix the database server"),
    (r"cases short", True, "60 cases short (cold brew, oat milk) - needs an arrival time"),
    (r"finance sync before we respond", False, "escalator cost over budget, discuss at finance sync"),
    (r"food-safety audit of the", True, "confirm who will meet the auditor; cold rooms and sanitation logs access"),
    (r"lunch & learn for the ops team", False, "20-minute talk on delivery routes at lunch & learn"),
    (r"restored the WMS", False, "WMS restored, fee waived, backlog clearing - no action"),
    (r"one addition for the board slide", True, "add outage downtime and late routes to the slide"),
    (r"failed its brake inspection", True, "OK to rent a replacement reefer truck"),
    (r"sometime next week", False, "check promo volumes against warehouse capacity next week"),
    (r"contractual", True, "check promo volumes before they become contractual"),
    (r"escalate to our VP", True, "delivery time or credit note, or she will escalate"),
    (r"accepted a 3% cap", False, "landlord accepted the escalator cap; signature next Friday"),
    (r"due May 1", False, "two leads haven't started self-assessments (spring review, May 1)"),
    (r"closes the spring review", True, "nudge two leads who haven't submitted; sign off"),
    (r"by next Wednesday", False, "fill in operations cost lines in the finance folder by next Wednesday"),
    (r"moved the Q2 reforecast forward", True, "CFO moved it up: fill in the operations cost lines"),
    (r"run a post-incident review", False, "pick a slot next week for the outage review"),
    (r"insurer needs", True, "sign the summary for the insurer to keep the claim open"),
    (r"haven't received a confirmation", True, "confirm or the audit is rescheduled, certificate delayed"),
    (r"set up a call", True, "join the call with a recovery plan for the missing cases"),
    (r"both confirmed the swap", False, "both confirmed the swap; needs your OK"),
    (r"hold the increase to 2%", False, "2% if we commit 12 months of volume"),
    (r"spare reefer", False, "spare reefer found, routes covered, no rental needed"),
    (r"past due", True, "overdue invoice; payment date needed or credit hold"),
    (r"courtesy reminder", False, "invoice reminder, nothing to do if in the payment run"),
    (r"pizza is ordered", False, "room booked and pizza ordered; confirm the talk by Thursday"),
)

FOLLOW = re.compile(r"follow up by|check back by|send more by|fuller note by|More from me|Expect an update|send the "
                    r"rest|catch up|I'm around|ring me at|also free at|go through it at|walk you through it|works for "
                    r"a call", re.I)


def _who(email: dict) -> str:
    last = (email.get("body_text") or "").strip().rsplit("\n\n", 1)[-1].splitlines()
    name = next((x.strip() for x in last if x.strip() and not x.strip().endswith(",")), "")
    return name if len(name.split()) <= 3 else email["from_address"]


@script
class EmailTriage(Script):
    part = "email_triage_basic"
    trigger = r"triage summary"

    async def turn(self, desk: Desk) -> None:
        seen = desk.memory.setdefault("seen", set())
        rows = []
        for e in desk.inbox.emails:
            if e["message_id"] in seen:
                continue
            seen.add(e["message_id"])
            if any(n in e["from_address"].lower() for n in NOISE):
                continue
            body = e.get("body_text") or ""
            row = next(((urgent, need) for pat, urgent, need in TABLE if re.search(pat, body)), None)
            if row is None:
                continue
            paras = body.split("\n\n")
            if len(paras) > 2 and FOLLOW.search(paras[-2]):
                body = "\n\n".join(paras[:-2] + paras[-1:])
            times = sorted(set(re.findall(r"\b\d{1,2}:\d\d\b", body)))
            money = sorted(set(re.findall(r"\$[\d,.]*\d+k?", body)))
            extra = ", ".join(times + money)
            rows.append((not row[0], f"- {'URGENT - ' if row[0] else ''}{_who(e)}: {row[1]}"
                                     f"{' (' + extra + ')' if extra else ''}."))
        if rows:
            desk.report.append(f"Triage at {desk.now:%H:%M}, most urgent first")
            desk.report += [line for _, line in sorted(rows, key=lambda r: r[0])]
