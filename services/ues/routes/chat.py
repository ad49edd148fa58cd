"""Chat routes (ues-api.md §2.8)."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Depends, Request, Response
from pydantic import Field

from services.ues.auth import ApiKey, Permission
from services.ues.modalities.base import StrictBody
from services.ues.modalities.chat import (
    DEFAULT_CONVERSATION_ID,
    ChatContent,
    ChatInput,
    ChatMessage,
    ChatState,
    ConversationId,
    Role,
)
from services.ues.routes.common import SortOrder, act, action_response, echo, paginate, respond, sim
from services.ues.timeutil import AwareDatetime

router = APIRouter(prefix="/chat", tags=["chat"])


def _state(request: Request) -> ChatState:
    mod = sim(request).modality("chat")
    assert isinstance(mod, ChatState)
    return mod


class SendChat(StrictBody):
    role: Role
    content: ChatContent
    conversation_id: ConversationId = DEFAULT_CONVERSATION_ID
    metadata: dict[str, Any] = {}


class DeleteChat(StrictBody):
    message_id: str = Field(min_length=1)


class ClearChat(StrictBody):
    conversation_id: ConversationId = DEFAULT_CONVERSATION_ID


class ChatQuery(StrictBody):
    conversation_id: str | None = None
    role: Role | None = None
    since: AwareDatetime | None = None
    until: AwareDatetime | None = None
    search: str | None = None
    limit: int | None = Field(default=None, ge=1, le=1000)
    offset: int = Field(default=0, ge=0)
    sort_by: Literal["timestamp", "role", "conversation_id"] | None = "timestamp"
    sort_order: SortOrder | None = "asc"


@router.get("/state")
async def chat_state(request: Request, compact: bool = False,
                     key: ApiKey = Depends(Permission("chat:state"))) -> Response:
    state = _state(request)
    if compact:
        return respond(state.compact())
    return respond({
        "modality_type": "chat", "current_time": sim(request).now.isoformat(),
        "last_updated": state.last_updated.isoformat(), "update_count": state.update_count,
        "conversations": state.conversations, "messages": state.messages,
        "total_message_count": len(state.messages), "conversation_count": len(state.conversations),
        "max_history_size": state.max_history_size,
    })


@router.post("/query")
async def chat_query(body: ChatQuery, request: Request, key: ApiKey = Depends(Permission("chat:query"))) -> Response:
    state = _state(request)
    q = body
    # Both sources are already in the state's order: (timestamp, insertion), in real-UES mode (timestamp, id).
    candidates = state.conversation_messages(q.conversation_id) if q.conversation_id else state.messages
    search = q.search.lower() if q.search else None
    matched: list[ChatMessage] = [
        m for m in candidates
        if (q.role is None or m.role == q.role)
        and (q.since is None or m.timestamp >= q.since)
        and (q.until is None or m.timestamp <= q.until)
        and (search is None or search in m.text().lower())
    ]
    sort_by = q.sort_by or "timestamp"
    descending = q.sort_order == "desc"
    if sort_by == "timestamp":
        if descending:
            matched.reverse()
    else:
        # Ties keep chronological order; "desc" reverses the whole (stable) ordering.
        matched.sort(key=lambda m: getattr(m, sort_by), reverse=False)
        if descending:
            matched.reverse()
    page = paginate(matched, q.offset, q.limit)
    return respond({"modality_type": "chat", "messages": page, "total_count": len(matched),
                    "returned_count": len(page), "query": echo(q)})


@router.post("/send")
async def chat_send(body: SendChat, request: Request, key: ApiKey = Depends(Permission("chat:send"))) -> Response:
    event = act(request, key, ChatInput, operation="send_message", role=body.role, content=body.content,
                conversation_id=body.conversation_id, metadata=body.metadata)
    return action_response(request, event, f"Chat message sent from {body.role}")


@router.post("/delete")
async def chat_delete(body: DeleteChat, request: Request, key: ApiKey = Depends(Permission("chat:delete"))) -> Response:
    event = act(request, key, ChatInput, operation="delete_message", message_id=body.message_id)
    return action_response(request, event, f"Deleted message {body.message_id}")


@router.post("/clear")
async def chat_clear(body: ClearChat, request: Request, key: ApiKey = Depends(Permission("chat:clear"))) -> Response:
    event = act(request, key, ChatInput, operation="clear_conversation", conversation_id=body.conversation_id)
    return action_response(request, event, f"Cleared conversation {body.conversation_id}")
