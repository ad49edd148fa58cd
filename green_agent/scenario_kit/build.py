"""Records of a UES scenario export (ues-api.md §5), in the shapes a world's files hold (``scenario_kit.publish``
writes them).

The order of keys is part of the output: the committed files are these dicts as ``json.dumps`` wrote them,
and a rebuild must reproduce them byte for byte. Counters and links (thread message counts, folder lists)
are derived here from the content, so they cannot drift from it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from green_agent.scenario_kit.records import (
    Address,
    CalendarEvent,
    Contact,
    Conversation,
    DailyForecast,
    Email,
    EventInput,
    Identifier,
    OneCall,
    Position,
    ScheduledEvent,
    Sky,
    SmsMessage,
    SmsThread,
)

__all__ = [
    "CALENDAR_CREATED",
    "CONDITIONS",
    "UES_VERSION",
    "WET",
    "Record",
    "calendar_event",
    "calendar_state",
    "chat_state",
    "contact",
    "contacts_state",
    "email_state",
    "inbox_email",
    "location_state",
    "one_call",
    "scenario_export",
    "scheduled_event",
    "sms_state",
    "sms_thread",
    "threads",
    "weather_state",
]

Record = dict[str, Any]

UES_VERSION = "0.3.0"
CALENDAR_CREATED = "2026-01-05T09:00:00+00:00"


def scenario_export(*, start: str, author: str, description: str, email: Record, sms: Record, calendar: Record,
                    chat: Record, events: list[ScheduledEvent], contacts: Record | None = None,
                    more: Mapping[str, Record] | None = None) -> Record:
    """The body of ``POST /scenario/import/full``: the world at ``start`` (clock running, not auto-advancing)
    and the events scheduled after it; ``contacts`` (the address book) only in worlds that have one, and ``more``
    (modality → state: ``weather_state``, ``location_state``) only in worlds that use those modalities."""
    states = {"email": email, "sms": sms, "calendar": calendar, "chat": chat}
    if contacts is not None:
        states["contacts"] = contacts
    states.update(more or {})
    return {
        "scenario": {
            "metadata": {"ues_version": UES_VERSION, "scenario_version": "1", "created_at": start, "author": author,
                         "description": description},
            "environment": {
                "time_state": {"current_time": start, "time_scale": 1.0, "is_paused": False, "auto_advance": False,
                               "last_wall_time_update": start},
                "modality_states": states,
            },
            "events": {"events": events},
        },
        "strict_modalities": False,
    }


def scheduled_event(event_id: str, at: str, modality: str, data: EventInput, *, created_at: str) -> ScheduledEvent:
    """A pending event that runs at ``at``; ``data`` is the modality's input (``operation`` and its fields)."""
    return {"event_id": event_id, "scheduled_time": at, "modality": modality, "status": "pending",
            "created_at": created_at, "executed_at": None, "agent_id": None, "priority": 50, "error_message": None,
            "metadata": {}, "data": {"modality_type": modality, "timestamp": at, **data}}


def _modality(kind: str, start: str) -> Record:
    return {"modality_type": kind, "last_updated": start, "update_count": 0}


def email_state(*, start: str, user_email: str, emails: Mapping[str, Email]) -> Record:
    """The mailbox: ``emails`` (message_id → email, oldest first, each in the folder it names) and their threads."""
    folders: dict[str, list[str]] = {"inbox": [], "sent": [], "drafts": [], "trash": [], "spam": [], "archive": []}
    for message_id, email in emails.items():
        folders[email.get("folder") or "inbox"].append(message_id)
    return {**_modality("email", start), "emails": dict(emails), "threads": threads(emails.values()),
            "folders": folders, "labels": {}, "drafts": {}, "user_email_address": user_email}


def threads(emails: Iterable[Email]) -> Record:
    """The threads of ``emails`` (oldest first), keyed by thread_id, with participants and counters that
    agree with their messages; a thread's subject is its first message's."""
    out: Record = {}
    for email in emails:
        at = email["sent_at"]
        thread = out.setdefault(email["thread_id"], {
            "thread_id": email["thread_id"], "subject": email["subject"], "participant_addresses": [],
            "message_ids": [], "created_at": at, "last_message_at": at, "message_count": 0, "unread_count": 0})
        thread["message_ids"].append(email["message_id"])
        thread["participant_addresses"] = sorted({*thread["participant_addresses"], email["from_address"],
                                                  *email["to_addresses"]})
        thread["last_message_at"] = at
        thread["message_count"] += 1
        thread["unread_count"] += 0 if email["is_read"] else 1
    return out


