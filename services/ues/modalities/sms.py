"""SMS/RCS: messages, conversations, reactions and groups (ues-api.md §3.4, §3.7)."""

from __future__ import annotations

import bisect
import itertools
import uuid
from datetime import datetime
from typing import Any, ClassVar, Literal

from pydantic import Field, PrivateAttr, model_validator

from services.ues.modalities.base import ExecutionError, Modality, ModalityInput, StrictBody
from services.ues.timeutil import EPOCH, AwareDatetime

DEFAULT_PHONE_NUMBER = "+15550000000"
DEFAULT_MAX_MESSAGES = 10000

SMSOperation = Literal[
    "send_message", "receive_message", "update_delivery_status", "add_reaction", "remove_reaction",
    "edit_message", "delete_message", "create_group", "update_group", "add_participant", "remove_participant",
    "leave_group", "update_conversation",
]
MessageType = Literal["sms", "rcs"]
Direction = Literal["incoming", "outgoing"]
DeliveryStatus = Literal["sending", "sent", "delivered", "failed", "read"]
DirectChange = Literal["read", "unread", "delete"]

# Older releases nested the operation fields under ``action`` + one of these objects (§3.7).
_LEGACY_CONTAINERS = ("message_data", "delivery_update_data", "reaction_data", "edit_data", "delete_data",
                      "group_data", "participant_data", "conversation_update_data")
_BULK = {"update_delivery_status", "delete_message"}


# ---------------------------------------------------------------------------------------- state models
class SMSAttachment(StrictBody):
    filename: str
    size: int = Field(ge=0)
    mime_type: str
    attachment_id: str = Field(default_factory=lambda: str(uuid.uuid4()))
    thumbnail_url: str | None = None
    duration: int | None = None


class SMSAttachmentInput(SMSAttachment):
    """An attachment in an input; ``attachment_id`` is generated here so that replay is exact."""

    size: int = Field(gt=0)
    duration: int | None = Field(default=None, ge=0)


class MessageReaction(StrictBody):
    reaction_id: str
    message_id: str
    phone_number: str
    emoji: str
    timestamp: AwareDatetime


class GroupParticipant(StrictBody):
    phone_number: str
    is_admin: bool = False
    joined_at: AwareDatetime
    left_at: AwareDatetime | None = None


class SMSMessage(StrictBody):
    message_id: str
    thread_id: str
    from_number: str
    to_numbers: list[str]
    body: str
    attachments: list[SMSAttachment] = []
    reactions: list[MessageReaction] = []
    message_type: MessageType = "sms"
    direction: Direction
    sent_at: AwareDatetime
    delivered_at: AwareDatetime | None = None
    read_at: AwareDatetime | None = None
    is_read: bool = False
    delivery_status: DeliveryStatus = "sent"
    edited_at: AwareDatetime | None = None
    is_deleted: bool = False
    replied_to_message_id: str | None = None
    is_spam: bool = False


class SMSConversation(StrictBody):
    thread_id: str
    conversation_type: Literal["one_on_one", "group"]
    participants: list[GroupParticipant]
    group_name: str | None = None
    group_photo_url: str | None = None
    created_at: AwareDatetime
    created_by: str | None = None
    last_message_at: AwareDatetime
    message_count: int = 0
    unread_count: int = 0
    is_pinned: bool = False
    is_muted: bool = False
    is_archived: bool = False
    draft_message: str | None = None

    def snapshot(self) -> dict[str, Any]:
        out = {"thread_id": self.thread_id,
               "participants": [p.model_dump(mode="json") for p in self.participants],
               "message_count": self.message_count, "unread_count": self.unread_count,
               "last_message_at": self.last_message_at.isoformat(), "created_at": self.created_at.isoformat()}
        if self.group_name:
            out["group_name"] = self.group_name
        return out


class _SMSDump(StrictBody):
    """The export shape, validated field by field on load."""

    last_updated: AwareDatetime | None = None
    update_count: int = Field(default=0, ge=0)
    messages: dict[str, SMSMessage] = {}
    conversations: dict[str, SMSConversation] = {}
    max_messages_per_conversation: int = Field(default=DEFAULT_MAX_MESSAGES, ge=1)
    user_phone_number: str


