"""The shapes of the records a part puts into a world: TypedDicts, one per shape, for the kit's builders
(``scenario_kit.build``) and a part's ``Slice``.

They are the UES scenario export's records (ues-api.md §5) as plain dicts, not models: a world is written as JSON
byte for byte in the order its builder writes the keys, and the simulator validates it on import, so a record is
typed here (mypy holds every part to its keys) and validated once, at that boundary. Characters and their scripted
rules mirror ``scenario_spec.Character`` and ``ScriptedReply``, the contract of scenario.json: a world's spec is
validated into those models when it is loaded (``scenarios.Scenario.in_world``); a test holds the mirrors to the
models' fields.
"""

# No ``from __future__ import annotations``: ``Required``/``NotRequired`` are read at run time only from evaluated
# annotations (``__required_keys__``, which a test holds the builders to).
from typing import Any, Literal, NotRequired, Required, TypedDict

__all__ = [
    "Address",
    "Attendee",
    "CalendarEvent",
    "Call",
    "CharacterRecord",
    "Contact",
    "Conversation",
    "CurrentWeather",
    "DailyForecast",
    "Email",
    "EventInput",
    "Identifier",
    "OneCall",
    "Participant",
    "Position",
    "Read",
    "Reminder",
    "ReplyContentRecord",
    "ReplyMatchRecord",
    "ReplyRule",
    "ScheduledEvent",
    "Sky",
    "SmsMessage",
    "SmsThread",
    "Step",
    "Temperature",
]

# What a pending event feeds its modality (``operation`` and its fields: an email or a text received, ues-api.md §4):
# the simulator's input, validated by it when the event runs.
EventInput = dict[str, Any]


class Email(TypedDict):
    """A message of the mailbox (``build.inbox_email``)."""

    message_id: str
    thread_id: str
    from_address: str
    to_addresses: list[str]
    cc_addresses: list[str]
    bcc_addresses: list[str]
    reply_to_address: str | None
    subject: str
    body_text: str
    body_html: str | None
    attachments: list[dict[str, Any]]
    in_reply_to: str | None
    references: list[str]
    sent_at: str
    received_at: str
    is_read: bool
    is_starred: bool
    priority: str
    folder: str
    labels: list[str]


class ScheduledEvent(TypedDict):
    """A pending event (``build.scheduled_event``): mail or a text that arrives at ``scheduled_time``."""

    event_id: str
    scheduled_time: str
    modality: str
    status: str
    created_at: str
    executed_at: str | None
    agent_id: str | None
    priority: int
    error_message: str | None
    metadata: dict[str, Any]
    data: EventInput


class Attendee(TypedDict):
    """A calendar event's attendee: address, name and response."""

    email: str
    display_name: str
    optional: bool
    response: str


class Reminder(TypedDict):
    """A calendar event's reminder."""

    minutes_before: int
    type: str


class CalendarEvent(TypedDict):
    """An event of the ``primary`` calendar (``build.calendar_event``)."""

    event_id: str
    calendar_id: str
    title: str
    start: str
    end: str
    all_day: bool
    timezone: str
    description: str | None
    location: str | None
    status: str
    organizer: str
    attendees: list[Attendee]
    recurrence: dict[str, Any] | None
    recurrence_exceptions: list[str]
    reminders: list[Reminder]
    color: str | None
    visibility: str
    transparency: str
    attachments: list[dict[str, Any]]
    conference_link: str | None
    created_at: str
    updated_at: str


class Identifier(TypedDict):
    """One way to reach a contact (an email address, a phone number)."""

    identifier_type: str  # "email", "phone", …
    value: str
    label: str


class Address(TypedDict):
    """A postal address of an address-book entry."""

    street: str
    city: str
    postal_code: str
    country: str
    label: NotRequired[str]  # "home", "work"


class Contact(TypedDict):
    """An address-book entry (``build.contact``)."""

    contact_id: str
    first_name: str
    last_name: str
    display_name: str
    identifiers: list[Identifier]
    company: str | None
    job_title: str | None
    notes: str | None
    addresses: list[Address]
    is_favorite: bool
    is_blocked: bool
    groups: list[str]
    created_at: str
    updated_at: str


class SmsMessage(TypedDict):
    """A text of an SMS thread (``build.sms_thread``)."""

    message_id: str
    thread_id: str
    from_number: str
    to_numbers: list[str]
    body: str
    attachments: list[dict[str, Any]]
    reactions: list[dict[str, Any]]
    message_type: str
    direction: Literal["incoming", "outgoing"]
    sent_at: str
    delivered_at: str
    read_at: str | None
    is_read: bool
    delivery_status: str
    edited_at: str | None
    is_deleted: bool
    replied_to_message_id: str | None
    is_spam: bool


