"""TEST-ONLY: a stand-in for the AgentBeats gateway, as the green sees it under Amber.

The real gateway (RDI-Foundation/agentbeats-gateway: ``src/main.py``, ``src/proxy.py``, ``src/assessment.py``, read
as reference) is one component of a scenario: its slots are the green and the purples (``SERVICE_URLS``, Amber's
``${slots}``), and a config maps slot → role. What the green sees of it is reproduced here:

* **The request**: ``{"participants": {<role>: "http://127.0.0.1:<proxy port>/<role>"}, "config": <assessment
  config>}`` — the proxy on the gateway's *own* loopback — as the text of one A2A message, sent by ``message/stream``
  (A2A 0.3 JSON-RPC, as its a2a-sdk 0.3 client sends it: no context id) with a 300 s HTTP timeout, once every slot's
  agent card answered (30 s at most, else ``{"status": "failed"}``).
* **The proxy** (``--proxy-port``, 8080): ``/<role>/<path>`` → ``<the role's slot URL>/<path>``, method, query,
  headers and body forwarded and the answer streamed back (SSE included), 300 s timeout; an agent card's loopback URLs
  rewritten to ``<this proxy, as the caller named it>/<role><path>``, so the caller's next calls come back through it;
  404 for an unknown role, 502 when the upstream refuses the connection, 504 on its timeout.
* **The results** (``--results-port``, 8081): ``GET /`` → ``{"status": "running"}`` until the assessment ends, then
  ``{"status": <the task's last state>, "results": [...]}``: every JSON value in the artifacts of a ``completed`` task
  (DataParts, and TextParts that parse as JSON), none otherwise; ``failed`` when the stream broke.

Beyond the real one, which runs one assessment from its environment and exits, a control port (``--control-port``)
lets a test run several, one after another, each naming its green's slot and its participants:

* ``GET /agents``: whether each slot's agent card answers now;
* ``POST /assessments`` ``{"green": <slot>, "participant_roles": {<slot>: <role>}, "assessment_config": {...}}`` →
  ``{"id": n}`` (409 while another runs): the green slot's role is left out of the participants, as the real
  gateway leaves out its ``green`` slot;
* ``GET /assessments/<id>``: its result as ``GET /`` on the results port gives it, with what the stream showed:
  ``done``, ``message`` (the text of the final status message: a failed task's reason), ``heartbeats`` (the green's
  ``update_waiting_on_purple`` updates), ``longest_silence_s`` between stream events, ``seconds``.

Runs in a container of the project image (httpx, starlette, uvicorn from its venv): ``python gateway_standin.py``,
with ``SERVICE_URLS`` as Amber gives ``${slots}``: slot → ``{"url": ...}`` (or a plain URL).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx
import uvicorn
from starlette.applications import Starlette
from starlette.background import BackgroundTask
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

# The real gateway's stream and proxy timeout (httpx, seconds): a turn longer than this without a byte is lost.
TIMEOUT_S = 300.0
AGENTS_WAIT_S = 30.0
CARD_PATH = ".well-known/agent-card.json"
LOOPBACK = frozenset({"localhost", "127.0.0.1", "0.0.0.0", "::1"})
TERMINAL = frozenset({"completed", "failed", "canceled", "rejected"})
HEARTBEAT = "update_waiting_on_purple"  # the green's progress update while it waits on a purple (protocol.md §3)
METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH"]
# Headers of one hop, not of the call: set again by each side.
NOT_FORWARDED = frozenset({"host", "content-length", "connection", "keep-alive", "transfer-encoding"})
NOT_RETURNED = frozenset({"content-length", "content-encoding", "connection", "keep-alive", "transfer-encoding"})


def slot_urls(raw: str) -> dict[str, str]:
    """Amber's ``${slots}``: slot → ``{"url": ...}`` (or a URL), as slot → URL without a trailing slash."""
    return {slot: str(value["url"] if isinstance(value, dict) else value).rstrip("/")
            for slot, value in json.loads(raw).items()}


