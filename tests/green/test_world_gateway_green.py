"""A real green served with ``GREEN_WORLD_GATEWAY=on``, spoken to as the AgentBeats platform speaks (A2A 0.3 stream),
and real purple processes that reach their worlds only through the gateway: the green tells them a gateway URL on a
host they cannot resolve, and each puts its ``PURPLE_UES_URL`` (the gateway on loopback, as an Amber slot would be) in
front of the path. The oracle scores 100 %, noop 0 %, and every world's door closes with its trial."""

from __future__ import annotations

from pathlib import Path

from green_agent.embedded import purple_process
from tests.e2e.conftest import assess, e2e_settings, running_green

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
UNREACHABLE = "http://world-gateway.invalid:9010"


async def test_the_oracle_passes_and_noop_scores_nothing_through_the_world_gateway(tmp_path, monkeypatch):
    monkeypatch.setenv("GREEN_WORLD_GATEWAY", "on")
    monkeypatch.setenv("GREEN_WORLD_GATEWAY_PORT", "0")
    monkeypatch.setenv("GREEN_WORLD_GATEWAY_URL", UNREACHABLE)
    settings = e2e_settings(tmp_path, pool_min_idle=0)
    rows: dict[str, list[dict]] = {}
    async with running_green(settings) as green:
        gateway = green.app.state.world_gateway
        assert gateway is not None and gateway.public_url == UNREACHABLE
        for role in ("oracle", "noop"):
            async with purple_process(role, SCENARIOS, env={"PURPLE_UES_URL": gateway.local_url}) as purple:
                result = await assess(green, purple, scenario_id="mini_day", trials=2, seed=0)
            assert result.state == "completed", result.final
            rows[role] = result.trial_rows()
        assert gateway.live == 0  # no trial's door is left open
    assert [(r["status"], r["percentage"], r["passed"]) for r in rows["oracle"]] == [("completed", 100.0, True)] * 2
    assert [(r["status"], r["percentage"], r["passed"]) for r in rows["noop"]] == [("completed", 0.0, False)] * 2
    for row in rows["oracle"] + rows["noop"]:
        assert row["provenance"]["world_gateway"] is True
        # Every call the world counted for the key passed through the gateway (the green checks; it would warn).
        assert not any("world gateway" in w for w in row["warnings"]), row["warnings"]
    assert all(r["calls"]["total"] > 0 and r["actions_taken"] > 0 for r in rows["oracle"])
