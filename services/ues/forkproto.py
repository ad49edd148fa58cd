"""The fork server's control protocol: the JSON lines ``services/ues/forkserver.py`` speaks with its owner.

Published apart from the simulator, like ``client.py``, because the owner is the pool's process backend
(``ues_pool/backends/process.py``), which may import nothing else of ``services/ues``; and apart from the client,
because only that backend launches worlds (``tests/test_imports.py`` holds every other module to the client).
The exchange itself is described in ``forkserver.py``.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

__all__ = ["SERVER_PROCESS_NAME", "WORLD_PROCESS_NAME", "Ready", "SpawnFailed", "SpawnRequest", "Spawned"]

WORLD_PROCESS_NAME = "ues-world"
"""``/proc/<pid>/comm`` of a forked world (a world shares its parent's environment; its name tells them apart)."""
SERVER_PROCESS_NAME = "ues-forkserver"
"""``/proc/<pid>/comm`` of the fork server."""


class Ready(BaseModel):
    """Written once, when the server has imported and warmed the simulator."""

    ready: bool = True
    pid: int


class SpawnRequest(BaseModel):
    """Fork one world serving on ``host`` with ``admin_key`` as its admin secret."""

    instance_id: str = Field(min_length=1, max_length=100)
    admin_key: str = Field(min_length=32, repr=False)
    host: str = "127.0.0.1"


class Spawned(BaseModel):
    """The world's process and port; it accepts connections from now on."""

    pid: int
    port: int


class SpawnFailed(BaseModel):
    """Why no world was forked (the port could not be bound, fork failed)."""

    error: str
