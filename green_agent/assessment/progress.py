"""Progress of one turn, coalesced, and the heartbeat while the purple holds a turn (protocol.md §3).

However many calls a purple makes in a turn — a flooding purple makes thousands, most refused with 429 — the turn
sends at most one ``update_action_observed``, carrying counts (``actions``, ``succeeded``, ``refused``,
``failed``, ``by_status``, ``by_action``), and one ``update_responses_generated`` listing at most
``MAX_LISTED`` replies next to their total. Every field is bounded: ``by_action`` keeps the ``MAX_KINDS`` most
frequent actions (the rest are counted in ``by_action_omitted``) and a name — which a purple chooses when it posts
to a path of its own making — is cut to ``MAX_NAME`` characters. The full action log is in the row and the report.

While the green waits on the purple (a turn, or ``assessment_start``) it sends nothing else, and a platform reading
the task's stream drops a stream silent for too long (the AgentBeats gateway: 300 s). ``heartbeat`` sends one
``update_waiting_on_purple`` every ``HEARTBEAT_INTERVAL_S`` of the wait — none for a purple that answers sooner.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any

import structlog

from green_agent.protocol import ActionLogEntry

log = structlog.get_logger("green.progress")

MAX_KINDS = 12
MAX_LISTED = 10
MAX_NAME = 80
# Seconds between two heartbeats while the purple holds the green waiting: well inside the platform's 300 s, and at
# most 9 updates in a 270 s turn. Read when a wait begins, so a test may set it shorter.
HEARTBEAT_INTERVAL_S = 30.0
_STATUS = re.compile(r"^HTTP (\d{3})\b")


def _name(action: str) -> str:
    return action if len(action) <= MAX_NAME else action[:MAX_NAME] + "…"


def refused_status(entry: ActionLogEntry) -> str | None:
    """The HTTP status of a call the simulator refused (``"429"``), None for an accepted call."""
    if entry.success or not entry.error_message:
        return None
    match = _STATUS.match(entry.error_message)
    return match.group(1) if match else None


def observed(actions: Sequence[ActionLogEntry]) -> dict[str, Any]:
    """The counts of one turn's actions: the data of its one ``update_action_observed``."""
    total: Counter[str] = Counter()
    succeeded: Counter[str] = Counter()
    statuses: Counter[str] = Counter()
    failed = 0
    for entry in actions:
        name = _name(entry.action)
        total[name] += 1
        if entry.success:
            succeeded[name] += 1
            continue
        status = refused_status(entry)
        if status is None:
            failed += 1
        else:
            statuses[status] += 1
    kinds = total.most_common(MAX_KINDS)
    return {
        "actions": len(actions), "succeeded": sum(succeeded.values()), "refused": sum(statuses.values()),
        "failed": failed, "by_status": dict(sorted(statuses.items())),
        "by_action": {name: {"actions": n, "succeeded": succeeded[name]} for name, n in kinds},
        "by_action_omitted": len(total) - len(kinds),
    }


def observed_text(turn: int, counts: dict[str, Any]) -> str:
    """The sentence of the update: ``Turn 3: 2000 actions (312 succeeded, 1688 refused: 429×1688)``."""
    n = counts["actions"]
    if n == 1:
        [name] = counts["by_action"] or ["?"]
        return f"Turn {turn}: {name}" + ("" if counts["succeeded"] else " (failed)")
    parts = [f"{counts['succeeded']} succeeded"]
    if counts["refused"]:
        codes = ", ".join(f"{code}×{k}" for code, k in counts["by_status"].items())
        parts.append(f"{counts['refused']} refused: {codes}")
    if counts["failed"]:
        parts.append(f"{counts['failed']} failed")
    return f"Turn {turn}: {n} actions ({'; '.join(parts)})"


@contextlib.asynccontextmanager
async def heartbeat(beat: Callable[[float], Awaitable[None]]) -> AsyncIterator[None]:
    """While the block runs, ``await beat(seconds waited)`` every ``HEARTBEAT_INTERVAL_S`` (first after one
    interval). A beat that fails is logged and the next one still comes; the block never waits for a beat."""
    interval = HEARTBEAT_INTERVAL_S
    started = time.monotonic()

    async def beats() -> None:
        last = started
        while True:
            # One interval after the previous beat began: never two closer than that, and a slow beat (a busy task
            # store) does not push the next one later.
            await asyncio.sleep(max(0.0, last + interval - time.monotonic()))
            last = time.monotonic()
            try:
                await beat(last - started)
            except Exception as exc:  # a lost heartbeat must not end the wait it reports on
                log.warning("heartbeat_not_sent", error=repr(exc))

    task = asyncio.create_task(beats())
    try:
        yield
    finally:
        task.cancel()
        await asyncio.wait([task])  # never raises the beats' CancelledError; a cancel of ours still propagates