# ---------------------------------------------------------------------------------------- input
class SMSInput(ModalityInput):
    """Event data of the sms modality, flattened (newest UES); the nested legacy form is converted."""

    modality_type: Literal["sms"] = "sms"
    operation: SMSOperation
    from_number: str | None = None
    to_numbers: list[str] | None = None
    body: str | None = None
    message_type: MessageType = "sms"
    attachments: list[SMSAttachmentInput] | None = None
    thread_id: str | None = None
    replied_to_message_id: str | None = None
    message_id: str | None = None
    # Extension: bulk read/unread/delete carry every id here (message_id keeps the first, like real UES).
    message_ids: list[str] | None = None
    new_status: DeliveryStatus | None = None
    delivered_at: AwareDatetime | None = None
    read_at: AwareDatetime | None = None
    phone_number: str | None = None
    emoji: str | None = None
    reaction_id: str | None = None
    new_body: str | None = None
    delete_for_everyone: bool = False
    group_name: str | None = None
    creator_number: str | None = None
    participant_numbers: list[str] | None = None
    group_photo_url: str | None = None
    added_by: str | None = None
    removed_by: str | None = None
    is_admin: bool = False
    pin: bool | None = None
    mute: bool | None = None
    archive: bool | None = None
    mark_all_read: bool | None = None
    draft_message: str | None = None
    mute_until: AwareDatetime | None = None
    # Extension: ``/sms/unread`` is logged as update_delivery_status "delivered" (like real UES); this flag
    # makes replaying that event mark the messages unread instead of delivered.
    mark_unread: bool | None = None
    # Real-UES mode (services/ues/compat.py): real UES's /sms/read, /unread and /delete change every listed message's
    # flags directly, conversation counters untouched, and record one event naming only the first message. The
    # change and its ids ride here, outside the event data, so that undo and replay reproduce it.
    _direct: tuple[DirectChange, list[str]] | None = PrivateAttr(default=None)

    def change_directly(self, change: DirectChange, message_ids: list[str]) -> None:
        """Make this input apply ``change`` to ``message_ids`` as real UES's route does (real-UES mode only)."""
        self._direct = (change, list(message_ids))

    def direct_change(self) -> tuple[DirectChange, list[str]] | None:
        """What ``change_directly`` set, if anything."""
        return self._direct

    @model_validator(mode="before")
    @classmethod
    def _flatten_legacy(cls, data: Any) -> Any:
        """Convert ``{"action": ..., "message_data": {...}}`` (older releases) to the flattened form."""
        if not isinstance(data, dict) or not ("action" in data or any(k in data for k in _LEGACY_CONTAINERS)):
            return data
        out = {k: v for k, v in data.items() if k != "action" and k not in _LEGACY_CONTAINERS}
        if out.get("operation") is None and data.get("action") is not None:
            out["operation"] = data["action"]
        for name in _LEGACY_CONTAINERS:
            nested = data.get(name)
            if nested is None:
                continue
            if not isinstance(nested, dict):
                raise ValueError(f"{name} must be an object")
            for key, value in nested.items():
                if out.get(key) is None:
                    out[key] = value
        return out

    def target_ids(self) -> list[str]:
        """The messages a bulk operation applies to (duplicates removed, order kept)."""
        ids = self.message_ids or ([self.message_id] if self.message_id else [])
        return list(dict.fromkeys(ids))

    def check(self) -> None:
        op = self.operation
        if op in ("send_message", "receive_message"):
            if not self.from_number or not self.from_number.strip():
                raise ValueError(f"from_number is required for {op}")
            if not self.to_numbers:
                raise ValueError(f"to_numbers must contain at least one number for {op}")
            for number in self.to_numbers:
                if not number.strip():
                    raise ValueError("to_numbers: phone numbers must not be empty")
            if self.body is None:
                raise ValueError(f"body is required for {op}")
        elif op in _BULK:
            if not self.target_ids():
                raise ValueError(f"message_id or message_ids is required for {op}")
            if op == "update_delivery_status" and not self.mark_unread:
                if self.new_status is None:
                    raise ValueError("new_status is required for update_delivery_status")
                if self.new_status not in ("delivered", "read", "failed"):
                    raise ValueError(f"new_status must be one of delivered, read, failed (got '{self.new_status}')")
        elif op in ("add_reaction", "remove_reaction"):
            if not self.message_id:
                raise ValueError(f"message_id is required for {op}")
            if op == "add_reaction":
                if not self.phone_number:
                    raise ValueError("phone_number is required for add_reaction")
                if not self.emoji:
                    raise ValueError("emoji is required for add_reaction")
            elif not self.reaction_id:
                raise ValueError("reaction_id is required for remove_reaction")
        elif op == "edit_message":
            if not self.message_id:
                raise ValueError("message_id is required for edit_message")
            if self.new_body is None:
                raise ValueError("new_body is required for edit_message")
        elif op == "create_group":
            if not self.creator_number:
                raise ValueError("creator_number is required for create_group")
            if not self.participant_numbers or len(set(self.participant_numbers)) < 2:
                raise ValueError("participant_numbers must contain at least 2 distinct numbers for create_group")
            if any(not n.strip() for n in self.participant_numbers):
                raise ValueError("participant_numbers: phone numbers must not be empty")
        elif op in ("update_group", "leave_group"):
            if not self.thread_id:
                raise ValueError(f"thread_id is required for {op}")
        elif op in ("add_participant", "remove_participant"):
            if not self.thread_id:
                raise ValueError(f"thread_id is required for {op}")
            if not self.phone_number:
                raise ValueError(f"phone_number is required for {op}")
        elif op == "update_conversation":
            if not self.thread_id:
                raise ValueError("thread_id is required for update_conversation")
            if all(v is None for v in (self.pin, self.mute, self.archive, self.mark_all_read, self.draft_message)):
                raise ValueError("update_conversation needs at least one of pin, mute, archive, mark_all_read, "
                                 "draft_message")


