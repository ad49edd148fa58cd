"""The published async client of the UES HTTP API — the one door into a simulator from outside this package.

The green (proctor side, admin key), the pool (health, wipe, key revocation) and the purples (their per-trial
key) all speak to a UES through this module, exactly as clients of real UES use ``ues.client``. Nothing outside
``services/ues`` imports any other module of the simulator (a test enforces it), so this file imports nothing
of the simulator either: it is written against the UES API contract (docs/reference/ues-api.md), not against our
simulator's extras, and works with a real UES too — it never relies on ``agent_id`` being set on action events, and
accepts both ``Z`` and ``+00:00``.
"""

from __future__ import annotations

import asyncio
import copy
import errno
import functools
import json
import ssl
import time
from collections.abc import Callable
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import Any

import httpx

from services.ues.validation import describe_validation_error

__all__ = ["UESClient", "UESError", "describe_validation_error", "parse_time", "tls_context", "wait_until_answers"]


@functools.cache
def tls_context() -> ssl.SSLContext:
    """The TLS context every HTTP client of this process shares (``httpx.AsyncClient(verify=tls_context())``),
    made once: httpx makes one per client otherwise, reading the whole CA bundle (20-50 ms of CPU) each time, and
    a purple makes a client per turn. The same settings as httpx's own default (its CA bundle, ``SSL_CERT_FILE``
    and ``SSL_CERT_DIR`` honoured)."""
    return httpx.create_ssl_context()


def parse_time(value: str) -> datetime:
    """A UES timestamp (``Z``, an offset, or naive meaning UTC) as an aware datetime. Raises ValueError."""
    parsed = datetime.fromisoformat(value)
    return parsed if parsed.tzinfo is not None else parsed.replace(tzinfo=UTC)


async def wait_until_answers(url: str, *, timeout_s: float, still_starting: Callable[[], str | None] | None = None,
                             http: httpx.AsyncClient | None = None, interval_s: float = 0.02) -> None:
    """Poll ``url`` until it answers 200 — the one "start something, wait until it serves" loop.

    ``still_starting`` is asked between polls; a string it returns is the reason the thing will never answer
    (the process exited, the container stopped) and is raised as RuntimeError at once instead of waiting out the
    timeout. Raises TimeoutError after ``timeout_s``.
    """
    own = http is None
    client = http or httpx.AsyncClient(timeout=1.0, verify=tls_context())
    deadline = time.monotonic() + timeout_s
    try:
        while True:
            try:
                if (await client.get(url)).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            problem = still_starting() if still_starting is not None else None
            if problem is not None:
                raise RuntimeError(problem)
            if time.monotonic() >= deadline:
                raise TimeoutError(f"{url} did not answer within {timeout_s:g} s")
            await asyncio.sleep(interval_s)
    finally:
        if own:
            await client.aclose()


REQUEST_SCHEMAS = Path(__file__).with_name("request_schemas.json")


@functools.cache
def _request_schemas() -> dict[str, dict[str, Any]]:
    schemas: dict[str, dict[str, Any]] = json.loads(REQUEST_SCHEMAS.read_text())
    return schemas


def request_schema(method: str, path: str) -> dict[str, Any]:
    """The JSON schema of the request body of ``METHOD path`` (e.g. ``"POST", "/email/send"``), as the simulator's
    request models define it (``$defs`` beside it): what a client builds requests — or an LLM's tool parameters —
    from without importing the simulator. Generated from the app's OpenAPI document into ``request_schemas.json``
    (tests/ues/test_request_schemas.py keeps it equal). A KeyError names a route that takes no JSON body."""
    key = f"{method.upper()} {path}"
    try:
        return copy.deepcopy(_request_schemas()[key])
    except KeyError:
        raise KeyError(f"no request body schema for {key}") from None


class UESError(RuntimeError):
    """A UES request failed: unreachable, or answered with an error status."""

    def __init__(self, message: str, status_code: int | None = None) -> None:
        super().__init__(message)
        self.status_code = status_code


