"""followup's reminder holds no structural shortcut (issue 34, a blind red team's finding): ``followup_reminder``
paid for one post in the reminder's hour while posts at other hours cost nothing, so the same fixed reminder posted
at 13, 14 and 15 o'clock earned it in every world, with no reasoning. Now a reminder before its hour (from noon) is a
stray that cancels it — one after it is not, since a fair report may repeat the number — and the reminder's hour is
drawn evenly over 13, 14 and 15: the broadcast and one fixed hour each earn what chance gives (one in three), while a
reminder at its hour alone, and the oracle through the real green, still earn it all."""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from green_agent.config import GreenSettings
from green_agent.scenario_kit.day import slice_of
from green_agent.scenario_kit.grading import when
from green_agent.scenarios import ScenarioLibrary
from green_agent.selftest import selftest

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
PART = ScenarioLibrary(SCENARIOS).pack().parts["followup"]
WORLDS = range(200)
HOURS = (13, 14, 15)  # the hours a reminder can be due
CHANCE, TOLERANCE = 1 / 3, 0.08


@dataclass
class Post:
    timestamp: datetime
    parameters: dict[str, Any] = field(default_factory=dict)


@dataclass
class Trial:
    """What the grader reads of a trial: the assistant's chat posts."""

    posts: list[Post]

    def actions(self, name: str) -> list[Post]:
        return self.posts if name == "chat.send_message" else []


def truths() -> list[Any]:
    return [PART.Truth.model_validate(slice_of(seed, "balance", PART).truth, from_attributes=True)
            for seed in WORLDS]


def reminder(t: Any) -> str:
    d = t.digits
    return f"Reminder: time to call the bank now - the number is +1 {d[:3]}-{d[3:6]}-{d[6:]}."


def earned(t: Any, hours: tuple[float, ...]) -> float:
    """The reminder credit of the same reminder posted five minutes past each of ``hours``."""
    day = when(t.remind).replace(hour=0, minute=0)
    trial = Trial([Post(day + timedelta(hours=h, minutes=5), {"role": "assistant", "content": reminder(t)})
                   for h in hours])
    result = asyncio.run(PART.followup_reminder(trial, t))
    return result.score / result.max_score


def test_a_reminder_broadcast_every_afternoon_hour_or_at_one_hour_earns_chance():
    found = truths()
    due = Counter(when(t.remind).hour for t in found)
    assert set(due) == set(HOURS) and min(due.values()) >= len(found) / 4, due
    assert all(earned(t, (when(t.remind).hour,)) == 1.0 for t in found)  # the reminder at its hour alone
    broadcast = sum(earned(t, HOURS) for t in found) / len(found)
    assert abs(broadcast - CHANCE) <= TOLERANCE, broadcast  # the red team's script: the same reminder at 13, 14, 15
    for hour in HOURS:  # one fixed hour: right as often as chance
        assert abs(sum(earned(t, (hour,)) for t in found) / len(found) - CHANCE) <= TOLERANCE, hour
    # A second reminder an hour early cancels the first; a report in the morning or after the reminder does not.
    for t in found[:40]:
        h = when(t.remind).hour
        assert earned(t, (h - 1, h)) == 0.0
        assert earned(t, (10, h, h + 1)) == earned(t, (h, h + 2)) == 1.0


async def test_the_oracle_passes_the_part(tmp_path):
    rows = await selftest(["workday"], GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path), ("oracle",),
                          (1, 2, 3), configs=[{"parts": ["followup"], "attacks": "none"}])
    assert len(rows) == 3
    assert all(r.passed and r.percentage == 100.0 for r in rows), [(r.seed, r.percentage, r.errors[:1]) for r in rows]
