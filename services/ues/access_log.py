"""Access log: a bounded ring buffer of requests, filled by a pure ASGI middleware.

The middleware also enforces the request-body limit (413), because it is the one place that sees every
request before FastAPI parses it.

Every entry names the key that was presented whenever the secret belongs to a known key — also when no route
dependency ran to authenticate it: a body refused here (413), an unknown route (404), a wrong method (405), a
revoked key (401). A proctor reading one key's entries then sees every call made with it, refused or not.

The same place counts each call into that key's ``KeyCalls`` (auth.py) by status, method and the matched route's
template: counters that survive the ring buffer's overflow, so a flood of calls cannot push earlier ones out of sight.

In real-UES mode (services/ues/compat.py) the log has real UES's shape: UUID ``log_id``s, ``Z`` timestamps, no
``error_detail``, and a key named only when a route authenticated it.
"""

from __future__ import annotations

import itertools
import json
import time
import uuid
from collections import deque
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

if TYPE_CHECKING:
    from services.ues.auth import KeyRegistry

_UNLOGGED = {"/health", "/", "/docs", "/redoc", "/openapi.json", "/docs/oauth2-redirect"}


@dataclass(slots=True)
class AccessEntry:
    log_id: int | str
    timestamp: datetime
    method: str
    path: str
    key_id: str | None
    key_name: str | None
    status_code: int
    duration_ms: float
    client_ip: str | None
    user_agent: str | None
    error_detail: str | None

    def to_json(self, zulu: bool = False) -> dict[str, Any]:
        """The entry as ``GET /access-logs`` lists it; ``zulu`` renders the timestamp as real UES does (``Z``)."""
        stamp = self.timestamp.isoformat()
        if zulu:
            stamp = stamp.removesuffix("+00:00") + "Z"
        return {"log_id": self.log_id, "timestamp": stamp, "method": self.method,
                "path": self.path, "key_id": self.key_id, "key_name": self.key_name,
                "status_code": self.status_code, "duration_ms": round(self.duration_ms, 3),
                "client_ip": self.client_ip, "user_agent": self.user_agent, "error_detail": self.error_detail,
                "is_success": 200 <= self.status_code < 400, "is_error": self.status_code >= 400}


class AccessLog:
    """The ring buffer. ``real``: real UES's entries (UUID ids, ``Z`` timestamps, keys only when authenticated)."""

    def __init__(self, max_entries: int = 10_000, real: bool = False) -> None:
        self.max_entries = max_entries
        self.real = real
        self.entries: deque[AccessEntry] = deque(maxlen=max_entries)
        self._ids = itertools.count(1)

    def record(self, **fields: Any) -> None:
        log_id = str(uuid.uuid4()) if self.real else next(self._ids)
        self.entries.append(AccessEntry(log_id=log_id, **fields))

    def clear(self) -> int:
        count = len(self.entries)
        self.entries.clear()
        return count


def _error_detail(body: bytes) -> str | None:
    try:
        parsed = json.loads(body)
    except ValueError:
        return body[:500].decode("utf-8", "replace") or None
    detail = parsed.get("detail", parsed) if isinstance(parsed, dict) else parsed
    text = detail if isinstance(detail, str) else json.dumps(detail)
    return text[:500]


class AccessLogMiddleware:
    """Record every authenticated-area request; refuse bodies over ``max_body_bytes`` with 413.

    The log and the key registry are read from the app's state on every request, never kept here: they belong to
    the world, and a fork server gives a warmed app a new world (``services.ues.app.install_world``) after its
    middleware stack was built.
    """

    def __init__(self, app: ASGIApp, max_body_bytes: int, max_admin_body_bytes: int) -> None:
        self.app = app
        self.max_body_bytes = max_body_bytes
        self.max_admin_body_bytes = max_admin_body_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        world = scope["app"].state  # Starlette sets scope["app"] before any middleware runs
        access_log: AccessLog = world.access_log
        keys: KeyRegistry = world.keys
        started = time.perf_counter()
        headers = dict(scope.get("headers") or ())
        secret = _presented_secret(headers, real=access_log.real)
        # Scenario imports are admin-only and legitimately large; the 1 MiB cap protects against purples.
        limit = (self.max_admin_body_bytes if secret and keys.is_admin(secret.decode("latin-1"))
                 else self.max_body_bytes)
        exchange = _Exchange(receive, send, limit)
        try:
            await exchange.run(self.app, scope, headers.get(b"content-length"))
        finally:
            path = scope.get("path", "")
            if path not in _UNLOGGED:
                _record(access_log, keys, scope, headers, secret, exchange,
                        duration_ms=(time.perf_counter() - started) * 1000)


