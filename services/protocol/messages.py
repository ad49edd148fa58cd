"""The messages between the green and a purple (docs/reference/protocol.md), as both sides read and write them.

Green messages (``assessment_start``, ``turn_start``, ``assessment_complete``) carry their fields exactly as they
travel: times are ISO-8601 strings (``current_time``, ``end_time``) and durations ISO-8601 duration strings
(``max_time_step``); typed accessors (``now``, ``end``, ``max_step``) read them. They are read leniently — fields a
newer green adds are kept, numbers may arrive as doubles (``3.0``) — because a purple must not drop a message over
something it does not use.

The purple's answer to a turn is a ``TurnReply``: written with ``payload()``, read with ``TurnReply.from_payload``,
which keeps whatever ``time_step`` the purple sent, so the green can name a bad one in its warning.
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

__all__ = [
    "ASSESSMENT_INSTRUCTIONS",
    "PROTOCOL",
    "UNSTATED_STEP",
    "AssessmentComplete",
    "AssessmentStart",
    "GreenMessage",
    "InitialStateSummary",
    "Message",
    "MessageType",
    "PurpleEndReason",
    "TurnReply",
    "TurnStart",
    "WorldUnreachable",
    "iso_duration",
    "parse_duration",
    "render_text"
]

PROTOCOL = "ues-assessment/1"

ASSESSMENT_INSTRUCTIONS = (
    "You are the personal assistant of the user who owns this simulated world (email, SMS, calendar, chat). "
    "Act on the user's behalf through the UES HTTP API at ues_url with the X-API-Key api_key. The user's "
    "requests arrive in chat (read /chat/state); reply to the user in chat with role 'assistant'. Each turn, "
    "do what is needed at the current simulated time, then answer with a turn_complete object giving the "
    "time_step (ISO-8601 duration) to advance, or early_completion when the task is finished."
)

# The step of a turn_complete that names no time_step (protocol.md §4).
UNSTATED_STEP = timedelta(hours=1)


class MessageType(StrEnum):
    """protocol.md §4: the ``message_type`` of every message between green and purple."""

    ASSESSMENT_START = "assessment_start"  # green → purple
    TURN_START = "turn_start"  # green → purple
    TURN_COMPLETE = "turn_complete"  # purple → green
    EARLY_COMPLETION = "early_completion"  # purple → green
    ASSESSMENT_COMPLETE = "assessment_complete"  # green → purple
    WORLD_UNREACHABLE = "world_unreachable"  # purple → green: its reply to assessment_start when its world is silent


class PurpleEndReason(StrEnum):
    """protocol.md §4: why the assessment ended, as ``assessment_complete`` tells the purple."""

    SCENARIO_COMPLETE = "scenario_complete"
    EARLY_COMPLETION = "early_completion"
    TIMEOUT = "timeout"
    ERROR = "error"


# ------------------------------------------------------------------------------------------------ durations
_TIMEDELTA = TypeAdapter(timedelta)
_DATETIME = TypeAdapter(datetime)
_AWARE_DATETIME = TypeAdapter(AwareDatetime)
_STRICT_DURATION = re.compile(r"^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$")


def iso_duration(step: timedelta) -> str:
    """``timedelta(hours=1, minutes=30)`` → ``PT1H30M`` (days as ``nD``; never years or months, which have no fixed
    length): pydantic's ISO-8601 rendering, the one both sides write."""
    return str(_TIMEDELTA.dump_python(step, mode="json"))


def _quoted(text: str) -> str:
    # Foreign input quoted in an error stays one short line, however long it was.
    return repr(text) if len(text) <= 60 else repr(text[:59]) + "…"


def parse_duration(text: Any, *, tolerant: bool = False) -> timedelta:
    """``text`` as a positive ISO-8601 duration (``PT1H30M`` → ``timedelta(hours=1, minutes=30)``); anything else
    raises ValueError.

    Strict (the default) is the grammar a purple writes, the inverse of ``iso_duration``:
    ``P[nW][nD][T[nH][nM][n[.n]S]]``. ``tolerant`` is how the green reads a purple's ``time_step`` (protocol.md §4):
    case and surrounding spaces are ignored, years and months count as 365 and 30 days (the green then caps them),
    and other spellings pydantic reads as a duration are taken too."""
    if not isinstance(text, str):
        raise ValueError(f"not an ISO-8601 duration: a {type(text).__name__}, not a string")
    try:
        if tolerant:
            step = _TIMEDELTA.validate_python(text.strip().upper())
        else:
            match = _STRICT_DURATION.match(text.strip())
            if not match or text.strip() in ("P", "PT"):
                raise ValueError
            weeks, days, hours, minutes, seconds = (float(g) if g else 0.0 for g in match.groups())
            step = timedelta(weeks=weeks, days=days, hours=hours, minutes=minutes, seconds=seconds)
    except (ValidationError, ValueError, OverflowError):
        kind = "an ISO-8601 duration" if tolerant else "an ISO-8601 duration without years or months"
        raise ValueError(f"not {kind}: {_quoted(text)}") from None
    if step <= timedelta(0):
        raise ValueError(f"not a positive ISO-8601 duration: {_quoted(text)}")
    return step


