"""The green agent's FastAPI app: A2A JSON-RPC (1.0 + 0.3 compat) at ``/``, the agent card, ``/healthz``,
``/metrics`` (Prometheus).

A2A tasks live in the SDK's database task store — SQLite under the data directory by default, any SQLAlchemy
async URL via ``GREEN_TASK_DB_URL`` (e.g. ``postgresql+asyncpg://…``) — so finished results survive a restart.
The UES pool is created in the lifespan from the settings and kept in ``app.state.pool``.
"""

from __future__ import annotations

import gc
import json
import re
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any

import structlog
from a2a.server.context import ServerCallContext
from a2a.server.tasks import DatabaseTaskStore, TaskStore
from a2a.types import a2a_pb2
from fastapi import FastAPI
from fastapi.responses import FileResponse, JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

from green_agent import green_version
from green_agent.a2a_app import CardSpec, SkillSpec, agent_message, build_a2a_app, text_part
from green_agent.assessment.runner import AssessmentRunner, ScenarioRunner
from green_agent.config import GreenSettings
from green_agent.executor import AssessmentExecutor
from green_agent.metrics import GreenMetrics
from green_agent.protocol import PROTOCOL
from green_agent.report import CSP
from green_agent.results import NOT_HELDOUT
from green_agent.scenario_kit.part import PUBLIC_PACK
from green_agent.task_store import DEFAULT_HISTORY_LIMIT, ThrottledTaskStore
from green_agent.world_gateway import WorldGateway, gateway_from
from ues_pool.backends.select import make_pool
from ues_pool.pool import UESPool

log = structlog.get_logger("green.server")

SKILL_ID = "ues_personal_assistant_assessment"
# Seed 0 is the published world: the one the oracle baseline can play without the green's plans directory.
EXAMPLE_REQUEST = json.dumps({"participants": {"personal_assistant": "http://purple:9019"},
                              "config": {"scenario_id": "email_triage_basic", "trials": 1, "seed": 0}})
DEFAULT_CARD_URL = "http://127.0.0.1:9009/"


# ------------------------------------------------------------------------------------------------ pieces
def make_task_store(url: str, history_limit: int | None = DEFAULT_HISTORY_LIMIT) -> ThrottledTaskStore:
    """The SDK's SQLAlchemy task store on ``url`` (an async URL; SQLite's folder is created), writing
    ``working`` progress at most once a second per task and keeping each task's history bounded."""
    parsed = make_url(url)
    sqlite = parsed.get_backend_name() == "sqlite"
    if sqlite and parsed.database and parsed.database != ":memory:":
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    # SQLite lets one writer in at a time and makes the others wait at most its busy timeout (5 s by default): a
    # burst of requests on a loaded machine (14 assessments at once on 2 busy cores) outwaited it and failed with
    # "database is locked". Waiting longer costs nothing when there is no contention.
    engine = create_async_engine(url, connect_args={"timeout": SQLITE_BUSY_S} if sqlite else {})
    return ThrottledTaskStore(DatabaseTaskStore(engine), history_limit=history_limit)


SQLITE_BUSY_S = 60.0

# Requests up to this size reach the executor, which rejects anything over 1 MiB as an A2A task with a clear
# message (what a gateway can show); beyond it the body is not even read into memory.
MAX_BODY_BYTES = 8 * 1024 * 1024


class _BodyTooLarge(Exception):
    pass


