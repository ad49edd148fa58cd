"""Chat: the user–assistant conversation history (ues-api.md §3.5, §3.7)."""

from __future__ import annotations

import bisect
import itertools
import uuid
from datetime import datetime
from typing import Annotated, Any, ClassVar, Literal

from pydantic import AfterValidator, Field, field_validator

from services.ues.modalities.base import ExecutionError, Modality, ModalityInput, StrictBody
from services.ues.timeutil import EPOCH, AwareDatetime

DEFAULT_CONVERSATION_ID = "default"
DEFAULT_MAX_HISTORY = 1000

ChatOperation = Literal["send_message", "delete_message", "clear_conversation"]
Role = Literal["user", "assistant"]
RawContent = str | list[dict[str, Any]]


def check_content(value: RawContent) -> RawContent:
    """A non-blank string, or a non-empty list of content blocks (same rules as real UES)."""
    if isinstance(value, str):
        if not value.strip():
            raise ValueError("content must not be empty")
        return value
    if not value:
        raise ValueError("content must be a non-empty string or a non-empty list of blocks")
    for i, block in enumerate(value):
        kind = block.get("type")
        if kind is None:
            raise ValueError(f"content[{i}] is missing its 'type'")
        if kind == "text":
            if not isinstance(block.get("text"), str):
                raise ValueError(f"content[{i}]: a text block needs a 'text' string")
        elif kind in ("image", "audio", "video"):
            source = block.get("source")
            if source is None:
                raise ValueError(f"content[{i}]: a {kind} block needs a 'source' ('url' or 'base64')")
            if source == "url" and "url" not in block:
                raise ValueError(f"content[{i}]: a {kind} block with source 'url' needs a 'url'")
            if source == "base64" and "data" not in block:
                raise ValueError(f"content[{i}]: a {kind} block with source 'base64' needs 'data'")
    return value


ChatContent = Annotated[RawContent, AfterValidator(check_content)]


def _non_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("conversation_id must not be empty")
    return value


ConversationId = Annotated[str, AfterValidator(_non_blank)]


class ChatMessage(StrictBody):
    message_id: str
    conversation_id: str
    role: Role
    content: RawContent
    timestamp: AwareDatetime
    metadata: dict[str, Any] = {}

    def text(self) -> str:
        """The searchable text: the string content, or the text blocks joined."""
        if isinstance(self.content, str):
            return self.content
        return "\x00".join(b["text"] for b in self.content if b.get("type") == "text" and isinstance(
            b.get("text"), str))


class ConversationMetadata(StrictBody):
    conversation_id: str
    created_at: AwareDatetime
    last_message_at: AwareDatetime
    message_count: int = 0
    participant_roles: list[str] = []  # a set; serialised as a list (§3.1)

    @field_validator("participant_roles")
    @classmethod
    def _dedupe(cls, value: list[str]) -> list[str]:
        return list(dict.fromkeys(value))

    def snapshot(self) -> dict[str, Any]:
        return {"conversation_id": self.conversation_id, "created_at": self.created_at.isoformat(),
                "last_message_at": self.last_message_at.isoformat(), "message_count": self.message_count,
                "participant_roles": list(self.participant_roles)}


class _ChatDump(StrictBody):
    last_updated: AwareDatetime | None = None
    update_count: int = Field(default=0, ge=0)
    messages: list[ChatMessage] = []
    conversations: dict[str, ConversationMetadata] = {}
    max_history_size: int = Field(default=DEFAULT_MAX_HISTORY, ge=1)
    default_conversation_id: str = DEFAULT_CONVERSATION_ID


class ChatInput(ModalityInput):
    modality_type: Literal["chat"] = "chat"
    operation: ChatOperation = "send_message"
    role: Role | None = None
    content: ChatContent | None = None
    message_id: str | None = None
    conversation_id: ConversationId = DEFAULT_CONVERSATION_ID
    metadata: dict[str, Any] = {}

    def check(self) -> None:
        if self.operation == "send_message":
            if self.role is None:
                raise ValueError("role is required for send_message")
            if self.content is None:
                raise ValueError("content is required for send_message")
        elif self.operation == "delete_message" and not self.message_id:
            raise ValueError("message_id is required for delete_message")


