"""A real ``ues-server`` process over HTTP: startup, admin-key handling, auto-advance, SIGTERM (ues-api.md §1.1)."""

from __future__ import annotations

import json
import os
import re
import secrets
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest

from services.ues.client import wait_until_answers
from services.ues.timeutil import parse_dt
from tests.conftest import free_port, run_blocking

SCRIPT = Path(sys.executable).parent / "ues-server"


@dataclass
class Server:
    process: subprocess.Popen
    url: str
    out_path: Path
    err_path: Path

    def stdout(self) -> str:
        return self.out_path.read_text(errors="replace")

    def stderr(self) -> str:
        return self.err_path.read_text(errors="replace")


def clean_env(**overrides: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("UES_")}
    env.update(overrides)
    return env


@pytest.fixture
def launch(tmp_path) -> Iterator:
    """Start ``ues-server`` processes; every one started is stopped (by its own handle) at teardown."""
    started: list[subprocess.Popen] = []

    def _launch(env: dict[str, str], *args: str, script: bool = False, stdin: bool = False) -> Server:
        port = free_port()
        n = len(started)
        out_path, err_path = tmp_path / f"out{n}.txt", tmp_path / f"err{n}.txt"
        command = [str(SCRIPT)] if script else [sys.executable, "-m", "services.ues.cli"]
        with out_path.open("wb") as out, err_path.open("wb") as err:
            proc = subprocess.Popen([*command, "--host", "127.0.0.1", "--port", str(port), *args], env=env,
                                    cwd=tmp_path, stdout=out, stderr=err,  # no stray .env is read
                                    stdin=subprocess.PIPE if stdin else subprocess.DEVNULL)
        started.append(proc)
        return Server(proc, f"http://127.0.0.1:{port}", out_path, err_path)

    yield _launch
    for proc in started:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)


def wait_healthy(server: Server, timeout: float = 30.0) -> None:
    def exited() -> str | None:
        code = server.process.poll()
        return None if code is None else f"ues-server exited early ({code}): {server.stderr()}"

    run_blocking(wait_until_answers(server.url + "/health", timeout_s=timeout, still_starting=exited))


def terminate(server: Server) -> int:
    server.process.send_signal(signal.SIGTERM)
    code = server.process.wait(10)
    # uvicorn shuts down gracefully, then re-raises the captured signal (exit status -15).
    assert code in (0, -signal.SIGTERM), code
    return code


def admin_key_id(server: Server, secret: str) -> str:
    r = httpx.get(server.url + "/keys", headers={"X-API-Key": secret})
    assert r.status_code == 200, r.text
    return next(k["key_id"] for k in r.json()["keys"] if k["name"] == "Admin Key")


def test_console_script_serves_and_exits_on_sigterm(launch):
    assert SCRIPT.exists(), "the ues-server console script is installed"
    secret = secrets.token_hex(32)
    server = launch(clean_env(UES_ADMIN_KEY=secret), script=True)
    wait_healthy(server)
    r = httpx.get(server.url + "/health")
    assert r.status_code == 200 and r.json() == {"status": "healthy"}
    assert httpx.get(server.url + "/").json()["docs_url"] == "/docs"
    assert httpx.get(server.url + "/simulation/status").status_code == 401
    r = httpx.get(server.url + "/simulation/status", headers={"X-API-Key": secret})
    assert r.status_code == 200 and r.json()["is_running"] is False
    key_id = admin_key_id(server, secret)
    terminate(server)
    # UES_ADMIN_KEY's secret is never printed; its key_id is.
    output = server.stdout() + server.stderr()
    assert secret not in output
    assert key_id in server.stdout()


def test_admin_key_flag(launch):
    secret = "flag-" + secrets.token_hex(20)
    server = launch(clean_env(), "--admin-key", secret)
    wait_healthy(server)
    assert httpx.get(server.url + "/keys", headers={"X-API-Key": secret}).status_code == 200
    assert secret not in server.stdout() + server.stderr()
    terminate(server)


@pytest.mark.parametrize("how", ["env", "flag"])
def test_short_admin_key_refuses_to_start(launch, how):
    short = "x" * 31
    if how == "env":
        server = launch(clean_env(UES_ADMIN_KEY=short))
    else:
        server = launch(clean_env(), "--admin-key", short)
    code = server.process.wait(30)
    assert code != 0
    err = server.stderr()
    assert "UES_ADMIN_KEY" in err and "32" in err
    assert short not in server.stdout()


