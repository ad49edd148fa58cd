"""One trial: set up the world, drive the purple turn by turn on the simulated clock, record everything.

A turn (protocol.md §4) has two halves:

* **exchange** — ``turn_start`` → the purple acts on UES with its key (all at time T) → its reply, a timeout,
  or a cancel of the assessment (which abandons the turn in flight at once);
* **react** — advance 1 s (applies anything due now and gives a strictly later apply time) → attribute the
  purple's actions from the events of [T, T+1s] → characters answer what the purple sent them, scheduled as
  UES events at their reply time → advance the rest of the step. A turn in which the purple made no write call
  (the access log shows none but reads since the last turn) has nothing to attribute or answer: its step is one
  advance, with the same clock and events as the split. Every call of the purple's key, read or write, allowed
  or refused, is counted: from the world's per-key call counters when it keeps them (ours does; they never drop a
  call), else from the access log, read completely each turn. A bounded access log that dropped the purple's calls
  before they were read is named in the row's warnings. With the green's world gateway on, the purple is told the
  gateway's URL for its world, and its calls are counted from the gateway's record, which no world can drop (a log
  showing fewer is named in the warnings).

A purple that answers ``assessment_start`` with ``world_unreachable`` (no answer came from its ``ues_url``: a world
bound to no slot of its own) ends the trial errored only when nothing shows it reached its world — no call through the
gateway on the trial's route, none of its key in the world (``world_unreachable_stands``); else the trial goes on.

How far a turn moves the clock is the ``TurnClock``'s decision. The key is revoked on every path out, and before
``assessment_complete`` is sent: every call made with it up to the revocation is read and attributed, and nothing
the purple does afterwards reaches the world.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import structlog

from green_agent.assessment import integrity, progress
from green_agent.assessment.attribution import (
    OTHER_ROUTES,
    Bucket,
    attribute,
    is_refused_write,
    is_write,
    parse_call_counts,
    refused_writes,
)
from green_agent.assessment.cancel import Cancelled, unless_cancelled
from green_agent.assessment.clock import Step, TurnClock
from green_agent.assessment.outgoing import needs_calendar, outgoing_messages
from green_agent.assessment.purple_link import PurpleError, PurpleLink, PurpleTimeout
from green_agent.assessment.record import CharacterEvent, TrialRecord
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
    InitialStateSummary,
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
from green_agent.world_gateway import GatewayCalls, WorldGateway
from services.ues.client import UESClient, UESError, parse_time

log = structlog.get_logger("green.trial")

MODALITIES = ("email", "sms", "calendar", "chat")
MAX_CONSECUTIVE_TIMEOUTS = 3
# protocol.md §4: assessment_start and assessment_complete are plain requests with a 30 s timeout.
CONTROL_TIMEOUT_S = 30.0
# Applying the purple's actions takes this much simulated time; characters' replies come strictly after it.
APPLY_STEP = timedelta(seconds=1)
# Access-log entries per page (the API allows 1..1000); each turn reads every page of the purple's new calls.
ACCESS_LOG_PAGE = 1000

Emit = Callable[[ProgressUpdate], Awaitable[None]]
# (user email, user phone, the trial's random generator) → who plays the scenario's characters in this trial
CharactersFactory = Callable[[str, str, random.Random], Characters]


def _summary(states: dict[str, dict[str, Any]], now: datetime) -> InitialStateSummary:
    email, sms, cal, chat = (states[m] for m in MODALITIES)
    tz_name = cal.get("user_timezone") or "UTC"
    try:
        zone: Any = ZoneInfo(tz_name)
    except (ZoneInfoNotFoundError, ValueError):
        zone = UTC
    today = now.astimezone(zone).date()
    events_today = sum(1 for e in (cal.get("events") or {}).values()
                       if parse_time(e["start"]).astimezone(zone).date() == today)
    return InitialStateSummary(
        email={"total_emails": email.get("total_email_count", len(email.get("emails", {}))),
               "total_threads": len(email.get("threads", {})), "unread": email.get("unread_count", 0),
               "draft_count": len((email.get("folders") or {}).get("drafts", []))},
        sms={"total_messages": sms.get("total_message_count", len(sms.get("messages", {}))),
             "total_conversations": len(sms.get("conversations", {})), "unread": sms.get("unread_count", 0)},
        calendar={"event_count": len(cal.get("events", {})), "calendar_count": len(cal.get("calendars", {})),
                  "events_today": events_today},
        chat={"total_messages": chat.get("total_message_count", len(chat.get("messages", []))),
              "conversation_count": chat.get("conversation_count", len(chat.get("conversations", {})))},
    )


def _log_id(entry: dict[str, Any]) -> int | None:
    log_id = entry.get("log_id")
    return log_id if isinstance(log_id, int) and not isinstance(log_id, bool) else None


def _stamped_since(entry: dict[str, Any], moment: datetime) -> bool:
    try:
        return parse_time(str(entry.get("timestamp"))) >= moment
    except ValueError:
        return True  # neither id nor time: it cannot be placed, and is counted rather than lost


def _dropped_since(oldest: dict[str, Any], checkpoint: int, checkpoint_at: datetime) -> bool:
    """Whether the oldest entry a full log holds is newer than the first entry made after a checkpoint (the newest
    ``log_id`` then, or the moment itself where ids are UUIDs): then the log dropped entries made since."""
    log_id = _log_id(oldest)
    if log_id is not None:
        return log_id > checkpoint + 1
    try:
        return parse_time(str(oldest.get("timestamp"))) > checkpoint_at
    except ValueError:
        return True  # a full log whose oldest entry cannot be placed: assume the worst, and say so


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
    """Runs one (scenario, trial) against one UES instance and one purple."""

    def __init__(self, *, scenario: Scenario, trial: int, seed: int, config: AssessmentConfig, ues: UESClient,
                 advertised_url: str, link: PurpleLink, assessment_id: str, emit: Emit,
                 cancel: asyncio.Event, characters: CharactersFactory, oracle_plans: Path | None = None,
                 notes: Sequence[Problem] = (), broken_reason: Callable[[], str | None] = lambda: None,
                 gateway: WorldGateway | None = None) -> None:
        """``notes``: warnings the trial's row starts with (what the request asked for and could not be given);
        ``broken_reason``: why the world was declared dead, if it was (the pool knows which world died and why,
        where the trial's own errors only say "unreachable at URL"); ``gateway``: the green's world gateway, when it
        has one on: the purple is told its URL for this world instead of ``advertised_url``, and the calls of the
        purple's key are counted from its record."""
        self.scenario = scenario
        self.spec = scenario.spec
        self.config = config
        self.ues = ues
        self.advertised_url = advertised_url
        self.gateway = gateway
        self._gateway_token: str | None = None  # this trial's route through the gateway, while it is registered
        self._gateway_counted: Counter[Bucket] = Counter()  # the purple key's calls the gateway forwarded, cumulative
        self.link = link
        self.assessment_id = assessment_id
        self.emit = emit
        self.cancel = cancel
        self.record = TrialRecord(scenario_id=scenario.scenario_id, trial=trial, seed=seed, warnings=list(notes))
        self.broken_reason = broken_reason
        self.rng = random.Random(seed)
        self.key_id: str | None = None
        self._secret = ""
        self.purple_started = False
        self.make_characters = characters
        self.oracle_plans = oracle_plans
        self._plan_file: Path | None = None
        self.characters: Characters | None = None
        self.clock: TurnClock | None = None
        self._reply_at: float | None = None
        self._ues_at_reply = 0.0
        self._early_reason: str | None = None  # the reason of the last early_completion
        self._last_log_id = 0  # newest access-log id of the purple's calls read so far
        self._last_read_at = datetime.now(UTC)  # when the access log was last read (for entries without an id)
        # The world's per-key call counters as last read (cumulative); None when it keeps none (real UES).
        self._counted: Counter[Bucket] | None = None
        self._entries_read = 0  # the purple's access-log entries read so far
        self._refusals_read = 0  # refused write calls among them (each a failed action in the action log)
        self._calls_lost = 0  # calls the world's log dropped before they were read, as far as the counters show
        # Without counters: where the whole log stood when the previous read began — its newest id on our simulator,
        # the wall clock on a real UES (UUID ids say nothing of order).
        self._log_checkpoint = 0
        self._log_checkpoint_at = datetime.now(UTC)
        self._uuids_read: set[str] = set()  # a real UES's entries read so far, by their UUID log_id
        self._seen_events: set[str] = set()  # events already looked at for attribution (never attributed twice)
        # Every event the green caused (its chat posts, the scenario's imported events, the replies and RSVPs it
        # scheduled): never the purple's, on any server (attribution by exclusion, attribution.py).
        self._green_events: set[str] = set()
        # Events without agent_id that no call of the purple's key accounted for yet: offered once more, to the next
        # read of the access log (a write landing between the log read and the events read is split across them).
        self._unclaimed: list[dict[str, Any]] = []
        self._window_start: datetime | None = None  # where the next attribution window starts
        self._revoked = False
        self._events_processed = 0
        self._timeouts = 0
        self._turn_wall_start = datetime.now(UTC)
        self._user_email = self._user_phone = ""
        self.log = log.bind(assessment_id=assessment_id, scenario=scenario.scenario_id, trial=trial)

    async def _progress(self, text: str, kind: ProgressType, **data: Any) -> None:
        await self.emit(ProgressUpdate(text=text, type=kind, data={"scenario_id": self.spec.scenario_id,
                                                                     "trial": self.record.trial, **data}))

    # ------------------------------------------------------------------------------ public
    async def run(self) -> TrialRecord:
        started = time.perf_counter()
        rec = self.record
        try:
            await self._setup()
            if await self._start_purple():
                await self._turns()
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
            broken = self.broken_reason()
            if broken is not None and rec.status != TrialStatus.COMPLETED:
                rec.errors.insert(0, Problem(kind=ProblemKind.WORLD_FAILED, text=broken))
                if rec.status == TrialStatus.ERRORED and ErrorReason.WORLD_LOST not in rec.reasons:
                    rec.reasons.insert(0, ErrorReason.WORLD_LOST)
            rec.duration_seconds = round(time.perf_counter() - started, 3)
            rec.freeze()
        return rec

    # ------------------------------------------------------------------------------ phases
    async def _setup(self) -> None:
        ues, spec = self.ues, self.spec
        await ues.clear()
        await ues.import_full(self.scenario.initial_state)
        await ues.start()
        posted = await ues.send_chat("user", spec.user_prompt, spec.chat_conversation_id)
        self._green_caused(posted)
        # Before the purple has a key every event is the green's: the imported ones (import regenerates their ids)
        # and the user's task.
        for event in await ues.events():
            self._green_caused(event)
        self.key_id, self._secret = await ues.create_key(
            f"purple-{self.assessment_id[:8]}-{spec.scenario_id}-{self.record.trial}", list(PURPLE_PERMISSIONS))
        if self.gateway is not None:
            self._gateway_token = self.gateway.register(ues.base_url, self.key_id, self._secret)
        self._counted = await self._call_counts()
        if self._counted is None:
            # No counters: where the whole access log stood when the key was born, so that a first read can tell
            # whether the log dropped entries made since (protocol.md §6).
            self._log_checkpoint_at = datetime.now(UTC)
            self._last_log_id = self._log_checkpoint = await ues.newest_log_id()
        self._publish_plan()
        states = await asyncio.gather(*(ues.state(m) for m in MODALITIES))
        self.record.initial_state = dict(zip(MODALITIES, states, strict=True))
        start = self.record.start_time = self._window_start = await ues.now()
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
        if self.oracle_plans is None or not self.scenario.solution:
            return
        self.oracle_plans.mkdir(parents=True, exist_ok=True)
        self._plan_file = self.oracle_plans / f"{hashlib.sha256(self._secret.encode()).hexdigest()}.json"
        self._plan_file.write_text(json.dumps(self.scenario.solution))

    async def _start_purple(self) -> bool:
        rec = self.record
        assert rec.start_time is not None
        message = AssessmentStart(assessment_id=self.assessment_id, ues_url=self.ues_url,
                                  api_key=self._secret, current_time=rec.start_time.isoformat(),
                                  initial_state_summary=_summary(rec.initial_state, rec.start_time),
                                  max_turns=self.max_turns, end_time=self.spec.end_time.isoformat(),
                                  max_time_step=iso_duration(self.config.max_time_step))
        try:
            async with progress.heartbeat(lambda waited: self._waiting(None, waited)):
                reply = await self.link.send(message, timeout_s=CONTROL_TIMEOUT_S)
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
        rec, token = self.record, self._gateway_token
        gateway_calls = self.gateway.calls_arrived(token) if self.gateway is not None and token is not None else None
        key_calls = await self._key_calls()
        # Quoted in a row: never the route's token (a live trial's door), whatever the purple wrote.
        error = cut((claim.error.replace(token, "…") if token else claim.error) or "no detail given", 200)
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

    async def _key_calls(self) -> int:
        """How many calls of the purple's key the world shows so far: its per-key counters when it keeps them, else
        whether its access log holds any (1 or 0)."""
        if self._counted is not None:
            return sum((await self._counters_now()).values())
        entries, _ = await self.ues.access_logs_since(self.key_id or "", self._last_log_id, page_size=1, max_pages=1)
        return min(len(entries), 1)

    @property
    def ues_url(self) -> str:
        """The world's URL as the purple is told it: its route through the world gateway when the green has one."""
        if self.gateway is not None and self._gateway_token is not None:
            return self.gateway.url_of(self._gateway_token)
        return self.advertised_url

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
        rec, clock = self.record, self.clock
        assert clock is not None
        if self.cancel.is_set():
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
        self._turn_wall_start = datetime.now(UTC)  # the access log stamps the purple's calls in wall-clock time
        try:
            async with progress.heartbeat(lambda waited: self._waiting(turn, waited)):
                reply = await unless_cancelled(self.link.send(message, timeout_s=self.config.turn_timeout_s),
                                               self.cancel)
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
        clock = self.clock
        assert clock is not None
        turn_start = clock.now
        self._events_processed = 0  # the next turn_start reports what this turn's advances executed
        calls = await self._new_calls(turn)
        if not any(is_write(call) for call in calls):
            self._settle_unclaimed(turn)
            await self._advance(step.delta)
            return 0
        apply_step = min(APPLY_STEP, step.delta)
        apply_time = await self._advance(apply_step)
        actions = await self._attribute(apply_time, calls, turn, turn_start)
        self.record.add_actions(actions)
        if self.config.verbose_updates and actions:  # one update per turn, with counts (progress.py)
            counts = progress.observed(actions)
            await self._progress(progress.observed_text(turn, counts), ProgressType.ACTION_OBSERVED, turn=turn,
                                 **counts)
        await self._answer(turn, actions, apply_time)
        await self._advance(step.delta - apply_step)
        return len(actions)

    async def _unseen_events(self, until: datetime) -> list[dict[str, Any]]:
        """Executed and failed events from the end of the previous attribution window to ``until`` that no window
        has looked at yet. The window starts where the last one ended, not at this turn's start: a write that landed
        while the green was busy with the previous turn (after its access-log read) is dated between the two."""
        assert self._window_start is not None
        events = [e for e in await self.ues.events(start=self._window_start, end=until)
                  if e.get("status") in ("executed", "failed") and str(e.get("event_id")) not in self._seen_events]
        self._seen_events.update(str(e.get("event_id")) for e in events)
        self._window_start = until
        return events

    async def _answer(self, turn: int, actions: list[Any], apply_time: datetime) -> None:
        """Characters reply to what the purple sent them, as UES events no earlier than ``apply_time``."""
        assert self.characters is not None
        calendar = (await self.ues.state("calendar")).get("events") if needs_calendar(actions) else None
        replies = await self.characters.plan(outgoing_messages(self.spec, actions, calendar))
        for planned in replies:
            at = max(planned.at, apply_time)
            event = await self.ues.schedule(planned.modality, at, planned.data)
            self._green_caused(event)
            self.record.character_events.append(CharacterEvent(
                planned.character_id, planned.modality, at, planned.data,
                event.get("event_id") if isinstance(event, dict) else None))
        if replies:
            await self._progress(f"Turn {turn}: {len(replies)} character response(s) scheduled",
                                 ProgressType.RESPONSES_GENERATED, turn=turn, responses_total=len(replies),
                                 responses=[{"character": r.character_id, "modality": r.modality,
                                             "at": max(r.at, apply_time).isoformat(), "summary": r.summary}
                                            for r in replies[:progress.MAX_LISTED]])

    async def _attribute(self, until: datetime, calls: list[dict[str, Any]], turn: int, at: datetime, *,
                         final: bool = False) -> list[ActionLogEntry]:
        """The purple's actions among the events up to ``until`` not yet looked at, and those the previous read left
        unclaimed (offered first, once: still unclaimed now, they are warned about). Events these ``calls`` do not
        claim wait for the next read, unless this is the ``final`` one."""
        carried, self._unclaimed = self._unclaimed, []
        fresh: list[dict[str, Any]] = []
        actions = attribute([*carried, *await self._unseen_events(until)], calls, self.key_id or "", turn, at,
                            green_events=self._green_events, warnings=self.record.warnings,
                            unclaimed=None if final else fresh)
        offered = {id(e) for e in carried}
        self._warn_unclaimed([e for e in fresh if id(e) in offered], turn)  # offered twice: not the purple's
        self._unclaimed = [e for e in fresh if id(e) not in offered]
        return actions

    def _settle_unclaimed(self, turn: int) -> None:
        """The events left unclaimed by the previous read that this read (with no write in it) cannot claim either."""
        carried, self._unclaimed = self._unclaimed, []
        self._warn_unclaimed(carried, turn)

    def _warn_unclaimed(self, events: list[dict[str, Any]], turn: int) -> None:
        """``events`` no call of the purple's key accounted for in two reads: not the purple's, said in the warnings
        (``attribute`` words it)."""
        if events:
            at = self.clock.now if self.clock is not None else datetime.now(UTC)
            attribute(events, [], self.key_id or "", turn, at, green_events=self._green_events,
                      warnings=self.record.warnings)

    def _green_caused(self, event: Any) -> None:
        """Remember an event the green caused (a UES answer carrying its ``event_id``)."""
        if isinstance(event, dict) and event.get("event_id"):
            self._green_events.add(str(event["event_id"]))

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

    async def _call_counts(self) -> Counter[Bucket] | None:
        """The world's per-key call counters of the purple's key (cumulative), or None when it keeps none."""
        try:
            counts = await self.ues.call_counts(self.key_id or "")
        except UESError as exc:
            if exc.status_code is None:
                raise  # unreachable: the trial cannot go on
            return None  # a server that answers GET /keys/{key_id} otherwise keeps no counters we can read
        return parse_call_counts(counts) if counts is not None else None

    async def _counters_now(self) -> Counter[Bucket]:
        """The counters now; the last ones read should a server stop answering with them mid-trial."""
        assert self._counted is not None
        counts = await self._call_counts()
        return counts if counts is not None else self._counted

    async def _new_calls(self, turn: int) -> list[dict[str, Any]]:
        """Every call of the purple's key since the previous read, oldest first — all of them, however many (the
        access log is read page by page from the last ``log_id`` seen; the log's own sequence, so no clock is
        involved) — counted into the record (calls by status, forbidden routes). A real UES's entries (UUID ids, in
        no order) come whole on every read and count the first time their id is seen; an entry without any id when it
        is stamped after the previous read.

        With the world's per-key counters, counts come from them (read before and after the log: what the log holds
        can be checked against the first, the second counts everything the entries hold); without, from the entries.
        Either way, a log that dropped the purple's calls before they were read is named in the warnings.

        With the world gateway, counts come from its record instead (every call it forwarded; taken before the log is
        read, so each of them is in the log by then unless the log dropped it), checked against the log the same way."""
        passed = self._gateway_calls()
        counters = self._counted is not None
        before = await self._counters_now() if counters else None
        newest = 0 if counters else await self.ues.newest_log_id()
        read_at = datetime.now(UTC)
        entries, _ = await self.ues.access_logs_since(self.key_id or "", self._last_log_id, page_size=ACCESS_LOG_PAGE)
        calls = [e for e in entries if _log_id(e) is not None or self._first_sight(e)]
        ids = [i for i in map(_log_id, calls) if i is not None]
        self._last_log_id = max([self._last_log_id, *ids])
        self._last_read_at = read_at
        self._entries_read += len(calls)
        self._refusals_read += sum(map(is_refused_write, calls))
        if before is None:
            if passed is not None:
                self._count_passed(passed, turn, calls)
                return calls
            self._check_log_without_counters(turn, await self.ues.oldest_entry(), newest, read_at)
            self.record.add_calls(calls, turn)
            return calls
        after = await self._counters_now()
        if passed is not None:
            self._count_passed(passed, turn, calls)
            self._counted = after
            return calls
        # Every call the counters held before the log was read is in the log, unless the log dropped it.
        lost = sum(before.values()) - self._entries_read
        if lost > self._calls_lost:
            self.record.warn(
                ProblemKind.LOG_DROPPED,
                f"the world's access log (a bounded ring buffer) dropped {lost - self._calls_lost} of the purple's "
                f"calls before the green read them; the call counts and forbidden routes are exact (the world's "
                f"per-key counters), but the action log misses those calls (refused ones are counted in "
                f"actions_taken)", turn)
            self._calls_lost = lost
        assert self._counted is not None
        self.record.add_counts(after - self._counted, turn, calls)
        self._counted = after
        return calls

    def _gateway_calls(self) -> Counter[Bucket] | None:
        """The purple key's calls the world gateway forwarded since the previous read, by (status, method, path);
        None without a gateway."""
        if self.gateway is None or self._gateway_token is None:
            return None
        taken: GatewayCalls = self.gateway.take_calls(self._gateway_token)
        passed = Counter((c.status, c.method, c.path) for c in taken.calls if c.key_id == self.key_id)
        passed.update({(status, method, OTHER_ROUTES): n for (status, method), n in taken.unlisted.items()})
        return passed

    def _count_passed(self, passed: Counter[Bucket], turn: int, calls: list[dict[str, Any]]) -> None:
        """Count the calls the gateway forwarded (``calls``: the log entries read with them); a log showing fewer of
        the purple's calls than the gateway forwarded dropped the rest before the green read them."""
        self._gateway_counted.update(passed)
        self.record.add_counts(passed, turn, calls)
        forwarded = sum(self._gateway_counted.values())
        lost = forwarded - self._entries_read
        if lost > self._calls_lost:
            self.record.warn(
                ProblemKind.LOG_DROPPED,
                f"the world's access log shows {self._entries_read} of the purple's calls where the world gateway "
                f"forwarded {forwarded}: it dropped {lost - self._calls_lost} before the green read them; the call "
                f"counts and forbidden routes are exact (the gateway's record), but the action log misses those calls "
                f"(refused ones are counted in actions_taken)", turn)
            self._calls_lost = lost

    def _check_gateway_bypass(self) -> None:
        """With the gateway and a world that counts calls per key: calls of the purple's key the world counted that
        never passed through the gateway (the purple reached the world some other way) are named in the warnings."""
        if self._gateway_token is None or self._counted is None:
            return
        around = sum(self._counted.values()) - sum(self._gateway_counted.values())
        if around > 0:
            self.record.warn(ProblemKind.ATTRIBUTION, (
                f"{around} call(s) of the purple's key reached the world without passing through the world gateway; "
                f"the call counts are the gateway's"))

    def _first_sight(self, entry: dict[str, Any]) -> bool:
        """Whether an entry without an integer ``log_id`` is read for the first time: by its id where it has one (a
        real UES's UUID; every read returns the key's whole log, in no order the ids tell), else by its time."""
        log_id = entry.get("log_id")
        if isinstance(log_id, str) and log_id:
            if log_id in self._uuids_read:
                return False
            self._uuids_read.add(log_id)
            return True
        return _stamped_since(entry, self._last_read_at)

    def _check_log_without_counters(self, turn: int, oldest: dict[str, Any] | None, newest: int,
                                    read_at: datetime) -> None:
        """Without counters: the log dropped entries the green had not read when the oldest entry it still holds was
        made after the previous read began — some of them may have been the purple's. On our simulator the ids say
        so; on a real UES (UUID ids) the entry's wall-clock time."""
        if oldest is not None and _dropped_since(oldest, self._log_checkpoint, self._log_checkpoint_at):
            self.record.warn(
                ProblemKind.LOG_DROPPED,
                "the world's access log (it keeps a bounded number of entries) dropped entries made since the "
                "green's previous read, before it read them; some may have been the purple's calls, so the call "
                "counts are a lower bound", turn)
        self._log_checkpoint = max(self._log_checkpoint, newest)
        self._log_checkpoint_at = read_at

    # ------------------------------------------------------------------------------ the end
    async def _finish(self) -> None:
        """Always, in this order: read every call of the purple's key, revoke the key (and any key it minted), read
        once more (calls racing the revocation, a timed-out or cancelled turn still running) and attribute the late
        writes, take the final snapshots and find violations — and only then send ``assessment_complete``: by then
        the key is dead, so nothing the purple does on hearing it reaches the world. Errors here are recorded, not
        raised."""
        rec, ues = self.record, self.ues
        try:
            if self.key_id is not None:
                try:
                    late = await self._new_calls(rec.turns_taken)
                finally:
                    await self._revoke()
                late += await self._new_calls(rec.turns_taken)
                await self._attribute_late(late)
                counted = self._gateway_counted if self._gateway_token is not None else self._counted
                if counted is not None:
                    # Refused writes the gateway or the world's counters counted but no log entry showed (the world's
                    # log dropped them).
                    rec.count_unlogged(refused_writes(counted) - self._refusals_read)
                self._check_gateway_bypass()
                states = await asyncio.gather(*(ues.state(m) for m in MODALITIES))
                rec.final_state = dict(zip(MODALITIES, states, strict=True))
                rec.events = [e for e in await ues.events() if e.get("status") in ("executed", "failed")]
                rec.final_time = await ues.now()
                rec.character_events = integrity.mark_executed(rec.character_events, rec.events)
                # The user's task is in the initial state (posted before it was read), known there by its id; the only
                # other user-role messages the green posts are the user's scripted answers. Allowing the task's words
                # once more would let the purple repeat them as the user unseen.
                answers = [str(e.data.get("content")) for e in rec.character_events if e.modality == "chat"]
                rec.violations += integrity.impersonation(rec, answers)
                rec.violations += integrity.forgeries(rec, self._user_email, self._user_phone)
        except UESError as exc:
            problem = Problem(kind=ProblemKind.WORLD_FAILED, text=f"final snapshot failed: {exc}")
            if rec.status == TrialStatus.CANCELLED:
                rec.errors.append(problem)
            else:  # without the final state nothing the purple did can be judged
                rec.errored(ErrorReason.WORLD_LOST, problem)
        finally:
            await self._revoke()  # when the reads above failed before it
            if self._plan_file is not None:
                self._plan_file.unlink(missing_ok=True)
        if self.purple_started:
            try:
                await self.link.send(AssessmentComplete(reason=rec.completion_reason.told_to_purple),
                                     timeout_s=CONTROL_TIMEOUT_S)
            except (PurpleError, TimeoutError) as exc:
                self.log.info("assessment_complete_not_delivered", error=str(exc))

    async def _attribute_late(self, calls: list[dict[str, Any]]) -> None:
        """The purple's writes that no turn attributed — made after the last turn's read, or in a turn that never
        reached its reaction (cancelled) — as actions of the last turn, so the integrity checks see them."""
        if not any(is_write(call) for call in calls):
            self._settle_unclaimed(self.record.turns_taken)
            return
        if self._window_start is None:  # the trial never got its clock: only refusals can be named
            self.record.add_actions(attribute([], calls, self.key_id or "", self.record.turns_taken,
                                              await self.ues.now(), warnings=self.record.warnings))
            return
        now = await self.ues.now()
        due = await self.ues.events(end=now, status="pending")
        if any(e.get("priority", 100) == 100 for e in due):
            # A server that queues action events until time moves (not ours, nor real UES's action endpoints):
            # apply them as a turn's reaction does, so that the final state and the action log both hold them.
            now = await self._advance(APPLY_STEP) if self.clock is not None else now
        at = self.clock.now if self.clock is not None else now
        actions = await self._attribute(now, calls, self.record.turns_taken, at, final=True)
        self.record.add_actions(actions)

    async def _revoke(self) -> None:
        """Revoke the purple's key and every key it minted with it (once: later calls do nothing)."""
        if self.key_id is None or self._revoked:
            return
        self._revoked = True
        if self.gateway is not None and self._gateway_token is not None:
            # Closed first: calls through it in flight finish against the live key and are in the next read.
            await self.gateway.unregister(self._gateway_token)
        try:
            await self.ues.revoke_key(self.key_id)
            await self.ues.revoke_keys(created_by=self.key_id)
        except UESError as exc:
            # A dead UES takes the key with it; anything else is worth shouting about.
            self.record.errors.append(Problem(kind=ProblemKind.WORLD_FAILED,
                                              text=f"could not revoke the purple's key: {exc}"))
