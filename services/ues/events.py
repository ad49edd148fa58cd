"""Simulator events (ues-api.md §3.2) and the queue that orders and executes them."""

from __future__ import annotations

import heapq
import itertools
import uuid
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from services.ues.modalities.base import ModalityInput
from services.ues.timeutil import iso

STATUSES = ("pending", "executing", "executed", "failed", "skipped", "cancelled")

_seq = itertools.count()


class RawInput:
    """Event data that did not validate on import. Real UES accepts such events and fails them later;
    we keep the payload and the reason so that execution and ``/simulation/start`` can report it."""

    def __init__(self, data: dict[str, Any], error: str) -> None:
        self.data = data
        self.error = error

    def to_data(self) -> dict[str, Any]:
        return self.data


@dataclass(slots=True, eq=False)
class SimEvent:
    scheduled_time: datetime
    modality: str
    data: ModalityInput | RawInput
    created_at: datetime
    priority: int = 50
    status: str = "pending"
    executed_at: datetime | None = None
    agent_id: str | None = None
    error_message: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    event_id: str = field(default_factory=lambda: str(uuid.uuid4()))
    seq: int = field(default_factory=lambda: next(_seq))
    _data_json: dict[str, Any] | None = None

    def sort_key(self) -> tuple[datetime, int, datetime, int]:
        # Queue order (§3.2): time asc, priority desc, creation asc; seq keeps it total and stable.
        return (self.scheduled_time, -self.priority, self.created_at, self.seq)

    def __lt__(self, other: SimEvent) -> bool:
        return self.sort_key() < other.sort_key()

    def data_json(self) -> dict[str, Any]:
        if self._data_json is None:
            self._data_json = self.data.to_data()
        return self._data_json

    def to_json(self, include_data: bool = True) -> dict[str, Any]:
        out = {
            "event_id": self.event_id,
            "scheduled_time": self.scheduled_time.isoformat(),
            "modality": self.modality,
            "status": self.status,
            "priority": self.priority,
            "created_at": self.created_at.isoformat(),
            "executed_at": iso(self.executed_at),
            "error_message": self.error_message,
            "agent_id": self.agent_id,
            "metadata": self.metadata,
        }
        if include_data:
            out["data"] = self.data_json()
        return out


class EventQueue:
    """All events in insertion order plus a heap of pending ones (lazy deletion)."""

    def __init__(self) -> None:
        self.by_id: dict[str, SimEvent] = {}
        # (sort_key, event): comparing precomputed keys is much cheaper than SimEvent.__lt__.
        self._heap: list[tuple[tuple[datetime, int, datetime, int], SimEvent]] = []
        self._sorted: list[SimEvent] | None = None

    def __len__(self) -> int:
        return len(self.by_id)

    def add(self, event: SimEvent) -> None:
        self.by_id[event.event_id] = event
        if event.status == "pending":
            heapq.heappush(self._heap, (event.sort_key(), event))
        self._sorted = None

    def requeue(self, event: SimEvent) -> None:
        """Put an event that went back to ``pending`` onto the heap again."""
        heapq.heappush(self._heap, (event.sort_key(), event))

    def clear(self) -> int:
        count = len(self.by_id)
        self.by_id.clear()
        self._heap.clear()
        self._sorted = None
        return count

    def ordered(self) -> list[SimEvent]:
        if self._sorted is None:
            self._sorted = sorted(self.by_id.values(), key=SimEvent.sort_key)
        return self._sorted

    def next_pending(self) -> SimEvent | None:
        heap = self._heap
        while heap and heap[0][1].status != "pending":
            heapq.heappop(heap)
        return heap[0][1] if heap else None

    def pop_due(self, until: datetime) -> SimEvent | None:
        """Remove and return the first pending event due at or before ``until``."""
        head = self.next_pending()
        if head is None or head.scheduled_time > until:
            return None
        return heapq.heappop(self._heap)[1]

    def pending(self) -> list[SimEvent]:
        return [e for e in self.ordered() if e.status == "pending"]

    def counts(self) -> dict[str, int]:
        out = dict.fromkeys(("pending", "executed", "failed", "skipped", "cancelled"), 0)
        for e in self.by_id.values():
            if e.status in out:
                out[e.status] += 1
        return out

    def rebuild_heap(self) -> None:
        self._heap = [(e.sort_key(), e) for e in self.by_id.values() if e.status == "pending"]
        heapq.heapify(self._heap)
