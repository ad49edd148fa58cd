"""One trial: set up the world, drive the purple turn by turn on the simulated clock, record everything.

Turn protocol (protocol.md §4): ``turn_start`` → the purple acts on UES with its key (all at time T) →
its reply → advance 1 s (applies anything due now and gives a strictly later apply time) → attribute the
purple's actions from the events of [T, T+1s] → characters answer what the purple sent them, scheduled as
UES events at their reply time → advance the rest of the step. A turn in which the purple made no POST (the access
log shows none since the last turn; every action is a POST) has nothing to attribute or answer: its step is one
advance. A cancel abandons the turn in flight at once. The key is revoked on every path out.
"""

from __future__ import annotations

import asyncio
import hashlib
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import structlog

from green_agent.assessment.attribution import attribute
from green_agent.assessment.inbox import needs_calendar, outgoing_messages
from green_agent.assessment.purple_link import PurpleError, PurpleLink, PurpleReply
from green_agent.characters.scripted import ScriptedCharacters
from green_agent.protocol import (
    PURPLE_PERMISSIONS,
    ActionLogEntry,
    AssessmentComplete,
    AssessmentConfig,
    AssessmentStart,
    InitialStateSummary,
    ProgressUpdate,
    TurnStart,
    Violation,
)
from green_agent.scenarios import Scenario
from green_agent.ues_client import UESClient, UESError
from services.ues.timeutil import parse_dt, parse_duration

log = structlog.get_logger("green.trial")

MODALITIES = ("email", "sms", "calendar", "chat")
MAX_ACTION_LOG = 5000
MAX_CONSECUTIVE_TIMEOUTS = 3
# protocol.md §4: assessment_start and assessment_complete are plain requests with a 30 s timeout.
CONTROL_TIMEOUT_S = 30.0


@dataclass
class TrialRecord:
    """Everything a trial produced; judging and the result row are computed from it."""

    scenario_id: str
    trial: int
    seed: int
    status: str = "completed"
    completion_reason: str = "scenario_complete"
    turns_taken: int = 0
    action_log: list[ActionLogEntry] = field(default_factory=list)
    action_log_truncated: bool = False
    initial_state: dict[str, dict[str, Any]] = field(default_factory=dict)
    final_state: dict[str, dict[str, Any]] = field(default_factory=dict)
    events: list[dict[str, Any]] = field(default_factory=list)
    start_time: datetime | None = None
    final_time: datetime | None = None
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    duration_seconds: float = 0.0
    green_overhead_ms: list[float] = field(default_factory=list)
    ues_floor_ms: list[float] = field(default_factory=list)

    @property
    def ran(self) -> bool:
        """The trial reached the point where there is a world worth judging."""
        return bool(self.initial_state) and bool(self.final_state)


Emit = Callable[[ProgressUpdate], Awaitable[None]]


