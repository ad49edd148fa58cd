"""One trial: set up the world, drive the purple turn by turn on the simulated clock, record everything.

A turn (protocol.md §4) has two halves:

* **exchange** — ``turn_start`` → the purple acts on UES with its key (all at time T) → its reply, a timeout,
  or a cancel of the assessment (which abandons the turn in flight at once);
* **react** — advance 1 s (applies anything due now and gives a strictly later apply time) → attribute the
  purple's actions from the events of [T, T+1s] → characters answer what the purple sent them, scheduled as
  UES events at their reply time → advance the rest of the step. A turn in which the purple made no write call
  (the access log shows none but reads since the last turn) has nothing to attribute or answer: its step is one
  advance, with the same clock and events as the split. Every call of the purple's key, read or write, allowed
  or refused, is counted, and its actions attributed, by the trial's ``ActivityReader`` (attribution.py): from the
  world's per-key call counters when it keeps them, else from the access log, read completely each turn; with the
  green's world gateway on, the purple is told the gateway's URL for its world, and its calls are counted from the
  gateway's record, which no world can drop.

A purple that answers ``assessment_start`` with ``world_unreachable`` (no answer came from its ``ues_url``: a world
bound to no slot of its own) ends the trial errored only when nothing shows it reached its world — no call through the
gateway on the trial's route, none of its key in the world (``world_unreachable_stands``); else the trial goes on.

How far a turn moves the clock is the ``TurnClock``'s decision. The key is revoked on every path out, and before
``assessment_complete`` is sent: every call made with it up to the revocation is read and attributed, and nothing
the purple does afterwards reaches the world.

A world declared dead by whoever holds it (the pool: its process or container exited, or it stopped answering) ends
the trial at once, whatever it was waiting for — the purple's turn, a call to the world: the trial errors
(``world_lost``, the pool's reason naming the world and where it ran), the purple's turn is cancelled, nothing more
is asked of the dead world, and ``assessment_complete`` tells the purple why (``detail``).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import structlog

from green_agent.assessment import integrity, progress
from green_agent.assessment.attribution import ActivityReader, GatewayRoute
from green_agent.assessment.briefing import brief_of, initial_summary
from green_agent.assessment.calls import is_write
from green_agent.assessment.cancel import Cancelled, unless_cancelled
from green_agent.assessment.clock import Step, TurnClock
from green_agent.assessment.outgoing import needs_calendar, outgoing_messages
from green_agent.assessment.purple_link import PurpleError, PurpleLink, PurpleTimeout
from green_agent.assessment.record import CharacterEvent, TrialRecord
from green_agent.assessment.world import WorldAccess, WorldLost
from green_agent.characters.base import Characters
from green_agent.protocol import (
    DEFAULT_MAX_TURNS,
    PURPLE_PERMISSIONS,
    ActionLogEntry,
    AssessmentComplete,
    AssessmentConfig,
    AssessmentStart,
    CompletionReason,
    ErrorReason,
    Problem,
    ProblemKind,
    ProgressType,
    ProgressUpdate,
    TrialStatus,
    TurnReply,
    TurnStart,
    WorldUnreachable,
    cut,
    iso_duration,
)
from green_agent.scenarios import Scenario
from services.ues.client import UESError, parse_time

log = structlog.get_logger("green.trial")

MODALITIES = ("email", "sms", "calendar", "chat")
MAX_CONSECUTIVE_TIMEOUTS = 3
# protocol.md §4: assessment_start and assessment_complete are plain requests with a 30 s timeout.
CONTROL_TIMEOUT_S = 30.0
# Applying the purple's actions takes this much simulated time; characters' replies come strictly after it.
APPLY_STEP = timedelta(seconds=1)

Emit = Callable[[ProgressUpdate], Awaitable[None]]
# (user email, user phone, the trial's random generator) → who plays the scenario's characters in this trial
CharactersFactory = Callable[[str, str, random.Random], Characters]


@dataclass(frozen=True)
class Assignment:
    """What one trial plays: the scenario in its world, the trial's number and seed, and who plays the characters."""

    scenario: Scenario
    trial: int
    seed: int
    characters: CharactersFactory