def rewrite_card(body: bytes, role: str, base_url: str) -> bytes:
    """An agent card whose loopback URLs (``url``, ``supportedInterfaces[].url``) now point at this proxy's route for
    ``role`` (``base_url``: the proxy as the caller named it), the path kept; unchanged when none was loopback."""
    try:
        card = json.loads(body)
    except ValueError:
        return body
    if not isinstance(card, dict):
        return body

    changed = False
    for holder in [card, *(i for i in card.get("supportedInterfaces") or [] if isinstance(i, dict))]:
        url = holder.get("url")
        parts = urlsplit(url) if isinstance(url, str) else None
        if parts is None or parts.scheme not in ("http", "https") or parts.hostname not in LOOPBACK:
            continue
        base = urlsplit(f"{base_url.rstrip('/')}/{role}{parts.path}")
        holder["url"] = urlunsplit((base.scheme, base.netloc, base.path, parts.query, parts.fragment))
        changed = True
    if not changed:
        return body
    card.pop("signatures", None)  # they signed the card as it was
    return json.dumps(card).encode()


def json_values(parts: list[dict[str, Any]]) -> list[Any]:
    """What the gateway keeps of an artifact's parts: each DataPart's data, and each TextPart that parses as JSON."""
    values: list[Any] = []
    for part in parts:
        if part.get("kind") == "data":
            values.append(part.get("data"))
        elif part.get("kind") == "text":
            try:
                values.append(json.loads(part.get("text", "")))
            except ValueError:
                pass
    return values


@dataclass
class Assessment:
    """One assessment the stand-in runs: its request's parts and what its stream showed."""

    id: int
    green: str
    roles: dict[str, str]
    config: dict[str, Any]
    status: str = "running"
    results: list[Any] = field(default_factory=list)
    message: str = ""
    heartbeats: int = 0
    longest_silence_s: float = 0.0
    seconds: float | None = None
    done: bool = False

    def result(self) -> dict[str, Any]:
        """As the results port serves it."""
        return {"status": self.status, "results": self.results}

    def detail(self) -> dict[str, Any]:
        return {**self.result(), "id": self.id, "done": self.done, "message": self.message,
                "heartbeats": self.heartbeats, "longest_silence_s": round(self.longest_silence_s, 1),
                "seconds": self.seconds}


