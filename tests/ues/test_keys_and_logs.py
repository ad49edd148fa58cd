"""API keys, authentication/authorisation, rate limiting, access logs and the body limit (ues-api.md §1.3, §2.11)."""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import httpx

from services.ues.app import create_app
from services.ues.settings import UESSettings
from services.ues.timeutil import parse_dt

SECRET = "keys-and-logs-admin-" + "1" * 40
ADMIN = {"X-API-Key": SECRET}
MAIL = {"from_address": "user@example.com", "to_addresses": ["b@c.com"], "subject": "s", "body_text": "b"}


@contextlib.asynccontextmanager
async def app_client(**settings) -> AsyncIterator[httpx.AsyncClient]:
    """A client for an app built with specific settings (the shared fixture turns rate limiting off)."""
    app = create_app(UESSettings(**settings), admin_secret=SECRET)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://ues") as c:
        yield c


async def new_key(client, admin, name: str, permissions: list[str]) -> tuple[str, dict[str, str]]:
    r = await client.post("/keys", headers=admin, json={"name": name, "permissions": permissions})
    assert r.status_code == 201, r.text
    return r.json()["key_id"], {"X-API-Key": r.json()["secret"]}


async def admin_key_id(client, admin) -> str:
    keys = (await client.get("/keys", headers=admin)).json()["keys"]
    return next(k["key_id"] for k in keys if k["name"] == "Admin Key")


# ---------------------------------------------------------------------------------------------- keys
async def test_create_key_shows_secret_once(client, admin):
    r = await client.post("/keys", headers=admin, json={"name": "purple", "permissions": ["email:state"]})
    assert r.status_code == 201
    body = r.json()
    assert set(body) == {"key_id", "secret", "name", "permissions", "created_at", "created_by"}
    assert re.fullmatch(r"ues_[0-9a-f]{16}", body["key_id"])
    assert re.fullmatch(r"[0-9a-f]{64}", body["secret"])
    assert body["name"] == "purple" and body["permissions"] == ["email:state"]
    assert body["created_by"] == await admin_key_id(client, admin)
    assert abs(parse_dt(body["created_at"]) - datetime.now(UTC)) < timedelta(minutes=1)

    info = (await client.get(f"/keys/{body['key_id']}", headers=admin)).json()
    assert set(info) == {"key_id", "name", "permissions", "created_at", "created_by", "last_used_at", "is_active",
                         "revoked_at", "call_counts"}
    assert info["call_counts"] == []
    assert info["is_active"] is True and info["revoked_at"] is None and info["last_used_at"] is None
    listing = (await client.get("/keys", headers=admin)).json()
    assert body["secret"] not in json.dumps(listing) and body["secret"] not in json.dumps(info)

    # Using the key stamps last_used_at.
    assert (await client.get("/email/state", headers={"X-API-Key": body["secret"]})).status_code == 200
    info = (await client.get(f"/keys/{body['key_id']}", headers=admin)).json()
    assert info["last_used_at"] is not None


async def test_create_key_validation(client, admin):
    for bad in ({"name": "", "permissions": ["x"]}, {"name": "n" * 101, "permissions": ["x"]},
                {"name": "n", "permissions": []}, {"name": "n"}, {"permissions": ["x"]}):
        r = await client.post("/keys", headers=admin, json=bad)
        assert r.status_code == 422, bad


async def test_list_and_read_keys(client, admin):
    a, _ = await new_key(client, admin, "a", ["time:read"])
    b, _ = await new_key(client, admin, "b", ["time:read"])
    await client.delete(f"/keys/{b}", headers=admin)
    body = (await client.get("/keys", headers=admin)).json()
    assert body["total"] == 3 and body["active"] == 2 and body["revoked"] == 1
    names = {k["name"]: k for k in body["keys"]}
    assert set(names) == {"Admin Key", "a", "b"}
    assert names["Admin Key"]["permissions"] == ["*"] and names["Admin Key"]["created_by"] is None
    assert names["b"]["is_active"] is False and names["b"]["revoked_at"] is not None
    body = (await client.get("/keys", headers=admin, params={"include_revoked": "false"})).json()
    assert {k["name"] for k in body["keys"]} == {"Admin Key", "a"} and body["total"] == 2
    assert (await client.get(f"/keys/{a}", headers=admin)).json()["name"] == "a"
    r = await client.get("/keys/ues_0000000000000000", headers=admin)
    assert r.status_code == 404


