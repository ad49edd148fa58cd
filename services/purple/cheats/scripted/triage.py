"""Rules for the classic ``email_triage_basic``, from reading its public templates: noise comes from ten fixed brand
domains; every routine item carries a tone sentence "... by HH:MM tomorrow / on Thursday / on Friday", urgent ones
never do; an item is reported by naming its sender with the template's ask keywords found in its body and its clock
times and amounts. Each hour: one summary of the mail since the last, urgent first. Second round: the follow-up
sentences of the public phrasebook are stripped before reading, and urgent is what still names a clock time."""

from __future__ import annotations

import re
from typing import Any

from services.purple.cheats.base import arrived
from services.purple.cheats.scripted.desk import Desk, Script, script

NOISE_DOMAINS = ("brewbox.example", "clouddrive.example", "coldchainsummit.example", "freightpulse.example",
                 "harborline.example", "linkup.example", "parcelpoint.example", "spendtrack.example",
                 "taskhive.example", "vantageair.example")
# The ask keywords of every template (copied from its public module), longest first.
KEYWORDS = (
    "warehouse capacity", "haven't submitted", "carton delivery", "delivery routes", "haven't started",
    "operations cost", "call next week", "finance folder", "hardware fault", "next Wednesday", "rapid response",
    "rapid-response", "route planning", "short shipment", "summer listing", "delivery time", "missing cases",
    "recovery plan", "refrigeration", "spring review", "who will meet", "finance sync", "look it over",
    "payment date", "routing talk", "support tier", "certificate", "contractual", "credit hold", "credit note",
    "late routes", "maintenance", "next Friday", "paper costs", "payment run", "replacement", "rescheduled",
    "three weeks", "associates", "cold rooms", "commitment", "corrugated", "cost lines", "escalation",
    "pick lists", "reschedule", "sanitation", "throughput", "12 months", "12 stores", "20 minute", "20-minute",
    "40 orders", "Wednesday", "cold brew", "cold room", "confirmed", "escalates", "escalator", "falls due",
    "filled in", "five-year", "insurance", "next week", "no action", "no rental", "ops slide", "own fleet",
    "promotion", "rebooking", "rough cut", "schedules", "signature", "two hours", "12-month", "30 April",
    "40 hours", "60 cases", "April 30", "Thursday", "accepted", "addition", "approval", "capacity", "courtesy",
    "database", "downtime", "escalate", "grounded", "increase", "oat milk", "past due", "recovery", "reminder",
    "restored", "scanners", "sign off", "sign-off", "spoilage", "2 hours", "3 weeks", "30 days", "Bayside",
    "approve", "arrival", "back up", "backlog", "confirm", "covered", "fill in", "insurer", "listing", "on hold",
    "on time", "on-time", "options", "overdue", "resumed", "volumes", "welcome", "3-week", "5-year", "Friday",
    "Sunday", "arrive", "booked", "budget", "cancel", "choose", "commit", "orders", "outage", "reefer", "rental",
    "routes", "server", "trucks", "vendor", "volume", "waived", "09:00", "10:00", "12:30", "14:00", "Jonah",
    "May 1", "cases", "claim", "leads", "locks", "nudge", "paper", "parts", "pizza", "slide", "slots", "spare",
    "waive", "9:30", "July", "hold", "meet", "pick", "rent", "rise", "room", "sign", "slot", "talk", "38k", "CFO",
    "cap", "due", "2%", "3%", "4%", "OK", "P1", "Q1", "VP",
)
# Second round (the classic's version 3): every email closes with a follow-up on another day, worded from a public
# list; its clock time is no deadline, and naming it loses the item. The list, copied, is stripped before reading.
_DAY = r"(?:tomorrow|on \w+day|next \w+|next week|\w+day)"
_FOLLOW = (r"I'll send a fuller note by \S+ tomorrow\.", r"I'll follow up by \S+ on \w+\.",
           r"I'll check back by \S+ on \w+\.", rf"More from me by \S+ {_DAY}\.", rf"Expect an update \(\S+, {_DAY}\)\.",
           rf"{_DAY} at \S+ I'll send the rest\.", rf"Could we catch up {_DAY}, \S+\?",
           rf"I'm around {_DAY} from \S+ if you want to talk it through\.",
           r"Or ring me at \S+ on Monday if that's easier\.", r"I'm also free at \S+ next Wednesday\.",
           r"We could go through it at \S+ on Thursday\.", rf"Happy to walk you through it {_DAY} at \S+\.",
           rf"{_DAY}, \S+, works for a call if needed\.")
FOLLOW = re.compile("|".join(_FOLLOW), re.I)
ROUTINE = re.compile(r"by \d{1,2}:\d\d (?:tomorrow|on \w+day)|no action needed|nothing urgent|not urgent", re.I)
CLOCK = re.compile(r"\b\d{1,2}:\d\d\b")
MONEY = re.compile(r"\$[\d,]+(?:\.\d\d)?|\b\d+%")


def _line(desk: Desk, email: dict[str, Any]) -> str:
    body = FOLLOW.sub("", str(email.get("body_text") or ""))
    sender = str(email.get("from_address") or "")
    name = desk.book.name(sender)
    company = sender.split("@")[-1].split(".")[0].title()
    found = [k for k in KEYWORDS if re.search(rf"(?<!\w){re.escape(k)}(?!\w)", body, re.I)][:4]
    facts = [*dict.fromkeys(CLOCK.findall(body)), *dict.fromkeys(MONEY.findall(body))][:4]
    return f"- {name} ({company}): needs you on {', '.join(found)}; {', '.join(facts)}"


@script
class EmailTriage(Script):
    part = "email_triage_basic"
    trigger = r"be my inbox filter"

    async def turn(self, desk: Desk) -> None:
        seen: set[str] = desk.memory.setdefault("seen", set())
        fresh = [e for e in desk.inbox.emails if e["message_id"] not in seen and arrived(e) <= desk.now]
        seen.update(e["message_id"] for e in fresh)
        items = [e for e in fresh if str(e.get("from_address") or "").split("@")[-1] not in NOISE_DOMAINS]
        if not items:
            return
        urgent = [e for e in items if not ROUTINE.search(FOLLOW.sub("", str(e.get("body_text") or "")))
                  and CLOCK.search(FOLLOW.sub("", str(e.get("body_text") or "")))]
        routine = [e for e in items if e not in urgent]
        desk.report.append(f"Triage {desk.now:%H:%M}, urgent first:")
        desk.report += [_line(desk, e) for e in (*urgent, *routine)]
