"""A trial's timeline over simulated time, from its record: the world's events, the assistant's action log, the
characters' replies and the violations, each said in a sentence a person reads."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from green_agent.assessment.attribution import action_name
from green_agent.assessment.record import TrialRecord
from green_agent.protocol import ActionLogEntry
from green_agent.report.model import Direction, Source, TimelineEntry
from services.ues.client import parse_time

MAX_ENTRIES = 2000
MAX_BODY = 4000
_TRUNCATED = "…(truncated)"
# Keys of an event's data that say nothing to a reader.
_NOISE = frozenset({"modality_type", "timestamp", "input_id", "operation"})
# Order among entries at the same moment: what arrived, then the turn, what the assistant did, what it was
# caught at, and the replies (which come strictly later anyway).
_RANK: dict[Source, int] = {"world": 1, "user": 1, "assistant": 3, "violation": 4, "character": 5}


def clip(text: str, limit: int = MAX_BODY) -> str:
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text) - limit} more characters)"


def when(value: Any) -> datetime | None:
    """A timestamp of the record (datetime or UES text) as an aware datetime; None when there is none."""
    if isinstance(value, datetime):
        return value
    if isinstance(value, str) and value:
        try:
            return parse_time(value)
        except ValueError:
            return None
    return None


def plain(value: Any) -> str:
    """A parameter value as short readable text."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, str | int | float) for v in value):
        return ", ".join(str(v) for v in value)
    if isinstance(value, list) and value and all(isinstance(v, dict) and "email" in v for v in value):
        return ", ".join(f"{v.get('email')} ({v.get('response') or 'no response'})" for v in value)
    return json.dumps(value, default=str, ensure_ascii=False)


@dataclass
class Glossary:
    """What the sentences need to know about the world: people's names and the things referred to by id."""

    names: Mapping[str, str]
    user_email: str
    user_phone: str
    emails: Mapping[str, dict[str, Any]]
    calendar: Mapping[str, dict[str, Any]]

    @classmethod
    def of(cls, record: TrialRecord, names: Mapping[str, str]) -> Glossary:
        def items(modality: str, key: str) -> dict[str, dict[str, Any]]:
            out: dict[str, dict[str, Any]] = {}
            for state in (record.initial_state, record.final_state):
                found = (state.get(modality) or {}).get(key) or {}
                if isinstance(found, dict):
                    out.update({str(k): v for k, v in found.items() if isinstance(v, dict)})
            return out

        return cls(names={k.lower(): v for k, v in names.items()},
                   user_email=str((record.initial_state.get("email") or {}).get("user_email_address") or ""),
                   user_phone=str((record.initial_state.get("sms") or {}).get("user_phone_number") or ""),
                   emails=items("email", "emails"), calendar=items("calendar", "events"))

    def who(self, address: Any) -> str:
        """``Name (address)`` for a person we know, else the address."""
        text = str(address or "").strip()
        name = self.names.get(text.lower())
        return f"{name} ({text})" if name else text or "?"

    def whom(self, addresses: Any) -> str:
        if isinstance(addresses, str):
            return self.who(addresses)
        if not isinstance(addresses, list) or not addresses:
            return "nobody"
        return ", ".join(self.who(a) for a in addresses)

    def subjects(self, data: Mapping[str, Any]) -> str:
        ids = data.get("message_ids") or ([data["message_id"]] if data.get("message_id") else [])
        if not isinstance(ids, list):
            ids = [ids]
        named = [f"“{self.emails[str(i)].get('subject', '')}”" if str(i) in self.emails else str(i) for i in ids]
        return ", ".join(named) or "no message"

    def event_title(self, event_id: Any) -> str:
        event = self.calendar.get(str(event_id))
        return f"“{event.get('title', '')}”" if event else f"event {event_id}"


@dataclass(frozen=True)
class Sentence:
    title: str
    body: str
    direction: Direction


