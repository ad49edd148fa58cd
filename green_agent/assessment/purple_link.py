"""The green's A2A client for one purple, for one assessment (docs/reference/protocol.md).

* The agent card is resolved from the URL exactly as given (it may carry a path, e.g. a gateway proxy
  ``http://127.0.0.1:8080/agent`` → ``http://127.0.0.1:8080/agent/.well-known/agent-card.json``).
* Messages go to the URL as given, unless the card names another path on the same host and port (an agent
  serving JSON-RPC below its card's base). A card naming another host — typically the purple's own idea of its
  address (``0.0.0.0``, ``localhost``, a container name) — is not trusted over the URL that just answered.
* Every ``send`` is one new A2A task in the assessment's ``context_id``: a user Message with one DataPart (the
  payload) and one TextPart rendering it. Streaming is used when the card allows it, so the task id is known as
  soon as the purple creates its task and a timed-out turn can be cancelled.
* The SDK talks A2A 1.0 or 0.3, whichever the card offers (1.0 preferred).
* Our own ``httpx.AsyncClient`` carries explicit connect/write/pool timeouts; reads are unbounded at the HTTP
  level because every call is bounded by its own deadline (a purple may think for minutes within one turn).
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import AsyncGenerator
from dataclasses import dataclass, field
from typing import Any, cast
from urllib.parse import urlsplit, urlunsplit

import httpx
import structlog
from a2a.client import (
    A2ACardResolver,
    A2AClientError,
    A2AClientTimeoutError,
    AgentCardResolutionError,
    ClientConfig,
    ClientFactory,
)
from a2a.client import Client as A2AClient
from a2a.types import a2a_pb2
from a2a.utils.errors import A2AError

from services.protocol.a2a import first_data_object, first_text_object, message_parts
from services.protocol.messages import Message, TurnReply
from services.ues.client import tls_context

log = structlog.get_logger("green.purple_link")

TERMINAL_STATES = frozenset({
    a2a_pb2.TaskState.TASK_STATE_COMPLETED, a2a_pb2.TaskState.TASK_STATE_CANCELED,
    a2a_pb2.TaskState.TASK_STATE_FAILED, a2a_pb2.TaskState.TASK_STATE_REJECTED,
})
FINAL_STATES = TERMINAL_STATES | {a2a_pb2.TaskState.TASK_STATE_INPUT_REQUIRED,
                                  a2a_pb2.TaskState.TASK_STATE_AUTH_REQUIRED}
CARD_TIMEOUT_S = 30.0
CANCEL_TIMEOUT_S = 10.0
POLL_INTERVAL_S = 0.5


# Failures to connect at all: the request never left the green.
_NOT_SENT = (httpx.ConnectError, httpx.ConnectTimeout)


class PurpleError(Exception):
    """The purple could not be talked to. ``kind``: transport | http | jsonrpc | card | protocol. ``reached``: whether
    the purple may have received the message — False when its agent card could not be had (nothing is sent without
    one) or no connection could be made; True whenever something may have arrived (an answer, even an error one, or a
    connection that broke after the request went out)."""

    def __init__(self, kind: str, url: str, detail: str, *, reached: bool = True) -> None:
        self.kind, self.url, self.detail, self.reached = kind, url, detail, reached
        label = {"transport": "transport error", "http": "HTTP error", "jsonrpc": "JSON-RPC error",
                 "card": "agent card error", "protocol": "A2A protocol error"}.get(kind, kind)
        super().__init__(f"{label} talking to purple at {url}: {detail}")


class PurpleTimeout(TimeoutError):
    """No final reply within the deadline. ``task_id`` is the purple's task, when it had created one; ``reached`` as
    PurpleError's (False when the deadline passed before the agent card came)."""

    def __init__(self, url: str, timeout_s: float, task_id: str | None, *, reached: bool = True) -> None:
        self.url, self.timeout_s, self.task_id, self.reached = url, timeout_s, task_id, reached
        super().__init__(f"purple at {url} gave no final reply within {timeout_s:g} s"
                         + (f" (task {task_id})" if task_id else ""))


