"""Proctor routes: time (§2.1), simulation lifecycle (§2.2), events (§2.3), scenario import/export (§2.4)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, Literal

from fastapi import APIRouter, Body, Depends, Query, Request, Response
from pydantic import Field

from services.ues.auth import ApiKey, Permission
from services.ues.engine import UES_VERSION
from services.ues.errors import ApiError
from services.ues.modalities.base import StrictBody
from services.ues.routes.common import respond, sim
from services.ues.timeutil import AwareDatetime, parse_dt

time_router = APIRouter(prefix="/simulator/time", tags=["time"])
simulation_router = APIRouter(prefix="/simulation", tags=["simulation"])
events_router = APIRouter(prefix="/events", tags=["events"])
scenario_router = APIRouter(prefix="/scenario", tags=["scenario"])


# ---------------------------------------------------------------------------------------- time
class AdvanceBody(StrictBody):
    seconds: float = Field(gt=0, le=10 * 365 * 86400)


class SetTimeBody(StrictBody):
    target_time: AwareDatetime


class ScaleBody(StrictBody):
    scale: float = Field(gt=0, le=1_000_000)


@time_router.get("")
async def get_time(request: Request, key: ApiKey = Depends(Permission("time:read"))) -> Response:
    return respond(sim(request).time_json())


@time_router.post("/advance")
async def advance_time(body: AdvanceBody, request: Request,
                       key: ApiKey = Depends(Permission("time:advance"))) -> Response:
    return respond(sim(request).advance(body.seconds))


@time_router.post("/set")
async def set_time(body: SetTimeBody, request: Request, key: ApiKey = Depends(Permission("time:set"))) -> Response:
    return respond(sim(request).set_time(body.target_time))


@time_router.post("/skip-to-next")
async def skip_to_next(request: Request, key: ApiKey = Depends(Permission("time:skip"))) -> Response:
    return respond(sim(request).skip_to_next())


@time_router.post("/set-scale")
async def set_scale(body: ScaleBody, request: Request, key: ApiKey = Depends(Permission("time:scale"))) -> Response:
    s = sim(request)
    s.time.time_scale = body.scale
    return respond(s.time_json())


@time_router.post("/pause")
async def pause(request: Request, key: ApiKey = Depends(Permission("time:pause"))) -> Response:
    s = sim(request)
    s.set_paused(True)
    return respond({"message": "Time paused", "current_time": s.now.isoformat(), "is_paused": True})


@time_router.post("/resume")
async def resume(request: Request, key: ApiKey = Depends(Permission("time:resume"))) -> Response:
    s = sim(request)
    s.set_paused(False)
    return respond({"message": "Time resumed", "current_time": s.now.isoformat(), "is_paused": False})


# ---------------------------------------------------------------------------------------- simulation
class StartBody(StrictBody):
    auto_advance: bool = False
    time_scale: float = Field(default=1.0, gt=0, le=1_000_000)


class ClearBody(StrictBody):
    reset_time_to: AwareDatetime | None = None


class CountBody(StrictBody):
    count: int = Field(default=1, ge=1, le=100)


class HoldBody(StrictBody):
    reason: str | None = None
    timeout_seconds: int = Field(default=300, ge=1, le=3600)
    agent_id: str | None = None


@simulation_router.post("/start")
async def start(request: Request, body: StartBody | None = Body(default=None),
                key: ApiKey = Depends(Permission("simulation:start"))) -> Response:
    body = body or StartBody()
    return respond(sim(request).start(body.auto_advance, body.time_scale))


@simulation_router.post("/stop")
async def stop(request: Request, key: ApiKey = Depends(Permission("simulation:stop"))) -> Response:
    return respond(sim(request).stop())


@simulation_router.get("/status")
async def status(request: Request, key: ApiKey = Depends(Permission("simulation:status"))) -> Response:
    return respond(sim(request).status())


@simulation_router.post("/reset")
async def reset(request: Request, key: ApiKey = Depends(Permission("simulation:reset"))) -> Response:
    return respond(sim(request).reset())


@simulation_router.post("/clear")
async def clear(request: Request, body: ClearBody | None = Body(default=None),
                key: ApiKey = Depends(Permission("simulation:clear"))) -> Response:
    return respond(sim(request).clear(body.reset_time_to if body else None))


@simulation_router.post("/undo")
async def undo(request: Request, body: CountBody | None = Body(default=None),
               key: ApiKey = Depends(Permission("simulation:undo"))) -> Response:
    return respond(sim(request).undo((body or CountBody()).count))


@simulation_router.post("/redo")
async def redo(request: Request, body: CountBody | None = Body(default=None),
               key: ApiKey = Depends(Permission("simulation:redo"))) -> Response:
    return respond(sim(request).redo((body or CountBody()).count))


@simulation_router.post("/hold")
async def hold(request: Request, body: HoldBody | None = Body(default=None),
               key: ApiKey = Depends(Permission("simulation:hold"))) -> Response:
    body = body or HoldBody()
    return respond(sim(request).holds.acquire(body.reason, body.timeout_seconds, body.agent_id or key.key_id))


@simulation_router.post("/release/{hold_id}")
async def release(hold_id: str, request: Request, key: ApiKey = Depends(Permission("simulation:release"))) -> Response:
    return respond(sim(request).holds.release(hold_id))


@simulation_router.get("/holds")
async def holds(request: Request, key: ApiKey = Depends(Permission("simulation:holds"))) -> Response:
    active = sim(request).holds.active()
    return respond({"holds": [h.to_json() for h in active], "active_count": len(active)})


# ---------------------------------------------------------------------------------------- events
class CreateEvent(StrictBody):
    scheduled_time: AwareDatetime
    modality: str = Field(min_length=1, max_length=64)
    data: dict[str, Any]
    priority: int = Field(default=50, ge=0, le=100)
    metadata: dict[str, Any] = {}
    agent_id: str | None = None


class ImmediateEvent(StrictBody):
    modality: str = Field(min_length=1, max_length=64)
    data: dict[str, Any]


class BatchBody(StrictBody):
    events: list[CreateEvent]
    stop_on_first_error: bool = False
    validate_only: bool = False


def _metadata(body_metadata: dict[str, Any], key: ApiKey) -> dict[str, Any]:
    return {**body_metadata, "created_by_key": key.key_id}


def _query_dt(name: str, value: str | None) -> datetime | None:
    if value is None:
        return None
    try:
        return parse_dt(value)
    except ValueError:
        pass
    # An unencoded "+00:00" offset in a query string arrives as " 00:00" (the "+" decodes to a space).
    head, sep, offset = value.rpartition(" ")
    try:
        if sep and "T" in head and offset[:2].isdigit():
            return parse_dt(f"{head}+{offset}")
    except ValueError:
        pass
    raise ApiError(400, f"{name}: invalid datetime {value!r}")


@events_router.get("")
async def list_events(request: Request, status: str | None = None, start_time: str | None = None,
                      end_time: str | None = None, modality: str | None = None, agent_id: str | None = None,
                      limit: int | None = Query(default=None, ge=1), offset: int = Query(default=0, ge=0),
                      key: ApiKey = Depends(Permission("events:list"))) -> Response:
    return respond(sim(request).list_events(
        status=status, start=_query_dt("start_time", start_time), end=_query_dt("end_time", end_time),
        modality=modality, agent_id=agent_id, limit=limit, offset=offset))


@events_router.post("")
async def create_event(body: CreateEvent, request: Request,
                       key: ApiKey = Depends(Permission("events:create"))) -> Response:
    s = sim(request)
    inp = s.build_input(body.modality, body.data, body.scheduled_time)
    event = s.schedule(body.modality, inp, body.scheduled_time, priority=body.priority,
                       metadata=_metadata(body.metadata, key), agent_id=body.agent_id or key.key_id)
    return respond(s.event_view(event, include_data=False))


@events_router.post("/immediate")
async def immediate_event(body: ImmediateEvent, request: Request,
                          key: ApiKey = Depends(Permission("events:execute"))) -> Response:
    s = sim(request)
    inp = s.build_input(body.modality, body.data, s.now)
    event = s.schedule(body.modality, inp, s.now, priority=100, metadata=_metadata({}, key), agent_id=key.key_id)
    return respond(s.event_view(event, include_data=False))


@events_router.post("/batch", responses={
    201: {"description": "Every event created"},
    207: {"description": "Some events created, some failed (each item says which and why)"}})
async def batch_events(body: BatchBody, request: Request,
                       key: ApiKey = Depends(Permission("events:batch"))) -> Response:
    s = sim(request)
    if not body.events or len(body.events) > 1000:
        raise ApiError(400, f"events must contain between 1 and 1000 events (got {len(body.events)})")
    built: list[Any] = []
    errors: list[str | None] = []
    for index, item in enumerate(body.events):
        try:
            if item.scheduled_time < s.now:
                raise ApiError(409, f"scheduled_time {item.scheduled_time.isoformat()} is in the past")
            built.append(s.build_input(item.modality, item.data, item.scheduled_time))
            errors.append(None)
        except ApiError as exc:
            if body.stop_on_first_error and not body.validate_only:
                raise ApiError(400, {"detail": f"events[{index}]: {exc.detail}", "failed_index": index,
                                     "events_validated": index, "total_events": len(body.events)}) from None
            built.append(None)
            errors.append(str(exc.detail))
    if body.validate_only:
        valid = sum(e is None for e in errors)
        return respond({"total_submitted": len(body.events), "total_valid": valid,
                        "total_invalid": len(errors) - valid, "validation_only": True,
                        "events": [{"index": i, "valid": e is None, "error": e} for i, e in enumerate(errors)]})
    results = []
    for index, (item, inp, error) in enumerate(zip(body.events, built, errors, strict=True)):
        if inp is None:
            results.append({"index": index, "success": False, "event_id": None, "scheduled_time": None,
                            "modality": item.modality, "error": error})
            continue
        event = s.schedule(item.modality, inp, item.scheduled_time, priority=item.priority,
                           metadata=_metadata(item.metadata, key), agent_id=item.agent_id or key.key_id)
        results.append({"index": index, "success": True, "event_id": event.event_id,
                        "scheduled_time": event.scheduled_time.isoformat(), "modality": item.modality,
                        "error": None})
    if s.real:  # real UES's batch results have no modality (§2.3)
        for result in results:
            del result["modality"]
    failed = sum(not r["success"] for r in results)
    return respond({"total_submitted": len(results), "total_created": len(results) - failed,
                    "total_failed": failed, "events": results}, status_code=207 if failed else 201)


@events_router.get("/next")
async def next_event(request: Request, key: ApiKey = Depends(Permission("events:read"))) -> Response:
    s = sim(request)
    event = s.queue.next_pending()
    if event is None:
        raise ApiError(404, "No pending events")
    return respond(s.event_view(event, include_data=False))


@events_router.get("/summary")
async def events_summary(request: Request, key: ApiKey = Depends(Permission("events:summary"))) -> Response:
    s = sim(request)
    counts = s.queue.counts()
    by_modality: dict[str, int] = {}
    for event in s.queue.by_id.values():
        by_modality[event.modality] = by_modality.get(event.modality, 0) + 1
    nxt = s.queue.next_pending()
    return respond({"total": len(s.queue), **{k: counts[k] for k in ("pending", "executed", "failed", "skipped")},
                    "by_modality": by_modality,
                    "next_event_time": nxt.scheduled_time.isoformat() if nxt else None})


@events_router.get("/{event_id}")
async def get_event(event_id: str, request: Request, key: ApiKey = Depends(Permission("events:read"))) -> Response:
    s = sim(request)
    return respond(s.event_view(s.get_event(event_id)))


@events_router.delete("/{event_id}")
async def cancel_event(event_id: str, request: Request, key: ApiKey = Depends(Permission("events:delete"))) -> Response:
    return respond(sim(request).cancel_event(event_id))


# ---------------------------------------------------------------------------------------- scenario
class ImportFull(StrictBody):
    scenario: dict[str, Any]
    strict_modalities: bool = False


class ImportEnvironment(StrictBody):
    data: dict[str, Any]
    historic_event_handling: Literal["ignore", "delete", "apply"] = "ignore"
    strict_modalities: bool = False


class ImportEvents(StrictBody):
    data: dict[str, Any]
    merge: bool = False


@scenario_router.get("/export/environment")
async def export_environment(request: Request, key: ApiKey = Depends(Permission("scenario:export"))) -> Response:
    s = sim(request)
    return respond({"environment": s.export_environment(), "modalities_exported": list(s.modalities)})


@scenario_router.get("/export/events")
async def export_events(request: Request, key: ApiKey = Depends(Permission("scenario:export"))) -> Response:
    s = sim(request)
    counts = s.queue.counts()
    return respond({"events": {"events": s.export_events()}, "total_events": len(s.queue),
                    "pending_events": counts["pending"], "executed_events": counts["executed"]})


@scenario_router.get("/export/full")
async def export_full(request: Request, author: str | None = None, description: str | None = None,
                      key: ApiKey = Depends(Permission("scenario:export"))) -> Response:
    s = sim(request)
    metadata = {"ues_version": UES_VERSION, "scenario_version": "1",
                "created_at": datetime.now(UTC).isoformat(), "author": author, "description": description}
    return respond({"scenario": {"metadata": metadata, "environment": s.export_environment(),
                                 "events": {"events": s.export_events()}}})


@scenario_router.post("/import/full")
async def import_full(body: ImportFull, request: Request,
                      key: ApiKey = Depends(Permission("scenario:import"))) -> Response:
    return respond(sim(request).import_full(body.scenario, body.strict_modalities))


@scenario_router.post("/import/environment")
async def import_environment(body: ImportEnvironment, request: Request,
                             key: ApiKey = Depends(Permission("scenario:import"))) -> Response:
    return respond(sim(request).import_environment(body.data, body.historic_event_handling,
                                                   body.strict_modalities))


@scenario_router.post("/import/events")
async def import_events(body: ImportEvents, request: Request,
                        key: ApiKey = Depends(Permission("scenario:import"))) -> Response:
    return respond(sim(request).import_events(body.data, body.merge))
