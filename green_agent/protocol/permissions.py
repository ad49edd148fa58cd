"""What the purple's per-trial key may do in its world (protocol.md §5)."""

from __future__ import annotations

# protocol.md §5: exactly what the purple's per-trial key may do.
PURPLE_PERMISSIONS: tuple[str, ...] = (
    "email:state", "email:query", "sms:state", "sms:query", "calendar:state", "calendar:query", "chat:state",
    "chat:query", "time:read", "email:send", "email:read", "email:unread", "email:star", "email:unstar",
    "email:archive", "email:delete", "email:label", "email:unlabel", "email:move", "sms:send", "sms:read",
    "sms:unread", "sms:delete", "sms:react", "calendar:create", "calendar:update", "calendar:delete",
    "calendar:respond", "chat:send", "contacts:state", "contacts:query", "weather:state", "weather:query",
    "location:state", "location:query",
)