@dataclass
class PurpleReply:
    """What came back from one send: a direct Message, or the Task assembled from the events."""

    message: a2a_pb2.Message | None = None
    task: a2a_pb2.Task | None = None
    events: list[a2a_pb2.StreamResponse] = field(default_factory=list)

    @property
    def task_id(self) -> str | None:
        if self.task is not None and self.task.id:
            return self.task.id
        if self.message is not None and self.message.task_id:
            return self.message.task_id
        return None

    @property
    def state(self) -> str | None:
        """The task's final state name (e.g. ``TASK_STATE_COMPLETED``), None for a direct Message; a number the
        enum does not name (proto enums are open: a purple may send any) as its digits."""
        if self.task is None:
            return None
        state = self.task.status.state
        return a2a_pb2.TaskState.Name(state) if state in a2a_pb2.TaskState.values() else str(state)

    def _places(self) -> list[list[a2a_pb2.Part]]:
        """Where a reply may sit, in protocol.md §4 order: the Message, the artifacts, the final status message."""
        places: list[list[a2a_pb2.Part]] = []
        if self.message is not None:
            places.append(list(self.message.parts))
        if self.task is not None:
            places.extend(list(artifact.parts) for artifact in self.task.artifacts)
            if self.task.status.HasField("message"):
                places.append(list(self.task.status.message.parts))
        return places

    def first_object(self) -> dict[str, Any] | None:
        """The first JSON object: DataParts of every place first, then the same places' TextParts as JSON."""
        places = self._places()
        for parts in places:
            found = first_data_object(parts)
            if found is not None:
                return found
        for parts in places:
            found = first_text_object(parts)
            if found is not None:
                return found
        return None

    def turn_reply(self) -> TurnReply | None:
        """The reply read as the purple's answer to a turn (the one place the green parses it), None when it is no
        protocol reply (protocol.md §4: no object found, or another ``message_type``)."""
        return TurnReply.from_payload(self.first_object())

    def text(self) -> str:
        """All text of the reply's places, for logs and warnings."""
        return "\n".join(p.text for parts in self._places() for p in parts if p.HasField("text"))


def _apply(task: a2a_pb2.Task | None, event: a2a_pb2.StreamResponse) -> a2a_pb2.Task | None:
    """Fold one stream event into the task we are assembling (1.x clients hand out raw events)."""
    if event.HasField("task"):
        assembled = a2a_pb2.Task()
        assembled.CopyFrom(event.task)
        return assembled
    if event.HasField("status_update"):
        status = event.status_update
        if task is None:
            task = a2a_pb2.Task(id=status.task_id, context_id=status.context_id)
        task.status.CopyFrom(status.status)
        return task
    if event.HasField("artifact_update"):
        update = event.artifact_update
        if task is None:
            task = a2a_pb2.Task(id=update.task_id, context_id=update.context_id)
        for existing in task.artifacts:
            if existing.artifact_id == update.artifact.artifact_id:
                if update.append:
                    existing.parts.extend(update.artifact.parts)
                else:
                    existing.CopyFrom(update.artifact)
                break
        else:
            task.artifacts.append(update.artifact)
        return task
    return task


def _same_origin(a: str, b: str) -> bool:
    x, y = urlsplit(a), urlsplit(b)
    return (x.scheme, x.hostname, x.port or (443 if x.scheme == "https" else 80)) == \
           (y.scheme, y.hostname, y.port or (443 if y.scheme == "https" else 80))