class Gateway:
    """The stand-in: its proxy, results and control apps over one set of slots."""

    def __init__(self, slots: dict[str, str], proxy_port: int) -> None:
        self.slots = slots
        self.proxy_port = proxy_port
        self.routes: dict[str, str] = {}  # role → upstream URL, for the assessment running
        self.assessments: dict[int, Assessment] = {}
        self.latest: dict[str, Any] = {"status": "running"}
        self._running: asyncio.Task[None] | None = None
        self._http: httpx.AsyncClient | None = None

        @asynccontextmanager
        async def lifespan(app: Starlette) -> AsyncIterator[None]:
            async with httpx.AsyncClient(timeout=httpx.Timeout(TIMEOUT_S)) as http:
                self._http = http
                yield

        self.proxy_app = Starlette(lifespan=lifespan, routes=[
            Route("/{role}/{path:path}", self.proxy, methods=METHODS),
            Route("/{role}", self.proxy, methods=METHODS)])
        self.results_app = Starlette(routes=[Route("/", self.results)])
        self.control_app = Starlette(routes=[
            Route("/agents", self.agents),
            Route("/assessments", self.start, methods=["POST"]),
            Route("/assessments/{id:int}", self.assessment)])

    # ------------------------------------------------------------------ the proxy
    async def proxy(self, request: Request) -> Response:
        role, path = request.path_params["role"], request.path_params.get("path", "")
        upstream = self.routes.get(role)
        if upstream is None:
            return Response(f"Unknown route: {role}", status_code=404)
        target = f"{upstream}/{path}" if path else upstream
        if request.url.query:
            target += f"?{request.url.query}"
        print(f"PROXY {request.method} {role}/{path} -> {target}", flush=True)
        assert self._http is not None
        outgoing = self._http.build_request(
            request.method, target, content=await request.body(),
            headers=[(k, v) for k, v in request.headers.items() if k.lower() not in NOT_FORWARDED])
        try:
            if path == CARD_PATH:
                answer = await self._http.send(outgoing)
                return Response(rewrite_card(answer.content, role, str(request.base_url)),
                                status_code=answer.status_code, headers=_returned(answer.headers))
            answer = await self._http.send(outgoing, stream=True)
        except httpx.ConnectError:
            return Response(f"Failed to connect to upstream: {role}", status_code=502)
        except httpx.TimeoutException:
            return Response(f"Upstream timeout: {role}", status_code=504)
        return StreamingResponse(answer.aiter_bytes(), status_code=answer.status_code,
                                 headers=_returned(answer.headers), background=BackgroundTask(answer.aclose))

    # ------------------------------------------------------------------ the results
    async def results(self, request: Request) -> Response:
        return JSONResponse(self.latest)

    # ------------------------------------------------------------------ control (test-only)
    async def agents(self, request: Request) -> Response:
        ready = await asyncio.gather(*(self._card_answers(url) for url in self.slots.values()))
        return JSONResponse(dict(zip(self.slots, ready, strict=True)))

    async def start(self, request: Request) -> Response:
        body = await request.json()
        green = body.get("green", "green")
        roles = body.get("participant_roles")
        unknown = [slot for slot in [green, *(roles or {})] if slot not in self.slots]
        if not isinstance(roles, dict) or unknown or green not in roles:
            return JSONResponse({"error": f"participant_roles must map slots (some of {sorted(self.slots)}) to roles, "
                                          f"the green's slot {green!r} included; unknown: {unknown}"},
                                status_code=400)
        if self._running is not None and not self._running.done():
            return JSONResponse({"error": "an assessment is running"}, status_code=409)
        run = Assessment(len(self.assessments) + 1, green, dict(roles), dict(body.get("assessment_config") or {}))
        self.assessments[run.id] = run
        self.latest = {"status": "running"}
        self._running = asyncio.create_task(self._run(run))
        return JSONResponse({"id": run.id}, status_code=202)

    async def assessment(self, request: Request) -> Response:
        run = self.assessments.get(request.path_params["id"])
        if run is None:
            return JSONResponse({"error": "no such assessment"}, status_code=404)
        return JSONResponse(run.detail())

    # ------------------------------------------------------------------ one assessment
    async def _run(self, run: Assessment) -> None:
        began = time.monotonic()
        try:
            if not await self._wait_for_agents([self.slots[slot] for slot in run.roles]):
                run.status, run.message = "failed", "Timeout: agents not ready"
                return
            self.routes = {role: self.slots[slot] for slot, role in run.roles.items()}
            participants = {role: f"http://127.0.0.1:{self.proxy_port}/{role}"
                            for slot, role in run.roles.items() if slot != run.green}
            await self._stream(run, self.slots[run.green], {"participants": participants, "config": run.config})
        except Exception as exc:  # the real gateway's answer to any failure: the assessment failed
            run.status, run.message = "failed", f"{type(exc).__name__}: {exc}"
        finally:
            run.seconds = round(time.monotonic() - began, 1)
            run.done = True
            self.latest = run.result()
            print(f"ASSESSMENT {run.id} {run.status} in {run.seconds} s: {run.message[:300]}", flush=True)

    async def _stream(self, run: Assessment, green_url: str, request: dict[str, Any]) -> None:
        message = {"kind": "message", "role": "user", "messageId": uuid.uuid4().hex,
                   "parts": [{"kind": "text", "text": json.dumps(request)}]}
        body = {"jsonrpc": "2.0", "id": uuid.uuid4().hex, "method": "message/stream", "params": {"message": message}}
        artifacts: dict[str, dict[str, Any]] = {}
        async with httpx.AsyncClient(timeout=TIMEOUT_S) as http:
            (await http.get(f"{green_url}/{CARD_PATH}")).raise_for_status()
            last = time.monotonic()
            async with http.stream("POST", f"{green_url}/", json=body,
                                   headers={"Accept": "text/event-stream"}) as response:
                response.raise_for_status()
                async for line in response.aiter_lines():
                    if not line.startswith("data:"):
                        continue
                    now = time.monotonic()
                    run.longest_silence_s, last = max(run.longest_silence_s, now - last), now
                    event = json.loads(line[5:])
                    if "error" in event:
                        raise RuntimeError(f"JSON-RPC error: {json.dumps(event['error'])[:500]}")
                    self._take(run, event.get("result") or {}, artifacts)
        if run.status == "completed":
            run.results = [value for artifact in artifacts.values() for value in json_values(artifact["parts"])]

    @staticmethod
    def _take(run: Assessment, event: dict[str, Any], artifacts: dict[str, dict[str, Any]]) -> None:
        """Fold one stream event into the run (the task's state, its artifacts, heartbeats, the final message)."""
        kind = event.get("kind")
        if kind == "task":
            run.status = event["status"]["state"]
            for artifact in event.get("artifacts") or []:
                artifacts[artifact["artifactId"]] = {**artifact, "parts": list(artifact.get("parts", []))}
        elif kind == "artifact-update":
            artifact = event["artifact"]
            known = artifacts.get(artifact["artifactId"])
            if known is not None and event.get("append"):
                known["parts"].extend(artifact.get("parts", []))
            else:
                artifacts[artifact["artifactId"]] = {**artifact, "parts": list(artifact.get("parts", []))}
        elif kind == "status-update":
            status = event["status"]
            run.status = status["state"]
            parts = (status.get("message") or {}).get("parts") or []
            if any(isinstance(v, dict) and v.get("message_type") == HEARTBEAT for v in json_values(parts)):
                run.heartbeats += 1
            if run.status in TERMINAL:
                run.message = "\n".join(p["text"] for p in parts if p.get("kind") == "text" and not json_values([p]))

    async def _wait_for_agents(self, urls: list[str]) -> bool:
        deadline = time.monotonic() + AGENTS_WAIT_S
        while time.monotonic() < deadline:
            if all(await asyncio.gather(*(self._card_answers(url) for url in urls))):
                return True
            await asyncio.sleep(1)
        return False

    @staticmethod
    async def _card_answers(url: str) -> bool:
        try:
            async with httpx.AsyncClient(timeout=2) as http:
                return (await http.get(f"{url}/{CARD_PATH}")).status_code == 200
        except httpx.HTTPError:
            return False


def _returned(headers: httpx.Headers) -> dict[str, str]:
    return {k: v for k, v in headers.items() if k.lower() not in NOT_RETURNED}


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--proxy-port", type=int, default=8080)
    parser.add_argument("--results-port", type=int, default=8081)
    parser.add_argument("--control-port", type=int, default=8082)
    args = parser.parse_args()
    gateway = Gateway(slot_urls(os.environ["SERVICE_URLS"]), args.proxy_port)
    servers = [uvicorn.Server(uvicorn.Config(app, host="0.0.0.0", port=port, log_level="warning"))
               for app, port in ((gateway.proxy_app, args.proxy_port), (gateway.results_app, args.results_port),
                                 (gateway.control_app, args.control_port))]
    print(f"gateway stand-in: slots {gateway.slots}", flush=True)
    await asyncio.gather(*(server.serve() for server in servers))


if __name__ == "__main__":
    asyncio.run(main())
