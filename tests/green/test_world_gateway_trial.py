"""A ``Trial`` whose purple reaches its world only through the world gateway (real worlds, real purple processes
told an unreachable public URL and rewriting it to the gateway with ``PURPLE_UES_URL``): the calls the row counts
are the gateway's and equal the world's own per-key counters, the trial's door closes with the trial, and a world
that dropped its access log is named against the gateway's record."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from green_agent.assessment.calls import parse_call_counts
from green_agent.assessment.purple_link import PurpleLink
from green_agent.assessment.record import TrialRecord
from green_agent.assessment.trial import Assignment, Session, Trial
from green_agent.assessment.world import WorldAccess
from green_agent.characters.scripted import ScriptedCharacters
from green_agent.config import GreenSettings
from green_agent.embedded import local_pool, purple_process
from green_agent.protocol import AssessmentConfig, ProblemKind, ProgressUpdate, TrialStatus
from green_agent.scenarios import ScenarioLibrary
from green_agent.world_gateway import WorldGateway
from services.ues.client import UESClient
from tests.conftest import start_ues_process, stop_ues_process
from ues_pool.pool import UESPool

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
LIBRARY = ScenarioLibrary(SCENARIOS)
# What the green tells purples: a host no purple here can resolve. Only the rewrite to PURPLE_UES_URL reaches a world.
PUBLIC_URL = "http://world-gateway.invalid:9010"


@pytest.fixture
async def gateway() -> AsyncIterator[WorldGateway]:
    async with WorldGateway(public_url=PUBLIC_URL) as gateway:
        yield gateway


async def run_trial(pool: UESPool, gateway: WorldGateway, purple_url: str, **config: Any
                    ) -> tuple[TrialRecord, str, int, dict[str, int]]:
    """mini_day (world 0) once through ``gateway``: the record, the ues_url the purple was told, what a call there
    answers once the trial is over, and the world's own per-key call counters of the purple's key."""
    async def quiet(update: ProgressUpdate) -> None:
        return None

    async with pool.lease("gateway-trial") as lease, PurpleLink(purple_url, "gateway-trial") as link, \
            UESClient(lease.url, lease.admin_key) as ues:
        scenario = LIBRARY.get("mini_day")
        trial = Trial(Assignment(scenario, 0, 11,
                                 lambda email, phone, rng: ScriptedCharacters(scenario.spec, rng, email, phone)),
                      session=Session("b" * 32, AssessmentConfig(scenario_id="mini_day", **config), link, quiet,
                                      asyncio.Event()),
                      world=WorldAccess(ues, lease.advertised_url, gateway=gateway))
        record = await trial.run()
        counted = parse_call_counts(await ues.call_counts(trial.key_id or "") or [])
    after = trial.ues_url.replace(PUBLIC_URL, gateway.local_url) + "/email/state"
    async with httpx.AsyncClient() as http:
        status = (await http.get(after, headers={"X-API-Key": "anything"})).status_code
    by_status: dict[str, int] = {}
    for (code, _, _), n in counted.items():
        by_status[str(code)] = by_status.get(str(code), 0) + n
    return record, trial.ues_url, status, dict(sorted(by_status.items()))


async def test_the_oracle_through_the_gateway_passes_and_its_door_closes_with_the_trial(tmp_path, gateway):
    async with local_pool(GreenSettings(data_dir=tmp_path), min_idle=0) as pool, \
            purple_process("oracle", SCENARIOS, env={"PURPLE_UES_URL": gateway.local_url}) as purple:
        record, told, after, world_counts = await run_trial(pool, gateway, purple)
    assert told.startswith(f"{PUBLIC_URL}/w/")  # the gateway's URL, never the world's own
    assert record.status == TrialStatus.COMPLETED and record.errors == [] and record.action_log
    # Every call the world counted for the key is one the gateway forwarded and the row counts.
    assert record.calls.counts().by_status == world_counts and record.calls.total > 0
    assert [w for w in record.warnings if w.kind in (ProblemKind.LOG_DROPPED, ProblemKind.ATTRIBUTION)] == []
    assert after == 410 and gateway.live == 0  # the trial's token died with its key


async def test_a_world_that_drops_its_log_is_named_and_the_calls_are_still_exact(tmp_path, gateway):
    ues = start_ues_process({"UES_ACCESS_LOG_SIZE": "40", "UES_RATE_LIMIT_PER_SECOND": "0"})
    try:
        settings = GreenSettings(data_dir=tmp_path, ues_backend="external",
                                 ues_external=json.dumps([{"url": ues.url, "admin_key": ues.admin_key}]))
        env = {"PURPLE_UES_URL": gateway.local_url, "PURPLE_HOSTILE_FLOOD_COUNT": "150"}
        async with local_pool(settings, min_idle=0) as pool, purple_process("hostile-flood", SCENARIOS,
                                                                            env=env) as purple:
            record, _, _, world_counts = await run_trial(pool, gateway, purple, max_turns=1)
    finally:
        stop_ues_process(ues)
    assert record.status == TrialStatus.COMPLETED
    dropped = [w for w in record.warnings if w.kind == ProblemKind.LOG_DROPPED]
    assert len(dropped) == 1 and "the world gateway forwarded" in dropped[0].text
    assert record.calls.counts().by_status == world_counts and world_counts.get("200", 0) >= 150
