"""Location, weather, contacts and time-preference modalities through the real app (ues-api.md §2.10, §3.7)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from services.ues.timeutil import parse_dt
from tests.ues.dt import canon


def report(temp: float = 293.15, dt: int = 1_760_000_000, lat: float = 40.7128, lon: float = -74.006) -> dict:
    """A small One-Call-shaped report in standard units."""
    return {
        "lat": lat, "lon": lon, "timezone": "America/New_York", "timezone_offset": -14400,
        "current": {"dt": dt, "temp": temp, "feels_like": temp - 1, "dew_point": 283.15, "humidity": 60,
                    "wind_speed": 10.0, "weather": [{"id": 800, "main": "Clear", "description": "clear sky",
                                                     "icon": "01d"}]},
        "hourly": [{"dt": dt + 3600, "temp": 273.15, "feels_like": 270.15, "dew_point": 268.15, "wind_speed": 1.0}],
        "daily": [{"dt": dt, "temp": {"day": 293.15, "min": 283.15, "max": 303.15, "night": 280.0, "eve": 290.0,
                                      "morn": 285.0},
                   "feels_like": {"day": 292.0, "night": 279.0, "eve": 289.0, "morn": 284.0}, "dew_point": 280.0,
                   "wind_speed": 2.0, "summary": "Nice day"}],
        "alerts": [{"sender_name": "NWS", "event": "Heat", "start": dt, "end": dt + 7200, "description": "hot"}],
    }


async def now(client, admin):
    return parse_dt((await client.get("/simulator/time", headers=admin)).json()["current_time"])


async def start_and_advance(client, admin, seconds: float) -> None:
    status = (await client.get("/simulation/status", headers=admin)).json()
    if not status["is_running"]:
        r = await client.post("/simulation/start", headers=admin, json={})
        assert r.status_code == 200, r.text
    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": seconds})
    assert r.status_code == 200, r.text


async def events_of(client, admin, modality: str) -> list[dict]:
    r = await client.get("/events", headers=admin, params={"modality": modality})
    assert r.status_code == 200, r.text
    return r.json()["events"]


def assert_names_field(response, field: str, status: int = 422) -> None:
    assert response.status_code == status, response.text
    assert field in response.text, response.text


# ============================================================================ location
async def test_location_default_state(client, admin):
    r = await client.get("/location/state", headers=admin)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["modality_type"] == "location"
    assert body["current"] == {} and body["history"] == []
    assert {"last_updated", "update_count"} <= body.keys()


async def test_location_update_history_and_event(client, admin):
    r = await client.post("/location/update", headers=admin, json={
        "latitude": 40.7128, "longitude": -74.006, "address": "NYC", "named_location": "Home", "accuracy": 5,
        "speed": 0, "bearing": 360})
    assert r.status_code == 200, r.text
    action = r.json()
    assert action["status"] == "executed" and action["modality"] == "location"
    assert set(action) == {"event_id", "scheduled_time", "status", "message", "modality"}

    await start_and_advance(client, admin, 60)
    r = await client.post("/location/update", headers=admin, json={"latitude": 51.5, "longitude": -0.12,
                                                                   "named_location": "Office"})
    assert r.json()["status"] == "executed"

    state = (await client.get("/location/state", headers=admin)).json()
    assert state["current"] == {"latitude": 51.5, "longitude": -0.12, "named_location": "Office"}
    assert state["update_count"] == 2
    assert len(state["history"]) == 1
    previous = state["history"][0]
    assert previous["named_location"] == "Home" and previous["address"] == "NYC" and previous["bearing"] == 360

    compact = (await client.get("/location/state", headers=admin, params={"compact": "true"})).json()
    assert compact["history_count"] == 1 and compact["current"]["named_location"] == "Office"
    assert compact["summary"] == "At Office"

    events = await events_of(client, admin, "location")
    assert len(events) == 2
    assert all(e["status"] == "executed" and e["agent_id"] for e in events)
    assert "operation" not in events[0]["data"]
    assert events[0]["data"]["latitude"] == 40.7128 and events[0]["data"]["modality_type"] == "location"


@pytest.mark.parametrize(("field", "value"), [
    ("latitude", 90.5), ("latitude", -91), ("longitude", 180.01), ("longitude", -181), ("accuracy", -1),
    ("speed", -0.5), ("bearing", 360.5), ("bearing", -1), ("latitude", "north"),
])
async def test_location_update_range_validation(client, admin, field, value):
    body = {"latitude": 10, "longitude": 10, field: value}
    r = await client.post("/location/update", headers=admin, json=body)
    assert_names_field(r, field)
    state = (await client.get("/location/state", headers=admin)).json()
    assert state["current"] == {} and state["update_count"] == 0


async def test_location_update_requires_coordinates(client, admin):
    r = await client.post("/location/update", headers=admin, json={"latitude": 10})
    assert_names_field(r, "longitude")


async def test_location_query(client, admin):
    t0 = await now(client, admin)
    for i, name in enumerate(["Home", "Gym", "Office", "Home"]):
        if i:
            await start_and_advance(client, admin, 60)
        r = await client.post("/location/update", headers=admin,
                              json={"latitude": 10 + i, "longitude": 20 + i, "named_location": name})
        assert r.json()["status"] == "executed"

    r = await client.post("/location/query", headers=admin, json={})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["total_count"] == 4 and body["count"] == 4
    assert [loc["latitude"] for loc in body["locations"]] == [13, 12, 11, 10]
    assert body["locations"][0]["is_current"] is True
    assert not any(loc["is_current"] for loc in body["locations"][1:])

    body = (await client.post("/location/query", headers=admin, json={"named_location": "Home"})).json()
    assert [loc["latitude"] for loc in body["locations"]] == [13, 10]

    body = (await client.post("/location/query", headers=admin, json={"include_current": False})).json()
    assert body["total_count"] == 3

    body = (await client.post("/location/query", headers=admin,
                              json={"sort_order": "asc", "limit": 2, "offset": 1})).json()
    assert [loc["latitude"] for loc in body["locations"]] == [11, 12]
    assert body["count"] == 2 and body["total_count"] == 4

    since = (t0 + timedelta(seconds=60)).isoformat()
    until = (t0 + timedelta(seconds=120)).isoformat()
    body = (await client.post("/location/query", headers=admin, json={"since": since, "until": until})).json()
    assert sorted(loc["latitude"] for loc in body["locations"]) == [11, 12]

    r = await client.post("/location/query", headers=admin, json={"limit": 0})
    assert_names_field(r, "limit")


async def test_location_event_via_events_endpoint(client, admin):
    t = await now(client, admin)
    r = await client.post("/events", headers=admin, json={
        "scheduled_time": t.isoformat(), "modality": "location", "data": {"latitude": 1.5, "longitude": 2.5}})
    assert r.status_code == 200, r.text
    bad = await client.post("/events", headers=admin, json={
        "scheduled_time": t.isoformat(), "modality": "location", "data": {"latitude": 100, "longitude": 2.5}})
    assert_names_field(bad, "latitude")
    await start_and_advance(client, admin, 1)
    state = (await client.get("/location/state", headers=admin)).json()
    assert state["current"] == {"latitude": 1.5, "longitude": 2.5}


# ============================================================================ weather
async def test_weather_update_state_and_units(client, admin):
    r = await client.post("/weather/update", headers=admin,
                          json={"latitude": 40.7128, "longitude": -74.006, "report": report()})
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "executed" and r.json()["modality"] == "weather"

    state = (await client.get("/weather/state", headers=admin)).json()
    assert state["modality_type"] == "weather" and state["location_count"] == 1
    loc = state["locations"]["40.71,-74.01"]
    assert loc["current_report"]["current"]["temp"] == 293.15
    assert loc["current_report"]["current"]["weather"][0]["main"] == "Clear"  # unknown keys are kept
    assert loc["history_count"] == 0 and loc["update_count"] == 1

    async def query(**extra):
        r = await client.post("/weather/query", headers=admin, json={"lat": 40.7128, "lon": -74.006, **extra})
        assert r.status_code == 200, r.text
        return r.json()

    standard = await query()
    assert standard["count"] == 1 and standard["total_count"] == 1 and standard.get("error") is None
    assert standard["reports"][0]["current"]["temp"] == 293.15

    metric = (await query(units="metric"))["reports"][0]
    assert metric["current"]["temp"] == 20.0
    assert metric["current"]["dew_point"] == 10.0
    assert metric["hourly"][0]["temp"] == 0.0
    assert metric["daily"][0]["temp"]["max"] == 30.0 and metric["daily"][0]["feels_like"]["day"] == pytest.approx(18.85)
    assert metric["current"]["wind_speed"] == 10.0

    imperial = (await query(units="imperial"))["reports"][0]
    assert imperial["current"]["temp"] == 68.0
    assert imperial["hourly"][0]["temp"] == 32.0
    assert imperial["daily"][0]["temp"]["min"] == 50.0
    assert imperial["current"]["wind_speed"] == pytest.approx(22.37, abs=0.01)

    excluded = (await query(exclude=["hourly", "daily", "alerts"]))["reports"][0]
    assert "hourly" not in excluded and "daily" not in excluded and "current" in excluded

    compact = (await client.get("/weather/state", headers=admin, params={"compact": "true"})).json()
    assert compact["location_count"] == 1
    assert compact["current"]["temperature_c"] == 20.0 and compact["current"]["condition"] == "Clear"

    # Stored reports are never changed by conversions.
    again = await query()
    assert again["reports"][0]["current"]["temp"] == 293.15


async def test_weather_history_and_time_filters(client, admin):
    t0 = await now(client, admin)
    for i, temp in enumerate([280.0, 285.0, 290.0]):
        if i:
            await start_and_advance(client, admin, 3600)
        r = await client.post("/weather/update", headers=admin,
                              json={"latitude": 48.8566, "longitude": 2.3522,
                                    "report": {"lat": 48.8566, "lon": 2.3522, "current": {"dt": 1, "temp": temp}}})
        assert r.json()["status"] == "executed", r.text
    state = (await client.get("/weather/state", headers=admin)).json()
    loc = state["locations"]["48.86,2.35"]
    assert loc["history_count"] == 2 and [h["report"]["current"]["temp"] for h in loc["history"]] == [280.0, 285.0]
    assert loc["update_count"] == 3

    base = {"lat": 48.86, "lon": 2.35}
    current_only = (await client.post("/weather/query", headers=admin, json=base)).json()
    assert [r["current"]["temp"] for r in current_only["reports"]] == [290.0]

    start = int(t0.timestamp())
    everything = (await client.post("/weather/query", headers=admin, json={**base, "from_time": start})).json()
    assert [r["current"]["temp"] for r in everything["reports"]] == [280.0, 285.0, 290.0]
    assert everything["total_count"] == 3

    window = (await client.post("/weather/query", headers=admin,
                                json={**base, "from_time": start + 1800, "to_time": start + 5400})).json()
    assert [r["current"]["temp"] for r in window["reports"]] == [285.0]

    until = (await client.post("/weather/query", headers=admin, json={**base, "to_time": start + 10})).json()
    assert [r["current"]["temp"] for r in until["reports"]] == [280.0]

    paged = (await client.post("/weather/query", headers=admin,
                               json={**base, "from_time": start, "limit": 1, "offset": 1, "units": "metric"})).json()
    assert paged["count"] == 1 and paged["total_count"] == 3
    assert paged["reports"][0]["current"]["temp"] == pytest.approx(11.85)


async def test_weather_query_unknown_location_and_real_mode(client, admin):
    r = await client.post("/weather/query", headers=admin, json={"lat": 1, "lon": 1})
    assert r.status_code == 200
    assert r.json()["reports"] == [] and r.json()["count"] == 0 and "No weather data" in r.json()["error"]

    await client.post("/weather/update", headers=admin, json={"latitude": 1, "longitude": 1, "report": report(lat=1,
                                                                                                                lon=1)})
    r = await client.post("/weather/query", headers=admin, json={"lat": 1, "lon": 1, "real": True})
    assert r.status_code == 200
    body = r.json()
    assert body["reports"] == [] and body["count"] == 0
    assert "not available" in body["error"] and "offline" in body["error"]


async def test_weather_validation(client, admin):
    r = await client.post("/weather/update", headers=admin, json={"latitude": 91, "longitude": 0, "report": {}})
    assert_names_field(r, "latitude")
    r = await client.post("/weather/update", headers=admin, json={"latitude": 0, "longitude": 0})
    assert_names_field(r, "report")
    r = await client.post("/weather/update", headers=admin,
                          json={"latitude": 0, "longitude": 0, "report": {"current": {"dt": 1, "temp": "hot"}}})
    assert_names_field(r, "temp")
    r = await client.post("/weather/update", headers=admin,
                          json={"latitude": 0, "longitude": 0, "report": {"current": {"dt": "yesterday"}}})
    assert_names_field(r, "dt")
    r = await client.post("/weather/update", headers=admin, json={"latitude": 10, "longitude": 10,
                                                                  "report": {"lat": 20, "lon": 10}})
    assert_names_field(r, "report.lat", status=400)
    r = await client.post("/weather/query", headers=admin, json={"lon": 0})
    assert_names_field(r, "lat")
    r = await client.post("/weather/query", headers=admin, json={"lat": 0, "lon": 0, "units": "kelvin"})
    assert_names_field(r, "units")
    r = await client.post("/weather/query", headers=admin, json={"lat": 0, "lon": 0, "exclude": ["weekly"]})
    assert_names_field(r, "exclude")
    state = (await client.get("/weather/state", headers=admin)).json()
    assert state["location_count"] == 0 and state["update_count"] == 0
    assert await events_of(client, admin, "weather") == []


async def test_weather_minimal_report_is_accepted(client, admin):
    r = await client.post("/weather/update", headers=admin, json={"latitude": -33.87, "longitude": 151.21,
                                                                  "report": {}})
    assert r.json()["status"] == "executed"
    body = (await client.post("/weather/query", headers=admin,
                              json={"lat": -33.87, "lon": 151.21, "units": "imperial"})).json()
    assert body["reports"] == [{}]
    events = await events_of(client, admin, "weather")
    assert events[0]["data"]["report"] == {} and "operation" not in events[0]["data"]


# ============================================================================ contacts
async def create_contact(client, admin, **fields) -> str:
    r = await client.post("/contacts/create", headers=admin, json=fields)
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "executed", r.text
    match = re.search(r"contact_id: ([^)]+)\)", r.json()["message"])
    assert match, r.json()["message"]
    return match.group(1)


async def contacts(client, admin) -> dict:
    r = await client.get("/contacts/state", headers=admin)
    assert r.status_code == 200, r.text
    return r.json()


async def test_contacts_create_and_state(client, admin):
    cid = await create_contact(client, admin, first_name="Ann", last_name="Lee", company="Acme",
                               identifiers=[{"identifier_type": "phone", "value": "(555) 010-2000", "label": "mobile"},
                                            {"identifier_type": "email", "value": "ann@acme.com"}],
                               addresses=[{"city": "Boston", "country": "US", "label": "home"}],
                               birthday="1990-04-01", groups=["work", "work", "friends"], notes="met at conf")
    state = await contacts(client, admin)
    assert state["modality_type"] == "contacts" and state["total_count"] == 1
    contact = state["contacts"][cid]
    assert contact["contact_id"] == cid
    assert contact["identifiers"][0] == {"identifier_type": "phone", "value": "+15550102000", "label": "mobile"}
    assert contact["groups"] == ["friends", "work"]
    assert contact["birthday"] == "1990-04-01"
    assert contact["addresses"][0]["city"] == "Boston"
    assert contact["is_favorite"] is False and contact["is_blocked"] is False
    assert contact["created_at"] == contact["updated_at"]
    assert contact["resolved_display_name"] == "Ann Lee"
    assert state["groups"] == ["friends", "work"]

    events = await events_of(client, admin, "contacts")
    assert events[0]["data"]["operation"] == "create_contact"
    assert events[0]["data"]["contact_id"] == cid  # generated id written back into the event data


async def test_contacts_create_validation(client, admin):
    r = await client.post("/contacts/create", headers=admin, json={"first_name": "X", "identifiers": []})
    assert_names_field(r, "identifiers")
    r = await client.post("/contacts/create", headers=admin,
                          json={"identifiers": [{"identifier_type": "email", "value": "not-an-email"}]})
    assert_names_field(r, "identifiers")
    r = await client.post("/contacts/create", headers=admin,
                          json={"identifiers": [{"identifier_type": "phone", "value": "call me"}]})
    assert_names_field(r, "identifiers")
    r = await client.post("/contacts/create", headers=admin,
                          json={"identifiers": [{"identifier_type": "phone", "value": "5550100"}],
                                "birthday": "someday"})
    assert_names_field(r, "birthday")
    assert (await contacts(client, admin))["total_count"] == 0


async def test_contacts_duplicate_identifier_fails_event(client, admin):
    await create_contact(client, admin, first_name="A", identifiers=[{"identifier_type": "phone",
                                                                      "value": "+1 555 010 3000"}])
    r = await client.post("/contacts/create", headers=admin,
                          json={"first_name": "B", "identifiers": [{"identifier_type": "phone",
                                                                    "value": "555-010-3000"}]})
    assert r.status_code == 200
    assert r.json()["status"] == "failed" and "already belongs" in r.json()["message"]
    assert (await contacts(client, admin))["total_count"] == 1


async def test_contacts_update(client, admin):
    cid = await create_contact(client, admin, first_name="Bob", identifiers=[
        {"identifier_type": "email", "value": "bob@a.com"}], groups=["a", "b"],
        addresses=[{"city": "Paris"}])
    other = await create_contact(client, admin, first_name="Eve", identifiers=[
        {"identifier_type": "email", "value": "eve@a.com"}])
    await start_and_advance(client, admin, 10)
    r = await client.post("/contacts/update", headers=admin, json={
        "contact_id": cid, "last_name": "Stone", "job_title": "CTO",
        "add_identifiers": [{"identifier_type": "phone", "value": "2125550000"}],
        "remove_groups": ["a"], "add_groups": ["c"], "add_addresses": [{"city": "Rome"}],
        "remove_addresses": [{"city": "Paris"}], "is_favorite": True})
    assert r.status_code == 200 and r.json()["status"] == "executed", r.text
    contact = (await contacts(client, admin))["contacts"][cid]
    assert contact["first_name"] == "Bob" and contact["last_name"] == "Stone" and contact["job_title"] == "CTO"
    assert [i["value"] for i in contact["identifiers"]] == ["bob@a.com", "+12125550000"]
    assert contact["groups"] == ["b", "c"]
    assert [a["city"] for a in contact["addresses"]] == ["Rome"]
    assert contact["is_favorite"] is True
    assert contact["updated_at"] > contact["created_at"]

    r = await client.post("/contacts/update", headers=admin, json={
        "contact_id": cid, "identifiers": [{"identifier_type": "email", "value": "bob@b.com"}], "groups": []})
    contact = (await contacts(client, admin))["contacts"][cid]
    assert [i["value"] for i in contact["identifiers"]] == ["bob@b.com"] and contact["groups"] == []

    # Taking another contact's identifier, removing every identifier, or an unknown id: failed, state unchanged.
    before = await contacts(client, admin)
    for body in ({"contact_id": cid, "add_identifiers": [{"identifier_type": "email", "value": "eve@a.com"}]},
                 {"contact_id": cid, "remove_identifiers": [{"identifier_type": "email", "value": "bob@b.com"}]},
                 {"contact_id": "nope", "first_name": "X"}):
        r = await client.post("/contacts/update", headers=admin, json=body)
        assert r.status_code == 200 and r.json()["status"] == "failed", r.text
    after = await contacts(client, admin)
    assert after["contacts"] == before["contacts"]
    assert other in after["contacts"]

    r = await client.post("/contacts/update", headers=admin, json={"first_name": "X"})
    assert_names_field(r, "contact_id")


async def test_contacts_flags_groups_and_delete(client, admin):
    cid = await create_contact(client, admin, first_name="Cy", identifiers=[
        {"identifier_type": "email", "value": "cy@x.org"}])
    for path, field, value in [("block", "is_blocked", True), ("favorite", "is_favorite", True),
                               ("unblock", "is_blocked", False), ("unfavorite", "is_favorite", False)]:
        r = await client.post(f"/contacts/{path}", headers=admin, json={"contact_id": cid})
        assert r.status_code == 200 and r.json()["status"] == "executed", r.text
        assert (await contacts(client, admin))["contacts"][cid][field] is value

    r = await client.post("/contacts/group/add", headers=admin, json={"contact_id": cid, "group_name": "Family"})
    assert r.json()["status"] == "executed"
    state = await contacts(client, admin)
    assert state["contacts"][cid]["groups"] == ["Family"] and state["groups"] == ["Family"]
    r = await client.post("/contacts/group/remove", headers=admin, json={"contact_id": cid, "group_name": "Family"})
    assert r.json()["status"] == "executed"
    assert (await contacts(client, admin))["groups"] == []
    r = await client.post("/contacts/group/add", headers=admin, json={"contact_id": cid, "group_name": ""})
    assert_names_field(r, "group_name")

    r = await client.post("/contacts/block", headers=admin, json={"contact_id": "missing"})
    assert r.status_code == 200 and r.json()["status"] == "failed" and "not found" in r.json()["message"]

    r = await client.post("/contacts/delete", headers=admin, json={"contact_id": cid})
    assert r.json()["status"] == "executed"
    assert (await contacts(client, admin))["total_count"] == 0
    r = await client.post("/contacts/delete", headers=admin, json={"contact_id": cid})
    assert r.json()["status"] == "failed"

    ops = [e["data"]["operation"] for e in await events_of(client, admin, "contacts")]
    assert ops == ["create_contact", "block_contact", "favorite_contact", "unblock_contact", "unfavorite_contact",
                   "add_to_group", "remove_from_group", "block_contact", "delete_contact", "delete_contact"]


async def test_contacts_merge(client, admin):
    primary = await create_contact(client, admin, first_name="Dana", identifiers=[
        {"identifier_type": "email", "value": "dana@work.com"}], groups=["work"])
    secondary = await create_contact(client, admin, last_name="Diaz", company="Globex", identifiers=[
        {"identifier_type": "phone", "value": "+44 20 7946 0958"}], groups=["gym"], addresses=[{"city": "Leeds"}])
    await client.post("/contacts/favorite", headers=admin, json={"contact_id": secondary})

    r = await client.post("/contacts/merge", headers=admin,
                          json={"primary_contact_id": primary, "secondary_contact_id": secondary})
    assert r.status_code == 200 and r.json()["status"] == "executed", r.text
    state = await contacts(client, admin)
    assert list(state["contacts"]) == [primary]
    merged = state["contacts"][primary]
    assert merged["first_name"] == "Dana" and merged["last_name"] == "Diaz" and merged["company"] == "Globex"
    assert [i["value"] for i in merged["identifiers"]] == ["dana@work.com", "+442079460958"]
    assert merged["groups"] == ["gym", "work"] and merged["is_favorite"] is True
    assert merged["addresses"] == [{"street": None, "city": "Leeds", "state": None, "postal_code": None,
                                    "country": None, "label": None}]

    r = await client.post("/contacts/merge", headers=admin,
                          json={"primary_contact_id": primary, "secondary_contact_id": primary})
    assert_names_field(r, "secondary_contact_id", status=400)
    r = await client.post("/contacts/merge", headers=admin,
                          json={"primary_contact_id": primary, "secondary_contact_id": secondary})
    assert r.json()["status"] == "failed"
    assert list((await contacts(client, admin))["contacts"]) == [primary]


async def test_contacts_query(client, admin):
    a = await create_contact(client, admin, first_name="Alice", company="Initech", identifiers=[
        {"identifier_type": "phone", "value": "6175550100"}], groups=["work"], is_favorite=True)
    b = await create_contact(client, admin, first_name="Bert", notes="Alice's brother", identifiers=[
        {"identifier_type": "email", "value": "bert@home.net"}], groups=["family"])
    c = await create_contact(client, admin, nickname="Zed", is_blocked=True, identifiers=[
        {"identifier_type": "telegram", "value": "@zed"}])

    async def ids(**query):
        r = await client.post("/contacts/query", headers=admin, json=query)
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["modality_type"] == "contacts" and body["returned_count"] == len(body["contacts"])
        return [x["contact_id"] for x in body["contacts"]]

    assert await ids() == [a, b, c]
    assert await ids(search_text="alice") == [a, b]
    assert await ids(search_text="initech") == [a]
    assert await ids(search_text="@ZED") == [c]
    assert await ids(group="family") == [b]
    assert await ids(is_favorite=True) == [a]
    assert await ids(is_blocked=True) == [c]
    assert await ids(has_phone=True) == [a]
    assert await ids(has_email=False) == [a, c]
    assert await ids(identifier_type="phone", identifier_value="(617) 555-0100") == [a]
    assert await ids(identifier_value="bert@home.net") == [b]
    assert await ids(identifier_type="telegram") == [c]
    r = await client.post("/contacts/query", headers=admin, json={"limit": 1, "offset": 1})
    body = r.json()
    assert [x["contact_id"] for x in body["contacts"]] == [b] and body["total_count"] == 3
    assert body["query"] == {"limit": 1, "offset": 1}
    r = await client.post("/contacts/query", headers=admin, json={"limit": 5000})
    assert_names_field(r, "limit")

    compact = (await client.get("/contacts/state", headers=admin, params={"compact": "true"})).json()
    assert compact["total_contacts"] == 3 and compact["favorites_count"] == 1 and compact["blocked_count"] == 1
    assert compact["groups"] == {"family": 1, "work": 1}
    assert len(compact["recent_contacts"]) == 3


async def test_contacts_undo_redo_replays_generated_ids(client, admin):
    r = await client.post("/simulation/start", headers=admin, json={})
    assert r.status_code == 200, r.text
    cid = await create_contact(client, admin, first_name="Undo", identifiers=[
        {"identifier_type": "email", "value": "undo@x.com"}])
    await client.post("/contacts/favorite", headers=admin, json={"contact_id": cid})
    before = await contacts(client, admin)

    r = await client.post("/simulation/undo", headers=admin, json={"count": 2})
    assert r.status_code == 200 and r.json()["undone_count"] == 2, r.text
    assert (await contacts(client, admin))["total_count"] == 0

    r = await client.post("/simulation/redo", headers=admin, json={"count": 2})
    assert r.status_code == 200 and r.json()["redone_count"] == 2, r.text
    after = await contacts(client, admin)
    assert after["contacts"] == before["contacts"]
    assert after["contacts"][cid]["is_favorite"] is True


# ============================================================================ time preferences
async def test_time_preferences_via_events(client, admin):
    env = (await client.get("/environment/state", headers=admin)).json()
    assert env["modalities"]["time"]["timezone"] == "UTC"
    assert env["modalities"]["time"]["format_preference"] == "12h"
    t = await now(client, admin)
    r = await client.post("/events", headers=admin, json={
        "scheduled_time": t.isoformat(), "modality": "time",
        "data": {"timezone": "Europe/Paris", "format_preference": "24h", "date_format": "DD/MM/YYYY",
                 "locale": "fr_FR", "week_start": "monday"}})
    assert r.status_code == 200, r.text
    for data, field in [({"timezone": "Mars/Olympus", "format_preference": "24h"}, "timezone"),
                        ({"timezone": "UTC", "format_preference": "25h"}, "format_preference"),
                        ({"timezone": "UTC", "format_preference": "24h", "date_format": "YY"}, "date_format"),
                        ({"timezone": "UTC", "format_preference": "24h", "week_start": "friday"}, "week_start"),
                        ({"format_preference": "24h"}, "timezone")]:
        bad = await client.post("/events", headers=admin, json={"scheduled_time": t.isoformat(), "modality": "time",
                                                                 "data": data})
        assert_names_field(bad, field)
    await start_and_advance(client, admin, 1)
    env = (await client.get("/environment/state", headers=admin)).json()
    time_state = env["modalities"]["time"]
    assert time_state["timezone"] == "Europe/Paris" and time_state["format_preference"] == "24h"
    assert time_state["week_start"] == "monday" and time_state["locale"] == "fr_FR"
    assert time_state["settings_history"][0]["timezone"] == "UTC"
    summary = {s["modality_type"]: s["state_summary"] for s in env["summary"]}
    assert summary["time"] == "Europe/Paris, 24h format"
    events = await events_of(client, admin, "time")
    assert events[0]["status"] == "executed" and "operation" not in events[0]["data"]


# ============================================================================ export / import
async def populate(client, admin) -> None:
    await client.post("/location/update", headers=admin, json={"latitude": 1, "longitude": 2, "address": "A"})
    await client.post("/location/update", headers=admin, json={"latitude": 3, "longitude": 4, "speed": 1.5})
    await client.post("/weather/update", headers=admin, json={"latitude": 40.7128, "longitude": -74.006,
                                                              "report": report()})
    await client.post("/weather/update", headers=admin, json={"latitude": 40.7128, "longitude": -74.006,
                                                              "report": report(temp=300)})
    await create_contact(client, admin, first_name="Round", identifiers=[
        {"identifier_type": "email", "value": "round@trip.io"}], birthday="2000-02-29", groups=["x"],
        addresses=[{"street": "1 Main", "label": "home"}])
    t = await now(client, admin)
    r = await client.post("/events", headers=admin, json={
        "scheduled_time": t.isoformat(), "modality": "time",
        "data": {"timezone": "Asia/Tokyo", "format_preference": "24h"}})
    assert r.status_code == 200, r.text
    await start_and_advance(client, admin, 5)
    await client.post("/simulation/stop", headers=admin)


MINE = ("location", "weather", "contacts", "time")


async def test_export_import_round_trip(client, admin):
    await populate(client, admin)
    before = (await client.get("/environment/state", headers=admin)).json()
    exported = (await client.get("/scenario/export/full", headers=admin)).json()["scenario"]
    for name in MINE:
        assert exported["environment"]["modality_states"][name]["modality_type"] == name
    assert "openweather_api_key" not in exported["environment"]["modality_states"]["weather"]

    r = await client.post("/simulation/clear", headers=admin)
    assert r.status_code == 200, r.text
    cleared = (await client.get("/environment/state", headers=admin)).json()["modalities"]
    assert cleared["location"]["current_latitude"] is None and cleared["contacts"]["contacts"] == {}
    assert cleared["weather"]["locations"] == {} and cleared["time"]["timezone"] == "UTC"

    r = await client.post("/scenario/import/full", headers=admin, json={"scenario": exported})
    assert r.status_code == 200, r.text
    assert set(MINE) <= set(r.json()["modalities_loaded"])
    after = (await client.get("/environment/state", headers=admin)).json()
    for name in MINE:
        assert after["modalities"][name] == before["modalities"][name], name
    again = (await client.get("/scenario/export/full", headers=admin)).json()["scenario"]
    for name in MINE:
        assert again["environment"]["modality_states"][name] == exported["environment"]["modality_states"][name]
    ops = {e["modality"] for e in again["events"]["events"]}
    assert set(MINE) <= ops
    # Executed events keep their status and are not re-applied on the next advance.
    await start_and_advance(client, admin, 1)
    final = (await client.get("/environment/state", headers=admin)).json()
    for name in MINE:
        assert final["modalities"][name] == before["modalities"][name], name
    r = await client.post("/environment/validate", headers=admin)
    assert r.json()["valid"] is True, r.json()


async def test_undo_after_import_restores_imported_states(client, admin):
    await populate(client, admin)
    exported = (await client.get("/scenario/export/full", headers=admin)).json()["scenario"]
    await client.post("/simulation/clear", headers=admin)
    r = await client.post("/scenario/import/full", headers=admin, json={"scenario": exported})
    assert r.status_code == 200, r.text
    imported = (await client.get("/environment/state", headers=admin)).json()["modalities"]
    assert (await client.post("/simulation/start", headers=admin, json={})).status_code == 200

    await client.post("/location/update", headers=admin, json={"latitude": -10, "longitude": -20})
    await client.post("/weather/update", headers=admin, json={"latitude": 40.7128, "longitude": -74.006,
                                                              "report": report(temp=250)})
    await client.post("/contacts/create", headers=admin, json={"identifiers": [{"identifier_type": "email",
                                                                                "value": "new@x.io"}]})
    t = await now(client, admin)
    await client.post("/events", headers=admin, json={"scheduled_time": t.isoformat(), "modality": "time",
                                                      "data": {"timezone": "UTC", "format_preference": "12h"}})
    await start_and_advance(client, admin, 1)
    changed = (await client.get("/environment/state", headers=admin)).json()["modalities"]
    for name in MINE:
        assert changed[name] != imported[name], name

    r = await client.post("/simulation/undo", headers=admin, json={"count": 4})
    assert r.status_code == 200 and r.json()["undone_count"] == 4, r.text
    restored = (await client.get("/environment/state", headers=admin)).json()["modalities"]
    for name in MINE:
        assert restored[name] == imported[name], name
    r = await client.post("/simulation/redo", headers=admin, json={"count": 4})
    assert r.json()["redone_count"] == 4
    redone = (await client.get("/environment/state", headers=admin)).json()["modalities"]
    for name in MINE:
        assert redone[name] == changed[name], name


async def test_import_validates_modality_states(client, admin):
    exported = (await client.get("/scenario/export/full", headers=admin)).json()["scenario"]
    states = exported["environment"]["modality_states"]
    for name, patch, field in [
        ("location", {"current_latitude": "north"}, "current_latitude"),
        ("location", {"current_latitude": 10}, "current_longitude"),
        ("weather", {"locations": {"0.00,0.00": {"latitude": 0}}}, "longitude"),
        ("contacts", {"contacts": {"c1": {"contact_id": "c1", "created_at": "2026-01-01T00:00:00Z"}}}, "updated_at"),
        ("time", {"format_preference": "13h"}, "format_preference"),
    ]:
        broken = {**exported, "environment": {**exported["environment"],
                                              "modality_states": {**states, name: {**states[name], **patch}}}}
        r = await client.post("/scenario/import/full", headers=admin, json={"scenario": broken})
        assert r.status_code == 400, (name, r.text)
        assert field in r.json()["detail"], (name, r.text)


async def test_location_load_accepts_api_shape(client, admin):
    exported = (await client.get("/scenario/export/full", headers=admin)).json()["scenario"]
    exported["environment"]["modality_states"]["location"] = {
        "modality_type": "location", "last_updated": "2026-01-28T06:00:00+00:00", "update_count": 1,
        "current": {"latitude": 5, "longitude": 6, "named_location": "Cafe"},
        "history": [{"timestamp": "2026-01-28T05:00:00+00:00", "latitude": 1, "longitude": 1}]}
    r = await client.post("/scenario/import/full", headers=admin, json={"scenario": exported})
    assert r.status_code == 200, r.text
    state = (await client.get("/location/state", headers=admin)).json()
    assert state["current"] == {"latitude": 5, "longitude": 6, "named_location": "Cafe"}
    history = [{**entry, "timestamp": canon(entry["timestamp"])} for entry in state["history"]]
    assert history == [{"timestamp": "2026-01-28T05:00:00+00:00", "latitude": 1, "longitude": 1}]


async def test_missing_modalities_answer_404_after_import(client, admin):
    exported = (await client.get("/scenario/export/full", headers=admin)).json()["scenario"]
    states = exported["environment"]["modality_states"]
    exported["environment"]["modality_states"] = {k: v for k, v in states.items() if k not in MINE}
    r = await client.post("/scenario/import/full", headers=admin, json={"scenario": exported})
    assert r.status_code == 200, r.text

    calls = [
        ("GET", "/location/state", None), ("POST", "/location/query", {}),
        ("POST", "/location/update", {"latitude": 1, "longitude": 1}),
        ("GET", "/weather/state", None), ("POST", "/weather/query", {"lat": 1, "lon": 1}),
        ("POST", "/weather/update", {"latitude": 1, "longitude": 1, "report": {}}),
        ("GET", "/contacts/state", None), ("POST", "/contacts/query", {}),
        ("POST", "/contacts/create", {"identifiers": [{"identifier_type": "email", "value": "a@b.c"}]}),
        ("POST", "/contacts/update", {"contact_id": "x", "first_name": "y"}),
        ("POST", "/contacts/delete", {"contact_id": "x"}), ("POST", "/contacts/block", {"contact_id": "x"}),
        ("POST", "/contacts/unblock", {"contact_id": "x"}), ("POST", "/contacts/favorite", {"contact_id": "x"}),
        ("POST", "/contacts/unfavorite", {"contact_id": "x"}),
        ("POST", "/contacts/merge", {"primary_contact_id": "x", "secondary_contact_id": "y"}),
        ("POST", "/contacts/group/add", {"contact_id": "x", "group_name": "g"}),
        ("POST", "/contacts/group/remove", {"contact_id": "x", "group_name": "g"}),
    ]
    for method, path, body in calls:
        r = await client.request(method, path, headers=admin, json=body)
        assert r.status_code == 404, (path, r.status_code, r.text)
        assert "not present" in r.json()["detail"], (path, r.text)

    modalities = (await client.get("/environment/modalities", headers=admin)).json()["modalities"]
    assert not set(MINE) & set(modalities)
    r = await client.get("/environment/state", headers=admin)
    assert r.status_code == 200 and not set(MINE) & set(r.json()["modalities"])
    r = await client.get("/events", headers=admin)
    assert r.status_code == 200 and r.json()["total"] == 0  # nothing was recorded for the 404s


# ============================================================================ permissions
async def test_permissions(client, admin):
    r = await client.post("/keys", headers=admin, json={"name": "reader", "permissions": [
        "location:state", "weather:query", "contacts:query", "contacts:group:*"]})
    assert r.status_code == 201, r.text
    reader = {"X-API-Key": r.json()["secret"]}
    assert (await client.get("/location/state", headers=reader)).status_code == 200
    assert (await client.post("/weather/query", headers=reader, json={"lat": 0, "lon": 0})).status_code == 200
    assert (await client.post("/contacts/query", headers=reader, json={})).status_code == 200
    r = await client.post("/contacts/group/add", headers=reader, json={"contact_id": "x", "group_name": "g"})
    assert r.status_code == 200 and r.json()["status"] == "failed"
    for method, path, body, perm in [
        ("POST", "/location/update", {"latitude": 1, "longitude": 1}, "location:update"),
        ("POST", "/location/query", {}, "location:query"),
        ("GET", "/weather/state", None, "weather:state"),
        ("POST", "/weather/update", {"latitude": 1, "longitude": 1, "report": {}}, "weather:update"),
        ("GET", "/contacts/state", None, "contacts:state"),
        ("POST", "/contacts/merge", {"primary_contact_id": "x", "secondary_contact_id": "y"}, "contacts:merge"),
        ("POST", "/contacts/unfavorite", {"contact_id": "x"}, "contacts:unfavorite"),
    ]:
        r = await client.request(method, path, headers=reader, json=body)
        assert r.status_code == 403, (path, r.text)
        assert r.json()["detail"] == f"Permission denied. Required permission: {perm}"
    r = await client.get("/location/state")
    assert r.status_code == 401
