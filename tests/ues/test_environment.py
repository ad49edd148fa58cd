"""Environment routes (ues-api.md §2.5): full and compact state, text digest, modality list, validation."""

from __future__ import annotations

from datetime import timedelta

from services.ues.engine import DEFAULT_MODALITIES
from services.ues.modalities import MODALITY_CLASSES
from services.ues.timeutil import parse_dt

PRESENT = [name for name in DEFAULT_MODALITIES if name in MODALITY_CLASSES]


async def sim_time(client, admin):
    return parse_dt((await client.get("/simulator/time", headers=admin)).json()["current_time"])


async def test_full_state(client, admin):
    await client.post("/location/update", headers=admin, json={"latitude": 1, "longitude": 2,
                                                                "named_location": "Home"})
    r = await client.get("/environment/state", headers=admin)
    assert r.status_code == 200, r.text
    body = r.json()
    assert set(body) == {"current_time", "modalities", "summary"}
    assert parse_dt(body["current_time"]) == await sim_time(client, admin)
    assert list(body["modalities"]) == PRESENT
    for name in PRESENT:
        assert body["modalities"][name]["modality_type"] == name
        assert {"last_updated", "update_count"} <= body["modalities"][name].keys()
    location = body["modalities"]["location"]
    assert location["current_latitude"] == 1 and location["current_named_location"] == "Home"
    assert location["update_count"] == 1
    summary = {item["modality_type"]: item["state_summary"] for item in body["summary"]}
    assert list(summary) == PRESENT
    assert summary["location"] == "At Home"
    assert summary["contacts"] == "No contacts" and summary["weather"] == "No weather data"
    assert summary["time"] == "UTC, 12h format"


async def test_full_state_equals_export(client, admin):
    await client.post("/contacts/create", headers=admin,
                      json={"first_name": "Ann", "identifiers": [{"identifier_type": "email", "value": "a@b.co"}]})
    state = (await client.get("/environment/state", headers=admin)).json()
    exported = (await client.get("/scenario/export/environment", headers=admin)).json()["environment"]
    for name in ("location", "weather", "contacts", "time"):
        assert state["modalities"][name] == exported["modality_states"][name]


async def test_compact_state_and_event_summary(client, admin):
    r = await client.get("/environment/state", headers=admin, params={"compact": "true"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert set(body) == {"snapshot_time", "format", "modalities", "events"}
    assert body["format"] == "compact"
    assert list(body["modalities"]) == PRESENT
    assert all(body["modalities"][n]["modality_type"] == n for n in PRESENT)
    assert body["events"] == {"pending_count": 0, "next_event_time": None, "next_event_modality": None}
    assert body["modalities"]["location"]["current"] is None
    assert body["modalities"]["time"]["format_24h"] is False

    t = await sim_time(client, admin)
    later, latest = t + timedelta(hours=1), t + timedelta(hours=2)
    for when, modality, data in [(latest, "location", {"latitude": 1, "longitude": 1}),
                                 (later, "time", {"timezone": "UTC", "format_preference": "24h"})]:
        r = await client.post("/events", headers=admin, json={"scheduled_time": when.isoformat(), "modality": modality,
                                                              "data": data})
        assert r.status_code == 200, r.text
    events = (await client.get("/environment/state", headers=admin, params={"compact": "true"})).json()["events"]
    assert events["pending_count"] == 2
    assert parse_dt(events["next_event_time"]) == later and events["next_event_modality"] == "time"


async def test_compact_text_digest(client, admin):
    await client.post("/location/update", headers=admin, json={"latitude": 1, "longitude": 2, "address": "1 Elm St"})
    r = await client.get("/environment/state", headers=admin, params={"compact": "true", "format": "text"})
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/plain")
    text = r.text
    assert text.startswith("Environment snapshot at ")
    assert "Pending events: 0" in text
    for name in PRESENT:
        assert f"## {name}: " in text
    assert "## location: At 1 Elm St" in text

    # format alone does not change the default full JSON answer; unknown formats are a 422.
    r = await client.get("/environment/state", headers=admin, params={"format": "text"})
    assert r.headers["content-type"].startswith("application/json") and "summary" in r.json()
    r = await client.get("/environment/state", headers=admin, params={"compact": "true", "format": "xml"})
    assert r.status_code == 422 and "format" in r.text


async def test_modalities(client, admin):
    r = await client.get("/environment/modalities", headers=admin)
    assert r.status_code == 200, r.text
    assert r.json() == {"modalities": PRESENT, "count": len(PRESENT)}
    for name in ("location", "weather", "contacts", "time"):
        assert name in r.json()["modalities"]


async def test_validate(client, admin):
    r = await client.post("/environment/validate", headers=admin)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["valid"] is True and body["errors"] == []
    assert parse_dt(body["checked_at"]) == await sim_time(client, admin)


async def test_validate_reports_inconsistent_state(client, admin):
    exported = (await client.get("/scenario/export/full", headers=admin)).json()["scenario"]
    states = exported["environment"]["modality_states"]
    states["time"]["timezone"] = "Mars/Olympus"
    states["contacts"]["contacts"] = {
        cid: {"contact_id": cid, "identifiers": [{"identifier_type": "email", "value": "same@x.io"}],
              "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z"}
        for cid in ("c1", "c2")}
    t = parse_dt(exported["environment"]["time_state"]["current_time"])
    exported["events"]["events"] = [{
        "event_id": "e1", "scheduled_time": (t + timedelta(hours=1)).isoformat(), "modality": "location",
        "status": "pending", "created_at": t.isoformat(), "priority": 50, "metadata": {},
        "data": {"modality_type": "location", "timestamp": t.isoformat(), "latitude": 500, "longitude": 0}}]
    r = await client.post("/scenario/import/full", headers=admin, json={"scenario": exported})
    assert r.status_code == 200, r.text

    r = await client.post("/environment/validate", headers=admin)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["valid"] is False
    errors = "\n".join(body["errors"])
    assert "time: invalid timezone" in errors and "Mars/Olympus" in errors
    assert "contacts: identifier email:same@x.io belongs to contacts c1 and c2" in errors
    assert "latitude" in errors  # the pending event's invalid data
    r = await client.post("/simulation/start", headers=admin, json={})
    assert r.status_code == 400 and "Mars/Olympus" in r.text


async def test_environment_permissions(client, admin):
    r = await client.post("/keys", headers=admin, json={"name": "env", "permissions": ["environment:read"]})
    assert r.status_code == 201, r.text
    headers = {"X-API-Key": r.json()["secret"]}
    assert (await client.get("/environment/state", headers=headers)).status_code == 200
    r = await client.get("/environment/modalities", headers=headers)
    assert r.status_code == 403 and r.json()["detail"] == "Permission denied. Required permission: environment:list"
    r = await client.post("/environment/validate", headers=headers)
    assert r.status_code == 403 and "environment:validate" in r.json()["detail"]
    assert (await client.get("/environment/state")).status_code == 401
