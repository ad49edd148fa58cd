"""Calendar modality and routes (ues-api.md §2.9, §3.6, §3.7) through the real app, plus the state contract.

The clock is pinned by importing a scenario, so every time below is exact. 2026-02-02 is a Monday.
"""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from services.ues.modalities.calendar import CalendarInput, CalendarState
from services.ues.timeutil import parse_dt
from tests.ues.dt import canon

T0 = datetime(2026, 2, 1, 8, 0, tzinfo=UTC)  # Sunday: "now" for every test
MON = datetime(2026, 2, 2, 9, 0, tzinfo=UTC)
ID_RE = re.compile(r"^Created calendar event: (.*) \(calendar_event_id: ([0-9a-f-]{36})\)$")


def iso(dt: datetime) -> str:
    return dt.isoformat()


def calendar_state(**overrides: Any) -> dict[str, Any]:
    state = {"modality_type": "calendar", "last_updated": iso(T0), "update_count": 0, "calendars": {},
             "events": {}, "default_calendar_id": "primary", "user_timezone": "UTC"}
    state.update(overrides)
    return state


def scenario(calendar: dict[str, Any] | None = None, events: list[dict[str, Any]] = ()) -> dict[str, Any]:
    return {"metadata": {"ues_version": "0.2.1", "scenario_version": "1", "created_at": iso(T0)},
            "environment": {"time_state": {"current_time": iso(T0), "time_scale": 1.0, "is_paused": False,
                                           "auto_advance": False, "last_wall_time_update": iso(T0)},
                            "modality_states": {"calendar": calendar or calendar_state()}},
            "events": {"events": list(events)}}


@pytest.fixture
async def world(client, admin) -> None:
    """A calendar-only world at T0."""
    r = await client.post("/scenario/import/full", headers=admin, json={"scenario": scenario()})
    assert r.status_code == 200, r.text


async def create(client, headers, *, title: str = "Event", start: datetime = MON, minutes: int = 30,
                 **fields: Any) -> str:
    body = {"title": title, "start": iso(start), "end": iso(start + timedelta(minutes=minutes)), **fields}
    r = await client.post("/calendar/create", headers=headers, json=body)
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "executed", r.text
    match = ID_RE.match(r.json()["message"])
    assert match and match.group(1) == title, r.json()["message"]
    return match.group(2)


async def query(client, headers, **body: Any) -> dict[str, Any]:
    r = await client.post("/calendar/query", headers=headers, json=body)
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["modality_type"] == "calendar" and out["count"] == len(out["events"])
    return out


async def get_state(client, headers, compact: bool = False) -> dict[str, Any]:
    r = await client.get("/calendar/state", headers=headers, params={"compact": str(compact).lower()})
    assert r.status_code == 200, r.text
    return r.json()


async def events_log(client, admin, **params: Any) -> list[dict[str, Any]]:
    r = await client.get("/events", headers=admin, params={"modality": "calendar", **params})
    assert r.status_code == 200, r.text
    return r.json()["events"]


def starts(result: dict[str, Any]) -> list[str]:
    """Occurrence starts, canonically spelt (UTC as +00:00: the server may write Z)."""
    return [canon(e["start"]) for e in result["events"]]


def weekly(*days: str, **extra: Any) -> dict[str, Any]:
    return {"frequency": "weekly", "days_of_week": list(days), **extra}


# ------------------------------------------------------------------------------------------------ state
async def test_initial_state_full_and_compact(client, admin):
    full = await get_state(client, admin)
    assert list(full) == ["modality_type", "last_updated", "update_count", "default_calendar_id", "user_timezone",
                          "calendars", "events", "calendar_count", "event_count"]
    assert "current_time" not in full
    primary = full["calendars"]["primary"]
    assert (primary["name"], primary["color"], primary["visible"], primary["event_ids"]) == \
        ("Personal", "#4285f4", True, [])
    assert set(primary) >= {"calendar_id", "created_at", "updated_at", "default_reminders"}
    assert (full["default_calendar_id"], full["user_timezone"], full["calendar_count"], full["event_count"]) == \
        ("primary", "UTC", 1, 0)
    compact = await get_state(client, admin, compact=True)
    assert "events" not in compact and "current_time" not in compact
    assert compact["calendars"] == {"primary": {"calendar_id": "primary", "name": "Personal", "color": "#4285f4",
                                                "visible": True, "event_count": 0}}
    assert (compact["calendar_count"], compact["event_count"]) == (1, 0)


async def test_create_event_full_fields(client, admin, world):
    event_id = await create(
        client, admin, title="Design review", description="Q1 plans", location="Room 4", organizer="Lead@Corp.com",
        attendees=[{"email": "Bob@Corp.COM", "display_name": "Bob"}, {"email": "amy@corp.com", "optional": True}],
        reminders=[{"minutes_before": 10}], attachments=[{"filename": "a.pdf", "size": 10, "mime_type": "x/pdf"}],
        color="#ff0000", visibility="private", transparency="transparent", conference_link="https://meet/x",
        status="tentative", timezone="Europe/Paris")
    state = await get_state(client, admin)
    ev = state["events"][event_id]
    assert ev["event_id"] == event_id and ev["calendar_id"] == "primary"
    assert parse_dt(ev["start"]) == MON and parse_dt(ev["end"]) == MON + timedelta(minutes=30)
    assert ev["attendees"] == [
        {"email": "bob@corp.com", "display_name": "Bob", "optional": False, "response": "needs-action",
         "comment": None},
        {"email": "amy@corp.com", "display_name": None, "optional": True, "response": "needs-action",
         "comment": None}]
    assert ev["organizer"] == "Lead@Corp.com"
    assert ev["reminders"] == [{"minutes_before": 10, "type": "notification"}]
    assert ev["attachments"][0]["filename"] == "a.pdf" and ev["attachments"][0]["attachment_id"]
    assert (ev["status"], ev["visibility"], ev["transparency"], ev["timezone"]) == \
        ("tentative", "private", "transparent", "Europe/Paris")
    assert ev["recurrence"] is None and ev["recurrence_exceptions"] == [] and ev["deleted_at"] is None
    assert parse_dt(ev["created_at"]) == T0 == parse_dt(ev["updated_at"])
    assert state["calendars"]["primary"]["event_ids"] == [event_id]
    assert state["event_count"] == 1 and state["update_count"] == 1


