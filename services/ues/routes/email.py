"""Email routes (ues-api.md §2.6)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from fastapi import APIRouter, Depends, Request
from pydantic import Field

from services.ues.auth import ApiKey, Permission
from services.ues.modalities.base import StrictBody
from services.ues.modalities.email import Attachment, EmailInput, EmailState
from services.ues.routes.common import MessageIds, SortOrder, action_response, echo, paginate, respond, sim
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


def _act(request: Request, key: ApiKey, **fields: Any):
    s = sim(request)
    inp = EmailInput(timestamp=s.now, **fields)
    inp.check()
    return s.act(inp, key.key_id)


@router.get("/state")
async def email_state(request: Request, summary: bool = False, compact: bool = False,
                      key: ApiKey = Depends(Permission("email:state"))):
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


def _between(value: datetime, after: datetime | None, before: datetime | None) -> bool:
    return (after is None or value >= after) and (before is None or value <= before)


@router.post("/query")
async def email_query(body: EmailQuery, request: Request, key: ApiKey = Depends(Permission("email:query"))):
    state = _state(request)
    q = body
    candidates = ((state.emails[i] for i in state.folders.get(q.folder, ()) if i in state.emails)
                  if q.folder is not None else state.emails.values())
    frm = q.from_address.lower() if q.from_address else None
    to = q.to_address.lower() if q.to_address else None
    subj = q.subject_contains.lower() if q.subject_contains else None
    text = q.body_contains.lower() if q.body_contains else None
    fields = state.search_fields
    matched = []
    for e in candidates:
        if frm is not None or to is not None or subj is not None or text is not None:
            f_from, f_to, f_subj, f_body = fields(e)
            if ((frm is not None and frm not in f_from) or (to is not None and to not in f_to)
                    or (subj is not None and subj not in f_subj) or (text is not None and text not in f_body)):
                continue
        if ((q.is_read is not None and e.is_read != q.is_read)
                or (q.is_starred is not None and e.is_starred != q.is_starred)
                or (q.has_attachments is not None and bool(e.attachments) != q.has_attachments)
                or (q.thread_id is not None and e.thread_id != q.thread_id)
                or (q.priority is not None and e.priority != q.priority)
                or (q.labels and not all(label in e.labels for label in q.labels))
                or not _between(e.received_at, q.received_after, q.received_before)
                or not _between(e.sent_at, q.sent_after, q.sent_before)):
            continue
        matched.append(e)
    # Like real UES, only recognised sort keys sort; anything else keeps insertion order (§6 item 5).
    sort_keys = {"date": lambda e: e.received_at, "received_at": lambda e: e.received_at,
                 "sent_at": lambda e: e.sent_at, "from": lambda e: e.from_address.lower(),
                 "subject": lambda e: e.subject.lower()}
    if q.sort_by in sort_keys:
        matched.sort(key=sort_keys[q.sort_by], reverse=q.sort_order == "desc")
    page = paginate(matched, q.offset, q.limit)
    return respond({"modality_type": "email", "emails": page, "total_count": len(matched),
                    "returned_count": len(page), "query": echo(q)})


@router.post("/send")
async def email_send(body: SendEmail, request: Request, key: ApiKey = Depends(Permission("email:send"))):
    event = _act(request, key, operation="send", **body.model_dump(exclude={"attachments"}),
                 attachments=body.attachments)
    return action_response(event, f"Email sent: {body.subject}")


@router.post("/receive")
async def email_receive(body: ReceiveEmail, request: Request,
                        key: ApiKey = Depends(Permission("email:receive"))):
    # sent_at is accepted for compatibility; like real UES, the message arrives now (§6 item 3).
    event = _act(request, key, operation="receive", **body.model_dump(exclude={"attachments", "sent_at"}),
                 attachments=body.attachments)
    return action_response(event, f"Email received: {body.subject}")


def _bulk(name: str, operation: str, verb: str, body_model: type[MessageIds] = MessageIds):
    async def handler(body: body_model, request: Request,  # type: ignore[valid-type]
                      key: ApiKey = Depends(Permission(f"email:{name}"))):
        extra = body.model_dump(exclude={"message_ids"})
        event = _act(request, key, operation=operation, message_ids=body.message_ids, **extra)
        return action_response(event, verb.format(n=len(body.message_ids)))

    handler.__name__ = f"email_{name}"
    router.add_api_route(f"/{name}", handler, methods=["POST"], name=f"email_{name}")


_bulk("read", "mark_read", "Marked {n} email(s) as read")
_bulk("unread", "mark_unread", "Marked {n} email(s) as unread")
_bulk("star", "star", "Starred {n} email(s)")
_bulk("unstar", "unstar", "Unstarred {n} email(s)")
_bulk("archive", "archive", "Archived {n} email(s)")
_bulk("delete", "delete", "Deleted {n} email(s)")
_bulk("label", "add_label", "Labeled {n} email(s)", LabelBody)
_bulk("unlabel", "remove_label", "Unlabeled {n} email(s)", LabelBody)
_bulk("move", "move", "Moved {n} email(s)", MoveBody)
