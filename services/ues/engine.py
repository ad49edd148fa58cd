"""The simulation: clock, event queue, execution, lifecycle, undo/redo, import and export (the time holds are
``holds.py``'s, the reading of an imported world ``loading.py``'s).

One process holds one simulation. Every route runs on the event loop thread (all handlers are
``async def``), so no locking is needed as long as nothing here awaits.
"""

from __future__ import annotations

import copy
import time as _time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from pydantic import ValidationError

from services.ues.compat import Compat, adapt_modalities, event_json, zulu
from services.ues.errors import ApiError
from services.ues.events import STATUSES, EventQueue, RawInput, SimEvent
from services.ues.holds import Holds
from services.ues.loading import load_environment, load_events
from services.ues.modalities import MODALITY_CLASSES
from services.ues.modalities.base import Modality, ModalityInput
from services.ues.timeutil import TimeState, iso, timedelta_repr
from services.ues.validation import describe_validation_error

UES_VERSION = "0.3.0"
DEFAULT_MODALITIES = ("weather", "email", "sms", "chat", "calendar", "location", "time", "contacts")


def _wall_now() -> datetime:
    return datetime.now(UTC)


class Simulation:
    """The one simulated world of a UES process.

    ``compat`` is real-UES mode (services/ues/compat.py) or not; it is fixed for the simulation's life.
    """

    def __init__(self, now: datetime | None = None, compat: Compat = Compat.NATIVE) -> None:
        now = now or _wall_now()
        self.compat = compat
        self.real = compat is Compat.REAL_0_3
        self.time = TimeState(current_time=now, last_wall_time_update=now)
        self.modalities: dict[str, Modality] = {
            name: MODALITY_CLASSES[name].empty(now) for name in DEFAULT_MODALITIES if name in MODALITY_CLASSES
        }
        adapt_modalities(compat, self.modalities)
        self.queue = EventQueue()
        self.is_running = False
        self.simulation_id: str | None = None
        self.holds = Holds()
        self.undo_stack: list[SimEvent] = []
        self.redo_stack: list[SimEvent] = []
        self._base: dict[str, dict[str, Any]] = {}
        self._wall_anchor = _time.monotonic()
        # Set by the app: tells its ticker that time may have started moving by itself (see ``ticking``).
        self.wake: Callable[[], None] = lambda: None
        self._snapshot_base()

    # ------------------------------------------------------------------ basics
    @property
    def ticking(self) -> bool:
        """Whether time moves by itself (running, auto mode, not paused). Only then has ``auto_tick`` work to do; the
        three ways into this state (``start``, ``set_paused(False)``, an import) each reset the wall anchor and call
        ``wake``, so a ticker that sleeps while it is False never sees a stale anchor."""
        return self.is_running and self.time.auto_advance and not self.time.is_paused

    @property
    def now(self) -> datetime:
        return self.time.current_time

    def modality(self, name: str) -> Modality:
        """The live state of a modality; 500-free error when an import removed it."""
        mod = self.modalities.get(name)
        if mod is None:
            raise ApiError(404, f"Modality '{name}' is not present in the current environment "
                                f"(the imported scenario does not include it)")
        return mod

    def time_json(self) -> dict[str, Any]:
        t = self.time
        mode = "paused" if t.is_paused else ("auto" if t.auto_advance else "manual")
        return {"current_time": t.current_time.isoformat(), "time_scale": t.time_scale,
                "is_paused": t.is_paused, "auto_advance": t.auto_advance, "mode": mode}

    # ------------------------------------------------------------------ inputs and events
    def build_input(self, modality: str, data: dict[str, Any], timestamp: datetime) -> ModalityInput:
        """Validate event data for ``modality``; raises ApiError 404/422 with a readable detail."""
        cls = MODALITY_CLASSES.get(modality)
        if cls is None:
            raise ApiError(404, f"Unknown modality '{modality}'. Known: {', '.join(sorted(MODALITY_CLASSES))}")
        self.modality(modality)  # 404 when an import removed it: the event could only ever fail
        payload = dict(data)
        payload["modality_type"] = modality
        payload["timestamp"] = timestamp
        try:
            inp = cls.input_model.model_validate(payload)
            inp.check()
        except ValidationError as exc:
            raise ApiError(422, f"Invalid event data: {describe_validation_error(exc, 'data')}") from None
        except ValueError as exc:
            raise ApiError(422, f"Invalid event data: {exc}") from None
        return inp

    def schedule(self, modality: str, inp: ModalityInput, scheduled_time: datetime, *, priority: int = 50,
                 metadata: dict[str, Any] | None = None, agent_id: str | None = None) -> SimEvent:
        if scheduled_time < self.now:
            raise ApiError(409, f"Cannot schedule event in the past: scheduled_time "
                                f"{scheduled_time.isoformat()} is before current time {self.now.isoformat()}")
        event = SimEvent(scheduled_time=scheduled_time, modality=modality, data=inp, created_at=self.now,
                         priority=priority, metadata=dict(metadata or {}), agent_id=agent_id)
        self.queue.add(event)
        return event

    def act(self, inp: ModalityInput, key_id: str | None) -> SimEvent:
        """An action endpoint: record the input as an event at T and execute it at once (§4.3).

        Unlike real UES, the event is attributed to the calling key (``agent_id`` and
        ``metadata.created_by_key``), so a green can build the purple's action log from events. Real mode does not
        attribute (§1.3): ``agent_id`` null, no ``created_by_key``.
        """
        modality = inp.modality_type
        self.modality(modality)
        if self.real:
            key_id = None
        # Created as "executing" so it never enters the pending heap.
        event = SimEvent(scheduled_time=self.now, modality=modality, data=inp, created_at=self.now,
                         priority=100, agent_id=key_id, status="executing",
                         metadata={"created_by_key": key_id} if key_id else {})
        self.queue.add(event)
        self._execute(event)
        return event

    def _execute(self, event: SimEvent) -> None:
        event.status = "executing"
        event._data_json = None
        try:
            if isinstance(event.data, RawInput):
                raise ValueError(f"invalid event data: {event.data.error}")
            mod = self.modalities.get(event.modality)
            if mod is None:
                raise KeyError(f"modality '{event.modality}' not in environment")
            mod.apply(event.data)
        except Exception as exc:  # a failed event is data, never a crash
            event.status = "failed"
            event.error_message = f"{type(exc).__name__}: {exc}"
        else:
            event.status = "executed"
            self.undo_stack.append(event)
            self.redo_stack.clear()
        event.executed_at = self.now

    def run_due(self) -> tuple[int, int, list[dict[str, Any]]]:
        """Execute every pending event due at or before now, in queue order."""
        executed = failed = 0
        details = []
        while (event := self.queue.pop_due(self.now)) is not None:
            if event.status != "pending":
                continue
            self._execute(event)
            executed += 1
            if event.status == "failed":
                failed += 1
            details.append({"event_id": event.event_id, "modality": event.modality, "status": event.status,
                            "error": event.error_message})
        return executed, failed, details

    # ------------------------------------------------------------------ clock
    def _require_time_control(self, verb: str) -> None:
        if not self.is_running:
            raise ApiError(400, f"Cannot {verb} time: simulation is not running")
        holds = self.holds.active()
        if holds:
            raise ApiError(409, {"message": f"Cannot {verb} time while holds are active",
                                 "active_holds": [{"hold_id": h.hold_id, "reason": h.reason,
                                                   "agent_id": h.agent_id} for h in holds]})

    def advance(self, seconds: float) -> dict[str, Any]:
        # Pause stops only auto-advance (ues-api.md §6 item 2): manual advance works while paused. Real UES refuses
        # a manual advance while paused (after the running and holds checks, §4.2); set and skip-to-next it allows.
        self._require_time_control("advance")
        if self.real and self.time.is_paused:
            raise ApiError(400, "Cannot advance time while paused")
        previous = self.now
        try:
            self.time.current_time = previous + timedelta(seconds=seconds)
        except OverflowError:  # past year 9999: a clean 400, not a 500
            raise ApiError(400, "Cannot advance time: the result is beyond the supported date range") from None
        executed, failed, details = self.run_due()
        stamp = zulu if self.real else iso  # real UES's response model renders UTC as "Z" here
        return {"previous_time": stamp(previous), "current_time": stamp(self.now),
                "time_advanced": timedelta_repr(self.now - previous), "events_executed": executed,
                "events_failed": failed, "execution_details": details}

    def set_time(self, target: datetime) -> dict[str, Any]:
        self._require_time_control("set")
        previous = self.now
        skipped = rolled_back = reset_skipped = 0
        if target > previous:
            for event in self.queue.pending():
                if previous < event.scheduled_time <= target:
                    event.status = "skipped"
                    event.error_message = f"Time jumped from {previous.isoformat()} to {target.isoformat()}"
                    event.metadata["skip_reason"] = "time_jump"
                    skipped += 1
        elif target < previous:
            undone = [e for e in self.undo_stack if e.scheduled_time > target]
            if undone:
                self.undo_stack = [e for e in self.undo_stack if e.scheduled_time <= target]
                self.redo_stack.clear()  # redo entries belong to the timeline just rewound; replaying could fail
                self._rebuild()
                for event in undone:
                    event.status, event.executed_at, event.error_message = "pending", None, None
                    event._data_json = None
                rolled_back = len(undone)
            for event in self.queue.by_id.values():
                if event.status in ("skipped", "failed") and event.scheduled_time > target:
                    reset_skipped += event.status == "skipped"
                    event.status, event.executed_at, event.error_message = "pending", None, None
                    event.metadata.pop("skip_reason", None)
            self.queue.rebuild_heap()
        self.time.current_time = target
        return {"current_time": target.isoformat(), "previous_time": previous.isoformat(),
                "skipped_events": skipped, "executed_events": 0, "rolled_back_events": rolled_back,
                "reset_skipped_events": reset_skipped}

    def skip_to_next(self) -> dict[str, Any]:
        self._require_time_control("skip")
        head = self.queue.next_pending()
        if head is None:
            raise ApiError(404, "No pending events")
        previous = self.now
        # Never move the clock backwards; real UES (and real mode) jumps to an overdue event's time (§4.2).
        self.time.current_time = head.scheduled_time if self.real else max(previous, head.scheduled_time)
        executed, _failed, _details = self.run_due()
        nxt = self.queue.next_pending()
        return {"previous_time": previous.isoformat(), "current_time": self.now.isoformat(),
                "events_executed": executed, "next_event_time": iso(nxt.scheduled_time if nxt else None)}

    def auto_tick(self) -> None:
        """Called every few milliseconds by the app; moves time in auto mode."""
        t = self.time
        now_wall = _time.monotonic()
        if not (self.is_running and t.auto_advance) or t.is_paused:
            self._wall_anchor = now_wall
            return
        if self.holds.active():
            return  # like real UES, the anchor is not refreshed: time catches up when the hold ends
        delta = (now_wall - self._wall_anchor) * t.time_scale
        self._wall_anchor = now_wall
        if delta > 0:
            t.current_time += timedelta(seconds=delta)
            t.last_wall_time_update = _wall_now()
            self.run_due()

    def set_paused(self, paused: bool) -> None:
        self.time.is_paused = paused
        self._wall_anchor = _time.monotonic()
        self.wake()

    # ------------------------------------------------------------------ lifecycle
    def validate_all(self) -> list[str]:
        errors: list[str] = []
        for name, mod in self.modalities.items():
            errors.extend(f"{name}: {msg}" for msg in mod.validate_state())
        for event in self.queue.ordered():
            if event.scheduled_time < event.created_at:
                errors.append(f"event {event.event_id}: scheduled_time before created_at")
            if event.status == "pending":
                if isinstance(event.data, RawInput):
                    errors.append(f"event {event.event_id}: invalid data: {event.data.error}")
                elif event.modality not in self.modalities:
                    errors.append(f"event {event.event_id}: modality '{event.modality}' not in environment")
        return errors

    def start(self, auto_advance: bool, time_scale: float) -> dict[str, Any]:
        if self.is_running:
            raise ApiError(409, "Simulation is already running")
        errors = self.validate_all()
        if errors:
            raise ApiError(400, f"Cannot start simulation with validation errors: {errors[:20]}")
        self.is_running = True
        self.simulation_id = str(uuid.uuid4())
        self.time.auto_advance = auto_advance
        if auto_advance:
            self.time.time_scale = time_scale
        self._wall_anchor = _time.monotonic()
        self.wake()
        return {"simulation_id": self.simulation_id, "status": "running", "current_time": self.now.isoformat(),
                "auto_advance": auto_advance, "time_scale": time_scale if auto_advance else None}

    def stop(self) -> dict[str, Any]:
        if not self.is_running:
            return {"simulation_id": None, "status": "stopped", "final_time": None, "total_events": None,
                    "events_executed": None, "events_failed": None}
        self.is_running = False
        counts = self.queue.counts()
        return {"simulation_id": self.simulation_id, "status": "stopped", "final_time": self.now.isoformat(),
                "total_events": len(self.queue), "events_executed": counts["executed"],
                "events_failed": counts["failed"]}

    def status(self) -> dict[str, Any]:
        counts = self.queue.counts()
        nxt = self.queue.next_pending()
        return {"is_running": self.is_running, "current_time": self.now.isoformat(),
                "is_paused": self.time.is_paused, "auto_advance": self.time.auto_advance,
                "time_scale": self.time.time_scale, "pending_events": counts["pending"],
                "executed_events": counts["executed"], "failed_events": counts["failed"],
                "next_event_time": iso(nxt.scheduled_time if nxt else None)}

    def clear(self, reset_time_to: datetime | None) -> dict[str, Any]:
        self.is_running = False
        self.holds.clear()
        removed = self.queue.clear()
        if reset_time_to is not None:
            self.time.current_time = reset_time_to
            self.time.last_wall_time_update = reset_time_to
        self.modalities = {name: type(mod).empty(self.now, mod) for name, mod in self.modalities.items()}
        adapt_modalities(self.compat, self.modalities)
        self._snapshot_base()
        return {"status": "cleared", "events_removed": removed, "modalities_cleared": len(self.modalities),
                "time_reset": iso(reset_time_to), "current_time": self.now.isoformat()}

    def reset(self) -> dict[str, Any]:
        self.is_running = False
        undone = len(self.undo_stack)
        self.undo_stack.clear()
        # Also forget redo: its events go back to pending below, so redoing one would apply it twice.
        self.redo_stack.clear()
        self._rebuild()
        cleared = 0
        for event in self.queue.by_id.values():
            if event.status == "cancelled":
                continue  # a cancelled event stays cancelled; resurrecting it would run what the user stopped
            if event.status != "pending":
                cleared += 1
            event.status, event.executed_at, event.error_message = "pending", None, None
            event._data_json = None
        self.queue.rebuild_heap()
        return {"status": "reset", "message": f"Simulation reset: {undone} event(s) undone",
                "cleared_events": cleared, "events_undone": undone, "undo_errors": []}

    def undo(self, count: int) -> dict[str, Any]:
        if not self.is_running:
            raise ApiError(409, "Cannot undo: simulation is not running")
        count = min(count, len(self.undo_stack))
        undone = self.undo_stack[len(self.undo_stack) - count:] if count else []
        if undone:
            del self.undo_stack[-count:]
            self._rebuild()
            self.redo_stack.extend(reversed(undone))
        return {"undone_count": len(undone),
                "undone_events": [self._brief(e) for e in reversed(undone)],
                "can_undo": bool(self.undo_stack), "can_redo": bool(self.redo_stack),
                "message": f"Undid {len(undone)} event(s)" if undone else "Nothing to undo"}

    def redo(self, count: int) -> dict[str, Any]:
        if not self.is_running:
            raise ApiError(409, "Cannot redo: simulation is not running")
        redone, errors = [], []
        for _ in range(min(count, len(self.redo_stack))):
            event = self.redo_stack.pop()
            mod = self.modalities.get(event.modality)
            try:
                if mod is None or isinstance(event.data, RawInput):
                    raise KeyError(f"modality '{event.modality}' not in environment")
                mod.apply(event.data)
            except Exception as exc:  # apply is atomic: nothing changed, so stop here and report
                self.redo_stack.append(event)
                errors.append(f"{event.event_id}: {type(exc).__name__}: {exc}")
                break
            self.undo_stack.append(event)
            redone.append(event)
        message = f"Redid {len(redone)} event(s)" if redone else "Nothing to redo"
        if errors:
            message += f"; stopped: {errors[0]}"
        return {"redone_count": len(redone), "redone_events": [self._brief(e) for e in redone],
                "can_undo": bool(self.undo_stack), "can_redo": bool(self.redo_stack), "message": message}

    @staticmethod
    def _brief(event: SimEvent) -> dict[str, Any]:
        data = event.data_json()
        return {"event_id": event.event_id, "modality": event.modality,
                "action": data.get("operation") or event.modality}

    def _snapshot_base(self) -> None:
        """Remember the state the undo stack starts from (see ``_rebuild``)."""
        self.undo_stack.clear()
        self.redo_stack.clear()
        self._base = {name: mod.dump() for name, mod in self.modalities.items()}

    def _rebuild(self) -> None:
        """Recompute the state as base snapshot + every input still on the undo stack.

        Modalities write generated ids into their inputs, so replay is exact; this keeps undo generic
        instead of needing an inverse for every one of ~60 operations.
        """
        self.modalities = {name: MODALITY_CLASSES[name].load(copy.deepcopy(state))
                           for name, state in self._base.items()}
        adapt_modalities(self.compat, self.modalities)
        for event in list(self.undo_stack):
            mod = self.modalities.get(event.modality)
            if mod is None:
                continue
            try:
                if isinstance(event.data, RawInput):  # never on the undo stack: _execute fails such events
                    raise ValueError(f"invalid event data: {event.data.error}")
                mod.apply(event.data)
            except Exception as exc:
                # Only after a backward time jump: it rolled back an event this one depended on (a reply whose
                # original is gone). The event no longer applies (apply is atomic), so it is no longer executed.
                self.undo_stack.remove(event)
                event.status, event.error_message = "failed", f"{type(exc).__name__}: {exc}"
                event._data_json = None

    # ------------------------------------------------------------------ events listing
    def list_events(self, *, status: str | None, start: datetime | None, end: datetime | None,
                    modality: str | None, agent_id: str | None, limit: int | None, offset: int) -> dict[str, Any]:
        if status is not None and status not in STATUSES:
            raise ApiError(400, f"Invalid status '{status}'. Use one of: pending, executed, failed, "
                                f"skipped, cancelled")
        matched = [
            e for e in self.queue.ordered()
            if (status is None or e.status == status)
            and (start is None or e.scheduled_time >= start)
            and (end is None or e.scheduled_time <= end)
            and (modality is None or e.modality == modality)
            and (agent_id is None or self.real or e.agent_id == agent_id)  # real UES has no agent_id filter
        ]
        page = matched[offset:offset + limit if limit is not None else None]
        counts = self.queue.counts()
        return {"events": [self.event_view(e) for e in page], "total": len(matched), "pending": counts["pending"],
                "executed": counts["executed"], "failed": counts["failed"], "skipped": counts["skipped"]}

    def event_view(self, event: SimEvent, include_data: bool = True) -> dict[str, Any]:
        """An EventResponse (§2.3): ours, or real UES's shape in real mode."""
        return event_json(event, include_data) if self.real else event.to_json(include_data)

    def cancel_event(self, event_id: str) -> dict[str, Any]:
        event = self.get_event(event_id)
        if event.status != "pending":
            raise ApiError(400, f"Event {event_id} cannot be cancelled: status is {event.status}")
        event.status = "cancelled"
        event.metadata["cancel_reason"] = "cancelled via API"
        return {"cancelled": True, "event_id": event_id}

    def get_event(self, event_id: str) -> SimEvent:
        event = self.queue.by_id.get(event_id)
        if event is None:
            raise ApiError(404, f"Event {event_id} not found")
        return event

    # ------------------------------------------------------------------ import / export
    def _require_stopped(self, what: str) -> None:
        if self.is_running:
            raise ApiError(409, f"Cannot load {what} while simulation is running. Call stop() first.")

    def export_environment(self) -> dict[str, Any]:
        return {"time_state": self.time.to_json(),
                "modality_states": {name: mod.dump() for name, mod in self.modalities.items()}}

    def export_events(self) -> list[dict[str, Any]]:
        return [e.to_json() for e in self.queue.ordered()]

    def import_full(self, scenario: Any, strict: bool) -> dict[str, Any]:
        self._require_stopped("scenario")
        if not isinstance(scenario, dict):
            raise ApiError(400, "scenario must be an object with metadata, environment and events")
        meta = scenario.get("metadata") or {}
        if not isinstance(meta, dict):
            raise ApiError(400, "scenario.metadata must be an object")
        time_state, modalities, loaded, skipped = load_environment(scenario.get("environment"), strict)
        events_obj = scenario.get("events")
        if not isinstance(events_obj, dict):
            raise ApiError(400, "scenario.events is required (an object with an events list)")
        events = load_events(events_obj.get("events"))
        warnings = [f"Unknown modality '{n}' skipped" for n in skipped]
        version = str(meta.get("ues_version", UES_VERSION))
        if version.split(".")[0] != UES_VERSION.split(".")[0]:
            warnings.append(f"Scenario ues_version {version} differs from server {UES_VERSION}")
        historic = [e for e in events if e.status == "pending" and e.scheduled_time < time_state.current_time]
        if historic:
            warnings.append(f"{len(historic)} pending event(s) are scheduled before the environment time; "
                            f"they are due and run on the next advance")
        self._install(time_state, modalities, events)
        return {"success": True, "environment_loaded": True, "events_loaded": len(events),
                "modalities_loaded": loaded, "modalities_skipped": skipped, "warnings": warnings,
                "scenario_metadata": {"ues_version": version,
                                      "scenario_version": str(meta.get("scenario_version", "1")),
                                      "created_at": str(meta.get("created_at", "")),
                                      "author": meta.get("author"), "description": meta.get("description")}}

    def _install(self, time_state: TimeState, modalities: dict[str, Modality],
                 events: list[SimEvent] | None) -> None:
        self.time = time_state
        self._wall_anchor = _time.monotonic()
        self.modalities = modalities
        adapt_modalities(self.compat, self.modalities)
        self.holds.clear()
        if events is not None:
            self.queue.clear()
            for event in events:
                self.queue.add(event)
        self._snapshot_base()
        self.wake()

    def import_environment(self, data: Any, historic: str, strict: bool) -> dict[str, Any]:
        self._require_stopped("environment")
        time_state, modalities, loaded, skipped = load_environment(data, strict)
        old = [e for e in self.queue.pending() if e.scheduled_time < time_state.current_time]
        self._install(time_state, modalities, None)
        if historic == "delete":
            for event in old:
                del self.queue.by_id[event.event_id]
            self.queue.rebuild_heap()
            self.queue._sorted = None
        elif historic == "apply":
            for event in old:
                self._execute(event)
            self.queue.rebuild_heap()
            self._snapshot_base()
        return {"success": True, "modalities_loaded": loaded, "modalities_skipped": skipped,
                "warnings": [f"Unknown modality '{n}' skipped" for n in skipped],
                "historic_events_count": len(old), "historic_events_action": historic}

    def import_events(self, data: Any, merge: bool) -> dict[str, Any]:
        self._require_stopped("events")
        if not isinstance(data, dict):
            raise ApiError(400, "data must be an object with an events list")
        events = load_events(data.get("events"))
        previous = len(self.queue)
        if not merge:
            self.queue.clear()
            self._snapshot_base()
        for event in events:
            self.queue.add(event)
        historic = [e for e in events if e.status == "pending" and e.scheduled_time < self.now]
        return {"success": True, "events_loaded": len(events), "events_merged": merge,
                "previous_events": previous,
                "historic_events_warning": (f"{len(historic)} pending event(s) scheduled before current time"
                                            if historic else None),
                "historic_event_count": len(historic)}
