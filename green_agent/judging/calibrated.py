"""The calibration constants the green ships (issue 35): how much two purples' scores on the same world differ from
world to world, measured once on coupled rungs of the competence ladder, so that a summary row can say which paired
difference a board of its own size resolves.

The numbers live in ``paired_calibration.json`` beside this module, written by
``python -m green_agent.calibration.constants`` from ``green-agent calibrate`` reports (the command that wrote them is
in the file). A composed day and a classic scenario spread differently, so there is one constant per suite: the
classic scenarios, the composed workday, and the mix of both."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from enum import StrEnum
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from green_agent.judging.stats import paired_detectable_difference

__all__ = ["CONSTANTS_FILE", "PairedCalibration", "Suite", "SuiteConstant", "paired_detectable_for", "shipped",
           "suite_of"]

CONSTANTS_FILE = Path(__file__).with_name("paired_calibration.json")


class Suite(StrEnum):
    """Which kind of worlds a board holds."""

    CLASSIC = "classic"  # scenarios of one task
    WORKDAY = "workday"  # a family's composed days
    MIX = "mix"  # both


class SuiteConstant(BaseModel):
    """One suite's spread of per-world differences between the two coupled rungs."""

    model_config = ConfigDict(extra="forbid")

    suite: Suite
    scenarios: list[str]
    worlds: int = Field(ge=2)  # worlds both rungs were scored in
    difference: float  # the rungs' mean difference over those worlds, points
    sd_paired: float = Field(ge=0)  # sd of the per-world differences, points


class PairedCalibration(BaseModel):
    """The shipped constants: which rungs, measured how, and each suite's spread."""

    model_config = ConfigDict(extra="forbid")

    command: str  # how the numbers were made, from the calibration runs to this file
    commit: str  # the scenarios' commit the runs measured
    low: int  # the coupled rungs, percent of the plan carried out
    high: int
    suites: list[SuiteConstant]

    def suite(self, suite: Suite) -> SuiteConstant | None:
        """The constant of ``suite``, if measured."""
        return next((s for s in self.suites if s.suite == suite), None)


@functools.cache
def shipped() -> PairedCalibration:
    """The constants this green ships with (read once)."""
    return PairedCalibration.model_validate_json(CONSTANTS_FILE.read_text())


def suite_of(composed: Sequence[bool]) -> Suite | None:
    """The suite of a board whose worlds are composed days (True) or classic scenarios (False); None when empty."""
    if not composed:
        return None
    if all(composed):
        return Suite.WORKDAY
    return Suite.CLASSIC if not any(composed) else Suite.MIX


def paired_detectable_for(suite: Suite | None, worlds: int, constants: PairedCalibration | None = None) -> float | None:
    """The smallest difference in mean score between two purples that faced the same ``worlds`` worlds of ``suite``
    which a paired t-test (alpha 0.05, power 0.8) detects, from the shipped spread of per-world differences; None
    below two worlds or for a suite not calibrated."""
    measured = None if suite is None else (constants or shipped()).suite(suite)
    if measured is None:
        return None
    return paired_detectable_difference(measured.sd_paired, worlds)
