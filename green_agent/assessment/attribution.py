"""Which actions in the world were the purple's.

Our simulator stamps every action event with the caller's key (``agent_id``). Real UES leaves it empty on
action endpoints (ues-api.md §1.3), so when a turn's events carry no attribution the purple's calls are read
from the access log (``GET /access-logs?key_id=…``) and matched, in order, to the turn's unattributed events.
Calls the server refused (4xx) create no event; they come from the access log too, as failed actions.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from green_agent.protocol import ActionLogEntry
from services.ues.client import parse_time

# Action route → the ``modality.operation`` name its event carries (ues-api.md §3.7 mapping table).
ROUTE_ACTIONS = {
    "/email/send": "email.send", "/email/read": "email.mark_read", "/email/unread": "email.mark_unread",
    "/email/star": "email.star", "/email/unstar": "email.unstar", "/email/archive": "email.archive",
    "/email/delete": "email.delete", "/email/label": "email.add_label", "/email/unlabel": "email.remove_label",
    "/email/move": "email.move", "/sms/send": "sms.send_message", "/sms/read": "sms.update_delivery_status",
    "/sms/unread": "sms.update_delivery_status", "/sms/delete": "sms.delete_message", "/sms/react": "sms.add_reaction",
    "/chat/send": "chat.send_message", "/calendar/create": "calendar.create", "/calendar/update": "calendar.update",
    "/calendar/delete": "calendar.delete", "/calendar/respond": "calendar.respond",
}
_NOISE = {"modality_type", "timestamp", "input_id"}
MAX_PARAM_CHARS = 2048


def _trim(value: Any) -> Any:
    """Bound each parameter value (protocol.md §6: 2 KiB, marked)."""
    text = value if isinstance(value, str) else json.dumps(value, default=str)
    if len(text) <= MAX_PARAM_CHARS:
        return value
    return text[:MAX_PARAM_CHARS] + "…(truncated)"


def action_name(event: dict[str, Any]) -> str:
    data = event.get("data") or {}
    operation = data.get("operation") or data.get("action") or "update"
    return f"{event.get('modality')}.{operation}"


def entry_from_event(event: dict[str, Any], turn: int) -> ActionLogEntry:
    data = event.get("data") or {}
    params = {k: _trim(v) for k, v in data.items() if k not in _NOISE and k != "operation" and v not in (None, [], {})}
    return ActionLogEntry(turn=turn, timestamp=parse_time(event["scheduled_time"]), action=action_name(event),
                          parameters=params, success=event.get("status") == "executed",
                          error_message=event.get("error_message"))


def attribute(events: list[dict[str, Any]], logs: list[dict[str, Any]] | None, key_id: str, turn: int,
              at: datetime) -> list[ActionLogEntry]:
    """The purple's actions of one turn.

    ``events`` are the turn window's executed/failed events (queue order); ``logs`` the purple key's
    access-log entries made during the turn (oldest first) or None when not needed.
    """
    mine = [e for e in events if e.get("agent_id") == key_id]
    unattributed = [e for e in events if not e.get("agent_id") and e.get("priority", 100) == 100]
    entries = [entry_from_event(e, turn) for e in mine]
    if logs is None:
        return entries
    pool = list(unattributed)
    for log in logs:
        if log.get("method") != "POST":
            continue
        path = log.get("path", "")
        name = ROUTE_ACTIONS.get(path)
        status = int(log.get("status_code", 0))
        if status >= 400:
            entries.append(ActionLogEntry(turn=turn, timestamp=at, action=name or f"POST {path}",
                                          success=False, error_message=f"HTTP {status}: {log.get('error_detail')}"))
        elif name and not mine:
            match = next((e for e in pool if action_name(e) == name), None)
            if match is not None:
                pool.remove(match)
                entries.append(entry_from_event(match, turn))
    return entries
