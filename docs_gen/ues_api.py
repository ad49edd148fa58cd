"""Blocks of the UES API page: every route of the simulator, its permission, and whether the purple's key holds it."""

from __future__ import annotations

from typing import Any

from fastapi.routing import APIRoute

from docs_gen.fields import cell

# Routes that need no key.
PUBLIC = {("GET", "/health"), ("GET", "/")}


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


def routes_block(argument: str) -> str:
    """``ues-routes``: a section per tag of the simulator's OpenAPI document, a row per operation: method, path,
    what it does, the permission it needs, and ✓ where the purple's key (``PURPLE_PERMISSIONS``) holds it."""
    from green_agent.protocol import PURPLE_PERMISSIONS
    from services.ues.app import create_app
    from services.ues.auth import has_permission

    app = create_app(admin_secret="d" * 32)  # never served: only its route table is read
    operations = app.openapi()["paths"]
    permissions = {(method, route.path): _permission(route) for route in _routes(app.routes)
                   for method in route.methods or ()}
    by_tag: dict[str, list[str]] = {}
    for path, methods in operations.items():
        for method, op in methods.items():
            key = (method.upper(), path)
            needed = None if key in PUBLIC else permissions.get(key)
            purple = "✓" if needed is None or has_permission(list(PURPLE_PERMISSIONS), needed) else ""
            # The handler's docstring, first sentence, where it has one; else FastAPI's title of its name.
            summary = (op.get("description") or "").split("\n\n")[0].split(". ")[0].strip() or op.get("summary", "")
            shown = f"`{needed}`" if needed else "none"
            row = f"| `{method.upper()}` | `{path}` | {cell(summary)} | {shown} | {purple} |"
            by_tag.setdefault((op.get("tags") or ["other"])[0], []).append(row)
    out = []
    for tag, rows in by_tag.items():
        out += [f"### {tag}", "\n".join(["| method | path | what | permission | purple |", "|---|---|---|---|---|",
                                          *rows])]
    return "\n\n".join(out)
