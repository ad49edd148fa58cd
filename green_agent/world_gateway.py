"""The world gateway: one HTTP port in front of every live world of this green.

Under Amber (AgentBeats) a purple reaches another component only through a slot bound to a declared capability, so
a world's own port, inside the green's container, is out of its reach. The gateway is that capability (``world`` in
deploy/agentbeats/green.json5): a trial registers its world when it starts and gets an unguessable token, and the
purple is told ``<public base>/w/<token>`` as its ``ues_url`` (a purple under Amber puts its own slot's scheme, host
and port in front of that path: protocol.md §4).

Every call below ``/w/<token>`` is forwarded unchanged — method, the path below the prefix, query, body and headers
(``Authorization`` and ``X-API-Key`` included; hop-by-hop headers dropped) — to that trial's world, and answered as
the world answered: status, body and headers. A token no live trial holds answers 404, the token of a trial that
has ended 410, a world that cannot be reached 502 (504 when it does not answer in time); each a JSON object
``{"error": ...}`` naming the problem.

Every forwarded call is recorded for its trial: when, method, path, status and the id of the key it was made with
when that is the trial's key (never the key itself). The trial reads the record beside the world's own access log
(assessment/trial.py): the world may drop its log, the gateway's record it cannot.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import secrets
import socket
from collections import Counter, OrderedDict
from dataclasses import dataclass, field
from datetime import UTC, datetime

import httpx
import structlog
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from green_agent.config import GreenSettings
from services.ues.client import tls_context

__all__ = ["GATEWAY_PREFIX", "GatewayCall", "GatewayCalls", "GatewayError", "WorldGateway"]

log = structlog.get_logger("green.world_gateway")

# The first path segment of every world's URL on the gateway: ``/w/<token>/...``.
GATEWAY_PREFIX = "w"
# Headers that belong to one connection, not to the call (RFC 9110 §7.6.1), and those the forwarding sets itself.
HOP_BY_HOP = frozenset({b"connection", b"keep-alive", b"proxy-authenticate", b"proxy-authorization", b"te",
                        b"trailer", b"transfer-encoding", b"upgrade", b"host", b"content-length"})
METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
# A body larger than this is refused here (413) rather than held in memory; a world refuses far smaller ones itself.
MAX_BODY_BYTES = 8 * 1024 * 1024
# A world answers in milliseconds; a forwarded call that takes this long is answered 504.
FORWARD_TIMEOUT_S = 60.0
# Connections to the worlds, all of them together: a purple's flood queues here rather than opening thousands.
MAX_CONNECTIONS = 256
MAX_KEEPALIVE = 64
# Calls kept for one trial between two reads of its record; past this they are only counted (by status and method).
MAX_LISTED_CALLS = 100_000
# Ended trials whose token still answers 410 (and whose last calls can still be read), newest kept.
MAX_ENDED = 4096
MAX_PATH_CHARS = 200
# How long closing a trial's route waits for the calls still in flight through it.
CLOSE_WAIT_S = 10.0


class GatewayError(RuntimeError):
    """The gateway could not start (its port is taken)."""


@dataclass(frozen=True, slots=True)
class GatewayCall:
    """One call the gateway forwarded to a trial's world and the world answered. ``key_id`` is the trial's key id when
    the call carried that key, else None (no key, or another one)."""

    at: datetime
    method: str
    path: str
    status: int
    key_id: str | None


@dataclass
class GatewayCalls:
    """A trial's calls since its record was last read: ``calls`` in the order they were answered, and ``unlisted``,
    the trial key's calls past ``MAX_LISTED_CALLS``, counted by (status, method)."""

    calls: list[GatewayCall] = field(default_factory=list)
    unlisted: Counter[tuple[int, str]] = field(default_factory=Counter)


@dataclass(eq=False)
class _Route:
    """One trial's world behind the gateway."""

    token: str
    world_url: str
    key_id: str
    key_digest: bytes
    pending: GatewayCalls = field(default_factory=GatewayCalls)
    arrived: int = 0  # calls that came for this route, answered or not, with any key or none
    in_flight: int = 0
    idle: asyncio.Event = field(default_factory=asyncio.Event)
    closed: bool = False

    def record(self, call: GatewayCall) -> None:
        if len(self.pending.calls) < MAX_LISTED_CALLS:
            self.pending.calls.append(call)
        elif call.key_id is not None:
            self.pending.unlisted[(call.status, call.method)] += 1


def _digest(key: str) -> bytes:
    return hashlib.sha256(key.encode()).digest()


def _presented_key(request: Request) -> str | None:
    """The key a call carries, the way a world reads it: ``X-API-Key``, else ``Authorization: Bearer``."""
    key = request.headers.get("x-api-key")
    if key:
        return key
    auth = request.headers.get("authorization", "")
    return auth[7:].strip() if auth.lower().startswith("bearer ") else None


def _error(status: int, text: str) -> JSONResponse:
    return JSONResponse({"error": text}, status_code=status)


class _Server(uvicorn.Server):
    """uvicorn serving beside another server in the same process: the process's signals stay with the main one."""

    def capture_signals(self) -> contextlib.nullcontext[None]:  # type: ignore[override]
        return contextlib.nullcontext()


