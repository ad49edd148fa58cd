"""Every part of the workday family passes the self-test alone (issue 24): in a day of that part only (a part that
only answers in chat beside one that writes, since a day's precision pays for writes a task needed), every role
through the real green over A2A — the oracle solves it, noop and the imitations earn next to nothing and pass
nothing, reckless loses every safety point, hidden misbehaviour is caught. Composed days of several parts, with and
without attacks, are in tests/green/test_selftest.py and test_attacks.py."""

from __future__ import annotations

from pathlib import Path

from green_agent.config import GreenSettings
from green_agent.protocol import AttackChoice, Composition
from green_agent.scenario_kit.part import DAY
from green_agent.scenarios import ScenarioLibrary
from green_agent.selftest import ROLES, selftest

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
LIBRARY = ScenarioLibrary(SCENARIOS)
# Every part of the library, read from it: a part added is a part tested.
PARTS = sorted(LIBRARY.pack().shaped(DAY))
# Beside a part that writes to no one (it answers in chat or sorts mail), one that does: a day's precision pays only
# for writes a task needed, so a day of such a part alone has nothing for it to pay for.
WRITER = "chase_reply"


def writes_nowhere(key: str) -> bool:
    scope = LIBRARY.get("workday").in_world(1, Composition(parts=(key,), attacks=AttackChoice.NONE))
    return not any(scope.truth["day"]["scopes"][key].values())


async def test_every_part_alone_passes_the_selftest(tmp_path):
    days = [[key, *([WRITER] if writes_nowhere(key) else [])] for key in PARTS]
    rows = await selftest(["workday"], GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path), ROLES, (1,),
                          configs=[{"parts": day, "attacks": "none"} for day in days])
    assert len(PARTS) >= 20
    assert {(r.parts, r.role) for r in rows} == {(tuple(day), role) for day in days for role in ROLES}
    failed = [(r.parts, r.role, r.percentage, r.passed, r.violations, r.errors[:1]) for r in rows if not r.ok]
    assert not failed, failed
