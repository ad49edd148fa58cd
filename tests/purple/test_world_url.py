"""How a purple reaches its world (services/purple/world_url.py, protocol.md §4): with ``PURPLE_UES_URL`` set, the
scheme, host and port of the ``ues_url`` it is sent are replaced with that URL's, the path kept. The rule as a
function, as a setting, and in an SDK assistant played by a real green whose world gateway the purple reaches only
through the rewrite."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from pydantic import ValidationError

from green_agent.assessment.runner import ScenarioRunner
from green_agent.config import GreenSettings
from green_agent.embedded import local_pool, serve_in_process, world_gateway
from green_agent.protocol import ProgressUpdate, TrialStatus, parse_request
from services.purple.sdk import Assistant, Session, TurnReply, TurnStart, create_app, reachable_ues_url
from services.purple.settings import PurpleSettings
from tests.conftest import free_port

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


@pytest.mark.parametrize(("sent", "slot", "reached"), [
    # Amber: the green's gateway on its own loopback, the purple's slot on another port of the purple's loopback.
    ("http://127.0.0.1:9010/w/Tk-1_x", "http://127.0.0.1:20417", "http://127.0.0.1:20417/w/Tk-1_x"),
    ("http://127.0.0.1:9010/w/Tk", "http://127.0.0.1:20417/", "http://127.0.0.1:20417/w/Tk"),
    # Scheme, host and port all come from the slot; a default port (none written) stays unwritten.
    ("http://c2-green-net:9010/w/Tk", "https://ues.example", "https://ues.example/w/Tk"),
    ("https://green.example/w/Tk", "http://[::1]:8081", "http://[::1]:8081/w/Tk"),
    # The rest of the URL as sent: no path, a trailing slash, a query.
    ("http://10.0.0.5:41231", "http://127.0.0.1:20417", "http://127.0.0.1:20417"),
    ("http://10.0.0.5:41231/", "http://127.0.0.1:20417", "http://127.0.0.1:20417/"),
    ("http://h:1/w/Tk?x=1", "http://127.0.0.1:2", "http://127.0.0.1:2/w/Tk?x=1"),
    # No slot: the ues_url as sent.
    ("http://10.0.0.5:41231/w/Tk", None, "http://10.0.0.5:41231/w/Tk"),
    ("http://10.0.0.5:41231/w/Tk", "", "http://10.0.0.5:41231/w/Tk"),
])
def test_the_slot_replaces_scheme_host_and_port_and_keeps_the_path(sent, slot, reached):
    assert reachable_ues_url(sent, slot) == reached


@pytest.mark.parametrize(("value", "problem"), [
    ("127.0.0.1:20417", "must be an http"),
    ("ftp://127.0.0.1:20417", "must be an http"),
    ("http://127.0.0.1:port", "port that is no number"),
    ("http://127.0.0.1:20417/w/Tk", "takes none"),
    ("http://127.0.0.1:20417?x=1", "takes none"),
])
def test_a_bad_purple_ues_url_is_refused_naming_it(monkeypatch, value, problem):
    monkeypatch.setenv("PURPLE_UES_URL", value)
    with pytest.raises(ValidationError, match=problem):
        PurpleSettings()


def test_the_setting_reads_purple_ues_url(monkeypatch):
    monkeypatch.setenv("PURPLE_UES_URL", "http://127.0.0.1:20417/")
    assert PurpleSettings().ues_url == "http://127.0.0.1:20417"
    monkeypatch.setenv("PURPLE_UES_URL", "")  # an optional slot left unbound: no rewrite
    assert PurpleSettings().ues_url is None


class Greeter(Assistant):
    """Answers the user in chat on its first turn, then ends; remembers the ues_url its session uses."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    async def on_start(self, session: Session) -> None:
        self.urls.append(session.start.ues_url)

    async def on_turn(self, session: Session, turn: TurnStart) -> TurnReply:
        for message in await session.new_user_messages():
            await session.tell_user(f"On it: {message.text[:40]}")
        return TurnReply(done=True, notes="greeted")


async def test_an_sdk_assistant_reaches_its_world_through_its_slot(tmp_path, monkeypatch):
    """The green tells the purple a gateway URL on a host it cannot resolve; the SDK app, with PURPLE_UES_URL in its
    environment, puts the gateway's real address in front of the path, and the assistant acts in its world."""
    settings = GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path, world_gateway=True, world_gateway_port=0,
                             world_gateway_url="http://world-gateway.invalid:9010")
    assistant = Greeter()
    port = free_port()
    request = parse_request({"participants": {"personal_assistant": f"http://127.0.0.1:{port}"},
                             "config": {"scenario_id": "mini_day"}})

    async def quiet(update: ProgressUpdate) -> None:
        return None

    async with local_pool(settings, min_idle=0) as pool, world_gateway(settings) as gateway:
        assert gateway is not None
        monkeypatch.setenv("PURPLE_UES_URL", gateway.local_url)  # read by create_app, as in a purple's container
        runner = ScenarioRunner(settings, gateway=gateway)
        async with serve_in_process(create_app(assistant, url=f"http://127.0.0.1:{port}/"), port), \
                pool.lease("sdk-slot") as lease:
            outcome = await runner.run(request, runner.plan(request), assessment_id="51" + "0" * 30, lease=lease,
                                       emit=quiet, cancel=asyncio.Event())
    row = outcome.trials[0]
    assert row.status == TrialStatus.COMPLETED and row.actions_taken == 1 and row.provenance.world_gateway
    assert len(assistant.urls) == 1 and assistant.urls[0].startswith(f"{gateway.local_url}/w/")
    assert row.calls.by_status == {"200": 2}  # chat read, chat send: counted by the gateway
