"""Helpers for the A2A tests: real servers on loopback (uvicorn in-process or ``purple-agent`` subprocesses)
and a raw JSON-RPC client that reads responses the way a plain A2A 0.3 client (the AgentBeats gateway) does."""

from __future__ import annotations

import json
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from green_agent.embedded import purple_command, wait_for_purple
from green_agent.embedded import serve_in_process as serve  # noqa: F401  (the A2A tests serve apps with it)
from tests.conftest import free_port, run_blocking, stop_process


@dataclass
class PurpleProcess:
    url: str
    process: subprocess.Popen


def start_purple(role: str, *extra: str, timeout: float = 60.0) -> PurpleProcess:
    """A real ``purple-agent`` process (``extra``: more of its options); returns once its agent card is served.
    Same command line and readiness wait as ``green_agent.embedded.purple_process``, but the caller stops it."""
    port = free_port()
    log = tempfile.TemporaryFile()
    proc = subprocess.Popen(purple_command(role, port, *extra), stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        run_blocking(wait_for_purple(url, role, proc.poll, log, timeout))
    except BaseException:
        stop_process(proc)
        raise
    return PurpleProcess(url, proc)


@pytest.fixture
def purple_factory() -> Iterator[Any]:
    started: list[PurpleProcess] = []

    def factory(role: str, *extra: str) -> PurpleProcess:
        purple = start_purple(role, *extra)
        started.append(purple)
        return purple

    yield factory
    for purple in started:
        stop_process(purple.process)


# ------------------------------------------------------------------------------------------------ raw JSON-RPC
def v03_message(*, text: str | None = None, data: dict[str, Any] | None = None,
                context_id: str | None = None) -> dict[str, Any]:
    parts: list[dict[str, Any]] = []
    if text is not None:
        parts.append({"kind": "text", "text": text})
    if data is not None:
        parts.append({"kind": "data", "data": data})
    message = {"kind": "message", "role": "user", "messageId": uuid.uuid4().hex, "parts": parts}
    if context_id:
        message["contextId"] = context_id
    return message


async def stream_v03(url: str, message: dict[str, Any], wait_s: float = 60.0) -> list[dict[str, Any]]:
    """``message/stream`` as an A2A 0.3 client sends it (no version header); the ``result`` of every SSE event."""
    body = {"jsonrpc": "2.0", "id": uuid.uuid4().hex, "method": "message/stream", "params": {"message": message}}
    results: list[dict[str, Any]] = []
    async with httpx.AsyncClient(timeout=wait_s) as http, \
            http.stream("POST", url + "/", json=body, headers={"Accept": "text/event-stream"}) as response:
        assert response.status_code == 200, await response.aread()
        async for line in response.aiter_lines():
            if line.startswith("data:"):
                event = json.loads(line[5:].strip())
                assert "error" not in event, event
                results.append(event["result"])
    return results


async def rpc(url: str, method: str, params: dict[str, Any], *, version: str | None = None,
              wait_s: float = 30.0) -> dict[str, Any]:
    """One non-streaming JSON-RPC call; ``version`` sets the A2A-Version header (None: a 0.3 client)."""
    headers = {"A2A-Version": version} if version else {}
    body = {"jsonrpc": "2.0", "id": uuid.uuid4().hex, "method": method, "params": params}
    async with httpx.AsyncClient(timeout=wait_s) as http:
        response = await http.post(url + "/", json=body, headers=headers)
    assert response.status_code == 200, response.text
    return response.json()


def final_status(events: list[dict[str, Any]]) -> dict[str, Any]:
    """The one final status-update of a 0.3 stream (asserting there is exactly one terminal state)."""
    terminal = [e for e in events if e.get("kind") == "status-update"
                and e["status"]["state"] in ("completed", "canceled", "failed", "rejected")]
    assert len(terminal) == 1, [e.get("status", {}).get("state") for e in events]
    return terminal[0]


def status_text(status_event: dict[str, Any]) -> str:
    message = status_event["status"].get("message") or {}
    return "\n".join(p["text"] for p in message.get("parts", []) if p.get("kind") == "text")
