"""What changed in the world between a trial's initial and final state, per modality: new, changed and deleted
emails, SMS, calendar events and chat messages, with the fields that changed."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from green_agent.report.model import Change, FieldChange, ItemChange, ModalityDiff
from green_agent.report.timeline import plain

Who = Callable[[Any], str]

MAX_VALUE = 300
MAX_SUMMARY = 160
# Bookkeeping that changes with anything else and says nothing on its own.
_IGNORED = frozenset({"updated_at", "last_updated", "update_count"})


def _short(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _value(value: Any) -> str:
    return _short(plain(value), MAX_VALUE) if value not in ("", [], {}) else "—"


def _many(who: Who, addresses: Any) -> str:
    return ", ".join(who(a) for a in addresses) if isinstance(addresses, list) and addresses else "nobody"


def _email(item: Mapping[str, Any], who: Who) -> str:
    return (f"{who(item.get('from_address'))} → {_many(who, item.get('to_addresses'))}: "
            f"“{item.get('subject') or '(no subject)'}” [{item.get('folder', '?')}]")


def _sms(item: Mapping[str, Any], who: Who) -> str:
    return f"{who(item.get('from_number'))} → {_many(who, item.get('to_numbers'))}: {item.get('body', '')}"


def _event(item: Mapping[str, Any], who: Who) -> str:
    summary = f"“{item.get('title', '')}” {item.get('start', '?')} – {item.get('end', '?')}"
    if item.get("attendees"):
        summary += f"; attendees: {plain(item.get('attendees'))}"
    return summary


def _chat(item: Mapping[str, Any], who: Who) -> str:
    content = item.get("content")
    return f"{item.get('role', '?')}: {content if isinstance(content, str) else plain(content)}"


@dataclass(frozen=True)
class Collection:
    modality: str
    label: str
    key: str  # where the items are in the modality's state
    id_field: str  # the item's id, for lists
    summary: Callable[[Mapping[str, Any], Who], str]
    deleted: Callable[[Mapping[str, Any]], bool] = lambda item: False


COLLECTIONS = (
    Collection("email", "Email", "emails", "message_id", _email),
    Collection("sms", "SMS", "messages", "message_id", _sms, lambda item: bool(item.get("is_deleted"))),
    Collection("calendar", "Calendar", "events", "event_id", _event,
               lambda item: bool(item.get("deleted_at")) or item.get("status") == "cancelled"),
    Collection("chat", "Chat", "messages", "message_id", _chat),
)


def _items(state: Mapping[str, Any], collection: Collection) -> dict[str, dict[str, Any]]:
    found = (state.get(collection.modality) or {}).get(collection.key) or {}
    if isinstance(found, dict):
        return {str(k): v for k, v in found.items() if isinstance(v, dict)}
    if isinstance(found, list):
        return {str(item.get(collection.id_field, n)): item for n, item in enumerate(found) if isinstance(item, dict)}
    return {}


def _fields(before: Mapping[str, Any], after: Mapping[str, Any]) -> tuple[FieldChange, ...]:
    names = [k for k in dict.fromkeys([*before, *after]) if k not in _IGNORED]
    return tuple(FieldChange(k, _value(before.get(k)), _value(after.get(k))) for k in names
                 if before.get(k) != after.get(k) and not (before.get(k) in (None, [], {}, "")
                                                          and after.get(k) in (None, [], {}, "")))


def diff_modality(initial: Mapping[str, Any], final: Mapping[str, Any], collection: Collection,
                  who: Who = str) -> ModalityDiff:
    before, after = _items(initial, collection), _items(final, collection)
    changes: list[ItemChange] = []
    for key, item in after.items():
        summary = _short(collection.summary(item, who), MAX_SUMMARY)
        if key not in before:
            changes.append(ItemChange("new", key, summary))
            continue
        fields = _fields(before[key], item)
        if fields:
            kind: Change = "deleted" if collection.deleted(item) and not collection.deleted(before[key]) else "changed"
            changes.append(ItemChange(kind, key, summary, fields))
    for key, item in before.items():
        if key not in after:
            changes.append(ItemChange("deleted", key, _short(collection.summary(item, who), MAX_SUMMARY)))
    return ModalityDiff(collection.modality, collection.label, len(before), len(after), tuple(changes))


def diff_states(initial: Mapping[str, Any], final: Mapping[str, Any], who: Who = str) -> list[ModalityDiff]:
    """Per modality (email, SMS, calendar, chat): what is new, changed or gone in ``final``. ``who`` names an
    address or phone number."""
    return [diff_modality(initial, final, c, who) for c in COLLECTIONS]
