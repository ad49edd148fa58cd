"""The people of a scenario, as the trial sees them: messages reach them, replies come back as planned events.

Any implementation — scripted rules, an LLM, a replay — plugs in behind ``Characters``. The trial gives it
only what the purple sent (never the grading), and schedules what it returns as UES events at their reply time.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal, Protocol

from green_agent.scenario_spec import Character


@dataclass(frozen=True)
class OutgoingMessage:
    """Something the purple sent to a character (email, SMS, a calendar invitation, or — to the user, in scenarios
    where the user answers — a chat post)."""

    modality: Literal["email", "sms", "calendar", "chat"]
    character_id: str
    sent_at: datetime
    body: str = ""
    subject: str = ""
    thread_id: str | None = None
    message_id: str | None = None
    event_id: str | None = None
    references: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlannedReply:
    """A character's reply, to be scheduled as a UES event at ``at`` (``data`` is the event's data)."""

    character_id: str
    modality: str
    at: datetime
    data: dict[str, Any]
    summary: str
    # The id of the scripted rule whose facts this reply carries (None: no rule, or a rule without an id): what a
    # grader reads to know what was said (an offer, a confirmation) however the words went.
    rule: str | None = None


class Characters(Protocol):
    """Plans the replies of a scenario's characters during one trial.

    Invariant: each message is answered at most once per character, and for a given trial seed the same
    messages give the same replies at the same times (a trial replays identically from its seed).
    """

    async def plan(self, messages: list[OutgoingMessage]) -> list[PlannedReply]:
        """The replies to this turn's messages (possibly none)."""
        ...

    def warnings(self) -> list[str]:
        """What the trial's row should say about how the characters were played (e.g. fallbacks)."""
        ...


# ------------------------------------------------------------------------------------------------ shared by all
def to_answer(messages: list[OutgoingMessage], answered: set[tuple[str, str]],
              characters: dict[str, Character]) -> Iterator[tuple[OutgoingMessage, Character]]:
    """The messages that need an answer, with their character: each message once per character (``answered`` is
    updated; a rescheduled invitation is a new message), and never to an ``automated`` sender."""
    for message in messages:
        key = (message.character_id, message.message_id or message.event_id or f"{message.sent_at}")
        if key in answered:
            continue
        answered.add(key)
        character = characters[message.character_id]
        if not character.automated:
            yield message, character


def reply_delay(character: Character, rng: random.Random) -> timedelta:
    """When a character answers: its ``response_timing`` base ± a uniform draw within the variance (at least 1 s)."""
    timing = character.response_timing
    spread = timing.variance.total_seconds()
    jitter = rng.uniform(-spread, spread) if spread else 0.0
    return max(timedelta(seconds=1), timing.base_delay + timedelta(seconds=jitter))


def _re(subject: str) -> str:
    return subject if subject.lower().startswith("re:") else f"Re: {subject}"


def reply_events(character_id: str, character: Character, message: OutgoingMessage, at: datetime, *,
                 body: str | None, subject: str | None = None, rsvp: str | None = None, user_email: str,
                 user_phone: str, rule: str | None = None) -> list[PlannedReply]:
    """A character's answer to ``message`` as UES events at ``at``: an RSVP to an invitation, and a reply by SMS
    (to an SMS) or by email (threaded when answering an email). ``body`` None: no written reply; ``rule``: the
    scripted rule it answers by."""
    out = []
    if message.modality == "chat":  # the user answering the assistant: posted in the chat it was asked in
        if body is not None:
            out.append(PlannedReply(character_id, "chat", at, {
                "operation": "send_message", "role": "user", "content": body,
                "conversation_id": message.thread_id}, f"{character.name} answered in chat", rule))
        return out
    if rsvp and message.modality == "calendar" and character.email:
        out.append(PlannedReply(character_id, "calendar", at, {
            "operation": "respond", "event_id": message.event_id, "attendee_email": character.email,
            "response": rsvp}, f"{character.name} {rsvp} '{message.subject}'", rule))
    if body is None:
        return out
    if message.modality == "sms" and character.phone:
        out.append(PlannedReply(character_id, "sms", at, {
            "operation": "receive_message", "from_number": character.phone, "to_numbers": [user_phone],
            "body": body}, f"{character.name} texted back", rule))
    elif character.email:
        data: dict[str, Any] = {"operation": "receive", "from_address": character.email,
                                "to_addresses": [user_email], "subject": subject or _re(message.subject) or
                                "(no subject)", "body_text": body or "(no text)"}
        if message.modality == "email" and message.message_id:
            data.update(thread_id=message.thread_id, in_reply_to=message.message_id,
                        references=[*message.references, message.message_id])
        out.append(PlannedReply(character_id, "email", at, data, f"{character.name} replied by email", rule))
    return out