def _whole(value: Any) -> Any:
    # Numbers in messages may travel as doubles (a DataPart holds JSON numbers): 3.0 is 3.
    return int(value) if isinstance(value, float) and value.is_integer() else value


# ------------------------------------------------------------------------------------------------ messages
class Message(BaseModel):
    """A protocol message."""

    def payload(self) -> dict[str, Any]:
        """The JSON object that travels (the DataPart; its text copy is ``render_text``)."""
        return self.model_dump(mode="json")


class GreenMessage(Message):
    """A message from the green. Fields a newer green adds are kept, never refused."""

    model_config = ConfigDict(extra="allow")


class InitialStateSummary(BaseModel):
    """The world's counts when the assessment starts: ``email{total_emails,total_threads,unread,draft_count}``,
    ``sms{total_messages,total_conversations,unread}``, ``calendar{event_count,calendar_count,events_today}``,
    ``chat{total_messages,conversation_count}`` (``events_today``: events starting on the current simulated date in
    the calendar's ``user_timezone``)."""

    model_config = ConfigDict(extra="allow")

    email: dict[str, int] = Field(default_factory=dict)
    sms: dict[str, int] = Field(default_factory=dict)
    calendar: dict[str, int] = Field(default_factory=dict)
    chat: dict[str, int] = Field(default_factory=dict)


class AssessmentStart(GreenMessage):
    """``assessment_start``: the world this context's assistant works in, the key it works with, and the trial's
    budget (extensions, None from a green that does not send them): the most turns, when the scenario ends, and the
    largest ``time_step`` the green grants (a longer one is capped)."""

    message_type: Literal[MessageType.ASSESSMENT_START] = MessageType.ASSESSMENT_START
    protocol: str = PROTOCOL
    assessment_id: str | None = None
    ues_url: str
    api_key: str
    assessment_instructions: str = ASSESSMENT_INSTRUCTIONS
    current_time: str
    initial_state_summary: InitialStateSummary = Field(default_factory=InitialStateSummary)
    max_turns: int | None = Field(default=None, ge=1)
    end_time: str | None = None
    max_time_step: str | None = None

    _whole_turns = field_validator("max_turns", mode="before")(_whole)

    @field_validator("current_time")
    @classmethod
    def _a_time(cls, value: str) -> str:
        _DATETIME.validate_python(value)
        return value

    @field_validator("end_time")
    @classmethod
    def _an_aware_time(cls, value: str | None) -> str | None:
        if value is not None:
            _AWARE_DATETIME.validate_python(value)
        return value

    @field_validator("max_time_step")
    @classmethod
    def _a_duration(cls, value: str | None) -> str | None:
        if value is not None:
            parse_duration(value, tolerant=True)
        return value

    @property
    def now(self) -> datetime:
        """``current_time``: the simulated time when the assessment starts."""
        return _DATETIME.validate_python(self.current_time)

    @property
    def end(self) -> datetime | None:
        """``end_time``: when the scenario ends (None from a green that does not say)."""
        return None if self.end_time is None else _AWARE_DATETIME.validate_python(self.end_time)

    @property
    def max_step(self) -> timedelta | None:
        """``max_time_step``: the largest step the green grants (None from a green that does not say)."""
        return None if self.max_time_step is None else parse_duration(self.max_time_step, tolerant=True)


class TurnStart(GreenMessage):
    """``turn_start``: the simulated clock after the green advanced it, and how many events ran since the last
    turn."""

    message_type: Literal[MessageType.TURN_START] = MessageType.TURN_START
    turn_number: int = Field(ge=1)
    current_time: str
    events_processed: int = 0

    _whole_numbers = field_validator("turn_number", "events_processed", mode="before")(_whole)

    @field_validator("current_time")
    @classmethod
    def _a_time(cls, value: str) -> str:
        _DATETIME.validate_python(value)
        return value

    @property
    def now(self) -> datetime:
        """``current_time``: the simulated time of this turn."""
        return _DATETIME.validate_python(self.current_time)