def _detail(response: httpx.Response) -> str:
    try:
        body = response.json()
    except ValueError:
        return response.text[:300]
    if isinstance(body, dict):
        detail = body.get("detail", body.get("message", body.get("error", body)))
        if isinstance(detail, dict):
            detail = detail.get("message", detail)
        return str(detail)[:500]
    return str(body)[:500]


def _refused(exc: BaseException) -> bool:
    """Whether a connect error was the peer refusing (ECONNREFUSED), looking through the exceptions it wraps."""
    seen: BaseException | None = exc
    for _ in range(8):  # httpx → httpcore → OSError; bounded in case of a cycle
        if seen is None:
            break
        if isinstance(seen, ConnectionRefusedError) or (isinstance(seen, OSError) and seen.errno == errno.ECONNREFUSED):
            return True
        seen = seen.__cause__ or seen.__context__
    return "connection refused" in str(exc).lower()


def _first_log_id(body: Any) -> int | None:
    """The integer ``log_id`` of the first entry of an access-log page, if it has one."""
    entries = body.get("entries") if isinstance(body, dict) else None
    log_id = entries[0].get("log_id") if isinstance(entries, list) and entries and isinstance(entries[0], dict) \
        else None
    return log_id if isinstance(log_id, int) and not isinstance(log_id, bool) else None


class Health(StrEnum):
    """What one ``/health`` probe saw."""

    ANSWERS = "answers"
    REFUSED = "refused"  # the connection was refused: nothing listens there any more
    SILENT = "silent"  # a timeout, a reset or a non-200 answer: maybe dead, maybe slow


