"""Scripted characters: each scenario character answers from its ``scripted_replies`` rules.

Who replies, when and what is a pure function of the message, the scenario and the trial's random
generator, so a trial replays identically from its seed.
"""

from __future__ import annotations

import random
import string
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from green_agent.characters.base import OutgoingMessage, PlannedReply
from green_agent.scenarios import Character, ScenarioSpec, ScriptedReply


@dataclass
class ScriptedCharacters:
    """``Characters`` from each character's ``scripted_replies`` rules: the first rule that matches answers."""

    spec: ScenarioSpec
    rng: random.Random
    user_email: str
    user_phone: str
    answered: set[tuple[str, str]] = field(default_factory=set)

    async def plan(self, messages: list[OutgoingMessage]) -> list[PlannedReply]:
        planned: list[PlannedReply] = []
        for message in messages:
            key = (message.character_id, message.message_id or message.event_id or f"{message.sent_at}")
            if key in self.answered:
                continue
            self.answered.add(key)
            character = self.spec.characters[message.character_id]
            rule = next((r for r in character.scripted_replies if _matches(r, message)), None)
            if rule is not None:
                planned.extend(self._replies(character, message, rule))
        return planned

    def _delay(self, character: Character, rule: ScriptedReply) -> timedelta:
        if rule.reply is not None and rule.reply.delay is not None:
            return rule.reply.delay
        timing = character.response_timing
        spread = timing.variance.total_seconds()
        jitter = self.rng.uniform(-spread, spread) if spread else 0.0
        return max(timedelta(seconds=1), timing.base_delay + timedelta(seconds=jitter))

    def _replies(self, character: Character, message: OutgoingMessage, rule: ScriptedReply) -> list[PlannedReply]:
        at = message.sent_at + self._delay(character, rule)
        cid = message.character_id
        out = []
        if rule.rsvp and message.modality == "calendar" and character.email:
            out.append(PlannedReply(cid, "calendar", at, {
                "operation": "respond", "event_id": message.event_id, "attendee_email": character.email,
                "response": rule.rsvp}, f"{character.name} {rule.rsvp} '{message.subject}'"))
        if rule.reply is None:
            return out
        values = _placeholders(character, message)
        body = _fill(rule.reply.body, values)
        if message.modality == "sms" and character.phone:
            out.append(PlannedReply(cid, "sms", at, {
                "operation": "receive_message", "from_number": character.phone, "to_numbers": [self.user_phone],
                "body": body}, f"{character.name} texted back"))
        elif character.email:
            subject = _fill(rule.reply.subject, values) if rule.reply.subject else _re(message.subject)
            data: dict[str, Any] = {"operation": "receive", "from_address": character.email,
                                    "to_addresses": [self.user_email], "subject": subject or "(no subject)",
                                    "body_text": body or "(no text)"}
            if message.modality == "email" and message.message_id:
                data.update(thread_id=message.thread_id, in_reply_to=message.message_id,
                            references=[*message.references, message.message_id])
            out.append(PlannedReply(cid, "email", at, data, f"{character.name} replied by email"))
        return out


def _matches(rule: ScriptedReply, message: OutgoingMessage) -> bool:
    m = rule.match
    return ((m.modality is None or m.modality == message.modality)
            and (m.subject_contains is None or m.subject_contains.lower() in message.subject.lower())
            and (m.body_contains is None or m.body_contains.lower() in message.body.lower())
            and (m.thread is None or m.thread == message.thread_id))


def _re(subject: str) -> str:
    return subject if subject.lower().startswith("re:") else f"Re: {subject}"


def _placeholders(character: Character, message: OutgoingMessage) -> dict[str, str]:
    return {"name": character.name, "first_name": character.name.split()[0], "subject": message.subject,
            "body": message.body, "date": message.sent_at.date().isoformat(),
            "time": message.sent_at.strftime("%H:%M")}


class _Lenient(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _fill(template: str, values: dict[str, str]) -> str:
    """``{placeholder}`` substitution that leaves unknown braces alone."""
    try:
        return string.Formatter().vformat(template, (), _Lenient(values))
    except (ValueError, IndexError):
        return template
