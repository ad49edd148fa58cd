"""What the assistant sent: every message of the action log, to whom and by which route, read in one place.

Whatever asks "what did the purple send?" reads it here: integrity (was it sent as someone else?), the characters
(who was written to, and answers), and the graders — ``precision.outgoing``, the classic scenarios' evaluators, the
workday parts and the planted attacks. A message leaves by one of the ``Route``s; their action names are listed here
and nowhere else.

Where the action log falls short of what went out, the trial's other records complete it:

* a parameter the action log cut at its bound (protocol.md §6: 2 KiB) is read whole from the event the action came
  from (``events``), so a leak cannot hide at the end of a long message;
* a successful email is read as it was stored (``mailbox``: the email state's ``emails``): a sent draft's recipients
  and words (its action names only the draft), a forward's inherited body and attachments, a reply's subject;
* an invitation's update that reschedules or re-invites without restating the event is completed from the calendar
  (``calendar``) when one is given: every attendee is asked again, as a real calendar would, which is what the
  characters hear. Graders give none and count only whom the assistant itself invited.

Stdlib and recorded values only; deterministic.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from enum import StrEnum
from typing import Any

from green_agent.assessment.attribution import MAX_PARAM_CHARS, action_name
from green_agent.judging.context import EvalContext
from green_agent.protocol import ActionLogEntry
from green_agent.scenario_kit.grading import identifier, plain_text, recipients
from services.ues.client import parse_time

__all__ = [
    "EMAIL_SENDS",
    "INVITATIONS",
    "SENDS",
    "SMS_SENDS",
    "Channel",
    "Message",
    "Route",
    "emails_of",
    "sent_in",
    "sent_messages",
]

Record = Mapping[str, Any]


class Channel(StrEnum):
    """Where a message went: a mailbox, a phone, or a calendar (an invitation)."""

    EMAIL = "email"
    SMS = "sms"
    CALENDAR = "calendar"


class Route(StrEnum):
    """How a message left: the action that sent it, by its ``modality.operation`` name in the action log."""

    SEND = "email.send"
    REPLY = "email.reply"
    REPLY_ALL = "email.reply_all"
    FORWARD = "email.forward"
    DRAFT_SENT = "email.send_draft"
    TEXT = "sms.send_message"
    INVITE = "calendar.create"
    REINVITE = "calendar.update"

    @property
    def channel(self) -> Channel:
        return Channel(self.value.partition(".")[0])


SENDS: tuple[str, ...] = tuple(route.value for route in Route)
EMAIL_SENDS: tuple[str, ...] = tuple(route.value for route in Route if route.channel is Channel.EMAIL)
SMS_SENDS: tuple[str, ...] = tuple(route.value for route in Route if route.channel is Channel.SMS)
INVITATIONS: tuple[str, ...] = tuple(route.value for route in Route if route.channel is Channel.CALENDAR)

# What a stored email tells beyond (or instead of) its send action's parameters.
_STORED = ("from_address", "to_addresses", "cc_addresses", "bcc_addresses", "subject", "body_text", "body_html",
           "attachments", "thread_id", "in_reply_to", "references")
# What an invitation's update leaves to the stored event when it reschedules or re-invites (the invitee reads it).
_KEPT = ("title", "description", "attendees", "start", "end")


@dataclass(frozen=True)
class Message:
    """One message the assistant sent (or, among ``attempts``, tried to send).

    ``index`` is the action's place in the action log; ``to`` every recipient (to, cc and bcc; numbers; attendees)
    as ``identifier`` normalises them, in order, the user included when written to; ``sender`` the sender the action
    claims (``from_address``, ``from_number``, an event's ``organizer``; empty when it names none: the user's own).
    An invitation's ``subject`` is the event's title and its ``body`` the description.
    """

    index: int
    turn: int
    at: datetime
    route: Route
    to: tuple[str, ...]
    sender: str = ""
    subject: str = ""
    body: str = ""
    html: str = ""
    location: str = ""
    attachments: tuple[str, ...] = ()
    start: str | None = None
    end: str | None = None
    message_id: str | None = None
    thread_id: str | None = None
    in_reply_to: str | None = None
    references: tuple[str, ...] = ()
    event_id: str | None = None
    success: bool = True

    @property
    def channel(self) -> Channel:
        return self.route.channel

    @property
    def action(self) -> str:
        """The action's name in the action log (``email.send``…)."""
        return self.route.value

    @property
    def content(self) -> str:
        """Everything the message carried, quotes included: subject (title), body, HTML body, location and the
        attachments' names, one per line."""
        names = " ".join(self.attachments)
        return "\n".join(part for part in (self.subject, self.body, self.html, self.location, names) if part)

    def others(self, user_email: str, user_phone: str) -> tuple[str, ...]:
        """The recipients who are not the user."""
        me = {identifier(user_email), identifier(user_phone)} - {""}
        return tuple(r for r in self.to if r not in me)

    def as_someone_else(self, user_email: str, user_phone: str) -> bool:
        """Whether it claims a sender who is not the user. A text compares its number exactly: the simulator files a
        text from any other spelling of the number as one the user received."""
        if not self.sender:
            return False
        if self.channel is Channel.SMS:
            return self.sender != user_phone
        return self.sender.strip().lower() != user_email.strip().lower()


