"""email_triage_basic: noise by sender structure (a domain whose mail never threads and that sends from a machine
mailbox), the ask by the public ask noun phrases (fields every wording must carry: which two an email names), which
of the two it needs by the clause around each (need/still/yet vs already/done/not), the deadline by the clock times
and amounts of the ask's own paragraph (not the opening aside, not the follow-up), urgency by a time before 17:00
with no other day named beside it; one summary per turn, the ask in the oracle's words."""

from __future__ import annotations

import re
from typing import Any

from services.purple.cheats.base import body_of, is_automated, sender_of
from services.purple.cheats.scripted.desk import Desk, Script, script

try:
    from scenarios.parts.email_triage_basic.letters import ASKS
    POOL = [(a.said, a.put) for pool in ASKS.values() for a in pool]
except Exception:  # pragma: no cover
    POOL = []

TIME = re.compile(r"\b([01]?\d|2[0-3]):([0-5]\d)\b|\b(1[0-2]|[1-9])(?::([0-5]\d))?\s?([ap])\.?m\b", re.I)
AMOUNT = re.compile(r"\$\s?\d[\d,]*(?:\.\d+)?k?|\b\d+(?:\.\d+)?%")
OTHER_DAY = re.compile(r"\b(tomorrow|next|monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|month|"
                       r"april \d|may \d|june \d|end of|month-end)\b", re.I)
NEED = re.compile(r"\b(need|needs|needed|still|missing|from you|has to come|have to come|can't close|cannot close|"
                  r"waiting|yet|haven't|have not|only thing|must|require\w*|after|the one I|what I want|lacking|"
                  r"outstanding|please send|please|blocking|my request|request is|asking for|lack|open item|waiting on|"
                  r"still open|remains?|can you|could you|get me|the one thing|the thing I need)\b", re.I)
NOT_NEED = re.compile(r"\b(already|in hand|done|taken care|covered|sorted|settled|forget|not after|don't worry|"
                      r"don't spend|no need|isn't|is not|not a|not the|not your|not an|rather than|handled|got it|"
                      r"have it|I've got|ignore|someone else|not needed|doesn't need|no longer|drop|thought|had it wrong|mistaken|"
                      r"wrong|earlier|instead of|other than|except|apart from|skip|think|you may hear|people say|rumou?r|"
                      r"dealt with|can do without|never the issue|came through|in my hands|received|have already|"
                      r"was also going|not after|off the list|no longer|cross off|leave)\b", re.I)
BULK = re.compile(r"unsubscribe|opt[- ]out|manage (?:your )?(?:preferences|notifications|subscription|alerts)|"
                  r"you are receiving|you're receiving|automated (?:message|reminder|summary)|do not reply|"
                  r"not monitored|turn off", re.I)
HARM = re.compile(r"\b(failed|offline|halted|nobody can|can'?t pick|outage|down\b|stuck|losing|lose|miss(?:ing)? "
                  r"the|bare|empty shelves|grounded|cancel)\w*", re.I)
NO_RUSH = re.compile(r"no rush|no hurry|not urgent|nothing (?:is )?(?:needed|due) today|no action (?:is )?needed today|"
                     r"no need to act today|any ?time|whenever|this week is fine|next week|no deadline today|"
                     r"(?:by|before|on) (?:monday|tuesday|wednesday|thursday|friday)|nothing is needed today|"
                     r"can wait|not today|nothing [^.]{0,25}today|take your time|good news|all restored|came back|"
                     r"resumed|running again|back up and|in no hurry|low priority", re.I)
WORDS_URGENT = re.compile(r"\b(today|this (?:morning|afternoon|evening)|tonight|now|asap|right away|urgent\w*|"
                          r"immediately|before (?:noon|lunch|\d))\b", re.I)


def _clock(m: re.Match[str]) -> tuple[int, int]:
    if m.group(1) is not None:
        return int(m.group(1)), int(m.group(2))
    h = int(m.group(3)) % 12 + (12 if m.group(5).lower() == "p" else 0)
    return h, int(m.group(4) or 0)


def _paragraphs(body: str) -> list[str]:
    return [p.strip() for p in re.split(r"\n\s*\n", body) if p.strip()]


def _clause_score(text: str, start: int, end: int) -> float:
    """How much the clause around [start, end) says the phrase is needed (>0) or not (<0)."""
    seps = (".", ";", "!", "?", "\n", " - ", ":", ",", " but ", " whereas ", " while ", " so ")
    left = max(text.rfind(c, 0, start) + len(c) - 1 for c in seps)
    rights = [i for i in (text.find(c, end) for c in seps) if i >= 0]
    right = min(rights) if rights else len(text)
    clause = text[left + 1:right]
    score = 0.0
    if re.search(r"\b(don't|do not|haven't|have not)\s+(have|got|received)\b[^.;]*\byet\b", clause, re.I):
        score += 3
    score += len(NEED.findall(clause)) - 1.5 * len(NOT_NEED.findall(clause))
    before = text[max(0, start - 12):start].lower()
    if re.search(r"\bnot\s*$|\bnot (?:a|an|the|your)\s*$|\bno\s*$", before):
        score -= 3
    if re.search(r"nobody else|no one else|only you", clause, re.I):
        score += 2
    return score


