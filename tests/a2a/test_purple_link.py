"""PurpleLink against real purple servers over loopback HTTP (docs/reference/protocol.md)."""

from __future__ import annotations

import asyncio
import json
import uuid
from datetime import timedelta
from typing import Any

import httpx
import pytest
from a2a.types import a2a_pb2
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response, StreamingResponse

from green_agent.assessment.purple_link import PurpleError, PurpleLink, PurpleReply, PurpleTimeout
from green_agent.protocol import AssessmentComplete, TurnStart
from services.protocol.a2a import data_part, text_part
from services.purple.server import create_purple_app
from tests.a2a.conftest import rpc, serve, start_purple
from tests.conftest import free_port, stop_process

TURN = TurnStart(turn_number=1, current_time="2025-01-06T09:00:00+00:00", events_processed=0)


@pytest.fixture(scope="module")
def noop():
    purple = start_purple("noop")
    yield purple
    stop_process(purple.process)


@pytest.fixture(scope="module")
def silent():
    purple = start_purple("silent")
    yield purple
    stop_process(purple.process)


def context() -> str:
    return "ctx-" + uuid.uuid4().hex[:8]


# ------------------------------------------------------------------------------------------------ replies
async def test_noop_turn_start_gets_turn_complete(noop):
    async with PurpleLink(noop.url, context()) as link:
        reply = await link.send(TURN, timeout_s=20)
        assert link.protocol_version == "1.0"  # both interfaces offered: 1.0 is preferred
        assert reply.message is not None and reply.task is None
        assert reply.first_object() == {"message_type": "turn_complete"}
        # other green messages are acknowledged without a protocol object
        ack = await link.send(AssessmentComplete(reason="scenario_complete"), timeout_s=20)
        assert ack.first_object() is None and ack.text() == "ok"


async def test_a2a_03_only_purple(purple_factory):
    purple = purple_factory("noop", "--protocol-versions", "0.3")
    async with httpx.AsyncClient() as http:
        card = (await http.get(purple.url + "/.well-known/agent-card.json")).json()
    assert [i["protocolVersion"] for i in card["supportedInterfaces"]] == ["0.3"]
    async with PurpleLink(purple.url, context()) as link:
        reply = await link.send(TURN, timeout_s=20)
        assert link.protocol_version == "0.3"
        assert reply.first_object() == {"message_type": "turn_complete"}


@pytest.mark.parametrize("versions", ["1.0,0.3", "0.3"])
async def test_task_mode_reply_is_read_from_final_status_message(purple_factory, versions):
    purple = purple_factory("noop", "--reply-mode", "task", "--protocol-versions", versions)
    async with PurpleLink(purple.url, context()) as link:
        reply = await link.send(TURN, timeout_s=20)
        assert reply.message is None and reply.task is not None
        assert reply.state == "TASK_STATE_COMPLETED" and reply.task_id
        assert reply.first_object() == {"message_type": "turn_complete"}


async def test_garbage_reply_has_no_object(purple_factory):
    purple = purple_factory("garbage")
    async with PurpleLink(purple.url, context()) as link:
        reply = await link.send(TURN, timeout_s=20)
        assert reply.first_object() is None
        assert reply.text() == "lol"


async def test_silent_purple_times_out_then_its_task_is_cancelled(silent):
    async with PurpleLink(silent.url, context()) as link:
        with pytest.raises(TimeoutError) as caught:
            await link.send(TURN, timeout_s=1.5)
        assert isinstance(caught.value, PurpleTimeout)
        task_id = caught.value.task_id
        assert task_id and link.pending_task_id == task_id
        assert await link.cancel_pending() is True
        assert link.pending_task_id is None
    task = (await rpc(silent.url, "tasks/get", {"id": task_id}))["result"]
    assert task["status"]["state"] == "canceled"
    # the same purple still answers other messages
    async with PurpleLink(silent.url, context()) as link:
        assert (await link.send(AssessmentComplete(reason="timeout"), timeout_s=20)).text() == "ok"


async def test_an_abandoned_send_leaves_its_task_to_cancel(silent):
    """An assessment cancelled mid-turn abandons the send; the purple's task is then cancelled, not left running."""
    async with PurpleLink(silent.url, context()) as link:
        send = asyncio.create_task(link.send(TURN, timeout_s=60))
        await asyncio.sleep(1.5)  # the silent purple has made its task and holds the turn
        assert not send.done()
        send.cancel()
        with pytest.raises(asyncio.CancelledError):
            await send
        task_id = link.pending_task_id
        assert task_id and await link.cancel_pending() is True
    task = (await rpc(silent.url, "tasks/get", {"id": task_id}))["result"]
    assert task["status"]["state"] == "canceled"


async def test_cancel_is_best_effort(noop):
    async with PurpleLink(noop.url, context()) as link:
        assert await link.cancel(None) is False
        await link.send(TURN, timeout_s=20)
        assert await link.cancel("no-such-task") is False  # a JSON-RPC error, swallowed


