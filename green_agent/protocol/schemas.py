"""The protocol's JSON Schemas, generated from the pydantic models that parse and write it: the assessment request's
``config``, the messages between green and purple, and the result rows. A purple or a leaderboard in any language
validates against these files (``docs/reference/schemas/``); ``python -m green_agent.protocol.schemas`` rewrites
them and ``--check`` fails when a model changed and the files did not (tests/green/test_schemas.py runs it)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel

from green_agent.protocol.request import AssessmentConfig
from green_agent.protocol.rows import SummaryRow, TrialRow
from services.protocol.messages import AssessmentComplete, AssessmentStart, TurnReply, TurnStart, WorldUnreachable

__all__ = ["SCHEMAS", "SCHEMA_DIR", "render", "stale"]

SCHEMA_DIR = Path(__file__).resolve().parents[2] / "docs" / "reference" / "schemas"
# File stem → model: what protocol.md §2 (config), §4 (messages) and §3 (rows) define.
SCHEMAS: dict[str, type[BaseModel]] = {
    "assessment-config": AssessmentConfig,
    "assessment-start": AssessmentStart,
    "turn-start": TurnStart,
    "turn-complete": TurnReply,
    "world-unreachable": WorldUnreachable,
    "assessment-complete": AssessmentComplete,
    "trial-row": TrialRow,
    "summary-row": SummaryRow,
}


def render(model: type[BaseModel]) -> str:
    """The model's schema as the files hold it: the wire form (``mode="serialization"`` for rows the green writes,
    ``"validation"`` for what it reads), keys sorted, one trailing newline."""
    mode: Literal["validation", "serialization"] = "serialization" if model in (TrialRow, SummaryRow) else "validation"
    schema = model.model_json_schema(mode=mode)
    if model is TrialRow:  # as published: ``TrialRow.wire`` leaves out the action log and the criteria's details
        _drop(schema, "action_log")
        _drop(schema["$defs"]["CriterionResult"], "details")
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def _drop(schema: dict[str, Any], name: str) -> None:
    schema["properties"].pop(name)
    schema["required"] = [r for r in schema.get("required", []) if r != name]


def stale(folder: Path = SCHEMA_DIR) -> list[str]:
    """The schema files that differ from their models (missing ones included)."""
    return [f"{name}.schema.json" for name, model in SCHEMAS.items()
            if not (folder / f"{name}.schema.json").is_file()
            or (folder / f"{name}.schema.json").read_text() != render(model)]


def main(argv: list[str] | None = None) -> int:
    """Write every schema file; with ``--check``, only say which are stale (exit 1)."""
    args = sys.argv[1:] if argv is None else argv
    if "--check" in args:
        found = stale()
        for name in found:
            print(f"{SCHEMA_DIR / name}: out of date (python -m green_agent.protocol.schemas)", file=sys.stderr)
        return 1 if found else 0
    SCHEMA_DIR.mkdir(parents=True, exist_ok=True)
    for name, model in SCHEMAS.items():
        (SCHEMA_DIR / f"{name}.schema.json").write_text(render(model))
    print(f"wrote {len(SCHEMAS)} schemas to {SCHEMA_DIR}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
