"""The ``assistant`` purple: an LLM (any litellm model) doing the user's task through the simulator's API as tools.

Each turn the model gets the assessment's instructions (first turn), the current simulated time, what is new — the
user's new chat messages, new unread emails and SMS — and the conversation so far (kept per assessment in
``session.state``, bounded). It then calls tools (services/purple/tools.py: one per route of the purple's key) in a
loop, at most ``PURPLE_MAX_TOOL_CALLS_PER_TURN`` per turn, and ends the turn with ``finish_turn(time_step, done)``.
A tool call the world refuses (403, 422, 429...), an unknown tool or arguments that are not a JSON object come back
to the model as the tool's result text, so it can correct itself; none of them ends the turn.

Tool calls travel either as OpenAI tool calls (``tools`` in the request) or, for servers that ignore ``tools`` (such
as llama.cpp's chat formats, which are plain prompt templates), as JSON in the answer's text:
``{"tool": "<name>", "arguments": {...}}`` (or a list of such objects). ``PURPLE_TOOL_MODE`` picks: ``native``,
``text`` (the tool list goes in the prompt, tool results come back as a user message, and the server is asked for
a JSON object), or ``auto`` (native, and a JSON tool call found in a plain answer is honoured as well).

Each turn's usage — model calls, tool calls, actions, HTTP calls to the world, tokens — is logged, kept in
``Assistant.turns`` and summarised in the turn's ``notes``.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import uuid
from datetime import timedelta
from typing import TYPE_CHECKING, Any, Literal

import structlog
from pydantic import BaseModel, Field

from services.purple.sdk import Assistant, Session, TurnReply, TurnStart, parse_duration
from services.purple.settings import PurpleSettings
from services.purple.tools import FINISH_TURN, TOOLS_BY_NAME, FinishTurn, openai_tools, text_catalogue
from services.ues.client import UESError

if TYPE_CHECKING:
    from types import ModuleType

log = structlog.get_logger("purple.assistant")

# litellm fetches its price list from GitHub at import unless told otherwise; the bundled copy is as good offline.
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

DEFAULT_STEP = timedelta(hours=1)
# New unread items put in front of the model per modality and turn; the rest are a query away.
MAX_NEW_ITEMS = 10
MAX_ITEM_CHARS = 600
# Turn records kept on the instance (for tests and benchmarks): bounded like the SDK's sessions.
MAX_TURN_RECORDS = 1000

SYSTEM_PROMPT = """{instructions}

You act only through tools. Each turn, do what the user's task needs now, report to the user in chat with
chat_send when you have done something or need an answer, then call finish_turn with the time to wait before the
next turn (e.g. PT30M while waiting for a reply, PT2H when nothing is pending) and done=true only when the task is
completely finished. The user's own email address and phone number are in the state reads. Never share secrets
(passwords, door codes) with third parties."""

TEXT_CONVENTION = """
Call a tool by answering with JSON only, no other text:
{{"tool": "<tool name>", "arguments": {{...}}}}
(several at once: a JSON list of such objects). Results come back in the next message. Tools:
{catalogue}"""

AUTO_HINT = """
If you cannot call tools natively, answer with JSON only: {"tool": "<tool name>", "arguments": {...}}."""


class ToolCallRecord(BaseModel):
    """One tool call the model made: the tool, whether it reached the world (and changed it), the HTTP status."""

    name: str
    acted: bool = False  # a write route was called (an action attributed to the purple's key, whatever the status)
    status: int | None = None  # HTTP status, None when no request was made (unknown tool, bad arguments)
    error: str | None = None


class TurnUsage(BaseModel):
    """What one turn cost: model calls and tokens, tool calls, and the HTTP calls the assistant made to the world."""

    context_id: str
    turn: int
    model_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    tool_calls: list[ToolCallRecord] = Field(default_factory=list)
    http_calls: int = 0  # every request to the world: tool calls and the assistant's own reads
    budget_exhausted: bool = False
    time_step: str | None = None
    done: bool = False
    model_error: str | None = None

    @property
    def actions(self) -> int:
        return sum(1 for call in self.tool_calls if call.acted)

    def note(self) -> str:
        """A short summary for the turn's ``notes``."""
        text = (f"tool calls {len(self.tool_calls)} (actions {self.actions}), model calls {self.model_calls}, "
                f"tokens {self.prompt_tokens}+{self.completion_tokens}")
        if self.budget_exhausted:
            text += ", tool budget exhausted"
        if self.model_error:
            text += f", model error: {self.model_error[:200]}"
        return text


