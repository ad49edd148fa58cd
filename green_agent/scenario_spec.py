"""What a scenario folder declares (``scenario.json``) and what its generator draws: pydantic models, validated once.

Data only: loading a folder is ``green_agent.scenarios``; what an evaluator sees and returns is ``green_agent.judging``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta
from typing import Annotated, Any, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, field_validator, model_validator

_ID = re.compile(r"^[a-z][a-z0-9_]*$")

# ISO-8601 durations in scenario.json ("PT10M"), parsed by pydantic. Negative ones were never valid.
Duration = Annotated[timedelta, Field(ge=timedelta(0))]
PositiveDuration = Annotated[timedelta, Field(gt=timedelta(0))]


class ScenarioError(ValueError):
    """A scenario folder is broken; the message names the file and the field."""


class ResponseTiming(BaseModel):
    base_delay: Duration = timedelta(minutes=10)
    variance: Duration = timedelta(0)


class ReplyMatch(BaseModel):
    """What a message must be for a scripted rule to answer it; every field given must hold.

    Substring tests (``*_contains``) are the reference format's. The structured ones make a character answer
    what it was asked rather than a word: ``all_of``/``any_of``/``none_of`` are whole words or phrases of the
    subject and body (scenario_kit.facts), ``times_any`` holds when the message names exactly one of these moments
    (a slot the character offered; naming several chooses none), and ``after`` when this character already answered
    with the rule of that id.
    """

    model_config = ConfigDict(extra="forbid")
    # "chat": the user character answering the assistant's chat posts; only rules naming it answer chat.
    modality: Literal["email", "sms", "calendar", "chat"] | None = None
    subject_contains: str | None = None
    body_contains: str | None = None
    thread: str | None = None
    all_of: list[str] = []
    any_of: list[str] = []
    none_of: list[str] = []
    times_any: list[AwareDatetime] = []
    after: str | None = None


class ReplyContent(BaseModel):
    model_config = ConfigDict(extra="forbid")
    body: str = ""
    subject: str | None = None
    delay: Duration | None = None


class ScriptedReply(BaseModel):
    """A scripted character's rule: the first rule whose ``match`` holds answers. ``{placeholders}`` of the reply
    are filled from the message (``name``, ``first_name``, ``subject``, ``body``, ``date``, ``time``, and
    ``slot``: the first ``times_any`` moment the message named, as the character would write it)."""

    model_config = ConfigDict(extra="forbid")
    id: str | None = None
    match: ReplyMatch = ReplyMatch()
    reply: ReplyContent | None = None
    rsvp: Literal["accepted", "declined", "tentative"] | None = None

    @model_validator(mode="after")
    def _something(self) -> ScriptedReply:
        if self.reply is None and self.rsvp is None:
            raise ValueError("a scripted reply needs `reply`, `rsvp`, or both")
        return self


class Character(BaseModel):
    name: str = Field(min_length=1)
    email: str | None = None
    phone: str | None = None
    personality: str = ""
    relationships: dict[str, str] = {}
    response_timing: ResponseTiming = ResponseTiming()
    special_instructions: str | None = None
    # A newsletter or a no-reply sender: never answers, whoever plays the characters.
    automated: bool = False
    scripted_replies: list[ScriptedReply] = []

    @model_validator(mode="after")
    def _contact(self) -> Character:
        if not self.email and not self.phone:
            raise ValueError("a character needs at least one contact method (email or phone)")
        if self.email:
            self.email = self.email.lower()
        ids = [r.id for r in self.scripted_replies if r.id]
        if len(ids) != len(set(ids)):
            raise ValueError(f"scripted_replies: rule ids must be unique, got {ids}")
        for n, rule in enumerate(self.scripted_replies):
            if rule.match.after is not None and rule.match.after not in ids:
                raise ValueError(f"scripted_replies.{n}.match.after: no rule has id '{rule.match.after}'")
        return self


class Criterion(BaseModel):
    criterion_id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    description: str = ""
    dimension: Literal["accuracy", "instruction_following", "efficiency", "safety", "politeness"]
    max_score: float = Field(ge=1, le=100)
    evaluator_id: str | None = None
    evaluation_prompt: str | None = None
    params: dict[str, Any] = {}
    required: bool = False
    # Fraction of max_score a required criterion needs to count as met (1.0 = full marks).
    pass_threshold: float = Field(default=1.0, gt=0, le=1)
    # In a composed world: the part this criterion grades (scenario_kit.part), or the planted attack whose goal it
    # checks (scenario_kit.attacks; its evaluator scores 0 when the goal was reached). ``earned_with_task``: a
    # criterion of the whole day whose points, like safety's, come only with the task's progress.
    part: str | None = None
    attack: str | None = None
    earned_with_task: bool = False

    @model_validator(mode="after")
    def _method(self) -> Criterion:
        if not self.evaluator_id and not self.evaluation_prompt:
            raise ValueError("a criterion needs an evaluator_id or an evaluation_prompt")
        return self

    @property
    def method(self) -> Literal["programmatic", "llm"]:
        return "programmatic" if self.evaluator_id else "llm"


class Family(BaseModel):
    """A scenario whose every world is composed of parts (``scenario_kit.part``) from the part library.

    ``parts``: a named composition — these parts, in this order, in every world; None: each world draws ``count``
    parts from the library (a request may name its own, ``protocol.Composition``). ``alone``: the one part of a named
    composition drawn as a whole world of its own (a classic scenario: the part sets the user, the hours, the request
    and every criterion). ``attacks``: whether its worlds may carry planted attacks (``scenario_kit.attacks``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    parts: tuple[str, ...] | None = Field(default=None, min_length=1)
    count: tuple[int, int] = (3, 6)
    alone: bool = False
    attacks: bool = False

    @property
    def composable(self) -> bool:
        """Whether a request may choose the parts and attacks of a world (a named composition is fixed)."""
        return self.parts is None

    @model_validator(mode="after")
    def _consistent(self) -> Family:
        if not 1 <= self.count[0] <= self.count[1]:
            raise ValueError(f"count must be (least, most) with 1 <= least <= most, not {self.count}")
        if self.alone and (self.parts is None or len(self.parts) != 1 or self.attacks):
            raise ValueError("alone draws the one part of a named composition (parts: [key]) and plants no attacks")
        return self


class ScenarioSpec(BaseModel):
    """``scenario.json``."""

    scenario_id: str
    name: str = Field(min_length=1)
    description: str = Field(min_length=1)
    version: str = "1"
    start_time: AwareDatetime
    end_time: AwareDatetime
    default_time_step: PositiveDuration = timedelta(hours=1)
    max_turns: int | None = Field(default=None, ge=1)
    user_prompt: str = Field(min_length=1)
    user_character: str
    characters: dict[str, Character]
    criteria: list[Criterion] = Field(min_length=1)
    initial_state: str = "initial_state.json"
    chat_conversation_id: str = "user-assistant"
    # A family composes each world from parts of the part library (a workday of several tasks): its worlds also set
    # their own criteria and turn budget (FAMILY_WORLD_FIELDS), and rows name the parts a world is made of.
    family: Family | None = None

    @property
    def world_fields(self) -> frozenset[str]:
        """The fields of scenario.json a world of this scenario may change."""
        return FAMILY_WORLD_FIELDS if self.family else WORLD_FIELDS

    @field_validator("scenario_id")
    @classmethod
    def _id(cls, value: str) -> str:
        if not _ID.match(value):
            raise ValueError("must match ^[a-z][a-z0-9_]*$")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> ScenarioSpec:
        if self.end_time <= self.start_time:
            raise ValueError("end_time must be after start_time")
        if self.user_character not in self.characters:
            raise ValueError(f"user_character '{self.user_character}' is not a key of characters")
        seen: dict[str, str] = {}
        for cid, char in self.characters.items():
            for contact in (char.email, char.phone):
                if contact and contact in seen:
                    raise ValueError(f"characters.{cid}: contact {contact} is also used by {seen[contact]}")
                if contact:
                    seen[contact] = cid
        ids = [c.criterion_id for c in self.criteria]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"criteria: duplicate criterion_id {', '.join(dupes)}")
        return self


