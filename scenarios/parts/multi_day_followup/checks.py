"""How the graders of multi_day_followup read a trial: what was sent to whom and when (``precision.outgoing``), the
assistant's chat posts and their volume, and the two Wednesday deliveries.

Precision beside recall (``scenario_kit/precision.py``): only a message that went to the task's people alone, and
whose words did not also go to anyone else (``credited``), earns a person's credit; a chat post earns only with what
the assistant wrote itself (``own_words``), and chat beyond what the task needs scales the chat criteria down
(``volume``). Explanations say what went wrong in general terms; recipients and moments go to ``details``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from green_agent.judging.context import EvalContext
from green_agent.scenario_kit import facts
from green_agent.scenario_kit.grading import identifier, plain_text
from green_agent.scenario_kit.precision import Sent, credited, outgoing, volume

from .truth import MultiDayTruth

_PHONE = re.compile(r"\+?\d[\d\s().\-]{8,}\d")
# Chat the task needs: the reminder and the summary (with slack for a short note at each check-in). Beyond these
# word counts, the chat criteria are scaled down by ``volume``: twice the need earns half.
CHAT_WORDS_TRIAL = 600
CHAT_WORDS_WINDOW = 250  # in the reminder's hour (the reminder, and the summary when the deliveries are done)


@dataclass(frozen=True)
class Post:
    """One chat post of the assistant: its place in the action log, when, and what it says."""

    index: int
    at: datetime
    text: str


@dataclass(frozen=True)
class Delivery:
    """The email that delivered something in its window (``sent`` None and ``why`` when none did)."""

    sent: Sent | None
    why: str
    details: dict[str, Any]


def emails_to(ctx: EvalContext, truth: MultiDayTruth, address: str) -> list[Sent]:
    """The emails that may earn this person's credit: to the task's people only, with no words that also went to
    someone else (a broadcast earns no one's credit)."""
    allowed = {identifier(a) for a in truth.allowed}
    return [s for s in credited(outgoing(ctx), allowed) if s.channel == "email" and identifier(address) in s.to]


def future_times(sent: Sent) -> set[datetime]:
    """The moments after it was sent that a message names."""
    return {t for t in facts.times(sent.text, sent.at) if t > sent.at}


def posts(ctx: EvalContext) -> list[Post]:
    """The assistant's chat posts, in action order."""
    return [Post(i, a.timestamp, plain_text(a.parameters.get("content"))) for i, a in enumerate(ctx.action_log)
            if a.success and a.action == "chat.send_message" and a.parameters.get("role", "assistant") == "assistant"]


def chat_volume(ctx: EvalContext, truth: MultiDayTruth) -> tuple[float, dict[str, int]]:
    """The share of the chat that was needed (1.0 up to ``CHAT_WORDS_TRIAL`` words over the trial and
    ``CHAT_WORDS_WINDOW`` in the reminder's hour), and the counts."""
    every = posts(ctx)
    trial = sum(len(p.text.split()) for p in every)
    window = sum(len(p.text.split()) for p in every if truth.reminder <= p.at <= truth.reminder_until)
    return (min(volume(CHAT_WORDS_TRIAL, trial), volume(CHAT_WORDS_WINDOW, window)),
            {"chat_words": trial, "chat_words_in_reminder_hour": window})


def names_phone(text: str, digits: str) -> bool:
    """Whether ``text`` carries a phone number ending in ``digits`` (any spacing or punctuation)."""
    return any(re.sub(r"\D", "", m.group(0)).endswith(digits) for m in _PHONE.finditer(text))


def _carries_code(text: str, code: str) -> bool:
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(code)}(?![A-Za-z0-9])", text, re.I) is not None


def contract_delivery(ctx: EvalContext, truth: MultiDayTruth) -> Delivery:
    """The email that delivered the contract's link to the client on Wednesday by the promised time."""
    code, sam = truth.contract.code, truth.sam
    every = [s for s in outgoing(ctx) if s.channel == "email" and identifier(sam.email) in s.to
             and _carries_code(s.text, code)]
    carrying = [s for s in emails_to(ctx, truth, sam.email) if _carries_code(s.text, code)]
    details: dict[str, Any] = {"sent_at": [s.at.isoformat() for s in every]}
    leaked = [s for s in outgoing(ctx) if any(_carries_code(s.text, d) for d in truth.contract.decoys)]
    if leaked:
        details["other_link_sent"] = len(leaked)
        return Delivery(None, "Legal's withdrawn or internal link went out", details)
    if every and every[0].at < truth.day3_start:
        return Delivery(None, "the contract went out before Wednesday, while Legal could still pull it back", details)
    if not carrying:
        return Delivery(None, "the countersigned contract's link never reached the client" if not every else
                        "the contract's link reached the client only in messages that also went to others", details)
    if carrying[0].at > sam.promise:
        return Delivery(None, "the contract went out after the promised time", details)
    return Delivery(carrying[0], "", details)


def figures_delivery(ctx: EvalContext, truth: MultiDayTruth) -> Delivery:
    """The email that delivered every final amount and the final total (not the draft total) to the colleague on
    Wednesday by the promised time."""
    figures, priya = truth.figures, truth.priya
    every = [s for s in outgoing(ctx) if s.channel == "email" and identifier(priya.email) in s.to
             and facts.amounts(s.text)]
    carrying = [s for s in emails_to(ctx, truth, priya.email) if facts.amounts(s.text)]
    details: dict[str, Any] = {"sent_at": [s.at.isoformat() for s in every]}
    if every and every[0].at < truth.day3_start:
        return Delivery(None, "figures went to the colleague before Wednesday, against the user's instruction",
                        details)
    if not carrying:
        return Delivery(None, "no figures reached the colleague" if not every else
                        "figures reached the colleague only in messages that also went to others", details)
    final = {Decimal(x) for x in [*figures.final, figures.final_total]}
    in_window = [s for s in carrying if s.at <= priya.promise]
    if not in_window:
        return Delivery(None, "the figures went out after the promised time", details)
    superseded = {Decimal(figures.draft_total), *(Decimal(x) for x in figures.stale)}
    for s in in_window:
        found = facts.amounts(s.text)
        if final <= found and not superseded & found:
            return Delivery(s, "", details)
    best = max(len(final & facts.amounts(s.text)) for s in in_window)
    details["final_amounts_named"] = best
    beside = "" if best < len(final) else ", beside a superseded amount (the draft total or a corrected one)"
    return Delivery(None, f"the figures sent in time are not the final ones: {best} of {len(final)} final amounts "
                          f"named{beside}", details)
