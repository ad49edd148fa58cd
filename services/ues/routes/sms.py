"""SMS routes (ues-api.md §2.7)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Request, Response
from pydantic import Field

from services.ues.auth import ApiKey, Permission
from services.ues.compat import is_real
from services.ues.events import SimEvent
from services.ues.modalities.base import StrictBody
from services.ues.modalities.sms import DeliveryStatus, DirectChange, SMSInput, SMSState
from services.ues.routes.common import MessageIds, SortOrder, act, action_response, echo, paginate, respond, sim
from services.ues.timeutil import AwareDatetime

router = APIRouter(prefix="/sms", tags=["sms"])

PhoneNumber = Annotated[str, Field(min_length=1, max_length=64)]


def _state(request: Request) -> SMSState:
    mod = sim(request).modality("sms")
    assert isinstance(mod, SMSState)
    return mod


class AttachmentBody(StrictBody):
    filename: str
    size: int = Field(gt=0)
    mime_type: str
    thumbnail_url: str | None = None
    duration: int | None = Field(default=None, ge=0)


class SendSMS(StrictBody):
    from_number: PhoneNumber
    to_numbers: list[PhoneNumber] = Field(min_length=1, max_length=1000)
    body: str
    message_type: Literal["sms", "rcs"] = "sms"
    attachments: list[AttachmentBody] = Field(default=[], max_length=100)
    replied_to_message_id: str | None = None


class ReceiveSMS(SendSMS):
    sent_at: AwareDatetime | None = None


class ReactBody(StrictBody):
    message_id: str = Field(min_length=1)
    phone_number: PhoneNumber
    emoji: str = Field(min_length=1, max_length=64)


class ConversationBody(StrictBody):
    thread_id: str = Field(min_length=1)
    pin: bool | None = None
    mute: bool | None = None
    archive: bool | None = None
    mark_all_read: bool | None = None
    draft_message: str | None = None


class SMSQuery(StrictBody):
    thread_id: str | None = None
    from_number: str | None = None
    to_number: str | None = None
    body_contains: str | None = None
    message_type: Literal["sms", "rcs"] | None = None
    direction: Literal["incoming", "outgoing"] | None = None
    is_read: bool | None = None
    has_attachments: bool | None = None
    delivery_status: DeliveryStatus | None = None
    is_deleted: bool | None = None
    is_spam: bool | None = None
    sent_after: AwareDatetime | None = None
    sent_before: AwareDatetime | None = None
    limit: int | None = Field(default=None, ge=1, le=1000)
    offset: int = Field(default=0, ge=0)
    sort_by: str | None = None
    sort_order: SortOrder | None = "desc"


def _bulk_act(request: Request, key: ApiKey, change: DirectChange, message_ids: list[str],
              **fields: Any) -> SimEvent:
    """Read, unread or delete messages. Natively: every id in the event data, conversation counters kept right.
    Real-UES mode (§3 "SMS read/unread/delete quirks"): every message's flags changed, one event naming only the
    first id, conversation ``unread_count`` untouched."""
    if is_real(request.app.state):
        fields.pop("mark_unread", None)
        return act(request, key, SMSInput, prepare=lambda inp: inp.change_directly(change, message_ids),
                   message_id=message_ids[0], **fields)
    return act(request, key, SMSInput, message_id=message_ids[0], message_ids=message_ids, **fields)


def _reply(request: Request, event: SimEvent, ok: str, what: str) -> Response:
    """ModalityActionResponse; on failure the message reads "<what> failed: <error>"."""
    return action_response(request, event, what if event.status == "failed" else ok)


def _found(request: Request, ids: list[str]) -> int:
    messages = _state(request).messages
    return sum(1 for i in dict.fromkeys(ids) if i in messages)


@router.get("/state")
async def sms_state(request: Request, compact: bool = False,
                    key: ApiKey = Depends(Permission("sms:state"))) -> Response:
    state = _state(request)
    if compact:
        return respond(state.compact())
    return respond({
        "modality_type": "sms", "current_time": sim(request).now.isoformat(),
        "last_updated": state.last_updated.isoformat(), "update_count": state.update_count,
        "user_phone_number": state.user_phone_number, "messages": state.messages,
        "conversations": state.conversations, "total_message_count": len(state.messages),
        "unread_count": state.unread_count, "total_conversation_count": len(state.conversations),
    })


_SORT_KEYS = {"sent_at": lambda m: m.sent_at, "from_number": lambda m: m.from_number,
              "direction": lambda m: m.direction}


@router.post("/query")
async def sms_query(body: SMSQuery, request: Request, key: ApiKey = Depends(Permission("sms:query"))) -> Response:
    state = _state(request)
    q = body
    if q.thread_id:
        # Only that thread's messages, still in insertion order.
        candidates = sorted(state.thread_messages(q.thread_id), key=state.insertion_key)
    else:
        candidates = list(state.messages.values())
    text = q.body_contains.lower() if q.body_contains else None
    # Like real UES: empty strings and has_attachments=false do not filter, is_spam is ignored (§3.4).
    matched = [
        m for m in candidates
        if (not q.from_number or m.from_number == q.from_number)
        and (not q.to_number or q.to_number in m.to_numbers)
        and (q.direction is None or m.direction == q.direction)
        and (q.message_type is None or m.message_type == q.message_type)
        and (q.delivery_status is None or m.delivery_status == q.delivery_status)
        and (q.is_read is None or m.is_read == q.is_read)
        and (q.is_deleted is None or m.is_deleted == q.is_deleted)
        and (not q.has_attachments or bool(m.attachments))
        and (q.sent_after is None or m.sent_at >= q.sent_after)
        and (q.sent_before is None or m.sent_at <= q.sent_before)
        and (text is None or text in m.body.lower())
    ]
    # Only the recognised keys sort; anything else keeps insertion order (§6 item 5).
    if q.sort_by in _SORT_KEYS:
        matched.sort(key=_SORT_KEYS[q.sort_by], reverse=q.sort_order == "desc")
    page = paginate(matched, q.offset, q.limit)
    return respond({"modality_type": "sms", "messages": page, "total_count": len(matched),
                    "returned_count": len(page), "query": echo(q)})


@router.post("/send")
async def sms_send(body: SendSMS, request: Request, key: ApiKey = Depends(Permission("sms:send"))) -> Response:
    event = act(request, key, SMSInput, operation="send_message", **body.model_dump(exclude={"attachments"}),
                attachments=[a.model_dump() for a in body.attachments])
    return _reply(request, event, "SMS message sent successfully", "Send SMS")


@router.post("/receive")
async def sms_receive(body: ReceiveSMS, request: Request, key: ApiKey = Depends(Permission("sms:receive"))) -> Response:
    # sent_at is accepted for compatibility; like real UES, the message arrives now (§6 item 3).
    event = act(request, key, SMSInput, operation="receive_message",
                **body.model_dump(exclude={"attachments", "sent_at"}),
                attachments=[a.model_dump() for a in body.attachments])
    return _reply(request, event, "SMS message received successfully", "Receive SMS")


@router.post("/read")
async def sms_read(body: MessageIds, request: Request, key: ApiKey = Depends(Permission("sms:read"))) -> Response:
    found = _found(request, body.message_ids)
    event = _bulk_act(request, key, "read", body.message_ids, operation="update_delivery_status",
                      new_status="read")
    return _reply(request, event, f"Marked {found} message(s) as read", "Mark as read")


@router.post("/unread")
async def sms_unread(body: MessageIds, request: Request, key: ApiKey = Depends(Permission("sms:unread"))) -> Response:
    found = _found(request, body.message_ids)
    # Logged like real UES (update_delivery_status "delivered"); mark_unread makes a replay mark unread.
    event = _bulk_act(request, key, "unread", body.message_ids, operation="update_delivery_status",
                      new_status="delivered", mark_unread=True)
    return _reply(request, event, f"Marked {found} message(s) as unread", "Mark as unread")


@router.post("/delete")
async def sms_delete(body: MessageIds, request: Request, key: ApiKey = Depends(Permission("sms:delete"))) -> Response:
    found = _found(request, body.message_ids)
    event = _bulk_act(request, key, "delete", body.message_ids, operation="delete_message")
    return _reply(request, event, f"Deleted {found} message(s)", "Delete messages")


@router.post("/react")
async def sms_react(body: ReactBody, request: Request, key: ApiKey = Depends(Permission("sms:react"))) -> Response:
    event = act(request, key, SMSInput, operation="add_reaction", **body.model_dump())
    return _reply(request, event, f"Added reaction '{body.emoji}' to message", "Add reaction")


@router.post("/conversation")
async def sms_conversation(body: ConversationBody, request: Request,
                           key: ApiKey = Depends(Permission("sms:conversation"))) -> Response:
    event = act(request, key, SMSInput, operation="update_conversation", **body.model_dump())
    updates = []
    if body.pin is not None:
        updates.append("pinned" if body.pin else "unpinned")
    if body.mute is not None:
        updates.append("muted" if body.mute else "unmuted")
    if body.archive is not None:
        updates.append("archived" if body.archive else "unarchived")
    if body.mark_all_read:
        updates.append("marked all read")
    if body.draft_message is not None:
        updates.append("draft saved" if body.draft_message else "draft cleared")
    return _reply(request, event, f"Conversation {', '.join(updates) or 'updated'}", "Update conversation")
