"""A fork server for simulator worlds: one process imports the simulator once, builds and warms one app, then forks
a copy-on-write child per world.

    python -m services.ues.forkserver --control-fd N

Why: a world started with ``ues-server`` spends about a second importing FastAPI, pydantic and uvicorn and a quarter
second more on FastAPI's lazy route set-up at its first keyed request, and holds ~57 MB of its own. A child of this
server starts with all of that done and shared with its parent, so it serves within a few milliseconds of the fork and
owns only the pages it writes.

Protocol (JSON lines over the inherited socket ``--control-fd``, one owner, one request at a time; the messages are
the models ``Ready``, ``SpawnRequest``, ``Spawned`` and ``SpawnFailed`` of ``services.ues.forkproto``, published for
the pool's process backend):

* once warmed, the server writes ``Ready``;
* the owner writes a ``SpawnRequest``; the server binds a listening TCP socket on ``host`` (port 0: the kernel picks a
  free one, so no other process can take it between choosing and binding), forks, and answers ``Spawned`` with the
  child's pid and port, or ``SpawnFailed``. The child serves on the socket it inherited; connections made before its
  loop runs wait in the socket's backlog, so the world is reachable as soon as the answer is read.

Invariants:

* The admin key travels only over the control socket, never on a command line or in the log.
* A world is its own process (own port, own admin key, own session): a crash of one touches no other, and a world
  outlives this server. The server reaps its exited children so that their pids disappear (the owner's liveness
  check is ``/proc``) and exits when its owner closes the control socket or dies — the worlds it forked keep running
  until the owner, or the owner's successor reaping orphans, stops them.
* Children are named ``ues-world`` (``/proc/<pid>/comm``) and this server ``ues-forkserver``: both inherit the
  environment the owner exec'd this server with, so the name is what tells a world from its parent.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import gc
import os
import signal
import socket
import sys
from typing import Any

from pydantic import BaseModel

from services.ues.forkproto import SERVER_PROCESS_NAME, WORLD_PROCESS_NAME, Ready, Spawned, SpawnFailed, SpawnRequest
from services.ues.warm import WARM_SECRET, listen, skip_pydantic_v1, warm


def set_process_name(name: str) -> None:
    """Set ``/proc/self/comm`` (Linux ``prctl(PR_SET_NAME)``; at most 15 bytes). Best effort elsewhere."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(15, name.encode()[:15], 0, 0, 0)


def _reap(*_: Any) -> None:
    """Collect every exited child, so that its pid is gone from ``/proc`` (the owner's liveness test)."""
    while True:
        try:
            pid, _status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _serve_world(app: Any, listener: socket.socket, request: SpawnRequest, control: socket.socket,
                 log_level: str) -> None:
    """The child: a new session, a new world in the warmed app, uvicorn on the inherited socket. Never returns."""
    code = 0
    try:
        os.setsid()  # signals to the owner's process group never reach a world
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)  # uvicorn re-raises the signal it stopped for
        # Really close our copy of the control socket (close() would wait for the parent's reader to let go): while
        # a world held it, the owner would not see the server's end close when the server dies.
        os.close(control.detach())
        set_process_name(WORLD_PROCESS_NAME)
        from services.ues.app import install_world
        from services.ues.server import WorldServer, world_config

        install_world(app, request.admin_key)
        asyncio.run(WorldServer(world_config(app, log_level)).serve(sockets=[listener]))
    except BaseException as exc:
        print(f"ues-world {request.instance_id}: {type(exc).__name__}: {exc}", file=sys.stderr, flush=True)
        code = 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def _spawn(app: Any, request: SpawnRequest, control: socket.socket, log_level: str) -> Spawned | SpawnFailed:
    try:
        listener = listen(request.host)
    except OSError as exc:
        return SpawnFailed(error=f"could not bind a port on {request.host}: {exc}")
    try:
        port = listener.getsockname()[1]
        try:
            pid = os.fork()
        except OSError as exc:
            return SpawnFailed(error=f"fork failed: {exc}")
        if pid == 0:
            _serve_world(app, listener, request, control, log_level)
        return Spawned(pid=pid, port=port)
    finally:
        listener.close()  # the child holds its own copy


def serve(control: socket.socket, log_level: str = "warning") -> int:
    """Warm the simulator, announce ``Ready``, then fork worlds on request until the owner goes away."""
    set_process_name(SERVER_PROCESS_NAME)
    skip_pydantic_v1()
    from services.ues.app import create_app
    from services.ues.server import world_config  # imported here, once, for every child
    from services.ues.settings import UESSettings

    app = create_app(UESSettings(), admin_secret=WARM_SECRET)
    warm(app)
    world_config(app, log_level).load()  # imports uvicorn's protocol modules
    # Objects that exist now are shared with every child: keep the collector from touching (and so copying) them.
    gc.collect()
    gc.freeze()
    signal.signal(signal.SIGCHLD, _reap)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    reader = control.makefile("rb")
    control.sendall(Ready(pid=os.getpid()).model_dump_json().encode() + b"\n")
    for line in reader:
        try:
            request = SpawnRequest.model_validate_json(line)
        except ValueError as exc:
            answer: BaseModel = SpawnFailed(error=f"malformed spawn request: {exc}")
        else:
            answer = _spawn(app, request, control, log_level)
        control.sendall(answer.model_dump_json().encode() + b"\n")
    return 0  # the owner closed the socket (or died): the worlds live on, their owner stops or reaps them


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="ues-forkserver", description=__doc__.split("\n\n")[0])
    parser.add_argument("--control-fd", type=int, required=True, help="inherited socket to the owner")
    parser.add_argument("--log-level", default=os.environ.get("UES_LOG_LEVEL", "warning"))
    args = parser.parse_args(argv)
    control = socket.socket(fileno=args.control_fd)
    try:
        return serve(control, args.log_level)
    finally:
        control.close()


if __name__ == "__main__":
    sys.exit(main())
