"""``purple-agent check URL`` (green_agent/conformance.py): the conformance run passes well-behaved purples and
names the protocol error of each misbehaving one — real purple processes and in-process purples, played by the
real green against a real world from a local pool, over real A2A."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI

from green_agent.conformance import (
    BUILTIN_SCENARIOS,
    CheckFailed,
    CheckReport,
    FindingKind,
    run_check,
)
from green_agent.embedded import purple_process, serve_in_process
from services.purple.assistant import LLMAssistant
from services.purple.sdk import create_app
from services.purple.server import create_purple_app
from services.purple.settings import PurpleSettings
from services.purple.tools import FINISH_TURN
from tests.conftest import free_port
from tests.purple.test_assistant import ScriptedModel, provider_slot  # noqa: F401  (provider_slot: a fixture)

PURPLE_AGENT = Path(sys.executable).parent / "purple-agent"  # the installed console script, as `uv run` runs it


@pytest.fixture(autouse=True)
def local_worlds(tmp_path, monkeypatch) -> None:
    """Worlds from the embedded process backend, whatever the shell running the tests configured."""
    monkeypatch.setenv("GREEN_UES_BACKEND", "auto")
    monkeypatch.setenv("GREEN_DATA_DIR", str(tmp_path))


async def check_role(role: str, **options: Any) -> CheckReport:
    """The check of a ``purple-agent --role ROLE`` process (the oracle reads the built-in scenario's solution)."""
    async with purple_process(role, BUILTIN_SCENARIOS) as url:
        return await run_check(url, **options)


def kinds(report: CheckReport) -> list[tuple[FindingKind, int | None]]:
    return [(f.kind, f.turn) for f in report.findings]


def cli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(PURPLE_AGENT), "check", *args], capture_output=True, text=True, timeout=timeout)


# ------------------------------------------------------------------------------------------------ conformant
async def test_the_oracle_is_conformant_and_the_cli_says_so():
    async with purple_process("oracle", BUILTIN_SCENARIOS) as url:
        report = await run_check(url)
        assert report.conformant and report.findings == [], report.findings
        assert report.card is not None and report.card.jsonrpc_versions == ["1.0", "0.3"]
        assert report.run is not None
        assert (report.run.turns, report.run.completion_reason) == (2, "early_completion")
        assert report.run.actions == 2 and set(report.run.calls_by_status) == {"200"}  # the SMS, the chat report
        done = await asyncio.to_thread(cli, url)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1].startswith("CONFORMANT")
    assert "agent card: UES baseline purple (oracle), JSON-RPC 1.0, 0.3" in done.stdout
    assert "2 turn(s), completed (early_completion)" in done.stdout and "2 action(s)" in done.stdout


async def test_the_llm_assistant_is_conformant(provider_slot):  # noqa: F811  (the imported fixture)
    """The ``assistant`` role (a scripted model behind litellm's custom-provider door): texts Chris, reports in chat,
    finishes — conformant, its two actions on the record."""
    solution = json.loads((BUILTIN_SCENARIOS / "conformance" / "solution.json").read_text())["steps"]

    def script(turn: int, answered: int, messages: list[dict[str, Any]]) -> list[tuple[str, Any]]:
        if answered:
            return [(FINISH_TURN, {"time_step": "PT1H", "done": turn == 2})]
        step = solution[turn - 1]
        tool = "sms_send" if step["path"] == "/sms/send" else "chat_send"
        return [(tool, {k: v for k, v in step["body"].items() if k != "role"})]

    assistant = LLMAssistant(PurpleSettings(model=provider_slot(ScriptedModel(script)), tool_mode="native"))
    port = free_port()
    async with serve_in_process(create_app(assistant, url=f"http://127.0.0.1:{port}/"), port) as url:
        report = await run_check(url)
    assert report.conformant and report.findings == [], report.findings
    assert report.run is not None and (report.run.turns, report.run.actions) == (2, 2)


async def test_a_purple_that_does_nothing_correctly_is_conformant():
    report = await check_role("noop")
    assert report.conformant and report.findings == []
    assert report.run is not None
    assert (report.run.turns, report.run.completion_reason, report.run.calls_total) == (3, "scenario_complete", 0)


# ------------------------------------------------------------------------------------------------ not conformant
async def test_garbage_replies_are_named_turn_by_turn_and_the_cli_exits_1_with_json():
    async with purple_process("garbage", BUILTIN_SCENARIOS) as url:
        done = await asyncio.to_thread(cli, url, "--json")
    assert done.returncode == 1, done.stdout + done.stderr
    report = CheckReport.model_validate(json.loads(done.stdout))
    assert not report.conformant
    assert kinds(report) == [(FindingKind.NON_PROTOCOL_REPLY, turn) for turn in (1, 2, 3)]
    assert report.run is not None and report.run.turns == 3


