"""The purple key's permission matrix, generated from the app's route table (protocol.md §5).

Every authenticated route is called with a key holding exactly the purple permissions: allowed routes must
answer 2xx, all others 403. A route without a Permission dependency fails the test, so a new route cannot
escape the matrix.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from fastapi.routing import APIRoute

from green_agent.protocol import PURPLE_PERMISSIONS
from services.ues.auth import Permission, has_permission
from services.ues.timeutil import parse_dt

PUBLIC = {("GET", "/health"), ("GET", "/")}


def api_routes(routes) -> list[APIRoute]:
    """Flatten the app's route table (FastAPI ≥ 0.16x wraps included routers)."""
    out = []
    for route in routes:
        if isinstance(route, APIRoute):
            out.append(route)
        elif hasattr(route, "original_router"):
            out.extend(api_routes(route.original_router.routes))
    return out


def route_permissions(app) -> list[tuple[str, str, str]]:
    """(method, path, permission) for every API route; fails on a route without a permission."""
    out = []
    for route in api_routes(app.routes):
        for method in sorted(route.methods - {"HEAD", "OPTIONS"}):
            if (method, route.path) in PUBLIC:
                continue
            perms = [d.call.permission for d in route.dependant.dependencies if isinstance(d.call, Permission)]
            assert len(perms) == 1, f"{method} {route.path} has no (or several) Permission dependencies"
            out.append((method, route.path, perms[0]))
    # Cross-check with the OpenAPI view of the app, so that no route hides from the walk above.
    documented = {(m.upper(), p) for p, ops in app.openapi()["paths"].items() for m in ops} - PUBLIC
    assert documented == {(m, p) for m, p, _ in out}, documented ^ {(m, p) for m, p, _ in out}
    return out


async def seed_world(client, admin) -> dict[str, str]:
    """Items for the purple to act on: an email, an SMS, two calendar events with the user as attendee."""
    ids: dict[str, str] = {}
    r = await client.post("/email/receive", headers=admin, json={
        "from_address": "boss@corp.com", "to_addresses": ["user@example.com"], "subject": "Status",
        "body_text": "Please send the report."})
    assert r.status_code == 200, r.text
    state = (await client.get("/email/state", headers=admin)).json()
    ids["email"] = next(iter(state["emails"]))
    r = await client.post("/sms/receive", headers=admin, json={
        "from_number": "+15550001111", "to_numbers": ["+15550000000"], "body": "Running late"})
    assert r.status_code == 200, r.text
    sms = (await client.get("/sms/state", headers=admin)).json()
    ids["sms"] = next(iter(sms["messages"]))
    now = parse_dt((await client.get("/simulator/time", headers=admin)).json()["current_time"])
    for name in ("cal_a", "cal_b"):
        r = await client.post("/calendar/create", headers=admin, json={
            "title": f"Meeting {name}", "start": (now + timedelta(hours=2)).isoformat(),
            "end": (now + timedelta(hours=3)).isoformat(),
            "attendees": [{"email": "user@example.com"}, {"email": "bob@corp.com"}]})
        assert r.status_code == 200, r.text
        ids[name] = re.search(r"calendar_event_id: ([^)]+)\)", r.json()["message"]).group(1)
    ids["now"] = now.isoformat()
    return ids