async def test_revoke_key(client, admin):
    key_id, headers = await new_key(client, admin, "victim", ["time:read"])
    assert (await client.get("/simulator/time", headers=headers)).status_code == 200
    r = await client.delete(f"/keys/{key_id}", headers=admin)
    assert r.status_code == 200
    body = r.json()
    assert body["key_id"] == key_id and body["name"] == "victim" and body["revoked_at"] and body["message"]
    r = await client.get("/simulator/time", headers=headers)
    assert r.status_code == 401
    assert r.json()["detail"] == "Invalid or revoked API key."
    assert r.headers["www-authenticate"] == "ApiKey"
    assert (await client.delete(f"/keys/{key_id}", headers=admin)).status_code == 409
    assert (await client.delete("/keys/ues_ffffffffffffffff", headers=admin)).status_code == 404
    r = await client.delete(f"/keys/{await admin_key_id(client, admin)}", headers=admin)
    assert r.status_code == 400
    assert (await client.get("/simulator/time", headers=admin)).status_code == 200


async def test_authentication_errors(client, admin):
    r = await client.get("/simulator/time")
    assert r.status_code == 401
    assert r.json() == {"detail": "API key required. Provide X-API-Key header."}
    assert r.headers["www-authenticate"] == "ApiKey"
    r = await client.get("/simulator/time", headers={"X-API-Key": "wrong"})
    assert r.status_code == 401 and r.json()["detail"] == "Invalid or revoked API key."
    assert r.headers["www-authenticate"] == "ApiKey"
    # Bearer is accepted as an alias.
    r = await client.get("/simulator/time", headers={"Authorization": f"Bearer {admin['X-API-Key']}"})
    assert r.status_code == 200
    # Auth is checked before body validation.
    assert (await client.post("/email/send", json={"junk": 1})).status_code == 401
    # Unauthenticated endpoints.
    assert (await client.get("/health")).json() == {"status": "healthy"}
    root = (await client.get("/")).json()
    assert root["message"] == "Welcome to the User Environment Simulator API" and root["docs_url"] == "/docs"


async def test_permission_denied_names_the_permission(client, admin):
    _, headers = await new_key(client, admin, "reader", ["time:read"])
    r = await client.post("/simulator/time/advance", headers=headers, json={"seconds": 1})
    assert r.status_code == 403
    assert r.json()["detail"] == "Permission denied. Required permission: time:advance"
    # 403 before 422.
    r = await client.post("/keys", headers=headers, json={})
    assert r.status_code == 403 and r.json()["detail"].endswith("keys:create")


async def test_wildcard_permissions(client, admin):
    _, prefix = await new_key(client, admin, "prefix", ["email:*"])
    _, glob = await new_key(client, admin, "glob", ["email*"])
    _, star = await new_key(client, admin, "star", ["*"])
    _, keys_only = await new_key(client, admin, "minter", ["keys:create"])
    assert (await client.get("/email/state", headers=prefix)).status_code == 200
    assert (await client.post("/email/send", headers=prefix, json=MAIL)).status_code == 200
    assert (await client.get("/simulator/time", headers=prefix)).status_code == 403
    for path in ("/email/state", "/simulator/time"):
        assert (await client.get(path, headers=glob)).status_code == 403
    assert (await client.get("/simulator/time", headers=star)).status_code == 200
    assert (await client.get("/access-logs", headers=star)).status_code == 200
    # No privilege-escalation check: keys:create may mint "*".
    r = await client.post("/keys", headers=keys_only, json={"name": "escalated", "permissions": ["*"]})
    assert r.status_code == 201
    assert (await client.get("/keys", headers={"X-API-Key": r.json()["secret"]})).status_code == 200


# ---------------------------------------------------------------------------------------------- rate limit
async def test_rate_limit_and_admin_exemption():
    # A slow refill (one token per 5 s) keeps the test deterministic on a loaded machine.
    async with app_client(rate_limit_per_second=0.2, rate_limit_burst=3) as c:
        _, headers = await new_key(c, ADMIN, "limited", ["time:read"])
        for _ in range(3):
            assert (await c.get("/simulator/time", headers=headers)).status_code == 200
        r = await c.get("/simulator/time", headers=headers)
        assert r.status_code == 429
        assert 1 <= int(r.headers["retry-after"]) <= 5
        assert "Rate limit" in r.json()["detail"]
        # The admin key is never limited.
        for _ in range(20):
            assert (await c.get("/simulator/time", headers=ADMIN)).status_code == 200
        # Other keys have their own bucket.
        _, other = await new_key(c, ADMIN, "other", ["time:read"])
        assert (await c.get("/simulator/time", headers=other)).status_code == 200
        logs = (await c.get("/access-logs", headers=ADMIN, params={"status_code": 429})).json()
        assert logs["count"] == 1