async def test_create_event_is_recorded_with_generated_id(client, admin, world):
    r = await client.post("/calendar/create", headers=admin, json={
        "title": "Lunch", "start": iso(MON), "end": iso(MON + timedelta(hours=1))})
    body = r.json()
    assert set(body) == {"event_id", "scheduled_time", "status", "message", "modality"}
    assert body["modality"] == "calendar" and body["status"] == "executed"
    assert parse_dt(body["scheduled_time"]) == T0
    calendar_event_id = ID_RE.match(body["message"]).group(2)
    assert calendar_event_id != body["event_id"]
    (logged,) = await events_log(client, admin)
    assert logged["event_id"] == body["event_id"] and logged["status"] == "executed"
    data = logged["data"]
    assert data["operation"] == "create" and data["event_id"] == calendar_event_id
    assert data["modality_type"] == "calendar" and data["calendar_id"] == "primary" and data["title"] == "Lunch"


async def test_purple_actions_are_attributed(client, admin, purple, world):
    event_id = await create(client, purple.headers, attendees=[{"email": "user@example.com"}])
    r = await client.post("/calendar/respond", headers=purple.headers, json={
        "event_id": event_id, "attendee_email": "user@example.com", "response": "accepted"})
    assert r.json()["status"] == "executed"
    logged = await events_log(client, admin, status="executed")
    mine = [e for e in logged if e["agent_id"] == purple.key_id]
    assert [e["data"]["operation"] for e in mine] == ["create", "respond"]
    assert all(e["metadata"]["created_by_key"] == purple.key_id for e in mine)


async def test_unknown_calendar_is_auto_created(client, admin, world):
    event_id = await create(client, admin, calendar_id="team-sync")
    state = await get_state(client, admin)
    cal = state["calendars"]["team-sync"]
    assert cal["name"] == "Team-Sync" and cal["color"] == "#4285f4" and cal["event_ids"] == [event_id]
    assert state["events"][event_id]["calendar_id"] == "team-sync"


# ------------------------------------------------------------------------------------------------ validation
@pytest.mark.parametrize("overrides,field", [
    ({"title": ""}, "title"),
    ({"title": "   "}, "title"),
    ({"end": iso(MON)}, "end"),
    ({"end": iso(MON - timedelta(hours=1))}, "end"),
    ({"organizer": "not-an-email"}, "organizer"),
    ({"attendees": [{"email": "ok@corp.com"}, {"email": "bad@nodot"}]}, "attendees[1].email"),
    ({"recurrence": {"frequency": "weekly"}}, "days_of_week"),
    ({"recurrence": weekly("monday", "monday")}, "days_of_week"),
    ({"recurrence": {"frequency": "monthly"}}, "day_of_month"),
    ({"recurrence": {"frequency": "yearly", "day_of_month": 3}}, "month_of_year"),
    ({"recurrence": {"frequency": "yearly", "day_of_month": 30, "month_of_year": 2}}, "day_of_month"),
    ({"recurrence": {"frequency": "daily", "end_type": "until"}}, "end_date"),
    ({"recurrence": {"frequency": "daily", "end_type": "until", "end_date": "2026-01-01"}}, "end_date"),
    ({"recurrence": {"frequency": "daily", "end_type": "count"}}, "count"),
    ({"recurrence_exceptions": ["next tuesday"]}, "recurrence_exceptions[0]"),
])
async def test_business_errors_are_400_naming_the_field(client, admin, world, overrides, field):
    body = {"title": "Event", "start": iso(MON), "end": iso(MON + timedelta(hours=1)), **overrides}
    r = await client.post("/calendar/create", headers=admin, json=body)
    assert r.status_code == 400, r.text
    assert field in r.json()["detail"]
    assert await events_log(client, admin) == []
    assert (await get_state(client, admin))["event_count"] == 0


@pytest.mark.parametrize("path,body,field", [
    ("/calendar/create", {"start": iso(MON), "end": iso(MON)}, "title"),
    ("/calendar/create", {"title": "x", "start": "tomorrow", "end": iso(MON)}, "start"),
    ("/calendar/create", {"title": "x", "start": iso(MON), "end": iso(MON), "status": "busy"}, "status"),
    ("/calendar/create", {"title": "x", "start": iso(MON), "end": iso(MON),
                          "recurrence": {"frequency": "hourly"}}, "frequency"),
    ("/calendar/create", {"title": "x", "start": iso(MON), "end": iso(MON),
                          "recurrence": {"frequency": "daily", "interval": 0}}, "interval"),
    ("/calendar/create", {"title": "x", "start": iso(MON), "end": iso(MON),
                          "reminders": [{"minutes_before": -5}]}, "minutes_before"),
    ("/calendar/update", {"title": "x"}, "event_id"),
    ("/calendar/update", {"event_id": "e", "recurrence_scope": "future"}, "recurrence_scope"),
    ("/calendar/respond", {"event_id": "e", "attendee_email": "a@b.co", "response": "maybe"}, "response"),
    ("/calendar/query", {"status": "busy"}, "status"),
    ("/calendar/query", {"start": "2026-13-45T99:00:00"}, "start"),
    ("/calendar/query", {"limit": -1}, "limit"),
    ("/calendar/calendars/create", {"name": "Work"}, "calendar_id"),
])
async def test_schema_errors_are_422(client, admin, world, path, body, field):
    r = await client.post(path, headers=admin, json=body)
    assert r.status_code == 422, r.text
    assert r.json()["error"] == "Validation Error"
    assert field in str(r.json()["detail"])


async def test_update_values_are_checked_against_the_stored_event(client, admin, world):
    event_id = await create(client, admin, minutes=60)
    before = await get_state(client, admin)
    r = await client.post("/calendar/update", headers=admin, json={
        "event_id": event_id, "end": iso(MON - timedelta(minutes=1))})
    assert r.status_code == 400 and "end" in r.json()["detail"]
    r = await client.post("/calendar/update", headers=admin, json={"event_id": event_id, "title": ""})
    assert r.status_code == 400 and "title" in r.json()["detail"]
    r = await client.post("/calendar/update", headers=admin, json={
        "event_id": event_id, "attendees": [{"email": "nobody"}]})
    assert r.status_code == 400 and "attendees[0].email" in r.json()["detail"]
    assert await get_state(client, admin) == before
    assert len(await events_log(client, admin)) == 1


