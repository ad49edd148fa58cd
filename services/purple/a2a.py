"""The A2A wire as a purple sees it, past what the protocol shares (``services.protocol.a2a``: the card, the app,
the parts): reading the green's message into the object a brain handles, and turning a brain's answer into parts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from a2a.types import a2a_pb2

from services.protocol.a2a import message_json_object, message_parts, text_part


def message_payload(message: a2a_pb2.Message | None) -> dict[str, Any]:
    """The green's JSON object: the first DataPart holding an object, else the first TextPart that parses as
    one (docs/reference/protocol.md). A message with neither gives ``{"text": <its text parts, one per line>}``."""
    found = message_json_object(message)
    if found is not None:
        return found
    parts: Sequence[a2a_pb2.Part] = message.parts if message is not None else []
    return {"text": "\n".join(p.text for p in parts if p.HasField("text"))}


def reply_parts(reply: dict[str, Any] | str | None) -> list[a2a_pb2.Part]:
    """A dict → a DataPart plus a TextPart copy, both made from one JSON rendering so they always agree
    (numbers travel as doubles in the DataPart); a str → that text alone; None → the acknowledgement ``ok``."""
    if isinstance(reply, dict):
        return message_parts(reply)
    return [text_part("ok" if reply is None else reply)]
