"""LLM characters: the people of a scenario write back in character, through ``green_agent.llm``.

For every message the purple sends a character, one completion decides whether that person answers at all (a person
does not answer everything; an ``automated`` sender never does), what they write — from their persona, their
relationships and the thread so far — and, for an invitation, their RSVP. The reply is scheduled at a time drawn
from the character's ``response_timing`` with the trial's generator, before the call, so reply times do not depend
on what the model says. A character knows only what the scenario says of them and what they were sent: never the
task, the criteria or the grading.

The scripted rules ground every reply: the rule that would answer the message (scripted.py) is shown to the model as
what this person says, and its RSVP is the one sent. The model chooses the words; the script decides the facts (a
slot confirmed only if it was offered, a decline where the scenario has one), so the world answers the same things
whoever plays it.

A failed call (provider error, timeout, unusable JSON, a replay miss) falls back to the character's scripted reply
for that message; each fallback is counted and reported in the row's warnings.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from pydantic import BaseModel

from green_agent.characters.base import OutgoingMessage, PlannedReply, reply_delay, reply_events, to_answer
from green_agent.characters.scripted import ScriptedCharacters
from green_agent.llm import LLM, LLMError, LLMRole, UsageMeter
from green_agent.scenario_spec import Character, ScenarioSpec, ScriptedReply

# Past this many earlier messages in a thread, the older ones are condensed to their first line.
VERBATIM_HISTORY = 6
MAX_MESSAGE_CHARS = 4000
# A reply is a few sentences; the bound keeps a rambling model from spending minutes on one message. A scripted reply
# longer than a few sentences (a train operator's listing of seats: about 1 200 characters) raises it to fit
# (``reply_tokens``); a reply cut off at it is unusable JSON and falls back to the script.
REPLY_TOKENS = 300


class CharacterReply(BaseModel):
    """What the model decides for one incoming message."""

    reply: bool
    body: str = ""
    rsvp: Literal["accepted", "declined", "tentative"] | None = None


@dataclass
class LLMCharacters:
    """``Characters`` played by ``model``; ``fallback`` (the scripted rules) answers when a call fails."""

    spec: ScenarioSpec
    rng: random.Random
    user_email: str
    user_phone: str
    llm: LLM
    model: str
    meter: UsageMeter
    fallback: ScriptedCharacters
    answered: set[tuple[str, str]] = field(default_factory=set)
    threads: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    fallbacks: list[str] = field(default_factory=list)

    async def plan(self, messages: list[OutgoingMessage]) -> list[PlannedReply]:
        planned: list[PlannedReply] = []
        for message, character in to_answer(messages, self.answered, self.spec.characters):
            # Drawn before the call, in message order: reply times depend on the seed alone.
            at = message.sent_at + reply_delay(character, self.rng)
            seed = self.rng.getrandbits(31)
            thread = self.threads.setdefault((message.character_id, message.thread_id or message.modality), [])
            chosen = self.fallback.choose(message)
            script = None if chosen is None else self.fallback.script(message, *chosen)
            try:
                decision = await self.llm.complete_json(LLMRole.CHARACTERS, self.model,
                                                        self._prompt(character, message, thread, chosen, script),
                                                        CharacterReply, seed=seed, meter=self.meter,
                                                        max_tokens=reply_tokens(script))
            except LLMError as exc:
                self.fallbacks.append(f"{character.name}: {exc}")
                planned.extend(await self.fallback.plan([message]))
                continue
            if chosen is not None:
                self.fallback.remember(message, chosen[0], at)
            thread.append(f"{self._user_name}'s assistant: {_clip(message.body, 600)}")
            rsvp = decision.rsvp if message.modality == "calendar" else None
            # The script decides which answer an RSVP is; the model only whether this person answers at all.
            if rsvp is not None or decision.reply:
                rsvp = chosen[0].rsvp if chosen is not None and chosen[0].rsvp and message.modality == "calendar" \
                    else rsvp
            body = decision.body.strip() if decision.reply and decision.body.strip() else None
            if body is not None:
                thread.append(f"{character.name} (you): {_clip(body, 600)}")
            subject = None if chosen is None else self.fallback.subject(message, *chosen)
            planned.extend(reply_events(message.character_id, character, message, at, body=body, subject=subject,
                                        rsvp=rsvp, user_email=self.user_email, user_phone=self.user_phone,
                                        rule=None if chosen is None else chosen[0].id))
        return planned

    def warnings(self) -> list[str]:
        if not self.fallbacks:
            return []
        return [f"{len(self.fallbacks)} character reply(ies) fell back to the scripted reply after a failed LLM call "
                f"(first: {self.fallbacks[0][:300]})"]

    @property
    def _user_name(self) -> str:
        # ScenarioSpec guarantees user_character is one of its characters.
        return self.spec.characters[self.spec.user_character].name

    def _prompt(self, character: Character, message: OutgoingMessage, thread: list[str],
                chosen: tuple[ScriptedReply, datetime | None] | None, script: str | None) -> list[dict[str, str]]:
        user_name = self._user_name
        persona = [f"You are {character.name}. Stay in character; you are a real person, not an AI."]
        if character.personality:
            persona.append(f"Personality: {character.personality}")
        if character.relationships:
            persona.append("Relationships: " + "; ".join(f"{who}: {what}" for who, what in
                                                          character.relationships.items()))
        if character.special_instructions:
            persona.append(f"What you know and intend: {character.special_instructions}")
        persona.append(
            f"Messages reach you from {user_name}'s personal assistant, which acts for {user_name}. Decide as "
            f"{character.name} would whether to answer at all (people do not answer everything; a message that "
            f"needs no answer gets none). Answer only what you were asked, in your own words, briefly, as a "
            f"{_medium(message)}. Never invent facts about {user_name}'s plans.")
        if chosen is None:
            persona.append("For this message, the story has you stay silent unless a reply is plainly needed.")
        else:
            # The whole script: every fact in it is one the reply must keep (a listing of seats, of trains).
            said = f'what you say, in substance: "{_clip(script, MAX_MESSAGE_CHARS)}"' if script else "no written reply"
            rsvp = f"; your RSVP: {chosen[0].rsvp}" if chosen[0].rsvp else ""
            persona.append(f"For this message the story fixes {said}{rsvp}. Use your own words, but keep every fact "
                           f"(times, amounts, names, yes or no) exactly as given there; add none.")
        persona.append('Reply with only a JSON object: {"reply": true or false, "body": "your message, empty if you '
                       'do not reply", "rsvp": "accepted" | "declined" | "tentative" | null}. "rsvp" only for a '
                       "calendar invitation, decided from your commitments and personality.")
        history = _condensed(thread)
        incoming = [f"Now it is {message.sent_at.strftime('%A %Y-%m-%d %H:%M %Z')}. New {_medium(message)}:"]
        if message.subject:
            incoming.append(f"Subject: {_clip(message.subject, 300)}")
        incoming.append(_clip(message.body, MAX_MESSAGE_CHARS) or "(no text)")
        content = ("Earlier in this conversation:\n" + "\n".join(history) + "\n\n" if history else "") + \
            "\n".join(incoming)
        return [{"role": "system", "content": "\n".join(persona)}, {"role": "user", "content": content}]


def reply_tokens(script: str | None) -> int:
    """The completion bound for a reply grounded on ``script``: room to say all of it (about three characters a
    token, and the JSON around it), never less than ``REPLY_TOKENS``."""
    return max(REPLY_TOKENS, len(script or "") // 3 + 100)


def _medium(message: OutgoingMessage) -> str:
    return {"sms": "text message", "email": "email", "calendar": "calendar invitation",
            "chat": "chat message"}[message.modality]


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + " […]"


def _condensed(thread: list[str]) -> list[str]:
    """The thread for the prompt: the last messages verbatim, older ones cut to their first line."""
    older, recent = thread[:-VERBATIM_HISTORY], thread[-VERBATIM_HISTORY:]
    return [_clip(line.splitlines()[0] if line else "", 120) for line in older] + recent
