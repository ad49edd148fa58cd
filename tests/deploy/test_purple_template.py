"""The purple template (deploy/purple-template): the example agent, started as a participant starts it (``python
agent.py --port P``, a real process), is assessed by a real green on a real scenario and plays it the way its README
says — acknowledges the task, reports new mail, steps the clock an hour at a time, every reply protocol-correct; and
its Docker image, built from the template's Dockerfile on the real engine, keeps the AgentBeats image contract and is
assessed with the README's `green-agent assess --purple URL` command."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shlex
import sys
import tempfile
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx
import json5
import pytest

from green_agent.assessment.runner import ScenarioRunner
from green_agent.config import GreenSettings
from green_agent.embedded import local_pool
from green_agent.protocol import (
    CompletionReason,
    Problem,
    ProblemKind,
    ProgressUpdate,
    TrialRow,
    TrialStatus,
    parse_request,
)
from services.ues.client import UESClient, wait_until_answers
from tests.docker.conftest import (
    SESSION,
    ServedOrExited,
    base_image_name,
    build_image,
    docker_client,  # noqa: F401  (the session's engine fixture, shared with tests/docker)
    free_port,
    labelled,
    project_image,  # noqa: F401  (the session's project image, shared with tests/docker)
    publish_on_loopback,
    started,
)

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "deploy" / "purple-template"
AGENT = TEMPLATE / "agent.py"
SCENARIO = "email_triage_basic"  # a real scenario: a working day of mail arriving hour by hour
SCENARIO_SPEC = json.loads((ROOT / "scenarios" / SCENARIO / "scenario.json").read_text())
TEMPLATE_IMAGE_TAG = "ues-purple-template:test"
CARD_PATH = "/.well-known/agent-card.json"


def hours_of_day() -> int:
    """Turns the template plays in the scenario: it asks for one-hour steps from start to end."""
    span = datetime.fromisoformat(SCENARIO_SPEC["end_time"]) - datetime.fromisoformat(SCENARIO_SPEC["start_time"])
    return int(span.total_seconds() // 3600)


PROTOCOL_TROUBLE = {ProblemKind.NON_PROTOCOL_REPLY, ProblemKind.BAD_TIME_STEP, ProblemKind.STEP_CAPPED,
                    ProblemKind.NO_REPLY}


def not_protocol_correct(row: TrialRow) -> list[Problem]:
    """Warnings the green writes when a purple's reply was not a protocol reply, a bad step, or no reply at all."""
    return [w for w in row.warnings if w.kind in PROTOCOL_TROUBLE]


@contextlib.asynccontextmanager
async def template_process(port: int) -> AsyncIterator[str]:
    """``python deploy/purple-template/agent.py --port PORT``, as the README starts it; its URL once its card is
    served; stopped afterwards."""
    log = tempfile.TemporaryFile()
    proc = await asyncio.create_subprocess_exec(sys.executable, str(AGENT), "--port", str(port), cwd=TEMPLATE,
                                                stdout=asyncio.subprocess.DEVNULL, stderr=log)

    def exited() -> str | None:
        if proc.returncode is None:
            return None
        log.seek(0)
        return f"agent.py exited ({proc.returncode}): {log.read().decode(errors='replace')[-2000:]}"

    url = f"http://127.0.0.1:{port}"
    try:
        await wait_until_answers(url + CARD_PATH, timeout_s=60, still_starting=exited)
        yield url
    finally:
        if proc.returncode is None:
            proc.terminate()
            try:
                await asyncio.wait_for(proc.wait(), 10)
            except TimeoutError:
                proc.kill()
                await proc.wait()
        log.close()


