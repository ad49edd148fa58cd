"""A purple cut off its world (issue 32): it answers ``assessment_start`` with ``world_unreachable`` (protocol.md §4),
and the green errors the trial (``world_unreachable``) only when nothing shows the purple reached its world — no call
through the world gateway on the trial's route, none of its key in the world. A purple that reached its world and
claims otherwise keeps the trial: it is played and scored, with a warning quoting the claim.

Real worlds (a process pool), real purple processes and in-process purple servers, real A2A between them."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from green_agent.assessment.purple_link import PurpleLink
from green_agent.assessment.record import TrialRecord
from green_agent.assessment.runner import ScenarioRunner
from green_agent.assessment.trial import Assignment, Session, Trial, world_unreachable_stands
from green_agent.assessment.world import WorldAccess
from green_agent.characters.scripted import ScriptedCharacters
from green_agent.config import GreenSettings
from green_agent.embedded import assess_once, local_pool, purple_process, serve_in_process
from green_agent.protocol import AssessmentConfig, ErrorReason, ProblemKind, ProgressUpdate, TrialStatus
from green_agent.scenarios import ScenarioLibrary
from green_agent.world_gateway import WorldGateway
from services.protocol.messages import MessageType, WorldUnreachable
from services.purple.server import create_purple_app
from services.ues.client import UESClient
from tests.conftest import free_port
from ues_pool.pool import UESPool

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
LIBRARY = ScenarioLibrary(SCENARIOS)
# What the green tells purples: a host no purple here can resolve. Only a rewrite (PURPLE_UES_URL) reaches a world.
PUBLIC_URL = "http://world-gateway.invalid:9010"


@pytest.mark.parametrize(("gateway_calls", "key_calls", "stands"), [
    (0, 0, True),      # the gateway saw nothing for the trial, the world no call of the key: believed
    (None, 0, True),   # no gateway: the world's word alone
    (1, 0, False),     # anything through the trial's route — a keyless probe included — shows the purple got there
    (0, 2, False),     # calls of its key reached the world around the gateway
    (None, 1, False),  # no gateway, and the world shows the key's calls
    (7, 7, False),
])
def test_a_claim_stands_only_when_nothing_shows_the_purple_reached_its_world(gateway_calls, key_calls, stands):
    assert world_unreachable_stands(gateway_calls=gateway_calls, key_calls=key_calls) is stands


@pytest.fixture
async def pool(tmp_path) -> AsyncIterator[UESPool]:
    async with local_pool(GreenSettings(data_dir=tmp_path), min_idle=0) as pool:
        yield pool


async def run_trial(pool: UESPool, purple_url: str, gateway: WorldGateway | None) -> tuple[TrialRecord, int | None]:
    """mini_day (world 0) once: the record, and how many calls came through the trial's gateway route (None without
    a gateway)."""
    async def quiet(update: ProgressUpdate) -> None:
        return None

    async with pool.lease("unreachable") as lease, PurpleLink(purple_url, "unreachable") as link, \
            UESClient(lease.url, lease.admin_key) as ues:
        scenario = LIBRARY.get("mini_day")
        trial = Trial(Assignment(scenario, 0, 5,
                                 lambda email, phone, rng: ScriptedCharacters(scenario.spec, rng, email, phone)),
                      session=Session("c" * 32, AssessmentConfig(scenario_id="mini_day"), link, quiet, asyncio.Event()),
                      world=WorldAccess(ues, lease.advertised_url, gateway=gateway))
        record = await trial.run()
    # The route's token is the last segment of the ues_url the purple was told.
    return record, (gateway.calls_arrived(trial.ues_url.rpartition("/")[2]) if gateway is not None else None)


def assert_errored_naming(record: TrialRecord, where: str, evidence: str) -> None:
    assert record.status == TrialStatus.ERRORED and record.reasons == [ErrorReason.WORLD_UNREACHABLE], record.errors
    [error] = record.errors
    assert error.kind == ProblemKind.WORLD_UNREACHABLE
    assert f"could not reach its world at {where}" in error.text and evidence in error.text, error.text
    assert "/w/" not in error.text  # never the gateway route's token
    assert record.turns_taken == 0 and record.action_log == []


async def test_a_purple_whose_slot_leads_nowhere_errors_the_trial_naming_the_url(pool):
    """Under Amber: the world gateway is bound to no slot of the purple (its PURPLE_UES_URL names a port where nothing
    listens). The purple says so at assessment_start; the gateway saw nothing for the trial: the trial errors."""
    nowhere = f"http://127.0.0.1:{free_port()}"
    async with WorldGateway(public_url=PUBLIC_URL) as gateway, \
            purple_process("oracle", SCENARIOS, env={"PURPLE_UES_URL": nowhere}) as purple:
        record, through = await run_trial(pool, purple, gateway)
    assert through == 0
    assert_errored_naming(record, f"{nowhere} (it was sent {PUBLIC_URL})", "the world gateway saw no call")


async def test_without_a_gateway_the_worlds_log_is_the_evidence(pool):
    nowhere = f"http://127.0.0.1:{free_port()}"
    async with purple_process("noop", SCENARIOS, env={"PURPLE_UES_URL": nowhere}) as purple:
        record, through = await run_trial(pool, purple, None)
    assert through is None
    assert_errored_naming(record, nowhere, "the world shows no call of its key")


class Liar:
    """A purple that reaches its world and still answers ``assessment_start`` with ``world_unreachable`` — after a
    call with its key when ``use_key`` — then ends the trial at its first turn."""

    def __init__(self, *, use_key: bool) -> None:
        self.use_key = use_key
        self.turns = 0

    async def handle(self, payload: dict[str, Any], context_id: str) -> dict[str, Any] | None:
        kind = payload.get("message_type")
        if kind == MessageType.ASSESSMENT_START:
            url = str(payload["ues_url"])
            if self.use_key:
                async with httpx.AsyncClient(headers={"X-API-Key": str(payload["api_key"])}) as http:
                    assert (await http.get(url + "/email/state")).status_code == 200
            return WorldUnreachable(ues_url=url, error="ConnectError: made up").payload()
        if kind == MessageType.TURN_START:
            self.turns += 1
            return {"message_type": MessageType.EARLY_COMPLETION, "reason": "nothing to do"}
        return None


@pytest.mark.parametrize("use_key", [False, True])
async def test_a_purple_that_reached_the_gateway_cannot_claim_otherwise(pool, use_key):
    """Through the gateway, any call on the trial's route shows the purple got there — even the keyless probe our
    purple server makes before its brain answers: the claim is refused, and the trial is the purple's."""
    async with WorldGateway(public_url=PUBLIC_URL) as gateway:
        liar = Liar(use_key=use_key)
        app = create_purple_app(liar, url="http://127.0.0.1/", name="liar", ues_slot_url=gateway.local_url)
        async with serve_in_process(app) as url:
            record, through = await run_trial(pool, url, gateway)
    assert through is not None and through >= 1 + use_key
    assert record.status == TrialStatus.COMPLETED and record.reasons == [] and record.ran, record.errors
    assert liar.turns == 1 and record.turns_taken == 1
    [claim] = [w for w in record.warnings if w.kind == ProblemKind.WORLD_UNREACHABLE]
    assert "through the world gateway show it did" in claim.text and "made up" in claim.text
    assert record.calls.total == int(use_key)  # the keyless probe is no call of the key


