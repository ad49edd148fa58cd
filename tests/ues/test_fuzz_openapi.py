"""Schemathesis against a real ``ues-server`` process: every documented operation, with the admin key and with a
purple key (issue 12 item 6).

Schemathesis generates valid and invalid requests for every operation of the simulator's OpenAPI document and
sends them over HTTP to a real server process. No request may end in a 5xx, and every response must carry a status
code and a content type the document declares for that operation. The run is deterministic (fixed seed,
derandomized Hypothesis, no example database), so a CI failure reproduces locally with the same command.

A fresh server serves this module alone: the admin run starts, stops and clears the simulation and imports junk
scenarios, which no other module should see. The purple run goes first, on a running simulation with a few items
in it; on a route its key may not call, the answer is 403 whatever the request holds (or 400 for a body that is not
even JSON, 413 for one over the size limit: both are read before the route's permission is checked), so there it
gets a few fuzzed examples instead of the full budget.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import httpx
import pytest
import requests
import schemathesis
from schemathesis import Case
from schemathesis.checks import CheckFunction, not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from green_agent.protocol import PURPLE_PERMISSIONS
from services.ues.app import create_app
from services.ues.auth import has_permission
from services.ues.settings import UESSettings
from services.ues.timeutil import parse_dt
from tests.conftest import UESProcess, start_ues_process, stop_ues_process
from tests.ues.test_permissions import route_permissions

# The fuzzing phase's example budget per operation. The coverage and examples phases add their own deterministic
# cases (boundary values, wrong types, missing fields, unexpected methods) on top.
MAX_EXAMPLES = 15
# A route the purple key may not call answers 403 whatever the request holds: a few examples prove that.
FORBIDDEN_EXAMPLES = 3
SEED = 20_260_612
ROLES = ("purple", "admin")
CHECKS: list[CheckFunction] = [not_a_server_error, status_code_conformance, content_type_conformance,
                               response_schema_conformance]


APP = create_app(UESSettings(rate_limit_per_second=0), admin_secret="fuzz-" + "0" * 40)
# The document is built in-process at collection time because schemathesis makes one pytest item per operation
# only from a schema it holds at import (its fixture-based loader does not run under pytest 9.2: it sets
# ``Function._nodeid``). ``test_served_document_is_the_fuzzed_one`` pins it to what the real server serves.
DOCUMENT = APP.openapi()
FORBIDDEN_TO_PURPLE = sorted(f"{method} {path}" for method, path, permission in route_permissions(APP)
                             if not has_permission(list(PURPLE_PERMISSIONS), permission))


def _config(**extra: Any) -> schemathesis.Config:
    return schemathesis.Config.from_dict({
        "seed": SEED,
        "generation": {"max-examples": MAX_EXAMPLES, "deterministic": True, "database": "none"},
        # One wrong-method probe per operation (a 405, never a 5xx) instead of all eight: the rest only repeat
        # Starlette's method routing.
        "phases": {"examples": {"enabled": True}, "coverage": {"enabled": True, "unexpected-methods": ["delete"]},
                   "fuzzing": {"enabled": True}, "stateful": {"enabled": False}},
        "request-timeout": 30,
        **extra,
    })


ADMIN_SCHEMA = schemathesis.openapi.from_dict(DOCUMENT, config=_config())
PURPLE_SCHEMA = schemathesis.openapi.from_dict(DOCUMENT, config=_config(operations=[{
    "include-name": FORBIDDEN_TO_PURPLE,
    "phases": {"coverage": {"enabled": False}},
    "generation": {"max-examples": FORBIDDEN_EXAMPLES},
}]))


@dataclass
class FuzzTally:
    """What the fuzz run sent: cases per (role, operation), per (role, phase), status codes and wall time per
    role. Printed as JSON at the end of the module, never asserted on except for operation coverage."""

    cases: Counter[tuple[str, str]] = field(default_factory=Counter)
    phases: Counter[tuple[str, str]] = field(default_factory=Counter)
    statuses: dict[str, Counter[int]] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)

    def operations(self, role: str) -> set[str]:
        return {label for (r, label) in self.cases if r == role}

    def record(self, role: str, case: Case, status: int) -> None:
        self.cases[(role, case.operation.label)] += 1
        if case.meta is not None:
            self.phases[(role, case.meta.phase.name.value)] += 1
        self.statuses.setdefault(role, Counter())[status] += 1

    def summary(self) -> dict[str, Any]:
        return {role: {"operations": len(self.operations(role)),
                       "cases": sum(n for (r, _), n in self.cases.items() if r == role),
                       "phases": {phase: n for (r, phase), n in sorted(self.phases.items()) if r == role},
                       "statuses": dict(sorted(self.statuses.get(role, Counter()).items())),
                       "seconds": round(self.seconds.get(role, 0.0), 1)}
                for role in ROLES}


TALLY = FuzzTally()


@dataclass
class FuzzTarget:
    """The server under fuzzing and the secrets of its two keys."""

    ues: UESProcess
    purple_secret: str
    # One keep-alive connection for the whole run instead of a new one per case.
    session: requests.Session = field(default_factory=requests.Session)

    def headers(self, role: str) -> dict[str, str]:
        return {"X-API-Key": self.ues.admin_key if role == "admin" else self.purple_secret}


def _seed_world(http: httpx.Client) -> None:
    """A running simulation with an email, an SMS, a chat message and a calendar event, so that the purple's
    state, query and action routes work on real items rather than an empty world."""
    assert http.post("/simulation/start", json={}).status_code == 200
    now = parse_dt(http.get("/simulator/time").json()["current_time"])
    for path, body in (
        ("/email/receive", {"from_address": "boss@corp.com", "to_addresses": ["user@example.com"],
                            "subject": "Status", "body_text": "Please send the report."}),
        ("/sms/receive", {"from_number": "+15550001111", "to_numbers": ["+15550000000"], "body": "Running late"}),
        ("/chat/send", {"role": "user", "content": "Please triage my inbox."}),
        ("/calendar/create", {"title": "Sync", "start": (now + timedelta(hours=2)).isoformat(),
                              "end": (now + timedelta(hours=3)).isoformat(),
                              "attendees": [{"email": "user@example.com"}, {"email": "bob@corp.com"}]}),
    ):
        r = http.post(path, json=body)
        assert r.status_code == 200 and r.json()["status"] == "executed", (path, r.text)


@pytest.fixture(scope="module")
def fuzz_target() -> Iterator[FuzzTarget]:
    """A throwaway simulator with a purple key and a seeded, running simulation."""
    ues = start_ues_process({"UES_RATE_LIMIT_PER_SECOND": "0"})
    try:
        with httpx.Client(base_url=ues.url, headers=ues.headers, timeout=10) as http:
            r = http.post("/keys", json={"name": "purple", "permissions": list(PURPLE_PERMISSIONS)})
            assert r.status_code == 201, r.text
            purple_secret = r.json()["secret"]
            _seed_world(http)
        target = FuzzTarget(ues, purple_secret)
        with target.session:
            yield target
    finally:
        stop_ues_process(ues)
        print(json.dumps({"fuzz_openapi": TALLY.summary()}), file=sys.stderr)


@pytest.fixture
def timed(request: pytest.FixtureRequest) -> Iterator[None]:
    """Adds the wall time of one operation's whole run (all its examples) to its role's total."""
    role = "admin" if "admin" in request.function.__name__ else "purple"
    started = time.monotonic()
    yield
    TALLY.seconds[role] = TALLY.seconds.get(role, 0.0) + time.monotonic() - started


def _fuzz(case: Case, target: FuzzTarget, role: str) -> None:
    response = case.call(base_url=target.ues.url, headers=target.headers(role), session=target.session)
    TALLY.record(role, case, response.status_code)
    case.validate_response(response, checks=CHECKS)


def test_served_document_is_the_fuzzed_one(fuzz_target: FuzzTarget) -> None:
    """The real server serves exactly the document the cases below are generated from."""
    served = httpx.get(fuzz_target.ues.url + "/openapi.json", timeout=10)
    assert served.status_code == 200
    assert served.json() == DOCUMENT


@PURPLE_SCHEMA.parametrize()
@pytest.mark.usefixtures("timed")
def test_purple_key_fuzz(case: Case, fuzz_target: FuzzTarget) -> None:
    """With the purple's key, every generated request answers without a 5xx and as the document declares."""
    _fuzz(case, fuzz_target, "purple")


@ADMIN_SCHEMA.parametrize()
@pytest.mark.usefixtures("timed")
def test_admin_key_fuzz(case: Case, fuzz_target: FuzzTarget) -> None:
    """With the admin key, every generated request answers without a 5xx and as the document declares."""
    _fuzz(case, fuzz_target, "admin")


def test_fuzzing_reached_every_operation_with_both_keys() -> None:
    """The runs above exercised every documented operation with each key: an operation the generator silently
    dropped (a schema error, a filter) would otherwise go unfuzzed unnoticed."""
    if not TALLY.cases:
        pytest.skip("counts the cases of this module's fuzz tests; run it with them")
    documented = {f"{method.upper()} {path}" for path, ops in DOCUMENT["paths"].items() for method in ops}
    for role in ROLES:
        assert TALLY.operations(role) == documented, (role, sorted(documented ^ TALLY.operations(role)))
