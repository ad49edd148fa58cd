"""The platform's assessment request (protocol.md §2): its models, its defaults and limits, and ``parse_request``,
which turns what a caller sent into an ``AssessmentRequest`` or a ``RequestError`` naming the field."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from green_agent.protocol.composition import _ATTACK_KEY, _PART_KEY, AttackChoice, Composition
from green_agent.protocol.quote import cut, shown
from services.ues.client import describe_validation_error

PARTICIPANT_ROLE = "personal_assistant"

# The turn budget of a trial when neither the request's config nor the scenario sets ``max_turns``.
DEFAULT_MAX_TURNS = 100

# How long the green waits for one purple turn unless the request says otherwise. Below the AgentBeats gateway's
# 300 s timeouts (its A2A client's stream to the green, and its proxy to the purple): a turn that outlasted them would
# break the platform's connections before the green could give up on it and go on.
DEFAULT_TURN_TIMEOUT_S = 270.0

MAX_REQUEST_BYTES = 1024 * 1024

# Far deeper than any valid request (which nests four levels); bounds the work of walking what a caller sent.
MAX_REQUEST_DEPTH = 32


class RequestError(ValueError):
    """The assessment request is invalid; the message names the field and is shown to the caller."""


class CharacterMode(StrEnum):
    LLM = "llm"
    SCRIPTED = "scripted"
    REPLAY = "replay"


class WorldDraw(StrEnum):
    """How an assessment's trials of one scenario draw their worlds (config ``worlds``)."""

    SHARED = "shared"  # one world per scenario, every trial in it
    EACH = "each"  # a world per trial, never repeated; a family's days balanced over its parts and attacks


class AssessmentConfig(BaseModel):
    """protocol.md §2 ``config``. Unknown keys are collected as warnings, not errors."""

    model_config = ConfigDict(extra="forbid")

    scenario_id: str | None = None
    scenarios: list[str] | Literal["all"] | None = None
    trials: int = Field(default=1, ge=1, le=100)
    seed: int = 0
    max_turns: int | None = Field(default=None, ge=1, le=10_000)
    turn_timeout_s: float = Field(default=DEFAULT_TURN_TIMEOUT_S, gt=0, le=86_400)
    max_time_step: timedelta = timedelta(hours=4)
    verbose_updates: bool = True
    shard_index: int = Field(default=0, ge=0)
    num_shards: int = Field(default=1, ge=1)
    # The leaderboard template's workflow input: at most this many trial instances across all shards, drawn from
    # the seed (runner.plan), so every shard slices the same draw.
    num_instances: int | None = Field(default=None, ge=1)
    # AgentBeats ids by role (the gateway forwards only role → URL): copied into the rows as ``participant_id``.
    agentbeats_ids: dict[str, str] = Field(default_factory=dict, max_length=16)
    # Whether every trial of a scenario faces one world (pass^k: reliability on one task) or each a world of its own
    # (a board's mean then varies less; a family's days are drawn in balance: assessment/balance.py).
    worlds: WorldDraw = WorldDraw.SHARED
    # A family's composition (Composition): which parts a day holds and which attacks it carries.
    parts: list[_PART_KEY] | None = Field(default=None, min_length=1, max_length=12)
    attacks: AttackChoice | list[_ATTACK_KEY] | None = Field(default=None, max_length=12)
    character_mode: CharacterMode | None = None
    # litellm model names; used only where the operator allows per-request models (GREEN_LLM_ALLOW_REQUEST_MODELS)
    character_model: str | None = Field(default=None, min_length=1, max_length=200)
    judge_model: str | None = Field(default=None, min_length=1, max_length=200)

    @field_validator("trials", "seed", "max_turns", "shard_index", "num_shards", "num_instances", mode="before")
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

    @field_validator("agentbeats_ids", mode="before")
    @classmethod
    def _ids_as_text(cls, value: Any) -> Any:
        # Ids are opaque: the template's examples write them as numbers as well as strings.
        if isinstance(value, dict):
            out = {}
            for role, ident in value.items():
                if isinstance(ident, bool) or not isinstance(ident, str | int | float):
                    raise ValueError(f"{cut(str(role))}: an id is a string or a number, got {shown(ident)}")
                out[role] = str(int(ident)) if isinstance(ident, float) and ident.is_integer() else str(ident)
                if len(out[role]) > 200:
                    raise ValueError(f"{cut(str(role))}: an id is at most 200 characters")
            return out
        return value

    @field_validator("max_time_step")
    @classmethod
    def _positive(cls, value: timedelta) -> timedelta:
        if value <= timedelta(0):
            raise ValueError("must be a positive ISO-8601 duration, e.g. PT4H")
        return value


