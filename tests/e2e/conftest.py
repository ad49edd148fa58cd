"""End-to-end fixtures: one real green A2A server per module (in-process uvicorn, a real process UES pool, the test
scenarios of ``tests/scenarios``), real ``purple-agent`` processes, and an A2A 0.3 client that reads the green the
way the AgentBeats gateway does.

The green is served with ``tests.a2a.conftest.serve`` around ``green_agent.server.create_app`` — what
``green_agent.selftest.green_server`` does — because the fault tests need the app itself: ``app.state.pool`` leads
to each context's UES world, whose admin API shows the purple's keys.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import time
import uuid
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest_asyncio
from fastapi import FastAPI

from green_agent.config import GreenSettings
from green_agent.embedded import purple_process
from green_agent.server import create_app
from services.purple.baseline import SLOW_TURN_ENV
from tests.a2a.conftest import final_status, serve, stream_v03, v03_message
from tests.conftest import free_port
from ues_pool.pool import UESPool

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
TERMINAL = ("completed", "canceled", "failed", "rejected")


def e2e_settings(data_dir: Path, **overrides: Any) -> GreenSettings:
    """Settings of an e2e green: the test scenarios, a private data dir and pool, scripted characters."""
    values: dict[str, Any] = {"scenarios_dir": SCENARIOS, "data_dir": data_dir,
                              "pool_name": f"e2e-{uuid.uuid4().hex[:8]}", "pool_min_idle": 2,
                              "pool_max_instances": 32, "character_mode": "scripted"}
    return GreenSettings(**{**values, **overrides})


@dataclass
class Green:
    url: str
    app: FastAPI

    @property
    def pool(self) -> UESPool:
        return self.app.state.pool


@contextlib.asynccontextmanager
async def running_green(settings: GreenSettings, **app_options: Any) -> AsyncIterator[Green]:
    port = free_port()
    app = create_app(settings, card_url=f"http://127.0.0.1:{port}/", **app_options)
    async with serve(app, port) as url:
        yield Green(url, app)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def green(tmp_path_factory) -> AsyncIterator[Green]:
    async with running_green(e2e_settings(tmp_path_factory.mktemp("green"))) as server:
        yield server


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def purples() -> AsyncIterator[Callable[..., Any]]:
    """``await purples(role)`` → the URL of a real ``purple-agent --role ROLE`` process (one per role, per module).
    ``await purples("slow", slow_s=60)``: a ``slow`` purple holding each turn that long (default 3 s)."""
    started: dict[tuple[str, float | None], str] = {}
    lock = asyncio.Lock()
    async with contextlib.AsyncExitStack() as stack:

        async def get(role: str, slow_s: float | None = None) -> str:
            async with lock:
                if (role, slow_s) not in started:
                    saved = os.environ.get(SLOW_TURN_ENV)
                    if slow_s is not None:
                        os.environ[SLOW_TURN_ENV] = str(slow_s)  # read by the purple process at start-up
                    try:
                        url = await stack.enter_async_context(purple_process(role, SCENARIOS))
                    finally:
                        if saved is None:
                            os.environ.pop(SLOW_TURN_ENV, None)
                        else:
                            os.environ[SLOW_TURN_ENV] = saved
                    started[(role, slow_s)] = url
                return started[(role, slow_s)]

        yield get


# ------------------------------------------------------------------------------------------------ requests
def request_text(purple_url: str, **config: Any) -> str:
    """The platform's request: one JSON object, sent as the text of a single TextPart."""
    return json.dumps({"participants": {"personal_assistant": purple_url}, "config": config})


@dataclass
class GatewayResult:
    """One assessment as the AgentBeats gateway sees it."""

    events: list[dict[str, Any]]
    context_id: str

    @property
    def task_id(self) -> str:
        return self.events[0]["id"]

    @property
    def final(self) -> dict[str, Any]:
        return final_status(self.events)  # asserts exactly one terminal state

    @property
    def state(self) -> str:
        return self.final["status"]["state"]

    @property
    def artifacts(self) -> list[dict[str, Any]]:
        """Artifacts as they arrived on the stream (appended chunks joined)."""
        found: dict[str, dict[str, Any]] = {}
        for event in self.events:
            if event.get("kind") != "artifact-update":
                continue
            artifact = event["artifact"]
            known = found.get(artifact["artifactId"])
            if known is not None and event.get("append"):
                known["parts"].extend(artifact["parts"])
            else:
                found[artifact["artifactId"]] = {**artifact, "parts": list(artifact["parts"])}
        return list(found.values())

    def gateway_rows(self) -> tuple[list[dict[str, Any]], list[str]]:
        """(rows, texts): what the gateway stores once the task is ``completed`` — every DataPart is one row, and
        so is every TextPart whose text parses as JSON; ``texts`` are the other TextParts."""
        assert self.state == "completed", self.state
        rows: list[dict[str, Any]] = []
        texts: list[str] = []
        for artifact in self.artifacts:
            for part in artifact["parts"]:
                if part["kind"] == "data":
                    rows.append(part["data"])
                elif part["kind"] == "text":
                    try:
                        rows.append(json.loads(part["text"]))
                    except ValueError:
                        texts.append(part["text"])
        return rows, texts

    def result_rows(self) -> list[dict[str, Any]]:
        """The rows of the ``Result`` artifact (its JSON parts), whatever the final state."""
        rows = []
        for part in (p for a in self.artifacts if a.get("name") == "Result" for p in a["parts"]):
            if part["kind"] == "data":
                rows.append(part["data"])
            elif part["kind"] == "text" and part["text"].lstrip().startswith("{"):
                rows.append(json.loads(part["text"]))
        return rows

    def trial_rows(self) -> list[dict[str, Any]]:
        return [r for r in self.result_rows() if r.get("row_type") == "trial"]

    def working_updates(self) -> list[dict[str, Any]]:
        return [e for e in self.events if e.get("kind") == "status-update" and e["status"]["state"] == "working"]


