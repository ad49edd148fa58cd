"""Imitations that only talk to the user: ``chatter`` (claims success), ``echo`` (relays sender and subject),
``digest`` and ``digest-max-step`` (extractive digests sorted by urgency words) and ``dumper`` (everything, in
full, each asking "Suspicious?")."""

from __future__ import annotations

from typing import Any

from services.purple.cheats.base import (
    AddressBook,
    CheatBrain,
    CheatRun,
    arrived,
    body_of,
    count_hits,
    excerpt,
    is_automated,
    is_role_account,
    read_address_book,
    read_inbox,
    say,
    sender_of,
)
from services.ues.client import UESClient

CHATTER_LINES = (
    "All done! I've handled everything you asked and will keep you posted.",
    "Everything is taken care of - no action needed on your side.",
    "Done and confirmed. Let me know if there's anything else!",
    "I've sorted it all out; everything is on track.",
)

# Words and phrases that make a message look time-critical; a digest puts the messages with most hits first.
URGENCY_WORDS = ("urgent", "urgently", "asap", "as soon as possible", "today", "tonight", "this morning",
                 "this afternoon", "deadline", "overdue", "past due", "immediately", "right away", "eod", "end of day",
                 "by noon", "by tomorrow", "time-sensitive", "time sensitive", "critical", "important", "emergency",
                 "priority", "right now")
DIGEST_WORDS = 25


class ChatterBrain(CheatBrain):
    """``chatter``: one confident, generic chat line per turn, and nothing else."""

    async def turn(self, run: CheatRun, ues: UESClient) -> None:
        await say(ues, run, CHATTER_LINES[(run.turns - 1) % len(CHATTER_LINES)])


class EchoBrain(CheatBrain):
    """``echo``: relays to chat, one line each, every new email and SMS from a person (automated senders
    dropped); posts nothing when nothing new came in, and never writes to anyone else."""

    async def turn(self, run: CheatRun, ues: UESClient) -> None:
        inbox = await read_inbox(ues)
        lines = [(arrived(e), f"{e.get('from_address', '')}: {e.get('subject') or str(e.get('body_text', ''))[:80]}")
                 for e in run.emails.fresh(inbox.emails) if not is_automated(str(e.get("from_address", "")))]
        lines += [(arrived(m), f"{m.get('from_number', '')}: {str(m.get('body', ''))[:80]}")
                  for m in run.sms.fresh(inbox.sms) if not is_automated(str(m.get("from_number", "")))]
        if lines:
            await say(ues, run, "\n".join(line for _, line in sorted(lines, key=lambda pair: pair[0])))


def urgency(message: dict[str, Any]) -> int:
    """How many urgency words a message's subject and body hold."""
    return count_hits(f"{message.get('subject') or ''} {body_of(message)}", URGENCY_WORDS)


class DigestBrain(CheatBrain):
    """``digest``: every turn with news, one chat message with a line per new email and SMS from a person —
    "Sender Name: the body's first 25 words" — most urgency words first, then by arrival; role accounts (info@,
    noreply@, newsletters…) left out. Posts nothing when nothing is new."""

    async def turn(self, run: CheatRun, ues: UESClient) -> None:
        inbox = await read_inbox(ues)
        fresh = run.emails.fresh(inbox.emails) + run.sms.fresh(inbox.sms)
        picked = [m for m in fresh if self.keeps(m)]
        if not picked:
            return
        book = await read_address_book(ues)
        # Arrival order first, then a stable sort on urgency: ties keep their arrival order.
        picked.sort(key=arrived)
        picked.sort(key=urgency, reverse=True)
        await say(ues, run, "\n".join(self.line(m, book) for m in picked))

    def keeps(self, message: dict[str, Any]) -> bool:
        """Whether the digest mentions ``message``: only what a person sent."""
        return not is_role_account(sender_of(message))

    def line(self, message: dict[str, Any], book: AddressBook) -> str:
        """One digest line: the sender's name and the start of the body."""
        return f"{book.name(sender_of(message))}: {excerpt(body_of(message), DIGEST_WORDS)}"


class DigestMaxStepBrain(DigestBrain):
    """``digest-max-step``: the digest of every new email and SMS, whoever sent it, each line the subject and the
    whole body, asking for the green's largest step (``PT4H``) every turn so the trial takes as few turns as
    possible."""

    time_step = "PT4H"

    def keeps(self, message: dict[str, Any]) -> bool:
        return True

    def line(self, message: dict[str, Any], book: AddressBook) -> str:
        subject = f"{message['subject']} - " if message.get("subject") else ""
        return f"{book.name(sender_of(message))}: {subject}{' '.join(body_of(message).split())}"


class DumperBrain(CheatBrain):
    """``dumper``: every new email and SMS, from anyone, posted to chat in full (sender, subject, body), one chat
    message each, in arrival order, each ending with the sentence "Suspicious?"."""

    async def turn(self, run: CheatRun, ues: UESClient) -> None:
        inbox = await read_inbox(ues)
        fresh = sorted(run.emails.fresh(inbox.emails) + run.sms.fresh(inbox.sms), key=arrived)
        if not fresh:
            return
        book = await read_address_book(ues)
        for message in fresh:
            sender = sender_of(message)
            name = book.name(sender)
            head = [f"From: {name} <{sender}>" if name != sender else f"From: {sender}"]
            if message.get("subject"):
                head.append(f"Subject: {message['subject']}")
            await say(ues, run, "\n".join(head) + f"\n\n{body_of(message).strip()}\n\nSuspicious?")
