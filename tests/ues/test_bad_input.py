"""A bad-input corpus for every mutating route, generated from the app's OpenAPI schema.

Wrong types, missing fields, non-JSON bodies, wrong content types, oversized strings and bodies, bad
datetimes and unknown ids must always give a 4xx with a detail, the server must keep serving, and the
world must be unchanged.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.ues.test_permissions import fill_path, purple_request, seed_world

MUTATING = {"POST", "PUT", "PATCH", "DELETE"}
BIG = "x" * (300 * 1024)  # over the 256 KiB single-string limit


def _resolve(schema: dict, spec: dict) -> dict:
    while "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        schema = spec["components"]["schemas"][name]
    return schema


def _body_schema(op: dict, spec: dict) -> dict | None:
    content = (op.get("requestBody") or {}).get("content", {}).get("application/json")
    if not content:
        return None
    schema = _resolve(content["schema"], spec)
    # Optional bodies are declared as anyOf [Model, null].
    for option in schema.get("anyOf", []):
        if option.get("type") != "null":
            return _resolve(option, spec)
    return schema


def _types(schema: dict, spec: dict) -> set[str]:
    schema = _resolve(schema, spec)
    out = set()
    if "type" in schema:
        out.add(schema["type"])
    for option in schema.get("anyOf", []) + schema.get("oneOf", []):
        out |= _types(option, spec)
    if "format" in schema:
        out.add("format:" + schema["format"])
    return out


def mutating_routes(app) -> list[tuple[str, str, dict | None]]:
    spec = app.openapi()
    out = []
    for path, ops in spec["paths"].items():
        for method, op in ops.items():
            if method.upper() in MUTATING:
                out.append((method.upper(), path, _body_schema(op, spec)))
    return out


def wrong_value(prop: dict, spec: dict) -> Any:
    kinds = _types(prop, spec)
    return "not-a-number" if kinds & {"number", "integer"} and "string" not in kinds else 12345.5


def corpus(schema: dict | None, spec: dict) -> list[tuple[str, Any, dict[str, str] | None]]:
    """(label, body, headers-override) cases that must all be rejected for a route with a JSON body."""
    cases: list[tuple[str, Any, dict[str, str] | None]] = [
        ("not json", b"{not json", {"content-type": "application/json"}),
        ("wrong content type", b"hello", {"content-type": "text/plain"}),
        ("array body", [1, 2, 3], None),
        ("string body", "just a string", None),
    ]
    if schema is None:
        return cases
    props = schema.get("properties", {})
    if schema.get("required"):
        cases.append(("missing fields", {}, None))
    for name, prop in props.items():
        cases.append((f"wrong type {name}", {name: wrong_value(prop, spec)}, None))
        kinds = _types(prop, spec)
        if "string" in kinds and "format:date-time" not in kinds:
            cases.append((f"huge string {name}", {name: BIG}, None))
        if "format:date-time" in kinds:
            cases.append((f"bad datetime {name}", {name: "2026-13-45T99:00:00"}, None))
    return cases


async def snapshot(client, admin) -> str:
    env = (await client.get("/scenario/export/environment", headers=admin)).json()["environment"]
    events = (await client.get("/scenario/export/events", headers=admin)).json()["total_events"]
    return json.dumps([env, events], sort_keys=True)


async def send(client, method: str, url: str, headers: dict, body: Any, override: dict | None):
    if isinstance(body, bytes):
        return await client.request(method, url, headers={**headers, **(override or {})}, content=body)
    return await client.request(method, url, headers=headers, json=body)


async def test_bad_input_corpus_on_every_mutating_route(client, admin, ues_app):
    await seed_world(client, admin)
    spec = ues_app.openapi()
    checked = 0
    for method, path, schema in mutating_routes(ues_app):
        if schema is None:
            continue
        url = fill_path(path)
        for label, body, override in corpus(schema, spec):
            before = await snapshot(client, admin)
            r = await send(client, method, url, admin, body, override)
            assert 400 <= r.status_code < 500, f"{method} {path} [{label}] → {r.status_code} {r.text[:200]}"
            assert r.json().get("detail"), f"{method} {path} [{label}]: no detail in {r.text[:200]}"
            assert await snapshot(client, admin) == before, f"{method} {path} [{label}] changed the world"
            checked += 1
        assert (await client.get("/health")).status_code == 200
    assert checked > 300


async def test_each_field_of_valid_purple_bodies_rejects_wrong_types(client, admin, purple, ues_app):
    """Starting from a valid body, breaking any one field gives 4xx and leaves the world unchanged."""
    ids = await seed_world(client, admin)
    spec = ues_app.openapi()
    schemas = {(m, p): s for m, p, s in mutating_routes(ues_app)}
    for (method, path), schema in schemas.items():
        if schema is None:
            continue
        try:
            valid = purple_request(method, path, ids)
        except AssertionError:
            continue  # not a purple route
        for name, prop in schema.get("properties", {}).items():
            body = {**valid, name: wrong_value(prop, spec)}
            before = await snapshot(client, admin)
            r = await client.request(method, path, headers=purple.headers, json=body)
            assert r.status_code == 422, f"{method} {path} field {name} → {r.status_code} {r.text[:200]}"
            assert name in json.dumps(r.json()["detail"]), f"{method} {path}: detail does not name {name}"
            assert await snapshot(client, admin) == before


@pytest.mark.parametrize("path,body", [
    ("/email/read", {"message_ids": ["no-such-email"]}),
    ("/sms/react", {"message_id": "no-such-sms", "phone_number": "+15550000000", "emoji": "x"}),
    ("/calendar/update", {"event_id": "no-such-event", "title": "x"}),
    ("/calendar/delete", {"event_id": "no-such-event"}),
    ("/calendar/respond", {"event_id": "no-such-event", "attendee_email": "a@b.com", "response": "accepted"}),
])
async def test_unknown_ids_fail_without_changing_state(client, admin, purple, path, body):
    await seed_world(client, admin)
    env_before = (await client.get("/scenario/export/environment", headers=admin)).json()["environment"]
    r = await client.post(path, headers=purple.headers, json=body)
    assert r.status_code == 404 or (r.status_code == 200 and r.json()["status"] == "failed"), r.text
    env_after = (await client.get("/scenario/export/environment", headers=admin)).json()["environment"]
    assert env_after == env_before


@pytest.mark.parametrize("path", ["/events/no-such-id", "/keys/no-such-key", "/simulation/release/no-such-hold"])
async def test_unknown_path_ids_are_404(client, admin, path):
    method = "POST" if "release" in path else "DELETE"
    r = await client.request(method, path, headers=admin)
    assert r.status_code == 404
    assert "not found" in r.json()["detail"].lower()


async def test_oversized_body_from_a_purple_is_413(client, purple):
    r = await client.post("/chat/send", headers=purple.headers,
                          json={"role": "assistant", "content": "y" * (2 * 1024 * 1024)})
    assert r.status_code == 413
    assert "too large" in r.json()["detail"]
    r = await client.post("/chat/send", headers=purple.headers, json={"role": "assistant", "content": "ok"})
    assert r.status_code == 200
