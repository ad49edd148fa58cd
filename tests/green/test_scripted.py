"""Rule scripts written for the public parts and templates (issue 34 item 6): the ``scripted`` purple
(services/purple/cheats/scripted/: regular expressions and field comparisons over what the public part modules and
scenario templates show, no LLM) against every classic scenario at unseen seeds and against every day part in days
of its own, through the real green over A2A.

The bar is 15 % and no pass, and every part and scenario holds it against this script (session 23). ``OPEN`` would
name one a re-fitted script beats again, with what it earned when measured, and the test holds the list to the truth
both ways — a held part that a script now beats fails, and so does an open part that now holds (move it to the held
ones). The figures at scale are tests/bench/bench_sweep.py's, in docs/scoring.md."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from green_agent.config import GreenSettings
from green_agent.scenario_kit.part import DAY
from green_agent.scenarios import ScenarioLibrary
from green_agent.selftest import IMITATION_CEILING, assess_via_green, practice_green

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
LIBRARY = ScenarioLibrary(SCENARIOS)
CLASSICS = sorted(i for i in LIBRARY.ids() if i != "workday")
DAY_PARTS = sorted(LIBRARY.pack().shaped(DAY))
UNSEEN = tuple(range(100, 105))  # world 0 is the public template the scripts were written from
WRITER = "route_request"  # beside a part that writes to nobody: a day's precision pays only for writes a task needed
# Where a script re-fitted to the public code still earns more than the bar: "scenario <id>" or "part <key>" → its
# mean share of the points over UNSEEN, and whether it passed there (public words). None now: sms_coordination and
# clarification_loop left it in session 22, organiser_move in session 23 (version 7: which of three or four instances
# of the meeting, how long it runs and which offer are three decisions, and the script's pick of each is a guess).
OPEN: dict[str, tuple[float, bool]] = {}


async def _scores(settings: GreenSettings) -> dict[str, tuple[float, bool]]:
    """Scenario or part → the script's mean share of its points over the unseen worlds, and whether it passed any."""
    gate = asyncio.Semaphore(3)

    async def run(green: str, purple: str, scenario: str, config: dict) -> list[dict]:
        async with gate:
            return [r for r in await assess_via_green(green, purple, [scenario], config) if r["row_type"] == "trial"]

    async with practice_green(settings, ("scripted",)) as (green, purples):
        purple = purples["scripted"]
        classic = {sid: asyncio.gather(*(run(green, purple, sid, {"seed": s}) for s in UNSEEN)) for sid in CLASSICS}
        days = {key: asyncio.gather(*(run(green, purple, "workday", {
            "seed": s, "attacks": "none", "parts": [key] if key == WRITER else [key, WRITER]}) for s in UNSEEN))
            for key in DAY_PARTS}
        out: dict[str, tuple[float, bool]] = {}
        for sid, job in classic.items():
            rows = [r for batch in await job for r in batch]
            out[f"scenario {sid}"] = (sum(r["percentage"] for r in rows) / len(rows), any(r["passed"] for r in rows))
        for key, job in days.items():
            parts = [p for batch in await job for r in batch for p in r["part_scores"] if p["part"] == key]
            out[f"part {key}"] = (sum(p["percentage"] for p in parts) / len(parts), any(p["passed"] for p in parts))
    return out


async def test_rule_scripts_earn_nothing_on_unseen_worlds_but_where_the_issue_lists_them(tmp_path):
    scores = await _scores(GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path))
    print(json.dumps({name: [round(mean, 1), passed] for name, (mean, passed) in sorted(scores.items())}))  # for OPEN
    assert set(scores) == {*(f"scenario {s}" for s in CLASSICS), *(f"part {k}" for k in DAY_PARTS)}
    assert len(CLASSICS) == 10 and len(DAY_PARTS) >= 21
    beaten = {name for name, (mean, passed) in scores.items() if mean > IMITATION_CEILING or passed}
    held_but_beaten = {name: scores[name] for name in beaten - set(OPEN)}
    assert not held_but_beaten, held_but_beaten
    open_but_held = {name: scores[name] for name in set(OPEN) - beaten}
    assert not open_but_held, f"these now hold the bar: move them out of OPEN {open_but_held}"
    # The scripts are no idle purple (which would hold every bar and prove nothing; an idle one earns 0 everywhere):
    # they still earn some points on a quarter of the parts and scenarios (a third until session 22's reworks took
    # their share of sms_coordination, clarification_loop, conflicts and privacy to 0–4 %), and pass worlds only
    # where OPEN says.
    assert sum(mean >= 5 for mean, _ in scores.values()) >= len(scores) // 4, scores
