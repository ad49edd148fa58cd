"""Scripted characters: each scenario character answers from its ``scripted_replies`` rules.

Who replies, when and what is a pure function of the message, the scenario and the trial's random
generator, so a trial replays identically from its seed.
"""

from __future__ import annotations

import random
import string
from dataclasses import dataclass, field
from datetime import datetime

from green_agent.characters.base import OutgoingMessage, PlannedReply, reply_delay, reply_events, to_answer
from green_agent.scenario_kit import facts
from green_agent.scenario_spec import Character, ScenarioSpec, ScriptedReply


@dataclass
class ScriptedCharacters:
    """``Characters`` from each character's ``scripted_replies`` rules: the first rule that matches answers."""

    spec: ScenarioSpec
    rng: random.Random
    user_email: str
    user_phone: str
    answered: set[tuple[str, str]] = field(default_factory=set)
    # character id → rule id → when that rule's reply reaches the user (what ``match.after`` waits for)
    fired: dict[str, dict[str, datetime]] = field(default_factory=dict)

    async def plan(self, messages: list[OutgoingMessage]) -> list[PlannedReply]:
        planned: list[PlannedReply] = []
        for message, character in to_answer(messages, self.answered, self.spec.characters):
            chosen = self.choose(message)
            if chosen is not None:
                replies = self._replies(character, message, *chosen)
                if replies:
                    self.remember(message, chosen[0], min(r.at for r in replies))
                planned.extend(replies)
        return planned

    def choose(self, message: OutgoingMessage) -> tuple[ScriptedReply, datetime | None] | None:
        """The rule that answers ``message`` and the offered moment it named (None: the character stays silent).
        The LLM characters ground their replies on the same choice."""
        fired = self.fired.setdefault(message.character_id, {})
        for rule in self.spec.characters[message.character_id].scripted_replies:
            slot = matches(rule, message, fired)
            if slot is not False:
                return rule, slot if isinstance(slot, datetime) else None
        return None

    def remember(self, message: OutgoingMessage, rule: ScriptedReply, at: datetime) -> None:
        """Record that ``rule`` answered ``message``, reaching the user at ``at`` (what ``match.after`` waits for)."""
        if rule.id is not None:
            self.fired.setdefault(message.character_id, {}).setdefault(rule.id, at)

    def script(self, message: OutgoingMessage, rule: ScriptedReply, slot: datetime | None) -> str | None:
        """The scripted reply text of ``rule`` for ``message``, placeholders filled (None: no written reply)."""
        if rule.reply is None:
            return None
        return _fill(rule.reply.body, _placeholders(self.spec.characters[message.character_id], message, slot))

    def subject(self, message: OutgoingMessage, rule: ScriptedReply, slot: datetime | None) -> str | None:
        """The scripted subject of ``rule``'s reply to ``message``, placeholders filled (None: "Re: " and the
        message's). Whoever writes the body, a reply keeps it: a decline is titled "Declined: …" either way."""
        if rule.reply is None or not rule.reply.subject:
            return None
        return _fill(rule.reply.subject, _placeholders(self.spec.characters[message.character_id], message, slot))

    def warnings(self) -> list[str]:
        return []

    def _replies(self, character: Character, message: OutgoingMessage, rule: ScriptedReply,
                 slot: datetime | None) -> list[PlannedReply]:
        delay = rule.reply.delay if rule.reply is not None and rule.reply.delay is not None else None
        at = message.sent_at + (delay if delay is not None else reply_delay(character, self.rng))
        body = self.script(message, rule, slot)
        subject = self.subject(message, rule, slot)
        return reply_events(message.character_id, character, message, at, body=body, subject=subject,
                            rsvp=rule.rsvp, user_email=self.user_email, user_phone=self.user_phone, rule=rule.id)


def matches(rule: ScriptedReply, message: OutgoingMessage, fired: dict[str, datetime]) -> datetime | bool:
    """Whether ``rule`` answers ``message`` (``fired``: when this character's earlier rules answered). With
    ``times_any``, the one moment of the rule's list the message names (a range counts as its start; naming
    several is no choice: False); else True or False."""
    m = rule.match
    text = f"{message.subject}\n{message.body}"
    if not ((m.modality == message.modality or (m.modality is None and message.modality != "chat"))
            and (m.subject_contains is None or m.subject_contains.lower() in message.subject.lower())
            and (m.body_contains is None or m.body_contains.lower() in message.body.lower())
            and (m.thread is None or m.thread == message.thread_id)
            and (not m.all_of or facts.has_all(text, m.all_of))
            and (not m.any_of or facts.has_any(text, m.any_of))
            and not (m.none_of and facts.has_any(text, m.none_of))):
        return False
    # "After" means after the user could have read that answer, not after it was planned.
    if m.after is not None and not (m.after in fired and fired[m.after] <= message.sent_at):
        return False
    if not m.times_any:
        return True
    # Exactly one: a message naming several of the moments ("Thursday or Friday?") has chosen none of them.
    named = [t for t in m.times_any if t in facts.times(text, message.sent_at, ends=False)]
    return named[0] if len(named) == 1 else False


def _placeholders(character: Character, message: OutgoingMessage, slot: datetime | None) -> dict[str, str]:
    values = {"name": character.name, "first_name": character.name.split()[0], "subject": message.subject,
              "body": message.body, "date": message.sent_at.date().isoformat(),
              "time": message.sent_at.strftime("%H:%M")}
    if slot is not None:
        values["slot"] = facts.time_phrases(slot)[0]
    return values


class _Lenient(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _fill(template: str, values: dict[str, str]) -> str:
    """``{placeholder}`` substitution that leaves unknown braces alone."""
    try:
        return string.Formatter().vformat(template, (), _Lenient(values))
    except (ValueError, IndexError):
        return template