def _norm(url: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/") or "/", parts.query, ""))


class PurpleLink:
    """One purple, one assessment context. Use ``async with PurpleLink(url, context_id) as link``."""

    def __init__(self, url: str, context_id: str, http: httpx.AsyncClient | None = None, *,
                 connect_timeout_s: float = 10.0) -> None:
        self.url = url
        self.context_id = context_id
        self._own_http = http is None
        self._http = http or httpx.AsyncClient(
            timeout=httpx.Timeout(connect=connect_timeout_s, read=None, write=30.0, pool=30.0),
            follow_redirects=True, verify=tls_context())
        self._card: a2a_pb2.AgentCard | None = None
        self._client: A2AClient | None = None
        self._card_lock = asyncio.Lock()
        self.pending_task_id: str | None = None  # the task of the last send that timed out
        self.protocol_version: str | None = None

    async def __aenter__(self) -> PurpleLink:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        if self._client is not None:
            try:
                await self._client.close()
            except Exception as exc:  # closing must never fail the caller
                log.debug("purple_client_close_failed", error=repr(exc))
            self._client = None
        if self._own_http:
            await self._http.aclose()

    # ------------------------------------------------------------------ card
    async def card(self) -> a2a_pb2.AgentCard:
        """The purple's agent card, fetched once from ``{url}/.well-known/agent-card.json``."""
        await self._connect()
        assert self._card is not None
        return self._card

    async def _connect(self) -> A2AClient:
        async with self._card_lock:
            if self._client is not None:
                return self._client
            try:
                async with asyncio.timeout(CARD_TIMEOUT_S):
                    card = await A2ACardResolver(self._http, self.url).get_agent_card()
            except TimeoutError:
                raise PurpleError("card", self.url, f"no agent card within {CARD_TIMEOUT_S:g} s",
                                  reached=False) from None
            except AgentCardResolutionError as exc:
                cause = exc.__cause__
                kind = ("http" if exc.status_code else "transport" if isinstance(cause, httpx.RequestError)
                        else "card")
                raise PurpleError(kind, self.url, f"could not get the agent card: {exc.message}",
                                  reached=False) from exc
            except (A2AError, httpx.HTTPError, ValueError) as exc:
                raise PurpleError("card", self.url, f"could not get the agent card: {exc}", reached=False) from exc
            for interface in card.supported_interfaces:
                if interface.protocol_binding.upper() in ("JSONRPC", "JSON-RPC", ""):
                    if not (_same_origin(interface.url, self.url) and _norm(interface.url) != _norm(self.url)):
                        interface.url = self.url
            try:
                client = ClientFactory(ClientConfig(httpx_client=self._http, streaming=True)).create(card)
            except ValueError as exc:
                raise PurpleError("card", self.url, f"the agent card offers no usable JSON-RPC interface ({exc})",
                                  reached=False) from None
            chosen = ClientFactory._find_best_interface(list(card.supported_interfaces), ["JSONRPC"])
            self.protocol_version = chosen.protocol_version if chosen is not None else None
            self._card, self._client = card, client
            return client

    # ------------------------------------------------------------------ send
    def _message(self, payload: Message | dict[str, Any]) -> a2a_pb2.Message:
        return a2a_pb2.Message(role=a2a_pb2.Role.ROLE_USER, message_id=uuid.uuid4().hex, context_id=self.context_id,
                               parts=message_parts(payload))

    async def send(self, payload: Message | dict[str, Any], timeout_s: float) -> PurpleReply:
        """Send one green message as a new task in the context and wait for the purple's final reply.

        Raises PurpleError (transport, HTTP, JSON-RPC, card) or PurpleTimeout (a TimeoutError) after
        ``timeout_s``; after a timeout, ``pending_task_id`` names the abandoned task (if the purple created one).
        """
        reply = PurpleReply()
        self.pending_task_id = None
        try:
            async with asyncio.timeout(timeout_s):
                client = await self._connect()
                request = a2a_pb2.SendMessageRequest(message=self._message(payload))
                # The SDK returns an async generator but annotates it as an iterator; aclosing closes the HTTP
                # stream at once when we stop reading early.
                events = cast("AsyncGenerator[a2a_pb2.StreamResponse, None]", client.send_message(request))
                async with contextlib.aclosing(events) as stream:
                    async for event in stream:
                        reply.events.append(event)
                        if event.HasField("message"):
                            reply.message = event.message
                            break
                        reply.task = _apply(reply.task, event)
                        if reply.task is not None and reply.task.status.state in FINAL_STATES:
                            break
                # A non-streaming purple may hand back a task still running: poll it to its end.
                while reply.message is None and reply.task is not None and reply.task.id \
                        and reply.task.status.state not in FINAL_STATES:
                    await asyncio.sleep(POLL_INTERVAL_S)
                    reply.task = await client.get_task(a2a_pb2.GetTaskRequest(id=reply.task.id))
        except TimeoutError as exc:
            if isinstance(exc, PurpleTimeout):
                raise
            self.pending_task_id = reply.task_id
            raise PurpleTimeout(self.url, timeout_s, reply.task_id, reached=self._client is not None) from None
        except asyncio.CancelledError:
            # Abandoned by our side (an assessment cancelled mid-turn): the purple's task is still running, so
            # remember it for ``cancel_pending``.
            self.pending_task_id = reply.task_id
            raise
        except PurpleError:
            raise
        except A2AClientTimeoutError as exc:
            raise PurpleError("transport", self.url, f"HTTP timeout ({exc.__cause__ or exc})",
                              reached=not isinstance(exc.__cause__, _NOT_SENT)) from exc
        except A2AClientError as exc:
            raise self._classify(exc) from exc
        except A2AError as exc:  # an error response mapped from its JSON-RPC code
            raise PurpleError("jsonrpc", self.url, f"{type(exc).__name__}: {exc.message}") from exc
        except httpx.HTTPError as exc:
            raise PurpleError("transport", self.url, f"{type(exc).__name__}: {exc}",
                              reached=not isinstance(exc, _NOT_SENT)) from exc
        except ValueError as exc:  # e.g. a response with neither task nor message
            raise PurpleError("protocol", self.url, str(exc)) from exc
        if reply.message is None and reply.task is None:
            raise PurpleError("protocol", self.url, "the purple closed the stream without a task or message")
        return reply

    def _classify(self, exc: A2AClientError) -> PurpleError:
        cause = exc.__cause__
        if isinstance(cause, httpx.HTTPStatusError):
            return PurpleError("http", self.url, f"HTTP {cause.response.status_code}")
        if isinstance(cause, httpx.RequestError):
            return PurpleError("transport", self.url, f"{type(cause).__name__}: {cause}",
                               reached=not isinstance(cause, _NOT_SENT))
        if "JSON-RPC" in str(exc) or "SSE stream error" in str(exc):
            return PurpleError("jsonrpc", self.url, str(exc))
        return PurpleError("protocol", self.url, str(exc))

    # ------------------------------------------------------------------ cancel
    async def cancel(self, task_id: str | None) -> bool:
        """Ask the purple to cancel a task (best effort: never raises). True if the purple accepted."""
        if not task_id or self._client is None:
            return False
        try:
            async with asyncio.timeout(CANCEL_TIMEOUT_S):
                await self._client.cancel_task(a2a_pb2.CancelTaskRequest(id=task_id))
            return True
        except Exception as exc:  # best effort by contract
            log.info("purple_cancel_failed", url=self.url, task_id=task_id, error=repr(exc))
            return False

    async def cancel_pending(self) -> bool:
        """Cancel the task of the last send that timed out or was abandoned, if the purple had created one."""
        task_id, self.pending_task_id = self.pending_task_id, None
        return await self.cancel(task_id)
