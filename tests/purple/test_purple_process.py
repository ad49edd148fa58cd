"""The baseline purple as ``green-agent assess`` starts it: ``purple-agent --role oracle``, a process of its own. It
serves its agent card, and its start-up leaves out what it never uses: SQLAlchemy, which a2a-sdk's task stores
import whenever it is installed (the green's server keeps its tasks in a database, a purple keeps them in memory),
and the LLM stack (only the ``assistant`` role calls a model, and imports litellm when it does). What the process
imported is its own ``-X importtime`` report."""

from __future__ import annotations

import asyncio
import sys

import httpx

from services.ues.client import wait_until_answers
from tests.importtime import packages_loaded
from ues_pool.backends.base import free_port

LEFT_OUT = {"sqlalchemy", "litellm", "openai"}


async def test_the_baseline_purple_serves_without_the_sql_store_or_the_llm_stack(tmp_path):
    port = free_port()
    log = tmp_path / "purple.err"
    with log.open("wb") as err:
        proc = await asyncio.create_subprocess_exec(sys.executable, "-X", "importtime", "-m", "services.purple.cli",
                                                    "--role", "oracle", "--port", str(port),
                                                    stdout=asyncio.subprocess.DEVNULL, stderr=err)
    url = f"http://127.0.0.1:{port}"
    try:
        await wait_until_answers(url + "/.well-known/agent-card.json", timeout_s=60,
                                 still_starting=lambda: None if proc.returncode is None else "purple-agent exited")
        async with httpx.AsyncClient() as http:
            card = (await http.get(url + "/.well-known/agent-card.json")).json()
    finally:
        proc.terminate()
        await asyncio.wait_for(proc.wait(), 30)
    assert card["name"] == "UES baseline purple (oracle)", card

    loaded = packages_loaded(log.read_text())
    assert {"a2a", "fastapi", "uvicorn"} <= loaded  # the report covers the served A2A app
    assert not loaded & LEFT_OUT, f"the baseline purple imported what it never uses: {sorted(loaded & LEFT_OUT)}"
