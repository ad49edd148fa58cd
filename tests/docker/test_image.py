"""The project image on a real Docker engine, through testcontainers: the AgentBeats contract (the image started
exactly as the AgentBeats runner starts it serves its card within seconds; its Config), the `ues` role hardened the
way the docker backend runs it, the `green`/`purple` roles, and the image's own settings (non-root, linux/amd64)."""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

import httpx
import pytest

from tests.docker.conftest import (
    SESSION,
    ServedOrExited,
    declared_scripts,
    hardened,
    labelled,
    publish_on_loopback,
    started,
)

if TYPE_CHECKING:  # testcontainers itself is imported by the fixtures (skip, or fail under GREEN_REQUIRE_DOCKER=1)
    from testcontainers.core.container import DockerContainer

EMAIL = {"from_address": "me@example.com", "to_addresses": ["you@example.com"], "subject": "Hi",
         "body_text": "Hello"}
CARD_PATH = "/.well-known/agent-card.json"
CARD_DEADLINE_S = 5.0  # the AgentBeats contract: the card is served within a few seconds of start-up
# What start-up may cost in the container's own CPU time: 1.8 s on this 2-core machine (2026-11-29), so the wall
# deadline holds on a quiet machine with headroom. On a loaded machine wall time measures the machine, not the image:
# there the test holds the image to this budget and says how loaded the machine was. The reading is one sample taken
# as the card is first served (`one_shot`): docker's default sampling waits a second or more, during which the pool
# kept warming its worlds, and on a loaded CI machine (load 7) that lag alone pushed a 1.8 s start over 3.5 s.
# Measured with one_shot on a quiet machine (2026-12-01): 1.8-2.7 s.
CARD_CPU_BUDGET_S = 3.5


def output(container: DockerContainer) -> str:
    """stdout and stderr of the container, interleaved as written."""
    return container.get_wrapped_container().logs().decode(errors="replace")


# ------------------------------------------------------------------------------------------------ AgentBeats
@dataclass
class AgentBeatsGreen:
    container: DockerContainer
    url: str  # on the host
    card_url: str  # as given with --card-url
    seconds_to_card: float
    cpu_to_card: float  # the container's CPU seconds (all its processes) when the card was first served
    load: float  # the machine's 1-minute load average then


@pytest.fixture(scope="module")
def agentbeats_green(project_image) -> Iterator[AgentBeatsGreen]:
    """The image started exactly as the AgentBeats runner starts it: `docker run IMAGE --host 0.0.0.0 --port 9009
    --card-url http://<name>:9009/` (no role word), timed from `docker run` until its card is served."""
    name = f"ues-green-contract-{SESSION}"
    card_url = f"http://{name}:9009/"
    container = labelled(project_image, ["--host", "0.0.0.0", "--port", "9009", "--card-url", card_url], name=name)
    publish_on_loopback(container, 9009)
    container.waiting_for(ServedOrExited(9009, CARD_PATH).with_poll_interval(0.05).with_startup_timeout(60))
    try:
        began = time.monotonic()
        started(container)
        seconds = time.monotonic() - began
        load = os.getloadavg()[0]
        stats = container.get_wrapped_container().stats(stream=False, one_shot=True)
        cpu = stats["cpu_stats"]["cpu_usage"]["total_usage"] / 1e9
        url = f"http://127.0.0.1:{container.get_exposed_port(9009)}"
        print(f"\nagent card served {seconds:.2f} s after docker run ({cpu:.2f} s of CPU; load {load:.1f})")
        yield AgentBeatsGreen(container, url, card_url, seconds, cpu, load)
    finally:
        container.stop(force=True, delete_volume=True)


def test_agentbeats_start_serves_card_within_deadline(agentbeats_green: AgentBeatsGreen) -> None:
    green = agentbeats_green
    assert green.cpu_to_card <= CARD_CPU_BUDGET_S, \
        f"start-up cost {green.cpu_to_card:.2f} s of the container's CPU before the card was served " \
        f"(budget {CARD_CPU_BUDGET_S} s; wall {green.seconds_to_card:.2f} s)"
    quiet = green.load < (os.cpu_count() or 1)
    assert green.seconds_to_card <= CARD_DEADLINE_S or not quiet, \
        f"card served only {green.seconds_to_card:.2f} s after docker run on a quiet machine (load " \
        f"{green.load:.1f}; contract: {CARD_DEADLINE_S} s)"
    card = httpx.get(agentbeats_green.url + CARD_PATH, timeout=5)
    assert card.status_code == 200, card.text
    assert card.json()["url"] == agentbeats_green.card_url
    assert card.json()["skills"], card.json()


def test_agentbeats_runner_health_check_inside_container(agentbeats_green: AgentBeatsGreen) -> None:
    """The runner's health check runs curl inside the container against the card."""
    result = agentbeats_green.container.exec(["sh", "-c", "command -v curl"])
    assert result.exit_code == 0 and result.output.decode().strip().endswith("/curl"), result.output
    result = agentbeats_green.container.exec(["curl", "-fsS", f"http://localhost:9009{CARD_PATH}"])
    assert result.exit_code == 0, result.output
    assert f'"{agentbeats_green.card_url}"' in result.output.decode(), result.output[:500]


