"""Blocks of the UES API page: the simulator's routes of one group, each with its permission, whether the purple's
key holds it, and what it takes (its query parameters and its JSON body, field by field)."""

from __future__ import annotations

import typing
from functools import cache
from typing import Any

from fastapi.routing import APIRoute
from pydantic import BaseModel

from docs_gen.blocks import BlockError
from docs_gen.fields import anchor, cell, default, model_table, type_name

# Routes that need no key.
PUBLIC = {("GET", "/health"), ("GET", "/")}


class Operation(typing.NamedTuple):
    """One method of one route, as the page shows it."""

    method: str
    path: str
    summary: str
    permission: str | None
    route: APIRoute


def _routes(routes: list[Any]) -> list[APIRoute]:
    out: list[APIRoute] = []
    for route in routes:
        if isinstance(route, APIRoute):
            out.append(route)
        elif hasattr(route, "original_router"):  # FastAPI wraps included routers
            out.extend(_routes(route.original_router.routes))
    return out


def _permission(route: APIRoute) -> str | None:
    from services.ues.auth import Permission
    found = [d.call.permission for d in route.dependant.dependencies if isinstance(d.call, Permission)]
    return found[0] if found else None


@cache
def operations() -> dict[str, list[Operation]]:
    """The simulator's operations by OpenAPI tag, in the order its document lists them."""
    from services.ues.app import create_app

    app = create_app(admin_secret="d" * 32)  # never served: only its route table is read
    by_key = {(method, route.path): route for route in _routes(app.routes) for method in route.methods or ()}
    out: dict[str, list[Operation]] = {}
    for path, methods in app.openapi()["paths"].items():
        for method, op in methods.items():
            route = by_key[(method.upper(), path)]
            needed = None if (method.upper(), path) in PUBLIC else _permission(route)
            # The handler's docstring, first sentence, where it has one; else FastAPI's title of its name.
            summary = (op.get("description") or "").split("\n\n")[0].split(". ")[0].strip() or op.get("summary", "")
            out.setdefault((op.get("tags") or ["other"])[0], []).append(
                Operation(method.upper(), path, summary, needed, route))
    return out


def _body_model(route: APIRoute) -> tuple[type[BaseModel] | None, bool]:
    """The route's JSON body model, and whether the body may be left out."""
    for param in route.dependant.body_params:
        annotation = param.field_info.annotation
        optional = type(None) in typing.get_args(annotation)
        models = [a for a in (typing.get_args(annotation) or (annotation,))
                  if isinstance(a, type) and issubclass(a, BaseModel)]
        if models:
            return models[0], optional
    return None, False


def _query_table(route: APIRoute) -> str:
    rows = ["| parameter | type | default |", "|---|---|---|"]
    for param in route.dependant.query_params:
        info = param.field_info
        rows.append(f"| `{param.name}` | {cell(type_name(info.annotation))} | {cell(default(info))} |")
    return "\n".join(rows)


def _body_table(model: type[BaseModel]) -> str:
    """The body model's table; without the meaning column when no field has a comment."""
    lines = model_table(model).splitlines()
    if all(line.endswith("|  |") for line in lines[2:]):
        lines = [line.rsplit("|", 2)[0] + "|" for line in lines]
    return "\n".join(lines)


def _takes(op: Operation, shown: dict[type[BaseModel], str]) -> list[str]:
    out = []
    if op.route.dependant.query_params:
        out += [f"`{op.method} {op.path}` query parameters:", _query_table(op.route)]
    model, optional = _body_model(op.route)
    if model is not None:
        may = " (the body may be left out)" if optional else ""
        if model in shown:
            out.append(f"`{op.method} {op.path}` body{may}: as `{shown[model]}`.")
        else:
            shown[model] = f"{op.method} {op.path}"
            # A body another body is made of (a batch of events) gets an anchor to link to.
            mark = f"\n{{: #{anchor(model)} }}" if model in body_models() else ""
            out += [f"`{op.method} {op.path}` body{may}:{mark}", _body_table(model)]
    return out


def routes_block(argument: str) -> str:
    """``ues-routes TAG …``: for the routes of these OpenAPI tags, a row per operation (method, path, what it does,
    the permission it needs, ✓ where the purple's key — ``PURPLE_PERMISSIONS`` — holds it), then what each takes:
    its query parameters and its JSON body's fields."""
    from green_agent.protocol import PURPLE_PERMISSIONS
    from services.ues.auth import has_permission

    tags = argument.split()
    known = operations()
    unknown = [t for t in tags if t not in known]
    if not tags or unknown:
        raise BlockError(f"ues-routes needs route groups of the simulator; unknown: {unknown or '(none given)'}; "
                         f"known: {sorted(known)}")
    rows = ["| method | path | what | permission | purple |", "|---|---|---|---|---|"]
    takes: list[str] = []
    shown: dict[type[BaseModel], str] = {}
    for tag in tags:
        for op in known[tag]:
            purple = "✓" if op.permission is None or has_permission(list(PURPLE_PERMISSIONS), op.permission) else ""
            needs = f"`{op.permission}`" if op.permission else "none"
            rows.append(f"| `{op.method}` | `{op.path}` | {cell(op.summary)} | {needs} | {purple} |")
            takes += _takes(op, shown)
    return "\n\n".join(["\n".join(rows), *takes])


@cache
def body_models() -> frozenset[type[BaseModel]]:
    """Every model a route's body is made of, the bodies themselves excluded: the page must give each a table."""
    from docs_gen.models import nested

    out: set[type[BaseModel]] = set()
    for ops in operations().values():
        for op in ops:
            model, _ = _body_model(op.route)
            if model is not None:
                out.update(nested(model))
    return frozenset(out)


__all__ = ["anchor", "body_models", "operations", "routes_block"]
