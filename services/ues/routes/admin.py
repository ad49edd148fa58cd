"""Key management and access logs (ues-api.md §2.11)."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Query, Request, Response
from pydantic import Field

from services.ues.access_log import AccessLog
from services.ues.auth import ApiKey, KeyRegistry, Permission
from services.ues.compat import is_real
from services.ues.errors import ApiError
from services.ues.modalities.base import StrictBody
from services.ues.routes.common import respond
from services.ues.timeutil import parse_dt

keys_router = APIRouter(prefix="/keys", tags=["keys"])
logs_router = APIRouter(prefix="/access-logs", tags=["logs"])


class CreateKey(StrictBody):
    name: str = Field(min_length=1, max_length=100)
    permissions: list[str] = Field(min_length=1, max_length=500)


def _registry(request: Request) -> KeyRegistry:
    registry: KeyRegistry = request.app.state.keys
    return registry


def _find(request: Request, key_id: str) -> ApiKey:
    key = _registry(request).get(key_id)
    if key is None:
        raise ApiError(404, f"Key {key_id} not found")
    return key


@keys_router.post("", status_code=201)
async def create_key(body: CreateKey, request: Request, key: ApiKey = Depends(Permission("keys:create"))) -> Response:
    created, secret = _registry(request).create(body.name, body.permissions, key.key_id)
    info = created.info()
    return respond({"key_id": created.key_id, "secret": secret, "name": created.name,
                    "permissions": info["permissions"], "created_at": info["created_at"],
                    "created_by": created.created_by}, status_code=201)


@keys_router.get("")
async def list_keys(request: Request, include_revoked: bool = True,
                    key: ApiKey = Depends(Permission("keys:list"))) -> Response:
    keys = _registry(request).all()
    shown = [k for k in keys if include_revoked or k.is_active]
    active = sum(k.is_active for k in keys)
    return respond({"keys": [k.info() for k in shown], "total": len(shown), "active": active,
                    "revoked": len(keys) - active})


@keys_router.get("/{key_id}")
async def get_key(key_id: str, request: Request, key: ApiKey = Depends(Permission("keys:read"))) -> Response:
    # KeyInfo plus ``call_counts``: every call made with the key by (status, method, route template), never dropped
    # (the access log is a ring buffer). Only here, not in the listing: a proctor reads one key's counts per turn.
    # Real UES has no per-key counters.
    return respond(_find(request, key_id).info(with_calls=not is_real(request.app.state)))


@keys_router.delete("/{key_id}")
async def revoke_key(key_id: str, request: Request, key: ApiKey = Depends(Permission("keys:revoke"))) -> Response:
    target = _find(request, key_id)
    if target.is_admin:
        raise ApiError(400, "The admin key cannot be revoked")
    if not target.is_active:
        raise ApiError(409, f"Key {key_id} is already revoked")
    revoked_at = _registry(request).revoke(target)
    return respond({"key_id": target.key_id, "name": target.name, "revoked_at": revoked_at.isoformat(),
                    "message": f"Key {target.key_id} revoked"})


def _log(request: Request) -> AccessLog:
    log: AccessLog = request.app.state.access_log
    return log


@logs_router.get("")
async def access_logs(request: Request, key_id: str | None = None, key_name: str | None = None,
                      path_prefix: str | None = None, method: str | None = None, status_code: int | None = None,
                      min_status_code: int | None = None, max_status_code: int | None = None,
                      since: str | None = None, until: str | None = None, errors_only: bool = False,
                      limit: int = Query(default=100, ge=1, le=1000), offset: int = Query(default=0, ge=0),
                      key: ApiKey = Depends(Permission("logs:read"))) -> Response:
    try:
        since_dt = parse_dt(since) if since else None
        until_dt = parse_dt(until) if until else None
    except ValueError as exc:
        raise ApiError(400, f"since/until: {exc}") from None
    log = _log(request)
    method_upper = method.upper() if method else None
    matched = [
        e for e in reversed(log.entries)
        if (key_id is None or e.key_id == key_id) and (key_name is None or e.key_name == key_name)
        and (path_prefix is None or e.path.startswith(path_prefix))
        and (method_upper is None or e.method == method_upper)
        and (status_code is None or e.status_code == status_code)
        and (min_status_code is None or e.status_code >= min_status_code)
        and (max_status_code is None or e.status_code <= max_status_code)
        and (since_dt is None or e.timestamp >= since_dt) and (until_dt is None or e.timestamp <= until_dt)
        and (not errors_only or e.status_code >= 400)
    ]
    page = matched[offset:offset + limit]
    return respond({"entries": [e.to_json(log.real) for e in page], "count": len(page),
                    "total_in_log": len(log.entries),
                    "limit": limit, "offset": offset, "has_more": offset + len(page) < len(matched)})


@logs_router.get("/stats")
async def access_log_stats(request: Request, key: ApiKey = Depends(Permission("logs:read"))) -> Response:
    log = _log(request)
    entries = log.entries
    return respond({
        "total_entries": len(entries), "max_entries": log.max_entries,
        "success_count": sum(e.status_code < 400 for e in entries),
        "client_error_count": sum(400 <= e.status_code < 500 for e in entries),
        "server_error_count": sum(e.status_code >= 500 for e in entries),
        "unique_keys": len({e.key_id for e in entries if e.key_id}),
        "earliest_timestamp": entries[0].to_json(log.real)["timestamp"] if entries else None,
        "latest_timestamp": entries[-1].to_json(log.real)["timestamp"] if entries else None,
        "is_full": len(entries) >= log.max_entries,
    })


@logs_router.post("/clear")
async def clear_access_logs(request: Request, key: ApiKey = Depends(Permission("logs:clear"))) -> Response:
    count = _log(request).clear()
    return respond({"cleared_count": count, "message": f"Cleared {count} access log entries"})