# ------------------------------------------------------------------------------------------------ errors
async def test_closed_port_is_a_transport_error():
    url = f"http://127.0.0.1:{free_port()}"
    async with PurpleLink(url, context()) as link:
        with pytest.raises(PurpleError) as caught:
            await link.send(TURN, timeout_s=10)
    assert caught.value.kind == "transport" and caught.value.reached is False  # nothing was sent
    assert url in str(caught.value) and "transport error" in str(caught.value)


async def test_missing_card_is_an_http_error(noop):
    url = noop.url + "/not-an-agent"
    async with PurpleLink(url, context()) as link:
        with pytest.raises(PurpleError) as caught:
            await link.send(TURN, timeout_s=10)
    assert caught.value.kind == "http" and "404" in str(caught.value) and url in str(caught.value)
    assert caught.value.reached is False  # no card, no message


def broken_agent(card_url: str, *, status: int = 200) -> FastAPI:
    """A third-party agent whose card is fine but whose JSON-RPC endpoint answers an error (or an HTTP error)."""
    app = FastAPI()

    @app.get("/.well-known/agent-card.json")
    async def card() -> dict[str, Any]:
        return {"name": "broken", "description": "d", "version": "1", "url": card_url,
                "preferredTransport": "JSONRPC", "protocolVersion": "0.3.0", "capabilities": {"streaming": False},
                "defaultInputModes": ["text"], "defaultOutputModes": ["text"], "skills": []}

    @app.post("/")
    async def rpc_endpoint(request: Request) -> Response:
        body = await request.json()
        if status != 200:
            return Response("upstream exploded", status_code=status)
        return JSONResponse({"jsonrpc": "2.0", "id": body.get("id"),
                             "error": {"code": -32603, "message": "the assistant crashed"}})

    return app


async def test_jsonrpc_error_is_reported_as_such():
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    async with serve(broken_agent(url + "/"), port), PurpleLink(url, context()) as link:
        with pytest.raises(PurpleError) as caught:
            await link.send(TURN, timeout_s=10)
    assert caught.value.kind == "jsonrpc" and "the assistant crashed" in str(caught.value)
    assert url in str(caught.value) and caught.value.reached is True  # it answered the message


async def test_http_error_on_send_is_reported_as_such():
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    async with serve(broken_agent(url + "/", status=502), port), PurpleLink(url, context()) as link:
        with pytest.raises(PurpleError) as caught:
            await link.send(TURN, timeout_s=10)
    assert caught.value.kind == "http" and "502" in str(caught.value) and caught.value.reached is True


async def test_a_purple_gone_after_its_card_was_read_was_not_reached(purple_factory):
    """The card came, then the purple's process ended: the next message finds no one to connect to, so it never
    reached the purple (the connection itself failed)."""
    purple = purple_factory("noop")
    async with PurpleLink(purple.url, context()) as link:
        await link.send(TURN, timeout_s=20)
        stop_process(purple.process)
        with pytest.raises(PurpleError) as caught:
            await link.send(TURN, timeout_s=10)
    assert caught.value.kind == "transport" and caught.value.reached is False, caught.value


# ------------------------------------------------------------------------------------------------ URLs with a path
def path_proxy(upstream: str, prefix: str, seen: list[str]) -> FastAPI:
    """A gateway-like reverse proxy: ``{prefix}/...`` → ``upstream/...`` (SSE streamed through)."""
    app = FastAPI()
    client = httpx.AsyncClient(timeout=None)

    @app.api_route(prefix + "/{path:path}", methods=["GET", "POST"])
    @app.api_route(prefix, methods=["GET", "POST"])
    async def forward(request: Request, path: str = "") -> Response:
        seen.append(f"{request.method} {request.url.path}")
        headers = {k: v for k, v in request.headers.items() if k.lower() not in ("host", "content-length")}
        upstream_request = client.build_request(request.method, f"{upstream}/{path}", headers=headers,
                                                content=await request.body())
        response = await client.send(upstream_request, stream=True)
        return StreamingResponse(response.aiter_raw(), status_code=response.status_code,
                                 headers={k: v for k, v in response.headers.items()
                                          if k.lower() in ("content-type", "cache-control")},
                                 background=None)

    return app


async def test_url_with_path_prefix_goes_through_the_proxy(noop):
    seen: list[str] = []
    async with serve(path_proxy(noop.url, "/agent", seen)) as proxy:
        url = proxy + "/agent"
        async with PurpleLink(url, context()) as link:
            reply = await link.send(TURN, timeout_s=20)
            assert reply.first_object() == {"message_type": "turn_complete"}
    # the card was resolved under the path, and the message went through the proxy (not to the card's own URL)
    assert "GET /agent/.well-known/agent-card.json" in seen
    assert any(s.startswith("POST /agent") for s in seen)


# ------------------------------------------------------------------------------------------------ what is sent
class Recorder:
    """A purple brain that records what arrives (used in-process, served by our real purple server)."""

    reply_mode = "task"

    def __init__(self) -> None:
        self.seen: list[tuple[dict[str, Any], str]] = []

    async def handle(self, payload: dict[str, Any], context_id: str) -> dict[str, Any]:
        self.seen.append((payload, context_id))
        return {"message_type": "turn_complete", "time_step": "PT5M"}