# ---------------------------------------------------------------------------------------------- access logs
async def test_access_log_records_and_filters(client, admin, purple):
    assert (await client.get("/simulator/time", headers=purple.headers)).status_code == 200
    assert (await client.post("/simulation/start", headers=purple.headers)).status_code == 403
    assert (await client.get("/events")).status_code == 401
    assert (await client.post("/email/send", headers=admin, json={})).status_code == 422
    assert (await client.post("/email/send", headers=purple.headers, json=MAIL)).status_code == 200
    assert (await client.get("/health")).status_code == 200  # not logged

    r = await client.get("/access-logs", headers=admin)
    assert r.status_code == 200
    body = r.json()
    entries = body["entries"]
    assert set(body) == {"entries", "count", "total_in_log", "limit", "offset", "has_more"}
    assert body["count"] == len(entries) == 6 and body["total_in_log"] == 6  # incl. the purple key creation
    assert body["limit"] == 100 and body["offset"] == 0 and body["has_more"] is False
    assert set(entries[0]) == {"log_id", "timestamp", "method", "path", "key_id", "key_name", "status_code",
                               "duration_ms", "client_ip", "user_agent", "error_detail", "is_success", "is_error"}
    # Newest first.
    assert [e["log_id"] for e in entries] == sorted((e["log_id"] for e in entries), reverse=True)
    assert [e["path"] for e in entries] == ["/email/send", "/email/send", "/events", "/simulation/start",
                                            "/simulator/time", "/keys"]
    newest = entries[0]
    assert newest["key_id"] == purple.key_id and newest["key_name"] == "purple" and newest["status_code"] == 200
    assert newest["is_success"] is True and newest["is_error"] is False and newest["error_detail"] is None
    assert newest["method"] == "POST" and newest["duration_ms"] >= 0
    forbidden = entries[3]
    assert forbidden["status_code"] == 403 and forbidden["is_error"] is True
    assert "simulation:start" in forbidden["error_detail"]
    assert entries[2]["key_id"] is None and entries[2]["status_code"] == 401
    assert entries[1]["status_code"] == 422 and entries[1]["error_detail"]

    async def paths(**params) -> list[str]:
        r = await client.get("/access-logs", headers=admin, params=params)
        assert r.status_code == 200, r.text
        return [e["path"] for e in r.json()["entries"]]

    assert await paths(key_id=purple.key_id) == ["/email/send", "/simulation/start", "/simulator/time"]
    assert await paths(key_name="purple") == ["/email/send", "/simulation/start", "/simulator/time"]
    assert await paths(path_prefix="/sim") == ["/simulation/start", "/simulator/time"]
    assert await paths(method="get", path_prefix="/s") == ["/simulator/time"]
    assert await paths(status_code=401) == ["/events"]
    assert await paths(min_status_code=400, max_status_code=403) == ["/events", "/simulation/start"]
    assert await paths(errors_only="true") == ["/email/send", "/events", "/simulation/start"]

    all_entries = (await client.get("/access-logs", headers=admin, params={"limit": 1000})).json()["entries"]
    middle = next(e for e in all_entries if e["path"] == "/events")["timestamp"]
    since = await paths(since=middle, path_prefix="/e")
    assert since == ["/email/send", "/email/send", "/events"]
    until = await paths(until=middle, path_prefix="/e")
    assert until == ["/events"]
    r = await client.get("/access-logs", headers=admin, params={"since": "whenever"})
    assert r.status_code == 400

    r = await client.get("/access-logs", headers=admin, params={"limit": 2, "path_prefix": "/e"})
    page = r.json()
    assert [e["path"] for e in page["entries"]] == ["/email/send", "/email/send"] and page["has_more"] is True
    r = await client.get("/access-logs", headers=admin, params={"limit": 2, "offset": 2, "path_prefix": "/e"})
    page = r.json()
    assert [e["path"] for e in page["entries"]] == ["/events"] and page["has_more"] is False
    assert page["offset"] == 2 and page["limit"] == 2
    for bad in ({"limit": 0}, {"limit": 1001}, {"offset": -1}):
        assert (await client.get("/access-logs", headers=admin, params=bad)).status_code == 422
    # The purple key may not read logs.
    assert (await client.get("/access-logs", headers=purple.headers)).status_code == 403


