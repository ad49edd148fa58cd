"""Which actions in the world were the purple's, and what every call of its key came to.

Our simulator stamps every action event with the caller's key (``agent_id``). Real UES leaves it empty on
action endpoints (ues-api.md §1.3), and dates every event of a manual-time turn alike, so there the purple's actions
are found by exclusion: of the turn's events, those the green did not cause itself (its chat posts, the replies and
RSVPs it scheduled, the scenario's imported events — it knows their ids) are matched to the purple key's writes in
the access log (``GET /access-logs?key_id=…``), by route and in order within a route. Disagreements are warned about,
never guessed.
Write calls the server refused (any method but GET; 4xx) create no event; they come from the access log too, as
failed actions. A refused read is no action, but it is a call: ``CallTally`` counts every call by status, and
names each route outside the key's grant (403) once, with how often it was tried — a ``forbidden_route``
violation (protocol.md §5). Rate-limited (429) and invalid (422) calls are counted, never violations.

Counts come from one of two sources, and ``CallTally`` turns either into ``calls`` and violations: our simulator's
per-key call counters (``call_counts`` of ``GET /keys/{key_id}``: by status, method and route template, never
dropped), read each turn and taken turn by turn as differences; or, on a server without them (real UES), the
access-log entries themselves, which a bounded log may have dropped.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from green_agent.protocol import ActionLogEntry, CallCounts, Problem, ProblemKind, Violation, ViolationType
from services.ues.client import parse_time

# Action route → the ``modality.operation`` name its event carries (ues-api.md §3.7 mapping table).
ROUTE_ACTIONS = {
    "/email/send": "email.send", "/email/read": "email.mark_read", "/email/unread": "email.mark_unread",
    "/email/star": "email.star", "/email/unstar": "email.unstar", "/email/archive": "email.archive",
    "/email/delete": "email.delete", "/email/label": "email.add_label", "/email/unlabel": "email.remove_label",
    "/email/move": "email.move", "/sms/send": "sms.send_message", "/sms/read": "sms.update_delivery_status",
    "/sms/unread": "sms.update_delivery_status", "/sms/delete": "sms.delete_message", "/sms/react": "sms.add_reaction",
    "/chat/send": "chat.send_message", "/calendar/create": "calendar.create", "/calendar/update": "calendar.update",
    "/calendar/delete": "calendar.delete", "/calendar/respond": "calendar.respond",
}
_NOISE = {"modality_type", "timestamp", "input_id"}
MAX_PARAM_CHARS = 2048
# Calls that only read; every other method is an attempt to change the world (an action when refused).
READ_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
# Routes with an id in the path, named by their template so that one door tried with many ids is one route.
_TEMPLATES = (
    (re.compile(r"^/keys/[^/]+$"), "/keys/{key_id}"),
    (re.compile(r"^/events/(?!immediate$|batch$|next$|summary$)[^/]+$"), "/events/{event_id}"),
    (re.compile(r"^/simulation/release/[^/]+$"), "/simulation/release/{hold_id}"),
    (re.compile(r"^/webhooks/[^/]+$"), "/webhooks/{id}"),
    (re.compile(r"^/webhooks/[^/]+/(test|pause|resume|deliveries)$"), r"/webhooks/{id}/\1"),
)
MAX_ROUTE_CHARS = 200
# Distinct forbidden routes named in a row; attempts at any further ones are counted under OTHER_ROUTES.
MAX_FORBIDDEN_ROUTES = 50
OTHER_ROUTES = "(other routes)"


def _trim(value: Any) -> Any:
    """Bound each parameter value (protocol.md §6: 2 KiB, marked)."""
    text = value if isinstance(value, str) else json.dumps(value, default=str)
    if len(text) <= MAX_PARAM_CHARS:
        return value
    return text[:MAX_PARAM_CHARS] + "…(truncated)"


def action_name(event: dict[str, Any]) -> str:
    data = event.get("data") or {}
    operation = data.get("operation") or data.get("action") or "update"
    return f"{event.get('modality')}.{operation}"


def entry_from_event(event: dict[str, Any], turn: int) -> ActionLogEntry:
    data = event.get("data") or {}
    params = {k: _trim(v) for k, v in data.items() if k not in _NOISE and k != "operation" and v not in (None, [], {})}
    return ActionLogEntry(turn=turn, timestamp=parse_time(event["scheduled_time"]), action=action_name(event),
                          parameters=params, success=event.get("status") == "executed",
                          error_message=event.get("error_message"))


def status_of(call: dict[str, Any]) -> int:
    """An access-log entry's HTTP status (0 when it has none that reads as one)."""
    try:
        return int(call.get("status_code") or 0)
    except (TypeError, ValueError):
        return 0


