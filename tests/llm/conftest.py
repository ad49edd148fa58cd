"""A real LLM for the tests of the LLM path: llama.cpp's OpenAI-compatible server with Gemma 3 270M, started by
``deploy/local-llm.sh serve`` on a free loopback port, from the venv ``deploy/local-llm.sh install`` makes
(``.local-llm/venv``).

CI starts that install in the background before the tests (``install --background``) and the tests that use
``local_llm`` run last (tests/conftest.py); the fixture waits for the install while its log grows (the compiler's
progress lines) and fails, naming it, when the install failed or stalled.

Skipping rule: without the install the tests that use ``local_llm`` skip with that reason; with
``GREEN_REQUIRE_LOCAL_LLM=1`` (CI sets it) they fail instead, so CI cannot pass without having really talked to a
model.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from services.ues.client import wait_until_answers
from tests.conftest import run_blocking, stop_process
from ues_pool.backends.base import free_port

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "deploy" / "local-llm.sh"
LOCAL = Path(os.environ.get("LOCAL_LLM_DIR", REPO / ".local-llm"))
VENV_PYTHON = LOCAL / "venv" / "bin" / "python"
# A background install is waited for as long as its log grows: compiling one of llama.cpp's larger files takes about
# a minute on 2 quiet cores and several on a loaded machine, so only this long without a new line means it is stuck.
INSTALL_STALL_S = 900.0
# Loading a 250 MB model takes a second or two; assembling it from its chunk packages on a first run, and a busy
# CI machine, take longer.
STARTUP_TIMEOUT_S = 180.0


def local_llm_missing(reason: str) -> None:
    """Skip, or fail when the environment requires the local model."""
    if os.environ.get("GREEN_REQUIRE_LOCAL_LLM") == "1":
        pytest.fail(f"GREEN_REQUIRE_LOCAL_LLM=1 but {reason}", pytrace=False)
    pytest.skip(reason)


def _install_running() -> bool:
    try:
        pid = int((LOCAL / "install.pid").read_text())
        os.kill(pid, 0)
    except (OSError, ValueError):
        return False
    return True


def _log_tail(path: Path, chars: int = 2000) -> str:
    try:
        return path.read_text(errors="replace")[-chars:]
    except OSError:
        return "(no log)"


def wait_for_install() -> None:
    """Return once ``.local-llm`` holds a finished install; wait for a background one while its log grows."""
    log_file = LOCAL / "install.log"
    started = last_change = time.monotonic()
    last_size = -1
    while not (LOCAL / "ready").exists():
        if (LOCAL / "failed").exists():
            pytest.fail(f"the local model's install failed: {(LOCAL / 'failed').read_text().strip()}\n"
                        f"{_log_tail(log_file)}", pytrace=False)
        if not _install_running():
            if (LOCAL / "ready").exists():
                break
            local_llm_missing("the local model is not installed (llama-cpp-python[server] and Gemma 3 270M in "
                              f"{LOCAL / 'venv'}): run `bash deploy/local-llm.sh install`")
        size = log_file.stat().st_size if log_file.exists() else 0
        if size != last_size:
            last_size, last_change = size, time.monotonic()
        elif time.monotonic() - last_change > INSTALL_STALL_S:
            pytest.fail(f"the local model's background install (llama-cpp-python's build) wrote nothing for "
                        f"{INSTALL_STALL_S:.0f} s; its log ends:\n{_log_tail(log_file)}", pytrace=False)
        time.sleep(2)
    waited = time.monotonic() - started
    if waited > 1:
        print(f"\nwaited {waited:.0f} s for the local model's install: {(LOCAL / 'ready').read_text().strip()}")


@pytest.fixture(scope="session")
def local_llm() -> Iterator[str]:
    """The base URL (``http://127.0.0.1:PORT/v1``) of a real llama.cpp server serving Gemma 3 270M; the process
    lives for the test session and is stopped (terminate, then kill) afterwards."""
    wait_for_install()
    port = free_port()
    log = tempfile.TemporaryFile()
    # The script execs the server, so this process is the server itself (no shell or uv between).
    proc = subprocess.Popen(["bash", str(SCRIPT), "serve", str(port)], cwd=REPO, stdin=subprocess.DEVNULL,
                            stdout=log, stderr=subprocess.STDOUT,
                            env={**os.environ, "LOCAL_LLM_PYTHON": str(VENV_PYTHON), "LOCAL_LLM_HOST": "127.0.0.1"})
    url = f"http://127.0.0.1:{port}/v1"

    def log_tail() -> str:
        log.seek(0)
        return log.read().decode(errors="replace")[-2000:]

    def exited() -> str | None:
        code = proc.poll()
        return None if code is None else f"the local LLM server exited ({code}) before it answered:\n{log_tail()}"

    started = time.monotonic()
    try:
        run_blocking(wait_until_answers(url + "/models", timeout_s=STARTUP_TIMEOUT_S, still_starting=exited))
    except TimeoutError as exc:
        stop_process(proc, grace_s=10)
        raise TimeoutError(f"{exc}; its log:\n{log_tail()}") from None
    except BaseException:
        stop_process(proc, grace_s=10)
        raise
    print(f"\nlocal LLM server answered at {url} after {time.monotonic() - started:.1f} s")
    try:
        yield url
    finally:
        stop_process(proc, grace_s=10)
        log.close()