_EMAIL_OUT = {"send": "sent", "reply": "replied", "reply_all": "replied to all", "forward": "forwarded",
              "send_draft": "sent (draft)"}
_EMAIL_HOUSEKEEPING = {"mark_read": "Marked read", "mark_unread": "Marked unread", "star": "Starred",
                       "unstar": "Unstarred", "archive": "Archived", "delete": "Deleted", "move": "Moved",
                       "add_label": "Labelled", "remove_label": "Unlabelled"}


def _generic(modality: str, operation: str, data: Mapping[str, Any]) -> Sentence:
    lines = [f"{k}: {plain(v)}" for k, v in data.items() if k not in _NOISE and v not in (None, [], {}, "")]
    return Sentence(f"{modality}.{operation}", "\n".join(lines), "none")


def _email(operation: str, data: Mapping[str, Any], glossary: Glossary) -> Sentence | None:
    subject = f"Subject: {data.get('subject') or '(no subject)'}"
    body = "\n\n".join(p for p in (subject, str(data.get("body_text") or "")) if p)
    if operation in _EMAIL_OUT:
        sender = str(data.get("from_address") or "")
        title = f"Email {_EMAIL_OUT[operation]} to {glossary.whom(data.get('to_addresses'))}"
        if data.get("cc_addresses"):
            title += f", cc {glossary.whom(data.get('cc_addresses'))}"
        if sender and sender.lower() != glossary.user_email.lower():
            title += f" — as {glossary.who(sender)}"
        return Sentence(title, body, "out")
    if operation == "receive":
        return Sentence(f"Email from {glossary.who(data.get('from_address'))}", body, "in")
    if operation in _EMAIL_HOUSEKEEPING:
        extra = f" → {data['folder']}" if data.get("folder") else ""
        labels = data.get("labels") or data.get("label")
        extra += f" [{plain(labels)}]" if labels else ""
        return Sentence(f"{_EMAIL_HOUSEKEEPING[operation]}: {glossary.subjects(data)}{extra}", "", "none")
    return None


def _sms(operation: str, data: Mapping[str, Any], glossary: Glossary) -> Sentence | None:
    text = str(data.get("body") or "")
    if operation == "send_message":
        sender = str(data.get("from_number") or "")
        title = f"SMS to {glossary.whom(data.get('to_numbers'))}"
        if sender and glossary.user_phone and sender != glossary.user_phone:
            title += f" — as {glossary.who(sender)}"
        return Sentence(title, text, "out")
    if operation == "receive_message":
        return Sentence(f"SMS from {glossary.who(data.get('from_number'))}", text, "in")
    return None


def _calendar(operation: str, data: Mapping[str, Any], glossary: Glossary) -> Sentence | None:
    named = data.get("title")
    shown = f"“{named}”" if named else glossary.event_title(data.get("event_id"))
    if operation == "create":
        lines = [f"{data.get('start', '?')} – {data.get('end', '?')}"]
        if data.get("attendees"):
            lines.append(f"Attendees: {plain(data.get('attendees'))}")
        if data.get("location"):
            lines.append(f"Location: {data['location']}")
        if data.get("description"):
            lines.append(str(data["description"]))
        return Sentence(f"Event created: {shown}", "\n".join(lines), "out")
    if operation == "update":
        changed = [f"{k}: {plain(v)}" for k, v in data.items()
                   if k not in _NOISE | {"event_id", "calendar_id", "recurrence_scope"} and v not in (None, [], {})]
        return Sentence(f"Event updated: {shown}", "\n".join(changed), "out")
    if operation == "delete":
        return Sentence(f"Event deleted: {shown}", "", "out")
    if operation == "respond":
        who = glossary.who(data.get("attendee_email"))
        comment = str(data.get("response_comment") or data.get("comment") or "")
        return Sentence(f"{who} answered {shown}: {data.get('response', '?')}", comment, "in")
    return None


