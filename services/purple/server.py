"""A baseline purple agent's A2A server around a ``PurpleBrain``.

The server takes the JSON object out of each incoming message (a DataPart first, else a TextPart holding JSON),
asks the brain, and replies:

* a dict → one DataPart with the object plus a TextPart copy (JSON text);
* a str → one TextPart with that text (the fault-injection ``garbage`` role uses this);
* None → one TextPart ``"ok"`` (an acknowledgement that is not a protocol reply);

except to an ``assessment_start`` whose world gives no answer at its ``ues_url``: that reply is ``world_unreachable``
(protocol.md §4), whatever the brain said.

``reply_mode="message"`` answers with a direct A2A Message. ``reply_mode="task"`` first creates a Task
(submitted → working) and puts the reply in the final ``completed`` status message, so a client learns the task
id at once and can cancel a slow turn; a cancelled turn ends ``canceled``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Literal, Protocol, runtime_checkable
from urllib.parse import urlsplit

import structlog
from a2a.helpers.proto_helpers import new_task_from_user_message
from a2a.server.agent_execution import AgentExecutor, RequestContext
from a2a.server.events import EventQueue
from a2a.server.tasks import TaskUpdater
from fastapi import FastAPI

from services.protocol.a2a import PROTOCOL_VERSIONS, CardSpec, SkillSpec, agent_message, build_a2a_app
from services.protocol.messages import MessageType, WorldUnreachable
from services.purple.a2a import message_payload, reply_parts
from services.purple.world_url import reachable_ues_url, world_unreachable

log = structlog.get_logger("purple")

ReplyMode = Literal["message", "task"]

EXAMPLE_TURN_START = json.dumps({"message_type": MessageType.TURN_START, "turn_number": 1,
                                 "current_time": "2025-01-06T09:00:00+00:00", "events_processed": 0})


@runtime_checkable
class PurpleBrain(Protocol):
    """What a purple does with one green message. ``payload`` is the message's JSON object (numbers may be
    floats); when the message holds no JSON object, ``payload`` is ``{"text": <the message text>}``."""

    async def handle(self, payload: dict[str, Any], context_id: str) -> dict[str, Any] | str | None: ...


class PurpleExecutor(AgentExecutor):
    """Runs a brain for every incoming message. ``ues_slot_url``: where this purple reaches the world gateway
    (``PURPLE_UES_URL``); the ``ues_url`` of ``assessment_start`` is rewritten to it before the brain sees it. When no
    answer comes from that URL, the reply to ``assessment_start`` is ``world_unreachable`` (protocol.md §4)."""

    def __init__(self, brain: PurpleBrain, reply_mode: ReplyMode = "message", ues_slot_url: str | None = None) -> None:
        self.brain = brain
        self.reply_mode = reply_mode
        self.ues_slot_url = ues_slot_url

    async def execute(self, context: RequestContext, event_queue: EventQueue) -> None:
        task_id, context_id = context.task_id or "", context.context_id or ""
        payload = message_payload(context.message)
        unreachable: WorldUnreachable | None = None
        if payload.get("message_type") == MessageType.ASSESSMENT_START and isinstance(payload.get("ues_url"), str):
            ues_url = reachable_ues_url(payload["ues_url"], self.ues_slot_url)
            payload = {**payload, "ues_url": ues_url}
            problem = await world_unreachable(ues_url)
            if problem is not None:
                # Its host and port only: the path of a gateway's URL is the trial's route.
                log.warning("purple_world_unreachable", at=urlsplit(ues_url).netloc, error=problem)
                unreachable = WorldUnreachable(ues_url=ues_url, error=problem)
        updater: TaskUpdater | None = None
        if self.reply_mode == "task":
            if context.current_task is None and context.message is not None:
                await event_queue.enqueue_event(new_task_from_user_message(context.message))
            updater = TaskUpdater(event_queue, task_id, context_id)
            await updater.start_work()
        try:
            reply = await self.brain.handle(payload, context_id)
        except Exception as exc:  # a brain bug must answer as an error, never escape as a JSON-RPC error
            log.error("purple_brain_failed", error=repr(exc), message_type=payload.get("message_type"))
            parts = reply_parts(f"purple error: {type(exc).__name__}: {exc}")
            if updater is not None:
                await updater.failed(message=updater.new_agent_message(parts))
            else:
                await event_queue.enqueue_event(agent_message(parts, context_id=context_id))
            return
        # The brain saw the start all the same: should the green find that the purple reached its world after all,
        # the turns come, and its session must be there.
        parts = reply_parts(unreachable.payload() if unreachable is not None else reply)
        if updater is not None:
            await updater.complete(message=updater.new_agent_message(parts))
        else:
            await event_queue.enqueue_event(agent_message(parts, context_id=context_id))

    async def cancel(self, context: RequestContext, event_queue: EventQueue) -> None:
        # Nothing to tidy up: the SDK then cancels execute() and records the task as canceled.
        log.info("purple_turn_cancelled", task_id=context.task_id)


def create_purple_app(brain: PurpleBrain, *, url: str, name: str = "UES baseline purple",
                      description: str | None = None, reply_mode: ReplyMode | None = None,
                      protocol_versions: Sequence[str] = PROTOCOL_VERSIONS, version: str = "0.1.0",
                      ues_slot_url: str | None = None) -> FastAPI:
    """The purple's FastAPI app. ``reply_mode`` defaults to the brain's ``reply_mode`` attribute, else "message".
    ``protocol_versions`` lists the card's JSON-RPC interfaces (e.g. ``("0.3",)`` to look like a 0.3 agent).
    ``ues_slot_url`` (``PurpleSettings.ues_url``, ``PURPLE_UES_URL``): the world gateway as this purple reaches it;
    every ``ues_url`` it is sent is rewritten to it (services/purple/world_url.py)."""
    mode: ReplyMode = reply_mode if reply_mode is not None else getattr(brain, "reply_mode", "message")
    card = CardSpec(
        name=name,
        description=description or "A baseline personal assistant for the UES assessment (ues-assessment/1).",
        url=url,
        version=version,
        skills=[SkillSpec(id="personal_assistant", name="Personal assistant",
                          description="Acts as the user's assistant in a UES world, turn by turn.",
                          examples=[EXAMPLE_TURN_START], tags=["personal_assistant", "ues"])],
        protocol_versions=protocol_versions,
    )
    # Tasks in memory: a restarted purple starts afresh anyway.
    return build_a2a_app(PurpleExecutor(brain, mode, ues_slot_url), card)
