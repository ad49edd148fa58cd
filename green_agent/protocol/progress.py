"""Progress updates: the ``working`` status updates of an assessment (protocol.md §3)."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel


class ProgressType(StrEnum):
    """protocol.md §3: the ``message_type`` of a ``working`` update."""

    ASSESSMENT_STARTED = "update_assessment_started"
    SCENARIO_LOADED = "update_scenario_loaded"
    TURN_STARTED = "update_turn_started"
    ACTION_OBSERVED = "update_action_observed"
    RESPONSES_GENERATED = "update_responses_generated"
    TURN_COMPLETED = "update_turn_completed"
    EVALUATION_STARTED = "update_evaluation_started"
    CRITERION_EVALUATED = "update_criterion_evaluated"
    ASSESSMENT_COMPLETED = "update_assessment_completed"
    ERROR_OCCURRED = "update_error_occurred"
    # A heartbeat while the green waits on the purple (a turn, or assessment_start): a platform reading the task's
    # stream sees it is alive (assessment/progress.py, HEARTBEAT_INTERVAL_S).
    WAITING_ON_PURPLE = "update_waiting_on_purple"

    @property
    def essential(self) -> bool:
        """Still sent when ``verbose_updates`` is false (a heartbeat too: a quiet stream is what breaks)."""
        return self in (ProgressType.ASSESSMENT_STARTED, ProgressType.ASSESSMENT_COMPLETED,
                        ProgressType.ERROR_OCCURRED, ProgressType.WAITING_ON_PURPLE)


class ProgressUpdate(BaseModel):
    """A ``working`` status update: a short sentence plus the structured update (protocol.md §3)."""

    text: str
    type: ProgressType
    data: dict[str, Any] = {}

    def payload(self) -> dict[str, Any]:
        """The update as one JSON object (sent as JSON text, so integers stay integers)."""
        return {"message_type": self.type.value, **self.data}