def sent_messages(actions: Sequence[ActionLogEntry], *, mailbox: Mapping[str, Record] | None = None,
                  events: Iterable[Record] = (), calendar: Mapping[str, Record] | None = None,
                  attempts: bool = False) -> list[Message]:
    """Every successful action of a ``Route`` in ``actions`` as a ``Message``, in action order — also the failed
    ones with ``attempts`` (read from their parameters alone). ``events``, ``mailbox`` and ``calendar`` complete
    them as the module docstring says."""
    whole = _Whole(events)
    out = []
    for index, action in enumerate(actions):
        if action.action not in SENDS or not (action.success or attempts):
            continue
        route = Route(action.action)
        head = Message(index=index, turn=action.turn, at=action.timestamp, route=route, to=(), success=action.success)
        p = whole.parameters(action) if action.success else dict(action.parameters)
        if route.channel is Channel.EMAIL:
            out.append(_email(head, p, mailbox if action.success else None))
        elif route.channel is Channel.SMS:
            out.append(replace(head, to=_ids(_listed(p.get("to_numbers"))), sender=_str(p.get("from_number")),
                               body=plain_text(p.get("body")), message_id=_id(p.get("message_id")),
                               thread_id=_id(p.get("thread_id"))))
        else:
            invitation = _invitation(head, p, calendar)
            if invitation is not None:
                out.append(invitation)
    return out


def sent_in(ctx: EvalContext) -> list[Message]:
    """The messages the assistant sent in a judged trial, read whole: its action log completed from the trial's
    events and final mailbox."""
    return sent_messages(ctx.action_log, mailbox=emails_of(ctx.final_state), events=ctx.events)


def emails_of(state: Mapping[str, Any]) -> Mapping[str, Record]:
    """message_id → email of a recorded state (``ctx.final_state``; empty when it holds no mailbox)."""
    emails: Mapping[str, Record] = (state.get("email") or {}).get("emails") or {}
    return emails


# ------------------------------------------------------------------------------------------------ reading
def _email(head: Message, p: dict[str, Any], mailbox: Mapping[str, Record] | None) -> Message:
    stored = (mailbox or {}).get(str(p.get("message_id", "")))
    if isinstance(stored, Mapping):
        p = {**p, **{k: stored[k] for k in _STORED if k in stored}}
    return replace(
        head, to=_ids(recipients({k: _listed(v) for k, v in p.items()})), sender=_str(p.get("from_address")),
        subject=plain_text(p.get("subject")), body=plain_text(p.get("body_text")), html=plain_text(p.get("body_html")),
        attachments=_names(p.get("attachments")), message_id=_id(p.get("message_id")),
        thread_id=_id(p.get("thread_id")), in_reply_to=_id(p.get("in_reply_to")),
        references=tuple(str(r) for r in _listed(p.get("references"))))


def _invitation(head: Message, p: dict[str, Any], calendar: Mapping[str, Record] | None) -> Message | None:
    """An invitation; None for an update that asks nobody again (with a calendar to complete it from)."""
    if calendar is not None and head.route is Route.REINVITE:
        if "start" not in p and "attendees" not in p:
            return None  # neither rescheduled nor re-invited: nobody is asked again
        stored = calendar.get(str(p.get("event_id", ""))) or {}
        p = {**{k: stored[k] for k in _KEPT if k in stored}, **p}
    guests = [a.get("email", "") for a in _listed(p.get("attendees")) if isinstance(a, Mapping)]
    return replace(head, to=_ids(guests), sender=_str(p.get("organizer")), subject=plain_text(p.get("title")),
                   body=plain_text(p.get("description")), location=plain_text(p.get("location")),
                   start=_id(p.get("start")), end=_id(p.get("end")), event_id=_id(p.get("event_id")))


class _Whole:
    """Parameters the action log cut, read whole from the events the actions came from: an action's event has its
    name and time, and every parameter the log kept whole (a cut one agrees up to the bound)."""

    def __init__(self, events: Iterable[Record]) -> None:
        self._events = events
        self._index: dict[tuple[str, datetime], list[Record]] | None = None

    def parameters(self, action: ActionLogEntry) -> dict[str, Any]:
        p = dict(action.parameters)
        if not any(_cut(v) for v in p.values()):
            return p
        for event in self._candidates(action):
            data = event.get("data") or {}
            if all(k in data and _agrees(v, data[k]) for k, v in p.items()):
                return {**p, **{k: data[k] for k in p}}
        return p

    def _candidates(self, action: ActionLogEntry) -> list[Record]:
        if self._index is None:
            self._index = {}
            for event in self._events:
                if event.get("status") == "executed" and event.get("scheduled_time"):
                    key = (action_name(dict(event)), parse_time(str(event["scheduled_time"])))
                    self._index.setdefault(key, []).append(event)
        return self._index.get((action.action, action.timestamp), [])


def _cut(value: Any) -> bool:
    return isinstance(value, str) and len(value) > MAX_PARAM_CHARS


def _agrees(logged: Any, full: Any) -> bool:
    """Whether a logged parameter is ``full``, or ``full`` cut at the bound."""
    if logged == full:
        return True
    text = full if isinstance(full, str) else json.dumps(full, default=str)
    return _cut(logged) and len(text) > MAX_PARAM_CHARS and logged[:MAX_PARAM_CHARS] == text[:MAX_PARAM_CHARS]


def _listed(value: Any) -> list[Any]:
    """A list parameter's items; none when it is missing or was cut into a string no event restored."""
    return list(value) if isinstance(value, list | tuple) else []


def _ids(people: Iterable[Any]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(n for n in (identifier(str(p)) for p in people if p) if n))


def _names(attachments: Any) -> tuple[str, ...]:
    return tuple(str(a.get("filename", "")) if isinstance(a, Mapping) else str(a) for a in _listed(attachments))


def _str(value: Any) -> str:
    return "" if value is None else str(value)


def _id(value: Any) -> str | None:
    return None if value is None or value == "" else str(value)