# ------------------------------------------------------------------------------------------------ update / delete
async def test_update_applies_only_supplied_fields(client, admin, world):
    event_id = await create(client, admin, status="tentative", visibility="private", location="Room 1",
                            attendees=[{"email": "a@corp.com", "response": "accepted"}, {"email": "b@corp.com"}])
    r = await client.post("/calendar/update", headers=admin, json={
        "event_id": event_id, "title": "Renamed", "attendees": [{"email": "C@Corp.com"}],
        "end": iso(MON + timedelta(hours=2))})
    assert r.status_code == 200 and r.json()["status"] == "executed"
    assert r.json()["message"] == f"Updated calendar event: {event_id}"
    ev = (await get_state(client, admin))["events"][event_id]
    assert ev["title"] == "Renamed" and parse_dt(ev["end"]) == MON + timedelta(hours=2)
    assert parse_dt(ev["start"]) == MON
    # Untouched fields keep their values (real UES would reset status/visibility to the input defaults).
    assert (ev["status"], ev["visibility"], ev["location"]) == ("tentative", "private", "Room 1")
    assert [a["email"] for a in ev["attendees"]] == ["c@corp.com"]  # replaced wholesale
    (_, logged) = await events_log(client, admin)
    assert logged["data"]["operation"] == "update" and logged["data"]["status"] is None


async def test_delete_non_recurring(client, admin, world):
    keep = await create(client, admin, title="Keep")
    gone = await create(client, admin, title="Gone")
    r = await client.post("/calendar/delete", headers=admin, json={"event_id": gone})
    assert r.status_code == 200 and r.json()["status"] == "executed"
    assert r.json()["message"] == f"Deleted calendar event: {gone}"
    state = await get_state(client, admin)
    assert list(state["events"]) == [keep]
    assert state["calendars"]["primary"]["event_ids"] == [keep]
    assert (await events_log(client, admin))[-1]["data"]["operation"] == "delete"


@pytest.mark.parametrize("path,body", [
    ("/calendar/update", {"event_id": "missing", "title": "x"}),
    ("/calendar/delete", {"event_id": "missing"}),
])
async def test_missing_event_fails_with_200(client, admin, world, path, body):
    r = await client.post(path, headers=admin, json=body)
    assert r.status_code == 200
    assert r.json()["status"] == "failed" and "not found" in r.json()["message"]
    (logged,) = await events_log(client, admin)
    assert logged["status"] == "failed" and "missing" in logged["error_message"]


# ------------------------------------------------------------------------------------------------ respond
async def test_respond_success_is_case_insensitive(client, admin, world):
    event_id = await create(client, admin, attendees=[{"email": "user@example.com"}, {"email": "bob@corp.com"}])
    r = await client.post("/calendar/respond", headers=admin, json={
        "event_id": event_id, "attendee_email": "USER@Example.com", "response": "declined", "comment": "Away"})
    assert r.status_code == 200
    assert r.json()["status"] == "executed"
    assert r.json()["message"] == f"Responded to event {event_id}: USER@Example.com -> declined"
    attendees = (await get_state(client, admin))["events"][event_id]["attendees"]
    assert attendees[0]["response"] == "declined" and attendees[0]["comment"] == "Away"
    assert attendees[1]["response"] == "needs-action"
    logged = (await events_log(client, admin))[-1]
    assert logged["data"]["operation"] == "respond" and logged["data"]["response"] == "declined"
    assert logged["data"]["attendee_email"] == "USER@Example.com" and logged["data"]["response_comment"] == "Away"


@pytest.mark.parametrize("missing", ["attendee", "event"])
async def test_respond_fails_for_missing_attendee_or_event(client, admin, world, missing):
    event_id = await create(client, admin, attendees=[{"email": "bob@corp.com"}])
    before = await get_state(client, admin)
    body = {"event_id": event_id if missing == "attendee" else "no-such-event",
            "attendee_email": "stranger@corp.com", "response": "accepted"}
    r = await client.post("/calendar/respond", headers=admin, json=body)
    assert r.status_code == 200
    assert r.json()["status"] == "failed" and "not found" in r.json()["message"]
    logged = (await events_log(client, admin))[-1]
    assert logged["status"] == "failed" and logged["error_message"].startswith("ExecutionError")
    assert await get_state(client, admin) == before


# ------------------------------------------------------------------------------------------------ query
async def test_query_filters_sorting_and_pagination(client, admin, world):
    a = await create(client, admin, title="Alpha sync", start=MON + timedelta(days=2), status="tentative",
                     attendees=[{"email": "a@corp.com"}])
    b = await create(client, admin, title="Beta", start=MON, description="budget talk", calendar_id="work")
    c = await create(client, admin, title="Gamma", start=MON + timedelta(days=1), location="Budget room",
                     recurrence={"frequency": "daily", "end_type": "count", "count": 3})
    ids = lambda res: [e["event_id"] for e in res["events"]]  # noqa: E731
    everything = await query(client, admin)
    assert ids(everything) == [b, c, a] and everything["total_count"] == 3
    assert ids(await query(client, admin, sort_order="desc")) == [a, c, b]
    assert ids(await query(client, admin, sort_by="status")) == [b, c, a]
    assert ids(await query(client, admin, sort_by="end", sort_order="desc")) == [a, c, b]
    assert ids(await query(client, admin, search="BUDGET")) == [b, c]
    assert ids(await query(client, admin, search="sync")) == [a]
    assert ids(await query(client, admin, calendar_ids=["work"])) == [b]
    assert ids(await query(client, admin, calendar_ids=["primary"])) == [c, a]
    assert ids(await query(client, admin, status="tentative")) == [a]
    assert ids(await query(client, admin, has_attendees=True)) == [a]
    assert ids(await query(client, admin, has_attendees=False)) == [b, c]
    assert ids(await query(client, admin, recurring=True)) == [c]
    assert ids(await query(client, admin, recurring=False)) == [b, a]
    page = await query(client, admin, limit=1, offset=1)
    assert ids(page) == [c] and page["count"] == 1 and page["total_count"] == 3
    assert ids(await query(client, admin, offset=2)) == [a]
    assert ids(await query(client, admin, limit=0)) == [b, c, a]  # like real UES, 0 = no limit
    # The python client sends {} for a bare call; a missing body is accepted too.
    r = await client.post("/calendar/query", headers=admin)
    assert r.status_code == 200 and r.json()["total_count"] == 3


async def test_query_range_is_an_inclusive_overlap(client, admin, world):
    event_id = await create(client, admin, start=MON, minutes=60)

    async def hit(**rng: datetime) -> bool:
        res = await query(client, admin, **{k: iso(v) for k, v in rng.items()})
        return [e["event_id"] for e in res["events"]] == [event_id]

    assert await hit(start=MON + timedelta(minutes=60))  # end >= start_param
    assert not await hit(start=MON + timedelta(minutes=61))
    assert await hit(end=MON)  # start <= end_param
    assert not await hit(end=MON - timedelta(seconds=1))
    assert await hit(start=MON + timedelta(minutes=10), end=MON + timedelta(minutes=20))
    assert await hit(start=MON - timedelta(days=1), end=MON + timedelta(days=1))
    # Offsets and naive datetimes (UTC) are accepted.
    assert await hit(start=datetime(2026, 2, 2, 10, 0), end=datetime(2026, 2, 2, 10, 0))
    res = await query(client, admin, start="2026-02-02T04:00:00-05:00", end="2026-02-02T04:00:00-05:00")
    assert res["total_count"] == 1