# ------------------------------------------------------------------------------------------------ the agent
async def test_the_template_agent_plays_a_real_scenario_protocol_correctly(tmp_path):
    settings = GreenSettings(scenarios_dir=ROOT / "scenarios", data_dir=tmp_path)
    runner = ScenarioRunner(settings)

    async def quiet(update: ProgressUpdate) -> None:
        return None

    async with template_process(free_port()) as url:
        async with httpx.AsyncClient(timeout=5) as http:
            card = (await http.get(url + CARD_PATH)).json()
        assert card["name"] == "My UES assistant"
        request = parse_request({"participants": {"personal_assistant": url}, "config": {"scenario_id": SCENARIO}})
        async with local_pool(settings, min_idle=0) as pool, pool.lease("template-test") as lease:
            outcome = await runner.run(request, runner.plan(request), assessment_id="7e3" + "0" * 29, lease=lease,
                                       emit=quiet, cancel=asyncio.Event())
            async with UESClient(lease.url, lease.admin_key) as admin:
                chat = (await admin.state("chat"))["messages"]
                inbox = Counter(e["subject"] for e in (await admin.state("email"))["emails"].values()
                                if e["folder"] == "inbox")

    row = outcome.trials[0]
    assert row.status is TrialStatus.COMPLETED and row.completion_reason is CompletionReason.SCENARIO_COMPLETE, \
        (row.status, row.completion_reason, row.errors)
    assert not_protocol_correct(row) == [], row.warnings
    assert row.turns_taken == hours_of_day()  # its one-hour time_step was honoured on every turn
    assert row.violations == [] and row.calls.refused == 0, (row.violations, row.calls)

    task = next(m for m in chat if m["role"] == "user")["content"]
    mine = [m["content"] for m in chat if m["role"] == "assistant"]
    assert mine[0] == f"Got it, working on: {task[:200]}"  # the task acknowledged first, once
    assert sum(m.startswith("Got it") for m in mine) == 1, mine
    reports = [m for m in mine if m.startswith("New since my last look:")]
    assert len(reports) >= 2, mine  # mail keeps arriving through the day and is reported as it comes
    lines = [line for report in reports for line in report.splitlines()[1:]]
    reported = Counter(line.split(": ", 1)[1] for line in lines if line.startswith("email from "))
    cut = sum(int(m.group(1)) for line in lines if (m := re.fullmatch(r"\(\+(\d+) more\)", line)))
    assert reported and reported <= inbox, (reported, inbox)  # real mail of this world, by subject
    # Every email that reached the inbox reported exactly once (listed, or counted in a long report's "+N more").
    assert reported.total() + cut == inbox.total(), (reported, cut, inbox)


# ------------------------------------------------------------------------------------------------ the image
def instructions(dockerfile: str) -> list[str]:
    """A Dockerfile's instructions, comments dropped and continuation lines joined."""
    joined = re.sub(r"\\\n", " ", "\n".join(line for line in dockerfile.splitlines()
                                          if not line.lstrip().startswith("#")))
    return [" ".join(line.split()) for line in joined.splitlines() if line.strip()]


def stages(dockerfile: str) -> list[list[str]]:
    """The instructions of each stage (from its FROM)."""
    out: list[list[str]] = []
    for instruction in instructions(dockerfile):
        if instruction.upper().startswith("FROM "):
            out.append([])
        out[-1].append(instruction)
    return out


def test_the_template_builds_from_a_public_base_as_the_project_image_does():
    """FROM the public Python base the project Dockerfile names (which deploy/base-image.sh provides where no
    registry answers), never from an unpublished project image; its build stage is the project's, step for step
    (the SDK installed from uv.lock, and an engine that built the project image reuses every layer of it)."""
    template, project = (stages(path.read_text()) for path in (TEMPLATE / "Dockerfile", ROOT / "Dockerfile"))
    assert {stage[0].split()[1] for stage in template} == {base_image_name()}
    assert template[0] == project[0], "the template's build stage drifted from the project Dockerfile's"
    assert template[1][:2] == project[1][:2]  # the runtime base and its curl + user layer, shared too
    assert template[1][-2:] == ['ENTRYPOINT ["/opt/venv/bin/python", "/app/agent.py"]',
                                'CMD ["--host", "0.0.0.0", "--port", "9019"]']


def test_the_template_manifest_runs_what_the_image_runs():
    """purple.json5's entrypoint is the image's ENTRYPOINT with the runner's arguments (Amber replaces the
    ENTRYPOINT), on the port its endpoint declares."""
    manifest = json5.loads((TEMPLATE / "purple.json5").read_text())
    entrypoint = json.loads(instructions((TEMPLATE / "Dockerfile").read_text())[-2].split(" ", 1)[1])
    command = shlex.split(manifest["program"]["entrypoint"])
    assert command[:len(entrypoint)] == entrypoint and command[len(entrypoint):] == ["--host", "0.0.0.0", "--port",
                                                                                    "9019"]
    assert manifest["program"]["network"]["endpoints"] == [{"name": "endpoint", "port": 9019}]
    assert manifest["program"]["env"]["PURPLE_UES_URL"] == "${slots.ues.url}"


