"""UES servers someone else runs (e.g. the real JBoggsy/ues): a fixed list of URLs and admin keys.

Nothing is started or stopped; "start" hands out a free server, wiped, and "stop" gives it back. So each context
still sees a fresh world, even after a server the pool declared dead turns out to have been only slow.
"""

from __future__ import annotations

import json

import httpx
import structlog
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from services.ues.client import UESClient, UESError, describe_validation_error, tls_context
from ues_pool.backends.base import Backend, BackendConfigError, BackendError, Instance

__all__ = ["ExternalBackend", "ExternalConfig", "ExternalServer", "build_external", "parse_external"]

log = structlog.get_logger("ues_pool.external")


class ExternalServer(BaseModel):
    """One UES server someone else runs: its URL, its admin key, and the URL purples reach it at when another."""

    url: str
    admin_key: str = Field(repr=False)
    advertised_url: str | None = None


class ExternalConfig(BaseModel):
    """An external backend: ``GREEN_UES_EXTERNAL`` as the operator wrote it. ``PoolSettings`` fills it; the list is
    read when the backend is built, so that a malformed one fails only a green that uses it."""

    model_config = ConfigDict(frozen=True)

    servers_json: str | None = Field(default=None, repr=False)  # admin keys inside


def parse_external(raw: str | None) -> list[ExternalServer]:
    """``GREEN_UES_EXTERNAL``: a JSON list of ``{"url": ..., "admin_key": ..., "advertised_url": ...?}``."""
    if not raw or not raw.strip():
        raise BackendConfigError("GREEN_UES_BACKEND=external needs GREEN_UES_EXTERNAL: a JSON list like "
                                 '[{"url": "http://ues:8000", "admin_key": "...", "advertised_url": "..."}]')
    try:
        data = json.loads(raw)
    except ValueError as exc:
        raise BackendConfigError(f"GREEN_UES_EXTERNAL is not valid JSON ({exc})") from None
    if not isinstance(data, list) or not data:
        raise BackendConfigError("GREEN_UES_EXTERNAL must be a non-empty JSON list of "
                                 "{url, admin_key, advertised_url?} objects")
    try:
        servers = TypeAdapter(list[ExternalServer]).validate_python(data)
    except ValidationError as exc:
        raise BackendConfigError(f"GREEN_UES_EXTERNAL is malformed: {describe_validation_error(exc)}") from None
    for server in servers:
        for field, value in (("url", server.url), ("advertised_url", server.advertised_url)):
            if value is not None and not value.startswith(("http://", "https://")):
                raise BackendConfigError(f"GREEN_UES_EXTERNAL: {field} {value!r} must start with http:// or https://")
    return servers


def build_external(config: ExternalConfig) -> ExternalBackend:
    """The backend ``GREEN_UES_BACKEND=external`` selects: the servers ``GREEN_UES_EXTERNAL`` lists."""
    servers = parse_external(config.servers_json)
    log.info("ues_external_servers", servers=len(servers))
    return ExternalBackend(servers)


class ExternalBackend(Backend):
    """Hands out the listed servers one context at a time, wiping each before and after (nothing is started)."""

    name = "external"

    def __init__(self, servers: list[ExternalServer]) -> None:
        if not servers:
            raise ValueError("the external backend needs at least one server (GREEN_UES_EXTERNAL)")
        self.servers = servers
        self.capacity = len(servers)
        self._free = list(range(len(servers)))
        self._http = httpx.AsyncClient(timeout=2.0, verify=tls_context())

    async def start(self) -> Instance:
        if not self._free:
            raise BackendError(f"all {len(self.servers)} external UES servers are in use")
        index = self._free.pop(0)
        server = self.servers[index]
        url = server.url.rstrip("/")
        ues = UESClient(url, server.admin_key, http=self._http)
        try:
            if not await ues.health():
                raise BackendError(f"external UES server {url} does not answer /health")
            # "stop" cannot wipe a server that was declared dead (it may only have been slow): wipe on the way out
            # instead, so no context ever sees another's world.
            await ues.clear()
            await ues.revoke_keys()
        except UESError as exc:
            self._free.append(index)
            raise BackendError(f"external UES server {url} could not be wiped: {exc}") from exc
        except BackendError:
            self._free.append(index)
            raise
        return Instance(f"external-{index}", self.name, url, (server.advertised_url or url).rstrip("/"),
                        server.admin_key, handle=index)

    async def stop(self, instance: Instance) -> None:
        if instance.handle not in self._free:
            self._free.append(instance.handle)

    async def is_running(self, instance: Instance) -> bool:
        return instance.handle not in self._free

    async def reap_orphans(self) -> int:
        return 0

    async def owned(self) -> list[str]:
        return []

    async def close(self) -> None:
        await self._http.aclose()