class AssessmentRequest(BaseModel):
    participant_role: str
    participant_url: str  # the URL the green calls the purple at
    config: AssessmentConfig
    warnings: list[str] = []
    # The URL as the request gave it, when the green calls another (a gateway's loopback proxy reached through the
    # green's proxy slot: assessment/participant_url.py); None when it calls the URL as given.
    participant_url_given: str | None = None

    @property
    def participant_id(self) -> str | None:
        """The participant's AgentBeats id when the request names it (``config.agentbeats_ids``)."""
        return self.config.agentbeats_ids.get(self.participant_role)

    def composition(self) -> Composition:
        """What the request asks of a family's worlds (the default for every other scenario)."""
        cfg = self.config
        attacks = cfg.attacks if cfg.attacks is None or isinstance(cfg.attacks, AttackChoice) else tuple(cfg.attacks)
        return Composition(parts=tuple(cfg.parts) if cfg.parts is not None else None, attacks=attacks)

    def scenario_selection(self) -> list[str] | Literal["all"]:
        if self.config.scenarios is not None:
            return self.config.scenarios
        assert self.config.scenario_id is not None
        return [self.config.scenario_id]


_URL = re.compile(r"^https?://[^\s/:]+(:\d+)?(/\S*)?$")


def _too_deep(value: Any, limit: int = MAX_REQUEST_DEPTH) -> bool:
    """Whether ``value`` nests containers more than ``limit`` levels (iterative: deep input must not recurse)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


_TOO_DEEP = (f"request is nested more than {MAX_REQUEST_DEPTH} levels deep; expected an object like "
             '{"participants": {...}, "config": {...}}')


_EXPECTED = 'expected an object like {"participants": {...}, "config": {...}}'


def _decoded(raw: str | bytes) -> Any:
    """The JSON value of a request sent as text, or RequestError saying why there is none."""
    if len(raw) > MAX_REQUEST_BYTES:
        raise RequestError(f"request is too large ({len(raw)} bytes; the limit is {MAX_REQUEST_BYTES})")
    try:
        return json.loads(raw)
    except RecursionError:
        raise RequestError(_TOO_DEEP) from None
    except json.JSONDecodeError as exc:
        raise RequestError(f"request is not valid JSON ({exc.msg} at position {exc.pos}); {_EXPECTED}") from None
    except ValueError as exc:  # bytes that are not UTF-8
        raise RequestError(f"request is not valid JSON ({exc}); {_EXPECTED}") from None


def _participant(participants: Any) -> tuple[str, str, list[str]]:
    """The role the purple is played under, its URL, and the warning when the role is not ours."""
    if not isinstance(participants, dict) or not participants:
        raise RequestError('participants: required, an object mapping role to A2A URL, e.g. '
                           '{"personal_assistant": "http://purple:9019"}')
    warnings = []
    if PARTICIPANT_ROLE in participants:
        role = PARTICIPANT_ROLE
    elif len(participants) == 1:
        # Accepted, so a runner that names its one slot differently still runs; the row keeps the name it was given
        # (``participant``) and says what was expected, and leaderboard.sql never reads the role.
        role = next(iter(participants))
        warnings.append(f"participants.{cut(str(role))}: played as '{PARTICIPANT_ROLE}', the one role this "
                        f"green declares; name it '{PARTICIPANT_ROLE}'")
    else:
        roles = cut(", ".join(sorted(participants)), 200)
        raise RequestError(f"participants: several roles given ({roles}) but none is '{PARTICIPANT_ROLE}'")
    url = participants[role]
    if not isinstance(url, str) or not _URL.match(url):
        raise RequestError(f"participants.{cut(str(role))}: not an http(s) URL: {shown(url)}")
    return role, url, warnings


def _config(raw: dict[str, Any]) -> tuple[AssessmentConfig, list[str]]:
    """The request's config (``config``, or the older ``assessment_config``, at the top or nested in ``config``) and
    a warning for each key it does not know."""
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
        raise RequestError(describe_validation_error(exc, "config")) from None
    if config.scenario_id is None and config.scenarios is None:
        raise RequestError('config: give "scenario_id" (one scenario) or "scenarios" (a list, or "all")')
    if config.scenarios is not None and config.scenarios != "all" and not config.scenarios:
        raise RequestError("config.scenarios: must not be empty")
    if config.shard_index >= config.num_shards:
        raise RequestError(f"config.shard_index: {config.shard_index} must be < num_shards ({config.num_shards})")
    return config, [f"config.{cut(k)}: unknown key ignored" for k in unknown]


def parse_request(raw: Any) -> AssessmentRequest:
    """Parse the platform's request (JSON text or an already-decoded object) or raise RequestError."""
    if isinstance(raw, str | bytes):
        raw = _decoded(raw)
    if not isinstance(raw, dict):
        raise RequestError(f"request must be a JSON object, got {type(raw).__name__}")
    if _too_deep(raw):
        raise RequestError(_TOO_DEEP)
    role, url, role_warnings = _participant(raw.get("participants"))
    config, config_warnings = _config(raw)
    extra_top = sorted(set(raw) - {"participants", "config", "assessment_config"})
    warnings = role_warnings + config_warnings + [f"{cut(k)}: unknown top-level key ignored" for k in extra_top]
    return AssessmentRequest(participant_role=role, participant_url=url, config=config, warnings=warnings)
