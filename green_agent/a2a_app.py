"""The parts only the green sends and reads: result rows and progress updates as JSON text.

The agent card, the served app and the part helpers are the protocol's, shared with the purples
(``services.protocol.a2a``); they are re-exported here for the green's server and executor.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from a2a.types import a2a_pb2

from services.protocol.a2a import (
    CardSpec,
    SkillSpec,
    agent_message,
    build_a2a_app,
    data_part,
    first_data_object,
    parse_json_object,
    part_data,
    text_part,
)

__all__ = ["CardSpec", "SkillSpec", "agent_message", "build_a2a_app", "data_part", "first_data_object", "json_part",
           "parse_json_object", "result_rows", "text_part"]


def json_part(obj: dict[str, Any]) -> a2a_pb2.Part:
    """A result row or a progress update as JSON text (``application/json``). Not a DataPart: a DataPart travels as
    a protobuf Struct, whose numbers are doubles, so a 0.3 client would read ``trial 0.0`` and a leaderboard would
    type every count DOUBLE; JSON text keeps integers integers, and the gateway takes every JSON-parsable text part
    of an artifact as a row (of a status update it only prints it)."""
    return a2a_pb2.Part(text=json.dumps(obj, ensure_ascii=False), media_type="application/json")


def result_rows(parts: Sequence[a2a_pb2.Part]) -> list[dict[str, Any]]:
    """The rows of a ``Result`` artifact, as the gateway reads them: JSON-object text parts and DataParts, in
    order (the human summary, which never parses as JSON, is not a row)."""
    rows = []
    for part in parts:
        value = part_data(part) if part.HasField("data") else parse_json_object(part.text) \
            if part.HasField("text") else None
        if isinstance(value, dict):
            rows.append(value)
    return rows
