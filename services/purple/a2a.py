"""The A2A wire as a purple sees it: serve an app with a card, read the green's message, build reply parts.

The app serves JSON-RPC at ``/`` with A2A 0.3 compatibility on, and its card lists one JSON-RPC interface per
protocol version (1.0 and 0.3, same URL), so the served card also carries the 0.3 fields ``url``,
``preferredTransport`` and ``protocolVersion`` that 0.3 clients (the AgentBeats gateway) read
(specs/protocol.md §1). Purples keep their tasks in memory: a restarted purple starts afresh anyway.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from typing import Any

from a2a.server.agent_execution import AgentExecutor
from a2a.server.request_handlers import DefaultRequestHandler
from a2a.server.routes import add_a2a_routes_to_fastapi, create_agent_card_routes, create_jsonrpc_routes
from a2a.server.tasks import InMemoryTaskStore
from a2a.types import a2a_pb2
from fastapi import FastAPI
from google.protobuf import struct_pb2
from google.protobuf.json_format import MessageToDict, ParseDict

PROTOCOL_VERSIONS: tuple[str, ...] = ("1.0", "0.3")


def build_agent_card(*, name: str, description: str, url: str, version: str, skills: Sequence[a2a_pb2.AgentSkill],
                     protocol_versions: Sequence[str] = PROTOCOL_VERSIONS) -> a2a_pb2.AgentCard:
    """A streaming, text-in/text-out card with one JSON-RPC interface per protocol version, all on ``url``
    (absolute: ``--card-url``, else ``http://{host}:{port}/``)."""
    if not skills:
        raise ValueError("an agent card needs at least one skill")
    return a2a_pb2.AgentCard(
        name=name,
        description=description,
        version=version,
        supported_interfaces=[a2a_pb2.AgentInterface(url=url, protocol_binding="JSONRPC", protocol_version=v)
                              for v in protocol_versions],
        capabilities=a2a_pb2.AgentCapabilities(streaming=True, push_notifications=False),
        default_input_modes=["text"],
        default_output_modes=["text"],
        skills=list(skills),
    )


def build_a2a_app(executor: AgentExecutor, card: a2a_pb2.AgentCard) -> FastAPI:
    """A FastAPI app serving ``executor``: JSON-RPC (1.0 and 0.3) at ``/``, ``card`` at the well-known path."""
    handler = DefaultRequestHandler(agent_executor=executor, task_store=InMemoryTaskStore(), agent_card=card)
    app = FastAPI(title=card.name, version=card.version)
    add_a2a_routes_to_fastapi(
        app,
        agent_card_routes=create_agent_card_routes(card),
        jsonrpc_routes=create_jsonrpc_routes(handler, rpc_url="/", enable_v0_3_compat=True),
    )
    return app


def message_payload(message: a2a_pb2.Message | None) -> dict[str, Any]:
    """The green's JSON object: the first DataPart holding an object, else the first TextPart that parses as
    one (specs/protocol.md §4). A message with neither gives ``{"text": <its text parts, one per line>}``."""
    parts: Sequence[a2a_pb2.Part] = message.parts if message is not None else []
    for part in parts:
        if part.HasField("data"):
            value = MessageToDict(part.data)
            if isinstance(value, dict):
                return value
    for part in parts:
        if part.HasField("text"):
            parsed = _json_object(part.text)
            if parsed is not None:
                return parsed
    return {"text": "\n".join(p.text for p in parts if p.HasField("text"))}


def _json_object(text: str) -> dict[str, Any] | None:
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def reply_parts(reply: dict[str, Any] | str | None) -> list[a2a_pb2.Part]:
    """A dict → a DataPart plus a TextPart copy, both made from one JSON rendering so they always agree
    (numbers travel as doubles in the DataPart); a str → that text alone; None → the acknowledgement ``ok``."""
    if isinstance(reply, dict):
        text = json.dumps(reply, sort_keys=True, default=str)
        return [a2a_pb2.Part(data=ParseDict(json.loads(text), struct_pb2.Value())), a2a_pb2.Part(text=text)]
    return [a2a_pb2.Part(text="ok" if reply is None else reply)]


def agent_message(parts: Sequence[a2a_pb2.Part], *, context_id: str = "") -> a2a_pb2.Message:
    """A new agent-role message in ``context_id``."""
    return a2a_pb2.Message(role=a2a_pb2.Role.ROLE_AGENT, message_id=uuid.uuid4().hex, context_id=context_id,
                           parts=list(parts))
