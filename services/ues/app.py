"""The simulator's FastAPI application."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import ValidationError

from services.ues.access_log import AccessLog, AccessLogMiddleware
from services.ues.auth import KeyRegistry
from services.ues.engine import UES_VERSION, ApiError, Simulation
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


def create_app(settings: UESSettings | None = None, admin_secret: str | None = None) -> FastAPI:
    """Build a simulator app. ``admin_secret`` defaults to ``settings.admin_key``."""
    settings = settings or UESSettings()
    secret = admin_secret or settings.admin_key
    if not secret:
        raise ValueError("create_app needs an admin secret (UES_ADMIN_KEY or admin_secret)")

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        async def tick() -> None:
            while True:
                await asyncio.sleep(AUTO_TICK_SECONDS)
                app.state.sim.auto_tick()

        task = asyncio.create_task(tick())
        try:
            yield
        finally:
            task.cancel()

    app = FastAPI(title="User Environment Simulator (UES-compatible)", version=UES_VERSION, lifespan=lifespan)
    app.state.settings = settings
    app.state.sim = Simulation()
    app.state.keys = KeyRegistry(secret, settings.rate_limit_per_second, settings.rate_limit_burst)
    app.state.access_log = AccessLog(settings.access_log_size)
    app.state.webhooks = {}  # routes/webhooks.py: registrations only, nothing is delivered
    app.add_middleware(AccessLogMiddleware, log=app.state.access_log, max_body_bytes=settings.max_body_bytes,
                       max_admin_body_bytes=settings.max_admin_body_bytes, is_admin_secret=app.state.keys.is_admin,
                       identify=app.state.keys.identify)

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