async def test_without_a_gateway_a_purple_whose_key_reached_the_world_cannot_claim_otherwise(pool):
    liar = Liar(use_key=True)
    async with serve_in_process(create_purple_app(liar, url="http://127.0.0.1/", name="liar")) as url:
        record, _ = await run_trial(pool, url, None)
    assert record.status == TrialStatus.COMPLETED and record.reasons == [] and liar.turns == 1
    [claim] = [w for w in record.warnings if w.kind == ProblemKind.WORLD_UNREACHABLE]
    assert "call(s) of its key in the world show it did" in claim.text
    assert record.calls.total == 1


class SelectiveLiar:
    """Says its world is unreachable in the first trial of an assessment (no call at all: nothing shows it got there)
    and acts in the next (one call with its key), as a purple would that calls every world it finds too hard
    unreachable."""

    def __init__(self) -> None:
        self.starts = 0

    async def handle(self, payload: dict[str, Any], context_id: str) -> dict[str, Any] | None:
        kind = payload.get("message_type")
        if kind == MessageType.ASSESSMENT_START:
            self.starts += 1
            url = str(payload["ues_url"])
            if self.starts == 1:
                return WorldUnreachable(ues_url=url, error="ConnectError: made up").payload()
            async with httpx.AsyncClient(headers={"X-API-Key": str(payload["api_key"])}) as http:
                assert (await http.get(url + "/email/state")).status_code == 200
        if kind == MessageType.TURN_START:
            return {"message_type": MessageType.EARLY_COMPLETION, "reason": "done"}
        return None


async def test_a_claim_is_not_believed_when_another_trial_of_the_assessment_reached_its_world(pool, tmp_path):
    """One trial's claim stands on its own evidence (nothing reached that world), but the next trial of the same
    assessment reached its world through the same door: the claim is remade as the purple's trial — failed, 0 % —
    in the rows and the summary, so skipping hard worlds by calling them unreachable earns nothing."""
    runner = ScenarioRunner(GreenSettings(data_dir=tmp_path, scenarios_dir=SCENARIOS))
    liar = SelectiveLiar()
    async with serve_in_process(create_purple_app(liar, url="http://127.0.0.1/", name="liar")) as url:
        outcome = await assess_once(scenario_ids=["mini_day"], purple_url=url, pool=pool, runner=runner, trials=2)
    first, second = outcome.trials
    assert liar.starts == 2
    assert first.status == TrialStatus.FAILED and first.reasons == [] and first.percentage == 0 and not first.passed
    assert any("reached its world in mini_day trial" in str(e) for e in first.errors), first.errors
    assert second.status == TrialStatus.COMPLETED and second.calls.total == 1
    assert outcome.summary.errored_trials == 0 and outcome.summary.trials == 2
    assert [r.status for r in outcome.records] == [TrialStatus.FAILED, TrialStatus.COMPLETED]  # the report's view too


async def test_claims_in_every_trial_stand(pool, tmp_path):
    """Cut off in every trial (the binding is missing): the claims stand, nothing is scored."""
    runner = ScenarioRunner(GreenSettings(data_dir=tmp_path, scenarios_dir=SCENARIOS))
    nowhere = f"http://127.0.0.1:{free_port()}"
    async with purple_process("oracle", SCENARIOS, env={"PURPLE_UES_URL": nowhere}) as purple:
        outcome = await assess_once(scenario_ids=["mini_day"], purple_url=purple, pool=pool, runner=runner, trials=2)
    assert [r.status for r in outcome.trials] == [TrialStatus.ERRORED] * 2
    assert all(r.reasons == [ErrorReason.WORLD_UNREACHABLE] for r in outcome.trials)
    assert outcome.summary.errored_trials == 2
