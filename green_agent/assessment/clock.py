"""The simulated clock of one trial: how far each turn moves it (protocol.md §4's time_step rules)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from pydantic import TypeAdapter, ValidationError

from green_agent.protocol import cut, shown

_DURATION = TypeAdapter(timedelta)
# The step a purple gets when it says nothing about time (protocol.md §4).
UNSTATED_STEP = timedelta(hours=1)


def iso_duration(delta: timedelta) -> str:
    """``timedelta(hours=1)`` → ``"PT1H"``."""
    return str(_DURATION.dump_python(delta, mode="json"))


@dataclass(frozen=True)
class Step:
    """How far one turn moves the clock, and what the purple's reply meant for the trial."""

    delta: timedelta
    early: bool = False
    ends_scenario: bool = False  # the step reaches the scenario's end_time (and was clipped to it)
    warning: str | None = None


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

    def step_for(self, turn: int, reply: dict[str, Any] | None, *, answered: bool = True) -> Step:
        """The step after ``turn``. ``answered=False`` (the purple timed out) takes the default step silently: the
        timeout is reported where it is noticed. A non-protocol reply, an invalid or non-positive ``time_step``
        take the default step with a warning; a step above ``max_step`` is capped with a warning."""
        if not answered:
            return self._clip(self.default_step)
        default = iso_duration(self.default_step)
        kind = reply.get("message_type") if reply is not None else None
        if kind not in ("turn_complete", "early_completion"):
            return self._clip(self.default_step, warning=f"turn {turn}: non-protocol reply from the purple; used "
                                                         f"the default step {default}")
        if kind == "early_completion":
            return self._clip(self.default_step, early=True)
        assert reply is not None
        raw = reply.get("time_step")
        if raw is None:
            return self._clip(UNSTATED_STEP)
        step = _parse_step(raw)
        if step is None:
            return self._clip(self.default_step, warning=f"turn {turn}: invalid time_step {shown(raw)}; used the "
                                                         f"default step {default}")
        if step > self.max_step:
            return self._clip(self.max_step, warning=f"turn {turn}: time_step {cut(raw)} capped to "
                                                     f"max_time_step {iso_duration(self.max_step)}")
        return self._clip(step)

    def _clip(self, step: timedelta, *, early: bool = False, warning: str | None = None) -> Step:
        # Every step is capped, the defaults too: an invalid reply must not buy a longer step than a valid one.
        step = min(step, self.max_step)
        if self.now + step >= self.end:
            return Step(self.end - self.now, early, True, warning)
        return Step(step, early, False, warning)


def _parse_step(raw: Any) -> timedelta | None:
    """A positive ISO-8601 duration string, else None (numbers are not durations on the wire)."""
    if not isinstance(raw, str):
        return None
    try:
        step = _DURATION.validate_python(raw.strip().upper())
    except ValidationError:
        return None
    return step if step > timedelta(0) else None
