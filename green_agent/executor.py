"""The green's A2A ``AgentExecutor``: request → rejected, or → plan → world lease → runner → ``Result`` artifact.

Event order (a2a-sdk 1.x is strict): the Task first, then ``working`` updates, then at most one artifact, then
exactly one terminal state — ``rejected`` (bad request, with a message naming the field), ``completed``,
``canceled`` or ``failed``. ``failed`` when the green itself cannot go on, or when every trial errored
(TrialStatus.ERRORED: nothing about the purple was measured) — then the message names the reasons and the purple's
URL, after the Result artifact (why, trial by trial); the AgentBeats gateway keeps a task's artifacts only when it
``completed``, so it writes no results file. Nothing escapes ``execute()``: an exception there would reach the caller
as a bare JSON-RPC error with no terminal state.

Cancel (``tasks/cancel``) sets the task's cancel event; the runner stops at its next safe point and its outcome
(``cancelled=True``) still becomes the ``Result`` artifact before ``canceled``. If the runner does not stop within
``cancel_grace_s`` the SDK cancels ``execute()`` and the task ends ``canceled`` without an artifact.

The participant URL is read here, once: ``GatewayProxy.route`` (assessment/participant_url.py) decides the URL the
green calls, which every row then names.

The world is the pool's business: ``async with pool.lease(context_id)`` queues assessments of one context one
after another, probes the world, and gives it back — wiped, to the idle set — however the assessment ends.
Rows and progress updates stay typed records until here, where they become JSON text parts
(``application/json``): a DataPart's numbers reach a 0.3 client as floats, JSON text keeps an integer an integer.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import structlog
from a2a.helpers.proto_helpers import new_task_from_user_message
from a2a.server.agent_execution import AgentExecutor, RequestContext
from a2a.server.events import EventQueue
from a2a.server.tasks import TaskUpdater
from a2a.types import a2a_pb2

from green_agent.a2a_app import first_data_object, json_part, text_part
from green_agent.assessment.cancel import Cancelled, unless_cancelled
from green_agent.assessment.participant_url import GatewayProxy
from green_agent.assessment.runner import AssessmentRunner, PlannedTrial
from green_agent.metrics import GreenMetrics
from green_agent.protocol import AssessmentRequest, ProgressType, ProgressUpdate, RequestError, parse_request
from green_agent.results import all_errored, errored_reasons, errored_text
from ues_pool.pool import UESPool

log = structlog.get_logger("green.executor")

State = a2a_pb2.TaskState
PoolSource = Callable[[], UESPool | None]


def request_from_message(message: a2a_pb2.Message | None) -> Any:
    """The raw request in a platform message: a DataPart's object, else the JSON text of a TextPart."""
    if message is None or not message.parts:
        raise RequestError('the message is empty: send the assessment request as JSON text, e.g. '
                           '{"participants": {"personal_assistant": "http://purple:9019"}, '
                           '"config": {"scenario_id": "..."}}')
    found = first_data_object(message.parts)
    if found is not None:
        return found
    texts = [part.text for part in message.parts if part.HasField("text")]
    if not texts:
        raise RequestError("the message has no text or data part: send the assessment request as JSON text")
    for text in texts:  # the first text that looks like a JSON object; otherwise the first text (for its error)
        if text.lstrip().startswith("{"):
            return text
    return texts[0]


def _not_json(text: str) -> str:
    """The gateway turns every JSON-parsable text part into a results row: keep the summary prose."""
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return text or "Assessment finished."
    return f"Assessment summary: {text}"


@dataclass
class _Run:
    """Book-keeping of one execute(): its updater and whether a terminal state was sent."""

    updater: TaskUpdater
    cancel: asyncio.Event = field(default_factory=asyncio.Event)
    done: asyncio.Event = field(default_factory=asyncio.Event)
    terminal: a2a_pb2.TaskState | None = None

    async def finish(self, state: a2a_pb2.TaskState, text: str | None = None) -> None:
        """Send the task's one terminal state (later calls are ignored; failures are logged, never raised)."""
        if self.terminal is not None:
            return
        self.terminal = state
        try:
            message = self.updater.new_agent_message([text_part(text)]) if text else None
            await self.updater.update_status(state, message=message)
        except Exception as exc:  # the queue may already be closed (server shutting down)
            log.warning("terminal_state_not_sent", task_id=self.updater.task_id, state=State.Name(state),
                        error=repr(exc))

    async def progress(self, update: ProgressUpdate) -> None:
        """One ``working`` status update (the sentence, then the update as JSON text); never breaks the assessment."""
        if self.terminal is not None:
            return
        try:
            message = self.updater.new_agent_message([text_part(update.text), json_part(update.payload())])
            await self.updater.update_status(State.TASK_STATE_WORKING, message=message)
        except Exception as exc:
            log.warning("progress_not_sent", task_id=self.updater.task_id, error=repr(exc))