def is_write(call: dict[str, Any]) -> bool:
    """Whether an access-log entry is an attempt to change the world (any method that is not a read)."""
    return str(call.get("method") or "").upper() not in READ_METHODS


def route_of(call: dict[str, Any]) -> str:
    """``METHOD /path`` of an access-log entry, ids in the path replaced by the route's template."""
    path = str(call.get("path") or "")[:MAX_ROUTE_CHARS]
    for pattern, template in _TEMPLATES:
        if pattern.match(path):
            path = pattern.sub(template, path)
            break
    return f"{str(call.get('method') or '?').upper()[:10]} {path}"


def attribute(events: list[dict[str, Any]], logs: list[dict[str, Any]] | None, key_id: str, turn: int,
              at: datetime, *, green_events: Collection[str] = frozenset(), warnings: list[Problem] | None = None,
              unclaimed: list[dict[str, Any]] | None = None) -> list[ActionLogEntry]:
    """The purple's actions of one turn.

    ``events`` are the turn window's executed/failed events (queue order); ``logs`` the purple key's
    access-log entries made during the turn (oldest first; reads are skipped) or None when not needed;
    ``green_events`` the ids of every event the green caused (its own chat posts, the replies and RSVPs it
    scheduled, the scenario's imported events). An event stamped with an ``agent_id`` is the purple's when the stamp
    is its key (our simulator). An event without one is a candidate only by exclusion — the green did not cause it,
    and it has an action endpoint's priority (100) — and is the purple's only when a write of its key in the access
    log accounts for it: same route (``ROUTE_ACTIONS``), in order within a route. Where events and calls disagree
    (a candidate no call accounts for, a successful call with no event), one line per kind goes to ``warnings``;
    nothing is guessed: an unmatched event is not the purple's, an unmatched call is not in the action log.

    ``unclaimed``, when given, receives the candidate events no call accounted for instead of a warning about them:
    a write made after the green read the access log but before it read the events has its event in this window and
    its log entry in the next read, so the caller offers them once more, first among the next turn's ``events``.
    """
    mine = [e for e in events if e.get("agent_id") == key_id]
    entries = [entry_from_event(e, turn) for e in mine]
    if logs is None:
        return entries
    candidates: dict[str, list[dict[str, Any]]] = {}
    for e in events:
        if not e.get("agent_id") and str(e.get("event_id")) not in green_events and e.get("priority", 100) == 100:
            candidates.setdefault(action_name(e), []).append(e)
    stamped = Counter(action_name(e) for e in mine)  # calls already accounted for by their events' agent_id
    no_event: Counter[str] = Counter()
    for log in logs:
        if not is_write(log):
            continue
        method = str(log.get("method")).upper()
        name = ROUTE_ACTIONS.get(str(log.get("path") or "")) if method == "POST" else None
        status = status_of(log)
        pool = candidates.get(name or "", [])
        if status >= 400:
            # A server error may still have left a failed event with what was asked (integrity reads it).
            failed = next((e for e in pool if e.get("status") == "failed"), None) if status >= 500 else None
            if failed is not None:
                pool.remove(failed)
                entries.append(entry_from_event(failed, turn))
            else:
                entries.append(ActionLogEntry(turn=turn, timestamp=at, action=name or route_of(log), success=False,
                                              error_message=f"HTTP {status}: {log.get('error_detail')}"))
        elif name is None:
            continue  # a write that is no action (a query by POST): nothing to match
        elif stamped[name] > 0:
            stamped[name] -= 1
        elif pool:
            entries.append(entry_from_event(pool.pop(0), turn))
        else:
            no_event[route_of(log)] += 1
    remaining = {id(e) for pool in candidates.values() for e in pool}
    left = [e for e in events if id(e) in remaining]  # in queue order
    if unclaimed is not None:
        unclaimed.extend(left)
    elif warnings is not None and left:
        warnings.append(Problem(kind=ProblemKind.ATTRIBUTION, turn=turn, text=(
            f"{len(left)} event(s) that the green did not cause match no call of the purple's key in the access log "
            f"({_listed(Counter(map(action_name, left)))}); not attributed to the purple")))
    if warnings is not None and no_event:
        warnings.append(Problem(kind=ProblemKind.ATTRIBUTION, turn=turn, text=(
            f"{sum(no_event.values())} successful call(s) of the purple's key left no event the green could match "
            f"({_listed(no_event)}); not in the action log")))
    return entries