def inbox_email(message_id: str, sender: str, to: str, subject: str, body: str, at: str, *,
                read: bool = False) -> Email:
    """A plain-text email from ``sender`` to ``to``, received at ``at``, alone in thread ``thread-<id>``."""
    return {
        "message_id": message_id, "thread_id": f"thread-{message_id}", "from_address": sender,
        "to_addresses": [to], "cc_addresses": [], "bcc_addresses": [], "reply_to_address": None,
        "subject": subject, "body_text": body, "body_html": None, "attachments": [], "in_reply_to": None,
        "references": [], "sent_at": at, "received_at": at, "is_read": read, "is_starred": False,
        "priority": "normal", "folder": "inbox", "labels": [],
    }


def sms_state(*, start: str, user_phone: str, messages: Mapping[str, SmsMessage] | None = None,
              conversations: Mapping[str, Conversation] | None = None) -> Record:
    """The phone: ``messages`` (message_id → message) and ``conversations`` (thread_id → conversation)."""
    return {**_modality("sms", start), "messages": dict(messages or {}), "conversations": dict(conversations or {}),
            "max_messages_per_conversation": 10000, "user_phone_number": user_phone}


def sms_thread(me: str, thread_id: str, other: str, messages: list[tuple[str, str, str, str]]) -> SmsThread:
    """(messages, conversation) of a one-on-one SMS thread between the user (``me``) and ``other``, for
    ``sms_state``; each message is (id, "in" | "out", sent_at, body), oldest first, all already read."""
    out: dict[str, SmsMessage] = {}
    for message_id, direction, sent_at, body in messages:
        incoming = direction == "in"
        out[message_id] = {
            "message_id": message_id, "thread_id": thread_id,
            "from_number": other if incoming else me, "to_numbers": [me if incoming else other],
            "body": body, "attachments": [], "reactions": [], "message_type": "sms",
            "direction": "incoming" if incoming else "outgoing", "sent_at": sent_at, "delivered_at": sent_at,
            "read_at": sent_at, "is_read": True, "delivery_status": "read" if not incoming else "delivered",
            "edited_at": None, "is_deleted": False, "replied_to_message_id": None, "is_spam": False,
        }
    first, last = messages[0][2], messages[-1][2]
    conversation: Conversation = {
        "thread_id": thread_id, "conversation_type": "one_on_one",
        "participants": [{"phone_number": n, "is_admin": False, "joined_at": first, "left_at": None}
                         for n in sorted([me, other])],
        "group_name": None, "group_photo_url": None, "created_at": first, "created_by": None,
        "last_message_at": last, "message_count": len(out),
        "unread_count": sum(1 for m in out.values() if not m["is_read"]),
        "is_pinned": False, "is_muted": False, "is_archived": False, "draft_message": None,
    }
    return out, conversation


def calendar_state(*, start: str, owner: str, events: Mapping[str, CalendarEvent], created_at: str = CALENDAR_CREATED,
                   updated_at: str | None = None, event_ids: list[str] | None = None) -> Record:
    """One calendar, ``primary``, named ``owner``, holding ``events`` (event_id → event). Its ``event_ids``
    list every event unless given (updated_at defaults to ``start``)."""
    primary = {"calendar_id": "primary", "name": owner, "color": "#4285f4", "visible": True, "created_at": created_at,
               "updated_at": updated_at or start, "event_ids": list(events) if event_ids is None else event_ids,
               "default_reminders": []}
    return {**_modality("calendar", start), "calendars": {"primary": primary}, "events": dict(events),
            "default_calendar_id": "primary", "user_timezone": "UTC"}


def calendar_event(event_id: str, title: str, start: str, end: str, *, organizer: str,
                   attendees: Iterable[tuple[str, str, str]] = (), description: str | None = None,
                   location: str | None = None, created_at: str, updated_at: str) -> CalendarEvent:
    """A confirmed, opaque, timed event of ``primary`` with a 10-minute reminder; ``attendees`` are
    (email, display name, response)."""
    return {
        "event_id": event_id, "calendar_id": "primary", "title": title, "start": start, "end": end,
        "all_day": False, "timezone": "UTC", "description": description, "location": location,
        "status": "confirmed", "organizer": organizer,
        "attendees": [{"email": e, "display_name": n, "optional": False, "response": r} for e, n, r in attendees],
        "recurrence": None, "recurrence_exceptions": [], "reminders": [{"minutes_before": 10, "type": "notification"}],
        "color": None, "visibility": "default", "transparency": "opaque", "attachments": [],
        "conference_link": None, "created_at": created_at, "updated_at": updated_at,
    }


