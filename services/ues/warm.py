"""A world's server made ready before its world exists: the app built and warmed, uvicorn's modules loaded, the
listening socket bound. What is left once the admin key is known — ``install_world`` and serving — takes milliseconds.

Used by the fork server (``forkserver.py``: warm once, fork a world per key) and by ``ues-server --admin-key-stdin``
(one process warmed ahead of its one world: the docker backend's standby containers).
"""

from __future__ import annotations

import asyncio
import secrets
import socket
import sys
from typing import Any

LISTEN_BACKLOG = 1024

WARM_SECRET = secrets.token_hex(32)
"""The admin key of the world an app is warmed with; every real world gets its own (``install_world``)."""


def skip_pydantic_v1() -> None:
    """Keep FastAPI from importing ``pydantic.v1`` (a tenth of the simulator's start-up CPU: 0.09 of 1.09 s measured).
    FastAPI imports it only to ask whether a route's types are pydantic-v1 models, and treats an ImportError as "no";
    the simulator has none. Call before importing the app; a process that has ``pydantic.v1`` already keeps it."""
    sys.modules.setdefault("pydantic.v1", None)  # type: ignore[arg-type]  # None: Python's "this module is absent"


def warm(app: Any) -> None:
    """Run the requests that make FastAPI build its lazy per-route state (about a quarter second at a world's first
    keyed request otherwise). ``app`` must have been created with ``WARM_SECRET``."""
    import httpx

    async def requests() -> None:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://warm") as client:
            await client.get("/health")
            await client.get("/keys", headers={"X-API-Key": WARM_SECRET})
            await client.get("/email/state", headers={"X-API-Key": WARM_SECRET})

    asyncio.run(requests())


def listen(host: str, port: int = 0) -> socket.socket:
    """A listening TCP socket on ``host``:``port`` (0: a port the kernel picks, so that no other process can take it
    between choosing and binding).

    Its protocol is IPPROTO_TCP explicitly (``socket.create_server`` leaves 0): asyncio sets TCP_NODELAY only on
    sockets that say TCP, and without it every keep-alive response waits ~40 ms for a delayed ACK.
    """
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                         proto=socket.IPPROTO_TCP)[0]
    listener = socket.socket(family, kind, proto)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(address)
        listener.listen(LISTEN_BACKLOG)
    except OSError:
        listener.close()
        raise
    return listener