async def test_access_log_stats_and_clear(client, admin, purple):
    await client.get("/simulator/time", headers=purple.headers)
    await client.get("/events")
    await client.post("/simulation/start", headers=purple.headers)
    r = await client.get("/access-logs/stats", headers=admin)
    assert r.status_code == 200
    stats = r.json()
    assert stats["total_entries"] == 4 and stats["max_entries"] == 10_000 and stats["is_full"] is False
    assert stats["success_count"] == 2 and stats["client_error_count"] == 2 and stats["server_error_count"] == 0
    assert stats["unique_keys"] == 2  # admin (key creation) and purple
    assert parse_dt(stats["earliest_timestamp"]) <= parse_dt(stats["latest_timestamp"])

    r = await client.post("/access-logs/clear", headers=admin)
    assert r.status_code == 200
    assert r.json()["cleared_count"] == 5 and r.json()["message"]
    stats = (await client.get("/access-logs/stats", headers=admin)).json()
    assert stats["total_entries"] == 1  # the clear request itself
    assert (await client.post("/access-logs/clear", headers=purple.headers)).status_code == 403


async def test_access_log_is_a_bounded_ring_buffer():
    async with app_client(rate_limit_per_second=0, access_log_size=5) as c:
        for _ in range(12):
            await c.get("/simulator/time", headers=ADMIN)
        stats = (await c.get("/access-logs/stats", headers=ADMIN)).json()
        assert stats["total_entries"] == 5 and stats["max_entries"] == 5 and stats["is_full"] is True
        body = (await c.get("/access-logs", headers=ADMIN)).json()
        assert body["total_in_log"] == 5
        ids = [e["log_id"] for e in body["entries"]]
        assert ids == sorted(ids, reverse=True) and ids[-1] > 1  # the oldest entries were dropped


# ---------------------------------------------------------------------------------------------- body limit
async def test_body_over_limit_is_413():
    async with app_client(rate_limit_per_second=0, max_body_bytes=2000) as c:
        _, headers = await new_key(c, ADMIN, "purple", ["email:send", "email:state"])
        big = {**MAIL, "body_text": "x" * 5000}
        r = await c.post("/email/send", headers=headers, json=big)
        assert r.status_code == 413
        assert "2000" in r.json()["detail"]
        small = {**MAIL, "body_text": "x" * 100}
        assert (await c.post("/email/send", headers=headers, json=small)).status_code == 200

        # Without Content-Length (chunked upload) the limit holds too.
        data = json.dumps(big).encode()

        async def chunks() -> AsyncIterator[bytes]:
            for i in range(0, len(data), 500):
                yield data[i:i + 500]

        r = await c.post("/email/send", headers={**headers, "content-type": "application/json"}, content=chunks())
        assert r.status_code == 413, r.text
        assert "2000" in r.json()["detail"]
        state = (await c.get("/email/state", headers=headers)).json()
        assert state["total_email_count"] == 1
        logs = (await c.get("/access-logs", headers=ADMIN, params={"status_code": 413})).json()
        assert logs["count"] == 2 and "too large" in logs["entries"][0]["error_detail"]

        # The admin key has a larger limit (scenario imports), with either header form.
        assert (await c.post("/email/send", headers=ADMIN, json=big)).status_code == 200
        bearer = {"Authorization": f"Bearer {SECRET}"}
        assert (await c.post("/email/send", headers=bearer, json=big)).status_code == 200


