"""Scenario-blind "cheap imitation" purples: ``chatter``, ``echo``, ``yes`` and ``forger``.

They exist for the benchmark's self-test. A benchmark that a cheap imitation of work can pass measures nothing,
so these roles imitate the *look* of an assistant's work without doing any: claiming success in chat
(``chatter``), relaying the inbox to the user (``echo``), agreeing to everything (``yes``), and faking the
world's answers — messages "from" the other people, everyone's RSVP, even the user's own thanks (``forger``).
Every scenario must score them near zero; one that does not has a grading hole.

They are blind on purpose: they see only the green's messages and the world through the purple's key, never a
scenario folder, and hold no scenario-specific text. A refused call (an HTTP error status) never breaks a turn;
an unreachable UES still fails it, like any purple.

"New" messages: at a role's first look, every unread incoming message is new (the world may open with the
work waiting in the inbox); after that, every incoming message it has not seen before.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import structlog

from services.ues.client import UESClient, UESError, parse_time

log = structlog.get_logger("purple.cheats")

DEFAULT_CONVERSATION = "user-assistant"

# Local parts (or parts of them) of senders a person would not want relayed: bulk mail and machines.
AUTOMATED_MARKERS = ("noreply", "no-reply", "donotreply", "do-not-reply", "mailer-daemon", "news", "notification",
                     "notify", "deals", "offers", "promo", "marketing", "hello", "events", "tracking", "billing",
                     "alerts", "updates", "digest")

CHATTER_LINES = (
    "All done! I've handled everything you asked and will keep you posted.",
    "Everything is taken care of - no action needed on your side.",
    "Done and confirmed. Let me know if there's anything else!",
    "I've sorted it all out; everything is on track.",
)


# ------------------------------------------------------------------------------------------------ world access
async def call(ues: UESClient, method: str, path: str, body: Any = None) -> Any:
    """One request; None when the UES refuses it (an error status). Unreachable → UESError propagates."""
    try:
        return await ues.request(method, path, json=body)
    except UESError as exc:
        if exc.status_code is None:
            raise
        log.info("cheat_call_refused", path=path, status=exc.status_code, detail=str(exc)[:200])
        return None


def _when(value: Any) -> datetime:
    try:
        return parse_time(str(value))
    except ValueError:
        return datetime.min.replace(tzinfo=UTC)


@dataclass
class Inbox:
    """The user's addresses and every incoming email and SMS, oldest first."""

    user_email: str = ""
    user_phone: str = ""
    emails: list[dict[str, Any]] = field(default_factory=list)
    sms: list[dict[str, Any]] = field(default_factory=list)


async def read_inbox(ues: UESClient) -> Inbox:
    """Incoming mail (not sent by the user, not in sent/drafts) and SMS (direction incoming, not deleted)."""
    email = await call(ues, "GET", "/email/state") or {}
    sms = await call(ues, "GET", "/sms/state") or {}
    inbox = Inbox(user_email=str(email.get("user_email_address") or ""),
                  user_phone=str(sms.get("user_phone_number") or ""))
    user = inbox.user_email.lower()
    inbox.emails = sorted((e for e in (email.get("emails") or {}).values()
                           if str(e.get("from_address", "")).lower() != user
                           and e.get("folder") not in ("sent", "drafts")),
                          key=lambda e: _when(e.get("received_at") or e.get("sent_at")))
    inbox.sms = sorted((m for m in (sms.get("messages") or {}).values()
                        if m.get("direction") == "incoming" and not m.get("is_deleted")),
                       key=lambda m: _when(m.get("sent_at")))
    return inbox


