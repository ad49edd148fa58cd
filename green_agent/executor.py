"""The green's A2A ``AgentExecutor``: request → rejected, or → world lease → runner → ``Result`` artifact.

Event order (a2a-sdk 1.x is strict): the Task first, then ``working`` updates, then at most one artifact, then
exactly one terminal state — ``rejected`` (bad request, with a message naming the field), ``completed``,
``canceled`` or ``failed`` (the green itself cannot go on). Nothing escapes ``execute()``: an exception there
would reach the caller as a bare JSON-RPC error with no terminal state.

Cancel (``tasks/cancel``) sets the task's cancel event; the runner stops at its next safe point and its outcome
(``cancelled=True``) still becomes the ``Result`` artifact before ``canceled``. If the runner does not stop within
``cancel_grace_s`` the SDK cancels ``execute()`` and the task ends ``canceled`` without an artifact.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import structlog
from a2a.helpers.proto_helpers import new_task_from_user_message
from a2a.server.agent_execution import AgentExecutor, RequestContext
from a2a.server.events import EventQueue
from a2a.server.tasks import TaskUpdater
from a2a.types import a2a_pb2

from green_agent.a2a_app import data_part, first_data_object, text_part
from green_agent.protocol import AssessmentRequest, RequestError, parse_request

if TYPE_CHECKING:
    from green_agent.server import GreenMetrics
    from ues_pool.pool import UESPool

log = structlog.get_logger("green.executor")

State = a2a_pb2.TaskState


class Progress(Protocol):
    """A protocol.md §3 progress update (``green_agent.protocol.ProgressUpdate`` fits)."""

    text: str
    data: dict[str, Any]


class Outcome(Protocol):
    """What the runner returns."""

    summary_text: str
    rows: list[dict[str, Any]]
    cancelled: bool


Emit = Callable[[Progress], Awaitable[None]]
# async def run_assessment(request, *, assessment_id, context_id, lease, emit, cancel) -> Outcome
Runner = Callable[..., Awaitable[Outcome]]
PoolSource = Callable[[], "UESPool | None"]


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
    except ValueError:
        return text or "Assessment finished."
    return f"Assessment summary: {text}"


def _field(obj: Any, name: str) -> Any:
    return obj.get(name) if isinstance(obj, dict) else getattr(obj, name)


@dataclass
class _Run:
    """Book-keeping of one execute(): its updater and whether a terminal state was sent."""

    updater: TaskUpdater
    cancel: asyncio.Event = field(default_factory=asyncio.Event)
    done: asyncio.Event = field(default_factory=asyncio.Event)
    terminal: State.ValueType | None = None

    async def finish(self, state: State.ValueType, text: str | None = None) -> None:
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


class AssessmentExecutor(AgentExecutor):
    """Runs one assessment per A2A task; assessments of one context run one after another."""

    def __init__(self, runner: Runner, pool: PoolSource | None = None, metrics: GreenMetrics | None = None, *,
                 cancel_grace_s: float = 15.0,
                 validate: Callable[[AssessmentRequest], None] | None = None) -> None:
        self.runner = runner
        # Checks what parsing cannot (e.g. that the scenarios exist); raises RequestError → rejected.
        self.validate = validate
        self.pool = pool or (lambda: None)
        self.metrics = metrics
        self.cancel_grace_s = cancel_grace_s
        self._runs: dict[str, _Run] = {}
        self._contexts: dict[str, tuple[asyncio.Lock, list[int]]] = {}

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
            self._count_finished(State.TASK_STATE_CANCELED, run)
            await run.finish(State.TASK_STATE_CANCELED, "The assessment was cancelled before it could finish.")
        except Exception as exc:
            log.exception("assessment_failed", task_id=task_id)
            self._count_finished(State.TASK_STATE_FAILED, run)
            await run.finish(State.TASK_STATE_FAILED, f"The green agent failed: {type(exc).__name__}: {exc}")
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
        updater = run.updater
        try:
            request = parse_request(request_from_message(context.message))
            if self.validate is not None:
                self.validate(request)
        except RequestError as exc:
            log.info("assessment_rejected", task_id=task_id, reason=str(exc))
            self._count_finished(State.TASK_STATE_REJECTED, run)
            await run.finish(State.TASK_STATE_REJECTED, f"Invalid assessment request: {exc}")
            return
        if self.metrics is not None:
            self.metrics.assessment_started()
        # Like every working update (protocol.md §3): a sentence plus the structured update.
        accepted = {"message_type": "update_assessment_started", "phase": "accepted", "assessment_id": task_id,
                    "participant_url": request.participant_url, "warnings": request.warnings}
        await updater.start_work(message=updater.new_agent_message([text_part(self._accepted_text(request)),
                                                                    data_part(accepted)]))

        if not await self._lock_context(context_id, run.cancel):
            self._count_finished(State.TASK_STATE_CANCELED, run)
            await run.finish(State.TASK_STATE_CANCELED, "The assessment was cancelled before it started.")
            return
        try:
            pool = self.pool()
            if pool is None:
                raise RuntimeError("no UES pool is configured")
            lease = await pool.acquire(context_id)
            if run.cancel.is_set():
                self._count_finished(State.TASK_STATE_CANCELED, run)
                await run.finish(State.TASK_STATE_CANCELED, "The assessment was cancelled before it started.")
                return

            async def emit(progress: Progress) -> None:
                await self._emit(run, progress)

            with pool.in_use(lease):
                outcome = await self.runner(request, assessment_id=task_id, context_id=context_id, lease=lease,
                                            emit=emit, cancel=run.cancel)
        finally:
            self._unlock_context(context_id)

        rows = list(outcome.rows)
        parts = [text_part(_not_json(outcome.summary_text))] + [data_part(row) for row in rows]
        await updater.add_artifact(parts, name="Result")
        if self.metrics is not None:
            self.metrics.observe_rows(rows)
        state = State.TASK_STATE_CANCELED if outcome.cancelled else State.TASK_STATE_COMPLETED
        self._count_finished(state, run)
        await run.finish(state, "The assessment was cancelled; partial results are attached."
                         if outcome.cancelled else None)

    async def _emit(self, run: _Run, progress: Progress) -> None:
        """A progress update → one ``working`` status update (TextPart sentence + DataPart update)."""
        if run.terminal is not None:
            return
        try:
            message = run.updater.new_agent_message([text_part(str(_field(progress, "text"))),
                                                     data_part(dict(_field(progress, "data")))])
            await run.updater.update_status(State.TASK_STATE_WORKING, message=message)
        except Exception as exc:  # a progress update must never break the assessment
            log.warning("progress_not_sent", task_id=run.updater.task_id, error=repr(exc))

    @staticmethod
    def _accepted_text(request: AssessmentRequest) -> str:
        selection = request.scenario_selection()
        what = "all scenarios" if selection == "all" else ", ".join(selection)
        return (f"Assessment accepted: {what} × {request.config.trials} trial(s) against "
                f"{request.participant_role} at {request.participant_url}.")

    def _count_finished(self, state: State.ValueType, run: _Run) -> None:
        if self.metrics is not None and run.terminal is None:
            self.metrics.assessment_finished(State.Name(state).removeprefix("TASK_STATE_").lower())

    # ------------------------------------------------------------------ one assessment per context at a time
    async def _lock_context(self, context_id: str, cancel: asyncio.Event) -> bool:
        """Wait for the context's lock; False (and not held) when the assessment is cancelled first."""
        lock, users = self._contexts.setdefault(context_id, (asyncio.Lock(), [0]))
        users[0] += 1
        acquire = asyncio.ensure_future(lock.acquire())
        cancelled = asyncio.ensure_future(cancel.wait())
        waited = False
        keep = False
        try:
            await asyncio.wait({acquire, cancelled}, return_when=asyncio.FIRST_COMPLETED)
            waited = True
        finally:
            cancelled.cancel()
            if not acquire.done():
                acquire.cancel()  # a cancelled Lock.acquire() never ends up holding the lock
            held = acquire.done() and not acquire.cancelled() and acquire.exception() is None
            keep = waited and held and not cancel.is_set()
            if not keep:
                if held:
                    lock.release()
                self._drop_context_user(context_id)
        return keep

    def _unlock_context(self, context_id: str) -> None:
        entry = self._contexts.get(context_id)
        if entry is not None:
            entry[0].release()
            self._drop_context_user(context_id)

    def _drop_context_user(self, context_id: str) -> None:
        entry = self._contexts.get(context_id)
        if entry is None:
            return
        entry[1][0] -= 1
        if entry[1][0] <= 0 and not entry[0].locked():
            self._contexts.pop(context_id, None)