# ---------------------------------------------------------------------------------------------- every call named
async def test_every_refused_call_names_the_key_that_was_presented():
    """The log names the presented key also where no route authenticated it: a refused body (413, declared or
    chunked), an unknown route (404), a wrong method (405), a revoked key (401) — any method."""
    async with app_client(rate_limit_per_second=0, max_body_bytes=2000) as c:
        key_id, headers = await new_key(c, ADMIN, "purple", ["email:send", "email:state"])
        big = json.dumps({**MAIL, "body_text": "x" * 5000}).encode()

        async def chunks() -> AsyncIterator[bytes]:
            for i in range(0, len(big), 500):
                yield big[i:i + 500]

        calls = [
            (await c.post("/email/send", headers={**headers, "content-type": "application/json"}, content=big), 413),
            (await c.post("/email/send", headers={**headers, "content-type": "application/json"},
                          content=chunks()), 413),
            (await c.get("/no/such/route", headers=headers), 404),
            (await c.delete("/email/nothing-here", headers=headers), 404),
            (await c.get("/email/send", headers=headers), 405),
            (await c.patch("/email/state", headers=headers, json={}), 405),
            (await c.delete("/keys/ues_0000000000000000", headers=headers), 403),
            (await c.post("/email/send", headers=headers, json={}), 422),
        ]
        assert [r.status_code for r, _ in calls] == [status for _, status in calls]
        assert (await c.delete(f"/keys/{key_id}", headers=ADMIN)).status_code == 200
        assert (await c.get("/email/state", headers=headers)).status_code == 401
        # A secret that belongs to no key names none.
        assert (await c.get("/no/such/route", headers={"X-API-Key": "not-a-key"})).status_code == 404

        mine = (await c.get("/access-logs", headers=ADMIN, params={"key_id": key_id})).json()["entries"]
        assert [e["status_code"] for e in reversed(mine)] == [413, 413, 404, 404, 405, 405, 403, 422, 401]
        assert {e["key_name"] for e in mine} == {"purple"}
        assert [e["method"] for e in reversed(mine)][2:6] == ["GET", "DELETE", "GET", "PATCH"]
        anonymous = (await c.get("/access-logs", headers=ADMIN, params={"path_prefix": "/no/"})).json()["entries"]
        assert [e["key_id"] for e in anonymous] == [None, key_id]


async def test_access_log_pages_are_read_completely_by_the_client():
    """``UESClient.access_logs_since``: all of a key's entries after a log id, oldest first, however many pages;
    an entry at or before the id is where it stops, and a dropped one (a full ring buffer) shows."""
    from services.ues.client import UESClient

    app = create_app(UESSettings(rate_limit_per_second=0, access_log_size=40), admin_secret=SECRET)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://ues") as c:
        key_id, headers = await new_key(c, ADMIN, "purple", ["email:state"])
        reader = UESClient("http://ues", SECRET, http=c)
        for _ in range(23):
            await c.get("/email/state", headers=headers)
        await c.get("/keys", headers=headers)  # 403, the key's too
        entries, reached = await reader.access_logs_since(key_id, 0, page_size=4)
        ids = [e["log_id"] for e in entries]
        assert len(entries) == 24 and ids == sorted(ids) and len(set(ids)) == 24 and not reached
        assert entries[-1]["status_code"] == 403 and {e["key_id"] for e in entries} == {key_id}

        for _ in range(3):
            await c.get("/email/state", headers=headers)
        newer, reached = await reader.access_logs_since(key_id, ids[-1], page_size=2)
        assert len(newer) == 3 and reached and newer[0]["log_id"] > ids[-1]
        nothing, reached = await reader.access_logs_since(key_id, newer[-1]["log_id"], page_size=2)
        assert nothing == [] and reached

        # 50 more calls in a 40-entry log: the entry last seen is gone, and the read says so.
        for _ in range(50):
            await c.get("/email/state", headers=headers)
        kept, reached = await reader.access_logs_since(key_id, newer[-1]["log_id"], page_size=7)
        assert not reached and 0 < len(kept) <= 40


# ---------------------------------------------------------------------------------------------- per-key call counters
def counted(info: dict) -> dict[tuple[int, str, str], int]:
    return {(c["status_code"], c["method"], c["route"]): c["count"] for c in info["call_counts"]}