class BodyLimit:
    """Pure ASGI: refuse bodies over ``max_bytes`` with 413 before buffering them — a declared Content-Length at
    once, a chunked body as soon as it passes the limit (whatever the app made of the interrupted read is dropped:
    the JSON-RPC layer would answer -32603 with a traceback)."""

    def __init__(self, app: Any, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def _refuse(self, send: Any) -> None:
        body = json.dumps({"detail": f"request body too large: the limit is {self.max_bytes} bytes"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or ()).get(b"content-length", b"")
        if declared.isdigit() and int(declared) > self.max_bytes:
            await self._refuse(send)
            return
        seen = 0
        overflow = responded = False

        async def limited() -> Any:
            nonlocal seen, overflow
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.max_bytes:
                overflow = True
                raise _BodyTooLarge
            return message

        async def guarded_send(message: Any) -> None:
            nonlocal responded
            if overflow:
                return  # the app's answer to the interrupted read; the 413 below replaces it
            if message.get("type") == "http.response.start":
                responded = True
            await send(message)

        try:
            await self.app(scope, limited, guarded_send)
        except Exception:
            if not overflow:  # whatever the app raised about the interrupted read gives way to the 413
                raise
        if overflow and not responded:
            await self._refuse(send)


INTERRUPTED_TEXT = ("The green agent stopped while this assessment was running (restart or crash); it produced no "
                    "results. Send the request again.")


async def fail_interrupted_tasks(task_store: TaskStore) -> int:
    """Mark tasks left ``submitted``/``working`` by a previous run as ``failed``: nothing runs them any more, and a
    client polling them must not wait forever. Returns how many were marked."""
    context = ServerCallContext()
    marked = 0
    for state in (a2a_pb2.TaskState.TASK_STATE_SUBMITTED, a2a_pb2.TaskState.TASK_STATE_WORKING):
        for _ in range(1000):  # bounded: each round marks a page, so the filter shrinks
            page = await task_store.list(a2a_pb2.ListTasksRequest(status=state, page_size=100), context)
            if not page.tasks:
                break
            for task in page.tasks:
                task.status.CopyFrom(a2a_pb2.TaskStatus(
                    state=a2a_pb2.TaskState.TASK_STATE_FAILED,
                    message=agent_message([text_part(INTERRUPTED_TEXT)], context_id=task.context_id,
                                          task_id=task.id)))
                task.status.timestamp.GetCurrentTime()
                await task_store.save(task, context)
                marked += 1
    return marked


# Assessment ids are the A2A task ids the SDK mints (UUIDs); nothing else names a file.
_ASSESSMENT_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def card_spec(card_url: str, heldout: bool = False) -> CardSpec:
    """The green's agent card; ``heldout``: whether it has a held-out secret (without one, the card says so)."""
    worlds = ("Its worlds are held out: a secret is mixed into every world seed." if heldout
              else f"Warning: {NOT_HELDOUT}.")
    return CardSpec(
        name="UES personal-assistant benchmark (green)",
        description=("Benchmarks an AI personal assistant inside a simulated world (email, SMS, calendar, chat on "
                     f"a simulated clock): plays everyone else, advances time turn by turn, scores what the "
                     f"assistant did. Protocol {PROTOCOL}. Send one JSON request naming the participant "
                     f"'personal_assistant' and a config with scenario_id or scenarios. {worlds}"),
        url=card_url,
        version=green_version(),
        skills=[SkillSpec(
            id=SKILL_ID,
            name="UES personal assistant assessment",
            description=("Runs the requested scenarios × trials against the purple agent given as "
                         "participants.personal_assistant and returns a Result artifact: one row per trial plus a "
                         "summary row."),
            examples=[EXAMPLE_REQUEST],
            tags=["assessment", "personal-assistant", "ues", "benchmark"],
        )],
    )


# ------------------------------------------------------------------------------------------------ the app
_Lifespan = Callable[[FastAPI], AbstractAsyncContextManager[None]]


def _lifespan(settings: GreenSettings, task_store: ThrottledTaskStore, state: dict[str, Any], *, own_pool: bool,
              gateway: WorldGateway | None, fail_interrupted: bool, card_url: str) -> _Lifespan:
    """What the app does at start-up and shutdown: the task store, the pool (``own_pool``: made from the settings
    here and shut down here) and the world gateway."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await task_store.initialize()
        interrupted = await fail_interrupted_tasks(task_store) if fail_interrupted else 0
        if interrupted:
            log.warning("interrupted_tasks_failed", count=interrupted)
        if own_pool:
            state["pool"] = await make_pool(settings).start()
        app.state.pool = state["pool"]
        if gateway is not None:
            await gateway.start()
        # Everything alive now (modules, classes, settings, the pool) lives as long as the server: out of the garbage
        # collector's full passes, whose pauses grow with what they scan and stall every context's turns at once
        # (a 0.2 s pause measured under a flood, tests/bench/bench_progress.py). Garbage is collected first, so
        # none of it is kept for good.
        gc.collect()
        gc.freeze()
        log.info("green_started", card_url=card_url, task_db=make_url(settings.task_db).render_as_string(),
                 pool=state["pool"].backend.name)
        try:
            yield
        finally:
            await app.state.a2a_handler.aclose()
            if gateway is not None:
                await gateway.stop()
            if own_pool and state["pool"] is not None:
                await state["pool"].shutdown()
            await task_store.flush()
            await task_store.engine.dispose()

    return lifespan


def _add_routes(app: FastAPI, settings: GreenSettings, metrics: GreenMetrics, state: dict[str, Any]) -> None:
    """``/healthz``, ``/reports/{id}.html`` and ``/metrics`` (the A2A routes are the SDK's)."""

    @app.get("/healthz")
    async def healthz() -> JSONResponse:
        current = state["pool"]
        return JSONResponse({"status": "ok", "version": green_version(), "protocol": PROTOCOL,
                             "pool": current.metrics() if current is not None else None})

    @app.get("/reports/{assessment_id}.html")
    async def report(assessment_id: str) -> Response:
        """An assessment's HTML report, at the URL its summary names. A held-out green serves none: the report
        shows the worlds its rows keep secret (the operator reads them in the reports folder)."""
        path = settings.reports_dir / f"{assessment_id}.html"
        if settings.heldout or not _ASSESSMENT_ID.fullmatch(assessment_id) or not path.is_file():
            return JSONResponse({"error": f"no report for assessment {assessment_id[:64]!r}"}, status_code=404)
        return FileResponse(path, media_type="text/html; charset=utf-8",
                            headers={"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff"})

    @app.get("/metrics")
    async def prometheus_metrics() -> Response:
        metrics.observe_pool(state["pool"])
        return Response(metrics.render(), media_type=CONTENT_TYPE_LATEST)


def create_app(settings: GreenSettings | None = None, runner: AssessmentRunner | None = None, *,
               card_url: str = DEFAULT_CARD_URL, pool: UESPool | None = None,
               cancel_grace_s: float = 15.0, fail_interrupted: bool = True) -> FastAPI:
    """The green's app. ``runner`` defaults to the scenario library of the settings; ``pool``
    (not owned: neither started nor shut down here) replaces the pool the settings describe. With
    ``GREEN_WORLD_GATEWAY`` on, the default runner's purples reach their worlds through the world gateway, served
    beside the app for its lifetime (``app.state.world_gateway``).

    ``fail_interrupted``: at start-up, tasks a previous run left unfinished are marked failed. Turn it off when
    several green replicas share one task database.
    """
    settings = settings or GreenSettings()
    metrics = GreenMetrics()
    task_store = make_task_store(settings.task_db, settings.task_history_limit)
    state: dict[str, Any] = {"pool": pool}
    base = card_url.rstrip("/")
    gateway = gateway_from(settings) if runner is None else None
    if runner is None:
        scenarios = ScenarioRunner(settings, gateway=gateway)
        if settings.part_packs or settings.sealed_pack:
            # Private packs load at start: a missing folder or a broken part stops the green here, naming it,
            # instead of failing every assessment of a family later.
            loaded = scenarios.library.pack()
            log.info("part_packs_loaded", packs=[str(p) for p in settings.part_packs],
                     sealed=len(settings.sealed_pack),
                     parts=sorted(k for k, o in loaded.origins.items() if o.pack != PUBLIC_PACK))
        runner = scenarios
    executor = AssessmentExecutor(runner, lambda: state["pool"], metrics,
                                  cancel_grace_s=cancel_grace_s, gateway_proxy=settings.gateway_proxy,
                                  report_url=None if settings.heldout else lambda aid: f"{base}/reports/{aid}.html")
    lifespan = _lifespan(settings, task_store, state, own_pool=pool is None, gateway=gateway,
                         fail_interrupted=fail_interrupted, card_url=card_url)
    app = FastAPI(title="UES green agent", version=green_version(), lifespan=lifespan)
    app.add_middleware(BodyLimit, max_bytes=MAX_BODY_BYTES)
    app.state.settings = settings
    app.state.metrics = metrics
    app.state.executor = executor
    app.state.pool = pool
    app.state.world_gateway = gateway
    _add_routes(app, settings, metrics, state)
    return build_a2a_app(executor, card_spec(card_url, heldout=bool(settings.heldout)), task_store, app)