class _Call(BaseModel):
    """One tool call as the model asked for it (native or parsed from text); ``arguments`` is the raw JSON text."""

    id: str
    name: str
    arguments: str


def _litellm() -> ModuleType:
    """litellm, imported on first use (it takes seconds; a purple with another role never needs it)."""
    import litellm

    litellm.suppress_debug_info = True
    return litellm


_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL)


def parse_text_calls(text: str) -> list[_Call]:
    """Tool calls written as JSON in an answer's text: ``{"tool": name, "arguments": {...}}``, a list of them, or
    ``{"tool_calls": [...]}``; ``name``/``function`` and ``parameters``/``args`` are accepted too. The first JSON
    value in the text (inside a code fence or not) counts; text without one holds no call."""
    candidates = [m.group(1) for m in _FENCE.finditer(text)] + [text]
    decoder = json.JSONDecoder()
    for candidate in candidates:
        for start, char in enumerate(candidate):
            if char not in "[{":
                continue
            try:
                value, _ = decoder.raw_decode(candidate[start:])
            except ValueError:
                continue
            calls = _calls_from(value)
            if calls:
                return calls
    return []


def _calls_from(value: Any) -> list[_Call]:
    if isinstance(value, dict) and isinstance(value.get("tool_calls"), list):
        value = value["tool_calls"]
    items = value if isinstance(value, list) else [value]
    calls = []
    for item in items:
        if not isinstance(item, dict):
            continue
        if isinstance(item.get("function"), dict):  # OpenAI's own shape, written out as text
            item = item["function"]
        name = item.get("tool") or item.get("name") or item.get("function")
        if not isinstance(name, str):
            continue
        arguments: Any = next((item[k] for k in ("arguments", "parameters", "args") if k in item), {})
        text = arguments if isinstance(arguments, str) else json.dumps(arguments)
        calls.append(_Call(id=f"text-{uuid.uuid4().hex[:8]}", name=name, arguments=text))
    return calls


def trim_memory(messages: list[dict[str, Any]], limit: int) -> list[dict[str, Any]]:
    """The last ``limit`` messages (or fewer), starting at a user message, so a tool result never loses the call it
    answers."""
    if len(messages) <= limit:
        return messages
    kept = messages[-limit:]
    while kept and kept[0].get("role") != "user":
        kept = kept[1:]
    return kept


