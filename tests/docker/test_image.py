"""The project image on a real Docker engine: the `ues` role hardened the way the docker backend runs it,
the `green`/`purple` roles, and the image's own settings (non-root, linux/amd64)."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from services.ues.client import wait_until_answers
from tests.conftest import run_blocking
from tests.docker.conftest import LABEL, SESSION, declared_scripts, hardened

EMAIL = {"from_address": "me@example.com", "to_addresses": ["you@example.com"], "subject": "Hi",
         "body_text": "Hello"}


@dataclass
class RunningUES:
    container: Any
    url: str
    admin_key: str

    def exec(self, command: str) -> tuple[int, str]:
        result = self.container.exec_run(["sh", "-c", command])
        return result.exit_code, result.output.decode(errors="replace")


def wait_healthy(container: Any, url: str, timeout: float = 60.0) -> None:
    def stopped() -> str | None:
        container.reload()
        if container.status in ("exited", "dead"):
            return f"UES container exited early:\n{container.logs().decode(errors='replace')}"
        return None

    try:
        run_blocking(wait_until_answers(url + "/health", timeout_s=timeout, still_starting=stopped, interval_s=0.2))
    except RuntimeError as exc:
        pytest.fail(str(exc), pytrace=False)
    except TimeoutError:
        pytest.fail(f"UES container not healthy after {timeout}s:\n{container.logs().decode(errors='replace')}",
                    pytrace=False)


@pytest.fixture(scope="module")
def ues(docker_client, project_image) -> Iterator[RunningUES]:
    """One hardened `ues` container for the module, on a random loopback port."""
    key = secrets.token_hex(32)
    container = docker_client.containers.run(
        project_image, ["ues"], detach=True, labels={LABEL: SESSION},
        environment={"UES_ADMIN_KEY": key}, ports={"8000/tcp": ("127.0.0.1", None)}, **hardened())
    try:
        container.reload()
        port = container.ports["8000/tcp"][0]["HostPort"]
        url = f"http://127.0.0.1:{port}"
        wait_healthy(container, url)
        yield RunningUES(container, url, key)
    finally:
        container.remove(force=True)


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
    logs = ues.container.logs().decode(errors="replace")
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
    ues.container.reload()
    host_config = ues.container.attrs["HostConfig"]
    assert host_config["ReadonlyRootfs"] is True
    assert host_config["Memory"] == 256 * 1024 * 1024
    assert host_config["NanoCpus"] == 1_000_000_000


def test_curl_inside_the_container(ues: RunningUES) -> None:
    code, out = ues.exec("curl -fsS http://127.0.0.1:${UES_PORT}/health")
    assert code == 0, out
    assert "healthy" in out


@pytest.mark.parametrize(("role", "script"), [("green", "green-agent"), ("purple", "purple-agent")])
def test_other_roles(run_container, role: str, script: str) -> None:
    """Until the project ships the role's console script, the role fails with a clear message; once it
    does, the role starts that script (``--help`` answers)."""
    container = run_container([role, "--help"], **hardened())
    status = container.wait(timeout=60)
    logs = container.logs().decode(errors="replace")
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
    status = container.wait(timeout=60)
    out = container.logs().decode(errors="replace").split()
    assert status["StatusCode"] == 0, out
    assert out[0] != "0" and out[1] != "0", out
    assert out[2].endswith("/curl"), out