class UESClient:
    """One UES server, one key. Pass your own ``httpx.AsyncClient`` to share connections."""

    def __init__(self, base_url: str, api_key: str, http: httpx.AsyncClient | None = None,
                 timeout_s: float = 30.0) -> None:
        self.base_url = base_url.rstrip("/")
        self._headers = {"X-API-Key": api_key}
        self._own = http is None
        self._http = http or httpx.AsyncClient(timeout=timeout_s, verify=tls_context())
        self.round_trip_seconds = 0.0

    async def aclose(self) -> None:
        """Close the HTTP client this object made (a client passed in belongs to the caller)."""
        if self._own:
            await self._http.aclose()

    async def __aenter__(self) -> UESClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def _object(self, method: str, path: str, *, json: Any = None) -> dict[str, Any]:
        """``request`` for a route that answers a JSON object."""
        body: dict[str, Any] = await self.request(method, path, json=json)
        return body

    async def request(self, method: str, path: str, *, json: Any = None, params: dict[str, Any] | None = None,
                      ok: tuple[int, ...] = ()) -> Any:
        """Send one request; return the decoded body, or raise UESError naming the route and the detail."""
        url = self.base_url + path
        started = time.perf_counter()
        try:
            response = await self._http.request(method, url, json=json, params=params, headers=self._headers)
        except httpx.HTTPError as exc:
            raise UESError(f"UES unreachable at {self.base_url} ({method} {path}): {type(exc).__name__}: {exc}") \
                from None
        finally:
            self.round_trip_seconds += time.perf_counter() - started
        if response.status_code >= 400 and response.status_code not in ok:
            raise UESError(f"UES {method} {path} → {response.status_code}: {_detail(response)}",
                           response.status_code)
        if not response.content:
            return None
        try:
            return response.json()
        except ValueError:
            return response.text

    # ---------------------------------------------------------------- simulation control
    async def health(self, timeout_s: float = 2.0) -> bool:
        """Whether the server answers ``GET /health`` with 200 within ``timeout_s`` (never raises)."""
        return await self.probe(timeout_s) is Health.ANSWERS

    async def probe(self, timeout_s: float = 2.0) -> Health:
        """``GET /health``, telling a refused connection (nothing listens: the server is gone) from silence (slow,
        stalled, or a stalled caller: no evidence either way). Never raises."""
        for attempt in range(2):
            try:
                response = await self._http.get(self.base_url + "/health", timeout=timeout_s)
            except httpx.ConnectError as exc:
                # Only a refusal is evidence that nothing listens. "No route to host" or "network unreachable" (a
                # container network re-plumbing, a node briefly gone) is silence: the health rounds decide.
                return Health.REFUSED if _refused(exc) else Health.SILENT
            except (httpx.ReadError, httpx.WriteError, httpx.RemoteProtocolError):
                # A kept-alive connection the server dropped (it died, or restarted) says nothing yet: the second
                # attempt opens a fresh connection, which a dead server refuses.
                if attempt == 0:
                    continue
                return Health.SILENT
            except httpx.HTTPError:
                return Health.SILENT
            return Health.ANSWERS if response.status_code == 200 else Health.SILENT
        return Health.SILENT

    async def clear(self) -> None:
        await self.request("POST", "/simulation/clear")

    async def import_full(self, scenario: dict[str, Any]) -> dict[str, Any]:
        return await self._object("POST", "/scenario/import/full",
                                  json={"scenario": scenario, "strict_modalities": False})

    async def start(self) -> None:
        """Start the simulation in manual time. A scenario imported with a paused clock is resumed: a real UES
        refuses to advance a paused clock at all (ues-api.md §6 item 2), and in manual time resuming moves nothing."""
        await self.request("POST", "/simulation/start", json={"auto_advance": False, "time_scale": 1.0})
        if (await self.request("GET", "/simulator/time")).get("is_paused"):
            await self.request("POST", "/simulator/time/resume")

    async def now(self) -> datetime:
        return parse_time((await self.request("GET", "/simulator/time"))["current_time"])

    async def advance(self, seconds: float) -> dict[str, Any]:
        return await self._object("POST", "/simulator/time/advance", json={"seconds": seconds})

    # ---------------------------------------------------------------- keys
    async def create_key(self, name: str, permissions: list[str]) -> tuple[str, str]:
        body = await self.request("POST", "/keys", json={"name": name, "permissions": permissions})
        return body["key_id"], body["secret"]

    async def revoke_key(self, key_id: str) -> None:
        """Revoke; already revoked (409) or gone (404) count as done."""
        await self.request("DELETE", f"/keys/{key_id}", ok=(404, 409))

    async def keys(self) -> list[dict[str, Any]]:
        keys: list[dict[str, Any]] = (await self.request("GET", "/keys"))["keys"]
        return keys

    async def revoke_keys(self, *, created_by: str | None = None) -> int:
        """Revoke every active key ``created_by`` made (the keys a purple minted with its own key), or, with no
        ``created_by``, every active key but the admin key (wiping a world). Returns how many were revoked."""
        revoked = 0
        for key in await self.keys():
            if not key.get("is_active") or key.get("created_by") is None:
                continue  # the admin key has no creator
            if created_by is None or key.get("created_by") == created_by:
                await self.revoke_key(key["key_id"])
                revoked += 1
        return revoked

    # ---------------------------------------------------------------- reads
    async def state(self, modality: str) -> dict[str, Any]:
        return await self._object("GET", f"/{modality}/state")

    async def events(self, *, start: datetime | None = None, end: datetime | None = None,
                     status: str | None = None) -> list[dict[str, Any]]:
        params: dict[str, Any] = {}
        if start is not None:
            params["start_time"] = start.isoformat()
        if end is not None:
            params["end_time"] = end.isoformat()
        if status is not None:
            params["status"] = status
        events: list[dict[str, Any]] = (await self.request("GET", "/events", params=params))["events"]
        return events

    async def access_logs(self, key_id: str, method: str | None = None, limit: int = 1000) -> list[dict[str, Any]]:
        """The key's access-log entries, newest first like the server returns them. ``method`` narrows the
        answer; it is applied here too, so a server that ignores the filter gives the same result."""
        params: dict[str, Any] = {"key_id": key_id, "limit": limit}
        if method is not None:
            params["method"] = method
        entries = (await self.request("GET", "/access-logs", params=params))["entries"]
        return [e for e in entries if method is None or e.get("method") == method]

    async def access_logs_since(self, key_id: str, after_id: int = 0, *, page_size: int = 1000,
                                max_pages: int = 1000) -> tuple[list[dict[str, Any]], bool]:
        """Every access-log entry of ``key_id`` newer than the entry ``after_id`` (a ``log_id``), oldest first:
        all of them, however many, read page by page (the server serves newest first) down to the first entry at or
        before ``after_id``. Entries that arrive while it reads shift the pages; they are read once (by
        ``log_id``) and the newest of them may be left for the next read, never skipped.

        Returns the entries and whether the read got down to an entry at or before ``after_id``: when it did not
        although ``after_id`` was seen before, the server's bounded log dropped entries in between. Entries
        without an integer ``log_id`` cannot be placed and are all returned (the caller decides)."""
        out: list[dict[str, Any]] = []
        seen: set[int] = set()
        reached = False
        offset = 0
        for _ in range(max_pages):
            body = await self.request("GET", "/access-logs",
                                      params={"key_id": key_id, "limit": page_size, "offset": offset})
            if not isinstance(body, dict):
                break
            entries = body.get("entries") or []
            for entry in entries:
                log_id = entry.get("log_id")
                if isinstance(log_id, int) and not isinstance(log_id, bool):
                    if log_id <= after_id:
                        reached = True
                        break
                    if log_id in seen:
                        continue
                    seen.add(log_id)
                if entry.get("key_id", key_id) == key_id:  # a server that ignores the filter gives the same
                    out.append(entry)
            if reached or not entries or not body.get("has_more", len(entries) >= page_size):
                break
            offset += len(entries)
        out.reverse()
        return out, reached

    async def call_counts(self, key_id: str) -> list[dict[str, Any]] | None:
        """Every call made with ``key_id`` as our simulator counts them per key — ``[{status_code, method, route,
        count}]`` by status, method and route template (``DELETE /keys/{key_id}``), never dropped, unlike the bounded
        access log — read from the ``call_counts`` of ``GET /keys/{key_id}``. None when the server keeps no such
        counters (real UES): count from the access log then."""
        body = await self.request("GET", f"/keys/{key_id}")
        counts = body.get("call_counts") if isinstance(body, dict) else None
        return counts if isinstance(counts, list) else None

    async def newest_log_id(self) -> int:
        """The ``log_id`` of the newest entry of the whole access log (any key); 0 when it is empty or has none."""
        body = await self.request("GET", "/access-logs", params={"limit": 1})
        return _first_log_id(body) or 0

    async def oldest_entry(self) -> dict[str, Any] | None:
        """The oldest entry the access log still holds (any key), when the log is full (it has been dropping its
        oldest entries, or is about to); None when it is not full — then it never dropped any — or cannot say. Its
        ``log_id`` places it on our simulator (integers in order), its ``timestamp`` (wall clock) on a real UES,
        whose ids are UUIDs."""
        stats = await self.request("GET", "/access-logs/stats")
        if not isinstance(stats, dict) or not stats.get("is_full"):
            return None
        total = stats.get("total_entries")
        if not isinstance(total, int) or total < 1:
            return None
        body = await self.request("GET", "/access-logs", params={"limit": 1, "offset": total - 1})
        entries = body.get("entries") if isinstance(body, dict) else None
        return entries[0] if isinstance(entries, list) and entries and isinstance(entries[0], dict) else None

    # ---------------------------------------------------------------- writes
    async def send_chat(self, role: str, content: str, conversation_id: str) -> dict[str, Any]:
        return await self._object("POST", "/chat/send",
                                  json={"role": role, "content": content, "conversation_id": conversation_id})

    async def schedule(self, modality: str, scheduled_time: datetime, data: dict[str, Any],
                       priority: int = 50) -> dict[str, Any]:
        return await self._object("POST", "/events", json={"scheduled_time": scheduled_time.isoformat(),
                                                            "modality": modality, "data": data,
                                                            "priority": priority})
