"""Wire formats of the assessment protocol ``ues-assessment/1`` (docs/reference/protocol.md).

Everything that crosses a process boundary is a pydantic model here: the platform's request, progress updates and
result rows. The messages between green and purple (§4) are the protocol's, published for both sides in
``services.protocol.messages``; they are imported from there and re-exported here, never redefined.

One module per idea, every name importable from ``green_agent.protocol``:

* ``request``: the platform's request (§2), its defaults and limits, ``parse_request``;
* ``composition``: what a family's world is composed of (the request's ``parts`` and ``attacks``);
* ``permissions``: what the purple's key may do (§5);
* ``progress``: the ``working`` updates (§3);
* ``status``, ``problems``, ``violations``: how a trial ended, what went wrong, what the purple must not do;
* ``rows``: the trial and summary rows (§3);
* ``quote``: foreign input cut to a readable length in messages.
"""

from __future__ import annotations

from green_agent.protocol.composition import AttackChoice, Composition
from green_agent.protocol.permissions import PURPLE_PERMISSIONS
from green_agent.protocol.problems import Problem, ProblemKind, WireProblem
from green_agent.protocol.progress import ProgressType, ProgressUpdate
from green_agent.protocol.quote import cut, shown
from green_agent.protocol.request import (
    DEFAULT_MAX_TURNS,
    DEFAULT_TURN_TIMEOUT_S,
    MAX_REQUEST_BYTES,
    MAX_REQUEST_DEPTH,
    PARTICIPANT_ROLE,
    AssessmentConfig,
    AssessmentRequest,
    CharacterMode,
    RequestError,
    WorldDraw,
    parse_request,
)
from green_agent.protocol.rows import (
    ActionLogEntry,
    AttackOutcome,
    CallCounts,
    CriterionResult,
    DimensionScore,
    PartScore,
    PartVersion,
    Provenance,
    RoleUsage,
    ScenarioSummary,
    Scores,
    ScoreTotal,
    SummaryRow,
    Timing,
    TrialRow,
    Usage,
)
from green_agent.protocol.status import CompletionReason, CriterionStatus, ErrorReason, TrialStatus
from green_agent.protocol.violations import Violation, ViolationType
from services.protocol.messages import (
    PROTOCOL,
    AssessmentComplete,
    AssessmentStart,
    InitialStateSummary,
    MessageType,
    TurnReply,
    TurnStart,
    WorldUnreachable,
    iso_duration,
    render_text,
)

__all__ = [
    "DEFAULT_MAX_TURNS",
    "DEFAULT_TURN_TIMEOUT_S",
    "MAX_REQUEST_BYTES",
    "MAX_REQUEST_DEPTH",
    "PARTICIPANT_ROLE",
    "PROTOCOL",
    "PURPLE_PERMISSIONS",
    "ActionLogEntry",
    "AssessmentComplete",
    "AssessmentConfig",
    "AssessmentRequest",
    "AssessmentStart",
    "AttackChoice",
    "AttackOutcome",
    "CallCounts",
    "CharacterMode",
    "CompletionReason",
    "Composition",
    "CriterionResult",
    "CriterionStatus",
    "DimensionScore",
    "ErrorReason",
    "InitialStateSummary",
    "MessageType",
    "PartScore",
    "PartVersion",
    "Problem",
    "ProblemKind",
    "ProgressType",
    "ProgressUpdate",
    "Provenance",
    "RequestError",
    "RoleUsage",
    "ScenarioSummary",
    "ScoreTotal",
    "Scores",
    "SummaryRow",
    "Timing",
    "TrialRow",
    "TrialStatus",
    "TurnReply",
    "TurnStart",
    "Usage",
    "Violation",
    "ViolationType",
    "WireProblem",
    "WorldDraw",
    "WorldUnreachable",
    "cut",
    "iso_duration",
    "parse_request",
    "render_text",
    "shown",
]
