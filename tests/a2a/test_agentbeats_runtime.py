"""The green's runtime on AgentBeats (issue 32, items 1, 4 and 7), through a real green A2A server, real purple
processes and a real path-prefix proxy standing where the gateway's proxy is reached under Amber (the green's proxy
slot, ``GREEN_PROXY_URL``):

* a participant URL at the gateway's own loopback (``http://127.0.0.1:<gateway port>/personal_assistant``) is called
  through the slot, and scores exactly like a direct call;
* a trial that measured nothing about the purple (unreachable at the start) errors: left out of the summary, and a
  task whose every trial errored ends ``failed`` naming the reason and the URL — while a purple that dies mid-trial
  is still scored on what it did;
* a long turn keeps the platform's stream alive with heartbeats.

Read as the AgentBeats gateway reads the green: raw JSON-RPC ``message/stream``, A2A 0.3 shape.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
import pytest_asyncio

from green_agent.assessment import progress
from green_agent.embedded import purple_process
from services.purple.baseline import SLOW_TURN_ENV
from tests.a2a.conftest import serve, start_purple, status_text
from tests.a2a.path_proxy import CARD_PATH, PathProxy, green_messages
from tests.conftest import free_port, stop_process
from tests.e2e.conftest import (
    SCENARIOS,
    GatewayResult,
    Green,
    assess,
    e2e_settings,
    progress_data,
    progress_type,
    running_green,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")

ROLE = "personal_assistant"


@dataclass
class Stage:
    """A green whose proxy slot is ``proxy_url`` (a PathProxy), recognising the gateway's proxy at
    ``gateway_port`` — where nothing listens here, so only the rewrite can reach a purple named there."""

    green: Green
    proxy: PathProxy
    proxy_url: str
    gateway_port: int

    def at_gateway(self, route: str = ROLE) -> str:
        """A participant URL as the gateway sends it."""
        return f"http://127.0.0.1:{self.gateway_port}/{route}"


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def stage(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Stage]:
    proxy = PathProxy({})
    async with serve(proxy.app) as proxy_url:
        gateway_port = free_port()
        settings = e2e_settings(tmp_path_factory.mktemp("green"), proxy_url=proxy_url,
                                gateway_proxy_port=gateway_port)
        async with running_green(settings) as green:
            yield Stage(green, proxy, proxy_url, gateway_port)


@pytest.fixture(autouse=True)
def fresh_proxy(stage: Stage) -> Iterator[None]:
    """Every test starts with a proxy that routes nothing and misbehaves in no way."""
    stage.proxy.routes.clear()
    stage.proxy.refuse_cards = 0
    stage.proxy.before_forward = None
    stage.proxy.requests.clear()
    yield


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def oracle() -> AsyncIterator[str]:
    async with purple_process("oracle", SCENARIOS) as url:
        yield url


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def slow() -> AsyncIterator[str]:
    """A purple holding every turn 3 s, then answering turn_complete."""
    async with purple_process("slow", SCENARIOS, env={SLOW_TURN_ENV: "3"}) as url:
        yield url


def only_trial(result: GatewayResult) -> dict[str, Any]:
    [row] = result.trial_rows()
    return row


def summary(result: GatewayResult) -> dict[str, Any]:
    [row] = [r for r in result.result_rows() if r.get("row_type") == "summary"]
    return row


# ------------------------------------------------------------------------------------------------ item 1
async def test_a_participant_at_the_gateways_loopback_is_called_through_the_slot_and_scores_alike(stage, oracle):
    stage.proxy.routes[ROLE] = oracle
    direct = await assess(stage.green, oracle, scenario_id="mini_day", verbose_updates=False)
    assert stage.proxy.requests == []  # any other URL is called as given
    proxied = await assess(stage.green, stage.at_gateway(), scenario_id="mini_day", verbose_updates=False)
    assert direct.state == "completed" and proxied.state == "completed", status_text(proxied.final)

    d, p = only_trial(direct), only_trial(proxied)
    assert p["participant_url"] == f"{stage.proxy_url}/{ROLE}"  # the URL actually called
    assert p["provenance"]["participant_url_given"] == stage.at_gateway()
    assert d["participant_url"] == oracle and d["provenance"]["participant_url_given"] is None
    same = ("status", "completion_reason", "percentage", "score", "passed", "turns_taken", "actions_taken")
    assert {k: p[k] for k in same} == {k: d[k] for k in same}
    assert p["passed"] is True and p["percentage"] == 100
    # every call went through the slot: the card, assessment_start, the turns and assessment_complete
    assert ("GET", ROLE, CARD_PATH) in stage.proxy.requests
    assert sum(method == "POST" for method, _, _ in stage.proxy.requests) >= 4
    accepted = progress_data(proxied.working_updates()[0])
    assert accepted["participant_url"] == p["participant_url"]
    assert accepted["participant_url_given"] == stage.at_gateway()


# ------------------------------------------------------------------------------------------------ item 4
async def test_a_purple_nothing_listens_for_ends_the_task_failed_naming_url_and_reason(stage):
    closed = f"http://127.0.0.1:{free_port()}"
    result = await assess(stage.green, closed, scenario_id="mini_day", trials=2, verbose_updates=False)
    assert result.state == "failed"
    text = status_text(result.final)
    assert "purple_unreachable" in text and closed in text, text
    assert "assessment_start could not be delivered" in text, text
    rows = result.trial_rows()  # the artifact still says why, trial by trial (a platform keeps it only if completed)
    assert [(r["status"], r["reasons"], r["passed"]) for r in rows] == [("errored", ["purple_unreachable"], False)] * 2
    assert all(r["criteria_results"] == [] for r in rows)  # nothing judged: nothing was measured
    totals = summary(result)
    assert totals["trials"] == 0 and totals["errored_trials"] == 2


async def test_a_gateway_route_that_leads_nowhere_names_both_urls(stage):
    """The slot answers, but its proxy has no purple on that route (404): the purple was never reached."""
    result = await assess(stage.green, stage.at_gateway(), scenario_id="mini_day", verbose_updates=False)
    assert result.state == "failed"
    text = status_text(result.final)
    assert f"{stage.proxy_url}/{ROLE} (given as {stage.at_gateway()})" in text, text
    assert "purple_unreachable" in text and "404" in text, text
    assert only_trial(result)["status"] == "errored"


async def test_the_summary_leaves_errored_trials_out(stage, oracle):
    """The purple's card is not there for the first trial (a 502 from the proxy, as for a purple still starting) and
    is for the second: one errored trial, left out; the task completes with the other's score."""
    stage.proxy.routes[ROLE] = oracle
    stage.proxy.refuse_cards = 1
    result = await assess(stage.green, stage.at_gateway(), scenario_id="mini_day", trials=2, verbose_updates=False)
    assert result.state == "completed", status_text(result.final)
    first, second = result.trial_rows()
    assert first["status"] == "errored" and first["reasons"] == ["purple_unreachable"] and first["passed"] is False
    assert any("502" in e for e in first["errors"]), first["errors"]
    assert second["status"] == "completed" and second["reasons"] == [] and second["percentage"] == 100
    totals = summary(result)
    assert (totals["trials"], totals["errored_trials"]) == (1, 1)
    assert totals["mean_percentage"] == 100 and totals["pass_at_1"] == 1  # not 50 % and 0.5
    summary_text = next(p["text"] for a in result.artifacts for p in a["parts"]
                        if p["kind"] == "text" and not p["text"].lstrip().startswith("{"))
    assert "mini_day trial 0: errored (purple_unreachable), not scored" in summary_text, summary_text
    assert "1 more errored (purple_unreachable)" in summary_text, summary_text