async def test_call_counters_survive_the_access_log_overflowing():
    """Every call of a key is counted by (status, method, route template) beside the ring buffer, which drops them:
    a flood cannot push earlier calls out of the counters."""
    async with app_client(rate_limit_per_second=0, access_log_size=5) as c:
        key_id, headers = await new_key(c, ADMIN, "purple", ["email:send", "email:state"])
        assert (await c.delete("/keys/ues_0000000000000001", headers=headers)).status_code == 403
        assert (await c.delete("/keys/ues_0000000000000002", headers=headers)).status_code == 403
        assert (await c.post("/email/send", headers=headers, json={})).status_code == 422
        assert (await c.patch("/email/send", headers=headers, json={})).status_code == 405
        assert (await c.get("/no/such/route", headers=headers)).status_code == 404
        for _ in range(30):
            assert (await c.get("/email/state", headers=headers)).status_code == 200

        mine = (await c.get("/access-logs", headers=ADMIN, params={"key_id": key_id})).json()["entries"]
        assert {e["status_code"] for e in mine} == {200}  # the log kept only the newest calls: the 403s are gone
        info = (await c.get(f"/keys/{key_id}", headers=ADMIN)).json()
        assert counted(info) == {(403, "DELETE", "/keys/{key_id}"): 2, (422, "POST", "/email/send"): 1,
                                 (405, "PATCH", "/email/send"): 1, (404, "GET", "/no/such/route"): 1,
                                 (200, "GET", "/email/state"): 30}
        # A revoked key's calls (401) are counted too; the listing of keys carries no counters.
        assert (await c.delete(f"/keys/{key_id}", headers=ADMIN)).status_code == 200
        assert (await c.get("/email/state", headers=headers)).status_code == 401
        assert counted((await c.get(f"/keys/{key_id}", headers=ADMIN)).json())[(401, "GET", "/email/state")] == 1
        assert all("call_counts" not in k for k in (await c.get("/keys", headers=ADMIN)).json()["keys"])


async def test_call_counters_stay_bounded_whatever_the_paths():
    """Matched routes are named by template (one door with many ids is one bucket); unknown paths one by one up to a
    bound per key, the rest pooled; unknown methods pooled."""
    from services.ues.auth import MAX_UNMATCHED_PATHS, OTHER_METHOD, OTHER_ROUTES

    async with app_client(rate_limit_per_second=0) as c:
        key_id, headers = await new_key(c, ADMIN, "purple", ["email:state"])
        for i in range(MAX_UNMATCHED_PATHS + 25):
            await c.get(f"/probe/{i}", headers=headers)
        for i in range(40):
            await c.delete(f"/keys/ues_{i:016x}", headers=headers)
        await c.request("BREW", "/email/state", headers=headers)
        await c.get("/x" * 500, headers=headers)
        counts = counted((await c.get(f"/keys/{key_id}", headers=ADMIN)).json())
        probes = {route: n for (status, _, route), n in counts.items() if status == 404}
        assert len(probes) == MAX_UNMATCHED_PATHS + 1 and probes[OTHER_ROUTES] == 26  # the 25 extra, and "/x…"
        assert counts[(403, "DELETE", "/keys/{key_id}")] == 40
        assert counts[(405, OTHER_METHOD, "/email/state")] == 1
        assert max(len(route) for _, _, route in counts) <= 200


async def test_call_counters_are_for_the_proctor_only():
    """The counters are part of ``GET /keys/{key_id}`` (keys:read): the purple's own key cannot read them."""
    from services.ues.client import UESClient

    async with app_client(rate_limit_per_second=0) as c:
        key_id, headers = await new_key(c, ADMIN, "purple", ["email:state", "email:send"])
        assert (await c.get(f"/keys/{key_id}", headers=headers)).status_code == 403
        assert (await c.get("/keys", headers=headers)).status_code == 403
        await c.get("/email/state", headers=headers)
        counts = await UESClient("http://ues", SECRET, http=c).call_counts(key_id)
        assert counts is not None
        assert sorted((e["status_code"], e["method"], e["route"], e["count"]) for e in counts) == [
            (200, "GET", "/email/state", 1), (403, "GET", "/keys", 1), (403, "GET", "/keys/{key_id}", 1)]


async def test_the_client_reads_where_the_whole_log_stands():
    """``newest_log_id`` (any key) and ``oldest_entry`` (only once the ring buffer is full: before that it never
    dropped anything)."""
    from services.ues.client import UESClient

    async with app_client(rate_limit_per_second=0, access_log_size=10) as c:
        reader = UESClient("http://ues", SECRET, http=c)
        assert await reader.newest_log_id() == 0  # an empty log (this read is logged after it answers)
        assert await reader.oldest_entry() is None
        for _ in range(5):
            await c.get("/simulator/time", headers=ADMIN)
        assert await reader.newest_log_id() == 7  # two reads above, five calls
        for _ in range(20):
            await c.get("/simulator/time", headers=ADMIN)
        newest = await reader.newest_log_id()
        # Then that read (newest + 1) and the stats read (newest + 2) were logged: ten entries end there.
        oldest = await reader.oldest_entry()
        assert oldest is not None and oldest["log_id"] == newest + 2 - 10 + 1 and oldest["path"] == "/simulator/time"
