"""TEST-ONLY: one component's router in the Amber-shaped topology (tests/amber/topology.py).

Amber's docker-compose output gives every component a sidecar whose network namespace the component's program shares
(``network_mode: service:<sidecar>``). The program's slots are ``http://127.0.0.1:<port>`` in that namespace, served
by the sidecar, which carries each to the capability bound to it over an internal mesh network; the capabilities a
component provides reach its program through its own sidecar. This router plays the sidecar, as plain TCP:

    python router.py [LISTEN=TARGET ...]

Each ``LISTEN`` (``host:port``) is accepted and spliced, byte for byte both ways, to ``TARGET`` (``host:port``,
resolved at each connection, so a provider's router may start later). A consumer's router listens on
``127.0.0.1:<slot port>`` and targets the provider's router on the mesh; a provider's router listens on the mesh at
``<mesh port>`` and targets ``127.0.0.1:<endpoint port>``, where its program serves. Nothing else is forwarded. A
target that cannot be reached closes the accepted connection unanswered.

Standard library only: it runs in a container of the project image with ``/opt/venv/bin/python``.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable

CHUNK = 64 * 1024


def parse_address(text: str) -> tuple[str, int]:
    """``host:port`` → (host, port); SystemExit naming the problem otherwise."""
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit():
        raise SystemExit(f"router: not host:port: {text!r}")
    return host, int(port)


async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """Copy ``reader`` to ``writer`` until end of stream, then half-close ``writer`` (the other way may go on)."""
    try:
        while data := await reader.read(CHUNK):
            writer.write(data)
            await writer.drain()
        if writer.can_write_eof():
            writer.write_eof()
    except (ConnectionError, OSError):
        pass


def splicer(target: tuple[str, int]) -> Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]:
    """The connection handler of one listener: each accepted connection joined to a new one to ``target``."""

    async def splice(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(*target)
        except OSError as exc:
            print(f"router: {target[0]}:{target[1]} cannot be reached ({exc}); connection closed", flush=True)
            writer.close()
            return
        try:
            await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))
        finally:
            for end in (up_writer, writer):
                end.close()

    return splice


async def serve(routes: list[tuple[tuple[str, int], tuple[str, int]]]) -> None:
    """Serve every route until stopped; with none, only hold the namespace (a component with nothing bound)."""
    servers = [await asyncio.start_server(splicer(target), *listen, reuse_address=True) for listen, target in routes]
    for (host, port), (to_host, to_port) in routes:
        print(f"router: {host}:{port} -> {to_host}:{to_port}", flush=True)
    print(f"router: {len(routes)} route(s) served", flush=True)
    await asyncio.gather(asyncio.Event().wait(), *(server.serve_forever() for server in servers))


def main(argv: list[str]) -> None:
    routes = []
    for arg in argv:
        listen, sep, target = arg.partition("=")
        if not sep:
            raise SystemExit(f"router: not LISTEN=TARGET: {arg!r}")
        routes.append((parse_address(listen), parse_address(target)))
    asyncio.run(serve(routes))


if __name__ == "__main__":
    main(sys.argv[1:])