def purple_request(method: str, path: str, ids: dict[str, str]) -> dict | None:
    """A valid body for each route the purple may call (None when the route takes no body)."""
    start = (parse_dt(ids["now"]) + timedelta(days=1)).isoformat()
    end = (parse_dt(ids["now"]) + timedelta(days=1, hours=1)).isoformat()
    mail = {"message_ids": [ids["email"]]}
    bodies = {
        "/email/query": {"subject_contains": "status"},
        "/email/send": {"from_address": "user@example.com", "to_addresses": ["boss@corp.com"], "subject": "Re",
                        "body_text": "On it."},
        "/email/read": mail, "/email/unread": mail, "/email/star": mail, "/email/unstar": mail,
        "/email/archive": mail, "/email/delete": mail, "/email/label": {**mail, "labels": ["work"]},
        "/email/unlabel": {**mail, "labels": ["work"]}, "/email/move": {**mail, "folder": "projects"},
        "/sms/query": {"body_contains": "late"},
        "/sms/send": {"from_number": "+15550000000", "to_numbers": ["+15550001111"], "body": "No problem"},
        "/sms/read": {"message_ids": [ids["sms"]]}, "/sms/unread": {"message_ids": [ids["sms"]]},
        "/sms/delete": {"message_ids": [ids["sms"]]},
        "/sms/react": {"message_id": ids["sms"], "phone_number": "+15550000000", "emoji": "👍"},
        "/calendar/query": {},
        "/calendar/create": {"title": "Focus", "start": start, "end": end},
        "/calendar/update": {"event_id": ids["cal_a"], "title": "Moved"},
        "/calendar/delete": {"event_id": ids["cal_b"]},
        "/contacts/query": {},
        "/weather/query": {"lat": 40.71, "lon": -74.01},
        "/location/query": {},
        "/calendar/respond": {"event_id": ids["cal_a"], "attendee_email": "user@example.com",
                              "response": "accepted"},
        "/chat/query": {},
        "/chat/send": {"role": "assistant", "content": "Done."},
    }
    if method == "GET":
        return None
    assert path in bodies, f"no sample body for purple-allowed route {method} {path}: add one"
    return bodies[path]


def fill_path(path: str) -> str:
    return re.sub(r"\{[^}]+\}", "unknown-id", path)


async def test_every_route_declares_one_permission(ues_app):
    routes = route_permissions(ues_app)
    assert len(routes) >= 90, f"only {len(routes)} authenticated routes registered"


async def test_purple_key_matrix(client, admin, purple, ues_app):
    ids = await seed_world(client, admin)
    allowed_seen, forbidden_seen = 0, 0
    # Calendar delete must come after update/respond (they use a different event, but keep order stable).
    for method, path, perm in sorted(route_permissions(ues_app), key=lambda r: r[1].endswith("/delete")):
        url = fill_path(path)
        if has_permission(list(PURPLE_PERMISSIONS), perm):
            body = purple_request(method, path, ids)
            r = await client.request(method, url, headers=purple.headers, json=body)
            assert 200 <= r.status_code < 300, f"{method} {path} ({perm}) → {r.status_code} {r.text[:300]}"
            if body is not None and r.json().get("status") is not None and "event_id" in r.json():
                assert r.json()["status"] == "executed", f"{method} {path}: {r.text[:300]}"
            allowed_seen += 1
        else:
            r = await client.request(method, url, headers=purple.headers, json={})
            assert r.status_code == 403, f"{method} {path} ({perm}) → {r.status_code}, expected 403"
            assert perm in r.json()["detail"]
            forbidden_seen += 1
    # Each purple permission guards exactly one route.
    assert allowed_seen == len(PURPLE_PERMISSIONS)
    assert forbidden_seen > 60


async def test_purple_actions_are_attributed(client, admin, purple):
    ids = await seed_world(client, admin)
    r = await client.post("/email/read", headers=purple.headers, json={"message_ids": [ids["email"]]})
    assert r.status_code == 200
    events = (await client.get("/events", headers=admin, params={"status": "executed"})).json()["events"]
    mine = [e for e in events if e["agent_id"] == purple.key_id]
    assert [e["data"]["operation"] for e in mine] == ["mark_read"]
    assert mine[0]["metadata"]["created_by_key"] == purple.key_id


@pytest.mark.parametrize("headers,detail", [
    ({}, "API key required"),
    ({"X-API-Key": "not-a-key"}, "Invalid or revoked"),
])
async def test_missing_or_invalid_key_is_401_everywhere(client, ues_app, headers, detail):
    for method, path, _perm in route_permissions(ues_app):
        r = await client.request(method, fill_path(path), headers=headers, json={})
        assert r.status_code == 401, f"{method} {path} → {r.status_code}"
        assert detail in r.json()["detail"]
        assert r.headers.get("www-authenticate") == "ApiKey"


async def test_revoked_key_is_401_everywhere(client, admin, purple, ues_app):
    r = await client.delete(f"/keys/{purple.key_id}", headers=admin)
    assert r.status_code == 200
    for method, path, _perm in route_permissions(ues_app):
        r = await client.request(method, fill_path(path), headers=purple.headers, json={})
        assert r.status_code == 401, f"{method} {path} → {r.status_code}"
