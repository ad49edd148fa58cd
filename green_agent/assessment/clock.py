"""The simulated clock of one trial: how far each turn moves it (protocol.md §4's time_step rules)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from green_agent.protocol import Problem, ProblemKind, TurnReply, cut, iso_duration, shown
from services.protocol.messages import UNSTATED_STEP


@dataclass(frozen=True)
class Step:
    """How far one turn moves the clock, and what the purple's reply meant for the trial."""

    delta: timedelta
    early: bool = False
    ends_scenario: bool = False  # the step reaches the scenario's end_time (and was clipped to it)
    warning: Problem | None = None


@dataclass
class TurnClock:
    """Where the simulated clock stands, and the step each reply asks for — clipped so it never passes ``end``.

    Pure: it reads replies and moves ``now`` when told; advancing the simulator is the trial's job.
    """

    now: datetime
    end: datetime
    default_step: timedelta
    max_step: timedelta

    @property
    def over(self) -> bool:
        return self.now >= self.end

    def step_for(self, turn: int, reply: TurnReply | None, *, answered: bool = True) -> Step:
        """The step after ``turn``, given the purple's reply (None: it sent no protocol reply). ``answered=False``
        (the purple timed out) takes the default step silently: the timeout is reported where it is noticed. A
        non-protocol reply, an invalid or non-positive ``time_step`` take the default step with a warning; a step
        above ``max_step`` is capped with a warning; no ``time_step`` at all is ``UNSTATED_STEP``."""
        if not answered:
            return self._clip(self.default_step)
        default = iso_duration(self.default_step)
        if reply is None:
            return self._clip(self.default_step, warning=Problem(
                kind=ProblemKind.NON_PROTOCOL_REPLY, turn=turn,
                text=f"non-protocol reply from the purple; used the default step {default}"))
        if reply.done:
            return self._clip(self.default_step, early=True)
        sent = reply.sent_time_step
        if reply.time_step is None:
            if sent is None:
                return self._clip(UNSTATED_STEP)
            return self._clip(self.default_step, warning=Problem(
                kind=ProblemKind.BAD_TIME_STEP, turn=turn,
                text=f"invalid time_step {shown(sent)}; used the default step {default}"))
        if reply.time_step > self.max_step:
            stated = sent if isinstance(sent, str) else iso_duration(reply.time_step)
            return self._clip(self.max_step, warning=Problem(
                kind=ProblemKind.STEP_CAPPED, turn=turn,
                text=f"time_step {cut(stated)} capped to max_time_step {iso_duration(self.max_step)}"))
        return self._clip(reply.time_step)

    def _clip(self, step: timedelta, *, early: bool = False, warning: Problem | None = None) -> Step:
        # Every step is capped, the defaults too: an invalid reply must not buy a longer step than a valid one.
        step = min(step, self.max_step)
        if self.now + step >= self.end:
            return Step(self.end - self.now, early, True, warning)
        return Step(step, early, False, warning)

