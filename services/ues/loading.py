"""Reading an exported world back: an environment (time state and modality states) and a list of events.

Every problem is an ``ApiError`` 400 that names the field (``events[3].scheduled_time is required``); nothing here
touches a simulation, which installs what comes back (``engine.Simulation.import_*``).
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from services.ues.errors import ApiError
from services.ues.events import STATUSES, RawInput, SimEvent
from services.ues.modalities import MODALITY_CLASSES
from services.ues.modalities.base import Modality, ModalityInput
from services.ues.timeutil import TimeState, parse_dt
from services.ues.validation import describe_validation_error

__all__ = ["load_environment", "load_events"]


def load_environment(env: Any, strict: bool) -> tuple[TimeState, dict[str, Modality], list[str], list[str]]:
    """An exported environment read back: its time state, its modalities, the names loaded and those skipped
    (unknown, unless ``strict``: then a 400). Every problem is an ApiError 400 naming the field."""
    if not isinstance(env, dict):
        raise ApiError(400, "environment must be an object with time_state and modality_states")
    ts = env.get("time_state")
    states = env.get("modality_states")
    if not isinstance(ts, dict):
        raise ApiError(400, "environment.time_state is required (an object with current_time)")
    if not isinstance(states, dict):
        raise ApiError(400, "environment.modality_states is required (an object keyed by modality)")
    try:
        current = parse_dt(ts["current_time"])
        wall = parse_dt(ts.get("last_wall_time_update") or ts["current_time"])
        scale = float(ts.get("time_scale", 1.0))
    except KeyError:
        raise ApiError(400, "environment.time_state.current_time is required") from None
    except (ValueError, TypeError) as exc:
        raise ApiError(400, f"environment.time_state: {exc}") from None
    if scale <= 0:
        raise ApiError(400, "environment.time_state.time_scale must be > 0")
    time_state = TimeState(current_time=current, time_scale=scale,
                           is_paused=bool(ts.get("is_paused", False)),
                           auto_advance=bool(ts.get("auto_advance", False)), last_wall_time_update=wall)
    modalities: dict[str, Modality] = {}
    loaded, skipped = [], []
    for name, state in states.items():
        cls = MODALITY_CLASSES.get(name)
        if cls is None:
            if strict:
                raise ApiError(400, f"Unknown modality '{name}' in environment.modality_states")
            skipped.append(name)
            continue
        if not isinstance(state, dict):
            raise ApiError(400, f"environment.modality_states.{name} must be an object")
        if state.get("modality_type", name) != name:
            raise ApiError(400, f"environment.modality_states.{name}.modality_type is "
                                f"'{state.get('modality_type')}', must equal its key '{name}'")
        try:
            modalities[name] = cls.load(state)
        except ValidationError as exc:
            raise ApiError(400, "Invalid environment: " + describe_validation_error(
                exc, f"modality_states.{name}")) from None
        except (ValueError, TypeError, KeyError, AttributeError) as exc:  # e.g. a list where a dict belongs
            raise ApiError(400, f"Invalid environment: modality_states.{name}: {exc}") from None
        loaded.append(name)
    return time_state, modalities, loaded, skipped

def load_events(events: Any) -> list[SimEvent]:
    """Exported events read back. A malformed event is a 400 naming it; an event whose data does not validate is
    kept with its data raw (``RawInput``): it fails when it runs, as it would have in the world that exported it."""
    if not isinstance(events, list):
        raise ApiError(400, "events.events is required (a list of events)")
    out = []
    for i, raw in enumerate(events):
        if not isinstance(raw, dict):
            raise ApiError(400, f"events[{i}] must be an object")
        try:
            scheduled = parse_dt(raw["scheduled_time"])
            created = parse_dt(raw.get("created_at") or raw["scheduled_time"])
            executed_at = parse_dt(raw["executed_at"]) if raw.get("executed_at") else None
            priority = int(raw.get("priority", 0))
        except KeyError as exc:
            raise ApiError(400, f"events[{i}].{exc.args[0]} is required") from None
        except (ValueError, TypeError) as exc:
            raise ApiError(400, f"events[{i}]: {exc}") from None
        if not isinstance(raw.get("metadata") or {}, dict):
            raise ApiError(400, f"events[{i}].metadata must be an object")
        data = raw.get("data")
        if not isinstance(data, dict):
            raise ApiError(400, f"events[{i}].data must be an object")
        modality = raw.get("modality") or data.get("modality_type")
        status = raw.get("status", "pending")
        if status not in STATUSES or status == "executing":
            raise ApiError(400, f"events[{i}].status '{status}' is not a valid event status")
        inp: ModalityInput | RawInput
        cls = MODALITY_CLASSES.get(str(modality))
        if cls is None or data.get("modality_type") != modality:
            inp = RawInput(data, f"data.modality_type must be '{modality}'")
        else:
            try:
                inp = cls.input_model.model_validate(data)
                inp.check()
            except ValidationError as exc:
                inp = RawInput(data, describe_validation_error(exc, "data"))
            except ValueError as exc:
                inp = RawInput(data, str(exc))
        out.append(SimEvent(scheduled_time=scheduled, modality=str(modality), data=inp, created_at=created,
                            priority=priority, status=status, executed_at=executed_at,
                            agent_id=raw.get("agent_id"), error_message=raw.get("error_message"),
                            metadata=dict(raw.get("metadata") or {})))
    return out