async def assess(green: Green, purple_url: str, *, context_id: str | None = None, wait_s: float = 180.0,
                 **config: Any) -> GatewayResult:
    """One assessment as the platform sends it: raw JSON-RPC ``message/stream``, A2A 0.3 shape, no version header."""
    context_id = context_id or f"e2e-{uuid.uuid4().hex[:12]}"
    message = v03_message(text=request_text(purple_url, **config), context_id=context_id)
    events = await asyncio.wait_for(stream_v03(green.url, message, wait_s=wait_s), wait_s)
    return GatewayResult(events, context_id)


@dataclass
class LiveAssessment:
    """An assessment whose stream is read in the background, so a test can act while it runs."""

    green: Green
    context_id: str
    events: list[dict[str, Any]] = field(default_factory=list)
    error: BaseException | None = None
    ended_at: float | None = None  # time.monotonic() when the terminal state arrived
    _arrived: asyncio.Event = field(default_factory=asyncio.Event)
    _task: asyncio.Task | None = None

    async def _read(self, body: dict[str, Any], wait_s: float) -> None:
        try:
            async with httpx.AsyncClient(timeout=wait_s) as http, \
                    http.stream("POST", self.green.url + "/", json=body,
                                headers={"Accept": "text/event-stream"}) as response:
                assert response.status_code == 200, await response.aread()
                async for line in response.aiter_lines():
                    if line.startswith("data:"):
                        event = json.loads(line[5:].strip())
                        assert "error" not in event, event
                        self.events.append(event["result"])
                        if event["result"].get("status", {}).get("state") in TERMINAL:
                            self.ended_at = time.monotonic()
                        self._arrived.set()
        except BaseException as exc:
            self.error = exc
            raise
        finally:
            self._arrived.set()

    async def wait_for(self, predicate: Callable[[dict[str, Any]], bool], wait_s: float = 60.0) -> dict[str, Any]:
        """The first event matching ``predicate`` (waiting for it to arrive)."""
        async with asyncio.timeout(wait_s):
            seen = 0
            while True:
                for event in self.events[seen:]:
                    if predicate(event):
                        return event
                seen = len(self.events)
                if self._task is not None and self._task.done():
                    raise AssertionError(f"the stream ended without the expected event (error: {self.error!r})")
                self._arrived.clear()
                if len(self.events) == seen:
                    await self._arrived.wait()

    async def result(self, wait_s: float = 120.0) -> GatewayResult:
        assert self._task is not None
        await asyncio.wait_for(asyncio.shield(self._task), wait_s)
        return GatewayResult(self.events, self.context_id)

    @property
    def task_id(self) -> str:
        return self.events[0]["id"]


def start_assessment(green: Green, purple_url: str, *, context_id: str | None = None, wait_s: float = 180.0,
                     **config: Any) -> LiveAssessment:
    context_id = context_id or f"e2e-{uuid.uuid4().hex[:12]}"
    live = LiveAssessment(green, context_id)
    body = {"jsonrpc": "2.0", "id": uuid.uuid4().hex, "method": "message/stream",
            "params": {"message": v03_message(text=request_text(purple_url, **config), context_id=context_id)}}
    live._task = asyncio.create_task(live._read(body, wait_s))
    return live


def _progress_object(event: dict[str, Any]) -> dict[str, Any] | None:
    """A progress update's JSON object: its JSON text part (protocol.md §3), or None when it has none."""
    message = event.get("status", {}).get("message") or {}
    for part in message.get("parts", []):
        if part.get("kind") == "text" and part.get("text", "").lstrip().startswith("{"):
            value = json.loads(part["text"])
            if isinstance(value, dict):
                return value
    return None


def progress_type(event: dict[str, Any]) -> str | None:
    """The ``message_type`` of a progress update (None when it has none)."""
    found = _progress_object(event)
    return found.get("message_type") if found is not None else None


def progress_data(event: dict[str, Any]) -> dict[str, Any]:
    found = _progress_object(event)
    assert found is not None, event
    return found


# ------------------------------------------------------------------------------------------------ the world
def assert_world_given_back(green: Green, context_id: str) -> None:
    """The finished assessment holds no world: the pool took it back (wiped) before the result was sent. That the
    trial revoked the purple's key on its own is proven per path in tests/green/test_trial.py, where no wipe
    follows; the wipe itself in tests/pool."""
    assert green.pool.lease_of(context_id) is None, f"context {context_id} still holds a world"