def _chat(operation: str, data: Mapping[str, Any], glossary: Glossary) -> Sentence | None:
    if operation != "send_message":
        return None
    role = str(data.get("role") or "?")
    content = data.get("content")
    text = content if isinstance(content, str) else plain(content)
    if role == "assistant":
        return Sentence("Chat to the user", text, "out")
    if role == "user":
        return Sentence("Chat from the user", text, "in")
    return Sentence(f"Chat ({role})", text, "none")


# modality → its sentences (None: an operation it has no words for, said field by field)
_SENTENCES: dict[str, Callable[[str, Mapping[str, Any], Glossary], Sentence | None]] = {
    "email": _email, "sms": _sms, "calendar": _calendar, "chat": _chat}


def describe(modality: str, operation: str, data: Mapping[str, Any], glossary: Glossary) -> Sentence:
    """One thing done in the world (an event's data or an action's parameters) as a title, a body and a
    direction."""
    sentences = _SENTENCES.get(modality)
    said = sentences(operation, data, glossary) if sentences is not None else None
    return said if said is not None else _generic(modality, operation, data)


def _split(action: str) -> tuple[str, str]:
    if action.startswith("POST /"):
        parts = action[len("POST /"):].split("/", 1)
        return parts[0], parts[1] if len(parts) > 1 else action
    modality, _, operation = action.partition(".")
    return modality, operation or action


def _same(entry: ActionLogEntry, event: Mapping[str, Any]) -> bool:
    """Whether ``event`` is the one the action log entry was made from (attribution.entry_from_event)."""
    if action_name(dict(event)) != entry.action or when(event.get("scheduled_time")) != entry.timestamp:
        return False
    data = event.get("data") or {}
    for key, value in entry.parameters.items():
        if data.get(key) == value:
            continue
        if isinstance(value, str) and value.endswith(_TRUNCATED):
            continue
        return False
    return True


@dataclass
class _Item:
    entry: TimelineEntry
    rank: int
    seq: int


class _Entries:
    """The timeline's entries as they are found, each with its rank among entries of the same moment."""

    def __init__(self) -> None:
        self.items: list[_Item] = []

    def add(self, entry: TimelineEntry, rank: int | None = None) -> None:
        self.items.append(_Item(entry, _RANK.get(entry.source, 2) if rank is None else rank, len(self.items)))

    def ordered(self, limit: int) -> tuple[list[TimelineEntry], int]:
        """The entries in simulated-time order (those without a time last), and how many were left out past
        ``limit``."""

        def key(item: _Item) -> tuple[int, float, int, int]:
            at = item.entry.at
            return (0, at.timestamp(), item.rank, item.seq) if at is not None else (1, 0.0, item.rank, item.seq)

        ordered = [item.entry for item in sorted(self.items, key=key)]
        if len(ordered) > limit:
            return ordered[:limit], len(ordered) - limit
        return ordered, 0


# Actions of the assistant not yet matched to the event they made, by (action, moment).
_Pending = dict[tuple[str, datetime | None], list[ActionLogEntry]]


def _add_actions(out: _Entries, record: TrialRecord, glossary: Glossary) -> tuple[_Pending, dict[int, datetime]]:
    """The assistant's actions, each once, from its action log (failed calls have no event), with a marker at each
    turn's first. Returns the actions by (action, moment) — the only ones ``_same`` can match, in log order: a flood
    of thousands stays linear — and each turn's first moment."""
    pending: _Pending = {}
    for action in record.action_log:
        pending.setdefault((action.action, action.timestamp), []).append(action)
    first_of_turn: dict[int, datetime] = {}
    for action in record.action_log:
        first_of_turn.setdefault(action.turn, action.timestamp)
        modality, operation = _split(action.action)
        said = describe(modality, operation, action.parameters, glossary) if action.parameters \
            else Sentence(action.action, "", "none")  # a call the world refused: no event, no parameters
        if modality == "chat" and action.parameters.get("role") == "user":  # words put in the user's mouth
            said = Sentence("Chat posted as the user", said.body, "out")
        out.add(TimelineEntry(action.timestamp, "assistant", "Assistant", modality, said.direction, said.title,
                              clip(said.body), action.turn, action.success, action.error_message or ""))
    for turn, at in first_of_turn.items():
        out.add(TimelineEntry(at, "marker", "", "", "none", f"Turn {turn}", turn=turn), 2)
    return pending, first_of_turn