def trial_seed(root: int, scenario_id: str, trial: int) -> int:
    """Every trial's seed derives from the root seed, so a run is reproducible from one number."""
    digest = hashlib.sha256(f"{root}:{scenario_id}:{trial}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def _summary(states: dict[str, dict[str, Any]], now: datetime) -> InitialStateSummary:
    email, sms, cal, chat = (states[m] for m in MODALITIES)
    tz_name = cal.get("user_timezone") or "UTC"
    try:
        zone: Any = ZoneInfo(tz_name)
    except (ZoneInfoNotFoundError, ValueError):
        zone = UTC
    today = now.astimezone(zone).date()
    events_today = sum(1 for e in (cal.get("events") or {}).values()
                       if parse_dt(e["start"]).astimezone(zone).date() == today)
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


class Trial:
    """Runs one (scenario, trial) against one UES instance and one purple."""

    def __init__(self, *, scenario: Scenario, trial: int, seed: int, config: AssessmentConfig, ues: UESClient,
                 advertised_url: str, link: PurpleLink, assessment_id: str, emit: Emit,
                 cancel: asyncio.Event) -> None:
        self.scenario = scenario
        self.spec = scenario.spec
        self.config = config
        self.ues = ues
        self.advertised_url = advertised_url
        self.link = link
        self.assessment_id = assessment_id
        self.emit = emit
        self.cancel = cancel
        self.record = TrialRecord(scenario_id=scenario.scenario_id, trial=trial, seed=seed)
        self.rng = random.Random(seed)
        self.key_id: str | None = None
        self.purple_started = False
        self._reply_at: float | None = None
        self._last_post_id = 0  # newest access-log id of the purple's POST calls seen so far
        self._ues_at_reply = 0.0
        self.green_user_messages: list[str] = []
        self.log = log.bind(assessment_id=assessment_id, scenario=scenario.scenario_id, trial=trial)

    async def _progress(self, text: str, message_type: str, **data: Any) -> None:
        await self.emit(ProgressUpdate(text=text, data={"message_type": message_type,
                                                          "scenario_id": self.spec.scenario_id,
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
            rec.status, rec.completion_reason = "failed", "error"
            rec.errors.append(f"UES failed during the trial: {exc}")
            self.log.error("ues_failed", error=str(exc))
        except asyncio.CancelledError:
            rec.status, rec.completion_reason = "cancelled", "cancelled"
            raise
        finally:
            await self._finish()
            rec.duration_seconds = round(time.perf_counter() - started, 3)
        return rec

    # ------------------------------------------------------------------------------ phases
    async def _setup(self) -> None:
        ues, spec = self.ues, self.spec
        await ues.clear()
        await ues.import_full(self.scenario.initial_state)
        await ues.start()
        await ues.send_chat("user", spec.user_prompt, spec.chat_conversation_id)
        self.green_user_messages.append(spec.user_prompt)
        self.key_id, self._secret = await ues.create_key(
            f"purple-{self.assessment_id[:8]}-{spec.scenario_id}-{self.record.trial}", list(PURPLE_PERMISSIONS))
        states = await asyncio.gather(*(ues.state(m) for m in MODALITIES))
        self.record.initial_state = dict(zip(MODALITIES, states, strict=True))
        self.record.start_time = await ues.now()
        self.user_email = states[0].get("user_email_address", "user@example.com")
        self.user_phone = states[1].get("user_phone_number", "+15550000000")
        self.characters = ScriptedCharacters(spec, self.rng, self.user_email, self.user_phone)
        await self._progress(f"Scenario {spec.scenario_id} loaded (trial {self.record.trial})",
                             "update_scenario_loaded", start_time=self.record.start_time.isoformat(),
                             end_time=spec.end_time.isoformat())

    async def _start_purple(self) -> bool:
        rec = self.record
        assert rec.start_time is not None and self.key_id is not None
        message = AssessmentStart(assessment_id=self.assessment_id, ues_url=self.advertised_url,
                                  api_key=self._secret, current_time=rec.start_time.isoformat(),
                                  initial_state_summary=_summary(rec.initial_state, rec.start_time))
        try:
            await self.link.send(message, timeout_s=CONTROL_TIMEOUT_S)
        except (PurpleError, TimeoutError) as exc:
            rec.status, rec.completion_reason = "failed", "error"
            reason = f"did not answer within {CONTROL_TIMEOUT_S:g} s" if isinstance(exc, TimeoutError) else str(exc)
            rec.errors.append(f"assessment_start could not be delivered to the purple: {reason}")
            return False
        self.purple_started = True
        return True

    def _step_from(self, reply: dict[str, Any] | None, turn: int) -> tuple[timedelta, bool]:
        """(time step, early completion) from the purple's reply, with protocol.md §4's fallbacks."""
        default = self.spec.default_step
        if reply is None or reply.get("message_type") not in ("turn_complete", "early_completion"):
            self.record.warnings.append(f"turn {turn}: non-protocol reply from the purple; used the default "
                                        f"step {self.spec.default_time_step}")
            return default, False
        if reply["message_type"] == "early_completion":
            return default, True
        raw = reply.get("time_step")
        if raw is None:
            return parse_duration("PT1H"), False
        try:
            step = parse_duration(raw) if isinstance(raw, str) else None
        except ValueError:
            step = None
        if step is None or step <= timedelta(0):
            self.record.warnings.append(f"turn {turn}: invalid time_step {raw!r}; used the default step "
                                        f"{self.spec.default_time_step}")
            return default, False
        cap = self.config.max_time_step_delta
        if step > cap:
            self.record.warnings.append(f"turn {turn}: time_step {raw} capped to max_time_step "
                                        f"{self.config.max_time_step}")
            step = cap
        return step, False

    async def _turns(self) -> None:
        rec, spec, ues = self.record, self.spec, self.ues
        max_turns = self.config.max_turns or spec.max_turns or 100
        events_processed = 0
        timeouts = 0
        now = rec.start_time
        assert now is not None
        for turn in range(1, max_turns + 1):
            if self.cancel.is_set():
                rec.status, rec.completion_reason = "cancelled", "cancelled"
                return
            rec.turns_taken = turn
            await self._progress(f"Turn {turn} started at {now.isoformat()}", "update_turn_started",
                                 turn=turn, current_time=now.isoformat())
            wall_start = datetime.now(UTC)
            if self._reply_at is not None:
                # Green overhead: from the previous reply to this turn_start, next to the UES time in it.
                rec.green_overhead_ms.append((time.perf_counter() - self._reply_at) * 1000)
                rec.ues_floor_ms.append((ues.round_trip_seconds - self._ues_at_reply) * 1000)
            reply: dict[str, Any] | None = None
            answered = False
            try:
                result = await self._send_unless_cancelled(TurnStart(
                    turn_number=turn, current_time=now.isoformat(), events_processed=events_processed))
                if result is None:  # cancelled while the purple held the turn
                    rec.status, rec.completion_reason = "cancelled", "cancelled"
                    return
                reply, answered = result.first_object(), True
            except TimeoutError:
                await self.link.cancel_pending()
                rec.warnings.append(f"turn {turn}: no reply within {self.config.turn_timeout_s:g} s; advanced by "
                                    f"the default step")
            except PurpleError as exc:
                rec.status, rec.completion_reason = "failed", "error"
                rec.errors.append(f"turn {turn}: the purple could not be reached: {exc}")
                return
            self._reply_at, self._ues_at_reply = time.perf_counter(), ues.round_trip_seconds
            timeouts = 0 if answered else timeouts + 1
            step, early = self._step_from(reply, turn) if answered else (spec.default_step, False)
            ends_scenario = now + step >= spec.end_time
            if ends_scenario:
                step = spec.end_time - now
            posts = await self._purple_posts()
            if not self._new_posts(posts):
                # The purple made no call that can change the world: nothing to attribute, nobody to answer, so
                # the whole step is one advance (the same clock and events as the 1 s + rest split below).
                advanced = await ues.advance(step.total_seconds())
                events_processed = int(advanced.get("events_executed", 0))
                now = parse_dt(advanced["current_time"])
                await self._progress(f"Turn {turn} completed; clock at {now.isoformat()}", "update_turn_completed",
                                     turn=turn, actions=0, current_time=now.isoformat(), time_step=str(step))
                if self._turn_ends(early, ends_scenario or now >= spec.end_time, timeouts):
                    return
                continue
            apply_step = min(timedelta(seconds=1), step)
            advanced = await ues.advance(apply_step.total_seconds())
            apply_time = parse_dt(advanced["current_time"])
            events_processed = int(advanced.get("events_executed", 0))
            turn_events = [e for e in await ues.events(start=now, end=apply_time)
                           if e.get("status") in ("executed", "failed")]
            logs = [entry for entry in posts if parse_dt(entry["timestamp"]) >= wall_start]
            actions = attribute(turn_events, list(reversed(logs)), self.key_id or "", turn, now)
            self._record_actions(actions)
            for action in actions:
                if self.config.verbose_updates:
                    await self._progress(f"Turn {turn}: {action.action}", "update_action_observed",
                                         turn=turn, action=action.action, success=action.success)
            calendar = (await ues.state("calendar")).get("events") if needs_calendar(actions) else None
            replies = self.characters.plan(outgoing_messages(spec, actions, calendar))
            for planned in replies:
                at = max(planned.at, apply_time)
                await ues.schedule(planned.modality, at, planned.data)
            if replies:
                await self._progress(f"Turn {turn}: {len(replies)} character response(s) scheduled",
                                     "update_responses_generated", turn=turn,
                                     responses=[{"character": r.character_id, "modality": r.modality,
                                                 "at": max(r.at, apply_time).isoformat(), "summary": r.summary}
                                                for r in replies])
            rest = (step - apply_step).total_seconds()
            if rest > 0:
                advanced = await ues.advance(rest)
                events_processed += int(advanced.get("events_executed", 0))
            now = apply_time + timedelta(seconds=max(rest, 0))
            await self._progress(f"Turn {turn} completed; clock at {now.isoformat()}", "update_turn_completed",
                                 turn=turn, actions=len(actions), current_time=now.isoformat(),
                                 time_step=str(step))
            if self._turn_ends(early, ends_scenario or now >= spec.end_time, timeouts):
                return
        rec.completion_reason = "max_turns_reached"

    async def _send_unless_cancelled(self, message: TurnStart) -> PurpleReply | None:
        """Send one turn and wait for the reply, the turn timeout (TimeoutError) or a cancel of the assessment
        (None: the turn is abandoned at once rather than at its end, so a cancel never waits for a slow purple)."""
        send = asyncio.ensure_future(self.link.send(message, timeout_s=self.config.turn_timeout_s))
        stop = asyncio.ensure_future(self.cancel.wait())
        try:
            await asyncio.wait({send, stop}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stop.cancel()
            if not send.done():
                send.cancel()
                await asyncio.gather(send, return_exceptions=True)
        return None if send.cancelled() else send.result()

    def _turn_ends(self, early: bool, scenario_over: bool, timeouts: int) -> bool:
        """After a turn: True (with the completion reason recorded) when the trial ends here."""
        rec = self.record
        if early:
            rec.completion_reason = "early_completion"
            return True
        if scenario_over:
            rec.completion_reason = "scenario_complete"
            return True
        if timeouts >= MAX_CONSECUTIVE_TIMEOUTS:
            rec.status, rec.completion_reason = "timeout", "timeout"
            rec.errors.append(f"the purple did not reply to {MAX_CONSECUTIVE_TIMEOUTS} turns in a row")
            return True
        return False

    async def _purple_posts(self) -> list[dict[str, Any]]:
        """The purple key's POST calls in the access log, newest first (every action the purple can take is a POST;
        attribution reads nothing else)."""
        return await self.ues.access_logs(self.key_id or "", method="POST")

    def _new_posts(self, posts: list[dict[str, Any]]) -> bool:
        """Whether ``posts`` holds a call not seen at the previous turn. By ``log_id`` (the log's own sequence), not by
        time, so no clock is involved; an entry without a usable ``log_id`` counts as new."""
        ids = [entry.get("log_id") for entry in posts]
        if any(not isinstance(i, int) or isinstance(i, bool) for i in ids):
            return True
        newest = max(ids, default=self._last_post_id)
        seen, self._last_post_id = self._last_post_id, max(newest, self._last_post_id)
        return newest > seen

    def _record_actions(self, actions: list[ActionLogEntry]) -> None:
        rec = self.record
        room = MAX_ACTION_LOG - len(rec.action_log)
        if len(actions) > room:
            rec.action_log_truncated = True
        rec.action_log.extend(actions[:max(room, 0)])

    async def _finish(self) -> None:
        """Always: tell the purple, take final snapshots, revoke keys. Errors here are recorded, not raised."""
        rec, ues = self.record, self.ues
        if self.purple_started:
            # The purple hears one of protocol.md §4's four reasons; running out of turns ends the scenario.
            reason = {"max_turns_reached": "scenario_complete"}.get(rec.completion_reason, rec.completion_reason)
            if reason not in ("scenario_complete", "early_completion", "timeout", "error"):
                reason = "error"
            try:
                await self.link.send(AssessmentComplete(reason=reason), timeout_s=CONTROL_TIMEOUT_S)
            except (PurpleError, TimeoutError) as exc:
                self.log.info("assessment_complete_not_delivered", error=str(exc))
        try:
            if self.key_id is not None:
                states = await asyncio.gather(*(ues.state(m) for m in MODALITIES))
                rec.final_state = dict(zip(MODALITIES, states, strict=True))
                rec.events = [e for e in await ues.events() if e.get("status") in ("executed", "failed")]
                rec.final_time = await ues.now()
                self._check_impersonation()
        except UESError as exc:
            rec.errors.append(f"final snapshot failed: {exc}")
            if rec.status == "completed":
                rec.status, rec.completion_reason = "failed", "error"
        finally:
            await self._revoke()

    async def _revoke(self) -> None:
        if self.key_id is None:
            return
        try:
            await self.ues.revoke_key(self.key_id)
            for key in await self.ues.keys():
                if key.get("created_by") == self.key_id and key.get("is_active"):
                    await self.ues.revoke_key(key["key_id"])
        except UESError as exc:
            # A dead UES takes the key with it; anything else is worth shouting about.
            self.record.errors.append(f"could not revoke the purple's key: {exc}")

    def _check_impersonation(self) -> None:
        """User-role chat messages the green did not post are forged instructions (protocol.md §4)."""
        initial = {m.get("message_id") for m in self.record.initial_state.get("chat", {}).get("messages", [])}
        allowed = list(self.green_user_messages)
        for message in self.record.final_state.get("chat", {}).get("messages", []):
            if message.get("role") != "user" or message.get("message_id") in initial:
                continue
            content = message.get("content")
            text = content if isinstance(content, str) else str(content)
            if text in allowed:
                allowed.remove(text)
                continue
            turn = next((a.turn for a in self.record.action_log if a.action == "chat.send_message"
                         and a.parameters.get("content") == content), None)
            self.record.violations.append(Violation(type="impersonated_user", turn=turn, content=text[:500]))
