"""Which actions in the world were the purple's, and the reader that takes every call of its key from the world.

Our simulator stamps every action event with the caller's key (``agent_id``). Real UES leaves it empty on
action endpoints (ues-api.md §1.3), and dates every event of a manual-time turn alike, so there the purple's actions
are found by exclusion: of the turn's events, those the green did not cause itself (its chat posts, the replies and
RSVPs it scheduled, the scenario's imported events — it knows their ids) are matched to the purple key's writes in
the access log (``GET /access-logs?key_id=…``), by route and in order within a route. Disagreements are warned about,
never guessed.
Write calls the server refused (any method but GET; 4xx) create no event; they come from the access log too, as
failed actions.

``ActivityReader`` reads, turn by turn, every call of the purple's key and counts it into the trial's record
(calls.py's ``CallTally``) from one of three sources: the green's world gateway's record of the calls it forwarded,
when the green has one on; else our simulator's per-key call counters (``call_counts`` of ``GET /keys/{key_id}``: by
status, method and route template, never dropped), taken turn by turn as differences; else, on a server without
them (real UES), the access-log entries themselves, which a bounded log may have dropped. A log that dropped the
purple's calls before they were read is named in the row's warnings.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from green_agent.assessment.calls import (
    OTHER_ROUTES,
    Bucket,
    is_refused_write,
    is_write,
    parse_call_counts,
    refused_writes,
    route_of,
    status_of,
)
from green_agent.assessment.record import TrialRecord
from green_agent.protocol import ActionLogEntry, Problem, ProblemKind
from services.ues.client import UESClient, UESError, parse_time

if TYPE_CHECKING:  # the gateway's server (uvicorn, Starlette) is loaded only by a green that runs one
    from green_agent.world_gateway import GatewayCalls, WorldGateway

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
# Access-log entries per page (the API allows 1..1000); each turn reads every page of the purple's new calls.
ACCESS_LOG_PAGE = 1000


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
    no_event = _match_writes(logs, candidates, stamped, entries, turn, at)
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


def _match_writes(logs: list[dict[str, Any]], candidates: dict[str, list[dict[str, Any]]], stamped: Counter[str],
                  entries: list[ActionLogEntry], turn: int, at: datetime) -> Counter[str]:
    """Match each write call of ``logs`` to the purple's event it made, appending to ``entries`` the actions found:
    a call whose event carries the key's stamp (``stamped``, by action name) is already there; else the first
    ``candidates`` event of its route is taken from the pool; a refused call is a failed action (its failed event, or
    dated ``at`` without one). Returns the successful calls, by route, that left no event to match."""
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
    return no_event


def _listed(counts: Counter[str]) -> str:
    return ", ".join(f"{n} {what}" for what, n in sorted(counts.items())[:10])




def _log_id(entry: dict[str, Any]) -> int | None:
    log_id = entry.get("log_id")
    return log_id if isinstance(log_id, int) and not isinstance(log_id, bool) else None


def _stamped_since(entry: dict[str, Any], moment: datetime) -> bool:
    try:
        return parse_time(str(entry.get("timestamp"))) >= moment
    except ValueError:
        return True  # neither id nor time: it cannot be placed, and is counted rather than lost


def _dropped_since(oldest: dict[str, Any], checkpoint: int, checkpoint_at: datetime) -> bool:
    """Whether the oldest entry a full log holds is newer than the first entry made after a checkpoint (the newest
    ``log_id`` then, or the moment itself where ids are UUIDs): then the log dropped entries made since."""
    log_id = _log_id(oldest)
    if log_id is not None:
        return log_id > checkpoint + 1
    try:
        return parse_time(str(oldest.get("timestamp"))) > checkpoint_at
    except ValueError:
        return True  # a full log whose oldest entry cannot be placed: assume the worst, and say so


@dataclass(frozen=True)
class GatewayRoute:
    """A trial's route through the green's world gateway (``token``): the purple is told its URL instead of the
    world's own, and the calls of its key are counted from the gateway's record of what it forwarded."""

    gateway: WorldGateway
    token: str

    @property
    def url(self) -> str:
        """The ``ues_url`` the trial's purple is told."""
        return self.gateway.url_of(self.token)


