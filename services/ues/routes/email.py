"""Email routes (ues-api.md §2.6)."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Depends, Request, Response
from pydantic import Field

from services.ues.auth import ApiKey, Permission
from services.ues.compat import is_real
from services.ues.modalities.base import StrictBody
from services.ues.modalities.email import Attachment, EmailInput, EmailState
from services.ues.routes.common import (
    MessageIds,
    SortOrder,
    act,
    action_response,
    echo,
    paginate,
    respond,
    sim,
    with_body,
)
from services.ues.timeutil import AwareDatetime

router = APIRouter(prefix="/email", tags=["email"])


def _state(request: Request) -> EmailState:
    mod = sim(request).modality("email")
    assert isinstance(mod, EmailState)
    return mod


class SendEmail(StrictBody):
    from_address: str
    to_addresses: list[str] = Field(min_length=1)
    subject: str
    body_text: str
    cc_addresses: list[str] = []
    bcc_addresses: list[str] = []
    reply_to_address: str | None = None
    body_html: str | None = None
    attachments: list[Attachment] = []
    thread_id: str | None = None
    in_reply_to: str | None = None
    references: list[str] = []
    priority: Literal["high", "normal", "low"] = "normal"


class ReceiveEmail(SendEmail):
    sent_at: AwareDatetime | None = None


class LabelBody(MessageIds):
    labels: list[str] = Field(min_length=1)


class MoveBody(MessageIds):
    folder: str = Field(min_length=1)


class EmailQuery(StrictBody):
    folder: str | None = None
    is_read: bool | None = None
    is_starred: bool | None = None
    from_address: str | None = None
    to_address: str | None = None
    subject_contains: str | None = None
    body_contains: str | None = None
    has_attachments: bool | None = None
    labels: list[str] | None = None
    thread_id: str | None = None
    priority: Literal["high", "normal", "low"] | None = None
    sent_after: AwareDatetime | None = None
    sent_before: AwareDatetime | None = None
    received_after: AwareDatetime | None = None
    received_before: AwareDatetime | None = None
    limit: int | None = Field(default=None, ge=1, le=1000)
    offset: int = Field(default=0, ge=0)
    sort_by: str | None = None
    sort_order: SortOrder = "desc"


@router.get("/state")
async def email_state(request: Request, summary: bool = False, compact: bool = False,
                      key: ApiKey = Depends(Permission("email:state"))) -> Response:
    state = _state(request)
    now = sim(request).now.isoformat()
    if summary or compact:
        emails = state.emails
        return respond({
            "modality_type": "email", "current_time": now, "user_email_address": state.user_email_address,
            "statistics": {"total_emails": len(emails), "total_threads": len(state.threads),
                           "total_unread": state.unread_count,
                           "total_starred": sum(1 for e in emails.values() if e.is_starred),
                           "total_drafts": len(state.folders.get("drafts", [])), "total_labels": len(state.labels)},
            "folders": {name: {"message_count": len(ids),
                               "unread_count": sum(1 for i in ids if i in emails and not emails[i].is_read)}
                        for name, ids in state.folders.items()},
            "labels": {name: len(ids) for name, ids in state.labels.items()},
            "emails": {k: e.summary() for k, e in emails.items()},
            "threads": state.threads,
        })
    return respond({
        "modality_type": "email", "current_time": now, "last_updated": state.last_updated.isoformat(),
        "update_count": state.update_count, "user_email_address": state.user_email_address,
        "emails": state.emails, "threads": state.threads, "folders": state.folders, "labels": state.labels,
        "drafts": state.drafts, "total_email_count": len(state.emails), "unread_count": state.unread_count,
        "starred_count": sum(1 for e in state.emails.values() if e.is_starred),
    })


@router.post("/query")
async def email_query(body: EmailQuery, request: Request, key: ApiKey = Depends(Permission("email:query"))) -> Response:
    filters = body.model_dump(exclude={"limit", "offset"})
    if is_real(request.app.state):  # real UES silently ignores these filters (§6 item 6)
        filters.update(priority=None, sent_after=None, sent_before=None)
    matched = _state(request).query(**filters)
    page = paginate(matched, body.offset, body.limit)
    return respond({"modality_type": "email", "emails": page, "total_count": len(matched),
                    "returned_count": len(page), "query": echo(body)})


@router.post("/send")
async def email_send(body: SendEmail, request: Request, key: ApiKey = Depends(Permission("email:send"))) -> Response:
    event = act(request, key, EmailInput, operation="send", **body.model_dump(exclude={"attachments"}),
                attachments=body.attachments)
    return action_response(request, event, f"Email sent: {body.subject}")


@router.post("/receive")
async def email_receive(body: ReceiveEmail, request: Request,
                        key: ApiKey = Depends(Permission("email:receive"))) -> Response:
    # sent_at is accepted for compatibility; like real UES, the message arrives now (§6 item 3).
    event = act(request, key, EmailInput, operation="receive",
                **body.model_dump(exclude={"attachments", "sent_at"}), attachments=body.attachments)
    return action_response(request, event, f"Email received: {body.subject}")


def _bulk(name: str, operation: str, verb: str, body_model: type[MessageIds] = MessageIds) -> None:
    async def handler(body: MessageIds, request: Request,
                      key: ApiKey = Depends(Permission(f"email:{name}"))) -> Response:
        extra = body.model_dump(exclude={"message_ids"})
        event = act(request, key, EmailInput, operation=operation, message_ids=body.message_ids, **extra)
        return action_response(request, event, verb.format(n=len(body.message_ids)))

    handler.__name__ = f"email_{name}"
    # Not an annotation naming ``body_model``: with postponed annotations that is the *string* "body_model", a local
    # FastAPI cannot resolve, so ``body`` became a required query parameter and every bulk route answered 422.
    router.add_api_route(f"/{name}", with_body(body_model)(handler), methods=["POST"], name=f"email_{name}")


_bulk("read", "mark_read", "Marked {n} email(s) as read")
_bulk("unread", "mark_unread", "Marked {n} email(s) as unread")
_bulk("star", "star", "Starred {n} email(s)")
_bulk("unstar", "unstar", "Unstarred {n} email(s)")
_bulk("archive", "archive", "Archived {n} email(s)")
_bulk("delete", "delete", "Deleted {n} email(s)")
_bulk("label", "add_label", "Labeled {n} email(s)", LabelBody)
_bulk("unlabel", "remove_label", "Unlabeled {n} email(s)", LabelBody)
_bulk("move", "move", "Moved {n} email(s)", MoveBody)