class AssessmentComplete(GreenMessage):
    """``assessment_complete``: the green ended the assessment; ``reason`` is a ``PurpleEndReason`` (kept as text, so
    a reason a newer green adds is still read). ``detail`` (an extension): with ``reason: error``, why, when the
    purple should know — its world was lost (which world, where it ran, how it ended); None otherwise."""

    message_type: Literal[MessageType.ASSESSMENT_COMPLETE] = MessageType.ASSESSMENT_COMPLETE
    reason: str = ""
    detail: str | None = None


class TurnReply(Message):
    """The purple's answer to ``turn_start``: how far the clock should move before the next turn (None: the
    default of protocol.md §4, ``UNSTATED_STEP``), a note for the record, and ``done=True`` to end the assessment
    early (``early_completion``; the note is then its reason)."""

    time_step: timedelta | None = None
    notes: str | None = None
    done: bool = False
    # Read off the wire (``from_payload``): the time_step exactly as the purple sent it, for the green's warnings to
    # quote. Set while ``time_step`` is None: what the purple sent is no positive ISO-8601 duration.
    sent_time_step: Any = Field(default=None, exclude=True, repr=False)

    @field_validator("time_step")
    @classmethod
    def _positive(cls, value: timedelta | None) -> timedelta | None:
        if value is not None and value <= timedelta(0):
            raise ValueError("time_step must be positive")
        return value

    def payload(self) -> dict[str, Any]:
        """The protocol message: ``early_completion`` or ``turn_complete``."""
        if self.done:
            return {"message_type": MessageType.EARLY_COMPLETION, **({"reason": self.notes} if self.notes else {})}
        body: dict[str, Any] = {"message_type": MessageType.TURN_COMPLETE}
        if self.time_step is not None:
            body["time_step"] = iso_duration(self.time_step)
        if self.notes:
            body["notes"] = self.notes
        return body

    @classmethod
    def from_payload(cls, obj: Any) -> TurnReply | None:
        """The purple's reply object as the green reads it (protocol.md §4), or None when it is not a protocol reply
        (not an object, or a ``message_type`` other than ``turn_complete`` and ``early_completion``). Never raises:
        a ``time_step`` that is no positive duration is kept in ``sent_time_step`` with ``time_step`` None, and notes
        that are not text are dropped (the green only records them)."""
        if not isinstance(obj, dict):
            return None
        kind = obj.get("message_type")
        if kind == MessageType.EARLY_COMPLETION:
            return cls(done=True, notes=_text(obj.get("reason")))
        if kind != MessageType.TURN_COMPLETE:
            return None
        sent = obj.get("time_step")
        try:
            step = None if sent is None else parse_duration(sent, tolerant=True)
        except ValueError:
            step = None
        return cls(time_step=step, notes=_text(obj.get("notes")), sent_time_step=sent)


class WorldUnreachable(Message):
    """``world_unreachable``: the purple's reply to ``assessment_start`` when no HTTP answer came from the world at the
    ``ues_url`` it was sent (after its own rewrite, protocol.md §4): ``ues_url`` is the URL it called, ``error`` what
    happened. A claim, not a fact: the green believes it only when nothing shows the purple reached its world."""

    message_type: Literal[MessageType.WORLD_UNREACHABLE] = MessageType.WORLD_UNREACHABLE
    ues_url: str
    error: str = ""

    @classmethod
    def from_payload(cls, obj: Any) -> WorldUnreachable | None:
        """The purple's reply to ``assessment_start`` read as a ``world_unreachable`` claim, or None when it is not one
        (any other reply, which the green ignores). Never raises: fields that are not text are read as empty."""
        if not isinstance(obj, dict) or obj.get("message_type") != MessageType.WORLD_UNREACHABLE:
            return None
        return cls(ues_url=_text(obj.get("ues_url")) or "", error=_text(obj.get("error")) or "")


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def render_text(message: Message | dict[str, Any]) -> str:
    """A message as JSON text with sorted keys: the TextPart copy that travels beside its DataPart, for text-only
    agents."""
    obj = message.payload() if isinstance(message, Message) else message
    return json.dumps(obj, sort_keys=True, default=str)