async def test_forbidden_routes_are_named_with_their_attempts():
    report = await check_role("hostile-forbidden")
    assert not report.conformant
    forbidden = {f.route: f for f in report.findings if f.kind is FindingKind.FORBIDDEN_ROUTE}
    assert {f.kind for f in report.findings} == {FindingKind.FORBIDDEN_ROUTE}
    assert "POST /simulation/clear" in forbidden and "POST /keys" in forbidden, sorted(forbidden)
    clear = forbidden["POST /simulation/clear"]
    assert clear.turn == 1 and clear.count == 3  # once per turn, three turns
    assert "POST /simulation/clear, outside the key's grant (403): 3 attempt(s), turns 1–3" in clear.message
    assert report.run is not None and report.run.calls_by_status.get("403", 0) >= len(forbidden)


async def test_chat_posted_as_the_user_is_named():
    report = await check_role("hostile-chat-as-user")
    assert not report.conformant
    assert {f.kind for f in report.findings} == {FindingKind.IMPERSONATED_USER}
    # One forged message a turn. (Their texts are identical, and the green dates each to the first action that
    # posted that text — integrity.impersonation — so every finding says turn 1.)
    assert len(report.findings) == 3 and all(f.turn is not None for f in report.findings)
    assert "posted chat as the user" in report.findings[0].line()


async def test_a_silent_purple_gets_no_reply_findings():
    report = await check_role("silent", turn_timeout_s=1.0)
    assert not report.conformant
    assert kinds(report) == [(FindingKind.NO_REPLY, turn) for turn in (1, 2, 3)]
    assert "no reply within 1 s" in report.findings[0].message
    assert report.run is not None and report.run.turns == 3  # every turn was tried, and none answered


class LateClock:
    """A raw brain (no SDK) whose turn_complete carries a time_step that is no ISO-8601 duration."""

    async def handle(self, payload: dict[str, Any], context_id: str) -> dict[str, Any] | None:
        if payload.get("message_type") == "turn_start":
            return {"message_type": "turn_complete", "time_step": "soon"}
        return None


async def test_a_bad_time_step_is_named():
    port = free_port()
    async with serve_in_process(create_purple_app(LateClock(), url=f"http://127.0.0.1:{port}/"), port) as url:
        report = await run_check(url)
    assert not report.conformant
    assert kinds(report) == [(FindingKind.BAD_TIME_STEP, turn) for turn in (1, 2, 3)]
    assert "invalid time_step 'soon'" in report.findings[0].message


# ------------------------------------------------------------------------------------------------ no purple there
async def test_an_unreachable_url_fails_without_a_run():
    # A port held bound but not listening: connecting is refused, and no other test's server can take it meanwhile
    # (a port merely found free was once taken by another worker's server, which answered 404).
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{held.getsockname()[1]}"
        done = await asyncio.to_thread(cli, url)
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"FAIL unreachable: cannot reach {url}/.well-known/agent-card.json" in done.stdout
    assert "run:" not in done.stdout


async def test_a_url_without_an_agent_card_or_without_json_rpc_fails():
    app = FastAPI()

    @app.get("/grpc-only/.well-known/agent-card.json")
    async def grpc_card() -> dict[str, Any]:
        return {"name": "grpc", "supportedInterfaces": [{"url": "http://x/", "protocolBinding": "GRPC",
                                                         "protocolVersion": "1.0"}]}

    async with serve_in_process(app) as base:
        missing = await run_check(base + "/nothing-here")
        grpc = await run_check(base + "/grpc-only")
    assert kinds(missing) == [(FindingKind.AGENT_CARD, None)] and "HTTP 404" in missing.findings[0].message
    assert kinds(grpc) == [(FindingKind.AGENT_CARD, None)] and "no JSON-RPC interface" in grpc.findings[0].message
    assert missing.run is None and grpc.run is None


# ------------------------------------------------------------------------------------------------ usage
async def test_usage_errors_exit_2():
    with pytest.raises(CheckFailed, match="unknown scenario 'nope'"):
        await run_check("http://127.0.0.1:1", scenario="nope")
    bad_url = await asyncio.to_thread(cli, "localhost:9019")
    assert bad_url.returncode == 2 and "must start with http://" in bad_url.stderr
    no_url = await asyncio.to_thread(cli)
    assert no_url.returncode == 2 and "URL" in no_url.stderr
