"""How a trial ended and how each criterion fared (protocol.md §3 ``status``, ``reasons``, ``completion_reason``)."""

from __future__ import annotations

from enum import StrEnum

from services.protocol.messages import PurpleEndReason


class TrialStatus(StrEnum):
    COMPLETED = "completed"
    FAILED = "failed"
    TIMEOUT = "timeout"
    CANCELLED = "cancelled"
    # The trial measured nothing about the purple: it ended for a reason that is not the purple's behaviour (the row's
    # ``reasons``). Never scored, never passed, left out of the summary's means and rates (``errored_trials``).
    ERRORED = "errored"


class ErrorReason(StrEnum):
    """Why a trial errored (TrialStatus.ERRORED), as a code a leaderboard can group by; the row's ``errors`` hold the
    sentences."""

    # The purple could not have received assessment_start: its agent card could not be had, or no connection could
    # be made to send it. Anything the purple may have seen (an answer with an error, a timeout) is its own doing.
    PURPLE_UNREACHABLE = "purple_unreachable"
    WORLD_LOST = "world_lost"  # the trial's UES world failed or died
    # The purple said it could not reach its world (``world_unreachable``, its reply to assessment_start), and nothing
    # shows it did: no call through the world gateway on the trial's route, none of its key in the world. A deployment
    # that binds the world to no slot of the purple, not the purple's behaviour.
    WORLD_UNREACHABLE = "world_unreachable"
    GREEN_ERROR = "green_error"  # the green itself failed


class CompletionReason(StrEnum):
    SCENARIO_COMPLETE = "scenario_complete"
    EARLY_COMPLETION = "early_completion"
    MAX_TURNS_REACHED = "max_turns_reached"
    TIMEOUT = "timeout"
    CANCELLED = "cancelled"
    ERROR = "error"

    @property
    def told_to_purple(self) -> PurpleEndReason:
        """The one of protocol.md §4's four reasons the purple hears: running out of turns ends the scenario, and
        a cancelled assessment is an error from the purple's point of view."""
        return {CompletionReason.SCENARIO_COMPLETE: PurpleEndReason.SCENARIO_COMPLETE,
                CompletionReason.MAX_TURNS_REACHED: PurpleEndReason.SCENARIO_COMPLETE,
                CompletionReason.EARLY_COMPLETION: PurpleEndReason.EARLY_COMPLETION,
                CompletionReason.TIMEOUT: PurpleEndReason.TIMEOUT}.get(self, PurpleEndReason.ERROR)


class CriterionStatus(StrEnum):
    SCORED = "scored"
    ERROR = "error"
    SKIPPED = "skipped"
