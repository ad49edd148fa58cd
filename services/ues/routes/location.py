"""Location routes (ues-api.md §2.10)."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request, Response
from pydantic import Field

from services.ues.auth import ApiKey, Permission
from services.ues.modalities.base import StrictBody
from services.ues.modalities.location import LocationFields, LocationInput, LocationState
from services.ues.routes.common import SortOrder, act, action_response, echo, paginate, respond, sim
from services.ues.timeutil import AwareDatetime

router = APIRouter(prefix="/location", tags=["location"])

_SORT_KEYS = ("timestamp", "latitude", "longitude")


def _state(request: Request) -> LocationState:
    mod = sim(request).modality("location")
    assert isinstance(mod, LocationState)
    return mod


class LocationQuery(StrictBody):
    """Filters over the current position and the history; ``since``/``until`` are inclusive."""

    since: AwareDatetime | None = None
    until: AwareDatetime | None = None
    named_location: str | None = None
    limit: int | None = Field(default=None, ge=1, le=1000)
    offset: int = Field(default=0, ge=0)
    include_current: bool = True
    sort_by: str | None = "timestamp"
    sort_order: SortOrder = "desc"


@router.get("/state")
async def location_state(request: Request, compact: bool = False,
                         key: ApiKey = Depends(Permission("location:state"))) -> Response:
    state = _state(request)
    if compact:
        return respond({**state.compact(), "current_time": sim(request).now.isoformat()})
    return respond({"modality_type": "location", "current_time": sim(request).now.isoformat(),
                    "last_updated": state.last_updated.isoformat(), "update_count": state.update_count,
                    "current": state.current_view(), "history": [e.view() for e in state.history],
                    "history_count": len(state.history), "max_history_size": state.max_history_size})


@router.post("/query")
async def location_query(body: LocationQuery, request: Request,
                         key: ApiKey = Depends(Permission("location:query"))) -> Response:
    q = body
    matched = [(when, entry) for when, entry in _state(request).entries(include_current=q.include_current)
               if (q.since is None or when >= q.since) and (q.until is None or when <= q.until)
               and (q.named_location is None or entry.get("named_location") == q.named_location)]
    # Like real UES, only the recognised sort keys sort; otherwise current first, then newest first.
    if q.sort_by == "timestamp":
        matched.sort(key=lambda pair: pair[0], reverse=q.sort_order == "desc")
    elif q.sort_by in _SORT_KEYS:
        sort_key = q.sort_by  # a local, so that the lambda sees it narrowed to str
        matched.sort(key=lambda pair: pair[1][sort_key], reverse=q.sort_order == "desc")
    page = [entry for _when, entry in paginate(matched, q.offset, q.limit)]
    return respond({"modality_type": "location", "locations": page, "count": len(page),
                    "total_count": len(matched), "query": echo(q)})


@router.post("/update")
async def location_update(body: LocationFields, request: Request,
                          key: ApiKey = Depends(Permission("location:update"))) -> Response:
    """Move the user: ``latitude`` (−90..90) and ``longitude`` (−180..180) required; ``address``,
    ``named_location``, ``altitude``, ``accuracy`` (≥0), ``speed`` (≥0), ``bearing`` (0..360) optional.
    The previous position goes to the history."""
    event = act(request, key, LocationInput, **body.model_dump())
    return action_response(request, event, f"Location updated to ({body.latitude}, {body.longitude})")
