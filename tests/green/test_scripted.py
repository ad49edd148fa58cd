"""Rule scripts written for the public parts and templates earn nothing on worlds they have not seen (issue 34 item 6):
the ``scripted`` purple (services/purple/cheats/scripted/: regular expressions and field comparisons over what the
public part modules and scenario templates show, no LLM) against every classic scenario at unseen seeds and against
seed-drawn workdays, through the real green over A2A. It keeps at most 15 % and passes nothing, while the oracle
passes the same worlds. The figures at scale (100 days, seeds 100-119 of every classic) are
tests/bench/bench_sweep.py's, quoted in the README."""

from __future__ import annotations

from pathlib import Path

from green_agent.config import GreenSettings
from green_agent.scenarios import ScenarioLibrary
from green_agent.selftest import IMITATION_CEILING, selftest

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
CLASSICS = sorted(i for i in ScenarioLibrary(SCENARIOS).ids() if i != "workday")
UNSEEN = (100, 101, 102)  # world 0 is the public template the scripts were written from
DAYS = tuple(range(100, 112))


async def test_rule_scripts_earn_nothing_on_unseen_worlds_the_oracle_passes(tmp_path):
    settings = GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path)
    rows = [*await selftest(CLASSICS, settings, ("scripted", "oracle"), UNSEEN),
            *await selftest(["workday"], settings, ("scripted", "oracle"), DAYS)]
    assert len(CLASSICS) == 10 and len(rows) == 2 * (len(CLASSICS) * len(UNSEEN) + len(DAYS))
    oracle = [r for r in rows if r.role == "oracle"]
    assert all(r.passed and r.percentage == 100.0 for r in oracle), [(r.scenario_id, r.seed, r.percentage, r.errors)
                                                                     for r in oracle if not r.passed]
    scripted = [r for r in rows if r.role == "scripted"]
    over = [(r.scenario_id, r.seed, r.parts, r.percentage) for r in scripted
            if r.passed or r.percentage > IMITATION_CEILING or r.status != "completed"]
    assert not over, over
    # The scripts are not idle: they act in the worlds (a script that did nothing would prove nothing).
    assert any(r.percentage > 0 for r in scripted)