# ------------------------------------------------------------------------------------------------ recurrence
async def test_weekly_expansion_over_two_weeks(client, admin, world):
    master = await create(client, admin, title="Standup", minutes=30, recurrence=weekly("monday", "wednesday"))
    res = await query(client, admin, start="2026-02-02T00:00:00Z", end="2026-02-15T23:59:59Z",
                      expand_recurring=True)
    assert res["total_count"] == 4
    assert [(canon(e["start"]), canon(e["end"])) for e in res["events"]] == [
        ("2026-02-02T09:00:00+00:00", "2026-02-02T09:30:00+00:00"),
        ("2026-02-04T09:00:00+00:00", "2026-02-04T09:30:00+00:00"),
        ("2026-02-09T09:00:00+00:00", "2026-02-09T09:30:00+00:00"),
        ("2026-02-11T09:00:00+00:00", "2026-02-11T09:30:00+00:00")]
    assert {e["event_id"] for e in res["events"]} == {master}
    assert [e["recurrence_id"] for e in res["events"]] == ["2026-02-02", "2026-02-04", "2026-02-09", "2026-02-11"]
    assert all(e["title"] == "Standup" and e["recurrence"]["frequency"] == "weekly" for e in res["events"])
    # Without expansion the master is matched on its own start/end only.
    assert (await query(client, admin, start="2026-02-09T00:00:00Z", end="2026-02-15T00:00:00Z"))["count"] == 0
    desc = await query(client, admin, start="2026-02-02T00:00:00Z", end="2026-02-15T23:59:59Z",
                       expand_recurring=True, sort_order="desc", limit=2)
    assert starts(desc) == ["2026-02-11T09:00:00+00:00", "2026-02-09T09:00:00+00:00"]
    assert desc["total_count"] == 4


async def test_expansion_mixes_with_single_events_and_pagination(client, admin, world):
    await create(client, admin, title="Daily", recurrence={"frequency": "daily"})
    await create(client, admin, title="Once", start=MON + timedelta(days=1, hours=3))
    res = await query(client, admin, start=iso(MON), end=iso(MON + timedelta(days=2, hours=23)),
                      expand_recurring=True)
    assert [e["title"] for e in res["events"]] == ["Daily", "Daily", "Once", "Daily"]
    page = await query(client, admin, start=iso(MON), end=iso(MON + timedelta(days=2, hours=23)),
                       expand_recurring=True, offset=1, limit=2)
    assert [e["title"] for e in page["events"]] == ["Daily", "Once"] and page["total_count"] == 4


@pytest.mark.parametrize("recurrence,exceptions,start,window,expected", [
    # exceptions are removed
    (weekly("monday", "wednesday"), ["2026-02-04", "2026-02-09"], MON, 13,
     ["2026-02-02", "2026-02-11"]),
    # count counts generated occurrences (an excepted one still uses its slot, RFC 5545)
    (weekly("monday", "wednesday", end_type="count", count=4), ["2026-02-04"], MON, 60,
     ["2026-02-02", "2026-02-09", "2026-02-11"]),
    ({"frequency": "daily", "end_type": "count", "count": 3}, [], MON, 30,
     ["2026-02-02", "2026-02-03", "2026-02-04"]),
    ({"frequency": "daily", "end_type": "until", "end_date": "2026-02-05"}, [], MON, 30,
     ["2026-02-02", "2026-02-03", "2026-02-04", "2026-02-05"]),
    ({"frequency": "daily", "interval": 3}, [], MON, 10,
     ["2026-02-02", "2026-02-05", "2026-02-08", "2026-02-11"]),
    ({"frequency": "daily", "days_of_week": ["saturday", "sunday"]}, [], MON, 14,
     ["2026-02-07", "2026-02-08", "2026-02-14", "2026-02-15"]),
    # every other week; the first week is the week of the start, Monday-based
    (weekly("tuesday", "sunday", interval=2), [], MON, 21,
     ["2026-02-03", "2026-02-08", "2026-02-17", "2026-02-22"]),
    # a weekday before the start in the first week is not an occurrence
    (weekly("monday", "friday"), [], MON + timedelta(days=2), 6,
     ["2026-02-06", "2026-02-09"]),
    # months without a 31st are skipped
    ({"frequency": "monthly", "day_of_month": 31}, [], datetime(2026, 1, 31, 9, tzinfo=UTC), 160,
     ["2026-01-31", "2026-03-31", "2026-05-31"]),
    ({"frequency": "monthly", "day_of_month": 15, "interval": 2}, [], MON, 170,
     ["2026-02-15", "2026-04-15", "2026-06-15"]),
    # 29 February happens only in leap years
    ({"frequency": "yearly", "month_of_year": 2, "day_of_month": 29}, [], datetime(2024, 2, 29, 9, tzinfo=UTC),
     365 * 5, ["2024-02-29", "2028-02-29"]),
    ({"frequency": "yearly", "month_of_year": 7, "day_of_month": 4, "end_type": "count", "count": 2}, [], MON,
     365 * 4, ["2026-07-04", "2027-07-04"]),
])
async def test_recurrence_rules(client, admin, world, recurrence, exceptions, start, window, expected):
    await create(client, admin, start=start, recurrence=recurrence, recurrence_exceptions=exceptions)
    res = await query(client, admin, start=iso(start - timedelta(days=1)), end=iso(start + timedelta(days=window)),
                      expand_recurring=True)
    assert [e["start"][:10] for e in res["events"]] == expected
    assert all(canon(e["start"])[10:] == start.isoformat()[10:] for e in res["events"])


async def test_expansion_far_from_the_series_start(client, admin, world):
    old = datetime(2020, 1, 1, 9, 0, tzinfo=UTC)
    await create(client, admin, start=old, recurrence={"frequency": "daily"})
    await create(client, admin, title="Biweekly", start=datetime(2026, 1, 5, 10, tzinfo=UTC),
                 recurrence=weekly("monday", interval=2))
    res = await query(client, admin, start="2026-03-01T00:00:00Z", end="2026-03-31T23:59:59Z",
                      expand_recurring=True, search="biweekly")
    assert starts(res) == ["2026-03-02T10:00:00+00:00", "2026-03-16T10:00:00+00:00",
                                                     "2026-03-30T10:00:00+00:00"]
    res = await query(client, admin, start="2026-02-02T09:15:00Z", end="2026-02-04T09:00:00Z",
                      expand_recurring=True, search="event")
    assert starts(res) == ["2026-02-02T09:00:00+00:00", "2026-02-03T09:00:00+00:00", "2026-02-04T09:00:00+00:00"]


