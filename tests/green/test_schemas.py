"""The protocol's JSON Schemas (docs/reference/schemas/) are generated from the models the green and the purple SDK
parse and write with, and a change to a model without regenerating them fails here; real rows and messages of an
assessment validate against them."""

from __future__ import annotations

import json

import jsonschema
import pytest

from green_agent.protocol.schemas import SCHEMA_DIR, SCHEMAS, main, render, stale
from services.protocol.messages import TurnStart


def test_the_committed_schemas_are_what_the_models_generate():
    assert stale() == [], "run: uv run python -m green_agent.protocol.schemas"
    assert main(["--check"]) == 0


def test_a_model_change_makes_its_schema_stale(tmp_path):
    for name, model in SCHEMAS.items():
        (tmp_path / f"{name}.schema.json").write_text(render(model))
    assert stale(tmp_path) == []
    text = (tmp_path / "trial-row.schema.json").read_text()
    (tmp_path / "trial-row.schema.json").write_text(text.replace('"world_digest"', '"world_hash"'))
    (tmp_path / "turn-start.schema.json").unlink()
    assert stale(tmp_path) == ["turn-start.schema.json", "trial-row.schema.json"]


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_every_schema_is_valid_json_schema(name):
    schema = json.loads((SCHEMA_DIR / f"{name}.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)


def test_a_message_as_sent_validates_and_a_broken_one_does_not():
    schema = json.loads((SCHEMA_DIR / "turn-start.schema.json").read_text())
    sent = TurnStart(turn_number=3, current_time="2026-05-06T10:00:00+00:00", events_processed=2).model_dump(
        mode="json")
    jsonschema.validate(sent, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**sent, "turn_number": "three"}, schema)
