"""Graded oracles (issue 25): purples that do a controlled fraction of the work, or make a controlled kind of mistake,
so a ladder of known competence can be run through the green and a score checked against it.

* ``oracle-p<P>`` carries out each planned step with probability P/100 and skips the rest.
* ``oracle-<kind>-q<Q>`` carries out every step, but makes a mistake of one ``Mistake`` kind in each step it
  applies to with probability Q/100: the wrong person (a recipient who is not the one planned), the wrong time
  (every timestamp of the step a day later), or a late reply (the step ``LATE_TURNS`` turns after its plan).

The draws are not random at run time: each step's draw is a digest of the world's plan, the step's index and the
draw's purpose. A rerun of the same world is therefore identical, different worlds draw differently, and the draws
are coupled across rungs: a step done at p = 0.25 is done at every higher p, so a world's ladder differs only in the
steps added, which is what lets a score's monotonicity in p be tested world by world.
"""

from __future__ import annotations

import hashlib
import json
import re
from datetime import datetime, timedelta
from enum import StrEnum
from pathlib import Path
from typing import Any

import structlog

from services.purple.oracle import OracleBrain, OracleRun
from services.ues.client import UESClient

log = structlog.get_logger("purple.graded")

# The competence ladder, as percentages of the planned steps carried out; 55, 60 and 70 sit close to 50, so paired
# comparisons of purples a few points apart can be calibrated (green_agent/calibration/paired.py).
LADDER = (0, 25, 50, 55, 60, 70, 75, 100)
# Mistake rates (percent) with a role of their own.
MISTAKE_RATES = (25, 50, 100)
# How many turns a late step comes after its plan.
LATE_TURNS = 2

_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?([+-]\d{2}:\d{2}|Z)?$")
_RECIPIENTS = ("to_addresses", "cc_addresses", "bcc_addresses", "to_numbers", "recipients", "attendees")


class Mistake(StrEnum):
    """The kinds of mistake a mistaken oracle makes."""

    WRONG_PERSON = "wrong-person"
    WRONG_TIME = "wrong-time"
    LATE = "late"


def draw(plan_digest: str, purpose: str, index: int) -> float:
    """A number in [0, 1) fixed by the plan, the draw's purpose and the step: the same world draws the same."""
    digest = hashlib.sha256(f"{plan_digest}:{purpose}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2 ** 64


def plan_digest(steps: list[dict[str, Any]]) -> str:
    return hashlib.sha256(json.dumps(steps, sort_keys=True).encode()).hexdigest()


def _other_address(address: str) -> str:
    """Someone else at the same place: the same domain (or number but the last digit), never the planned person."""
    if "@" in address:
        local, _, domain = address.partition("@")
        return f"{local}.other@{domain}"
    if address and address[-1].isdigit():
        return address[:-1] + str((int(address[-1]) + 1) % 10)
    return address + "0"


def _wrong_person(body: dict[str, Any]) -> dict[str, Any] | None:
    changed = dict(body)
    found = False
    for name in _RECIPIENTS:
        value = body.get(name)
        if isinstance(value, list) and value:
            found = True
            changed[name] = [_other_address(v) if isinstance(v, str) else
                             {**v, "email": _other_address(str(v.get("email", "")))} if isinstance(v, dict) else v
                             for v in value]
    return changed if found else None


def _shift_times(value: Any) -> tuple[Any, bool]:
    if isinstance(value, str) and _ISO.match(value):
        try:
            return (datetime.fromisoformat(value.replace("Z", "+00:00")) + timedelta(days=1)).isoformat(), True
        except ValueError:
            return value, False
    if isinstance(value, dict):
        out, any_changed = {}, False
        for key, item in value.items():
            out[key], changed = _shift_times(item)
            any_changed |= changed
        return out, any_changed
    if isinstance(value, list):
        pairs = [_shift_times(item) for item in value]
        return [item for item, _ in pairs], any(changed for _, changed in pairs)
    return value, False


def _wrong_time(body: dict[str, Any]) -> dict[str, Any] | None:
    shifted, changed = _shift_times(body)
    return shifted if changed else None


def mistaken(step: dict[str, Any], kind: Mistake) -> dict[str, Any] | None:
    """``step`` with a mistake of ``kind``; None when that kind of mistake cannot be made in it (a read has no
    recipient, a message no time)."""
    body = step.get("body")
    if kind == Mistake.LATE:
        return {**step, "turn": int(step.get("turn", 1)) + LATE_TURNS}
    if not isinstance(body, dict) or step.get("path", "").endswith(("/query", "/read", "/state")):
        return None
    changed = _wrong_person(body) if kind == Mistake.WRONG_PERSON else _wrong_time(body)
    return None if changed is None else {**step, "body": changed}


def graded_steps(steps: list[dict[str, Any]], p: float = 1.0, kind: Mistake | None = None,
                 q: float = 0.0) -> tuple[list[dict[str, Any]], int, int]:
    """The steps a graded oracle runs: each kept when its draw is below ``p``, and each kept step that admits a
    mistake of ``kind`` made wrong when its own draw is below ``q``. Also the counts skipped and made wrong."""
    digest = plan_digest(steps)
    out: list[dict[str, Any]] = []
    skipped = wrong = 0
    for index, step in enumerate(steps):
        if draw(digest, "do", index) >= p:
            skipped += 1
            continue
        if kind is not None and draw(digest, f"mistake:{kind}", index) < q:
            bad = mistaken(step, kind)
            if bad is not None:
                out.append(bad)
                wrong += 1
                continue
        out.append(step)
    return out, skipped, wrong


class GradedOracle(OracleBrain):
    """The oracle with each planned step carried out with probability ``p``, and a mistake of ``kind`` made at rate
    ``q`` in the steps that admit one."""

    def __init__(self, scenarios_dir: Path, plans_dir: Path | None = None, *, p: float = 1.0,
                 kind: Mistake | None = None, q: float = 0.0) -> None:
        if not 0 <= p <= 1 or not 0 <= q <= 1:
            raise ValueError(f"p and q are probabilities in [0, 1] (p={p}, q={q})")
        super().__init__(scenarios_dir, plans_dir=plans_dir)
        self.p, self.kind, self.q = p, kind, q

    async def _identify(self, run: OracleRun, ues: UESClient) -> None:
        await super()._identify(run, ues)
        if not run.steps:
            return
        run.steps, skipped, wrong = graded_steps(run.steps, self.p, self.kind, self.q)
        if self.kind == Mistake.LATE and wrong and run.finish_after is not None:
            # A late step still happens: the oracle stays until its last step's turn rather than leaving early.
            run.finish_after = max(run.finish_after, *(int(s.get("turn", 1)) for s in run.steps))
        log.info("graded_oracle_plan", p=self.p, kind=self.kind, q=self.q, kept=len(run.steps), skipped=skipped,
                 wrong=wrong)


def ladder_role(percent: int) -> str:
    """The role name of the ladder's rung at ``percent`` of the steps."""
    return f"oracle-p{percent}"


def mistake_role(kind: Mistake, percent: int) -> str:
    """The role name of the oracle making ``kind`` mistakes at ``percent`` rate."""
    return f"oracle-{kind}-q{percent}"