async def test_every_send_is_a_new_task_in_one_context_with_data_and_text():
    brain = Recorder()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    ctx = context()
    async with serve(create_purple_app(brain, url=url + "/"), port), PurpleLink(url, ctx) as link:
        first = await link.send(TURN, timeout_s=20)
        second = await link.send(TURN.model_copy(update={"turn_number": 2}), timeout_s=20)
        assert first.task_id != second.task_id
        task = (await rpc(url, "GetTask", {"id": second.task_id}, version="1.0"))["result"]
    assert [c for _, c in brain.seen] == [ctx, ctx] and task["contextId"] == ctx
    parts = task["history"][0]["parts"]
    assert task["history"][0]["role"] == "ROLE_USER"
    assert parts[0]["data"]["message_type"] == "turn_start" and parts[0]["data"]["turn_number"] == 2
    assert json.loads(parts[1]["text"]) == TURN.model_copy(update={"turn_number": 2}).model_dump(mode="json")
    # numbers come back as floats through protobuf Struct: purples must accept 2.0 as 2
    assert brain.seen[1][0]["turn_number"] == 2


# ------------------------------------------------------------------------------------------------ precedence
def msg(*parts: a2a_pb2.Part) -> a2a_pb2.Message:
    return a2a_pb2.Message(role=a2a_pb2.Role.ROLE_AGENT, message_id="m", parts=list(parts))


def task(*, artifacts: list[list[a2a_pb2.Part]] = (), status: list[a2a_pb2.Part] | None = None) -> a2a_pb2.Task:
    t = a2a_pb2.Task(id="t", context_id="c", status=a2a_pb2.TaskStatus(state=a2a_pb2.TaskState.TASK_STATE_COMPLETED))
    for i, parts in enumerate(artifacts):
        t.artifacts.append(a2a_pb2.Artifact(artifact_id=f"a{i}", parts=parts))
    if status is not None:
        t.status.message.CopyFrom(msg(*status))
    return t


def test_first_object_precedence():
    tc = {"message_type": "turn_complete"}
    ec = {"message_type": "early_completion"}
    # a DataPart of the Message beats its TextPart
    assert PurpleReply(message=msg(text_part(json.dumps(ec)), data_part(tc))).first_object() == tc
    # a DataPart in the artifacts beats a DataPart in the final status message
    assert PurpleReply(task=task(artifacts=[[data_part(tc)]], status=[data_part(ec)])).first_object() == tc
    # any DataPart beats every TextPart, even one found earlier
    assert PurpleReply(task=task(artifacts=[[text_part(json.dumps(ec))]], status=[data_part(tc)])).first_object() == tc
    # TextParts in the same order: artifacts before the status message
    assert PurpleReply(task=task(artifacts=[[text_part("not json"), text_part(json.dumps(tc))]],
                                 status=[text_part(json.dumps(ec))])).first_object() == tc
    # non-objects are skipped; nothing usable → None
    assert PurpleReply(message=msg(data_part_list(), text_part("[1, 2]"), text_part("lol"))).first_object() is None
    assert PurpleReply(message=msg(data_part_list(), data_part(tc))).first_object() == tc
    assert PurpleReply(task=task()).first_object() is None


def test_the_reply_is_read_into_the_typed_model_once():
    """``turn_reply`` is the green's one parse point: the first object, read as protocol.md §4 says."""
    reply = PurpleReply(message=msg(data_part({"message_type": "turn_complete", "time_step": "PT5M", "notes": "n"})))
    read = reply.turn_reply()
    assert read is not None and read.time_step == timedelta(minutes=5) and read.notes == "n" and not read.done
    early = PurpleReply(message=msg(text_part(json.dumps({"message_type": "early_completion", "reason": "r"}))))
    assert (read := early.turn_reply()) is not None and read.done and read.notes == "r"
    assert PurpleReply(message=msg(text_part("ok"))).turn_reply() is None
    assert PurpleReply(message=msg(data_part({"message_type": "hello"}))).turn_reply() is None


def data_part_list() -> a2a_pb2.Part:
    from google.protobuf import struct_pb2
    from google.protobuf.json_format import ParseDict

    return a2a_pb2.Part(data=ParseDict([1, 2], struct_pb2.Value()))


async def test_timeout_while_card_unreachable_is_a_timeout():
    """A host that accepts the connection but never answers: the deadline still holds."""
    port = free_port()
    hung = asyncio.Event()

    async def never(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        hung.set()
        await asyncio.sleep(30)
        writer.close()

    server = await asyncio.start_server(never, "127.0.0.1", port)
    try:
        async with PurpleLink(f"http://127.0.0.1:{port}", context()) as link:
            with pytest.raises(TimeoutError):
                await link.send(TURN, timeout_s=1)
        assert hung.is_set()
    finally:
        server.close()
