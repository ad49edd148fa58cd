"""A turn's actions, coalesced into one ``update_action_observed`` (green_agent/assessment/progress.py): counts that
add up, and a payload whose size does not grow with the number or the variety of the purple's calls; and the heartbeat
while the purple holds a turn: on its interval, never more often, none for a quick answer, stopped with the wait."""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from datetime import UTC, datetime

import pytest

from green_agent.assessment import progress
from green_agent.assessment.progress import MAX_KINDS, MAX_NAME, heartbeat, observed, observed_text
from green_agent.protocol import DEFAULT_TURN_TIMEOUT_S, ActionLogEntry

AT = datetime(2026, 3, 2, 9, tzinfo=UTC)


def entry(action: str, success: bool = True, error: str | None = None) -> ActionLogEntry:
    return ActionLogEntry(turn=1, timestamp=AT, action=action, success=success, error_message=error)


def test_a_flood_is_counted_not_listed():
    actions = [entry("email.send")] * 300 + [entry("email.send", False, "HTTP 429: rate limited")] * 1700 + \
        [entry("calendar.create", False, "event failed: bad time")] * 3
    counts = observed(actions)
    assert counts == {"actions": 2003, "succeeded": 300, "refused": 1700, "failed": 3, "by_status": {"429": 1700},
                      "by_action": {"email.send": {"actions": 2000, "succeeded": 300},
                                    "calendar.create": {"actions": 3, "succeeded": 0}},
                      "by_action_omitted": 0}
    assert observed_text(4, counts) == "Turn 4: 2003 actions (300 succeeded; 1700 refused: 429×1700; 3 failed)"


def test_the_payload_stays_bounded_whatever_the_calls():
    """Thousands of distinct, long made-up paths: the update keeps the most frequent few, each name cut."""
    many = [entry(f"POST /{i}/{'x' * 5000}", False, "HTTP 404: not found") for i in range(5000)]
    small = [entry("POST /a", False, "HTTP 404: not found")]
    assert len(json.dumps(observed(many))) < 2 * len(json.dumps(observed(small))) + MAX_KINDS * (MAX_NAME + 64)
    counts = observed(many)
    assert len(counts["by_action"]) == MAX_KINDS and counts["by_action_omitted"] == 5000 - MAX_KINDS
    assert all(len(name) <= MAX_NAME + 1 for name in counts["by_action"])


def test_one_action_reads_like_before():
    assert observed_text(2, observed([entry("sms.send_message")])) == "Turn 2: sms.send_message"
    assert observed_text(2, observed([entry("sms.send_message", False, "HTTP 403: no")])) == \
        "Turn 2: sms.send_message (failed)"


def test_the_heartbeat_is_every_thirty_seconds_inside_the_platforms_timeout():
    assert progress.HEARTBEAT_INTERVAL_S == 30  # at least every 30 s, and no more often
    assert DEFAULT_TURN_TIMEOUT_S < 300  # the AgentBeats gateway's stream and proxy timeouts


async def test_heartbeats_come_on_their_interval_while_the_wait_lasts(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(progress, "HEARTBEAT_INTERVAL_S", 0.2)
    beats: list[tuple[float, float]] = []  # (seconds waited as reported, when it was sent)
    start = time.monotonic()

    async def beat(waited: float) -> None:
        beats.append((waited, time.monotonic() - start))

    async with heartbeat(beat):
        await asyncio.sleep(1.05)
    await asyncio.sleep(0.5)  # and none after the wait
    assert 4 <= len(beats) <= 5, beats
    sent = [at for _, at in beats]
    assert all(later - earlier >= 0.15 for earlier, later in itertools.pairwise(sent)), sent
    assert all(abs(waited - at) < 0.1 for waited, at in beats) and sent[-1] < 1.1


async def test_no_heartbeat_for_a_quick_answer_and_a_failed_one_does_not_stop_the_next(
        monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(progress, "HEARTBEAT_INTERVAL_S", 0.2)
    calls: list[float] = []

    async def flaky(waited: float) -> None:
        calls.append(waited)
        if len(calls) == 1:
            raise RuntimeError("the task's queue is closed")

    async with heartbeat(flaky):
        await asyncio.sleep(0.05)
    assert calls == []
    async with heartbeat(flaky):
        await asyncio.sleep(0.5)
    assert len(calls) == 2  # the first raised; the wait went on and the second still came


async def test_a_cancelled_wait_stops_its_heartbeat(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(progress, "HEARTBEAT_INTERVAL_S", 0.1)
    calls: list[float] = []

    async def beat(waited: float) -> None:
        calls.append(waited)

    async def wait() -> None:
        async with heartbeat(beat):
            await asyncio.sleep(60)

    task = asyncio.create_task(wait())
    await asyncio.sleep(0.35)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    seen = len(calls)
    await asyncio.sleep(0.3)
    assert seen >= 2 and len(calls) == seen