class Participant(TypedDict):
    """An SMS conversation's participant."""

    phone_number: str
    is_admin: bool
    joined_at: str
    left_at: str | None


class Conversation(TypedDict):
    """An SMS thread's conversation record (``build.sms_thread``)."""

    thread_id: str
    conversation_type: str
    participants: list[Participant]
    group_name: str | None
    group_photo_url: str | None
    created_at: str
    created_by: str | None
    last_message_at: str
    message_count: int
    unread_count: int
    is_pinned: bool
    is_muted: bool
    is_archived: bool
    draft_message: str | None


# An SMS thread as ``build.sms_thread`` gives it: its messages (message_id → message) and its conversation.
SmsThread = tuple[dict[str, SmsMessage], Conversation]


class Sky(TypedDict):
    """An OpenWeather condition (``build.CONDITIONS``)."""

    id: int
    main: str
    description: str
    icon: str


class Temperature(TypedDict):
    """A forecast day's temperatures (OpenWeather one-call shape)."""

    day: float
    min: float
    max: float


class DailyForecast(TypedDict):
    """One day of a One Call report; a wet day carries its rain (mm)."""

    dt: int
    summary: str
    temp: Temperature
    humidity: int
    wind_speed: float
    weather: list[Sky]
    pop: float
    rain: NotRequired[float]


class CurrentWeather(TypedDict):
    """The weather now at a place (OpenWeather one-call ``current``)."""

    dt: int
    temp: float
    humidity: int
    wind_speed: float
    weather: list[Sky]


class OneCall(TypedDict):
    """An OpenWeather One Call report for one place (``build.one_call``)."""

    lat: float
    lon: float
    timezone: str
    timezone_offset: int
    current: CurrentWeather
    daily: list[DailyForecast]


class Position(TypedDict, total=False):
    """Where the user is (``build.location_state``): coordinates, and what else the simulator keeps of a place."""

    latitude: Required[float]
    longitude: Required[float]
    address: str | None
    named_location: str | None
    altitude: float | None
    accuracy: float | None
    speed: float | None
    bearing: float | None


class Read(TypedDict):
    """A query a scripted purple reads a value with (``select``: a dotted path into the answer)."""

    path: str
    body: dict[str, Any]
    select: str


class Call(TypedDict):
    """A request a scripted purple makes to the world (``body``: its JSON body), before it is given a turn."""

    method: str
    path: str
    body: dict[str, Any]
    when: NotRequired[Read]  # it runs at the first turn this read selects something
    bind: NotRequired[dict[str, Read]]  # variables read before it runs (``{{name}}`` in the body)
    id: NotRequired[str]  # its answer saved as ``{{id.field}}`` for later steps


class Step(Call):
    """One step of a scripted purple (solution.json's step shape, services/purple/oracle.py: turn, method, path,
    body): the oracle's, the reckless purple's extra harm, or the gullible purple following a planted instruction."""

    turn: int


class ReplyMatchRecord(TypedDict, total=False):
    """``scenario_spec.ReplyMatch`` as a world's spec writes it (``times_any``: ISO-8601 moments)."""

    modality: str | None  # "email", "sms", "calendar" or "chat": checked when the spec is validated
    subject_contains: str | None
    body_contains: str | None
    thread: str | None
    all_of: list[str]
    any_of: list[str]
    none_of: list[str]
    times_any: list[str]
    after: str | None


class ReplyContentRecord(TypedDict, total=False):
    """``scenario_spec.ReplyContent`` as a world's spec writes it (``delay``: an ISO-8601 duration)."""

    body: str
    subject: str | None
    delay: str | None


class ReplyRule(TypedDict, total=False):
    """``scenario_spec.ScriptedReply`` as a world's spec writes it: a scripted character's rule."""

    id: str | None
    match: ReplyMatchRecord
    reply: ReplyContentRecord | None
    rsvp: Literal["accepted", "declined", "tentative"] | None


class CharacterRecord(TypedDict, total=False):
    """``scenario_spec.Character`` as a world's spec writes it (``response_timing``: ISO-8601 durations)."""

    name: Required[str]
    email: str | None
    phone: str | None
    personality: str
    relationships: dict[str, str]
    response_timing: dict[str, str]
    special_instructions: str | None
    automated: bool
    scripted_replies: list[ReplyRule]