def _add_replies(out: _Entries, record: TrialRecord, glossary: Glossary, names: Mapping[str, str]) -> None:
    """The characters' replies, delivered or not."""
    for reply in record.character_events:
        said = describe(reply.modality, str(reply.data.get("operation") or ""), reply.data, glossary)
        name = names.get(reply.character_id) or reply.character_id
        out.add(TimelineEntry(reply.at, "character", name, reply.modality, "in", said.title, clip(said.body),
                              ok=reply.executed,
                              note="" if reply.executed else "scheduled, but the trial ended before it was delivered"))


def _add_world(out: _Entries, record: TrialRecord, glossary: Glossary, pending: _Pending, user_name: str) -> None:
    """Everything else that happened: the user's messages and the scenario's own events (not the characters'
    replies, nor the events the assistant's actions made, which are there already)."""
    replies = {r.event_id for r in record.character_events if r.event_id}
    for event in record.events:
        if event.get("event_id") in replies:
            continue
        candidates = pending.get((action_name(dict(event)), when(event.get("scheduled_time")))) or []
        mine = next((i for i, a in enumerate(candidates) if _same(a, event)), None)
        if mine is not None:
            del candidates[mine]
            continue
        data = event.get("data") or {}
        modality = str(event.get("modality") or data.get("modality_type") or "?")
        said = describe(modality, str(data.get("operation") or ""), data, glossary)
        from_user = modality == "chat" and data.get("role") == "user"
        ok = event.get("status") != "failed"
        out.add(TimelineEntry(when(event.get("scheduled_time")), "user" if from_user else "world",
                              (user_name or "User") if from_user else "World", modality, said.direction, said.title,
                              clip(said.body), ok=ok, note="" if ok else str(event.get("error_message") or "failed")))


def _add_violations(out: _Entries, record: TrialRecord, first_of_turn: Mapping[int, datetime]) -> None:
    """The violations, each at the action it came from (else at the first action of its turn)."""
    for violation in record.violations:
        found = next((a.timestamp for a in record.action_log
                      if a.turn == violation.turn and a.action == violation.action), None)
        moment = found or first_of_turn.get(violation.turn or -1)
        out.add(TimelineEntry(moment, "violation", "Green", "", "none", f"Violation: {violation.type}",
                              clip(violation.content or ""), violation.turn,
                              note=f"by {violation.action}" if violation.action else ""))


def build_timeline(record: TrialRecord, names: Mapping[str, str], user_name: str = "",
                   limit: int = MAX_ENTRIES) -> tuple[list[TimelineEntry], int]:
    """The trial's timeline in simulated-time order, and how many entries were left out past ``limit``."""
    glossary = Glossary.of(record, names)
    out = _Entries()
    if record.start_time is not None:
        out.add(TimelineEntry(record.start_time, "marker", "", "", "none", "Trial started"), 0)
    pending, first_of_turn = _add_actions(out, record, glossary)
    _add_replies(out, record, glossary, names)
    _add_world(out, record, glossary, pending, user_name)
    _add_violations(out, record, first_of_turn)
    if record.final_time is not None:
        out.add(TimelineEntry(record.final_time, "marker", "", "", "none",
                              f"Trial ended: {record.status} ({record.completion_reason})"), 9)
    return out.ordered(limit)


def names_of(characters: Iterable[tuple[str, str, str | None, str | None]]) -> dict[str, str]:
    """id, email and phone → name, from (id, name, email, phone) tuples."""
    out: dict[str, str] = {}
    for cid, name, email, phone in characters:
        out[cid] = name
        for contact in (email, phone):
            if contact:
                out[contact.lower()] = name
    return out
