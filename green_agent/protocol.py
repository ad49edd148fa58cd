"""Wire formats of the assessment protocol ``ues-assessment/1`` (../shared/specs/protocol.md).

Everything that crosses a process boundary is a pydantic model here: the platform's request, the messages
between green and purple, progress updates and result rows.
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from services.ues.timeutil import parse_duration

PROTOCOL = "ues-assessment/1"
PARTICIPANT_ROLE = "personal_assistant"

# protocol.md §5: exactly what the purple's per-trial key may do.
PURPLE_PERMISSIONS: tuple[str, ...] = (
    "email:state", "email:query", "sms:state", "sms:query", "calendar:state", "calendar:query", "chat:state",
    "chat:query", "time:read", "email:send", "email:read", "email:unread", "email:star", "email:unstar",
    "email:archive", "email:delete", "email:label", "email:unlabel", "email:move", "sms:send", "sms:read",
    "sms:unread", "sms:delete", "sms:react", "calendar:create", "calendar:update", "calendar:delete",
    "calendar:respond", "chat:send",
)

ASSESSMENT_INSTRUCTIONS = (
    "You are the personal assistant of the user who owns this simulated world (email, SMS, calendar, chat). "
    "Act on the user's behalf through the UES HTTP API at ues_url with the X-API-Key api_key. The user's "
    "requests arrive in chat (read /chat/state); reply to the user in chat with role 'assistant'. Each turn, "
    "do what is needed at the current simulated time, then answer with a turn_complete object giving the "
    "time_step (ISO-8601 duration) to advance, or early_completion when the task is finished."
)

MAX_REQUEST_BYTES = 1024 * 1024


class RequestError(ValueError):
    """The assessment request is invalid; the message names the field and is shown to the caller."""


# ---------------------------------------------------------------------------------------------- request
class AssessmentConfig(BaseModel):
    """protocol.md §2 ``config``. Unknown keys are collected as warnings, not errors."""

    model_config = ConfigDict(extra="forbid")

    scenario_id: str | None = None
    scenarios: list[str] | Literal["all"] | None = None
    trials: int = Field(default=1, ge=1, le=100)
    seed: int = 0
    max_turns: int | None = Field(default=None, ge=1, le=10_000)
    turn_timeout_s: float = Field(default=300.0, gt=0, le=86_400)
    max_time_step: str = "PT4H"
    verbose_updates: bool = True
    shard_index: int = Field(default=0, ge=0)
    num_shards: int = Field(default=1, ge=1)
    character_mode: Literal["llm", "scripted", "replay"] | None = None

    @field_validator("trials", "seed", "max_turns", "shard_index", "num_shards", mode="before")
    @classmethod
    def _whole_numbers(cls, value: Any) -> Any:
        # DataParts carry numbers as floats (protobuf Struct): accept 4.0, refuse 4.5 and booleans.
        if isinstance(value, bool):
            raise ValueError("expected an integer, not a boolean")
        if isinstance(value, float):
            if not value.is_integer():
                raise ValueError(f"expected a whole number, got {value}")
            return int(value)
        return value

    @field_validator("max_time_step")
    @classmethod
    def _duration(cls, value: str) -> str:
        if parse_duration(value) <= timedelta(0):
            raise ValueError("must be a positive duration")
        return value

    @property
    def max_time_step_delta(self) -> timedelta:
        return parse_duration(self.max_time_step)


class AssessmentRequest(BaseModel):
    participant_role: str
    participant_url: str
    config: AssessmentConfig
    warnings: list[str] = []

    def scenario_selection(self) -> list[str] | Literal["all"]:
        if self.config.scenarios is not None:
            return self.config.scenarios
        assert self.config.scenario_id is not None
        return [self.config.scenario_id]


_URL = re.compile(r"^https?://[^\s/:]+(:\d+)?(/\S*)?$")


def _field_errors(exc: ValidationError, prefix: str) -> str:
    parts = []
    for err in exc.errors()[:5]:
        loc = ".".join(str(p) for p in err["loc"])
        parts.append(f"{prefix}.{loc}: {err['msg']}" if loc else f"{prefix}: {err['msg']}")
    return "; ".join(parts)


def parse_request(raw: Any) -> AssessmentRequest:
    """Parse the platform's request (JSON text or an already-decoded object) or raise RequestError."""
    if isinstance(raw, str | bytes):
        if len(raw) > MAX_REQUEST_BYTES:
            raise RequestError(f"request is too large ({len(raw)} bytes; the limit is {MAX_REQUEST_BYTES})")
        try:
            raw = json.loads(raw)
        except ValueError as exc:
            raise RequestError(f"request is not valid JSON ({exc.msg} at position {exc.pos}); expected an object "
                               'like {"participants": {...}, "config": {...}}') from None
    if not isinstance(raw, dict):
        raise RequestError(f"request must be a JSON object, got {type(raw).__name__}")
    participants = raw.get("participants")
    if not isinstance(participants, dict) or not participants:
        raise RequestError('participants: required, an object mapping role to A2A URL, e.g. '
                           '{"personal_assistant": "http://purple:9019"}')
    if PARTICIPANT_ROLE in participants:
        role = PARTICIPANT_ROLE
    elif len(participants) == 1:
        role = next(iter(participants))
    else:
        raise RequestError(f"participants: several roles given ({', '.join(sorted(participants))}) but none is "
                           f"'{PARTICIPANT_ROLE}'")
    url = participants[role]
    if not isinstance(url, str) or not _URL.match(url):
        raise RequestError(f"participants.{role}: not an http(s) URL: {url!r}")
    config_raw = raw.get("config", raw.get("assessment_config"))
    if isinstance(config_raw, dict) and isinstance(config_raw.get("assessment_config"), dict):
        config_raw = {**config_raw, **config_raw["assessment_config"]}
        config_raw.pop("assessment_config")
    if config_raw is None:
        raise RequestError('config: required, an object with at least "scenario_id" or "scenarios"')
    if not isinstance(config_raw, dict):
        raise RequestError(f"config: must be an object, got {type(config_raw).__name__}")
    known = set(AssessmentConfig.model_fields)
    unknown = sorted(k for k in config_raw if k not in known)
    try:
        config = AssessmentConfig.model_validate({k: v for k, v in config_raw.items() if k in known})
    except ValidationError as exc:
        raise RequestError(_field_errors(exc, "config")) from None
    if config.scenario_id is None and config.scenarios is None:
        raise RequestError('config: give "scenario_id" (one scenario) or "scenarios" (a list, or "all")')
    if config.scenarios is not None and config.scenarios != "all" and not config.scenarios:
        raise RequestError("config.scenarios: must not be empty")
    if config.shard_index >= config.num_shards:
        raise RequestError(f"config.shard_index: {config.shard_index} must be < num_shards ({config.num_shards})")
    warnings = [f"config.{k}: unknown key ignored" for k in unknown]
    extra_top = sorted(set(raw) - {"participants", "config", "assessment_config"})
    warnings += [f"{k}: unknown top-level key ignored" for k in extra_top]
    return AssessmentRequest(participant_role=role, participant_url=url, config=config, warnings=warnings)


