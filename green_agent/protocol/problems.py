"""A trial's errors and warnings (protocol.md §3 ``errors``, ``warnings``): each a kind for code to match on and a
sentence for people."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import BaseModel, ConfigDict, PlainSerializer


class ProblemKind(StrEnum):
    """What went wrong in a trial. Code (``purple-agent check``, tests) matches on the kind, never on the wording."""

    # The purple's doing: protocol errors ``purple-agent check`` reports.
    # assessment_start could not be delivered (the trial errors, purple_unreachable, when the purple cannot have
    # received it: ErrorReason)
    START_FAILED = "start_failed"
    UNREACHABLE = "unreachable"  # a turn_start could not be delivered
    NO_REPLY = "no_reply"  # a turn without a reply within the turn timeout
    NON_PROTOCOL_REPLY = "non_protocol_reply"  # a reply that is not turn_complete or early_completion
    BAD_TIME_STEP = "bad_time_step"  # a time_step that is not a positive ISO-8601 duration
    STEP_CAPPED = "step_capped"  # a valid time_step above max_time_step (not a protocol error)
    SILENT = "silent"  # too many turns in a row without a reply: the trial timed out
    # early_completion before a single action, with the purple's reason (e.g. a baseline with no plan for the world):
    # not a protocol error, but a 0 % row must say why
    ENDED_IDLE = "ended_idle"
    # The world's: the UES failed, the world died, or its access log could not show everything.
    WORLD_FAILED = "world_failed"
    # The purple said its world did not answer at the ues_url it was sent (``world_unreachable``): an error when nothing
    # shows it reached the world (ErrorReason.WORLD_UNREACHABLE), else a warning and the trial goes on.
    WORLD_UNREACHABLE = "world_unreachable"
    LOG_DROPPED = "log_dropped"
    ATTRIBUTION = "attribution"  # the world's events and the key's calls do not match one to one
    # The green's: what it was asked for and could not give, or could not judge.
    CONFIG = "config"
    # The green has no held-out secret (GREEN_HELDOUT_SECRET): its worlds follow from the request's seed alone, and
    # seed 0 is each scenario's published world, whose solution is public. A score here can be learnt.
    NOT_HELDOUT = "not_heldout"
    # Public parts of the world worded with their public phrasings (no wording pack): rule scripts written from the
    # public code read them back. A score here can be decoded rather than earned.
    PUBLIC_WORDS = "public_words"
    GREEN_FAILED = "green_failed"  # an error of the green's own while it ran the trial
    CHARACTER = "character"
    CRITERION_ERROR = "criterion_error"
    CRITERIA_SKIPPED = "criteria_skipped"


class Problem(BaseModel):
    """One error or warning of a trial: its kind, the turn it belongs to (if any), and a sentence for people. A row
    publishes the sentence (``str``); code reads the kind."""

    model_config = ConfigDict(frozen=True)

    kind: ProblemKind
    text: str
    turn: int | None = None

    def __str__(self) -> str:
        return f"turn {self.turn}: {self.text}" if self.turn is not None else self.text


# A problem on the wire: its sentence (protocol.md §3 ``errors``/``warnings`` are lists of strings).
WireProblem = Annotated[Problem, PlainSerializer(str, return_type=str)]