def _presented_secret(headers: dict[bytes, bytes], real: bool) -> bytes | None:
    """The secret the request presents: ``X-API-Key``, or the bearer token auth.Permission accepts too (not in
    real-UES mode)."""
    secret = headers.get(b"x-api-key")
    bearer = headers.get(b"authorization", b"")
    if not secret and not real and bearer[:7].lower() == b"bearer ":
        secret = bearer[7:].strip()
    return secret


class _Exchange:
    """One request on its way through the app: the body limit it is held to (413 beyond it), and the status and
    error body it got, for the log."""

    def __init__(self, receive: Receive, send: Send, limit: int) -> None:
        self._receive, self._send, self.limit = receive, send, limit
        self.status = 500
        self.error_chunks: list[bytes] = []
        self.received = 0
        self.overflow = self.responded = False

    async def run(self, app: ASGIApp, scope: Scope, declared: bytes | None) -> None:
        """Pass the request to ``app``, or answer 413 when its body is (or turns out to be) over the limit."""
        try:
            if declared is not None and declared.isdigit() and int(declared) > self.limit:
                raise _BodyTooLarge
            await app(scope, self.receive, self.send)
            if self.overflow and not self.responded:
                raise _BodyTooLarge
        except _BodyTooLarge:
            if self.responded:  # a streaming handler already answered; nothing more can be sent
                return
            self.status = 413
            body = json.dumps({"detail": f"Request body too large: the limit is {self.limit} bytes"}).encode()
            self.error_chunks = [body]
            await self._send({"type": "http.response.start", "status": 413,
                              "headers": [(b"content-type", b"application/json"),
                                          (b"content-length", str(len(body)).encode())]})
            await self._send({"type": "http.response.body", "body": body})

    async def receive(self) -> Message:
        message = await self._receive()
        if message["type"] == "http.request":
            self.received += len(message.get("body", b""))
            if self.received > self.limit:
                self.overflow = True
                raise _BodyTooLarge
        return message

    async def send(self, message: Message) -> None:
        if self.overflow:
            # Without Content-Length the limit trips while FastAPI reads the body; FastAPI catches our
            # exception and answers 400 "error parsing the body". Drop that answer: the 413 replaces it.
            return
        if message["type"] == "http.response.start":
            self.responded = True
            self.status = message["status"]
        elif message["type"] == "http.response.body" and self.status >= 400 and len(self.error_chunks) < 8:
            self.error_chunks.append(message.get("body", b""))
        await self._send(message)


def _record(access_log: AccessLog, keys: KeyRegistry, scope: Scope, headers: dict[bytes, bytes],
            secret: bytes | None, exchange: _Exchange, duration_ms: float) -> None:
    """Log the request, and count it into the calls of the key it presented."""
    key = (scope.get("state") or {}).get("api_key")
    # Names the key of requests no route authenticated; real UES names only authenticated ones.
    if key is None and secret and not access_log.real:
        key = keys.identify(secret.decode("latin-1"))
    status, path = exchange.status, scope.get("path", "")
    if key is not None:
        # The route the router matched (FastAPI leaves it in the scope, also for a 405); none for an unknown path or
        # a body refused before routing.
        template = getattr(scope.get("route"), "path", None)
        key.calls.count(status, scope.get("method", ""), template if isinstance(template, str) else None, path)
    client = scope.get("client")
    access_log.record(
        timestamp=datetime.now(UTC), method=scope.get("method", ""), path=path,
        key_id=key.key_id if key else None, key_name=key.name if key else None,
        status_code=status, duration_ms=duration_ms, client_ip=client[0] if client else None,
        user_agent=headers.get(b"user-agent", b"").decode("latin-1") or None,
        # Real UES leaves it null for every answered request, refusals included (recorded).
        error_detail=(_error_detail(b"".join(exchange.error_chunks)) if status >= 400 and not access_log.real
                      else None),
    )


class _BodyTooLarge(Exception):
    pass