# ---------------------------------------------------------------------------------------------- green ↔ purple
class InitialStateSummary(BaseModel):
    email: dict[str, int]
    sms: dict[str, int]
    calendar: dict[str, int]
    chat: dict[str, int]


class AssessmentStart(BaseModel):
    message_type: Literal["assessment_start"] = "assessment_start"
    protocol: str = PROTOCOL
    assessment_id: str
    ues_url: str
    api_key: str
    assessment_instructions: str = ASSESSMENT_INSTRUCTIONS
    current_time: str
    initial_state_summary: InitialStateSummary


class TurnStart(BaseModel):
    message_type: Literal["turn_start"] = "turn_start"
    turn_number: int
    current_time: str
    events_processed: int


class AssessmentComplete(BaseModel):
    message_type: Literal["assessment_complete"] = "assessment_complete"
    reason: Literal["scenario_complete", "early_completion", "timeout", "error", "max_turns_reached", "cancelled"]


def render_text(payload: BaseModel) -> str:
    """The TextPart copy of a green message: the same object as JSON, for text-only purples."""
    return json.dumps(payload.model_dump(mode="json"), sort_keys=True)


# ---------------------------------------------------------------------------------------------- results
class ActionLogEntry(BaseModel):
    """One thing the purple did in the world (protocol.md §3 ``action_log``)."""

    turn: int
    timestamp: datetime
    action: str
    parameters: dict[str, Any] = {}
    success: bool = True
    error_message: str | None = None


class CriterionResult(BaseModel):
    criterion_id: str
    name: str
    dimension: str
    score: float | None
    max_score: float
    method: Literal["programmatic", "llm"]
    status: Literal["scored", "error", "skipped"]
    required: bool = False
    explanation: str = ""
    details: Any = None


class Violation(BaseModel):
    model_config = ConfigDict(extra="allow")
    type: str
    turn: int | None = None
    content: str | None = None


class ProgressUpdate(BaseModel):
    """A ``working`` status update: a short sentence plus the structured update (protocol.md §3)."""

    text: str
    data: dict[str, Any]

    @property
    def message_type(self) -> str:
        return self.data["message_type"]


# Update types still sent when verbose_updates is false.
ESSENTIAL_UPDATES = {"update_assessment_started", "update_assessment_completed", "update_error_occurred"}