def wait_for_output(server: Server, text: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while text not in server.stdout():
        assert server.process.poll() is None, f"ues-server exited early: {server.stderr()}"
        assert time.monotonic() < deadline, f"ues-server never printed {text!r} (warm-up too slow?): {server.stdout()}"
        time.sleep(0.05)


def test_admin_key_from_stdin_after_the_warm_up(launch):
    """A server started ahead of its world (the docker backend's standbys): warmed and bound, it serves nothing until
    its admin key arrives on stdin, then serves an empty world under that key alone."""
    server = launch(clean_env(), "--admin-key-stdin", stdin=True)
    wait_for_output(server, "waiting for the admin key on stdin")
    with pytest.raises(httpx.TimeoutException):  # bound (the connection waits in the backlog), but not serving
        httpx.get(server.url + "/health", timeout=0.5)
    secret = secrets.token_hex(32)
    server.process.stdin.write(secret.encode() + b"\n")
    server.process.stdin.flush()
    wait_healthy(server)
    key_id = admin_key_id(server, secret)
    state = httpx.get(server.url + "/email/state", headers={"X-API-Key": secret}).json()
    assert state["emails"] == {} and state["update_count"] == 0
    logged = httpx.get(server.url + "/access-logs", headers={"X-API-Key": secret}).json()
    assert [(e["path"], e["key_id"]) for e in logged["entries"]] == [("/email/state", key_id), ("/keys", key_id)], \
        "the world's access log holds this test's requests alone, nothing of the warm-up's"
    assert httpx.get(server.url + "/keys", headers={"X-API-Key": "w" * 64}).status_code == 401
    terminate(server)
    assert secret not in server.stdout() + server.stderr()
    assert key_id in server.stdout()


@pytest.mark.parametrize(("given", "said"), [(b"short\n", "an admin key of 5 characters"),
                                              (b"", "no admin key (it closed)")])
def test_admin_key_stdin_refuses_a_short_or_missing_key(launch, given, said):
    server = launch(clean_env(), "--admin-key-stdin", stdin=True)
    server.process.stdin.write(given)
    server.process.stdin.close()
    assert server.process.wait(60) == 2
    assert said in server.stderr() and "32" in server.stderr()


def test_admin_key_stdin_and_a_key_are_refused_together(launch):
    server = launch(clean_env(UES_ADMIN_KEY=secrets.token_hex(32)), "--admin-key-stdin", stdin=True)
    assert server.process.wait(30) == 2
    assert "give the admin key once" in server.stderr()


def test_admin_key_file_is_written_private(launch, tmp_path):
    key_file = tmp_path / "nested" / "dir" / "admin.json"
    server = launch(clean_env(UES_ADMIN_KEY_FILE=str(key_file)))
    wait_healthy(server)
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    creds = json.loads(key_file.read_text())
    assert set(creds) == {"secret", "key_id"}
    assert re.fullmatch(r"[0-9a-f]{64}", creds["secret"])
    assert admin_key_id(server, creds["secret"]) == creds["key_id"]
    assert creds["secret"] not in server.stdout() + server.stderr()
    assert creds["key_id"] in server.stdout()
    terminate(server)


def test_existing_admin_key_file_is_made_private(launch, tmp_path):
    key_file = tmp_path / "admin.json"
    key_file.write_text("old content that is much longer than the new credentials " * 10)
    key_file.chmod(0o644)
    server = launch(clean_env(UES_ADMIN_KEY_FILE=str(key_file)))
    wait_healthy(server)
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    creds = json.loads(key_file.read_text())  # truncated, not appended
    assert admin_key_id(server, creds["secret"]) == creds["key_id"]
    terminate(server)


def test_admin_key_file_ignored_when_key_given(launch, tmp_path):
    key_file = tmp_path / "admin.json"
    secret = secrets.token_hex(32)
    server = launch(clean_env(UES_ADMIN_KEY=secret, UES_ADMIN_KEY_FILE=str(key_file)))
    wait_healthy(server)
    assert not key_file.exists()
    assert httpx.get(server.url + "/keys", headers={"X-API-Key": secret}).status_code == 200
    terminate(server)


def test_unwritable_key_file_prints_the_secret(launch, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    server = launch(clean_env(UES_ADMIN_KEY_FILE=str(blocker / "admin.json")))
    wait_healthy(server)
    match = re.search(r"\b([0-9a-f]{64})\b", server.stdout())
    assert match, server.stdout()
    assert httpx.get(server.url + "/keys", headers={"X-API-Key": match.group(1)}).status_code == 200
    assert "admin.json" in server.stderr()
    terminate(server)


def test_generated_secret_is_printed_and_works(launch):
    server = launch(clean_env())
    wait_healthy(server)
    match = re.search(r"\b([0-9a-f]{64})\b", server.stdout())
    assert match, server.stdout()
    secret = match.group(1)
    key_id = admin_key_id(server, secret)
    assert key_id in server.stdout()
    assert httpx.get(server.url + "/keys", headers={"X-API-Key": "0" * 64}).status_code == 401
    terminate(server)


# ---------------------------------------------------------------------------------------------- auto-advance
def test_auto_advance_moves_time_and_executes_events(ues_server):
    h = ues_server.headers
    base = ues_server.url
    t0 = datetime(2026, 1, 28, 6, 0, tzinfo=UTC)

    def now() -> datetime:
        return parse_dt(httpx.get(base + "/simulator/time", headers=h).json()["current_time"])

    assert httpx.post(base + "/simulation/clear", headers=h, json={"reset_time_to": t0.isoformat()}).status_code == 200
    due = (t0 + timedelta(seconds=30)).isoformat()
    r = httpx.post(base + "/events", headers=h, json={
        "scheduled_time": due, "modality": "email",
        "data": {"operation": "receive", "from_address": "a@b.com", "to_addresses": ["user@example.com"],
                 "subject": "auto", "body_text": "arrives by itself"}})
    assert r.status_code == 200, r.text
    event_id = r.json()["event_id"]
    # Manual mode: nothing moves.
    assert httpx.post(base + "/simulation/start", headers=h).status_code == 200
    time.sleep(0.3)
    assert now() == t0
    httpx.post(base + "/simulation/stop", headers=h)

    r = httpx.post(base + "/simulation/start", headers=h, json={"auto_advance": True, "time_scale": 100})
    assert r.status_code == 200 and r.json()["auto_advance"] is True and r.json()["time_scale"] == 100
    assert httpx.get(base + "/simulator/time", headers=h).json()["mode"] == "auto"
    deadline = time.monotonic() + 10
    event = {}
    while time.monotonic() < deadline:
        event = httpx.get(f"{base}/events/{event_id}", headers=h).json()
        if event["status"] != "pending":
            break
        time.sleep(0.05)
    assert event["status"] == "executed", event
    assert now() > t0 + timedelta(seconds=30)
    mail = next(iter(httpx.get(base + "/email/state", headers=h).json()["emails"].values()))
    assert mail["subject"] == "auto" and parse_dt(mail["received_at"]) == t0 + timedelta(seconds=30)

    # Pause stops the clock; resume restarts it.
    httpx.post(base + "/simulator/time/pause", headers=h)
    first = now()
    time.sleep(0.3)
    assert now() == first
    httpx.post(base + "/simulator/time/resume", headers=h)
    time.sleep(0.3)
    assert now() > first

    # A hold stops it too.
    hold = httpx.post(base + "/simulation/hold", headers=h, json={"timeout_seconds": 30}).json()
    time.sleep(0.05)
    first = now()
    time.sleep(0.3)
    assert now() == first
    httpx.post(f"{base}/simulation/release/{hold['hold_id']}", headers=h)
    time.sleep(0.3)
    assert now() > first

    # Stopping ends auto-advance.
    httpx.post(base + "/simulation/stop", headers=h)
    time.sleep(0.05)
    first = now()
    time.sleep(0.3)
    assert now() == first


def test_access_log_attributes_requests_in_a_real_process(ues_server):
    h = ues_server.headers
    r = httpx.post(ues_server.url + "/keys", headers=h, json={"name": "probe", "permissions": ["time:read"]})
    assert r.status_code == 201
    probe_id, probe = r.json()["key_id"], {"X-API-Key": r.json()["secret"]}
    assert httpx.get(ues_server.url + "/simulator/time", headers=probe).status_code == 200
    assert httpx.get(ues_server.url + "/simulation/status", headers=probe).status_code == 403
    r = httpx.get(ues_server.url + "/access-logs", headers=h, params={"key_id": probe_id})
    entries = r.json()["entries"]
    assert [(e["path"], e["status_code"]) for e in entries] == [("/simulation/status", 403),
                                                                ("/simulator/time", 200)]
    assert entries[0]["key_name"] == "probe" and entries[0]["client_ip"] == "127.0.0.1"
    assert entries[0]["user_agent"].startswith("python-httpx")