async def test_expansion_without_a_range_is_bounded(client, admin, world):
    await create(client, admin, recurrence={"frequency": "daily"})
    t = time.monotonic()
    res = await query(client, admin, expand_recurring=True)
    assert time.monotonic() - t < 5
    assert 360 <= res["total_count"] <= 367
    assert canon(res["events"][0]["start"]) == iso(MON)
    only_start = await query(client, admin, start="2027-01-01T00:00:00Z", expand_recurring=True)
    assert canon(only_start["events"][0]["start"]) == "2027-01-01T09:00:00+00:00"
    assert 360 <= only_start["total_count"] <= 367
    only_end = await query(client, admin, end="2026-02-04T23:00:00Z", expand_recurring=True)
    assert starts(only_end) == [iso(MON), iso(MON + timedelta(days=1)), iso(MON + timedelta(days=2))]
    # A huge explicit range is capped rather than looping for ever.
    t = time.monotonic()
    huge = await query(client, admin, start="2026-01-01T00:00:00Z", end="9000-01-01T00:00:00Z",
                       expand_recurring=True, limit=1)
    assert time.monotonic() - t < 10 and 0 < huge["total_count"] <= 5000


def _has_zone(name: str) -> bool:
    try:
        ZoneInfo(name)
    except Exception:
        return False
    return True


@pytest.mark.skipif(not _has_zone("America/New_York"), reason="no IANA time zone data on this machine")
async def test_expansion_keeps_wall_clock_time_across_dst(client, admin, world):
    start = datetime(2026, 3, 6, 14, 0, tzinfo=UTC)  # 09:00 in New York (EST)
    await create(client, admin, start=start, timezone="America/New_York", recurrence={"frequency": "daily"})
    res = await query(client, admin, start="2026-03-06T00:00:00Z", end="2026-03-09T23:00:00Z",
                      expand_recurring=True)
    # DST starts on 8 March: 09:00 EDT is 13:00 UTC.
    assert starts(res) == ["2026-03-06T14:00:00+00:00", "2026-03-07T14:00:00+00:00",
                           "2026-03-08T13:00:00+00:00", "2026-03-09T13:00:00+00:00"]


async def test_delete_one_occurrence_and_the_future(client, admin, world):
    master = await create(client, admin, recurrence=weekly("monday", "wednesday"))
    r = await client.post("/calendar/delete", headers=admin, json={
        "event_id": master, "recurrence_scope": "this", "recurrence_id": "2026-02-04"})
    assert r.json()["status"] == "executed"
    rng = {"start": "2026-02-01T00:00:00Z", "end": "2026-03-01T00:00:00Z", "expand_recurring": True}
    assert [s[:10] for s in starts(await query(client, admin, **rng))][:3] == ["2026-02-02", "2026-02-09",
                                                                                 "2026-02-11"]
    assert (await get_state(client, admin))["events"][master]["recurrence_exceptions"] == ["2026-02-04"]
    r = await client.post("/calendar/delete", headers=admin, json={
        "event_id": master, "recurrence_scope": "this_and_future", "recurrence_id": "2026-02-11"})
    assert r.json()["status"] == "executed"
    assert [s[:10] for s in starts(await query(client, admin, **rng))] == ["2026-02-02", "2026-02-09"]
    rule = (await get_state(client, admin))["events"][master]["recurrence"]
    assert (rule["end_type"], rule["end_date"]) == ("until", "2026-02-10")
    # Scope "all" removes the series.
    r = await client.post("/calendar/delete", headers=admin, json={"event_id": master, "recurrence_scope": "all"})
    assert r.json()["status"] == "executed"
    assert (await get_state(client, admin))["events"] == {}


async def test_delete_future_of_a_counted_series_keeps_the_count_semantics(client, admin, world):
    master = await create(client, admin, recurrence={"frequency": "daily", "end_type": "count", "count": 10})
    await client.post("/calendar/delete", headers=admin, json={
        "event_id": master, "recurrence_scope": "this_and_future", "recurrence_id": "2026-02-05"})
    res = await query(client, admin, start="2026-02-01T00:00:00Z", end="2026-03-01T00:00:00Z",
                      expand_recurring=True)
    assert [s[:10] for s in starts(res)] == ["2026-02-02", "2026-02-03", "2026-02-04"]
    assert (await get_state(client, admin))["events"][master]["recurrence"]["count"] == 3
    # Cutting at the first occurrence leaves nothing: the series is deleted.
    await client.post("/calendar/delete", headers=admin, json={
        "event_id": master, "recurrence_scope": "this_and_future", "recurrence_id": "2026-02-02"})
    assert (await get_state(client, admin))["events"] == {}


async def test_delete_recurring_without_recurrence_id_deletes_the_series(client, admin, world):
    master = await create(client, admin, recurrence={"frequency": "daily"})
    r = await client.post("/calendar/delete", headers=admin, json={"event_id": master})
    assert r.json()["status"] == "executed"
    assert (await get_state(client, admin))["event_count"] == 0


async def test_update_one_occurrence_creates_a_modified_occurrence(client, admin, world):
    master = await create(client, admin, title="Standup", recurrence=weekly("monday", "wednesday"),
                          attendees=[{"email": "bob@corp.com"}])
    r = await client.post("/calendar/update", headers=admin, json={
        "event_id": master, "recurrence_scope": "this", "recurrence_id": "2026-02-04", "title": "Late standup",
        "start": "2026-02-04T15:00:00Z", "end": "2026-02-04T15:30:00Z"})
    assert r.json()["status"] == "executed"
    child_id = (await events_log(client, admin))[-1]["data"]["created_event_id"]
    state = await get_state(client, admin)
    child = state["events"][child_id]
    assert (child["title"], child["parent_event_id"], child["recurrence_id"], child["recurrence"]) == \
        ("Late standup", master, "2026-02-04", None)
    assert child["attendees"] == state["events"][master]["attendees"]
    assert state["events"][master]["recurrence_exceptions"] == ["2026-02-04"]
    assert state["events"][master]["title"] == "Standup"
    res = await query(client, admin, start="2026-02-02T00:00:00Z", end="2026-02-08T00:00:00Z",
                      expand_recurring=True)
    assert [(e["title"], canon(e["start"])) for e in res["events"]] == [
        ("Standup", "2026-02-02T09:00:00+00:00"), ("Late standup", "2026-02-04T15:00:00+00:00")]
    # Responding to the modified occurrence leaves the series alone.
    r = await client.post("/calendar/respond", headers=admin, json={
        "event_id": child_id, "attendee_email": "bob@corp.com", "response": "accepted"})
    assert r.json()["status"] == "executed"
    state = await get_state(client, admin)
    assert state["events"][master]["attendees"][0]["response"] == "needs-action"
    # A second edit of the same occurrence edits the existing copy; an edit without times keeps the slot.
    await client.post("/calendar/update", headers=admin, json={
        "event_id": master, "recurrence_scope": "this", "recurrence_id": "2026-02-04", "location": "Café"})
    assert (await get_state(client, admin))["event_count"] == 2
    await client.post("/calendar/update", headers=admin, json={
        "event_id": master, "recurrence_scope": "this", "recurrence_id": "2026-02-09", "location": "Roof"})
    state = await get_state(client, admin)
    moved = [e for e in state["events"].values() if e["recurrence_id"] == "2026-02-09"]
    assert canon(moved[0]["start"]) == "2026-02-09T09:00:00+00:00" and moved[0]["location"] == "Roof"
    # Deleting the series (scope all) removes its modified occurrences too.
    await client.post("/calendar/delete", headers=admin, json={"event_id": master, "recurrence_scope": "all"})
    assert (await get_state(client, admin))["events"] == {}


