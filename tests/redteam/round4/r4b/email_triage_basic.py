"""email_triage_basic (classic): every turn (each top of the hour) one summary of the mail that arrived since the
last. Each email is matched to the public templates by shared words (the templates' bodies are not phrasebook
kinds: a wording pack rewords only the tone, follow-up, offer and aside sentences): noise is left out, an item's
line names its sender (address book / sign-off), its template's ask keywords found in the body (in alphabetical
order, never the email's own order), its amounts, and its clock times that fall today after it arrived (follow-ups
on another day and asides earlier today are left out). Urgent (template urgency; flex items by the variant that
matches) first. Nothing is sent."""

from __future__ import annotations

import re
from datetime import timedelta

from green_agent.scenario_kit.facts import times
from scenarios.parts.email_triage_basic.mail import TEMPLATES, Item
from services.purple.cheats.base import is_role_account
from services.purple.cheats.scripted.desk import Desk, Script, script

WORD = re.compile(r"[a-z][a-z'-]{3,}")


def _vocab(text: str) -> set[str]:
    return set(WORD.findall(re.sub(r"\{[^}]*\}", " ", text).lower()))


SENT = re.compile(r"(?<=[.!?])\s+|\n")


def _time_sentences(body: str, keys: tuple[str, ...]) -> list[set[str]]:
    """The vocabularies of the template sentences that hold one of the clock-time placeholders ``keys``."""
    return [_vocab(x) for x in SENT.split(body) if any("{" + k + "}" in x for k in keys)]


# (template id, urgent?, keywords, vocabulary, is noise, vocabularies of its due-time sentences)
CANDS = []
for t in TEMPLATES:
    if isinstance(t, Item):
        variants = [(t.urgency == "urgent", t.text)] if t.text else [(k == "urgent", v) for k, v in t.variants.items()]
        for urgent, text in variants:
            CANDS.append((t.id, urgent, text.kw, _vocab((text.subject or "") + " " + text.body), False,
                          _time_sentences(text.body, text.times)))
    else:
        CANDS.append((t.id, False, (), _vocab(t.subject + " " + t.body), True, []))


def _match(email: dict) -> tuple:
    v = _vocab(str(email.get("subject") or "") + " " + str(email.get("body_text") or ""))
    return max(CANDS, key=lambda c: len(v & c[3]) / max(1, len(c[3])))


@script
class EmailTriageBasic(Script):
    part = "email_triage_basic"
    trigger = r"."

    async def turn(self, desk: Desk) -> None:
        seen = desk.memory.setdefault("etb_seen", set())
        if not desk.memory.get("etb_on"):
            # Only a world of this classic: most of its mail matches its templates.
            if len(desk.inbox.emails) < 4:
                return
            scores = []
            for e in desk.inbox.emails:
                c = _match(e)
                v = _vocab(str(e.get("subject") or "") + " " + str(e.get("body_text") or ""))
                scores.append(len(v & c[3]) / max(1, len(c[3])))
            if sum(s > 0.6 for s in scores) < 0.7 * len(scores):
                return
            desk.memory["etb_on"] = True
        new = [e for e in desk.inbox.emails if str(e.get("message_id")) not in seen
               and desk.at(e.get("received_at") or e.get("sent_at")) <= desk.now]
        for e in new:
            seen.add(str(e.get("message_id")))
        lines = []
        for e in new:
            tid, urgent, kws, _, noise, due_sentences = _match(e)
            if noise:
                continue
            body = str(e.get("body_text") or "")
            subject = str(e.get("subject") or "")
            sender = str(e.get("from_address") or "")
            name = desk.book.name(sender)
            local = sender.split("@")[0].lower()
            if is_role_account(sender) or "@" in name or not name.strip():
                tail = [ln.strip() for ln in body.strip().splitlines()[-3:]]
                person = [ln for ln in tail if re.fullmatch(r"[A-Z][\w'-]+(?: [A-Z][\w'-]+){1,2}", ln)]
                if person:
                    name = person[0]
                elif local:
                    name = local
            arrived = desk.at(e.get("received_at") or e.get("sent_at"))
            found = []
            for k in kws:
                if "{" in k or re.search(r"\d[:.]\d\d", k):
                    continue
                if re.search(rf"(?<!\w){re.escape(k)}(?!\w)", body, re.I) and k.lower() not in subject.lower():
                    found.append(k)
            if not found:
                found = [k for k in kws if "{" not in k and not re.search(r"\d[:.]\d\d", k)][:3]
            words = sorted({k.lower() for k in found})
            clocks = []
            sentences = [x for x in SENT.split(body) if x.strip()]
            for want in due_sentences:
                best = max(sentences, key=lambda x: len(_vocab(x) & want) / max(1, len(want)), default="")
                if best and len(_vocab(best) & want) >= 0.5 * len(want):
                    clocks += [f"{t:%H:%M}" for t in times(best, arrived)]
            amounts = sorted(set(re.findall(r"\$\d[\d,]*(?:\.\d\d)?k?|\b\d+(?:\.\d+)?%", body)))
            parts = [", ".join(words)]
            if clocks:
                parts.append("by " + " / ".join(sorted(set(clocks))))
            if amounts:
                parts.append("figures " + ", ".join(amounts))
            rank = 0 if urgent else 1
            lines.append((rank, str(arrived), f"{'URGENT' if urgent else 'Routine'} - {name}: " + "; ".join(parts)))
        lines.sort()
        if lines:
            desk.report.append("Mail triage since the last summary, most urgent first:\n" +
                               "\n".join(text for *_, text in lines))
        else:
            desk.report.append("Mail triage: nothing new needs you since the last summary.")
