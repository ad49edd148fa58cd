"""The judge's evidence is the same for the same behaviour: generated ids never make two prompts differ (the replay
cache finds the judge's call again), even where long parameters are cut short."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from pathlib import Path

from green_agent.judging.context import EvalContext
from green_agent.judging.llm_judge import evidence
from green_agent.protocol import ActionLogEntry
from green_agent.scenarios import ScenarioLibrary

SPEC = ScenarioLibrary(Path(__file__).resolve().parents[1] / "scenarios").get("mini_day").spec
T = datetime(2026, 3, 2, 9, tzinfo=UTC)


def context(long_text: str) -> EvalContext:
    message_id, event_id = str(uuid.uuid4()), str(uuid.uuid4())
    actions = (ActionLogEntry(turn=1, timestamp=T, action="chat.send_message",
                              parameters={"content": long_text, "message_id": message_id}),
               ActionLogEntry(turn=2, timestamp=T, action="calendar.respond", parameters={"event_id": event_id}))
    chat = ({"role": "assistant", "content": f"Booked {event_id}", "timestamp": T.isoformat(),
             "message_id": message_id},)
    return EvalContext(scenario=SPEC, action_log=actions, initial_state={}, final_state={}, events=(),
                       chat_transcript=chat, start_time=T, end_time=T, final_time=T, turns_taken=2,
                       user_email="sam.lee@example.com", user_phone="+15550100000")


def test_same_behaviour_same_evidence_whatever_the_generated_ids():
    long_text = "x" * 380  # the id lands right where the parameter JSON is cut at 400 characters
    first, second = evidence(context(long_text)), evidence(context(long_text))
    assert first == second
    # the ids are still there as stable aliases, and one id keeps one alias across the sections
    assert "Booked id1" in first and '"event_id": "id1"' in first


def test_different_behaviour_different_evidence():
    assert evidence(context("hello")) != evidence(context("goodbye"))