async def test_update_this_and_future_splits_the_series(client, admin, world):
    master = await create(client, admin, title="Sync", recurrence=weekly("monday", "wednesday"),
                          recurrence_exceptions=["2026-02-02", "2026-02-16"])
    r = await client.post("/calendar/update", headers=admin, json={
        "event_id": master, "recurrence_scope": "this_and_future", "recurrence_id": "2026-02-09",
        "title": "Sync v2"})
    assert r.json()["status"] == "executed"
    new_id = (await events_log(client, admin))[-1]["data"]["created_event_id"]
    state = await get_state(client, admin)
    assert state["events"][master]["recurrence"]["end_date"] == "2026-02-08"
    assert state["events"][master]["recurrence_exceptions"] == ["2026-02-02"]
    assert state["events"][new_id]["recurrence_exceptions"] == ["2026-02-16"]
    assert canon(state["events"][new_id]["start"]) == "2026-02-09T09:00:00+00:00"
    res = await query(client, admin, start="2026-02-01T00:00:00Z", end="2026-02-19T00:00:00Z",
                      expand_recurring=True)
    assert [(e["title"], e["start"][:10]) for e in res["events"]] == [
        ("Sync", "2026-02-04"), ("Sync v2", "2026-02-09"), ("Sync v2", "2026-02-11"), ("Sync v2", "2026-02-18")]
    # Scope "all" edits the (now shortened) master in place.
    await client.post("/calendar/update", headers=admin, json={
        "event_id": master, "recurrence_scope": "all", "location": "HQ"})
    assert (await get_state(client, admin))["events"][master]["location"] == "HQ"


async def test_split_of_a_counted_series_shares_the_count(client, admin, world):
    master = await create(client, admin, recurrence={"frequency": "daily", "end_type": "count", "count": 5})
    await client.post("/calendar/update", headers=admin, json={
        "event_id": master, "recurrence_scope": "this_and_future", "recurrence_id": "2026-02-04",
        "start": "2026-02-04T12:00:00Z", "end": "2026-02-04T12:30:00Z"})
    res = await query(client, admin, start="2026-02-01T00:00:00Z", end="2026-03-01T00:00:00Z",
                      expand_recurring=True)
    assert starts(res) == ["2026-02-02T09:00:00+00:00", "2026-02-03T09:00:00+00:00", "2026-02-04T12:00:00+00:00",
                           "2026-02-05T12:00:00+00:00", "2026-02-06T12:00:00+00:00"]


# ------------------------------------------------------------------------------------------------ calendar list
async def test_calendar_list_management(client, admin, world):
    r = await client.get("/calendar/calendars", headers=admin)
    assert r.status_code == 200
    assert r.json()["count"] == 1 and r.json()["default_calendar_id"] == "primary"
    assert set(r.json()["calendars"][0]) == {"calendar_id", "name", "color", "visible", "event_count",
                                             "created_at", "updated_at"}
    r = await client.post("/calendar/calendars/create", headers=admin, json={
        "calendar_id": "work", "name": "Work", "color": "#00ff00", "visible": False})
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "success" and r.json()["message"] == "Created calendar: Work"
    assert r.json()["calendar"] == {"calendar_id": "work", "name": "Work", "color": "#00ff00", "visible": False,
                                    "event_count": 0, "created_at": iso(T0), "updated_at": iso(T0)}
    r = await client.post("/calendar/calendars/create", headers=admin, json={"calendar_id": "work", "name": "W"})
    assert r.status_code == 400 and "already exists" in r.json()["detail"]
    r = await client.post("/calendar/calendars/update", headers=admin, json={"calendar_id": "work", "name": "Job"})
    assert r.status_code == 200 and r.json()["calendar"]["name"] == "Job"
    assert r.json()["calendar"]["color"] == "#00ff00"
    r = await client.post("/calendar/calendars/update", headers=admin, json={"calendar_id": "nope", "name": "x"})
    assert r.status_code == 404
    r = await client.post("/calendar/calendars/set-default", headers=admin, json={"calendar_id": "nope"})
    assert r.status_code == 404
    r = await client.post("/calendar/calendars/set-default", headers=admin, json={"calendar_id": "work"})
    assert r.status_code == 200 and r.json()["message"] == "Set default calendar to: Job"
    # Without a calendar_id, new events go to the default calendar.
    in_work = await create(client, admin)
    assert (await get_state(client, admin))["events"][in_work]["calendar_id"] == "work"
    r = await client.post("/calendar/calendars/delete", headers=admin, json={"calendar_id": "work"})
    assert r.status_code == 400 and "default" in r.json()["detail"]
    await client.post("/calendar/calendars/set-default", headers=admin, json={"calendar_id": "primary"})
    in_primary = await create(client, admin)
    r = await client.post("/calendar/calendars/delete", headers=admin, json={"calendar_id": "work"})
    assert r.status_code == 200 and r.json() == {"status": "success", "message": "Deleted calendar: Job",
                                                 "calendar": None}
    r = await client.post("/calendar/calendars/delete", headers=admin, json={"calendar_id": "work"})
    assert r.status_code == 404
    state = await get_state(client, admin)
    assert list(state["calendars"]) == ["primary"] and list(state["events"]) == [in_primary]
    ops = [e["data"]["operation"] for e in await events_log(client, admin)]
    assert ops == ["create_calendar", "update_calendar", "set_default_calendar", "create",
                   "set_default_calendar", "create", "delete_calendar"]


