"""The purple SDK (services/purple/sdk.py): an assistant written as one ``on_turn`` speaks the protocol correctly
whatever it does — acts and reports, steps the clock, ends early, raises, returns nonsense — played by a real green
(the scenario runner in this process) against a real world, over real A2A."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from green_agent.assessment.runner import ScenarioRunner
from green_agent.config import GreenSettings
from green_agent.embedded import local_pool, serve_in_process
from green_agent.protocol import (
    CompletionReason,
    Problem,
    ProblemKind,
    ProgressUpdate,
    TrialRow,
    TrialStatus,
    parse_request,
)
from services.purple.sdk import (
    AssessmentStart,
    Assistant,
    Session,
    TurnReply,
    TurnStart,
    create_app,
    iso_duration,
    parse_duration,
)
from services.ues.client import UESClient
from tests.conftest import free_port

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


async def assess(assistant: Assistant, scenarios: Path, scenario_id: str, data_dir: Path, **config: Any
                 ) -> tuple[TrialRow, list[dict]]:
    """One trial of ``scenario_id`` (world 0) with ``assistant`` served as the purple over real A2A (``config``: more
    of the request's config), played by a real green against a world of a local pool: the row, and the world's chat
    as it was at the end."""
    settings = GreenSettings(scenarios_dir=scenarios, data_dir=data_dir)
    port = free_port()
    runner = ScenarioRunner(settings)
    request = parse_request({"participants": {"personal_assistant": f"http://127.0.0.1:{port}"},
                             "config": {"scenario_id": scenario_id, **config}})

    async def quiet(update: ProgressUpdate) -> None:
        return None

    async with local_pool(settings, min_idle=0) as pool, \
            serve_in_process(create_app(assistant, url=f"http://127.0.0.1:{port}/"), port), \
            pool.lease("sdk-test") as lease:
        outcome = await runner.run(request, runner.plan(request), assessment_id="5d4" + "0" * 29, lease=lease,
                                   emit=quiet, cancel=asyncio.Event())
        async with UESClient(lease.url, lease.admin_key) as admin:
            chat = (await admin.state("chat"))["messages"]
    return outcome.trials[0], chat


def non_protocol(row: TrialRow) -> list[Problem]:
    return [w for w in row.warnings
            if w.kind in (ProblemKind.NON_PROTOCOL_REPLY, ProblemKind.BAD_TIME_STEP, ProblemKind.STEP_CAPPED)]


# ------------------------------------------------------------------------------------------------ the wire
def test_durations_round_trip():
    for step in (timedelta(hours=1), timedelta(minutes=90), timedelta(days=2, seconds=30), timedelta(seconds=0.5)):
        assert parse_duration(iso_duration(step)) == step
    assert iso_duration(timedelta(hours=1, minutes=30)) == "PT1H30M"
    assert iso_duration(timedelta(days=1)) == "P1D"
    with pytest.raises(ValueError, match="ISO-8601"):
        parse_duration("P1Y")


def test_a_turn_reply_is_always_a_protocol_message():
    assert TurnReply().payload() == {"message_type": "turn_complete"}
    assert TurnReply(time_step=timedelta(hours=2), notes="x").payload() == \
        {"message_type": "turn_complete", "time_step": "PT2H", "notes": "x"}
    assert TurnReply(done=True, notes="all done").payload() == {"message_type": "early_completion",
                                                               "reason": "all done"}
    with pytest.raises(ValueError, match="positive"):
        TurnReply(time_step=timedelta(0))


async def test_green_numbers_as_doubles_and_unknown_contexts_are_answered_correctly():
    class Counting(Assistant):
        async def on_turn(self, session: Session, turn: TurnStart) -> TurnReply:
            return TurnReply(notes=f"turn {turn.turn_number}")

    assistant = Counting()
    # A turn in a context that never started (the purple restarted mid-assessment): still a protocol reply.
    orphan = await assistant.handle({"message_type": "turn_start", "turn_number": 1.0,
                                     "current_time": "2026-03-02T09:00:00Z"}, "ctx-never-started")
    assert orphan is not None and orphan["message_type"] == "turn_complete"
    assert "no assessment_start" in orphan["notes"]
    garbled = await assistant.handle({"message_type": "turn_start", "turn_number": "first"}, "ctx")
    assert garbled is not None and garbled["message_type"] == "turn_complete"
    assert "unreadable turn_start" in garbled["notes"]
    assert await assistant.handle({"message_type": "something_new"}, "ctx") is None


# ------------------------------------------------------------------------------------------------ end to end
class Reporter(Assistant):
    """Reads the user's task on the first turn, says so in chat, and steps the clock two hours at a time."""

    def __init__(self) -> None:
        super().__init__()
        self.tasks: list[str] = []
        self.started: list[str] = []
        self.completed: list[str] = []

    async def on_start(self, session: Session) -> None:
        self.started.append(session.start.ues_url)

    async def on_turn(self, session: Session, turn: TurnStart) -> TurnReply:
        for message in await session.new_user_messages():
            self.tasks.append(message.text)
            await session.tell_user(f"On it: {message.text[:40]}")
        return TurnReply(time_step=timedelta(hours=2), notes=f"turn {turn.turn_number} at {session.now:%H:%M}")

    async def on_complete(self, session, message) -> None:
        self.completed.append(message.reason)


async def test_an_assistant_reads_the_task_acts_and_steps_the_clock(tmp_path):
    assistant = Reporter()
    row, chat = await assess(assistant, SCENARIOS, "mini_day", tmp_path)
    assert row.status is TrialStatus.COMPLETED and row.completion_reason is CompletionReason.SCENARIO_COMPLETE
    assert row.turns_taken == 2  # 4 simulated hours in steps of 2
    assert non_protocol(row) == [], row.warnings
    assert len(assistant.tasks) == 1 and assistant.tasks[0]  # the task, once, however many turns follow
    mine = [m for m in chat if m["role"] == "assistant"]
    assert len(mine) == 1 and mine[0]["content"].startswith("On it: ")
    task = next(m for m in chat if m["role"] == "user")
    assert mine[0]["conversation_id"] == task["conversation_id"]  # answered where the user wrote
    assert row.actions_taken == 1  # its chat message, attributed to its key
    assert assistant.completed == ["scenario_complete"] and assistant.sessions == {}  # closed at the end


async def test_an_assistant_can_end_early(tmp_path):
    class Quitter(Assistant):
        async def on_turn(self, session: Session, turn: TurnStart) -> TurnReply:
            return TurnReply(done=True, notes="nothing to do")

    row, _ = await assess(Quitter(), SCENARIOS, "mini_day", tmp_path)
    assert row.completion_reason is CompletionReason.EARLY_COMPLETION and row.turns_taken == 1


async def test_an_assistant_that_raises_or_answers_nonsense_still_speaks_the_protocol(tmp_path):
    class Broken(Assistant):
        async def on_turn(self, session: Session, turn: TurnStart) -> Any:
            if turn.turn_number == 1:
                raise KeyError("the model's answer had no tool call")
            if turn.turn_number == 2:
                await session.ues.request("POST", "/simulation/clear")  # refused: not in the purple's grant
            return {"message_type": "turn_complete"}  # a dict, not a TurnReply

    row, _ = await assess(Broken(), SCENARIOS, "mini_day", tmp_path)
    assert row.status is TrialStatus.COMPLETED and row.turns_taken == 4  # every turn answered; default 1 h steps
    assert non_protocol(row) == [], row.warnings  # exceptions and nonsense became turn_complete replies
    assert row.calls.by_status.get("403") == 1  # the refused call is on its record all the same


START = {"message_type": "assessment_start", "ues_url": "http://127.0.0.1:1", "api_key": "k",
         "current_time": "2026-03-02T09:00:00+00:00"}


def test_assessment_start_budget_is_typed_and_accepts_doubles():
    start = AssessmentStart.model_validate({**START, "max_turns": 30.0, "end_time": "2026-03-04T18:00:00+00:00",
                                            "max_time_step": "PT4H"})
    assert start.max_turns == 30 and isinstance(start.max_turns, int)
    assert start.end == datetime(2026, 3, 4, 18, tzinfo=UTC) and start.end is not None and start.end.tzinfo
    assert start.max_step == timedelta(hours=4)
    # The fields stay as they travel; the accessors read them.
    assert (start.current_time, start.end_time, start.max_time_step) == \
        ("2026-03-02T09:00:00+00:00", "2026-03-04T18:00:00+00:00", "PT4H")
    assert start.now == datetime(2026, 3, 2, 9, tzinfo=UTC)


def test_assessment_start_from_an_older_green_has_no_budget():
    start = AssessmentStart.model_validate(START)
    assert (start.max_turns, start.end, start.max_step) == (None, None, None)


@pytest.mark.parametrize("field,value", [("current_time", "soon"), ("end_time", "2026-03-04T18:00:00"),
                                         ("max_time_step", "PT0S")])
def test_an_unreadable_time_in_assessment_start_is_refused_when_read(field, value):
    with pytest.raises(ValueError):
        AssessmentStart.model_validate({**START, field: value})
