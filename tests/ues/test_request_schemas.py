"""The request schemas the client publishes (services/ues/request_schemas.json) are the simulator's own: equal to
what its OpenAPI document says of every route's body, so a client — the LLM assistant's tools — built on them
cannot drift from the routes. After changing a request model, regenerate the file:

    uv run python -m tests.ues.test_request_schemas
"""

from __future__ import annotations

import json

import pytest

from services.ues.app import create_app, request_schemas
from services.ues.client import REQUEST_SCHEMAS, request_schema
from services.ues.routes.email import SendEmail

ADMIN = "x" * 32


def test_the_published_schemas_are_the_routes_own():
    assert json.loads(REQUEST_SCHEMAS.read_text()) == request_schemas(create_app(admin_secret=ADMIN)), \
        "services/ues/request_schemas.json is stale: `uv run python -m tests.ues.test_request_schemas` rewrites it"


def test_a_route_body_schema_is_its_request_model():
    published = request_schema("post", "/email/send")
    model = SendEmail.model_json_schema()
    assert published["properties"].keys() == model["properties"].keys()
    assert set(published["required"]) == set(model["required"]) == {"from_address", "to_addresses", "subject",
                                                                    "body_text"}
    published["properties"].clear()  # a copy: the next caller still gets the whole schema
    assert request_schema("POST", "/email/send")["properties"]
    with pytest.raises(KeyError, match="GET /email/state"):
        request_schema("GET", "/email/state")


if __name__ == "__main__":
    REQUEST_SCHEMAS.write_text(json.dumps(request_schemas(create_app(admin_secret=ADMIN)), indent=1,
                                          sort_keys=True) + "\n")
    print(f"wrote {REQUEST_SCHEMAS}")
