"""The purple SDK: write an assistant for the UES assessment by implementing one ``on_turn``.

The green speaks ``ues-assessment/1`` (docs/reference/protocol.md):
``assessment_start`` (where the user's world is and the
key to it), then ``turn_start`` after ``turn_start`` until ``assessment_complete``, all in one A2A context. This
module handles all of it — parsing each message into a typed model, keeping one ``Session`` per context, giving the
assistant a simulator client bound to that context's world and key, and turning whatever the assistant does
(returns, returns nothing, raises) into a protocol-correct reply — so an assistant is::

    class Echo(Assistant):
        async def on_turn(self, session: Session, turn: TurnStart) -> TurnReply:
            for message in await session.new_user_messages():
                await session.tell_user(f"You said: {message.text}")
            return TurnReply(time_step=timedelta(hours=1))

    app = create_app(Echo(), url="http://127.0.0.1:9019/")   # serve with uvicorn

Invariant: every ``turn_start`` gets exactly one protocol reply (``turn_complete`` or ``early_completion``), whatever
the assistant does: an exception becomes ``turn_complete`` with the error in ``notes`` (the green then advances
time by the default step, as it would for any reply, and the assessment goes on), because a purple that answers
garbage loses its turn *and* a warning in its row. A turn for a context that never saw ``assessment_start`` (the
purple restarted mid-assessment) gets the same treatment, with a note saying so.

Under Amber the world is reached through the purple's own ``ues`` slot: with ``PURPLE_UES_URL`` set, every ``ues_url``
the green sends gets that URL's scheme, host and port (``reachable_ues_url``, protocol.md §4) before the session sees
it.

The messages are the protocol's own (``services.protocol.messages``, the models the green sends): fields travel as
they are on the wire (``current_time`` is an ISO-8601 string), read typed through ``now``, ``end`` and ``max_step``.
This module depends on the protocol, a2a-sdk (through ``services.purple.server``) and the simulator's client only —
never on the green.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar

import structlog
from fastapi import FastAPI
from pydantic import BaseModel, ConfigDict, ValidationError

from services.protocol.messages import (
    AssessmentComplete,
    AssessmentStart,
    MessageType,
    TurnReply,
    TurnStart,
    iso_duration,
    parse_duration,
)
from services.purple.server import ReplyMode, create_purple_app
from services.purple.settings import PurpleSettings
from services.purple.world_url import reachable_ues_url
from services.ues.client import UESClient, UESError

# The protocol's messages and durations (services.protocol.messages) are the SDK's public API too: an assistant
# imports everything it needs from here.
__all__ = [
    "AssessmentComplete", "AssessmentStart", "Assistant", "ChatMessage", "Session", "TurnReply", "TurnStart",
    "create_app", "iso_duration", "parse_duration", "reachable_ues_url",
]

log = structlog.get_logger("purple.sdk")

DEFAULT_CONVERSATION = "user-assistant"
# Sessions kept at once. A green that dies never sends assessment_complete; past this many, the oldest session is
# closed, so a long-lived purple's memory stays bounded (a green runs far fewer assessments at once).
MAX_SESSIONS = 256


# ------------------------------------------------------------------------------------------------ the session
class ChatMessage(BaseModel):
    """One chat message as the assistant sees it."""

    model_config = ConfigDict(extra="ignore")

    message_id: str
    conversation_id: str
    role: str
    content: Any
    timestamp: datetime | None = None

    @property
    def text(self) -> str:
        """The message's text: the string content, or its text blocks joined by newlines."""
        if isinstance(self.content, str):
            return self.content
        if isinstance(self.content, list):
            return "\n".join(str(b.get("text", "")) for b in self.content if isinstance(b, dict))
        return str(self.content)


class Session:
    """One assessment context: the world's client (bound to this context's key), the start message, the turn
    being played, and ``state``, a dict the assistant may keep anything in between turns."""

    def __init__(self, context_id: str, start: AssessmentStart) -> None:
        self.context_id = context_id
        self.start = start
        self.ues = UESClient(start.ues_url, start.api_key)
        self.turn: TurnStart | None = None
        self.state: dict[str, Any] = {}
        self._seen_chat: set[str] = set()
        self._conversation = DEFAULT_CONVERSATION  # where the user last wrote: the assistant answers there

    @property
    def now(self) -> datetime:
        """The simulated time of the current turn (the start's time before the first turn)."""
        return self.turn.now if self.turn is not None else self.start.now

    async def chat_messages(self) -> list[ChatMessage]:
        """Every chat message in the world, oldest first."""
        chat = await self.ues.request("GET", "/chat/state")
        messages = [ChatMessage.model_validate(m) for m in (chat.get("messages") or [])]
        return sorted(messages, key=lambda m: (m.timestamp is None, m.timestamp or self.now))

    async def new_user_messages(self) -> list[ChatMessage]:
        """The user's chat messages this session has not returned before: the task, and anything the user adds."""
        fresh = [m for m in await self.chat_messages()
                 if m.role == "user" and m.message_id not in self._seen_chat]
        self._seen_chat.update(m.message_id for m in fresh)
        if fresh:
            self._conversation = fresh[-1].conversation_id
        return fresh

    async def tell_user(self, text: str, conversation_id: str | None = None) -> None:
        """Post ``text`` to the user in chat, as the assistant (never as the user: that is a forged instruction), in
        ``conversation_id`` or else the conversation the user last wrote in (``user-assistant`` before that)."""
        await self.ues.request("POST", "/chat/send", json={"role": "assistant", "content": text,
                                                           "conversation_id": conversation_id or self._conversation})

    async def close(self) -> None:
        await self.ues.aclose()


