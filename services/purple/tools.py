"""The LLM assistant's tools: one per simulator route the purple's key may call (protocol.md §5), as a typed table.

Every tool's parameter schema is the simulator's own request model (``SendEmail``, ``CreateEventBody``...) as the
simulator's client publishes it (``services.ues.client.request_schema``, generated from the app's OpenAPI document),
with ``$ref``s inlined (OpenAI-style function schemas must be plain), so a tool cannot drift from the route it
calls, and the purple imports nothing of the simulator but its client. The table is checked by tests against the
purple grant and the simulator's app: no tool names a route the key lacks, or a route that does not exist.

Reads (``*_state``) take no arguments and ask for the compact view, to keep the model's context small; the queries
and actions take the route's body. ``chat_send`` hides the body's ``role`` and always posts as ``"assistant"``:
posting as the user is a forged instruction (protocol.md §4), and no argument can make this tool do it.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel

from services.ues.client import request_schema

FINISH_TURN = "finish_turn"


@dataclass(frozen=True)
class Tool:
    """One tool: the route it calls (``method``, ``path``), the permission that route needs, whether its arguments
    are the route's request body (else it takes none), fields it fixes whatever the model says, and whether it
    changes the world (an action, attributed to the purple's key in the row) or only reads."""

    name: str
    description: str
    method: Literal["GET", "POST"]
    path: str
    permission: str
    takes_body: bool = False
    params: dict[str, Any] = field(default_factory=dict)  # query parameters sent on every call
    fixed: dict[str, Any] = field(default_factory=dict)  # body fields the model cannot set
    acts: bool = False

    def parameters(self) -> dict[str, Any]:
        """The JSON schema of the arguments: the route's request body's, flattened, without the fixed fields."""
        if not self.takes_body:
            return {"type": "object", "properties": {}}
        schema = flatten_schema(request_schema(self.method, self.path))
        for name in self.fixed:
            schema.get("properties", {}).pop(name, None)
            if name in schema.get("required", []):
                schema["required"] = [r for r in schema["required"] if r != name]
        return schema

    def openai(self) -> dict[str, Any]:
        """The tool as OpenAI / litellm ``tools`` entry."""
        return {"type": "function",
                "function": {"name": self.name, "description": self.description, "parameters": self.parameters()}}

    def body(self, arguments: dict[str, Any]) -> dict[str, Any] | None:
        """The request body for ``arguments`` (fixed fields override whatever the model sent)."""
        if not self.takes_body:
            return None
        return {**arguments, **self.fixed}


def flatten_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with every ``$ref`` to its ``$defs`` inlined and the ``$defs`` and ``title`` keys dropped (some
    providers refuse references; titles only cost tokens). Recursive definitions are cut to ``{}`` at the second
    visit."""
    defs = schema.get("$defs", {})

    def walk(node: Any, seen: tuple[str, ...]) -> Any:
        if isinstance(node, list):
            return [walk(item, seen) for item in node]
        if not isinstance(node, dict):
            return node
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            name = ref.removeprefix("#/$defs/")
            if name in seen or name not in defs:
                return {}
            merged = {**copy.deepcopy(defs[name]), **{k: v for k, v in node.items() if k != "$ref"}}
            return walk(merged, (*seen, name))
        out = {}
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):  # field names, not keywords: a field may be "title"
                out[key] = {name: walk(field, seen) for name, field in value.items()}
            elif key not in ("$defs", "title"):
                out[key] = walk(value, seen)
        return out

    out: dict[str, Any] = walk(schema, ())
    out.setdefault("type", "object")
    return out


def _state(modality: str, what: str) -> Tool:
    return Tool(f"{modality}_state", f"Read the current {what} (compact view).", "GET", f"/{modality}/state",
                f"{modality}:state", params={"compact": "true"})


def _query(modality: str, what: str) -> Tool:
    return Tool(f"{modality}_query", f"Search {what}; returns the full matching items.", "POST",
                f"/{modality}/query", f"{modality}:query", takes_body=True)


def _act(name: str, description: str, path: str, permission: str, fixed: dict[str, Any] | None = None) -> Tool:
    return Tool(name, description, "POST", path, permission, takes_body=True, fixed=fixed or {}, acts=True)


TOOLS: tuple[Tool, ...] = (
    _state("email", "mailbox: folders, labels, a summary of every email"),
    _query("email", "emails by folder, sender, subject, body text, read state, dates"),
    _act("email_send", "Send an email as the user. To reply, set thread_id and in_reply_to to the original's "
         "thread_id and message_id and quote it as needed; to forward, send the original's text to the new "
         "recipients.", "/email/send", "email:send"),
    *(_act(f"email_{verb}", f"{text} emails by message_id.", f"/email/{verb}", f"email:{verb}")
      for verb, text in (("read", "Mark as read"), ("unread", "Mark as unread"), ("star", "Star"),
                         ("unstar", "Unstar"), ("archive", "Archive"), ("delete", "Delete"))),
    _act("email_label", "Add labels to emails.", "/email/label", "email:label"),
    _act("email_unlabel", "Remove labels from emails.", "/email/unlabel", "email:unlabel"),
    _act("email_move", "Move emails to a folder.", "/email/move", "email:move"),
    _state("sms", "SMS conversations"),
    _query("sms", "SMS messages by thread, sender, text, direction, read state, dates"),
    _act("sms_send", "Send an SMS as the user (from_number: the user's own number).", "/sms/send", "sms:send"),
    *(_act(f"sms_{verb}", f"{text} SMS messages by message_id.", f"/sms/{verb}", f"sms:{verb}")
      for verb, text in (("read", "Mark as read"), ("unread", "Mark as unread"), ("delete", "Delete"))),
    _act("sms_react", "React to an SMS with an emoji.", "/sms/react", "sms:react"),
    _state("calendar", "calendars and events"),
    _query("calendar", "calendar events by time range, text, status, attendees"),
    _act("calendar_create", "Create a calendar event.", "/calendar/create", "calendar:create"),
    _act("calendar_update", "Change an event (only the fields given change).", "/calendar/update",
         "calendar:update"),
    _act("calendar_delete", "Delete an event.", "/calendar/delete", "calendar:delete"),
    _act("calendar_respond", "Answer an invitation for an attendee (accepted, declined, tentative).",
         "/calendar/respond", "calendar:respond"),
    _state("chat", "chat with the user"),
    _query("chat", "chat messages"),
    _act("chat_send", "Write to the user in chat (as their assistant): report what you did, or ask a question.",
         "/chat/send", "chat:send", fixed={"role": "assistant"}),
    _state("contacts", "address book"),
    _query("contacts", "contacts by name, email, phone, company"),
    _state("weather", "weather of every known location (keys are \"lat,lon\")"),
    _query("weather", "the weather report of one location by lat/lon (units: metric for °C); its daily forecast "
           "says which days will be wet"),
    _state("location", "user's current position (named place, address, coordinates)"),
    _query("location", "the user's current and past positions"),
)
TOOLS_BY_NAME: dict[str, Tool] = {tool.name: tool for tool in TOOLS}


class FinishTurn(BaseModel):
    """End this turn: how long to wait before the next one, and whether the user's task is finished."""

    time_step: str = "PT1H"
    done: bool = False
    notes: str | None = None


FINISH_TOOL: dict[str, Any] = {
    "type": "function",
    "function": {"name": FINISH_TURN,
                 "description": "End this turn. time_step: ISO-8601 duration until the next turn (e.g. PT30M, PT1H, "
                                "PT4H); done: true only when the user's task is completely finished.",
                 "parameters": flatten_schema(FinishTurn.model_json_schema())},
}


def openai_tools() -> list[dict[str, Any]]:
    """Every tool, and ``finish_turn``, as litellm ``tools``."""
    return [tool.openai() for tool in TOOLS] + [FINISH_TOOL]


def _type_of(schema: dict[str, Any]) -> str:
    if "enum" in schema:
        return "|".join(map(str, schema["enum"]))
    if "anyOf" in schema:
        kinds = [_type_of(s) for s in schema["anyOf"] if s.get("type") != "null"]
        return "|".join(kinds) or "null"
    kind = schema.get("type", "object")
    if kind == "array":
        return f"list[{_type_of(schema.get('items', {}))}]"
    if kind == "string" and schema.get("format") == "date-time":
        return "datetime"
    return str(kind)


def signature(name: str, schema: dict[str, Any]) -> str:
    """``email_send(from_address: string, to_addresses: list[string], ..., cc_addresses?: ...)``: a tool in one line,
    for the text convention (required fields first, optional ones marked ``?``)."""
    properties: dict[str, Any] = schema.get("properties", {})
    required = set(schema.get("required", []))
    ordered = sorted(properties, key=lambda p: p not in required)
    args = ", ".join(f"{p}{'' if p in required else '?'}: {_type_of(properties[p])}" for p in ordered)
    return f"{name}({args})"


def text_catalogue() -> str:
    """Every tool as one line each (the text convention's tool list)."""
    lines = [f"- {signature(t.name, t.parameters())}: {t.description}" for t in TOOLS]
    lines.append(f"- {signature(FINISH_TURN, FINISH_TOOL['function']['parameters'])}: "
                 f"{FINISH_TOOL['function']['description']}")
    return "\n".join(lines)
