"""TEST-ONLY: a path-prefix HTTP proxy shaped like the AgentBeats gateway's (RDI-Foundation/agentbeats-gateway,
``src/proxy.py``, read as reference): ``/<route>/<path>`` goes to ``<upstream of route>/<path>``, bodies streamed both
ways (SSE included), 404 for an unknown route, 502 when the upstream refuses the connection, 504 on its timeout.

A real HTTP server (served with ``green_agent.embedded.serve_in_process``) between a real green and real purples, so
tests can put a purple behind a URL the green only reaches through its proxy slot, and make the purple unreachable or
kill it at a chosen moment, as a platform would see it."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import httpx
from starlette.applications import Starlette
from starlette.background import BackgroundTask
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

CARD_PATH = ".well-known/agent-card.json"
METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH"]
# Not forwarded as they came: the proxy's own connection and body framing.
_HOP = {"host", "content-length", "connection", "transfer-encoding", "content-encoding"}

# Called with the path below the route and the request body, before the request is forwarded.
BeforeForward = Callable[[str, bytes], Awaitable[None]]


def green_messages(body: bytes) -> list[dict[str, Any]]:
    """The green's protocol messages in a JSON-RPC body (objects with a ``message_type``), wherever they sit."""
    try:
        found: list[Any] = [json.loads(body)]
    except ValueError:
        return []
    out: list[dict[str, Any]] = []
    while found:
        item = found.pop()
        if isinstance(item, dict):
            if "message_type" in item:
                out.append(item)
            found.extend(item.values())
        elif isinstance(item, list):
            found.extend(item)
    return out


class PathProxy:
    """``routes``: route name → upstream base URL. ``refuse_cards``: how many agent-card requests still get a 502
    before any reaches the upstream (a purple not up yet). ``before_forward``: a hook run before each forward.
    ``requests``: (method, route, path) of every request seen."""

    def __init__(self, routes: dict[str, str], timeout_s: float = 300.0) -> None:
        self.routes = routes
        self.refuse_cards = 0
        self.before_forward: BeforeForward | None = None
        self.requests: list[tuple[str, str, str]] = []
        self._timeout_s = timeout_s
        self._client: httpx.AsyncClient | None = None

        @asynccontextmanager
        async def lifespan(app: Starlette) -> AsyncIterator[None]:
            async with httpx.AsyncClient(timeout=httpx.Timeout(timeout_s)) as client:
                self._client = client
                yield

        self.app = Starlette(lifespan=lifespan, routes=[Route("/{name}/{path:path}", self.handle, methods=METHODS),
                                                         Route("/{name}", self.handle, methods=METHODS)])

    async def handle(self, request: Request) -> Response:
        name, path = request.path_params["name"], request.path_params.get("path", "")
        self.requests.append((request.method, name, path))
        if name not in self.routes:
            return Response(f"Unknown route: {name}", status_code=404)
        if path == CARD_PATH and self.refuse_cards > 0:
            self.refuse_cards -= 1
            return Response(f"Failed to connect to upstream: {name}", status_code=502)
        body = await request.body()
        if self.before_forward is not None:
            await self.before_forward(path, body)
        target = f"{self.routes[name].rstrip('/')}/{path}"
        if request.url.query:
            target += f"?{request.url.query}"
        assert self._client is not None
        headers = [(k, v) for k, v in request.headers.items() if k.lower() not in _HOP]
        upstream = self._client.build_request(request.method, target, headers=headers, content=body)
        try:
            response = await self._client.send(upstream, stream=True)
        except httpx.ConnectError:
            return Response(f"Failed to connect to upstream: {name}", status_code=502)
        except httpx.TimeoutException:
            return Response(f"Upstream timeout: {name}", status_code=504)
        return StreamingResponse(response.aiter_bytes(), status_code=response.status_code,
                                 headers={k: v for k, v in response.headers.items() if k.lower() not in _HOP},
                                 background=BackgroundTask(response.aclose))