class ChatState(Modality):
    modality_type: ClassVar[str] = "chat"
    input_model: ClassVar[type[ModalityInput]] = ChatInput

    def __init__(self, last_updated: datetime, update_count: int = 0, *,
                 messages: list[ChatMessage] | None = None,
                 conversations: dict[str, ConversationMetadata] | None = None,
                 max_history_size: int = DEFAULT_MAX_HISTORY,
                 default_conversation_id: str = DEFAULT_CONVERSATION_ID) -> None:
        super().__init__(last_updated, update_count)
        self.conversations: dict[str, ConversationMetadata] = conversations or {}
        self.max_history_size = max_history_size
        self.default_conversation_id = default_conversation_id
        # ``messages`` stays sorted by (timestamp, insertion sequence): a stable secondary key instead of
        # real UES's random message_id (§6 item 8). Per-conversation lists use the same order.
        self._seq = itertools.count()
        self._ties_by_id = False  # real-UES mode: see order_ties_by_id
        self._order: dict[str, int] = {}
        self._by_id: dict[str, ChatMessage] = {}
        self._by_conv: dict[str, list[ChatMessage]] = {}
        self.messages: list[ChatMessage] = []
        for message in sorted(messages or [], key=lambda m: m.timestamp):  # stable: keeps list order on ties
            if message.message_id in self._by_id:
                raise ValueError(f"messages: duplicate message_id '{message.message_id}'")
            self._index(message)
            self.messages.append(message)
            self._by_conv.setdefault(message.conversation_id, []).append(message)

    def _index(self, message: ChatMessage) -> None:
        self._order[message.message_id] = next(self._seq)
        self._by_id[message.message_id] = message

    def sort_key(self, message: ChatMessage) -> tuple[datetime, int | str]:
        """The messages' order: by timestamp, ties by insertion (by message id in real-UES mode)."""
        if self._ties_by_id:
            return (message.timestamp, message.message_id)
        return (message.timestamp, self._order[message.message_id])

    def order_ties_by_id(self) -> None:
        """Order messages of the same timestamp by message id, as real UES does (``(timestamp, message_id)``, §6
        item 8): with uuid4 ids that order is random, which real-UES mode reproduces."""
        self._ties_by_id = True
        self.messages.sort(key=self.sort_key)
        for history in self._by_conv.values():
            history.sort(key=self.sort_key)

    # ------------------------------------------------------------------ transfer
    @classmethod
    def empty(cls, now: datetime, previous: Modality | None = None) -> ChatState:
        return cls(now)

    @classmethod
    def load(cls, data: dict[str, Any]) -> ChatState:
        dump = _ChatDump.model_validate(data)
        for key, conv in dump.conversations.items():
            if key != conv.conversation_id:
                raise ValueError(f"conversations.{key}: key differs from its conversation_id "
                                 f"'{conv.conversation_id}'")
        return cls(dump.last_updated or EPOCH, dump.update_count, messages=list(dump.messages),
                   conversations=dict(dump.conversations), max_history_size=dump.max_history_size,
                   default_conversation_id=dump.default_conversation_id)

    def dump(self) -> dict[str, Any]:
        out = self.base_dump()
        out.update({
            "messages": [m.model_dump(mode="json") for m in self.messages],
            "conversations": {k: c.model_dump(mode="json") for k, c in self.conversations.items()},
            "max_history_size": self.max_history_size,
            "default_conversation_id": self.default_conversation_id,
        })
        return out

    # ------------------------------------------------------------------ execution
    def apply(self, inp: ModalityInput) -> None:
        assert isinstance(inp, ChatInput)
        if inp.operation == "send_message":
            self._send(inp)
        elif inp.operation == "delete_message":
            self._delete(inp.message_id or "")
        else:
            self._clear(inp.conversation_id)
        self.touch(inp.timestamp)

    def conversation_messages(self, conversation_id: str) -> list[ChatMessage]:
        return self._by_conv.get(conversation_id, [])

    def _insert(self, target: list[ChatMessage], message: ChatMessage) -> None:
        if not target or self.sort_key(target[-1]) <= self.sort_key(message):
            target.append(message)
        else:
            bisect.insort(target, message, key=self.sort_key)

    def _remove(self, target: list[ChatMessage], message: ChatMessage) -> None:
        index = bisect.bisect_left(target, self.sort_key(message), key=self.sort_key)
        if index < len(target) and target[index] is message:
            del target[index]
        else:  # an unsorted list (cannot happen through apply); stay correct anyway
            target.remove(message)

    def _send(self, inp: ChatInput) -> None:
        message_id = inp.message_id or str(uuid.uuid4())
        if message_id in self._by_id:
            raise ExecutionError(f"Chat message {message_id} already exists")
        ts = inp.timestamp
        content = inp.content if isinstance(inp.content, str) else [dict(b) for b in inp.content or []]
        message = ChatMessage.model_construct(
            message_id=message_id, conversation_id=inp.conversation_id, role=inp.role or "user",
            content=content, timestamp=ts, metadata=dict(inp.metadata))
        self._index(message)
        self._insert(self.messages, message)
        history = self._by_conv.setdefault(inp.conversation_id, [])
        self._insert(history, message)
        conv = self.conversations.get(inp.conversation_id)
        if conv is None:
            conv = ConversationMetadata.model_construct(
                conversation_id=inp.conversation_id, created_at=ts, last_message_at=ts,
                message_count=len(history) - 1, participant_roles=[])
            self.conversations[inp.conversation_id] = conv
        conv.message_count += 1
        if ts > conv.last_message_at:
            conv.last_message_at = ts
        if message.role not in conv.participant_roles:
            conv.participant_roles.append(message.role)
        while len(history) > self.max_history_size:  # oldest dropped, counters kept consistent
            oldest = history.pop(0)
            self._remove(self.messages, oldest)
            del self._by_id[oldest.message_id]
            del self._order[oldest.message_id]
            conv.message_count = max(0, conv.message_count - 1)
        inp.message_id = message_id

    def _delete(self, message_id: str) -> None:
        message = self._by_id.get(message_id)
        if message is None:
            return  # unknown id: a no-op, like real UES (§3.5)
        history = self._by_conv.get(message.conversation_id, [])
        self._remove(self.messages, message)
        self._remove(history, message)
        del self._by_id[message_id]
        del self._order[message_id]
        conv = self.conversations.get(message.conversation_id)
        if conv is not None:
            conv.message_count = max(0, conv.message_count - 1)
            if history:
                conv.last_message_at = history[-1].timestamp

    def _clear(self, conversation_id: str) -> None:
        history = self._by_conv.pop(conversation_id, [])
        if history:
            self.messages = [m for m in self.messages if m.conversation_id != conversation_id]
            for message in history:
                del self._by_id[message.message_id]
                del self._order[message.message_id]
        self.conversations.pop(conversation_id, None)

    # ------------------------------------------------------------------ inspection
    def validate_state(self) -> list[str]:
        errors = []
        for conv_id, conv in self.conversations.items():
            actual = len(self._by_conv.get(conv_id, ()))
            if conv.message_count != actual:
                errors.append(f"conversation {conv_id} message_count ({conv.message_count}) does not match its "
                              f"{actual} message(s)")
            if actual > self.max_history_size:
                errors.append(f"conversation {conv_id} has {actual} messages, more than max_history_size "
                              f"{self.max_history_size}")
        return errors

    def summary(self) -> str:
        if not self.messages:
            return "No messages"
        n, c = len(self.messages), len(self.conversations)
        return f"{n} message{'s' if n != 1 else ''} in {c} conversation{'s' if c != 1 else ''}"

    def compact(self) -> dict[str, Any]:
        out = super().compact()
        out.update({"conversations": {k: c.snapshot() for k, c in self.conversations.items()},
                    "total_message_count": len(self.messages), "conversation_count": len(self.conversations)})
        return out