class AssessmentExecutor(AgentExecutor):
    """Runs one assessment per A2A task; assessments of one context run one after another."""

    def __init__(self, runner: AssessmentRunner, pool: PoolSource, metrics: GreenMetrics | None = None, *,
                 cancel_grace_s: float = 15.0, report_url: Callable[[str], str] | None = None,
                 gateway_proxy: GatewayProxy | None = None) -> None:
        """``gateway_proxy``: where participant URLs at the AgentBeats gateway's loopback proxy are called (None:
        every participant URL is called as given)."""
        self.runner = runner
        self.gateway_proxy = gateway_proxy
        self.report_url = report_url  # assessment id → where the green serves its report
        self.pool = pool
        self.metrics = metrics or GreenMetrics()
        self.cancel_grace_s = cancel_grace_s
        self._runs: dict[str, _Run] = {}

    # ------------------------------------------------------------------ A2A entry points
    async def execute(self, context: RequestContext, event_queue: EventQueue) -> None:
        task_id, context_id = context.task_id or "", context.context_id or ""
        run = _Run(TaskUpdater(event_queue, task_id, context_id))
        self._runs[task_id] = run
        try:
            if context.current_task is None and context.message is not None:
                await event_queue.enqueue_event(new_task_from_user_message(context.message))
            await self._execute(context, run, task_id, context_id)
        except asyncio.CancelledError:
            # The SDK cancelled us (a cancel that outlasted the grace period, or shutdown): record it, and do not
            # re-raise, so that the terminal state still reaches the queue.
            log.info("assessment_cancelled_hard", task_id=task_id)
            await self._finish(run, State.TASK_STATE_CANCELED, "The assessment was cancelled before it could finish.")
        except Exception as exc:
            log.exception("assessment_failed", task_id=task_id)
            await self._finish(run, State.TASK_STATE_FAILED, f"The green agent failed: {type(exc).__name__}: {exc}")
        finally:
            run.done.set()
            self._runs.pop(task_id, None)

    async def cancel(self, context: RequestContext, event_queue: EventQueue) -> None:
        run = self._runs.get(context.task_id or "")
        if run is None:
            return  # not running here: the SDK records the task as canceled itself
        log.info("assessment_cancel_requested", task_id=context.task_id)
        run.cancel.set()
        try:
            await asyncio.wait_for(run.done.wait(), self.cancel_grace_s)
        except TimeoutError:
            log.warning("assessment_cancel_slow", task_id=context.task_id, grace_s=self.cancel_grace_s)

    # ------------------------------------------------------------------ the work
    async def _execute(self, context: RequestContext, run: _Run, task_id: str, context_id: str) -> None:
        try:
            request = parse_request(request_from_message(context.message))
            if self.gateway_proxy is not None:
                request = self.gateway_proxy.route(request)
            work = self.runner.plan(request)
        except RequestError as exc:
            log.info("assessment_rejected", task_id=task_id, reason=str(exc))
            await self._finish(run, State.TASK_STATE_REJECTED, f"Invalid assessment request: {exc}")
            return
        self.metrics.assessment_started()
        started = _started(request, work, task_id)
        await run.updater.start_work(message=run.updater.new_agent_message([text_part(started.text),
                                                                            json_part(started.payload())]))
        pool = self.pool()
        if pool is None:
            raise RuntimeError("no UES pool is configured")
        try:
            async with contextlib.AsyncExitStack() as stack:
                lease = await unless_cancelled(stack.enter_async_context(pool.lease(context_id)), run.cancel)
                outcome = await self.runner.run(request, work, assessment_id=task_id, lease=lease,
                                                emit=run.progress, cancel=run.cancel)
        except Cancelled:
            await self._finish(run, State.TASK_STATE_CANCELED, "The assessment was cancelled before it started.")
            return
        report = f"\nReport: {self.report_url(task_id)}" if outcome.report is not None and outcome.report_public \
            and self.report_url is not None else ""
        parts = [text_part(_not_json(outcome.summary_text + report))]
        parts += [json_part(row.wire()) for row in outcome.rows]
        await run.updater.add_artifact(parts, name="Result")
        self.metrics.observe_trials(outcome.trials)
        if outcome.cancelled:
            await self._finish(run, State.TASK_STATE_CANCELED, "The assessment was cancelled; partial results are "
                                                                "attached.")
        elif all_errored(outcome.trials):
            log.warning("assessment_errored", task_id=task_id, reasons=errored_reasons(outcome.trials))
            await self._finish(run, State.TASK_STATE_FAILED, errored_text(outcome.trials, request) + report)
        else:
            await self._finish(run, State.TASK_STATE_COMPLETED)

    async def _finish(self, run: _Run, state: a2a_pb2.TaskState, text: str | None = None) -> None:
        """Count the terminal state (once) and send it."""
        if run.terminal is None:
            self.metrics.assessment_finished(State.Name(state).removeprefix("TASK_STATE_").lower())
        await run.finish(state, text)


def _started(request: AssessmentRequest, work: list[PlannedTrial], assessment_id: str) -> ProgressUpdate:
    """The one ``update_assessment_started``: what was accepted and the planned trials with their seeds."""
    selection = request.scenario_selection()
    what = "all scenarios" if selection == "all" else ", ".join(selection)
    given = f" (given as {request.participant_url_given})" if request.participant_url_given else ""
    return ProgressUpdate(
        text=(f"Assessment accepted: {what} × {request.config.trials} trial(s) against {request.participant_role} "
              f"at {request.participant_url}{given}."),
        type=ProgressType.ASSESSMENT_STARTED,
        data={"phase": "accepted", "assessment_id": assessment_id, "participant": request.participant_role,
              "participant_id": request.participant_id, "participant_url": request.participant_url,
              "participant_url_given": request.participant_url_given, "warnings": request.warnings,
              "trials": [{"scenario_id": w.scenario_id, "trial": w.trial, "seed": w.seed} for w in work]})