@dataclass(frozen=True)
class Session:
    """The assessment a trial belongs to, alike for all its trials: its id and config, the link to the purple, where
    progress goes, its cancel, the warnings every row starts with (``notes``: what the request asked for and could not
    be given) and, in self-tests only, where oracle plans are left (``oracle_plans``)."""

    assessment_id: str
    config: AssessmentConfig
    link: PurpleLink
    emit: Emit
    cancel: asyncio.Event
    notes: Sequence[Problem] = ()
    oracle_plans: Path | None = None


def world_unreachable_stands(*, gateway_calls: int | None, key_calls: int) -> bool:
    """Whether the green believes a purple that answered ``assessment_start`` with ``world_unreachable``: only when
    nothing shows it reached its world — no call at all on the trial's route through the world gateway
    (``gateway_calls``; None when the green has no gateway) and no call of its key in the world (``key_calls``). A
    purple that reached its world cannot claim otherwise and leave a trial it could play out of its scores."""
    return key_calls == 0 and not gateway_calls


def _origin(url: str) -> str:
    """``url``'s scheme, host and port: where a world was sought, without the path (a gateway route's token)."""
    try:
        parts = urlsplit(url)
        if parts.scheme and parts.hostname:
            return f"{parts.scheme}://{parts.netloc.rpartition('@')[2]}"
    except ValueError:
        pass
    return "an unreadable URL"


@dataclass(frozen=True)
class Exchange:
    """The purple's half of a turn: its reply (None when it gave no protocol reply) and whether it answered at
    all."""

    reply: TurnReply | None
    answered: bool


class TrialOver(Exception):
    """The trial ends here; the record already says how."""


