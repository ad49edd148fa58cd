"""Webhook registrations (ues-api.md §2.11): kept, listed, changed, paused — never delivered.

The routes exist so that every caller meets the same door as on real UES: a key without the ``webhooks:*``
permission (the purple's, protocol.md §5) gets 403, not 404. This simulator keeps the registrations a permitted
key makes but sends nothing: ``/test`` says so, and ``/deliveries`` is always empty.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request, Response
from pydantic import AfterValidator, Field

from services.ues.auth import ApiKey, Permission
from services.ues.errors import ApiError
from services.ues.modalities.base import StrictBody
from services.ues.routes.common import respond

router = APIRouter(prefix="/webhooks", tags=["webhooks"])

MAX_WEBHOOKS = 100
Status = Literal["active", "paused", "disabled"]


def _http_url(value: str) -> str:
    if not value.startswith(("http://", "https://")):
        raise ValueError("url must be an http(s) URL")
    return value


Url = Annotated[str, Field(min_length=1, max_length=2048), AfterValidator(_http_url)]


class CreateWebhook(StrictBody):
    url: Url
    events: list[str] | None = Field(default=None, max_length=100)
    secret: str | None = Field(default=None, max_length=1024)
    metadata: dict[str, Any] | None = None


class UpdateWebhook(StrictBody):
    url: Url | None = None
    events: list[str] | None = Field(default=None, max_length=100)
    secret: str | None = Field(default=None, max_length=1024)
    metadata: dict[str, Any] | None = None
    status: Status | None = None


@dataclass
class Webhook:
    id: str
    url: str
    events: list[str] | None
    secret: str | None
    metadata: dict[str, Any]
    status: str
    created_at: datetime
    updated_at: datetime

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "url": self.url, "events": self.events, "status": self.status,
                "created_at": self.created_at.isoformat(), "updated_at": self.updated_at.isoformat(),
                "metadata": self.metadata, "failure_count": 0, "last_delivery_at": None, "last_failure_at": None,
                "has_secret": bool(self.secret)}


def _hooks(request: Request) -> dict[str, Webhook]:
    hooks: dict[str, Webhook] = request.app.state.webhooks
    return hooks


def _find(request: Request, webhook_id: str) -> Webhook:
    hook = _hooks(request).get(webhook_id)
    if hook is None:
        raise ApiError(404, f"Webhook {webhook_id} not found")
    return hook


@router.post("", status_code=201)
async def create_webhook(body: CreateWebhook, request: Request,
                         key: ApiKey = Depends(Permission("webhooks:create"))) -> Response:
    hooks = _hooks(request)
    if len(hooks) >= MAX_WEBHOOKS:
        raise ApiError(409, f"At most {MAX_WEBHOOKS} webhooks can be registered")
    now = datetime.now(UTC)
    hook = Webhook(id="wh_" + secrets.token_hex(8), url=body.url, events=body.events, secret=body.secret,
                   metadata=body.metadata or {}, status="active", created_at=now, updated_at=now)
    hooks[hook.id] = hook
    return respond(hook.to_json(), status_code=201)


@router.get("")
async def list_webhooks(request: Request, status: Status | None = None,
                        limit: int = Query(default=50, ge=1, le=200), offset: int = Query(default=0, ge=0),
                        key: ApiKey = Depends(Permission("webhooks:list"))) -> Response:
    hooks = [h for h in _hooks(request).values() if status is None or h.status == status]
    return respond({"items": [h.to_json() for h in hooks[offset:offset + limit]], "total": len(hooks),
                    "limit": limit, "offset": offset})


@router.get("/{webhook_id}")
async def get_webhook(webhook_id: str, request: Request,
                      key: ApiKey = Depends(Permission("webhooks:read"))) -> Response:
    return respond(_find(request, webhook_id).to_json())


@router.patch("/{webhook_id}")
async def update_webhook(webhook_id: str, body: UpdateWebhook, request: Request,
                         key: ApiKey = Depends(Permission("webhooks:update"))) -> Response:
    hook = _find(request, webhook_id)
    for name in body.model_fields_set:
        value = getattr(body, name)
        if name == "metadata":
            value = value or {}
        if name in ("url", "status") and value is None:
            continue
        setattr(hook, name, value)
    hook.updated_at = datetime.now(UTC)
    return respond(hook.to_json())


@router.delete("/{webhook_id}", status_code=204)
async def delete_webhook(webhook_id: str, request: Request,
                         key: ApiKey = Depends(Permission("webhooks:delete"))) -> Response:
    _find(request, webhook_id)
    del _hooks(request)[webhook_id]
    return Response(status_code=204)


@router.post("/{webhook_id}/test")
async def test_webhook(webhook_id: str, request: Request,
                       key: ApiKey = Depends(Permission("webhooks:test"))) -> Response:
    hook = _find(request, webhook_id)
    return respond({"webhook_id": hook.id, "delivered": False,
                    "detail": "this simulator keeps webhook registrations but delivers nothing"})


async def _set_status(request: Request, webhook_id: str, status: str) -> Response:
    hook = _find(request, webhook_id)
    hook.status, hook.updated_at = status, datetime.now(UTC)
    return respond(hook.to_json())


@router.post("/{webhook_id}/pause")
async def pause_webhook(webhook_id: str, request: Request,
                        key: ApiKey = Depends(Permission("webhooks:pause"))) -> Response:
    return await _set_status(request, webhook_id, "paused")


@router.post("/{webhook_id}/resume")
async def resume_webhook(webhook_id: str, request: Request,
                         key: ApiKey = Depends(Permission("webhooks:resume"))) -> Response:
    return await _set_status(request, webhook_id, "active")


@router.get("/{webhook_id}/deliveries")
async def webhook_deliveries(webhook_id: str, request: Request,
                             limit: int = Query(default=50, ge=1, le=200), offset: int = Query(default=0, ge=0),
                             key: ApiKey = Depends(Permission("webhooks:deliveries"))) -> Response:
    _find(request, webhook_id)
    return respond({"items": [], "total": 0, "limit": limit, "offset": offset})