def test_image_config_is_the_agentbeats_contract(docker_client, project_image) -> None:
    config = docker_client.images.get(project_image).attrs
    assert config["Architecture"] == "amd64"
    assert config["Os"] == "linux"
    assert "9009/tcp" in (config["Config"].get("ExposedPorts") or {}), config["Config"].get("ExposedPorts")
    assert config["Config"]["Cmd"] == ["--host", "0.0.0.0", "--port", "9009"]
    assert config["Config"]["Entrypoint"], "the entrypoint must take the CMD's options (no role word needed)"


# ------------------------------------------------------------------------------------------------ ues role
@dataclass
class RunningUES:
    container: DockerContainer
    url: str
    admin_key: str

    def exec(self, command: str) -> tuple[int, str]:
        result = self.container.exec(["sh", "-c", command])
        return int(result.exit_code or 0), result.output.decode(errors="replace")


@pytest.fixture(scope="module")
def ues(project_image) -> Iterator[RunningUES]:
    """One hardened `ues` container for the module, on a random loopback port, ready once /health answers."""
    key = secrets.token_hex(32)
    container = labelled(project_image, ["ues"], tmpfs=True, **hardened())
    container.with_env("UES_ADMIN_KEY", key)
    publish_on_loopback(container, 8000)
    container.waiting_for(ServedOrExited(8000, "/health").with_poll_interval(0.2).with_startup_timeout(60))
    try:
        started(container)
        yield RunningUES(container, f"http://127.0.0.1:{container.get_exposed_port(8000)}", key)
    finally:
        container.stop(force=True, delete_volume=True)


def test_ues_role_answers_health(ues: RunningUES) -> None:
    r = httpx.get(ues.url + "/health", timeout=5)
    assert r.status_code == 200
    assert r.json()["status"] == "healthy"


def test_ues_role_honours_admin_key_from_environment(ues: RunningUES) -> None:
    r = httpx.post(ues.url + "/email/send", json=EMAIL, headers={"X-API-Key": ues.admin_key}, timeout=5)
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "executed"
    state = httpx.get(ues.url + "/email/state", headers={"X-API-Key": ues.admin_key}, timeout=5)
    assert state.status_code == 200, state.text
    assert "Hello" in state.text

    assert httpx.post(ues.url + "/email/send", json=EMAIL, timeout=5).status_code == 401
    wrong = httpx.post(ues.url + "/email/send", json=EMAIL, headers={"X-API-Key": "x" * 64}, timeout=5)
    assert wrong.status_code in (401, 403)


def test_ues_admin_key_is_not_logged(ues: RunningUES) -> None:
    logs = output(ues.container)
    assert logs.strip(), "expected some start-up output"
    assert ues.admin_key not in logs


def test_ues_container_is_hardened(ues: RunningUES) -> None:
    code, out = ues.exec("id -u")
    assert code == 0 and out.strip() != "0", out
    code, out = ues.exec("touch /probe")
    assert code != 0 and "Read-only file system" in out, out
    code, out = ues.exec("touch /tmp/probe && echo ok")
    assert code == 0 and out.strip() == "ok", out
    code, out = ues.exec("grep NoNewPrivs /proc/self/status")
    assert code == 0 and out.split() == ["NoNewPrivs:", "1"], out
    wrapped = ues.container.get_wrapped_container()
    wrapped.reload()
    host_config = wrapped.attrs["HostConfig"]
    assert host_config["ReadonlyRootfs"] is True
    assert host_config["Memory"] == 256 * 1024 * 1024
    assert host_config["NanoCpus"] == 1_000_000_000


def test_curl_inside_the_container(ues: RunningUES) -> None:
    code, out = ues.exec("curl -fsS http://127.0.0.1:${UES_PORT}/health")
    assert code == 0, out
    assert "healthy" in out


# ------------------------------------------------------------------------------------------------ other roles
@pytest.mark.parametrize(("role", "script"), [("green", "green-agent"), ("purple", "purple-agent")])
def test_other_roles(run_container, role: str, script: str) -> None:
    """Until the project ships the role's console script, the role fails with a clear message; once it
    does, the role starts that script (``--help`` answers)."""
    container = run_container([role, "--help"], tmpfs=True, **hardened())
    status = container.get_wrapped_container().wait(timeout=60)
    logs = output(container)
    if script in declared_scripts():
        assert status["StatusCode"] == 0, logs
        assert "usage" in logs.lower(), logs
    else:
        assert status["StatusCode"] == 127, logs
        assert f"role '{role}' is not available in this build" in logs, logs
        assert f"'{script}' is not installed" in logs, logs


def test_image_runs_as_non_root_on_linux_amd64(docker_client, project_image, run_container) -> None:
    image = docker_client.images.get(project_image)
    assert image.attrs["Os"] == "linux"
    assert image.attrs["Architecture"] == "amd64"
    user = image.attrs["Config"]["User"]
    assert user and user.split(":")[0] not in ("0", "root"), user

    container = run_container(["sh", "-c", "id -u; id -g; command -v curl; python3 -c 'import services.ues'"])
    status = container.get_wrapped_container().wait(timeout=60)
    out = output(container).split()
    assert status["StatusCode"] == 0, out
    assert out[0] != "0" and out[1] != "0", out
    assert out[2].endswith("/curl"), out