async def test_a_purple_that_dies_mid_trial_is_scored_on_what_it_did(stage):
    """The oracle answers assessment_start and turn 1 (acting in the world), then its process is killed as turn 2
    reaches the proxy: the purple's failure, scored — not an errored trial."""
    purple = await asyncio.to_thread(start_purple, "oracle", "--scenarios-dir", str(SCENARIOS))
    stage.proxy.routes[ROLE] = purple.url

    async def kill_at_turn_2(path: str, body: bytes) -> None:
        if any(m.get("message_type") == "turn_start" and m.get("turn_number") == 2 for m in green_messages(body)):
            purple.process.kill()
            await asyncio.to_thread(purple.process.wait)

    stage.proxy.before_forward = kill_at_turn_2
    try:
        result = await assess(stage.green, stage.at_gateway(), scenario_id="mini_day", verbose_updates=False)
    finally:
        stop_process(purple.process)
    assert purple.process.returncode == -9  # killed by the hook, not stopped afterwards
    assert result.state == "completed", status_text(result.final)
    row = only_trial(result)
    assert row["status"] == "failed" and row["completion_reason"] == "error" and row["reasons"] == []
    assert row["turns_taken"] == 2 and row["actions_taken"] == 3  # turn 1's invite, SMS and email read
    assert any(e.startswith("turn 2: the purple could not be reached") for e in row["errors"]), row["errors"]
    assert row["criteria_results"] and 0 < row["percentage"] < 100 and row["passed"] is False
    totals = summary(result)
    assert (totals["trials"], totals["errored_trials"]) == (1, 0)
    assert totals["mean_percentage"] == row["percentage"]


# ------------------------------------------------------------------------------------------------ item 7
async def test_a_long_turn_sends_heartbeats_while_the_purple_holds_it(stage, slow, monkeypatch):
    monkeypatch.setattr(progress, "HEARTBEAT_INTERVAL_S", 0.5)
    result = await assess(stage.green, slow, scenario_id="mini_day", max_turns=2, verbose_updates=False)
    assert result.state == "completed", status_text(result.final)
    beats = [(e, progress_data(e)) for e in result.working_updates()
             if progress_type(e) == "update_waiting_on_purple"]
    for turn in (1, 2):  # each 3 s turn: about six beats at 0.5 s
        mine = [data for _, data in beats if data["turn"] == turn]
        assert len(mine) >= 3, beats
        assert [d["waited_s"] for d in mine] == sorted(d["waited_s"] for d in mine)
        assert all(d["waiting_for"] == "turn_start" and d["scenario_id"] == "mini_day" for d in mine)
    assert any(status_text(e).startswith("Turn 1: waiting on the purple (") for e, _ in beats)
    assert only_trial(result)["turns_taken"] == 2
