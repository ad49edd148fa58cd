"""What every ``Characters`` implementation shares: one answer per message, and automated senders never answer."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

from green_agent.characters.base import OutgoingMessage
from green_agent.characters.scripted import ScriptedCharacters
from green_agent.scenarios import ScenarioLibrary

SPEC = ScenarioLibrary(Path(__file__).resolve().parents[1] / "scenarios").get("mini_day").spec
T = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)
INVITE = OutgoingMessage("calendar", "dana", T, subject="Partnership sync", message_id="ev1@10:00", event_id="ev1")


async def test_a_person_answers_an_invitation_once():
    characters = ScriptedCharacters(SPEC, random.Random(1), "sam.lee@example.com", "+15550100000")
    [reply] = await characters.plan([INVITE])
    assert reply.data["response"] == "accepted" and reply.at > T
    assert await characters.plan([INVITE]) == []


async def test_an_automated_sender_never_answers():
    automated = SPEC.model_copy(update={"characters": {
        **SPEC.characters, "dana": SPEC.characters["dana"].model_copy(update={"automated": True})}})
    characters = ScriptedCharacters(automated, random.Random(1), "sam.lee@example.com", "+15550100000")
    assert await characters.plan([INVITE]) == []  # though her scripted rule matches