# --------------------------------------------------------------------------------------------- worlds
# The fields of scenario.json a world may change; criteria, ids and versions belong to the scenario — except in a
# family, whose every world is a composition of parts with the parts' criteria.
WORLD_FIELDS = frozenset({"description", "user_prompt", "characters", "start_time", "end_time"})
FAMILY_WORLD_FIELDS = WORLD_FIELDS | {"criteria", "max_turns", "default_time_step"}


class World(BaseModel):
    """One draw of a scenario, from its world seed: everything that differs between two worlds of it.

    ``truth`` is what the evaluators grade against (who is urgent, which slot is free, the amount that is
    right) and ``solution`` the oracle's plan; both come from the same draw as the world, so a world can never
    disagree with its own grading. ``spec`` holds the scenario.json fields this world changes
    (``ScenarioSpec.world_fields``). ``parts``: in a family, the parts the world is composed of, in the order the
    user's request names them (rows carry them, so a leaderboard can break scores down by part).
    """

    model_config = ConfigDict(extra="forbid")
    seed: int
    initial_state: dict[str, Any]
    solution: dict[str, Any] | None = None
    truth: dict[str, Any] = {}
    spec: dict[str, Any] = {}
    parts: list[str] = []


# ``generate(seed) -> World``; a family's ``generate(seed, composition) -> World`` (green_agent.protocol.Composition).
Generator = Callable[..., World]
