"""``UESClient.probe``: the pool destroys a world at once on ``REFUSED``, so only a refusal may count as one."""

from __future__ import annotations

import errno

import httpx

from services.ues.client import Health, UESClient, _refused
from tests.conftest import free_port


async def test_a_port_nobody_listens_on_is_refused():
    async with UESClient(f"http://127.0.0.1:{free_port()}", "k" * 40) as client:
        assert await client.probe() is Health.REFUSED


def connect_error(cause: OSError) -> httpx.ConnectError:
    """The shape httpx raises: its ConnectError over httpcore's, over anyio's OSError, over the socket's error."""
    inner = OSError("All connection attempts failed")
    inner.__cause__ = cause
    outer = httpx.ConnectError("All connection attempts failed")
    outer.__cause__ = inner
    return outer


def test_an_unreachable_network_is_not_taken_for_a_dead_world():
    assert _refused(connect_error(ConnectionRefusedError(errno.ECONNREFUSED, "Connection refused")))
    for code in (errno.ENETUNREACH, errno.EHOSTUNREACH, errno.ETIMEDOUT):
        assert not _refused(connect_error(OSError(code, "unreachable"))), errno.errorcode[code]
