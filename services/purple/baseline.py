"""Baseline purple brains that need no world knowledge: ``noop`` and the fault-injection roles.

* ``noop`` — answers every ``turn_start`` with ``{"message_type": "turn_complete"}``; ignores other messages.
* ``garbage`` — answers everything with the text ``lol`` (no JSON): a non-protocol reply.
* ``silent`` — never answers ``turn_start`` (waits until the turn is cancelled); acknowledges other messages.
  It replies in task mode, so the green learns the task id and can cancel the abandoned turn.
"""

from __future__ import annotations

import asyncio
from typing import Any


class NoopBrain:
    async def handle(self, payload: dict[str, Any], context_id: str) -> dict[str, Any] | None:
        if payload.get("message_type") == "turn_start":
            return {"message_type": "turn_complete"}
        return None


class GarbageBrain:
    async def handle(self, payload: dict[str, Any], context_id: str) -> str:
        return "lol"


class SilentBrain:
    reply_mode = "task"

    async def handle(self, payload: dict[str, Any], context_id: str) -> dict[str, Any] | None:
        if payload.get("message_type") == "turn_start":
            await asyncio.Event().wait()  # until cancelled
        return None
