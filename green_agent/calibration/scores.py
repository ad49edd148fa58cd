"""What a calibration records of each trial, and the ladder's role names."""

from __future__ import annotations

from pydantic import BaseModel, Field

__all__ = ["Score", "ladder_role"]


class Score(BaseModel):
    """One trial's outcome on one rung (or mistaken oracle)."""

    scenario_id: str
    role: str
    seed: int
    trial: int
    status: str
    percentage: float
    errors: list[str] = Field(default_factory=list)


def ladder_role(percent: int) -> str:
    """The purple role of a rung (services/purple/graded.py names them; the green never imports a purple)."""
    return f"oracle-p{percent}"