@pytest.fixture(scope="module")
def template_image(docker_client, project_image) -> str:  # noqa: F811  (the fixtures imported above)
    """The template's image, built once from deploy/purple-template/Dockerfile with the repository as context, as
    its README builds it (host network for PyPI). The session's project image is built first only for its layer
    cache, which the template's identical build stage reuses. Kept afterwards, like the project image."""
    from testcontainers.core.image import DockerImage

    return build_image(DockerImage(path=ROOT, dockerfile_path="deploy/purple-template/Dockerfile",
                                   tag=TEMPLATE_IMAGE_TAG, clean_up=False, platform="linux/amd64", forcerm=True,
                                   network_mode="host"), "the purple template")


@contextlib.contextmanager
def container(image: str, command: list[str], **kwargs: Any) -> Iterator[Any]:
    """A labelled container of ``image`` (removed afterwards, and by the session's sweep if this test dies)."""
    box = labelled(image, command, **kwargs)
    try:
        yield box
    finally:
        box.stop(force=True, delete_volume=True)


def test_the_template_image_keeps_the_agentbeats_contract(template_image):
    """Started exactly as the AgentBeats runner starts it: serves its card with the given URL, curl inside for the
    health check, not root."""
    card_url = f"http://purple-template-{SESSION}:9019/"
    with container(template_image, ["--host", "0.0.0.0", "--port", "9019", "--card-url", card_url]) as box:
        publish_on_loopback(box, 9019)
        box.waiting_for(ServedOrExited(9019, CARD_PATH).with_poll_interval(0.1).with_startup_timeout(60))
        started(box)
        card = httpx.get(f"http://127.0.0.1:{box.get_exposed_port(9019)}{CARD_PATH}", timeout=5)
        assert card.status_code == 200 and card.json()["url"] == card_url, card.text
        health = box.exec(["curl", "-fsS", f"http://localhost:9019{CARD_PATH}"])
        assert health.exit_code == 0, health.output
        assert box.exec(["id", "-u"]).output.decode().strip() == "10001"


def test_the_template_image_exposes_its_port_and_runs_as_a_user(template_image, docker_client):  # noqa: F811
    config = docker_client.images.get(template_image).attrs["Config"]
    assert "9019/tcp" in config["ExposedPorts"], config
    assert config["User"] not in ("", "0", "root"), config


async def test_the_template_container_is_assessed_with_the_readme_command(template_image, tmp_path):
    """The README's local flow with the image: the container on the host's network (the worlds of `green-agent
    assess` are processes on loopback), then `green-agent assess --scenario ... --purple URL`."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with container(template_image, ["--host", "127.0.0.1", "--port", str(port), "--card-url", url + "/"],
                   network_mode="host") as box:
        box.start()
        wrapped = box.get_wrapped_container()

        def stopped() -> str | None:
            wrapped.reload()
            if wrapped.status not in ("exited", "dead"):
                return None
            return f"the template container stopped: {wrapped.logs().decode(errors='replace')[-2000:]}"

        await wait_until_answers(url + CARD_PATH, timeout_s=60, still_starting=stopped)
        out = tmp_path / "rows.json"
        assess = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "green_agent.cli", "assess", "--scenario", SCENARIO, "--purple", url,
            "--out", str(out), cwd=ROOT, env={**os.environ, "GREEN_DATA_DIR": str(tmp_path / "data")},
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
        _, errors = await asyncio.wait_for(assess.communicate(), 300)
        assert assess.returncode == 0, errors.decode(errors="replace")[-3000:]
    trial, summary = json.loads(out.read_text())
    assert trial["status"] == "completed" and trial["completion_reason"] == "scenario_complete", trial
    # A published row carries each problem as its sentence: no turn had any (protocol trouble is always a turn's).
    assert not [w for w in trial["warnings"] if w.startswith("turn ")], trial["warnings"]
    assert trial["turns_taken"] == hours_of_day() and trial["actions_taken"] >= 2  # acknowledged, then reported
    assert summary["row_type"] == "summary"
