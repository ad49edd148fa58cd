"""UES servers someone else runs (e.g. the real JBoggsy/ues): a fixed list of URLs and admin keys.

Nothing is started or stopped; "start" hands out a free server, wiped, and "stop" gives it back. So each context
still sees a fresh world, even after a server the pool declared dead turns out to have been only slow.
"""

from __future__ import annotations

import httpx
from pydantic import BaseModel, Field

from services.ues.client import UESClient, UESError
from ues_pool.backends.base import Backend, BackendError, Instance

__all__ = ["ExternalBackend", "ExternalServer"]


class ExternalServer(BaseModel):
    url: str
    admin_key: str = Field(repr=False)
    advertised_url: str | None = None


class ExternalBackend(Backend):
    name = "external"

    def __init__(self, servers: list[ExternalServer]) -> None:
        if not servers:
            raise ValueError("the external backend needs at least one server (GREEN_UES_EXTERNAL)")
        self.servers = servers
        self.capacity = len(servers)
        self._free = list(range(len(servers)))
        self._http = httpx.AsyncClient(timeout=2.0)

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
