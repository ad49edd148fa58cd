"""The swarm backend's configuration (``GREEN_UES_SWARM_*``): overlay network, placement, reservations, addressing.

Lists (constraints, spread) come from the environment as JSON or as comma-separated text; every value is checked
here, so that a mistake is refused at start-up naming its variable instead of failing every world's start.
"""

from __future__ import annotations

import json
import re
from ipaddress import IPv4Network
from typing import Annotated, Any

from pydantic import Field, field_validator, model_validator
from pydantic_settings import NoDecode

from ues_pool.backends.engine import EngineConfig, parse_size

__all__ = ["CONSTRAINT", "DEFAULT_NETWORK", "SPREAD", "SwarmConfig"]

DEFAULT_NETWORK = "ues-worlds"
# What swarm accepts as a placement constraint: an attribute, == or !=, a value (node.labels.ues==yes).
CONSTRAINT = re.compile(r"^\s*(node|engine)\.[\w.-]+\s*(==|!=)\s*\S+\s*$")
# What a spread preference spreads over: a node attribute or label (node.id, node.labels.rack, engine.labels.zone).
SPREAD = re.compile(r"^\s*(node\.id|node\.hostname|(node|engine)\.labels\.[\w.-]+)\s*$")


class SwarmConfig(EngineConfig):
    """A swarm backend: the engine's common settings, plus its overlay network, placement, reservations and
    addressing (``GREEN_UES_SWARM_*``). Its errors name the variables an operator sets."""

    network: str = Field(default=DEFAULT_NETWORK, min_length=1,
                         description="the overlay network worlds join (created, attachable, when missing)")
    subnet: IPv4Network | None = Field(
        default=None, description="the subnet of that network when the backend creates it (one address per world: "
        "docker's default /24 holds about 250 worlds)")
    green_on_network: bool = Field(
        default=False, description="the green runs on that overlay network: it reaches worlds by service name")
    advertise_name: bool = Field(
        default=False, description="purples get http://<service name>:8000 (they run on the overlay network)")
    local_host: str = Field(default="127.0.0.1", description="where the green reaches ports published on its node")
    # NoDecode: the environment's text (a JSON list or a comma list) reaches _constraints as it is.
    constraints: Annotated[list[str], NoDecode] = Field(
        default_factory=list, description="placement constraints: JSON list or comma list, e.g. node.labels.ues==yes")
    # NoDecode, as for constraints. The scheduler ranks nodes by their running tasks anyway; the preference makes
    # the spread explicit and lets it go over a label first (racks, zones), then nodes within each.
    spread: Annotated[list[str], NoDecode] = Field(
        default_factory=lambda: ["node.id"],
        description="placement preferences: spread worlds over these node attributes, in order (JSON list or "
        "comma list, e.g. node.labels.rack,node.id; empty: the scheduler's default)")
    # Swarm reports a worker's address as the one its connection came from: behind NAT or a relay (the nodes of
    # deploy/swarm-nodes.sh) that is not where its published ports are. A node label names the right one.
    address_label: str | None = Field(
        default="ues.address", description="a node label holding the address the green reaches that node's published "
        "ports at (docker node update --label-add ues.address=10.0.0.7 NODE); nodes without it: their swarm address")
    reserve_cpus: float = Field(default=0.0, ge=0, description="CPUs reserved per world (0: none)")
    reserve_memory: str | int | None = Field(default=None, description="memory reserved per world, e.g. 128m")
    # Off only for an image without setpriv on an engine older than API 1.44 (module docstring).
    no_new_privileges: bool = True
    # A task the scheduler cannot place right now ("insufficient resources") may fit a moment later, once a world
    # just stopped has released its reservation; after this long it is a start failure.
    placement_grace_s: float = Field(default=1.0, ge=0)
    # A swarm world's key is in its service spec from birth (a task on another node cannot be attached to for stdin),
    # so a standby is simply a whole world booted ahead, its key with it.
    standby: int = Field(default=1, ge=0, le=16, description="worlds kept booted ahead of their starts, each with "
                         "its own key, on the nodes swarm places them (GREEN_UES_SWARM_STANDBY; the module docstring "
                         "of ues_pool/backends/swarm.py)")

    @field_validator("constraints", mode="before")
    @classmethod
    def _constraints(cls, raw: Any) -> Any:
        """A JSON list, or a comma-separated list, of constraints like ``node.labels.ues==yes``."""
        raw = _text_list(raw)
        if isinstance(raw, list | tuple):
            for item in raw:
                if not isinstance(item, str) or not CONSTRAINT.match(item):
                    raise ValueError(f"{item!r} is not a placement constraint like node.labels.ues==yes or "
                                     f"node.role!=manager")
            return [item.strip() for item in raw]
        return raw

    @field_validator("spread", mode="before")
    @classmethod
    def _spread(cls, raw: Any) -> Any:
        """A JSON list, or a comma-separated list, of node attributes like ``node.id`` or ``node.labels.rack``."""
        items = _text_list(raw)
        if isinstance(items, list):
            for item in items:
                if not isinstance(item, str) or not SPREAD.match(item):
                    raise ValueError(f"{item!r} is not something to spread worlds over: node.id, node.hostname, "
                                     f"node.labels.<label> or engine.labels.<label>")
            return [item.strip() for item in items]
        return items

    @field_validator("reserve_memory")
    @classmethod
    def _reservation(cls, raw: str | int | None) -> str | int | None:
        """A docker size (``128m``); an empty reservation means none."""
        if isinstance(raw, str):
            raw = raw.strip() or None
        if raw is not None:
            parse_size(raw)
        return raw

    @model_validator(mode="after")
    def _reservations_fit_limits(self) -> SwarmConfig:
        if self.reserve_cpus > self.cpus:
            raise ValueError(f"GREEN_UES_SWARM_RESERVE_CPUS ({self.reserve_cpus:g}) is above the limit "
                             f"GREEN_UES_SWARM_CPUS ({self.cpus:g})")
        if self.reserve_memory and parse_size(self.reserve_memory) > parse_size(self.memory):
            raise ValueError(f"GREEN_UES_SWARM_RESERVE_MEMORY ({self.reserve_memory}) is above the limit "
                             f"GREEN_UES_SWARM_MEMORY ({self.memory})")
        return self


def _text_list(raw: Any) -> Any:
    """An environment variable's list: JSON (``["a", "b"]``) or comma-separated (``a,b``); anything else as is."""
    if isinstance(raw, str):
        text = raw.strip()
        if text.startswith("["):
            try:
                return json.loads(text)
            except ValueError as exc:
                raise ValueError(f"not a valid JSON list ({exc})") from None
        return [part for part in (p.strip() for p in text.split(",")) if part]
    return raw
