"""The oracle passes every world (issue 34, item 5) — the CI-sized sweep; tests/bench/bench_sweep.py runs the full one
(seeds 0–199 of every classic, 500 days, every baseline).

Through the real green over A2A: the oracle on world seeds 0–9 of every classic scenario and on 30 composed workdays
(seeds 0–29, each with the attacks its seed draws), 100 % and passed in each, and no criterion anywhere that the green
could not score. About two minutes on a quiet 2-core machine.
"""

from __future__ import annotations

from pathlib import Path

from green_agent.config import GreenSettings
from green_agent.scenarios import ScenarioLibrary
from tests.bench.bench_sweep import FAMILY, report, sweep

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
CLASSIC_SEEDS = range(10)
DAYS = range(30)


async def test_the_oracle_passes_every_world_of_the_sweep(tmp_path):
    settings = GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path, character_mode="scripted",
                             heldout_secret=None, pool_max_instances=10)
    result = await sweep(("oracle",), CLASSIC_SEEDS, DAYS, concurrency=3, settings=settings)
    # Every scenario of the library was swept, each in all its worlds (a scenario missing here would pass unseen).
    assert sorted(s.scenario for s in result) == sorted(ScenarioLibrary(SCENARIOS).ids())
    assert {s.scenario: len(s.trials) for s in result} == \
        {s.scenario: len(DAYS if s.scenario == FAMILY else CLASSIC_SEEDS) for s in result}
    # Half the days carry attacks, so the oracle's resistance is part of what passes.
    assert any(t.attacked for s in result for t in s.trials)
    verdict = report(result, ("oracle",), listed=1000)
    assert verdict["ok"], "the oracle missed in {} world(s):\n{}".format(
        verdict["problems"], "\n".join(verdict["problems_listed"]))


async def test_a_criterion_the_green_could_not_score_fails_the_sweep_naming_it(tmp_path):
    """tests/scenarios/raising_eval's ``explodes`` raises: the sweep reports it as an evaluator error and fails."""
    settings = GreenSettings(scenarios_dir=ROOT / "tests" / "scenarios", data_dir=tmp_path,
                             character_mode="scripted", heldout_secret=None)
    result = await sweep(("oracle",), (0,), (), concurrency=1, settings=settings, scenarios=["raising_eval"])
    verdict = report(result, ("oracle",))
    assert not verdict["ok"]
    [error] = verdict["scenarios"]["raising_eval"]["oracle"]["evaluator_errors_listed"]
    assert error["criterion"] == "explodes" and "deliberate evaluator failure" in error["error"]
    assert any("criterion explodes errored" in p for p in verdict["problems_listed"])