async def test_purple_cannot_manage_calendars(client, purple, world):
    for method, path in [("GET", "/calendar/calendars"), ("POST", "/calendar/calendars/create"),
                         ("POST", "/calendar/calendars/set-default")]:
        r = await client.request(method, path, headers=purple.headers, json={"calendar_id": "x", "name": "x"})
        assert r.status_code == 403 and "calendar:calendars:" in r.json()["detail"]
    assert (await client.get("/calendar/state", headers=purple.headers)).status_code == 200


# ------------------------------------------------------------------------------------------------ events, undo
async def test_calendar_events_via_the_queue(client, admin, world):
    r = await client.post("/events/immediate", headers=admin, json={"modality": "calendar", "data": {
        "operation": "create", "title": "Queued", "start": iso(MON), "end": iso(MON + timedelta(hours=1))}})
    assert r.status_code == 200, r.text
    assert (await get_state(client, admin))["event_count"] == 0  # not executed until the next advance
    assert (await client.post("/simulation/start", headers=admin, json={})).status_code == 200
    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 1})
    assert r.json()["events_executed"] == 1 and r.json()["events_failed"] == 0
    (logged,) = await events_log(client, admin)
    state = await get_state(client, admin)
    assert list(state["events"]) == [logged["data"]["event_id"]]
    assert logged["data"]["calendar_id"] == "primary"
    r = await client.post("/events", headers=admin, json={
        "scheduled_time": iso(T0 + timedelta(hours=1)), "modality": "calendar",
        "data": {"operation": "create", "title": "Bad", "start": iso(MON), "end": iso(MON)}})
    assert r.status_code == 422 and "end" in r.json()["detail"]


async def test_undo_redo_and_reset_replay_exactly(client, admin, world):
    assert (await client.post("/simulation/start", headers=admin, json={})).status_code == 200
    master = await create(client, admin, recurrence=weekly("monday", "wednesday"),
                          attendees=[{"email": "bob@corp.com"}])
    await client.post("/calendar/calendars/create", headers=admin, json={"calendar_id": "work", "name": "Work"})
    await client.post("/calendar/update", headers=admin, json={
        "event_id": master, "recurrence_scope": "this", "recurrence_id": "2026-02-04", "title": "Moved"})
    after_occurrence = await get_state(client, admin)
    await client.post("/calendar/update", headers=admin, json={
        "event_id": master, "recurrence_scope": "this_and_future", "recurrence_id": "2026-02-09", "title": "v2"})
    await client.post("/calendar/respond", headers=admin, json={
        "event_id": master, "attendee_email": "bob@corp.com", "response": "accepted"})
    final = await get_state(client, admin)
    r = await client.post("/simulation/undo", headers=admin, json={"count": 2})
    assert r.json()["undone_count"] == 2
    assert await get_state(client, admin) == after_occurrence
    r = await client.post("/simulation/redo", headers=admin, json={"count": 2})
    assert r.json()["redone_count"] == 2
    assert await get_state(client, admin) == final
    r = await client.post("/simulation/reset", headers=admin)
    assert r.status_code == 200
    assert (await get_state(client, admin))["events"] == {}
    # Reset puts the action events back to pending: the next advance re-applies them with the same ids.
    assert (await client.post("/simulation/start", headers=admin, json={})).status_code == 200
    r = await client.post("/simulator/time/advance", headers=admin, json={"seconds": 1})
    assert r.json()["events_failed"] == 0
    replayed = await get_state(client, admin)
    assert replayed["events"] == final["events"] and replayed["calendars"].keys() == final["calendars"].keys()


# ------------------------------------------------------------------------------------------------ import / export
async def test_export_import_round_trip(client, admin, world):
    await create(client, admin, title="Series", recurrence=weekly("friday", end_type="until", end_date="2026-06-01"),
                 recurrence_exceptions=["2026-02-13"], attendees=[{"email": "a@corp.com", "response": "tentative"}],
                 reminders=[{"minutes_before": 5, "type": "email"}], timezone="Europe/Paris",
                 attachments=[{"filename": "x.txt", "size": 0, "mime_type": "text/plain", "url": "http://f"}])
    await create(client, admin, title="Work item", calendar_id="work", organizer="boss@corp.com")
    await client.post("/calendar/calendars/update", headers=admin, json={"calendar_id": "work", "visible": False})
    before = await get_state(client, admin)
    exported = (await client.get("/scenario/export/full", headers=admin)).json()["scenario"]
    assert (await client.post("/simulation/clear", headers=admin)).status_code == 200
    cleared = await get_state(client, admin)
    assert cleared["events"] == {} and list(cleared["calendars"]) == ["primary"]
    r = await client.post("/scenario/import/full", headers=admin, json={"scenario": exported})
    assert r.status_code == 200, r.text
    assert await get_state(client, admin) == before
    again = (await client.get("/scenario/export/full", headers=admin)).json()["scenario"]
    assert again["environment"]["modality_states"]["calendar"] == exported["environment"]["modality_states"][
        "calendar"]
    assert (await client.post("/simulation/start", headers=admin, json={})).status_code == 200


async def test_import_with_empty_calendars_creates_primary_and_links_events(client, admin):
    event = {"event_id": "cal_1", "calendar_id": "primary", "title": "Dentist", "start": "2026-02-03T10:00:00Z",
             "end": "2026-02-03T11:00:00", "attendees": [{"email": "Me@Example.com"}]}
    r = await client.post("/scenario/import/full", headers=admin, json={"scenario": scenario(calendar_state(
        events={"cal_1": event}, user_timezone="Europe/Paris"))})
    assert r.status_code == 200, r.text
    state = await get_state(client, admin)
    assert state["calendars"]["primary"]["name"] == "Personal"
    assert state["calendars"]["primary"]["event_ids"] == ["cal_1"]
    ev = state["events"]["cal_1"]
    assert canon(ev["end"]) == "2026-02-03T11:00:00+00:00" and ev["attendees"][0]["email"] == "me@example.com"
    assert parse_dt(ev["created_at"]) == T0 and ev["status"] == "confirmed"
    assert (await client.post("/simulation/start", headers=admin, json={})).status_code == 200
    # clear keeps the user's time zone and re-creates "primary".
    await client.post("/simulation/clear", headers=admin)
    state = await get_state(client, admin)
    assert state["user_timezone"] == "Europe/Paris" and list(state["calendars"]) == ["primary"]
    assert state["events"] == {}