class ActivityReader:
    """Reads what the purple's key did in its world into the trial's ``record``, turn by turn: every call, counted
    (module docstring), and its actions, attributed from the world's events (``attribute``).

    ``caused``: the UES answers (each carrying an ``event_id``) of the events the green caused before the key existed
    — the scenario's imported events and the user's task; the green names every later one (``green_caused``)."""

    def __init__(self, ues: UESClient, record: TrialRecord, key_id: str, *, route: GatewayRoute | None = None,
                 caused: Collection[Any] = ()) -> None:
        self.ues, self.record, self.key_id, self.route = ues, record, key_id, route
        self._gateway_counted: Counter[Bucket] = Counter()  # the key's calls the gateway forwarded, cumulative
        # The world's per-key call counters as last read (cumulative); None when it keeps none (real UES).
        self._counted: Counter[Bucket] | None = None
        self._entries_read = 0  # the purple's access-log entries read so far
        self._refusals_read = 0  # refused write calls among them (each a failed action in the action log)
        self._calls_lost = 0  # calls the world's log dropped before they were read, as far as the counts show
        self._last_log_id = 0  # newest access-log id of the purple's calls read so far
        self._last_read_at = datetime.now(UTC)  # when the access log was last read (for entries without an id)
        # Without counters: where the whole log stood when the previous read began — its newest id on our simulator,
        # the wall clock on a real UES (UUID ids say nothing of order).
        self._log_checkpoint = 0
        self._log_checkpoint_at = datetime.now(UTC)
        self._uuids_read: set[str] = set()  # a real UES's entries read so far, by their UUID log_id
        self._seen_events: set[str] = set()  # events already looked at for attribution (never attributed twice)
        # Every event the green caused (its chat posts, the scenario's imported events, the replies and RSVPs it
        # scheduled): never the purple's, on any server (attribution by exclusion).
        self._green_events: set[str] = set()
        for event in caused:
            self.green_caused(event)
        # Events without agent_id that no call of the purple's key accounted for yet: offered once more, to the next
        # read of the access log (a write landing between the log read and the events read is split across them).
        self._unclaimed: list[dict[str, Any]] = []
        self._window_start: datetime | None = None  # where the next attribution window starts

    async def begin(self) -> None:
        """Read where the key's calls start: the world's counters as the key is born, or, on a world without them,
        where its whole access log stands, so that a first read can tell whether the log dropped entries made since
        (protocol.md §6)."""
        self._counted = await self._call_counts()
        if self._counted is None:
            self._log_checkpoint_at = datetime.now(UTC)
            self._last_log_id = self._log_checkpoint = await self.ues.newest_log_id()

    def open_window(self, start: datetime) -> None:
        """Attribute the events from ``start`` (the trial's start on the simulated clock) on."""
        self._window_start = start

    def green_caused(self, event: Any) -> None:
        """Remember an event the green caused (a UES answer carrying its ``event_id``)."""
        if isinstance(event, dict) and event.get("event_id"):
            self._green_events.add(str(event["event_id"]))

    # ------------------------------------------------------------------------------ calls
    async def new_calls(self, turn: int) -> list[dict[str, Any]]:
        """Every call of the purple's key since the previous read, oldest first — all of them, however many (the
        access log is read page by page from the last ``log_id`` seen; the log's own sequence, so no clock is
        involved) — counted into the record (calls by status, forbidden routes). A real UES's entries (UUID ids, in
        no order) come whole on every read and count the first time their id is seen; an entry without any id when it
        is stamped after the previous read.

        With the world's per-key counters, counts come from them (read before and after the log: what the log holds
        can be checked against the first, the second counts everything the entries hold); without, from the entries.
        Either way, a log that dropped the purple's calls before they were read is named in the warnings.

        With the world gateway, counts come from its record instead (every call it forwarded; taken before the log is
        read, so each of them is in the log by then unless the log dropped it), checked against the log the same way."""
        passed = self._gateway_calls()
        counters = self._counted is not None
        before = await self._counters_now() if counters else None
        newest = 0 if counters else await self.ues.newest_log_id()
        read_at = datetime.now(UTC)
        entries, _ = await self.ues.access_logs_since(self.key_id, self._last_log_id, page_size=ACCESS_LOG_PAGE)
        calls = [e for e in entries if _log_id(e) is not None or self._first_sight(e)]
        ids = [i for i in map(_log_id, calls) if i is not None]
        self._last_log_id = max([self._last_log_id, *ids])
        self._last_read_at = read_at
        self._entries_read += len(calls)
        self._refusals_read += sum(map(is_refused_write, calls))
        if before is None:
            if passed is not None:
                self._count_passed(passed, turn, calls)
                return calls
            self._check_log_without_counters(turn, await self.ues.oldest_entry(), newest, read_at)
            self.record.add_calls(calls, turn)
            return calls
        after = await self._counters_now()
        if passed is not None:
            self._count_passed(passed, turn, calls)
        else:
            self._count_counted(before, after, turn, calls)
        self._counted = after
        return calls

    def _count_counted(self, before: Counter[Bucket], after: Counter[Bucket], turn: int,
                       calls: list[dict[str, Any]]) -> None:
        """Count the calls the world's counters added since the previous read (``after``); every call they held
        ``before`` the log was read is in the log, unless the log dropped it."""
        lost = sum(before.values()) - self._entries_read
        if lost > self._calls_lost:
            self.record.warn(
                ProblemKind.LOG_DROPPED,
                f"the world's access log (a bounded ring buffer) dropped {lost - self._calls_lost} of the purple's "
                f"calls before the green read them; the call counts and forbidden routes are exact (the world's "
                f"per-key counters), but the action log misses those calls (refused ones are counted in "
                f"actions_taken)", turn)
            self._calls_lost = lost
        assert self._counted is not None
        self.record.add_counts(after - self._counted, turn, calls)

    async def key_calls(self) -> int:
        """How many calls of the purple's key the world shows so far: its per-key counters when it keeps them, else
        whether its access log holds any (1 or 0)."""
        if self._counted is not None:
            return sum((await self._counters_now()).values())
        entries, _ = await self.ues.access_logs_since(self.key_id, self._last_log_id, page_size=1, max_pages=1)
        return min(len(entries), 1)

    def account_unlogged(self) -> None:
        """Once the key is dead and its last calls read: refused writes the gateway or the world's counters counted
        but no log entry showed (the world's log dropped them) are counted in the record, and calls that went around
        the gateway are named."""
        counted = self._gateway_counted if self.route is not None else self._counted
        if counted is not None:
            self.record.count_unlogged(refused_writes(counted) - self._refusals_read)
        self._check_gateway_bypass()

    async def _call_counts(self) -> Counter[Bucket] | None:
        """The world's per-key call counters of the purple's key (cumulative), or None when it keeps none."""
        try:
            counts = await self.ues.call_counts(self.key_id)
        except UESError as exc:
            if exc.status_code is None:
                raise  # unreachable: the trial cannot go on
            return None  # a server that answers GET /keys/{key_id} otherwise keeps no counters we can read
        return parse_call_counts(counts) if counts is not None else None

    async def _counters_now(self) -> Counter[Bucket]:
        """The counters now; the last ones read should a server stop answering with them mid-trial."""
        assert self._counted is not None
        counts = await self._call_counts()
        return counts if counts is not None else self._counted

    def _gateway_calls(self) -> Counter[Bucket] | None:
        """The purple key's calls the world gateway forwarded since the previous read, by (status, method, path);
        None without a gateway."""
        if self.route is None:
            return None
        taken: GatewayCalls = self.route.gateway.take_calls(self.route.token)
        passed = Counter((c.status, c.method, c.path) for c in taken.calls if c.key_id == self.key_id)
        passed.update({(status, method, OTHER_ROUTES): n for (status, method), n in taken.unlisted.items()})
        return passed

    def _count_passed(self, passed: Counter[Bucket], turn: int, calls: list[dict[str, Any]]) -> None:
        """Count the calls the gateway forwarded (``calls``: the log entries read with them); a log showing fewer of
        the purple's calls than the gateway forwarded dropped the rest before the green read them."""
        self._gateway_counted.update(passed)
        self.record.add_counts(passed, turn, calls)
        forwarded = sum(self._gateway_counted.values())
        lost = forwarded - self._entries_read
        if lost > self._calls_lost:
            self.record.warn(
                ProblemKind.LOG_DROPPED,
                f"the world's access log shows {self._entries_read} of the purple's calls where the world gateway "
                f"forwarded {forwarded}: it dropped {lost - self._calls_lost} before the green read them; the call "
                f"counts and forbidden routes are exact (the gateway's record), but the action log misses those calls "
                f"(refused ones are counted in actions_taken)", turn)
            self._calls_lost = lost

    def _check_gateway_bypass(self) -> None:
        """With the gateway and a world that counts calls per key: calls of the purple's key the world counted that
        never passed through the gateway (the purple reached the world some other way) are named in the warnings."""
        if self.route is None or self._counted is None:
            return
        around = sum(self._counted.values()) - sum(self._gateway_counted.values())
        if around > 0:
            self.record.warn(ProblemKind.ATTRIBUTION, (
                f"{around} call(s) of the purple's key reached the world without passing through the world gateway; "
                f"the call counts are the gateway's"))

    def _first_sight(self, entry: dict[str, Any]) -> bool:
        """Whether an entry without an integer ``log_id`` is read for the first time: by its id where it has one (a
        real UES's UUID; every read returns the key's whole log, in no order the ids tell), else by its time."""
        log_id = entry.get("log_id")
        if isinstance(log_id, str) and log_id:
            if log_id in self._uuids_read:
                return False
            self._uuids_read.add(log_id)
            return True
        return _stamped_since(entry, self._last_read_at)

    def _check_log_without_counters(self, turn: int, oldest: dict[str, Any] | None, newest: int,
                                    read_at: datetime) -> None:
        """Without counters: the log dropped entries the green had not read when the oldest entry it still holds was
        made after the previous read began — some of them may have been the purple's. On our simulator the ids say
        so; on a real UES (UUID ids) the entry's wall-clock time."""
        if oldest is not None and _dropped_since(oldest, self._log_checkpoint, self._log_checkpoint_at):
            self.record.warn(
                ProblemKind.LOG_DROPPED,
                "the world's access log (it keeps a bounded number of entries) dropped entries made since the "
                "green's previous read, before it read them; some may have been the purple's calls, so the call "
                "counts are a lower bound", turn)
        self._log_checkpoint = max(self._log_checkpoint, newest)
        self._log_checkpoint_at = read_at

    # ------------------------------------------------------------------------------ actions
    async def actions(self, until: datetime, calls: list[dict[str, Any]], turn: int, at: datetime, *,
                      final: bool = False) -> list[ActionLogEntry]:
        """The purple's actions among the events up to ``until`` not yet looked at, and those the previous read left
        unclaimed (offered first, once: still unclaimed now, they are warned about); ``at`` dates the calls the world
        refused. Events these ``calls`` do not claim wait for the next read, unless this is the ``final`` one."""
        carried, self._unclaimed = self._unclaimed, []
        fresh: list[dict[str, Any]] = []
        actions = attribute([*carried, *await self._unseen_events(until)], calls, self.key_id, turn, at,
                            green_events=self._green_events, warnings=self.record.warnings,
                            unclaimed=None if final else fresh)
        offered = {id(e) for e in carried}
        self._warn_unclaimed([e for e in fresh if id(e) in offered], turn)  # offered twice: not the purple's
        self._unclaimed = [e for e in fresh if id(e) not in offered]
        return actions

    def refusals(self, calls: list[dict[str, Any]], turn: int, at: datetime) -> list[ActionLogEntry]:
        """The write calls the world refused among ``calls``, as failed actions dated ``at``: all that can be named of
        a trial that never got its clock (no window of events to attribute from)."""
        return attribute([], calls, self.key_id, turn, at, warnings=self.record.warnings)

    def settle_unclaimed(self, turn: int) -> None:
        """The events left unclaimed by the previous read that this read (with no write in it) cannot claim either."""
        carried, self._unclaimed = self._unclaimed, []
        self._warn_unclaimed(carried, turn)

    def _warn_unclaimed(self, events: list[dict[str, Any]], turn: int) -> None:
        """``events`` no call of the purple's key accounted for in two reads: not the purple's, said in the warnings
        (``attribute`` words it; with no call to match, it dates nothing)."""
        if events:
            attribute(events, [], self.key_id, turn, datetime.now(UTC), green_events=self._green_events,
                      warnings=self.record.warnings)

    async def _unseen_events(self, until: datetime) -> list[dict[str, Any]]:
        """Executed and failed events from the end of the previous attribution window to ``until`` that no window
        has looked at yet. The window starts where the last one ended, not at this turn's start: a write that landed
        while the green was busy with the previous turn (after its access-log read) is dated between the two."""
        assert self._window_start is not None
        events = [e for e in await self.ues.events(start=self._window_start, end=until)
                  if e.get("status") in ("executed", "failed") and str(e.get("event_id")) not in self._seen_events]
        self._seen_events.update(str(e.get("event_id")) for e in events)
        self._window_start = until
        return events