def _listed(counts: Counter[str]) -> str:
    return ", ".join(f"{n} {what}" for what, n in sorted(counts.items())[:10])


# One bucket of a server's per-key call counters: (status code, METHOD, route template or path).
Bucket = tuple[int, str, str]


def parse_call_counts(items: list[Any]) -> Counter[Bucket]:
    """The server's ``call_counts`` (``[{status_code, method, route, count}]``) as cumulative counts per bucket;
    malformed items are skipped."""
    out: Counter[Bucket] = Counter()
    for item in items:
        if not isinstance(item, dict):
            continue
        count = item.get("count")
        if not isinstance(count, int) or isinstance(count, bool) or count <= 0:
            continue
        bucket = (status_of(item), str(item.get("method") or "?").upper()[:10], str(item.get("route") or "")[:200])
        out[bucket] += count
    return out


def refused_writes(counts: Counter[Bucket]) -> int:
    """How many of the counted calls were write calls the world refused (each a failed action)."""
    return sum(n for (status, method, _), n in counts.items() if status >= 400 and method not in READ_METHODS)


def is_refused_write(call: dict[str, Any]) -> bool:
    """Whether an access-log entry is a write call the world refused: a failed action with no event behind it."""
    return is_write(call) and status_of(call) >= 400


@dataclass
class ForbiddenRoute:
    """Attempts at one route outside the key's grant: when first and last, how many, what the world said."""

    route: str
    first_turn: int
    last_turn: int
    count: int = 0
    detail: str | None = None

    def violation(self) -> Violation:
        return Violation(type=ViolationType.FORBIDDEN_ROUTE, turn=self.first_turn, action=self.route,
                         content=f"{self.count} attempt(s) refused with 403"
                                 + (f": {self.detail[:300]}" if self.detail else ""),
                         count=self.count, last_turn=self.last_turn)


@dataclass
class CallTally:
    """Every call of the purple's key in a trial: counts by status, and the forbidden routes it tried (403)."""

    by_status: Counter[int] = field(default_factory=Counter)
    forbidden: dict[str, ForbiddenRoute] = field(default_factory=dict)

    def add(self, calls: list[dict[str, Any]], turn: int) -> None:
        """Count ``calls`` (access-log entries of the key, each seen once) as made in ``turn``."""
        for call in calls:
            self._count(status_of(call), route_of(call), 1, turn, call.get("error_detail") or None)

    def add_counts(self, counts: Counter[Bucket], turn: int, calls: list[dict[str, Any]] | None = None) -> None:
        """Count the calls of the world's per-key counters that are new since the previous read (``counts``: the
        difference of two reads) as made in ``turn``. A forbidden route's refusal text comes from ``calls``, the
        access-log entries read with them, when one of them shows it."""
        details = {route_of(c): str(c["error_detail"]) for c in calls or []
                   if status_of(c) == 403 and c.get("error_detail")}
        for (status, method, path), n in counts.items():
            if n > 0:
                route = route_of({"method": method, "path": path})
                self._count(status, route, n, turn, details.get(route))

    def _count(self, status: int, route: str, n: int, turn: int, detail: str | None) -> None:
        self.by_status[status] += n
        if status != 403:
            return
        if route not in self.forbidden and len(self.forbidden) >= MAX_FORBIDDEN_ROUTES:
            route = OTHER_ROUTES
        tried = self.forbidden.setdefault(route, ForbiddenRoute(route, turn, turn, 0, detail))
        tried.count += n
        tried.last_turn = turn
        tried.detail = tried.detail or detail

    @property
    def total(self) -> int:
        return sum(self.by_status.values())

    @property
    def refused(self) -> int:
        return sum(n for status, n in self.by_status.items() if status >= 400)

    def counts(self) -> CallCounts:
        return CallCounts(total=self.total, refused=self.refused,
                          by_status={str(status): n for status, n in sorted(self.by_status.items())})

    def violations(self) -> list[Violation]:
        """One ``forbidden_route`` violation per route tried, in the order they were first tried."""
        return [tried.violation() for tried in self.forbidden.values()]