@pytest.mark.parametrize("event,field", [
    ({"calendar_id": "primary", "start": "2026-02-03T10:00:00Z", "end": "2026-02-03T11:00:00Z"}, "events.e1.title"),
    ({"calendar_id": "primary", "title": "x", "start": "soon", "end": "2026-02-03T11:00:00Z"}, "events.e1.start"),
    ({"calendar_id": "primary", "title": "x", "start": "2026-02-03T10:00:00Z", "end": "2026-02-03T11:00:00Z",
      "attendees": [{"email": "nope"}]}, "events.e1.attendees[0].email"),
    ({"calendar_id": "primary", "title": "x", "start": "2026-02-03T10:00:00Z", "end": "2026-02-03T11:00:00Z",
      "recurrence": {"frequency": "fortnightly"}}, "events.e1.recurrence.frequency"),
    ({"calendar_id": "primary", "title": "x", "start": "2026-02-03T10:00:00Z", "end": "2026-02-03T11:00:00Z",
      "recurrence_exceptions": ["someday"]}, "events.e1.recurrence_exceptions[0]"),
    ({"event_id": "other", "calendar_id": "primary", "title": "x", "start": "2026-02-03T10:00:00Z",
      "end": "2026-02-03T11:00:00Z"}, "events.e1.event_id"),
])
async def test_import_rejects_invalid_state_naming_the_field(client, admin, event, field):
    r = await client.post("/scenario/import/full", headers=admin,
                          json={"scenario": scenario(calendar_state(events={"e1": event}))})
    assert r.status_code == 400, r.text
    assert field in r.json()["detail"]


async def test_start_reports_inconsistent_calendar_state(client, admin):
    events = {
        "e1": {"calendar_id": "primary", "title": "Backwards", "start": "2026-02-03T11:00:00Z",
               "end": "2026-02-03T10:00:00Z"},
        "e2": {"calendar_id": "ghost", "title": "Lost", "start": "2026-02-03T10:00:00Z",
               "end": "2026-02-03T11:00:00Z"},
    }
    calendars = {"primary": {"calendar_id": "primary", "name": "Personal", "event_ids": ["e1", "e9"]}}
    r = await client.post("/scenario/import/full", headers=admin,
                          json={"scenario": scenario(calendar_state(events=events, calendars=calendars))})
    assert r.status_code == 200, r.text
    r = await client.post("/simulation/start", headers=admin, json={})
    assert r.status_code == 400
    detail = r.json()["detail"]
    assert "e1" in detail and "not after start" in detail
    assert "missing calendar ghost" in detail and "missing event e9" in detail


# ------------------------------------------------------------------------------------------------ state contract
def _input(**fields: Any) -> CalendarInput:
    return CalendarInput(timestamp=T0, **fields)


def test_load_dump_round_trip_and_replay_are_exact():
    inputs = [
        _input(operation="create", title="Series", start=MON, end=MON + timedelta(hours=1),
               recurrence={"frequency": "weekly", "days_of_week": ["monday", "thursday"]},
               attendees=[{"email": "A@x.com"}], reminders=[{"minutes_before": 3}],
               attachments=[{"filename": "f", "size": 1, "mime_type": "m"}]),
        _input(operation="create", title="Other", calendar_id="side", start=MON, end=MON + timedelta(hours=2)),
        _input(operation="create_calendar", calendar_id="home", name="Home"),
    ]
    state = CalendarState.empty(T0)
    for inp in inputs:
        inp.check()
        state.apply(inp)
    master = inputs[0].event_id
    assert master is not None
    more = [
        _input(operation="update", event_id=master, recurrence_scope="this", recurrence_id="2026-02-05",
               title="Moved"),
        _input(operation="update", event_id=master, recurrence_scope="this_and_future", recurrence_id="2026-02-09",
               location="New room"),
        _input(operation="respond", event_id=master, attendee_email="a@x.com", response="accepted"),
        _input(operation="delete", event_id=inputs[1].event_id),
    ]
    for inp in more:
        state.apply(inp)
    assert all(inp.created_event_id for inp in more[:2])
    dumped = state.dump()
    assert CalendarState.load(dumped).dump() == dumped
    # Replaying the same inputs on the same starting state gives the same state, ids included.
    replay = CalendarState.empty(T0)
    for inp in inputs + more:
        replay.apply(inp)
    assert replay.dump() == dumped
    assert replay.validate_state() == []


def test_apply_is_atomic():
    state = CalendarState.empty(T0)
    create_inp = _input(operation="create", title="x", start=MON, end=MON + timedelta(hours=1))
    state.apply(create_inp)
    before = state.dump()
    bad = [
        _input(operation="update", event_id=create_inp.event_id, end=MON - timedelta(hours=1)),
        _input(operation="respond", event_id=create_inp.event_id, attendee_email="a@b.co", response="accepted"),
        _input(operation="create", event_id=create_inp.event_id, title="dup", start=MON, end=MON + timedelta(1)),
        _input(operation="delete", event_id="missing"),
        _input(operation="delete_calendar", calendar_id="primary"),
    ]
    for inp in bad:
        with pytest.raises(Exception):  # noqa: B017 - ExecutionError or ValueError, both fail the event
            state.apply(inp)
        assert state.dump() == before


def test_empty_keeps_user_timezone_and_validate_state():
    state = CalendarState.load(calendar_state(user_timezone="Asia/Tokyo", default_calendar_id="primary"))
    fresh = CalendarState.empty(T0, state)
    assert fresh.user_timezone == "Asia/Tokyo" and list(fresh.calendars) == ["primary"]
    assert CalendarState.empty(T0).user_timezone == "UTC"
    assert fresh.validate_state() == []
    assert fresh.summary() == "0 events in 1 calendars"
    assert fresh.compact()["calendars"]["primary"]["event_count"] == 0


def test_load_rejects_bad_top_level_fields():
    with pytest.raises(ValueError, match="calendars"):
        CalendarState.load(calendar_state(calendars=["primary"]))
    with pytest.raises(ValueError, match="last_updated"):
        CalendarState.load(calendar_state(last_updated="yesterday"))
    with pytest.raises(ValueError, match=r"calendars\.work\.name"):
        CalendarState.load(calendar_state(calendars={"work": {"color": "#fff"}}))


# ------------------------------------------------------------------------------------------------ speed
async def test_action_routes_stay_fast_as_the_calendar_grows(client, admin, world):
    """Each create/respond is a few dict operations: latency must not grow with the number of events."""
    async def batch(n: int, offset: int) -> float:
        t = time.perf_counter()
        for i in range(n):
            await create(client, admin, start=MON + timedelta(hours=offset + i),
                         attendees=[{"email": "bob@corp.com"}])
        return (time.perf_counter() - t) / n

    first = await batch(50, 0)
    await batch(400, 50)
    last = await batch(50, 1000)
    assert last < max(first * 4, 0.01), (first, last)
    assert (await get_state(client, admin))["event_count"] == 500
