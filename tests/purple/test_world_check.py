"""A purple that cannot reach its world says so (protocol.md §4, issue 32): our purples' A2A server asks the world at
the ``ues_url`` of ``assessment_start`` (after the ``PURPLE_UES_URL`` rewrite) for ``GET /health`` and, when no answer
comes, replies ``world_unreachable`` naming the URL it called — while its brain still gets the start. Any answer at
all, whatever its status, is a world reached. Real simulator, real A2A, real sockets."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import pytest

from green_agent.assessment.purple_link import PurpleLink
from green_agent.embedded import serve_in_process
from green_agent.world_gateway import WorldGateway
from services.protocol.messages import AssessmentStart, MessageType, WorldUnreachable
from services.purple.server import create_purple_app
from services.purple.world_url import world_unreachable
from tests.conftest import free_port


@contextlib.asynccontextmanager
async def mute_server() -> AsyncIterator[str]:
    """A TCP server that accepts connections and never answers."""
    async def hold(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.read(65536)
        await asyncio.sleep(3600)

    server = await asyncio.start_server(hold, "127.0.0.1", 0)
    try:
        yield f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}"
    finally:
        server.close()


async def test_an_answer_of_any_status_is_a_world_reached(ues_server):
    assert await world_unreachable(ues_server.url) is None
    async with WorldGateway() as gateway:  # an unknown route answers 404: still an answer
        assert await world_unreachable(f"{gateway.local_url}/w/no-such-token") is None


async def test_no_answer_is_named():
    refused = await world_unreachable(f"http://127.0.0.1:{free_port()}")
    assert refused is not None and refused.startswith("ConnectError"), refused
    async with mute_server() as url:
        silent = await world_unreachable(url, timeout_s=0.5)
    assert silent is not None and silent.startswith("ReadTimeout"), silent
    unreadable = await world_unreachable("not a URL")
    assert unreadable is not None and unreadable.startswith("UnsupportedProtocol"), unreadable


class Recorder:
    """A brain that keeps the ``ues_url`` of every start it sees, and answers nothing to it."""

    def __init__(self) -> None:
        self.started: list[str] = []

    async def handle(self, payload: dict[str, Any], context_id: str) -> dict[str, Any] | None:
        if payload.get("message_type") == MessageType.ASSESSMENT_START:
            self.started.append(str(payload["ues_url"]))
        return None


def start(ues_url: str) -> AssessmentStart:
    return AssessmentStart(ues_url=ues_url, api_key="k", current_time="2026-03-02T09:00:00+00:00")


@pytest.mark.parametrize("reply_mode", ["message", "task"])
async def test_the_reply_to_assessment_start_names_a_world_that_does_not_answer(reply_mode):
    """Told the green's gateway URL and rewriting it to a slot where nothing listens (an unbound slot under Amber)."""
    slot = f"http://127.0.0.1:{free_port()}"
    brain = Recorder()
    app = create_purple_app(brain, url="http://127.0.0.1/", reply_mode=reply_mode, ues_slot_url=slot)
    async with serve_in_process(app) as url, PurpleLink(url, "ctx") as link:
        reply = await link.send(start("http://127.0.0.1:9010/w/Tk"), timeout_s=30)
    claim = WorldUnreachable.from_payload(reply.first_object())
    assert claim is not None and claim.ues_url == f"{slot}/w/Tk", reply.first_object()
    assert claim.error.startswith("ConnectError")
    assert brain.started == [f"{slot}/w/Tk"]  # the brain got the start all the same


async def test_a_world_that_answers_gets_the_brains_reply(ues_server):
    brain = Recorder()
    app = create_purple_app(brain, url="http://127.0.0.1/", ues_slot_url=ues_server.url)
    async with serve_in_process(app) as url, PurpleLink(url, "ctx") as link:
        reply = await link.send(start("http://world.invalid:9010"), timeout_s=30)
    assert reply.first_object() is None and reply.text() == "ok"
    assert brain.started == [ues_server.url]


def test_a_claim_is_read_leniently_and_nothing_else_is_one():
    assert WorldUnreachable.from_payload({"message_type": "world_unreachable", "ues_url": 3}) == \
        WorldUnreachable(ues_url="", error="")
    assert WorldUnreachable.from_payload({"message_type": "turn_complete"}) is None
    assert WorldUnreachable.from_payload("world_unreachable") is None
    assert WorldUnreachable(ues_url="http://h:1", error="e").payload() == \
        {"message_type": "world_unreachable", "ues_url": "http://h:1", "error": "e"}
