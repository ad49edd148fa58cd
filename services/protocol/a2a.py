"""The A2A side of the protocol, for the green and the purples alike: agent cards, the served app, and the parts a
message is made of and read from (docs/reference/protocol.md).

``build_a2a_app`` serves JSON-RPC at ``/`` with A2A 0.3 compatibility switched on and an agent card at
``/.well-known/agent-card.json`` that lists one JSON-RPC interface per protocol version (1.0 and 0.3, same URL),
so the served card also carries the 0.3 fields ``url``, ``preferredTransport`` and ``protocolVersion`` that 0.3
clients (the AgentBeats gateway) read.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from a2a.types import a2a_pb2
from google.protobuf import struct_pb2
from google.protobuf.json_format import MessageToDict, ParseDict

from services.protocol.messages import Message, render_text

if TYPE_CHECKING:
    from a2a.server.agent_execution import AgentExecutor
    from a2a.server.tasks import TaskStore
    from fastapi import FastAPI

__all__ = [
    "PROTOCOL_VERSIONS",
    "CardSpec",
    "SkillSpec",
    "agent_message",
    "build_a2a_app",
    "build_agent_card",
    "data_part",
    "first_data_object",
    "first_text_object",
    "message_json_object",
    "message_parts",
    "parse_json_object",
    "part_data",
    "text_part"
]

PROTOCOL_VERSIONS: tuple[str, ...] = ("1.0", "0.3")
_MAX_SAFE_INT = 2**53  # protobuf Struct numbers are doubles: larger integers would silently lose precision


# ------------------------------------------------------------------------------------------------ card and app
@dataclass
class SkillSpec:
    """One skill of the agent card."""

    id: str
    name: str
    description: str
    examples: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)


@dataclass
class CardSpec:
    """What an agent card says. ``url`` is absolute (``--card-url``, else ``http://{host}:{port}/``)."""

    name: str
    description: str
    url: str
    version: str
    skills: list[SkillSpec]
    streaming: bool = True
    input_modes: list[str] = field(default_factory=lambda: ["text"])
    output_modes: list[str] = field(default_factory=lambda: ["text"])
    protocol_versions: Sequence[str] = PROTOCOL_VERSIONS


def build_agent_card(spec: CardSpec) -> a2a_pb2.AgentCard:
    """The protobuf agent card: one JSON-RPC interface per protocol version, all on ``spec.url``."""
    if not spec.skills:
        raise ValueError("an agent card needs at least one skill")
    return a2a_pb2.AgentCard(
        name=spec.name,
        description=spec.description,
        version=spec.version,
        supported_interfaces=[
            a2a_pb2.AgentInterface(url=spec.url, protocol_binding="JSONRPC", protocol_version=v)
            for v in spec.protocol_versions
        ],
        capabilities=a2a_pb2.AgentCapabilities(streaming=spec.streaming, push_notifications=False),
        default_input_modes=list(spec.input_modes),
        default_output_modes=list(spec.output_modes),
        skills=[
            a2a_pb2.AgentSkill(id=s.id, name=s.name, description=s.description, tags=s.tags or [s.id],
                               examples=s.examples)
            for s in spec.skills
        ],
    )


def build_a2a_app(executor: AgentExecutor, card: CardSpec, task_store: TaskStore | None = None,
                  app: FastAPI | None = None) -> FastAPI:
    """Mount the agent on ``app`` (a new app named after the card when None): JSON-RPC (1.0 and 0.3) at ``/`` and
    the card at the well-known path, tasks kept in ``task_store`` (in memory when None). The request handler is kept
    in ``app.state.a2a_handler`` (close it on shutdown: ``await handler.aclose()``), the card in
    ``app.state.agent_card``."""
    # Late: a client of the protocol (the green talking to a purple) never loads the server side, half a second of
    # imports with bytecode cached (a2a's task stores bring SQLAlchemy and the 0.3 compatibility models, and FastAPI).
    from a2a.server.request_handlers import DefaultRequestHandler
    from a2a.server.routes import add_a2a_routes_to_fastapi, create_agent_card_routes, create_jsonrpc_routes
    from a2a.server.tasks import InMemoryTaskStore
    from fastapi import FastAPI

    agent_card = build_agent_card(card)
    if app is None:
        app = FastAPI(title=card.name, version=card.version)
    handler = DefaultRequestHandler(agent_executor=executor, task_store=task_store or InMemoryTaskStore(),
                                    agent_card=agent_card)
    add_a2a_routes_to_fastapi(
        app,
        agent_card_routes=create_agent_card_routes(agent_card),
        jsonrpc_routes=create_jsonrpc_routes(handler, rpc_url="/", enable_v0_3_compat=True),
    )
    app.state.a2a_handler = handler
    app.state.agent_card = agent_card
    return app


# ------------------------------------------------------------------------------------------------ parts
def _json_safe(value: Any) -> Any:
    """Make ``value`` fit a protobuf Struct without silent loss: big integers become strings."""
    if isinstance(value, bool) or value is None or isinstance(value, str | float):
        return value
    if isinstance(value, int):
        return value if abs(value) < _MAX_SAFE_INT else str(value)
    if isinstance(value, dict):
        return {str(k): _json_safe(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json_safe(v) for v in value]
    return json.loads(json.dumps(value, default=str))


def data_part(obj: dict[str, Any]) -> a2a_pb2.Part:
    """A DataPart holding a JSON object (numbers travel as doubles; integers ≥ 2**53 are sent as strings)."""
    return a2a_pb2.Part(data=ParseDict(_json_safe(obj), struct_pb2.Value()))


def text_part(text: str) -> a2a_pb2.Part:
    """A TextPart."""
    return a2a_pb2.Part(text=text)


def message_parts(message: Message | dict[str, Any]) -> list[a2a_pb2.Part]:
    """A protocol message as it travels (protocol.md §4): one DataPart holding the JSON object and one TextPart
    rendering it, both made from one JSON rendering so they always agree."""
    text = render_text(message)
    return [data_part(json.loads(text)), text_part(text)]


def part_data(part: a2a_pb2.Part) -> Any:
    """The JSON value of a DataPart (None for other parts)."""
    if not part.HasField("data"):
        return None
    try:
        return MessageToDict(part.data)
    except ValueError:  # NaN or ±Infinity, which a sender's JSON may carry (Python's json writes them) and
        return _plain_value(part.data)  # MessageToDict refuses: kept as floats, as json.loads keeps them in text


def _plain_value(value: struct_pb2.Value) -> Any:
    """A protobuf Value as plain Python, non-finite numbers included."""
    kind = value.WhichOneof("kind")
    if kind == "struct_value":
        return {k: _plain_value(v) for k, v in value.struct_value.fields.items()}
    if kind == "list_value":
        return [_plain_value(v) for v in value.list_value.values]
    if kind is None or kind == "null_value":
        return None
    return getattr(value, kind)


def parse_json_object(text: str) -> dict[str, Any] | None:
    """``text`` parsed as JSON if it is a JSON object, else None."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def first_data_object(parts: Sequence[a2a_pb2.Part]) -> dict[str, Any] | None:
    """The first DataPart holding a JSON object."""
    for part in parts:
        value = part_data(part)
        if isinstance(value, dict):
            return value
    return None


def first_text_object(parts: Sequence[a2a_pb2.Part]) -> dict[str, Any] | None:
    """The first TextPart that parses as a JSON object, parsed."""
    for part in parts:
        if part.HasField("text"):
            value = parse_json_object(part.text)
            if value is not None:
                return value
    return None


def message_json_object(message: a2a_pb2.Message | None) -> dict[str, Any] | None:
    """The first JSON object of a received message: DataParts first, else TextParts parsed as JSON."""
    if message is None:
        return None
    found = first_data_object(message.parts)
    return found if found is not None else first_text_object(message.parts)


def agent_message(parts: Sequence[a2a_pb2.Part], *, context_id: str = "", task_id: str = "") -> a2a_pb2.Message:
    """A new agent-role message."""
    return a2a_pb2.Message(role=a2a_pb2.Role.ROLE_AGENT, message_id=uuid.uuid4().hex, context_id=context_id,
                           task_id=task_id, parts=list(parts))