def chat_state(*, start: str) -> Record:
    """An empty chat (the user's task is posted when the trial starts)."""
    return {**_modality("chat", start), "messages": [], "conversations": {}, "max_history_size": 1000,
            "default_conversation_id": "default"}


def contacts_state(*, start: str, contacts: Mapping[str, Contact]) -> Record:
    """The address book: ``contacts`` (contact_id → contact, see ``contact``)."""
    return {**_modality("contacts", start), "contacts": dict(contacts)}


def contact(contact_id: str, first: str, last: str, *, email: str | None = None, phone: str | None = None,
            company: str | None = None, job_title: str | None = None, notes: str | None = None,
            address: Address | None = None, created_at: str = CALENDAR_CREATED) -> Contact:
    """One address-book entry with its email and phone as identifiers (and a postal ``address``:
    street, city, postal_code, country)."""
    identifiers: list[Identifier] = [{"identifier_type": "email", "value": email, "label": "work"}] if email else []
    identifiers += [{"identifier_type": "phone", "value": phone, "label": "mobile"}] if phone else []
    return {"contact_id": contact_id, "first_name": first, "last_name": last, "display_name": f"{first} {last}",
            "identifiers": identifiers, "company": company, "job_title": job_title, "notes": notes,
            "addresses": [address] if address else [], "is_favorite": False, "is_blocked": False, "groups": [],
            "created_at": created_at, "updated_at": created_at}


# OpenWeather's condition codes for the conditions a world's forecast uses: (id, description, icon).
CONDITIONS = {"Clear": (800, "clear sky", "01d"), "Clouds": (803, "broken clouds", "04d"),
              "Rain": (501, "moderate rain", "10d"), "Thunderstorm": (201, "thunderstorm with rain", "11d"),
              "Drizzle": (300, "light intensity drizzle", "09d")}
WET = ("Rain", "Thunderstorm", "Drizzle")


def _sky(main: str) -> list[Sky]:
    code, description, icon = CONDITIONS[main]
    return [{"id": code, "main": main, "description": description, "icon": icon}]


def _daily(noon: datetime, main: str) -> DailyForecast:
    day: DailyForecast = {
        "dt": int(noon.timestamp()), "summary": f"Expect a day of {CONDITIONS[main][1]}",
        "temp": {"day": 290.15, "min": 284.15, "max": 293.15}, "humidity": 85 if main in WET else 50,
        "wind_speed": 4.1, "weather": _sky(main), "pop": 0.9 if main in WET else 0.05}
    if main in WET:
        day["rain"] = 6.5
    return day


def one_call(lat: float, lon: float, *, now: datetime, daily: Iterable[tuple[datetime, str]]) -> OneCall:
    """An OpenWeather One Call report (standard units: Kelvin, m/s) for ``lat``/``lon`` issued at ``now``: the
    current sky is the first day's, and ``daily`` lists (the day's noon, condition), a condition of ``CONDITIONS``;
    wet days carry their rain in mm and a high chance of precipitation, so either field tells them apart."""
    skies = list(daily)
    days = [_daily(noon, main) for noon, main in skies]
    return {"lat": lat, "lon": lon, "timezone": "UTC", "timezone_offset": 0,
            "current": {"dt": int(now.timestamp()), "temp": 288.15, "humidity": 60, "wind_speed": 3.0,
                        "weather": _sky(skies[0][1] if skies else "Clear")}, "daily": days}


def weather_state(*, start: str, reports: Iterable[OneCall]) -> Record:
    """The weather modality: one location per One Call report (``one_call``), keyed as the simulator keys them
    (coordinates rounded to 0.01°), each with that report as its current one since ``start``."""
    locations = {f"{round(r['lat'], 2):.2f},{round(r['lon'], 2):.2f}": {
        "latitude": r["lat"], "longitude": r["lon"], "current_report": r, "first_seen": start, "last_updated": start,
        "update_count": 1, "report_history": []} for r in reports}
    return {**_modality("weather", start), "locations": locations, "max_history_per_location": 100}


def location_state(*, start: str, current: Position, history: Iterable[tuple[str, Position]] = ()) -> Record:
    """The location modality: the user's ``current`` position (latitude, longitude, address?, named_location?)
    since ``start``, and earlier positions as (when the user got there, position), oldest first."""
    fields = ("latitude", "longitude", "address", "named_location", "altitude", "accuracy", "speed", "bearing")
    return {**_modality("location", start), **{f"current_{f}": current.get(f) for f in fields},
            "location_history": [{"timestamp": at, **{f: place.get(f) for f in fields}} for at, place in history],
            "max_history_size": 100}
