"""What every cheap imitation shares: world access through the purple's key, the inbox, what is "new", chat, the
address book, sender names and excerpts, and the protocol side (``CheatBrain``)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, ClassVar

import structlog

from services.protocol.messages import MessageType
from services.ues.client import UESClient, UESError, parse_time

log = structlog.get_logger("purple.cheats")

DEFAULT_CONVERSATION = "user-assistant"

# Local parts (or parts of them) of senders a person would not want relayed: bulk mail and machines.
AUTOMATED_MARKERS = ("noreply", "no-reply", "donotreply", "do-not-reply", "mailer-daemon", "news", "notification",
                     "notify", "deals", "offers", "promo", "marketing", "hello", "events", "tracking", "billing",
                     "alerts", "updates", "digest")
# Shared role mailboxes (info@, team@, it-support@). Matched as whole words of the local part: as substrings they
# would catch people ("steam.kim", "Martinez").
ROLE_ACCOUNT_WORDS = frozenset(("info", "team", "support", "admin", "office", "contact", "help", "helpdesk", "service",
                                "servicedesk", "sales", "accounts", "hr", "it", "security", "postmaster", "webmaster"))


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


def when(value: Any) -> datetime:
    """A message timestamp as a datetime; unparsable ones sort first."""
    try:
        return parse_time(str(value))
    except ValueError:
        return datetime.min.replace(tzinfo=UTC)


def arrived(message: dict[str, Any]) -> datetime:
    """When an email (received, else sent) or an SMS (sent) arrived."""
    return when(message.get("received_at") or message.get("sent_at"))


@dataclass
class Inbox:
    """The user's addresses and every incoming email and SMS, oldest first; ``folders`` are the mailbox's
    folder names."""

    user_email: str = ""
    user_phone: str = ""
    emails: list[dict[str, Any]] = field(default_factory=list)
    sms: list[dict[str, Any]] = field(default_factory=list)
    folders: list[str] = field(default_factory=list)
    all_emails: list[dict[str, Any]] = field(default_factory=list)
    all_sms: list[dict[str, Any]] = field(default_factory=list)


async def read_inbox(ues: UESClient) -> Inbox:
    """Incoming mail (not sent by the user, not in sent/drafts) and SMS (direction incoming, not deleted); the
    ``all_`` lists hold every message of the state, the user's own included."""
    email = await call(ues, "GET", "/email/state") or {}
    sms = await call(ues, "GET", "/sms/state") or {}
    inbox = Inbox(user_email=str(email.get("user_email_address") or ""),
                  user_phone=str(sms.get("user_phone_number") or ""), folders=list(email.get("folders") or {}),
                  all_emails=list((email.get("emails") or {}).values()),
                  all_sms=list((sms.get("messages") or {}).values()))
    user = inbox.user_email.lower()
    inbox.emails = sorted((e for e in inbox.all_emails
                           if str(e.get("from_address", "")).lower() != user
                           and e.get("folder") not in ("sent", "drafts")), key=arrived)
    inbox.sms = sorted((m for m in inbox.all_sms if m.get("direction") == "incoming" and not m.get("is_deleted")),
                       key=arrived)
    return inbox


