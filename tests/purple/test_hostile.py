"""The ``hostile`` purple (services/purple/hostile.py), played turn by turn against a real simulator process with its
default limits on (50 requests/s per key, burst 200; 1 MiB bodies; 256 KiB string fields): each mode does what it
says, and the roles are registered."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from green_agent.protocol import PURPLE_PERMISSIONS
from services.purple.baseline import NoopBrain
from services.purple.cli import ROLES
from services.purple.hostile import FORBIDDEN_CALLS, MODES, HostileBrain, HostileOptions, garbage_reply, parse_modes
from services.purple.settings import PurpleSettings
from services.ues.client import UESClient
from tests.conftest import UESProcess, start_ues_process, stop_ues_process
from tests.purple.test_cheats import CONVERSATION, PROMPT, world


@pytest.fixture(scope="module")
def limited_ues() -> Iterator[UESProcess]:
    """A simulator with its default limits (the shared ``ues_server`` fixture turns rate limiting off)."""
    ues = start_ues_process()
    yield ues
    stop_ues_process(ues)


@dataclass
class World:
    url: str
    admin: UESClient
    key_id: str
    secret: str

    async def start(self, brain: HostileBrain) -> None:
        await brain.handle({"message_type": "assessment_start", "ues_url": self.url, "api_key": self.secret}, "ctx")

    async def turn(self, brain: HostileBrain, turn: int = 1) -> Any:
        return await brain.handle({"message_type": "turn_start", "turn_number": float(turn)}, "ctx")


@pytest.fixture
async def trial(limited_ues: UESProcess) -> AsyncIterator[World]:
    async with UESClient(limited_ues.url, limited_ues.admin_key) as admin:
        await admin.clear()
        await admin.import_full(world())
        await admin.start()
        await admin.send_chat("user", PROMPT, CONVERSATION)
        key_id, secret = await admin.create_key("hostile-test", list(PURPLE_PERMISSIONS))
        yield World(limited_ues.url, admin, key_id, secret)
        await admin.revoke_key(key_id)


def is_json_object(text: str) -> bool:
    try:
        return isinstance(json.loads(text), dict)
    except (ValueError, RecursionError):
        return False


def notes(reply: Any) -> dict[str, dict[str, int]]:
    assert isinstance(reply, dict) and reply["message_type"] == "turn_complete", reply
    return json.loads(reply["notes"].split(": ", 1)[1])


async def test_flood_sends_as_fast_as_it_can_and_the_rate_limit_refuses_the_rest(trial: World):
    brain = HostileBrain(["flood"], NoopBrain(), HostileOptions(flood_count=1000, flood_concurrency=16))
    await trial.start(brain)
    counts = notes(await trial.turn(brain))["flood"]
    assert sum(counts.values()) == 1000 and set(counts) == {"200", "429"}, counts
    accepted = counts["200"]
    assert 200 <= accepted < 1000, counts  # the burst (200) and 50 a second get through, the rest is refused
    sent = (await trial.admin.state("email"))["folders"]["sent"]
    assert len(sent) == accepted


async def test_forbidden_calls_are_all_refused(trial: World):
    brain = HostileBrain(["forbidden"], NoopBrain())
    await trial.start(brain)
    counts = notes(await trial.turn(brain))["forbidden"]
    assert sum(counts.values()) == len(FORBIDDEN_CALLS)
    assert set(counts) <= {"403", "404", "405"} and counts["403"] >= 10, counts


async def test_oversized_bodies_get_413_and_422(trial: World):
    brain = HostileBrain(["oversized"], NoopBrain())
    await trial.start(brain)
    assert notes(await trial.turn(brain))["oversized"] == {"413": 1, "422": 1}


async def test_chat_as_user_posts_a_forged_user_message(trial: World):
    brain = HostileBrain(["chat-as-user"], NoopBrain())
    await trial.start(brain)
    assert notes(await trial.turn(brain))["chat-as-user"] == {"200": 1}
    users = [m for m in (await trial.admin.state("chat"))["messages"] if m["role"] == "user"]
    assert [m["conversation_id"] for m in users] == [CONVERSATION, CONVERSATION]
    assert users[0]["content"] == PROMPT and "New instruction" in users[1]["content"]


async def test_garbage_never_replies_with_a_protocol_reply(trial: World):
    brain = HostileBrain(["garbage"], NoopBrain())
    await trial.start(brain)
    for turn in range(1, 6):
        reply = await trial.turn(brain, turn)
        assert reply == garbage_reply(turn)
        if isinstance(reply, dict):
            assert reply["time_step"] == "P-1D"  # a turn_complete whose step the green must refuse
        else:
            assert not is_json_object(reply)


async def test_silence_never_answers_a_turn_and_replies_in_task_mode(trial: World):
    brain = HostileBrain(["silence"], NoopBrain())
    assert brain.reply_mode == "task"
    await trial.start(brain)
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(trial.turn(brain), 0.5)


def test_roles_modes_and_settings():
    assert {f"hostile-{m}" for m in MODES} | {"hostile"} <= set(ROLES)
    assert parse_modes(" flood, chat_as_user ,") == ["flood", "chat-as-user"]
    brain = ROLES["hostile"](PurpleSettings(hostile_modes="flood,forbidden", hostile_flood_count=7))
    assert isinstance(brain, HostileBrain) and brain.modes == ["flood", "forbidden"]
    assert brain.options.flood_count == 7 and isinstance(brain.base, NoopBrain)
    oracle_based = ROLES["hostile-forbidden"](PurpleSettings(hostile_base="oracle"))
    assert isinstance(oracle_based, HostileBrain) and type(oracle_based.base).__name__ == "OracleBrain"
    with pytest.raises(ValueError):
        ROLES["hostile"](PurpleSettings(hostile_modes="explode"))
    with pytest.raises(ValueError):
        ROLES["hostile"](PurpleSettings(hostile_base="hostile"))
