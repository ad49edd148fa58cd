"""The swarm's nodes as its manager sees them: state, availability and the address of their published ports.

One listing serves every world's liveness check of a health round (``NODE_VIEW_TTL_S``). The address of a node's
published ports is its ``address_label`` label when it has one (swarm reports the address a worker connected from,
wrong behind NAT or a relay), else the address swarm reports.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ues_pool.backends.base import BackendError

__all__ = ["CLOSED_AVAILABILITIES", "LOST_NODE_STATES", "NODE_VIEW_TTL_S", "NodeView", "SwarmNode"]

# A node in these states has lost the manager: its worlds are gone as far as anyone can reach them. Not "unknown":
# every node is unknown for a moment after a manager restarts, before its first heartbeat.
LOST_NODE_STATES = frozenset({"down", "disconnected"})
# Availabilities that take no new worlds: "pause" keeps the running ones, "drain" makes swarm stop them.
CLOSED_AVAILABILITIES = frozenset({"pause", "drain"})
NODE_VIEW_TTL_S = 0.5  # one listing of the nodes serves every world's liveness check of a health round


@dataclass(frozen=True)
class SwarmNode:
    """One swarm node as the manager sees it."""

    hostname: str
    state: str  # ready, down, disconnected, unknown
    availability: str  # active, pause, drain
    address: str


class NodeView:
    """Every node of the swarm by id, listed through ``api()`` (the docker SDK's low-level client) at most once per
    ``NODE_VIEW_TTL_S``. Blocking, thread-safe: the backend calls it from its worker threads."""

    def __init__(self, api: Callable[[], Any], address_label: str | None) -> None:
        self._api = api
        self._address_label = address_label
        self._nodes: dict[str, SwarmNode] = {}
        self._at = -NODE_VIEW_TTL_S
        self._lock = threading.Lock()

    def nodes(self, refresh: bool = False) -> dict[str, SwarmNode]:
        """Node id → node, listed again when the last listing is older than the TTL (or ``refresh``)."""
        with self._lock:
            if refresh or time.monotonic() - self._at >= NODE_VIEW_TTL_S:
                self._nodes, self._at = {node["ID"]: self._node(node) for node in self._api().nodes()}, \
                    time.monotonic()
            return self._nodes

    def _node(self, node: dict[str, Any]) -> SwarmNode:
        status, spec = node.get("Status") or {}, node.get("Spec") or {}
        address = (spec.get("Labels") or {}).get(self._address_label) if self._address_label else None
        return SwarmNode(hostname=(node.get("Description") or {}).get("Hostname", ""),
                         state=status.get("State", "unknown"), availability=spec.get("Availability", "active"),
                         address=address or status.get("Addr", ""))

    def address(self, node_id: str) -> str:
        """Where the green reaches ports the node publishes: its address label, else the address the manager saw
        it connect from."""
        node = self.nodes().get(node_id)
        if node is None:
            node = self.nodes(refresh=True).get(node_id)
        if node is None or not node.address:
            raise BackendError(f"swarm node {node_id[:12]} has no address the green could reach it at")
        return node.address