@dataclass
class Seen:
    """Which messages of one kind a role has looked at.

    At a role's first look every unread incoming message is new (the world may open with the work waiting in the
    inbox); after that, every incoming message it has not seen before."""

    ids: set[str] = field(default_factory=set)
    primed: bool = False

    def fresh(self, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The new ones among ``messages`` (kept in order); all of them count as seen afterwards."""
        new = [m for m in messages if m.get("message_id") not in self.ids and (self.primed or not m.get("is_read"))]
        self.ids.update(str(m.get("message_id")) for m in messages)
        self.primed = True
        return new


@dataclass
class CheatRun:
    """One assessment context: the world's address and what the role has already seen and done."""

    ues_url: str
    api_key: str
    turns: int = 0
    conversation: str | None = None
    emails: Seen = field(default_factory=Seen)
    sms: Seen = field(default_factory=Seen)
    done: set[str] = field(default_factory=set)
    # What rule scripts keep between this context's turns: part → its script's memory, and the simulated step they
    # asked for in the last turn (the scripted role).
    memory: dict[str, dict[str, Any]] = field(default_factory=dict)
    step: timedelta | None = None


async def user_prompts(ues: UESClient) -> list[dict[str, Any]]:
    """The user's chat messages, oldest first."""
    chat = await call(ues, "GET", "/chat/state") or {}
    return [m for m in chat.get("messages") or [] if isinstance(m, dict) and m.get("role") == "user"]


async def conversation_id(ues: UESClient) -> str:
    """The conversation of the user's first chat message, else ``user-assistant``."""
    for message in await user_prompts(ues):
        if message.get("conversation_id"):
            return str(message["conversation_id"])
    return DEFAULT_CONVERSATION


async def say(ues: UESClient, run: CheatRun, content: str, role: str = "assistant") -> None:
    """Post ``content`` to the user's conversation (found once per run)."""
    if run.conversation is None:
        run.conversation = await conversation_id(ues)
    await call(ues, "POST", "/chat/send", {"role": role, "conversation_id": run.conversation, "content": content})


def reply_subject(subject: str) -> str:
    """``Re: subject``, without doubling the prefix."""
    return subject if subject.lower().startswith("re:") else f"Re: {subject}"


async def reply_email(ues: UESClient, user_email: str, email: dict[str, Any], body: str) -> None:
    """Answer ``email`` from the user, in its thread."""
    await call(ues, "POST", "/email/send", {
        "from_address": user_email, "to_addresses": [email.get("from_address")],
        "subject": reply_subject(str(email.get("subject") or "(no subject)")), "body_text": body,
        "thread_id": email.get("thread_id"), "in_reply_to": email.get("message_id"),
        "references": [*(email.get("references") or []), email.get("message_id")]})


async def text(ues: UESClient, user_phone: str, to: str, body: str) -> None:
    """An SMS from the user to one number."""
    await call(ues, "POST", "/sms/send", {"from_number": user_phone, "to_numbers": [to], "body": body})


def _local_part(sender: str) -> str:
    return sender.rsplit("<", 1)[-1].split("@", 1)[0].lower()


def is_automated(sender: str) -> bool:
    """Whether an email address (its local part) or an SMS number (a short code) looks like a machine."""
    if "@" not in sender:
        return sum(ch.isdigit() for ch in sender) < 7
    return any(marker in _local_part(sender) for marker in AUTOMATED_MARKERS)


def is_role_account(sender: str) -> bool:
    """Whether a sender is no person: a machine (``is_automated``) or a shared role mailbox (``info@``)."""
    return is_automated(sender) or any(word in ROLE_ACCOUNT_WORDS for word in re.split(r"[._+-]", _local_part(sender)))


def sender_of(message: dict[str, Any]) -> str:
    """An email's from address or an SMS's from number."""
    return str(message.get("from_address") or message.get("from_number") or "")


def addresses_of(email: dict[str, Any]) -> list[str]:
    """Every address an email names: its sender and its to and cc recipients."""
    return [str(email.get("from_address") or ""), *(str(a) for a in email.get("to_addresses") or []),
            *(str(a) for a in email.get("cc_addresses") or [])]


def body_of(message: dict[str, Any]) -> str:
    """An email's text body or an SMS's body."""
    return str(message.get("body_text") or message.get("body") or "")


def excerpt(text: str, words: int) -> str:
    """The first ``words`` words of ``text`` on one line, with "…" when cut."""
    parts = text.split()
    return " ".join(parts[:words]) + (" …" if len(parts) > words else "")


def count_hits(text: str, phrases: tuple[str, ...]) -> int:
    """How often the ``phrases`` occur in ``text`` as whole words (case-insensitive)."""
    lowered = text.lower()
    return sum(len(re.findall(rf"(?<!\w){re.escape(phrase)}(?!\w)", lowered)) for phrase in phrases)


def _phone_key(number: str) -> str:
    digits = "".join(ch for ch in number if ch.isdigit())
    return digits[-10:]


@dataclass
class AddressBook:
    """The user's contacts (``GET /contacts/state``; empty when the world has none): names by email address and
    phone number, and every identifier."""

    names: dict[str, str] = field(default_factory=dict)
    emails: list[str] = field(default_factory=list)
    phones: list[str] = field(default_factory=list)

    def name(self, sender: str) -> str:
        """The contact's name; else, for an address, its local part as words ("dana.lee" → "Dana Lee"); else
        ``sender``."""
        key = sender.lower() if "@" in sender else _phone_key(sender)
        if key in self.names:
            return self.names[key]
        words = [w for w in re.split(r"[._+-]", _local_part(sender)) if w.isalpha()] if "@" in sender else []
        return " ".join(w.capitalize() for w in words) or sender


async def read_address_book(ues: UESClient) -> AddressBook:
    """The address book through the key; a world without contacts gives an empty one."""
    state = await call(ues, "GET", "/contacts/state") or {}
    book = AddressBook()
    contacts = state.get("contacts") or {}
    for contact in contacts.values() if isinstance(contacts, dict) else []:
        name = str(contact.get("resolved_display_name") or contact.get("display_name")
                   or " ".join(str(p) for p in (contact.get("first_name"), contact.get("last_name")) if p))
        for ident in contact.get("identifiers") or []:
            value = str(ident.get("value") or "")
            if ident.get("identifier_type") == "email" and "@" in value:
                book.emails.append(value)
                book.names.setdefault(value.lower(), name or value)
            elif ident.get("identifier_type") == "phone" and _phone_key(value):
                book.phones.append(value)
                book.names.setdefault(_phone_key(value), name or value)
    return book


# ------------------------------------------------------------------------------------------------ brains
class CheatBrain:
    """The protocol side shared by the cheap imitations: per-context runs, one UES client per turn, and a
    ``turn_complete`` asking for ``time_step`` (None: the scenario's default step). Subclasses implement ``turn``."""

    time_step: ClassVar[str | None] = None

    def __init__(self) -> None:
        self.runs: dict[str, CheatRun] = {}

    async def handle(self, payload: dict[str, Any], context_id: str) -> dict[str, Any] | None:
        """Answer one green message: a ``turn_complete`` for a ``turn_start``, nothing for the others."""
        kind = payload.get("message_type")
        if kind == MessageType.ASSESSMENT_START:
            self.runs[context_id] = CheatRun(ues_url=str(payload["ues_url"]).rstrip("/"),
                                             api_key=str(payload["api_key"]))
            return None
        if kind == MessageType.ASSESSMENT_COMPLETE:
            self.runs.pop(context_id, None)
            return None
        if kind != MessageType.TURN_START:
            return None
        run = self.runs.get(context_id)
        if run is not None:
            run.turns += 1
            async with UESClient(run.ues_url, run.api_key, timeout_s=30) as ues:
                await self.turn(run, ues)
        reply: dict[str, Any] = {"message_type": MessageType.TURN_COMPLETE}
        if self.time_step is not None:
            reply["time_step"] = self.time_step
        return reply

    async def turn(self, run: CheatRun, ues: UESClient) -> None:
        """One turn's actions in the world."""
        raise NotImplementedError
