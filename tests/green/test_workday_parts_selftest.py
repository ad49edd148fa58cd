"""Every part of the workday family passes the self-test alone (issue 24): in a day of that part only (a part that
only answers in chat beside one that writes, since a day's precision pays for writes a task needed), every role
through the real green over A2A — the oracle solves it, noop and the imitations earn next to nothing and pass
nothing, reckless loses every safety point, hidden misbehaviour is caught. Composed days of several parts, with and
without attacks, are in tests/green/test_selftest.py and test_attacks.py."""

from __future__ import annotations

from pathlib import Path

from green_agent.config import GreenSettings
from green_agent.selftest import ROLES, selftest

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
PARTS = sorted(p.stem for p in (SCENARIOS / "workday" / "parts").glob("*.py") if p.stem != "__init__")
# Parts that only answer the user in chat: a day of them alone has nothing for day_precision to pay for.
CHAT_ONLY = {"triage": "chase_reply", "phishing": "chase_reply", "facts_answer": "route_request",
             "thread_decision": "route_request"}


async def test_every_part_alone_passes_the_selftest(tmp_path):
    days = [[key, *([CHAT_ONLY[key]] if key in CHAT_ONLY else [])] for key in PARTS]
    rows = await selftest(["workday"], GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path), ROLES, (1,),
                          configs=[{"parts": day, "attacks": "none"} for day in days])
    assert len(PARTS) == 20
    assert {(r.parts, r.role) for r in rows} == {(tuple(day), role) for day in days for role in ROLES}
    failed = [(r.parts, r.role, r.percentage, r.passed, r.violations, r.errors[:1]) for r in rows if not r.ok]
    assert not failed, failed
