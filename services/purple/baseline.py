"""Baseline purple brains that need no world knowledge: ``noop`` and the fault-injection roles.

* ``noop`` — answers every ``turn_start`` with ``{"message_type": "turn_complete"}``; ignores other messages.
* ``garbage`` — answers everything with the text ``lol`` (no JSON): a non-protocol reply.
* ``silent`` — never answers ``turn_start`` (waits until the turn is cancelled); acknowledges other messages.
  It replies in task mode, so the green learns the task id and can cancel the abandoned turn.
* ``slow`` — holds every ``turn_start`` for ``PURPLE_SLOW_TURN_S`` seconds (PurpleSettings, default 3), then answers
  ``turn_complete``; acknowledges other messages at once. For tests that act while a turn is in flight (cancel,
  a world dying mid-trial). Task mode, like ``silent``.
* ``oracle-slow`` (``SlowFirstTurn`` over the oracle) — holds turn 1 for ``PURPLE_SLOW_TURN_S`` seconds (default 240:
  an LLM purple's long turn), then plays it and every later turn as the oracle does. It proves a long turn survives
  the platform's 300 s stream and proxy timeouts (issue 32 item 7). Task mode.
"""

from __future__ import annotations

import asyncio
from typing import Any

from services.protocol.messages import MessageType
from services.purple.server import PurpleBrain

# PurpleSettings.slow_turn_s by its environment name: harnesses set it before starting a slow purple.
SLOW_TURN_ENV = "PURPLE_SLOW_TURN_S"
# Each slow role's hold when PURPLE_SLOW_TURN_S is unset: ``slow``'s every turn, ``oracle-slow``'s first.
SLOW_TURN_S = 3.0
SLOW_FIRST_TURN_S = 240.0


class NoopBrain:
    async def handle(self, payload: dict[str, Any], context_id: str) -> dict[str, Any] | None:
        if payload.get("message_type") == MessageType.TURN_START:
            return {"message_type": MessageType.TURN_COMPLETE}
        return None


class GarbageBrain:
    async def handle(self, payload: dict[str, Any], context_id: str) -> str:
        return "lol"


class SilentBrain:
    reply_mode = "task"

    async def handle(self, payload: dict[str, Any], context_id: str) -> dict[str, Any] | None:
        if payload.get("message_type") == MessageType.TURN_START:
            await asyncio.Event().wait()  # until cancelled
        return None


class SlowBrain:
    reply_mode = "task"

    def __init__(self, delay_s: float) -> None:
        self.delay_s = delay_s

    async def handle(self, payload: dict[str, Any], context_id: str) -> dict[str, Any] | None:
        if payload.get("message_type") == MessageType.TURN_START:
            await asyncio.sleep(self.delay_s)
            return {"message_type": MessageType.TURN_COMPLETE}
        return None


class SlowFirstTurn:
    """``base``, except that turn 1 is held ``delay_s`` seconds before ``base`` plays it (a purple that thinks for
    minutes once). Task mode, so the green knows the turn's task while it waits."""

    reply_mode = "task"

    def __init__(self, base: PurpleBrain, delay_s: float) -> None:
        self.base = base
        self.delay_s = delay_s

    async def handle(self, payload: dict[str, Any], context_id: str) -> dict[str, Any] | str | None:
        if payload.get("message_type") == MessageType.TURN_START and payload.get("turn_number") in (1, 1.0):
            await asyncio.sleep(self.delay_s)
        return await self.base.handle(payload, context_id)
