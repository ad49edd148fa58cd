"""Scripted characters: each scenario character answers from its ``scripted_replies`` rules.

Who replies, when and what is a pure function of the message, the scenario and the trial's random
generator, so a trial replays identically from its seed.
"""

from __future__ import annotations

import random
import string
from dataclasses import dataclass, field

from green_agent.characters.base import OutgoingMessage, PlannedReply, reply_delay, reply_events, to_answer
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
        for message, character in to_answer(messages, self.answered, self.spec.characters):
            rule = next((r for r in character.scripted_replies if _matches(r, message)), None)
            if rule is not None:
                planned.extend(self._replies(character, message, rule))
        return planned

    def warnings(self) -> list[str]:
        return []

    def _replies(self, character: Character, message: OutgoingMessage, rule: ScriptedReply) -> list[PlannedReply]:
        delay = rule.reply.delay if rule.reply is not None and rule.reply.delay is not None else None
        at = message.sent_at + (delay if delay is not None else reply_delay(character, self.rng))
        body = subject = None
        if rule.reply is not None:
            values = _placeholders(character, message)
            body = _fill(rule.reply.body, values)
            subject = _fill(rule.reply.subject, values) if rule.reply.subject else None
        return reply_events(message.character_id, character, message, at, body=body, subject=subject,
                            rsvp=rule.rsvp, user_email=self.user_email, user_phone=self.user_phone)


def _matches(rule: ScriptedReply, message: OutgoingMessage) -> bool:
    m = rule.match
    return ((m.modality is None or m.modality == message.modality)
            and (m.subject_contains is None or m.subject_contains.lower() in message.subject.lower())
            and (m.body_contains is None or m.body_contains.lower() in message.body.lower())
            and (m.thread is None or m.thread == message.thread_id))


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