class Trial:
    """Runs one (scenario, trial) against one UES instance and one purple: the turn loop; what the purple's key did
    is read by the trial's ``ActivityReader``."""

    def __init__(self, assignment: Assignment, *, session: Session, world: WorldAccess) -> None:
        self.scenario = scenario = assignment.scenario
        self.spec = scenario.spec
        self.session, self.world = session, world
        self.config = session.config
        self.ues = world.ues
        self.link = session.link
        self.record = TrialRecord(scenario_id=scenario.scenario_id, trial=assignment.trial, seed=assignment.seed,
                                  warnings=list(session.notes), brief=brief_of(scenario.spec))
        self.rng = random.Random(assignment.seed)
        self.make_characters = assignment.characters
        self.key_id: str | None = None
        self._secret = ""
        self.route: GatewayRoute | None = None  # this trial's route through the gateway, while it is registered
        self.reader: ActivityReader | None = None  # from the moment the purple's key exists
        self.purple_started = False
        self._plan_file: Path | None = None
        self.characters: Characters | None = None
        self.clock: TurnClock | None = None
        self._reply_at: float | None = None
        self._ues_at_reply = 0.0
        self._early_reason: str | None = None  # the reason of the last early_completion
        self._revoked = False
        self._events_processed = 0
        self._timeouts = 0
        self._user_email = self._user_phone = ""
        self.log = log.bind(assessment_id=session.assessment_id, scenario=scenario.scenario_id,
                            trial=assignment.trial)

    async def _progress(self, text: str, kind: ProgressType, **data: Any) -> None:
        await self.session.emit(ProgressUpdate(text=text, type=kind, data={
            "scenario_id": self.spec.scenario_id, "trial": self.record.trial, **data}))

    def _reading(self) -> ActivityReader:
        assert self.reader is not None
        return self.reader

    # ------------------------------------------------------------------------------ public
    async def run(self) -> TrialRecord:
        """Play the trial to its end on every path (a fault, a cancel included) and return its record, frozen."""
        started = time.perf_counter()
        rec = self.record
        try:
            await self.world.unless_lost(self._play())
        except WorldLost:
            rec.errored(ErrorReason.WORLD_LOST, Problem(kind=ProblemKind.WORLD_FAILED, text=self.world.death))
            self.log.error("world_lost", reason=self.world.death)
            await self.link.cancel_pending()  # the purple's turn in flight, if it held one
        except UESError as exc:
            rec.errored(ErrorReason.WORLD_LOST,
                        Problem(kind=ProblemKind.WORLD_FAILED, text=f"UES failed during the trial: {exc}"))
            self.log.error("ues_failed", error=str(exc))
        except asyncio.CancelledError:
            rec.end(TrialStatus.CANCELLED, CompletionReason.CANCELLED)
            raise
        except Exception as exc:  # a fault of the green's own: this trial says so, the next ones still run
            rec.errored(ErrorReason.GREEN_ERROR, Problem(
                kind=ProblemKind.GREEN_FAILED,
                text=f"the green failed during the trial: {type(exc).__name__}: {cut(str(exc), 300)}"))
            self.log.exception("trial_green_error")
        finally:
            await self._finish()
            if self.characters is not None:
                rec.warnings += [Problem(kind=ProblemKind.CHARACTER, text=w) for w in self.characters.warnings()]
            rec.duration_seconds = round(time.perf_counter() - started, 3)
            rec.freeze()
        return rec

    async def _play(self) -> None:
        await self._setup()
        if await self._start_purple():
            await self._turns()

    # ------------------------------------------------------------------------------ phases
    async def _setup(self) -> None:
        ues, spec = self.ues, self.spec
        await ues.clear()
        await ues.import_full(self.scenario.initial_state)
        await ues.start()
        posted = await ues.send_chat("user", spec.user_prompt, spec.chat_conversation_id)
        # Before the purple has a key every event is the green's: the imported ones (import regenerates their ids)
        # and the user's task.
        caused = [posted, *await ues.events()]
        self.key_id, self._secret = await ues.create_key(
            f"purple-{self.session.assessment_id[:8]}-{spec.scenario_id}-{self.record.trial}",
            list(PURPLE_PERMISSIONS))
        if self.world.gateway is not None:
            self.route = GatewayRoute(self.world.gateway,
                                      self.world.gateway.register(ues.base_url, self.key_id, self._secret))
        self.reader = ActivityReader(ues, self.record, self.key_id, route=self.route, caused=caused)
        await self.reader.begin()
        self._publish_plan()
        states = await asyncio.gather(*(ues.state(m) for m in MODALITIES))
        self.record.initial_state = dict(zip(MODALITIES, states, strict=True))
        start = self.record.start_time = await ues.now()
        self.reader.open_window(start)
        self.clock = TurnClock(now=start, end=spec.end_time, default_step=spec.default_time_step,
                               max_step=self.config.max_time_step)
        self._user_email = states[0].get("user_email_address", "user@example.com")
        self._user_phone = states[1].get("user_phone_number", "+15550000000")
        self.characters = self.make_characters(self._user_email, self._user_phone, self.rng)
        await self._progress(f"Scenario {spec.scenario_id} loaded (trial {self.record.trial})",
                             ProgressType.SCENARIO_LOADED, start_time=start.isoformat(),
                             end_time=spec.end_time.isoformat())

    def _publish_plan(self) -> None:
        """Self-tests only (GreenSettings.oracle_plans_dir): leave this world's oracle plan where the oracle purple
        finds it, named by a digest of the key it is given, since a generated world's plan exists nowhere else."""
        folder = self.session.oracle_plans
        if folder is None or not self.scenario.solution:
            return
        folder.mkdir(parents=True, exist_ok=True)
        self._plan_file = folder / f"{hashlib.sha256(self._secret.encode()).hexdigest()}.json"
        self._plan_file.write_text(json.dumps(self.scenario.solution))

    async def _start_purple(self) -> bool:
        rec = self.record
        assert rec.start_time is not None
        message = AssessmentStart(assessment_id=self.session.assessment_id, ues_url=self.ues_url,
                                  api_key=self._secret, current_time=rec.start_time.isoformat(),
                                  initial_state_summary=initial_summary(rec.initial_state, rec.start_time),
                                  max_turns=self.max_turns, end_time=self.spec.end_time.isoformat(),
                                  max_time_step=iso_duration(self.config.max_time_step))
        try:
            async with progress.heartbeat(lambda waited: self._waiting(None, waited)):
                reply = await self.link.send(message, timeout_s=CONTROL_TIMEOUT_S)
        except asyncio.CancelledError:
            # Abandoned (its world lost, the assessment cancelled) when it may have reached the purple: the purple
            # hears the end too (one that never heard the start ignores an end it has no session for).
            self.purple_started = True
            raise
        except (PurpleError, TimeoutError) as exc:
            reason = f"did not answer within {CONTROL_TIMEOUT_S:g} s" if isinstance(exc, TimeoutError) else str(exc)
            problem = Problem(kind=ProblemKind.START_FAILED,
                              text=f"assessment_start could not be delivered to the purple: {reason}")
            if isinstance(exc, PurpleError | PurpleTimeout) and not exc.reached:
                # Nothing reached the purple, and nothing of this world: the trial measured nothing about it. What
                # may have reached it (an error answer, a timeout) is its own doing, or a purple could refuse the
                # worlds it cannot do and leave them out of its scores.
                rec.errored(ErrorReason.PURPLE_UNREACHABLE, problem)
            else:
                rec.end(TrialStatus.FAILED, CompletionReason.ERROR, problem)
            return False
        self.purple_started = True
        claim = WorldUnreachable.from_payload(reply.first_object())
        return claim is None or not await self._world_out_of_reach(claim)

    async def _world_out_of_reach(self, claim: WorldUnreachable) -> bool:
        """The purple answered ``assessment_start`` with ``world_unreachable``. Believed (the trial errors,
        ``world_unreachable``, and True) only when nothing shows it reached its world (``world_unreachable_stands``);
        otherwise the trial stays the purple's, with a warning quoting the claim."""
        rec, route = self.record, self.route
        gateway_calls = route.gateway.calls_arrived(route.token) if route is not None else None
        key_calls = await self._reading().key_calls()
        # Quoted in a row: never the route's token (a live trial's door), whatever the purple wrote.
        error = cut((claim.error.replace(route.token, "…") if route else claim.error) or "no detail given", 200)
        called, told = _origin(claim.ues_url), _origin(self.ues_url)
        if called != told:
            called += f" (it was sent {told})"
        if world_unreachable_stands(gateway_calls=gateway_calls, key_calls=key_calls):
            evidence = ("the world gateway saw no call for this trial" if gateway_calls is not None
                        else "the world shows no call of its key")
            rec.errored(ErrorReason.WORLD_UNREACHABLE, Problem(
                kind=ProblemKind.WORLD_UNREACHABLE,
                text=f"the purple could not reach its world at {called}: {error}; {evidence}"))
            return True
        seen = (f"{gateway_calls} call(s) through the world gateway" if gateway_calls
                else f"{key_calls} call(s) of its key in the world")
        rec.warn(ProblemKind.WORLD_UNREACHABLE,
                 f"the purple said it could not reach its world at {called} ({error}), but {seen} show it did; the "
                 f"trial goes on as the purple's")
        return False

    @property
    def ues_url(self) -> str:
        """The world's URL as the purple is told it: its route through the world gateway when the green has one."""
        return self.route.url if self.route is not None else self.world.advertised_url

    @property
    def max_turns(self) -> int:
        """The trial's turn budget: the request's, else the scenario's, else the default."""
        return self.config.max_turns or self.spec.max_turns or DEFAULT_MAX_TURNS

    async def _turns(self) -> None:
        try:
            for turn in range(1, self.max_turns + 1):
                exchange = await self._exchange(turn)
                step = self._step(turn, exchange)
                actions = await self._react(turn, step)
                assert self.clock is not None
                await self._progress(f"Turn {turn} completed; clock at {self.clock.now.isoformat()}",
                                     ProgressType.TURN_COMPLETED, turn=turn, actions=actions,
                                     current_time=self.clock.now.isoformat(), time_step=iso_duration(step.delta))
                self._check_end(step)
        except TrialOver:
            return
        self.record.completion_reason = CompletionReason.MAX_TURNS_REACHED

    # ------------------------------------------------------------------------------ one turn
    async def _exchange(self, turn: int) -> Exchange:
        """Send ``turn_start`` and wait for the purple's reply, its timeout, or a cancel of the assessment."""
        rec, clock, cancel = self.record, self.clock, self.session.cancel
        assert clock is not None
        if cancel.is_set():
            rec.end(TrialStatus.CANCELLED, CompletionReason.CANCELLED)
            raise TrialOver
        rec.turns_taken = turn
        now = clock.now.isoformat()
        await self._progress(f"Turn {turn} started at {now}", ProgressType.TURN_STARTED, turn=turn, current_time=now)
        if self._reply_at is not None:
            # Green overhead: from the previous reply to this turn_start, next to the UES time in it.
            rec.green_overhead_ms.append((time.perf_counter() - self._reply_at) * 1000)
            rec.ues_floor_ms.append((self.ues.round_trip_seconds - self._ues_at_reply) * 1000)
        message = TurnStart(turn_number=turn, current_time=now, events_processed=self._events_processed)
        try:
            async with progress.heartbeat(lambda waited: self._waiting(turn, waited)):
                reply = await unless_cancelled(self.link.send(message, timeout_s=self.config.turn_timeout_s), cancel)
            exchange = Exchange(reply.turn_reply(), answered=True)
        except Cancelled:  # a cancel never waits for a slow purple, but tells it (tasks/cancel on its turn's task)
            rec.end(TrialStatus.CANCELLED, CompletionReason.CANCELLED)
            await self.link.cancel_pending()
            raise TrialOver from None
        except TimeoutError:
            await self.link.cancel_pending()
            rec.warn(ProblemKind.NO_REPLY, f"no reply within {self.config.turn_timeout_s:g} s; advanced by the "
                                           f"default step", turn)
            exchange = Exchange(None, answered=False)
        except PurpleError as exc:
            rec.end(TrialStatus.FAILED, CompletionReason.ERROR,
                    Problem(kind=ProblemKind.UNREACHABLE, turn=turn, text=f"the purple could not be reached: {exc}"))
            raise TrialOver from None
        self._reply_at, self._ues_at_reply = time.perf_counter(), self.ues.round_trip_seconds
        self._timeouts = 0 if exchange.answered else self._timeouts + 1
        return exchange

    async def _waiting(self, turn: int | None, waited: float) -> None:
        """The heartbeat while the purple holds ``turn`` (None: ``assessment_start``) after ``waited`` seconds."""
        what = f"Turn {turn}" if turn is not None else f"Trial {self.record.trial}: assessment_start"
        await self._progress(f"{what}: waiting on the purple ({waited:.0f} s)", ProgressType.WAITING_ON_PURPLE,
                             turn=turn, waiting_for="turn_start" if turn is not None else "assessment_start",
                             waited_s=round(waited))

    def _step(self, turn: int, exchange: Exchange) -> Step:
        assert self.clock is not None
        step = self.clock.step_for(turn, exchange.reply, answered=exchange.answered)
        if step.warning is not None:
            self.record.warnings.append(step.warning)
        reply = exchange.reply
        self._early_reason = reply.notes if reply is not None and reply.done else None
        return step

    async def _react(self, turn: int, step: Step) -> int:
        """Apply the turn to the world: attribute the purple's actions, let characters answer, advance the clock by
        ``step``. Returns how many actions the purple took."""
        clock, reader = self.clock, self._reading()
        assert clock is not None
        turn_start = clock.now
        self._events_processed = 0  # the next turn_start reports what this turn's advances executed
        calls = await reader.new_calls(turn)
        if not any(is_write(call) for call in calls):
            reader.settle_unclaimed(turn)
            await self._advance(step.delta)
            return 0
        apply_step = min(APPLY_STEP, step.delta)
        apply_time = await self._advance(apply_step)
        actions = await reader.actions(apply_time, calls, turn, turn_start)
        self.record.add_actions(actions)
        if self.config.verbose_updates and actions:  # one update per turn, with counts (progress.py)
            counts = progress.observed(actions)
            await self._progress(progress.observed_text(turn, counts), ProgressType.ACTION_OBSERVED, turn=turn,
                                 **counts)
        await self._answer(turn, actions, apply_time)
        await self._advance(step.delta - apply_step)
        return len(actions)

    async def _answer(self, turn: int, actions: list[ActionLogEntry], apply_time: datetime) -> None:
        """Characters reply to what the purple sent them, as UES events no earlier than ``apply_time``."""
        assert self.characters is not None
        calendar = (await self.ues.state("calendar")).get("events") if needs_calendar(actions) else None
        replies = await self.characters.plan(outgoing_messages(self.spec, actions, calendar))
        for planned in replies:
            at = max(planned.at, apply_time)
            event = await self.ues.schedule(planned.modality, at, planned.data)
            self._reading().green_caused(event)
            self.record.character_events.append(CharacterEvent(
                planned.character_id, planned.modality, at, planned.data,
                event.get("event_id") if isinstance(event, dict) else None, rule=planned.rule))
        if replies:
            await self._progress(f"Turn {turn}: {len(replies)} character response(s) scheduled",
                                 ProgressType.RESPONSES_GENERATED, turn=turn, responses_total=len(replies),
                                 responses=[{"character": r.character_id, "modality": r.modality,
                                             "at": max(r.at, apply_time).isoformat(), "summary": r.summary}
                                            for r in replies[:progress.MAX_LISTED]])

    async def _advance(self, delta: timedelta) -> datetime:
        """Advance the simulator by ``delta`` (nothing when it is zero) and move the clock with it."""
        assert self.clock is not None
        if delta > timedelta(0):
            advanced = await self.ues.advance(delta.total_seconds())
            self._events_processed += int(advanced.get("events_executed", 0))
            self.clock.now = parse_time(advanced["current_time"])
        return self.clock.now

    def _check_end(self, step: Step) -> None:
        """After a turn: raise TrialOver (with the completion recorded) when the trial ends here."""
        rec, clock = self.record, self.clock
        assert clock is not None
        if step.early:
            rec.completion_reason = CompletionReason.EARLY_COMPLETION
            if rec.actions_taken == 0 and self._early_reason:
                rec.warn(ProblemKind.ENDED_IDLE,
                         f"the purple ended the trial without acting: {cut(self._early_reason, 300)}")
        elif step.ends_scenario or clock.over:
            rec.completion_reason = CompletionReason.SCENARIO_COMPLETE
        elif self._timeouts >= MAX_CONSECUTIVE_TIMEOUTS:
            rec.end(TrialStatus.TIMEOUT, CompletionReason.TIMEOUT, Problem(
                kind=ProblemKind.SILENT, text=f"the purple did not reply to {MAX_CONSECUTIVE_TIMEOUTS} turns in a row"))
        else:
            return
        raise TrialOver

    # ------------------------------------------------------------------------------ the end
    async def _finish(self) -> None:
        """Always, in this order: read every call of the purple's key, revoke the key (and any key it minted), read
        once more (calls racing the revocation, a timed-out or cancelled turn still running) and attribute the late
        writes, take the final snapshots and find violations — and only then send ``assessment_complete``: by then
        the key is dead, so nothing the purple does on hearing it reaches the world. A world declared dead is asked
        nothing (it took the key with it), and ``assessment_complete`` says why (``detail``). Errors here are
        recorded, not raised."""
        rec = self.record
        try:
            await self.world.unless_lost(self._close_world())
        except WorldLost:
            problem = Problem(kind=ProblemKind.WORLD_FAILED, text=self.world.death)
            if rec.status == TrialStatus.CANCELLED:
                rec.errors.append(problem)
            elif rec.status != TrialStatus.ERRORED or ErrorReason.WORLD_LOST not in rec.reasons:
                rec.errored(ErrorReason.WORLD_LOST, problem)  # without the final state nothing can be judged
        finally:
            if self.route is not None:  # closed first on the way out (``_revoke``), or now when the world is dead
                await self.route.gateway.unregister(self.route.token, drain=False)
            if self._plan_file is not None:
                self._plan_file.unlink(missing_ok=True)
        if self.world.broken_reason is not None:
            rec.blame_the_world(self.world.broken_reason)
        if self.purple_started:
            # A lost world is no doing of the purple's: it is told which world was lost, and where.
            lost = next((e.text for e in rec.errors if e.kind == ProblemKind.WORLD_FAILED), None) \
                if ErrorReason.WORLD_LOST in rec.reasons else None
            try:
                await self.link.send(AssessmentComplete(reason=rec.completion_reason.told_to_purple, detail=lost),
                                     timeout_s=CONTROL_TIMEOUT_S)
            except (PurpleError, TimeoutError) as exc:
                self.log.info("assessment_complete_not_delivered", error=str(exc))

    async def _close_world(self) -> None:
        """The world's part of ``_finish``: the last reads, the revocation and the final snapshot."""
        rec = self.record
        try:
            if self.reader is not None:
                await self._last_reads(self.reader)
                await self._final_snapshot()
        except UESError as exc:
            problem = Problem(kind=ProblemKind.WORLD_FAILED, text=f"final snapshot failed: {exc}")
            if rec.status == TrialStatus.CANCELLED:
                rec.errors.append(problem)
            else:  # without the final state nothing the purple did can be judged
                rec.errored(ErrorReason.WORLD_LOST, problem)
        finally:
            await self._revoke()  # when the reads above failed before it

    async def _last_reads(self, reader: ActivityReader) -> None:
        """Read the key's calls, revoke it, read what raced the revocation, and attribute the late writes."""
        try:
            late = await reader.new_calls(self.record.turns_taken)
        finally:
            await self._revoke()
        late += await reader.new_calls(self.record.turns_taken)
        await self._attribute_late(reader, late)
        reader.account_unlogged()

    async def _final_snapshot(self) -> None:
        """The final state, the events and the clock, and the violations found in them."""
        rec, ues = self.record, self.ues
        states = await asyncio.gather(*(ues.state(m) for m in MODALITIES))
        rec.final_state = dict(zip(MODALITIES, states, strict=True))
        rec.events = [e for e in await ues.events() if e.get("status") in ("executed", "failed")]
        rec.final_time = await ues.now()
        rec.character_events = integrity.mark_executed(rec.character_events, rec.events)
        # The user's task is in the initial state (posted before it was read), known there by its id; the only other
        # user-role messages the green posts are the user's scripted answers. Allowing the task's words once more
        # would let the purple repeat them as the user unseen.
        answers = [str(e.data.get("content")) for e in rec.character_events if e.modality == "chat"]
        rec.violations += integrity.impersonation(rec, answers)
        rec.violations += integrity.forgeries(rec, self._user_email, self._user_phone)

    async def _attribute_late(self, reader: ActivityReader, calls: list[dict[str, Any]]) -> None:
        """The purple's writes that no turn attributed — made after the last turn's read, or in a turn that never
        reached its reaction (cancelled) — as actions of the last turn, so the integrity checks see them."""
        turn = self.record.turns_taken
        if not any(is_write(call) for call in calls):
            reader.settle_unclaimed(turn)
            return
        if self.clock is None:  # the trial never got its clock: only refusals can be named
            self.record.add_actions(reader.refusals(calls, turn, await self.ues.now()))
            return
        now = await self.ues.now()
        due = await self.ues.events(end=now, status="pending")
        if any(e.get("priority", 100) == 100 for e in due):
            # A server that queues action events until time moves (not ours, nor real UES's action endpoints):
            # apply them as a turn's reaction does, so that the final state and the action log both hold them.
            now = await self._advance(APPLY_STEP)
        self.record.add_actions(await reader.actions(now, calls, turn, self.clock.now, final=True))

    async def _revoke(self) -> None:
        """Revoke the purple's key and every key it minted with it (once: later calls do nothing)."""
        if self.key_id is None or self._revoked:
            return
        self._revoked = True
        if self.route is not None:
            # Closed first: calls through it in flight finish against the live key and are in the next read.
            await self.route.gateway.unregister(self.route.token)
        try:
            await self.ues.revoke_key(self.key_id)
            await self.ues.revoke_keys(created_by=self.key_id)
        except UESError as exc:
            # A dead UES takes the key with it; anything else is worth shouting about.
            self.record.errors.append(Problem(kind=ProblemKind.WORLD_FAILED,
                                              text=f"could not revoke the purple's key: {exc}"))