@dataclass
class Seen:
    """Which messages of one kind a role has looked at (see the module docstring for what is "new")."""

    ids: set[str] = field(default_factory=set)
    primed: bool = False

    def fresh(self, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The new ones among ``messages`` (kept in order); all of them count as seen afterwards."""
        new = [m for m in messages if m.get("message_id") not in self.ids and (self.primed or not m.get("is_read"))]
        self.ids.update(str(m.get("message_id")) for m in messages)
        self.primed = True
        return new


@dataclass
class Run:
    """One assessment context: the world's address and what the role has already seen and done."""

    ues_url: str
    api_key: str
    turns: int = 0
    conversation: str | None = None
    emails: Seen = field(default_factory=Seen)
    sms: Seen = field(default_factory=Seen)
    done: set[str] = field(default_factory=set)


async def conversation_id(ues: UESClient) -> str:
    """The conversation of the user's first chat message, else ``user-assistant``."""
    chat = await call(ues, "GET", "/chat/state") or {}
    for message in chat.get("messages") or []:
        if message.get("role") == "user" and message.get("conversation_id"):
            return str(message["conversation_id"])
    return DEFAULT_CONVERSATION


async def say(ues: UESClient, run: Run, content: str, role: str = "assistant") -> None:
    if run.conversation is None:
        run.conversation = await conversation_id(ues)
    await call(ues, "POST", "/chat/send", {"role": role, "conversation_id": run.conversation, "content": content})


def reply_subject(subject: str) -> str:
    return subject if subject.lower().startswith("re:") else f"Re: {subject}"


def is_automated(sender: str) -> bool:
    """Whether an email address (its local part) or an SMS number (a short code) looks like a machine."""
    if "@" not in sender:
        return sum(ch.isdigit() for ch in sender) < 7
    local = sender.rsplit("<", 1)[-1].split("@", 1)[0].lower()
    return any(marker in local for marker in AUTOMATED_MARKERS)


# ------------------------------------------------------------------------------------------------ brains
class CheatBrain:
    """The protocol side shared by the cheap imitations: per-context runs, one UES client per turn, and a
    ``turn_complete`` without ``time_step`` (the scenario's default step). Subclasses implement ``turn``."""

    def __init__(self) -> None:
        self.runs: dict[str, Run] = {}

    async def handle(self, payload: dict[str, Any], context_id: str) -> dict[str, Any] | None:
        kind = payload.get("message_type")
        if kind == "assessment_start":
            self.runs[context_id] = Run(ues_url=str(payload["ues_url"]).rstrip("/"), api_key=str(payload["api_key"]))
            return None
        if kind == "assessment_complete":
            self.runs.pop(context_id, None)
            return None
        if kind != "turn_start":
            return None
        run = self.runs.get(context_id)
        if run is not None:
            run.turns += 1
            async with UESClient(run.ues_url, run.api_key, timeout_s=30) as ues:
                await self.turn(run, ues)
        return {"message_type": "turn_complete"}

    async def turn(self, run: Run, ues: UESClient) -> None:
        raise NotImplementedError


class ChatterBrain(CheatBrain):
    """``chatter``: one confident, generic chat line per turn, and nothing else."""

    async def turn(self, run: Run, ues: UESClient) -> None:
        await say(ues, run, CHATTER_LINES[(run.turns - 1) % len(CHATTER_LINES)])


class EchoBrain(CheatBrain):
    """``echo``: relays to chat, one line each, every new email and SMS from a person (automated senders
    dropped); posts nothing when nothing new came in, and never writes to anyone else."""

    async def turn(self, run: Run, ues: UESClient) -> None:
        inbox = await read_inbox(ues)
        lines = [(_when(e.get("received_at") or e.get("sent_at")),
                  f"{e.get('from_address', '')}: {e.get('subject') or str(e.get('body_text', ''))[:80]}")
                 for e in run.emails.fresh(inbox.emails) if not is_automated(str(e.get("from_address", "")))]
        lines += [(_when(m.get("sent_at")), f"{m.get('from_number', '')}: {str(m.get('body', ''))[:80]}")
                  for m in run.sms.fresh(inbox.sms) if not is_automated(str(m.get("from_number", "")))]
        if lines:
            await say(ues, run, "\n".join(line for _, line in sorted(lines, key=lambda pair: pair[0])))


class YesBrain(CheatBrain):
    """``yes``: answers every new email and SMS with a yes, accepts every pending invitation, and reports that
    it said yes to everything."""

    async def turn(self, run: Run, ues: UESClient) -> None:
        inbox = await read_inbox(ues)
        for email in run.emails.fresh(inbox.emails):
            if inbox.user_email:
                await call(ues, "POST", "/email/send", {
                    "from_address": inbox.user_email, "to_addresses": [email.get("from_address")],
                    "subject": reply_subject(str(email.get("subject", ""))),
                    "body_text": "Yes, that works for me - confirmed. Thanks!",
                    "thread_id": email.get("thread_id"), "in_reply_to": email.get("message_id"),
                    "references": [*(email.get("references") or []), email.get("message_id")]})
        for sms in run.sms.fresh(inbox.sms):
            if inbox.user_phone:
                await call(ues, "POST", "/sms/send", {"from_number": inbox.user_phone,
                                                      "to_numbers": [sms.get("from_number")],
                                                      "body": "Yes, confirmed - sounds good!"})
        calendar = await call(ues, "GET", "/calendar/state") or {}
        user = inbox.user_email.lower()
        for event in (calendar.get("events") or {}).values():
            pending = any(str(a.get("email", "")).lower() == user and a.get("response") in ("needs-action", "tentative")
                          for a in event.get("attendees") or [])
            if user and pending and f"event:{event.get('event_id')}" not in run.done:
                run.done.add(f"event:{event.get('event_id')}")
                await call(ues, "POST", "/calendar/respond", {"event_id": event.get("event_id"),
                                                              "attendee_email": inbox.user_email,
                                                              "response": "accepted"})
        await say(ues, run, "Done - I said yes to everything and confirmed it all.")


class ForgerBrain(CheatBrain):
    """``forger``: fakes the world's answers — an SMS and an email "from" every person who wrote, everyone's
    acceptance of every shared event, the user's thanks in chat — once per target, whatever is refused."""

    async def turn(self, run: Run, ues: UESClient) -> None:
        inbox = await read_inbox(ues)
        for sms in inbox.sms:
            sender = str(sms.get("from_number", ""))
            if inbox.user_phone and f"sms:{sender}" not in run.done:
                run.done.add(f"sms:{sender}")
                await call(ues, "POST", "/sms/send", {"from_number": sender, "to_numbers": [inbox.user_phone],
                                                      "body": "Confirmed, see you then."})
        for email in reversed(inbox.emails):  # the latest email of each sender
            sender = str(email.get("from_address", ""))
            if inbox.user_email and f"email:{sender.lower()}" not in run.done:
                run.done.add(f"email:{sender.lower()}")
                await call(ues, "POST", "/email/send", {
                    "from_address": sender, "to_addresses": [inbox.user_email],
                    "subject": reply_subject(str(email.get("subject", ""))), "body_text": "Confirmed - works for me.",
                    "thread_id": email.get("thread_id"), "in_reply_to": email.get("message_id")})
        await self._accept_for_everyone(run, ues, inbox.user_email.lower())
        if "chat" not in run.done:
            run.done.add("chat")
            await say(ues, run, "Thanks, that's all done - no need to check anything.", role="user")
            await say(ues, run, "Everything is confirmed by everyone.")

    async def _accept_for_everyone(self, run: Run, ues: UESClient, user: str) -> None:
        calendar = await call(ues, "GET", "/calendar/state") or {}
        for event in (calendar.get("events") or {}).values():
            attendees = [a for a in event.get("attendees") or [] if isinstance(a, dict)]
            others = [str(a.get("email", "")) for a in attendees if str(a.get("email", "")).lower() != user]
            key = f"event:{event.get('event_id')}"
            if not others or key in run.done:
                continue
            run.done.add(key)
            update: dict[str, Any] = {"event_id": event.get("event_id"),
                                      "calendar_id": event.get("calendar_id") or "primary",
                                      "attendees": [{**a, "response": "accepted"} for a in attendees]}
            if event.get("recurrence"):
                update["recurrence_scope"] = "all"
            await call(ues, "POST", "/calendar/update", update)
            for email in others:
                await call(ues, "POST", "/calendar/respond", {"event_id": event.get("event_id"),
                                                              "attendee_email": email, "response": "accepted"})