def _members_key(numbers: list[str]) -> tuple[str, ...]:
    return tuple(sorted(set(numbers)))


# ---------------------------------------------------------------------------------------- state
class SMSState(Modality):
    modality_type: ClassVar[str] = "sms"
    input_model: ClassVar[type[ModalityInput]] = SMSInput

    def __init__(self, last_updated: datetime, update_count: int = 0, *, user_phone_number: str,
                 messages: dict[str, SMSMessage] | None = None,
                 conversations: dict[str, SMSConversation] | None = None,
                 max_messages_per_conversation: int = DEFAULT_MAX_MESSAGES) -> None:
        super().__init__(last_updated, update_count)
        self.user_phone_number = user_phone_number
        self.messages: dict[str, SMSMessage] = messages or {}
        self.conversations: dict[str, SMSConversation] = conversations or {}
        self.max_messages_per_conversation = max_messages_per_conversation
        # Indexes (never exported): insertion sequence per message, each thread's messages ordered by
        # (sent_at, sequence), and the first conversation for each participant-number set.
        self._seq = itertools.count()
        self._order: dict[str, int] = {}
        self._threads: dict[str, list[tuple[datetime, int, str]]] = {}
        self._by_members: dict[tuple[str, ...], str] = {}
        for message in self.messages.values():
            seq = next(self._seq)
            self._order[message.message_id] = seq
            self._threads.setdefault(message.thread_id, []).append((message.sent_at, seq, message.message_id))
        for entries in self._threads.values():
            entries.sort()
        self._reindex_members()

    # ------------------------------------------------------------------ transfer
    @classmethod
    def empty(cls, now: datetime, previous: Modality | None = None) -> SMSState:
        number = previous.user_phone_number if isinstance(previous, SMSState) else DEFAULT_PHONE_NUMBER
        return cls(now, user_phone_number=number)

    @classmethod
    def load(cls, data: dict[str, Any]) -> SMSState:
        dump = _SMSDump.model_validate(data)
        for key, message in dump.messages.items():
            if key != message.message_id:
                raise ValueError(f"messages.{key}: key differs from its message_id '{message.message_id}'")
        for key, conv in dump.conversations.items():
            if key != conv.thread_id:
                raise ValueError(f"conversations.{key}: key differs from its thread_id '{conv.thread_id}'")
        return cls(dump.last_updated or EPOCH, dump.update_count, user_phone_number=dump.user_phone_number,
                   messages=dict(dump.messages), conversations=dict(dump.conversations),
                   max_messages_per_conversation=dump.max_messages_per_conversation)

    def dump(self) -> dict[str, Any]:
        out = self.base_dump()
        out.update({
            "messages": {k: m.model_dump(mode="json") for k, m in self.messages.items()},
            "conversations": {k: c.model_dump(mode="json") for k, c in self.conversations.items()},
            "max_messages_per_conversation": self.max_messages_per_conversation,
            "user_phone_number": self.user_phone_number,
        })
        return out

    # ------------------------------------------------------------------ indexes
    def _reindex_members(self) -> None:
        self._by_members = {}
        for conv in self.conversations.values():
            self._by_members.setdefault(_members_key([p.phone_number for p in conv.participants]), conv.thread_id)

    def thread_messages(self, thread_id: str) -> list[SMSMessage]:
        """A thread's messages, oldest first."""
        return [self.messages[mid] for _, _, mid in self._threads.get(thread_id, ())]

    def insertion_key(self, message: SMSMessage) -> int:
        return self._order[message.message_id]

    # ------------------------------------------------------------------ execution
    def apply(self, inp: ModalityInput) -> None:
        assert isinstance(inp, SMSInput)
        op = inp.operation
        direct = inp.direct_change()
        if direct is not None:
            self._change_directly(*direct, when=inp.timestamp)
        elif op in ("send_message", "receive_message"):
            self._message(inp)
        elif op == "update_delivery_status":
            self._delivery(inp)
        elif op == "delete_message":
            for message in self._existing(inp):
                message.is_deleted = True
        elif op == "add_reaction":
            self._add_reaction(inp)
        elif op == "remove_reaction":
            message = self._message_or_fail(inp.message_id)
            index = next((i for i, r in enumerate(message.reactions) if r.reaction_id == inp.reaction_id), None)
            if index is None:
                raise ExecutionError(f"Reaction {inp.reaction_id} not found on message {inp.message_id}")
            del message.reactions[index]
        elif op == "edit_message":
            message = self._message_or_fail(inp.message_id)
            if message.message_type != "rcs":
                raise ExecutionError("Can only edit RCS messages")
            message.body = inp.new_body or ""
            message.edited_at = inp.timestamp
        elif op == "create_group":
            self._create_group(inp)
        elif op == "update_group":
            conv = self._conversation_or_fail(inp.thread_id)
            if inp.group_name is not None:
                conv.group_name = inp.group_name
            if inp.group_photo_url is not None:
                conv.group_photo_url = inp.group_photo_url
        elif op == "add_participant":
            self._add_participant(inp)
        elif op in ("remove_participant", "leave_group"):
            conv = self._conversation_or_fail(inp.thread_id)
            number = inp.phone_number or self.user_phone_number
            member = next((p for p in conv.participants if p.phone_number == number and p.left_at is None), None)
            if member is None:
                raise ExecutionError(f"{number} is not an active participant of conversation {conv.thread_id}")
            member.left_at = inp.timestamp
        elif op == "update_conversation":
            self._update_conversation(inp)
        self.touch(inp.timestamp)

    def _message_or_fail(self, message_id: str | None) -> SMSMessage:
        message = self.messages.get(message_id or "")
        if message is None:
            raise ExecutionError(f"Message {message_id} not found")
        return message

    def _conversation_or_fail(self, thread_id: str | None) -> SMSConversation:
        conv = self.conversations.get(thread_id or "")
        if conv is None:
            raise ExecutionError(f"Conversation {thread_id} not found")
        return conv

    def _existing(self, inp: SMSInput) -> list[SMSMessage]:
        """The listed messages that exist; fails only when none of them does (unknown ids are skipped)."""
        ids = inp.target_ids()
        found = [self.messages[i] for i in ids if i in self.messages]
        if not found:
            shown = ", ".join(ids[:5]) + (" …" if len(ids) > 5 else "")
            raise ExecutionError(f"Message(s) not found: {shown}")
        return found

    def _message(self, inp: SMSInput) -> None:
        message_id = inp.message_id or str(uuid.uuid4())
        if message_id in self.messages:
            raise ExecutionError(f"Message {message_id} already exists")
        from_number = inp.from_number or ""
        to_numbers = list(inp.to_numbers or [])
        ts = inp.timestamp
        # Exact string comparison, no normalisation (§6 item 9).
        direction = "outgoing" if from_number == self.user_phone_number else "incoming"
        thread_id = inp.thread_id
        if thread_id is None:
            thread_id = self._by_members.get(_members_key([from_number, *to_numbers])) or str(uuid.uuid4())
        conv = self.conversations.get(thread_id)
        if conv is None:
            # A new conversation (also for an explicit, unknown thread_id, so that replaying the input with
            # its written-back thread_id recreates the same conversation).
            numbers = sorted({from_number, *to_numbers})
            conv = SMSConversation.model_construct(
                thread_id=thread_id, conversation_type="group" if len(numbers) > 2 else "one_on_one",
                participants=[GroupParticipant.model_construct(phone_number=n, is_admin=False, joined_at=ts,
                                                               left_at=None) for n in numbers],
                group_name=inp.group_name, group_photo_url=None, created_at=ts, created_by=None,
                last_message_at=ts, message_count=0, unread_count=0, is_pinned=False, is_muted=False,
                is_archived=False, draft_message=None)
            self.conversations[thread_id] = conv
            self._by_members.setdefault(_members_key(numbers), thread_id)
        outgoing = direction == "outgoing"
        message = SMSMessage.model_construct(
            message_id=message_id, thread_id=thread_id, from_number=from_number, to_numbers=to_numbers,
            body=inp.body or "", attachments=[SMSAttachment.model_construct(**a.model_dump())
                                              for a in inp.attachments or []],
            reactions=[], message_type=inp.message_type, direction=direction, sent_at=ts, delivered_at=None,
            read_at=None, is_read=outgoing, delivery_status="sent", edited_at=None, is_deleted=False,
            replied_to_message_id=inp.replied_to_message_id, is_spam=False)
        self.messages[message_id] = message
        seq = next(self._seq)
        self._order[message_id] = seq
        entries = self._threads.setdefault(thread_id, [])
        entry = (ts, seq, message_id)
        if not entries or entries[-1] < entry:
            entries.append(entry)
        else:
            bisect.insort(entries, entry)
        conv.message_count += 1
        if ts > conv.last_message_at:
            conv.last_message_at = ts
        if not outgoing:
            conv.unread_count += 1
        # Per-conversation cap: drop the oldest messages, keeping the counters consistent.
        while len(entries) > self.max_messages_per_conversation:
            _, _, old_id = entries.pop(0)
            old = self.messages.pop(old_id)
            self._order.pop(old_id, None)
            conv.message_count = max(0, conv.message_count - 1)
            if not old.is_read:
                conv.unread_count = max(0, conv.unread_count - 1)
        inp.message_id = message_id
        inp.thread_id = thread_id

    def _change_directly(self, change: DirectChange, message_ids: list[str], when: datetime) -> None:
        """Real UES's bulk read/unread/delete: message flags only, conversation ``unread_count`` left as it was."""
        found = [self.messages[i] for i in dict.fromkeys(message_ids) if i in self.messages]
        if not found:
            raise ExecutionError(f"Message(s) not found: {', '.join(message_ids[:5])}")
        for message in found:
            if change == "read":
                message.is_read, message.read_at = True, when
            elif change == "unread":
                message.is_read, message.read_at = False, None
            else:
                message.is_deleted = True

    def _set_read(self, message: SMSMessage, read: bool, when: datetime) -> None:
        conv = self.conversations.get(message.thread_id)
        if read:
            if not message.is_read and conv is not None:
                conv.unread_count = max(0, conv.unread_count - 1)
            message.is_read = True
            message.read_at = when
            if message.direction == "outgoing":
                message.delivery_status = "read"
        else:
            if message.is_read and conv is not None:
                conv.unread_count += 1
            message.is_read = False
            message.read_at = None

    def _delivery(self, inp: SMSInput) -> None:
        messages = self._existing(inp)
        ts = inp.timestamp
        for message in messages:
            if inp.mark_unread:
                self._set_read(message, False, ts)
            elif inp.new_status == "read":
                self._set_read(message, True, inp.read_at or ts)
            elif inp.new_status == "delivered":
                message.delivery_status = "delivered"
                message.delivered_at = inp.delivered_at or ts
            elif inp.new_status == "failed":
                message.delivery_status = "failed"

    def _add_reaction(self, inp: SMSInput) -> None:
        message = self._message_or_fail(inp.message_id)
        reaction_id = inp.reaction_id or str(uuid.uuid4())
        if any(r.reaction_id == reaction_id for r in message.reactions):
            raise ExecutionError(f"Reaction {reaction_id} already exists")
        message.reactions.append(MessageReaction.model_construct(
            reaction_id=reaction_id, message_id=message.message_id, phone_number=inp.phone_number or "",
            emoji=inp.emoji or "", timestamp=inp.timestamp))
        inp.reaction_id = reaction_id

    def _create_group(self, inp: SMSInput) -> None:
        thread_id = inp.thread_id or str(uuid.uuid4())
        if thread_id in self.conversations:
            raise ExecutionError(f"Conversation {thread_id} already exists")
        creator = inp.creator_number or ""
        numbers = list(dict.fromkeys([creator, *(inp.participant_numbers or [])]))
        ts = inp.timestamp
        conv = SMSConversation.model_construct(
            thread_id=thread_id, conversation_type="group",
            participants=[GroupParticipant.model_construct(phone_number=n, is_admin=n == creator, joined_at=ts,
                                                           left_at=None) for n in numbers],
            group_name=inp.group_name, group_photo_url=inp.group_photo_url, created_at=ts, created_by=creator,
            last_message_at=ts, message_count=0, unread_count=0, is_pinned=False, is_muted=False,
            is_archived=False, draft_message=None)
        self.conversations[thread_id] = conv
        self._by_members.setdefault(_members_key(numbers), thread_id)
        inp.thread_id = thread_id

    def _add_participant(self, inp: SMSInput) -> None:
        conv = self._conversation_or_fail(inp.thread_id)
        number = inp.phone_number or ""
        if any(p.phone_number == number and p.left_at is None for p in conv.participants):
            raise ExecutionError(f"{number} is already a participant of conversation {conv.thread_id}")
        conv.participants.append(GroupParticipant.model_construct(
            phone_number=number, is_admin=inp.is_admin, joined_at=inp.timestamp, left_at=None))
        if sum(p.left_at is None for p in conv.participants) > 2:
            conv.conversation_type = "group"
        self._reindex_members()

    def _update_conversation(self, inp: SMSInput) -> None:
        conv = self._conversation_or_fail(inp.thread_id)
        if inp.pin is not None:
            conv.is_pinned = inp.pin
        if inp.mute is not None:
            conv.is_muted = inp.mute
        if inp.archive is not None:
            conv.is_archived = inp.archive
        if inp.mark_all_read:
            for message in self.thread_messages(conv.thread_id):
                if not message.is_read:
                    self._set_read(message, True, inp.timestamp)
            conv.unread_count = 0
        if inp.draft_message is not None:
            conv.draft_message = inp.draft_message or None

    # ------------------------------------------------------------------ inspection
    def validate_state(self) -> list[str]:
        errors = []
        counts: dict[str, int] = {}
        for message_id, message in self.messages.items():
            if message.thread_id not in self.conversations:
                errors.append(f"message {message_id} references missing conversation {message.thread_id}")
            counts[message.thread_id] = counts.get(message.thread_id, 0) + 1
        for thread_id, conv in self.conversations.items():
            actual = counts.get(thread_id, 0)
            if conv.message_count != actual:
                errors.append(f"conversation {thread_id} message_count ({conv.message_count}) does not match "
                              f"its {actual} message(s)")
            if not conv.participants:
                errors.append(f"conversation {thread_id} has no participants")
        return errors

    @property
    def unread_count(self) -> int:
        return sum(1 for m in self.messages.values() if not m.is_read)

    def summary(self) -> str:
        if not self.conversations:
            return "No conversations"
        n = len(self.conversations)
        unread = sum(c.unread_count for c in self.conversations.values())
        return f"{n} conversation{'s' if n != 1 else ''}, {unread} unread"

    def compact(self) -> dict[str, Any]:
        out = super().compact()
        out.update({
            "user_phone_number": self.user_phone_number,
            "conversations": {k: c.snapshot() for k, c in self.conversations.items()},
            "total_conversations": len(self.conversations),
            "total_messages": len(self.messages),
            "unread_total": sum(c.unread_count for c in self.conversations.values()),
        })
        return out
