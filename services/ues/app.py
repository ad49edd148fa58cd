"""The simulator's FastAPI application."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import ValidationError

from services.ues.access_log import AccessLog, AccessLogMiddleware
from services.ues.auth import KeyRegistry
from services.ues.compat import Compat
from services.ues.engine import UES_VERSION, Simulation
from services.ues.errors import ApiError
from services.ues.routes import ROUTERS
from services.ues.routes.common import AUTHENTICATED_ERRORS, error_responses
from services.ues.settings import UESSettings

AUTO_TICK_SECONDS = 0.01


def _clean_errors(errors: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Pydantic error objects without the non-JSON parts (exception objects in ``ctx``, huge inputs)."""
    out = []
    for err in errors:
        item = {"loc": list(err.get("loc", ())), "msg": err.get("msg"), "type": err.get("type")}
        value = err.get("input")
        if isinstance(value, str | int | float | bool) or value is None:
            item["input"] = value[:200] if isinstance(value, str) else value
        out.append(item)
    return out


@contextlib.asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    """The app's life: a ticker that moves time in auto mode, asleep while the world's time stands still."""
    async def tick() -> None:
        # Only a world whose time moves by itself needs ticks. Waking 100 times a second regardless cost every
        # idle world CPU, and with hundreds of worlds on a machine that, not memory, was the limit.
        while True:
            sim, woken = app.state.sim, app.state.ticker
            if sim.ticking:
                await asyncio.sleep(AUTO_TICK_SECONDS)
                sim.auto_tick()
            else:
                woken.clear()
                await woken.wait()

    task = asyncio.create_task(tick())
    try:
        yield
    finally:
        task.cancel()


def _answer_errors(app: FastAPI) -> None:
    """Every error as a JSON answer: ApiError with its status, validation errors 422, ValueError 400, the rest 500
    without details."""

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"detail": exc.detail}, status_code=exc.status_code)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": "Validation Error", "detail": _clean_errors(exc.errors())}, status_code=422)

    @app.exception_handler(ValidationError)
    async def model_error(request: Request, exc: ValidationError) -> JSONResponse:
        # A model built inside a handler; pydantic's error is a ValueError but belongs with the 422s.
        return JSONResponse({"error": "Validation Error", "detail": _clean_errors(exc.errors())}, status_code=422)

    @app.exception_handler(ValueError)
    async def value_error(request: Request, exc: ValueError) -> JSONResponse:
        return JSONResponse({"error": "Invalid Value", "detail": str(exc), "type": "ValueError"}, status_code=400)

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        return JSONResponse({"error": "Internal Server Error", "detail": "An unexpected error occurred",
                             "type": type(exc).__name__}, status_code=500)


def create_app(settings: UESSettings | None = None, admin_secret: str | None = None) -> FastAPI:
    """Build a simulator app. ``admin_secret`` defaults to ``settings.admin_key``."""
    settings = settings or UESSettings()
    secret = admin_secret or settings.admin_key
    if not secret:
        raise ValueError("create_app needs an admin secret (UES_ADMIN_KEY or admin_secret)")

    app = FastAPI(title="User Environment Simulator (UES-compatible)", version=UES_VERSION, lifespan=_lifespan)
    app.state.settings = settings
    install_world(app, secret)
    app.add_middleware(AccessLogMiddleware, max_body_bytes=settings.max_body_bytes,
                       max_admin_body_bytes=settings.max_admin_body_bytes)
    _answer_errors(app)

    @app.get("/health", tags=["meta"])
    async def health() -> dict[str, str]:
        return {"status": "healthy"}

    @app.get("/", tags=["meta"])
    async def root() -> dict[str, str]:
        return {"message": "Welcome to the User Environment Simulator API", "version": UES_VERSION,
                "docs_url": "/docs"}

    for router, errors in ROUTERS:
        app.include_router(router, responses=error_responses(*AUTHENTICATED_ERRORS, *errors))
    return app


def install_world(app: FastAPI, admin_secret: str) -> None:
    """Give ``app`` an empty world whose admin key is ``admin_secret``: simulation, keys, access log, webhooks.

    The world takes the app's settings, real-UES mode (``settings.compat``) included.
    Everything a world owns lives in ``app.state`` and nowhere else (routes and middleware read it per request), so
    an app built and warmed once can serve a new world: the fork server (``services/ues/forkserver.py``) calls this
    in every child instead of paying an app build and FastAPI's lazy route set-up (~0.25 s) per world.
    """
    settings: UESSettings = app.state.settings
    app.state.sim = Simulation(compat=settings.compat)
    app.state.keys = KeyRegistry(admin_secret, settings.rate_limit_per_second, settings.rate_limit_burst)
    app.state.access_log = AccessLog(settings.access_log_size, real=settings.compat is Compat.REAL_0_3)
    app.state.webhooks = {}  # routes/webhooks.py: registrations only, nothing is delivered
    app.state.ticker = asyncio.Event()
    app.state.sim.wake = app.state.ticker.set


def request_schemas(app: FastAPI) -> dict[str, dict[str, Any]]:
    """``"METHOD /path"`` → the JSON schema of that route's request body (its ``$defs`` beside it), for every route
    that takes one: what ``services/ues/request_schemas.json`` publishes to clients, who must not import the
    simulator's models (tests/ues/test_request_schemas.py keeps the file equal to this)."""
    document = app.openapi()
    components: dict[str, Any] = document.get("components", {}).get("schemas", {})
    prefix = "#/components/schemas/"

    def local(node: Any, used: set[str]) -> Any:
        if isinstance(node, list):
            return [local(item, used) for item in node]
        if not isinstance(node, dict):
            return node
        out = {}
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str) and value.startswith(prefix):
                name = value.removeprefix(prefix)
                used.add(name)
                out[key] = "#/$defs/" + name
            else:
                out[key] = local(value, used)
        return out

    schemas: dict[str, dict[str, Any]] = {}
    for path, operations in sorted(document.get("paths", {}).items()):
        for method, operation in sorted(operations.items()):
            body = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
            if body is None:
                continue
            # An optional body (``CalendarQuery | None``: omit it to match everything) is published as its model.
            present = [s for s in body.get("anyOf", []) if s.get("type") != "null"]
            if len(present) == 1 and len(body["anyOf"]) == 2:
                body = present[0]
            used: set[str] = set()
            schema = local(body, used)
            defs: dict[str, Any] = {}
            while used - defs.keys():
                name = sorted(used - defs.keys())[0]
                defs[name] = local(components[name], used)
            top = schema.get("$ref", "").removeprefix("#/$defs/")
            if top in defs and not _refers_to(defs, top):  # the body model itself, at the top
                schema = defs.pop(top)
            if defs:
                schema["$defs"] = defs
            schemas[f"{method.upper()} {path}"] = schema
    return schemas


def _refers_to(defs: dict[str, Any], name: str) -> bool:
    """Whether any of ``defs`` refers to ``name`` (a recursive model must stay among the ``$defs``)."""
    return f'"#/$defs/{name}"' in json.dumps(defs)