class LLMAssistant(Assistant):
    """The LLM assistant baseline (role ``assistant``)."""

    name = "UES LLM assistant"
    description = "A personal assistant for the UES assessment driven by an LLM with tool calling (ues-assessment/1)."
    reply_mode = "task"  # model calls are slow: a task lets the green cancel a turn it gave up on

    def __init__(self, settings: PurpleSettings | None = None) -> None:
        super().__init__()
        self.settings = settings or PurpleSettings()
        self.turns: list[TurnUsage] = []

    # ---------------------------------------------------------------- the turn
    async def on_turn(self, session: Session, turn: TurnStart) -> TurnReply:
        """Tell the model what is new, run its tool calls within the budget, answer with the step it chose."""
        usage = TurnUsage(context_id=session.context_id, turn=turn.turn_number)
        self.turns.append(usage)
        del self.turns[:-MAX_TURN_RECORDS]
        memory: list[dict[str, Any]] = session.state.setdefault("messages", [])
        memory.append({"role": "user", "content": await self._news(session, turn, usage)})
        reply = await self._loop(session, memory, usage)
        session.state["messages"] = trim_memory(memory, self.settings.memory_messages)
        usage.time_step = None if reply.time_step is None else str(reply.time_step)
        usage.done = reply.done
        log.info("assistant_turn", context=session.context_id, turn=turn.turn_number,
                 tool_calls=len(usage.tool_calls), actions=usage.actions, model_calls=usage.model_calls,
                 prompt_tokens=usage.prompt_tokens, completion_tokens=usage.completion_tokens,
                 http_calls=usage.http_calls, budget_exhausted=usage.budget_exhausted, done=reply.done)
        note = usage.note()
        reply.notes = f"{reply.notes} ({note})" if reply.notes else note
        return reply

    async def _loop(self, session: Session, memory: list[dict[str, Any]], usage: TurnUsage) -> TurnReply:
        budget = self.settings.max_tool_calls_per_turn
        while True:
            try:
                message = await self._ask_model(session, memory, usage)
            except Exception as exc:  # the provider failed after its retries: the assessment goes on
                usage.model_error = f"{type(exc).__name__}: {exc}"
                log.error("assistant_model_failed", context=session.context_id, error=usage.model_error[:300])
                return TurnReply()
            native = [_Call(id=c.id or f"call-{uuid.uuid4().hex[:8]}", name=c.function.name or "",
                            arguments=c.function.arguments or "{}") for c in (message.tool_calls or [])]
            content = message.content or ""
            calls = native or ([] if self.settings.tool_mode == "native" else parse_text_calls(content))
            if not calls:
                # A plain answer: the model has nothing more to do this turn.
                memory.append({"role": "assistant", "content": content})
                return TurnReply(notes=content[:200] or None)
            if native:
                memory.append({"role": "assistant", "content": content or None,
                               "tool_calls": [{"id": c.id, "type": "function",
                                               "function": {"name": c.name, "arguments": c.arguments}}
                                              for c in native]})
            else:
                memory.append({"role": "assistant", "content": content})
            results: list[tuple[_Call, str]] = []
            finish: TurnReply | None = None
            for call in calls:
                if len(usage.tool_calls) >= budget:
                    usage.budget_exhausted = True
                    results.append((call, "not run: this turn's tool call budget is spent"))
                    continue
                if call.name == FINISH_TURN:
                    usage.tool_calls.append(ToolCallRecord(name=FINISH_TURN))
                    finish = self._finish(call)
                    results.append((call, "turn ends"))
                    continue
                results.append((call, await self._run(session, call, usage)))
            self._remember_results(memory, results, native=bool(native))
            if finish is not None:
                return finish
            if usage.budget_exhausted or len(usage.tool_calls) >= budget:
                usage.budget_exhausted = True
                return TurnReply(notes="tool call budget spent")

    def _remember_results(self, memory: list[dict[str, Any]], results: list[tuple[_Call, str]], *,
                          native: bool) -> None:
        if native:
            memory.extend({"role": "tool", "tool_call_id": call.id, "content": text} for call, text in results)
        else:
            joined = "\n\n".join(f"Result of {call.name}:\n{text}" for call, text in results)
            memory.append({"role": "user", "content": joined})

    def _finish(self, call: _Call) -> TurnReply:
        """``finish_turn``'s arguments as the turn's reply; a step that is not a positive ISO-8601 duration falls back
        to the default step."""
        try:
            finish = FinishTurn.model_validate(json.loads(call.arguments or "{}"))
        except ValueError:
            return TurnReply(time_step=DEFAULT_STEP, notes="finish_turn had unreadable arguments")
        try:
            step = parse_duration(finish.time_step)
        except ValueError:
            step = DEFAULT_STEP
        return TurnReply(time_step=step, done=finish.done, notes=finish.notes)

    # ---------------------------------------------------------------- tools
    async def _run(self, session: Session, call: _Call, usage: TurnUsage) -> str:
        """Run one tool call; every failure becomes the result text the model reads."""
        record = ToolCallRecord(name=call.name)
        usage.tool_calls.append(record)
        tool = TOOLS_BY_NAME.get(call.name)
        if tool is None:
            record.error = "unknown tool"
            return f"error: there is no tool named {call.name!r}; the tools are: {', '.join(TOOLS_BY_NAME)}, " \
                   f"{FINISH_TURN}"
        try:
            arguments = json.loads(call.arguments or "{}")
        except ValueError as exc:
            record.error = "bad arguments"
            return f"error: the arguments are not valid JSON ({exc}); send a JSON object"
        if not isinstance(arguments, dict):
            record.error = "bad arguments"
            return "error: the arguments must be a JSON object"
        record.acted = tool.acts
        usage.http_calls += 1
        try:
            result = await session.ues.request(tool.method, tool.path, json=tool.body(arguments),
                                               params=tool.params or None)
        except UESError as exc:
            record.status = exc.status_code
            record.error = str(exc)[:300]
            if exc.status_code is None:  # unreachable: the call may never have arrived
                record.acted = False
            return f"error: {exc}"
        record.status = 200
        text = json.dumps(result, default=str, separators=(",", ":"))
        limit = self.settings.tool_result_chars
        return text if len(text) <= limit else text[:limit] + f"... (cut: {len(text)} characters; query for less)"

    # ---------------------------------------------------------------- the model
    async def _ask_model(self, session: Session, memory: list[dict[str, Any]], usage: TurnUsage) -> Any:
        settings = self.settings
        system = SYSTEM_PROMPT.format(instructions=session.start.assessment_instructions.strip()
                                      or "You are the user's personal assistant.")
        kwargs: dict[str, Any] = {"model": settings.model, "temperature": settings.temperature,
                                  "max_tokens": settings.max_tokens, "timeout": settings.llm_timeout_s,
                                  "num_retries": settings.llm_max_retries, "drop_params": True}
        if settings.tool_mode == "text":
            system += TEXT_CONVENTION.format(catalogue=text_catalogue())
            if settings.json_answers:
                kwargs["response_format"] = {"type": "json_object"}
        else:
            kwargs["tools"] = openai_tools()
            # litellm (1.106) imports its MCP gateway, and with it the optional package ``mcp``, for any request
            # with ``tools``; without ``mcp`` every tool call fails with ModuleNotFoundError. These are plain
            # function tools: skip the gateway.
            kwargs["_skip_mcp_handler"] = True
            if settings.tool_mode == "auto":
                system += AUTO_HINT
        if settings.api_base:
            kwargs["api_base"] = settings.api_base
        if settings.api_key is not None:
            kwargs["api_key"] = settings.api_key.get_secret_value()
        kwargs["messages"] = [{"role": "system", "content": system}, *memory]
        response = await asyncio.wait_for(_litellm().acompletion(**kwargs), settings.llm_timeout_s * 2)
        usage.model_calls += 1
        tokens = getattr(response, "usage", None)
        if tokens is not None:
            usage.prompt_tokens += int(getattr(tokens, "prompt_tokens", 0) or 0)
            usage.completion_tokens += int(getattr(tokens, "completion_tokens", 0) or 0)
        return response.choices[0].message

    # ---------------------------------------------------------------- what is new
    async def _news(self, session: Session, turn: TurnStart, usage: TurnUsage) -> str:
        """The turn's opening message: the time, the user's new chat messages, new unread emails and SMS."""
        lines = [f"Turn {turn.turn_number}. Current simulated time: {turn.now.isoformat()}. "
                 f"Events since the last turn: {turn.events_processed}."]
        usage.http_calls += 1
        fresh = await session.new_user_messages()
        if fresh:
            label = "The user's task (in chat)" if turn.turn_number == 1 else "New messages from the user in chat"
            lines.append(f"{label}:")
            lines.extend(f"- [{m.timestamp:%Y-%m-%d %H:%M} UTC] {m.text[:2000]}" if m.timestamp else f"- {m.text}"
                         for m in fresh)
        seen: dict[str, list[str]] = session.state.setdefault("seen", {"email": [], "sms": []})
        for modality, path, body, key in (
                ("email", "/email/query", {"is_read": False, "folder": "inbox", "limit": 50}, "emails"),
                ("sms", "/sms/query", {"is_read": False, "direction": "incoming", "limit": 50}, "messages")):
            usage.http_calls += 1
            try:
                found = (await session.ues.request("POST", path, json=body)).get(key) or []
            except (UESError, AttributeError) as exc:  # a world without this modality: nothing new there
                log.info("assistant_news_unread", modality=modality, error=str(exc)[:200])
                continue
            new = [item for item in found if item.get("message_id") not in seen[modality]]
            seen[modality] = (seen[modality] + [item.get("message_id") for item in new])[-1000:]
            if new:
                lines.append(f"New unread {modality} ({len(new)}):")
                lines.extend(f"- {_brief(modality, item)}" for item in new[:MAX_NEW_ITEMS])
                if len(new) > MAX_NEW_ITEMS:
                    lines.append(f"- ... and {len(new) - MAX_NEW_ITEMS} more ({modality}_query)")
        if len(lines) == 1:
            lines.append("Nothing new.")
        return "\n".join(lines)


def _brief(modality: Literal["email", "sms"] | str, item: dict[str, Any]) -> str:
    if modality == "email":
        text = (f"message_id={item.get('message_id')} thread_id={item.get('thread_id')} "
                f"from={item.get('from_address')} to={item.get('to_addresses')} subject={item.get('subject')!r}: "
                f"{item.get('body_text') or ''}")
    else:
        text = (f"message_id={item.get('message_id')} thread_id={item.get('thread_id')} "
                f"from={item.get('from_number')}: {item.get('body') or ''}")
    return text if len(text) <= MAX_ITEM_CHARS else text[:MAX_ITEM_CHARS] + "..."