class WorldGateway:
    """One port in front of every live world. ``async with WorldGateway(...)`` serves it (or ``start``/``stop``);
    ``register`` a trial's world, tell the purple ``url_of(token)``, read ``take_calls(token)``, ``unregister``."""

    def __init__(self, *, host: str = "127.0.0.1", port: int = 0, public_url: str | None = None,
                 timeout_s: float = FORWARD_TIMEOUT_S) -> None:
        """``port`` 0 takes any free port; ``public_url`` is the base purples are told (default
        ``http://127.0.0.1:<port>``; GreenSettings validates it)."""
        self.host, self.port = host, port
        self._public_url = public_url.rstrip("/") if public_url else None
        self._timeout_s = timeout_s
        self._routes: dict[str, _Route] = {}
        self._ended: OrderedDict[str, _Route] = OrderedDict()
        self._http: httpx.AsyncClient | None = None
        self._server: _Server | None = None
        self._task: asyncio.Task[None] | None = None
        self.app = Starlette(routes=[
            Route("/healthz", self._health, methods=["GET"]),
            Route(f"/{GATEWAY_PREFIX}/{{token}}", self._forward, methods=METHODS),
            Route(f"/{GATEWAY_PREFIX}/{{token}}/{{rest:path}}", self._forward, methods=METHODS),
        ])
        self.app.add_exception_handler(404, self._not_found)

    # ------------------------------------------------------------------ serving
    async def start(self) -> WorldGateway:
        """Listen (in this process's event loop, beside the green's A2A server). Raises GatewayError when the port
        cannot be had."""
        # Bound here rather than by uvicorn, which exits the process when it cannot bind.
        # IPPROTO_TCP named, not 0: asyncio sets TCP_NODELAY only on sockets that say they are TCP, and without it a
        # response written in two parts waits out the client's delayed ACK (40 ms a call).
        sock = socket.socket(socket.AF_INET6 if ":" in self.host else socket.AF_INET, socket.SOCK_STREAM,
                             socket.IPPROTO_TCP)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((self.host, self.port))
        except OSError as exc:
            sock.close()
            raise GatewayError(f"the world gateway could not listen on {self.host}:{self.port}: {exc}") from None
        self.port = sock.getsockname()[1]
        self._http = httpx.AsyncClient(
            timeout=httpx.Timeout(self._timeout_s, connect=5.0, pool=self._timeout_s),
            limits=httpx.Limits(max_connections=MAX_CONNECTIONS, max_keepalive_connections=MAX_KEEPALIVE),
            follow_redirects=False, verify=tls_context())
        # No logging set-up (log_config, log_level): the uvicorn loggers are the green's server's too.
        config = uvicorn.Config(self.app, host=self.host, port=self.port, lifespan="off", access_log=False,
                                log_config=None, log_level=None, server_header=False, date_header=False,
                                timeout_graceful_shutdown=int(CLOSE_WAIT_S))
        self._server = _Server(config)
        self._task = asyncio.create_task(self._server.serve(sockets=[sock]), name="world-gateway")
        while not self._server.started:
            if self._task.done():
                problem = self._task.exception() if not self._task.cancelled() else None
                await self._http.aclose()
                sock.close()
                raise GatewayError(f"the world gateway could not serve on {self.host}:{self.port}: {problem!r}")
            await asyncio.sleep(0.01)
        log.info("world_gateway_started", host=self.host, port=self.port, public_url=self.public_url)
        return self

    async def stop(self) -> None:
        """Stop listening; every route is closed (its trial's calls after this get no answer from here)."""
        if self._server is not None and self._task is not None:
            self._server.should_exit = True
            await asyncio.wait({self._task})
            self._server = self._task = None
        if self._http is not None:
            await self._http.aclose()
            self._http = None

    async def __aenter__(self) -> WorldGateway:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def public_url(self) -> str:
        """The base purples are told (a world's URL is this plus ``/w/<token>``)."""
        return self._public_url or f"http://127.0.0.1:{self.port}"

    @property
    def local_url(self) -> str:
        """Where this process reaches the gateway on loopback."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def live(self) -> int:
        """Trials registered now."""
        return len(self._routes)

    # ------------------------------------------------------------------ trials
    def register(self, world_url: str, key_id: str, key: str) -> str:
        """Open a route to a trial's world (``world_url``, as the green reaches it) for the purple's key (only its
        digest is kept, to tell the key's calls from others); returns the trial's token."""
        token = secrets.token_urlsafe(24)
        self._routes[token] = _Route(token, world_url.rstrip("/"), key_id, _digest(key))
        self._routes[token].idle.set()
        return token

    def url_of(self, token: str) -> str:
        """The ``ues_url`` the trial's purple is told."""
        return f"{self.public_url}/{GATEWAY_PREFIX}/{token}"

    def take_calls(self, token: str) -> GatewayCalls:
        """The trial's calls recorded since the previous read (also after ``unregister``: its last calls)."""
        route = self._routes.get(token) or self._ended.get(token)
        if route is None:
            return GatewayCalls()
        taken, route.pending = route.pending, GatewayCalls()
        return taken

    def calls_arrived(self, token: str) -> int:
        """How many calls came for the trial's route since it was registered, whatever their key and answer: evidence
        that its purple reached the gateway (the record itself is read, and emptied, by ``take_calls``)."""
        route = self._routes.get(token) or self._ended.get(token)
        return route.arrived if route is not None else 0

    async def unregister(self, token: str, *, drain: bool = True) -> None:
        """Close the trial's route: calls from now on answer 410; calls already in flight through it finish (up to
        ``CLOSE_WAIT_S``) and are recorded, so that a read after this sees every call the world answered.
        ``drain=False`` does not wait for them: the world is dead, and nothing of it will be read."""
        route = self._routes.pop(token, None)
        if route is None:
            return
        route.closed = True
        self._ended[token] = route
        while len(self._ended) > MAX_ENDED:
            self._ended.popitem(last=False)
        if drain:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(route.idle.wait(), CLOSE_WAIT_S)

    # ------------------------------------------------------------------ HTTP
    async def _health(self, request: Request) -> Response:
        return JSONResponse({"status": "ok", "worlds": self.live})

    async def _not_found(self, request: Request, exc: Exception) -> Response:
        return _error(404, f"world gateway: no such route {request.url.path[:MAX_PATH_CHARS]!r}; a world is at "
                           f"/{GATEWAY_PREFIX}/<token>/... (the ues_url of assessment_start)")

    async def _forward(self, request: Request) -> Response:
        token = request.path_params["token"]
        route = self._routes.get(token)
        if route is None:
            return self._no_route(token)
        raw_path: bytes = request.scope.get("raw_path") or request.scope["path"].encode()
        prefix = f"/{GATEWAY_PREFIX}/{token}".encode()
        if not raw_path.startswith(prefix):  # the token itself percent-encoded: not a URL the green handed out
            return _error(404, "world gateway: unknown world token (percent-encoded)")
        route.arrived += 1
        # In flight from here, body read included: closing the route waits for this call or stops it before it leaves.
        route.in_flight += 1
        route.idle.clear()
        try:
            return await self._pass(request, route, raw_path[len(prefix):].decode("latin-1") or "/")
        finally:
            route.in_flight -= 1
            if route.in_flight == 0:
                route.idle.set()

    def _no_route(self, token: str) -> Response:
        if token in self._ended:
            return _error(410, "world gateway: the trial of this ues_url has ended; its world is closed to it")
        return _error(404, "world gateway: unknown world token; no live trial has it (a ues_url is valid only during "
                           "its trial)")

    async def _pass(self, request: Request, route: _Route, below: str) -> Response:
        """Forward one call to the route's world and answer as it answered; record it."""
        body = await self._body(request)
        if body is None:
            return _error(413, f"world gateway: request body too large (the limit is {MAX_BODY_BYTES} bytes)")
        if route.closed:  # the trial ended while the body arrived
            return self._no_route(route.token)
        query = request.scope.get("query_string", b"").decode("latin-1")
        key = _presented_key(request)
        mine = key is not None and hmac.compare_digest(_digest(key), route.key_digest)
        assert self._http is not None
        outgoing = httpx.Request(request.method, route.world_url + below + (f"?{query}" if query else ""),
                                 headers=[(k, v) for k, v in request.headers.raw if k.lower() not in HOP_BY_HOP],
                                 content=body)
        at = datetime.now(UTC)
        try:
            upstream = await self._http.send(outgoing, stream=True)
            try:
                content = b"".join([chunk async for chunk in upstream.aiter_raw()])
            finally:
                await upstream.aclose()
        except httpx.TimeoutException as exc:
            return _error(504, f"world gateway: the trial's world did not answer within {self._timeout_s:g} s "
                               f"({type(exc).__name__})")
        except httpx.HTTPError as exc:
            return _error(502, f"world gateway: the trial's world could not be reached ({type(exc).__name__}: "
                               f"{str(exc)[:200]})")
        route.record(GatewayCall(at, request.method, below[:MAX_PATH_CHARS], upstream.status_code,
                                 route.key_id if mine else None))
        response = Response(content, status_code=upstream.status_code)
        response.raw_headers = [*((k, v) for k, v in upstream.headers.raw if k.lower() not in HOP_BY_HOP),
                                (b"content-length", str(len(content)).encode())]
        return response

    @staticmethod
    async def _body(request: Request) -> bytes | None:
        """The request's body, or None when it is larger than ``MAX_BODY_BYTES`` (not read further)."""
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > MAX_BODY_BYTES:
            return None
        chunks: list[bytes] = []
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY_BYTES:
                return None
            chunks.append(chunk)
        return b"".join(chunks)


def gateway_from(settings: GreenSettings) -> WorldGateway | None:
    """The world gateway the settings ask for (``GREEN_WORLD_GATEWAY``), not yet started; None when it is off."""
    if not settings.world_gateway:
        return None
    return WorldGateway(host=settings.world_gateway_host, port=settings.world_gateway_port,
                        public_url=settings.world_gateway_url)