# ------------------------------------------------------------------------------------------------ the assistant
class Assistant:
    """Subclass and implement ``on_turn``; ``on_start`` and ``on_complete`` are optional. One instance serves every
    context; per-assessment state belongs in ``session.state`` (or attributes keyed by ``session.context_id``).

    ``reply_mode``: ``"message"`` answers each turn with a direct A2A message; ``"task"`` wraps it in a task, so the
    green can cancel a turn it has given up on (use it when turns may be slow).
    """

    name: ClassVar[str] = "UES assistant"
    description: ClassVar[str] = "A personal assistant for the UES assessment (ues-assessment/1)."
    reply_mode: ClassVar[ReplyMode] = "message"

    def __init__(self) -> None:
        self.sessions: dict[str, Session] = {}

    async def on_start(self, session: Session) -> None:
        """The assessment started: the world is ready, no turn has run yet."""

    async def on_turn(self, session: Session, turn: TurnStart) -> TurnReply | None:
        """Play one turn: read the world, act through ``session.ues``, answer how far the clock moves next.
        Return None for ``TurnReply()``: a ``turn_complete`` without ``time_step`` (one hour, protocol.md §4)."""
        raise NotImplementedError

    async def on_complete(self, session: Session, message: AssessmentComplete) -> None:
        """The green ended the assessment; the session is closed right after."""

    # ---------------------------------------------------------------- the protocol (PurpleBrain)
    async def handle(self, payload: dict[str, Any], context_id: str) -> dict[str, Any] | None:
        """One green message → the protocol reply (``turn_start``) or None (the others need no reply)."""
        kind = payload.get("message_type")
        if kind == MessageType.ASSESSMENT_START:
            await self._start(payload, context_id)
            return None
        if kind == MessageType.TURN_START:
            return await self._turn(payload, context_id)
        if kind == MessageType.ASSESSMENT_COMPLETE:
            await self._complete(payload, context_id)
            return None
        log.warning("purple_unknown_message", message_type=kind, context=context_id)
        return None

    async def _start(self, payload: dict[str, Any], context_id: str) -> None:
        try:
            start = AssessmentStart.model_validate(payload)
        except ValidationError as exc:
            log.error("purple_bad_assessment_start", context=context_id, error=str(exc)[:500])
            return
        previous = self.sessions.pop(context_id, None)
        if previous is not None:  # a new assessment in a context reused by the platform
            await previous.close()
        while len(self.sessions) >= MAX_SESSIONS:
            oldest = next(iter(self.sessions))
            await self.sessions.pop(oldest).close()
        session = self.sessions[context_id] = Session(context_id, start)
        try:
            await self.on_start(session)
        except Exception as exc:  # the assessment goes on; its turns may still do the work
            log.error("purple_on_start_failed", context=context_id, error=repr(exc))

    async def _turn(self, payload: dict[str, Any], context_id: str) -> dict[str, Any]:
        try:
            turn = TurnStart.model_validate(payload)
        except ValidationError as exc:
            return TurnReply(notes=f"unreadable turn_start: {str(exc)[:300]}").payload()
        session = self.sessions.get(context_id)
        if session is None:
            return TurnReply(notes="no assessment_start was received in this context; nothing to act on").payload()
        session.turn = turn
        try:
            reply = await self.on_turn(session, turn)
        except UESError as exc:
            log.error("purple_turn_failed", context=context_id, turn=turn.turn_number, error=str(exc)[:300])
            return TurnReply(notes=f"turn {turn.turn_number} failed: {str(exc)[:300]}").payload()
        except Exception as exc:
            log.exception("purple_turn_failed", context=context_id, turn=turn.turn_number)
            return TurnReply(notes=f"turn {turn.turn_number} failed: {type(exc).__name__}: {str(exc)[:300]}").payload()
        if reply is not None and not isinstance(reply, TurnReply):
            log.error("purple_bad_turn_reply", context=context_id, got=type(reply).__name__)
            return TurnReply(notes=f"on_turn returned a {type(reply).__name__}, not a TurnReply").payload()
        return (reply or TurnReply()).payload()

    async def _complete(self, payload: dict[str, Any], context_id: str) -> None:
        session = self.sessions.pop(context_id, None)
        if session is None:
            return
        try:
            message = AssessmentComplete.model_validate(payload)
            await self.on_complete(session, message)
        except Exception as exc:
            log.error("purple_on_complete_failed", context=context_id, error=repr(exc))
        finally:
            await session.close()


def create_app(assistant: Assistant, *, url: str, version: str = "0.1.0", ues_slot_url: str | None = None) -> FastAPI:
    """The assistant's A2A app (JSON-RPC at ``/``, agent card at the well-known path), ready for uvicorn. ``url`` is
    where the green reaches it (the card advertises it). ``ues_slot_url``: where this purple reaches the green's
    world gateway, default ``PURPLE_UES_URL`` (under Amber ``${slots.ues.url}``): every ``ues_url`` the purple is sent
    gets its scheme, host and port (``reachable_ues_url``, protocol.md §4), so ``session.ues`` reaches the world."""
    slot = ues_slot_url if ues_slot_url is not None else PurpleSettings().ues_url
    return create_purple_app(assistant, url=url, name=assistant.name, description=assistant.description,
                             reply_mode=assistant.reply_mode, version=version, ues_slot_url=slot)
