"""Environment routes (ues-api.md §2.5): the whole world at a glance, its modalities, its consistency."""

from __future__ import annotations

import json
from typing import Any, Literal

from fastapi import APIRouter, Depends, Request, Response

from services.ues.auth import ApiKey, Permission
from services.ues.engine import Simulation
from services.ues.routes.common import respond, sim

router = APIRouter(prefix="/environment", tags=["environment"])


def _events_summary(s: Simulation) -> dict[str, Any]:
    head = s.queue.next_pending()
    return {"pending_count": s.queue.counts()["pending"],
            "next_event_time": head.scheduled_time.isoformat() if head else None,
            "next_event_modality": head.modality if head else None}


def _text_value(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _text_digest(s: Simulation, modalities: dict[str, dict[str, Any]], events: dict[str, Any]) -> str:
    """A plain-text digest of the compact snapshot, for pasting into an LLM prompt."""
    lines = [f"Environment snapshot at {s.now.isoformat()}"]
    pending = f"Pending events: {events['pending_count']}"
    if events["next_event_time"]:
        pending += f" (next at {events['next_event_time']}, {events['next_event_modality']})"
    lines.append(pending)
    for name, snapshot in modalities.items():
        lines.append("")
        lines.append(f"## {name}: {s.modalities[name].summary()}")
        for field, value in snapshot.items():
            if field not in ("modality_type", "summary"):
                lines.append(f"- {field}: {_text_value(value)}")
    return "\n".join(lines) + "\n"


@router.get("/state", responses={200: {"content": {"text/plain": {"schema": {"type": "string"}}},
                                         "description": "JSON, or with compact=true&format=text a plain-text digest"}})
async def environment_state(request: Request, compact: bool = False, format: Literal["json", "text"] = "json",
                            key: ApiKey = Depends(Permission("environment:read"))) -> Response:
    """Full state of every modality (default); ``compact=true``: compact snapshots and the queue summary;
    ``compact=true&format=text``: the same as a plain-text digest. ``format`` alone has no effect."""
    s = sim(request)
    if compact:
        modalities = {name: mod.compact() for name, mod in s.modalities.items()}
        events = _events_summary(s)
        if format == "text":
            return Response(_text_digest(s, modalities, events), media_type="text/plain; charset=utf-8")
        return respond({"snapshot_time": s.now.isoformat(), "format": "compact", "modalities": modalities,
                        "events": events})
    return respond({"current_time": s.now.isoformat(),
                    "modalities": {name: mod.dump() for name, mod in s.modalities.items()},
                    "summary": [{"modality_type": name, "state_summary": mod.summary()}
                                for name, mod in s.modalities.items()]})


@router.get("/modalities")
async def environment_modalities(request: Request, key: ApiKey = Depends(Permission("environment:list"))) -> Response:
    names = list(sim(request).modalities)
    return respond({"modalities": names, "count": len(names)})


@router.post("/validate")
async def environment_validate(request: Request, key: ApiKey = Depends(Permission("environment:validate"))) -> Response:
    s = sim(request)
    errors = s.validate_all()
    return respond({"valid": not errors, "errors": errors, "checked_at": s.now.isoformat()})