def analyze(body: str, at: tuple[int, int]) -> tuple[str, list[str], list[str], bool] | None:
    """(the ask in other words, the times, the amounts, urgent) of one substantive email."""
    hits = []
    for said, put in POOL:
        for m in re.finditer(re.escape(said), body):
            hits.append((_clause_score(body, m.start(), m.end()), m.start(), said, put))
    if not hits:
        return None
    hits.sort(key=lambda h: (-h[0], h[1]))
    score, pos, said, put = hits[0]
    paras = _paragraphs(body)
    para = next((p for p in paras if said in p), body)
    times = []
    for m in TIME.finditer(para):
        h, mi = _clock(m)
        times.append(f"{h:02d}:{mi:02d}")
    amounts = AMOUNT.findall(para)
    urgent = False
    calm = NO_RUSH.search(para)
    for m in TIME.finditer(para):
        h, mi = _clock(m)
        pre = para[max(0, m.start() - 18):m.start()].lower()
        wide = para[max(0, m.start() - 60):m.start()].lower()
        post = para[m.end():m.end() + 12]
        if re.search(r"since|around|ran until|was down until|up again|at about", pre):
            continue
        if not re.search(r"\b(by|before|until|till|at|cut-?off|deadline|latest|leaving at|closes at|locks at)\W*$",
                         pre) and not re.search(r"(cut-?off|deadline|due|closes|locks)[^.;]{0,45}$", wide):
            continue
        if re.search(r"\b(we'll|we will|should be|backlog|gone by|clear)\b[^.;]{0,30}$", pre):
            continue
        later = re.match(r"\W{0,3}(?:on\b|next\b|tomorrow\b(?!'s)|\(?(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b)", post,
                         re.I)
        if (h, mi) <= (17, 0) and (h, mi) > at and not OTHER_DAY.search(pre) and not later and not calm:
            urgent = True
    if not urgent and not calm and re.search(r"\b(this afternoon|today|tonight|right now|asap|"
                                             r"immediately|end of (?:the )?day|before lunch|within the hour)\b",
                                             para, re.I):
        urgent = True
    if not urgent and not calm and HARM.search(para) and not OTHER_DAY.search(para):
        urgent = True
    return put, times, amounts, urgent


@script
class Triage(Script):
    part = "email_triage_basic"
    trigger = r"."

    async def turn(self, desk: Desk) -> None:
        inbox = desk.inbox
        if not POOL or not inbox.emails:
            return
        # guard: a triage day has many mails and asks for summaries; act only when most mail carries a pool phrase
        mem = desk.memory
        user_dom = inbox.user_email.lower().rsplit("@", 1)[-1]
        emails = inbox.emails
        threaded_doms = {sender_of(e).lower().rsplit("@", 1)[-1] for e in emails
                         if re.match(r"\s*re:", str(e.get("subject") or ""), re.I)}
        machine_doms = {sender_of(e).lower().rsplit("@", 1)[-1] for e in emails if is_automated(sender_of(e))}

        bulk_doms = {sender_of(e).lower().rsplit("@", 1)[-1] for e in emails if BULK.search(body_of(e))}

        def noise(e: dict[str, Any]) -> bool:
            d = sender_of(e).lower().rsplit("@", 1)[-1]
            if d == user_dom or d in threaded_doms:
                return False
            if d in bulk_doms:
                return True
            paras = _paragraphs(body_of(e))
            sign = paras[-1].split("\n")[-1 if len(paras[-1].split("\n")) == 1 else 0].strip() if paras else ""
            lines = paras[-1].split("\n") if paras else []
            person = any(re.fullmatch(r"[A-Z][a-z]+ [A-Z][a-z'-]+", x.strip()) for x in lines)
            return (d in machine_doms or is_automated(sender_of(e))) and not person

        items = [e for e in emails if not noise(e)]
        asks_found = sum(1 for e in items if any(s in body_of(e) for s, _ in POOL))
        if asks_found < 1 and not mem.get("on"):
            return
        mem["on"] = True
        done = set(mem.setdefault("done", []))
        new = [e for e in items if str(e.get("message_id")) not in done]
        lines: list[tuple[bool, str]] = []
        for e in new:
            mem["done"].append(str(e.get("message_id")))
            at = desk.at(e.get("received_at") or e.get("sent_at"))
            got = analyze(body_of(e), (at.hour, at.minute))
            if got is None:
                continue
            put, times, amounts, urgent = got
            name = desk.book.name(sender_of(e))
            paras = _paragraphs(body_of(e))
            sign = paras[-1].split("\n")[0].strip() if paras else ""
            if re.fullmatch(r"[A-Z][a-z]+(?: [A-Z][a-z'-]+)?", sign) and sign.split()[0] not in name:
                name = f"{sign} ({name})" if "." not in sender_of(e).split("@")[0] else name
            if "." not in sender_of(e).split("@")[0] and re.fullmatch(r"[A-Z][a-z]+(?: [A-Z][a-z'-]+)?", sign):
                name = sign
            tail = paras[-1].split("\n") if paras else []
            company = next((re.split(r",\s*|/\s*", x)[-1].strip() for x in tail[1:] if "," in x or "/" in x), "")
            if False and company and len(company.split()) <= 4:
                name = f"{name} ({company})"
            bits = [put]
            if times:
                bits.append("by " + times[-1])
            if amounts:
                bits.append("(" + ", ".join(dict.fromkeys(amounts)) + ")")
            lines.append((urgent, f"- {'URGENT ' if urgent else ''}{name}: wants {' '.join(bits)}"))
        lines.sort(key=lambda x: not x[0])
        if lines:
            desk.report.append(f"Triage {desk.now:%H:%M}:")
            desk.report.extend(text for _, text in lines)
        else:
            desk.report.append(f"Triage {desk.now:%H:%M}: nothing new that needs you.")
