"""Blocks of the settings page: one table per settings model, each row an environment variable."""

from __future__ import annotations

import inspect

from pydantic import BaseModel
from pydantic_settings import BaseSettings

from docs_gen.blocks import BlockError
from docs_gen.fields import cell, comments, default, limits, type_name
from docs_gen.models import resolve


def settings_table(model: type[BaseModel], prefix: str, *, fields: list[str] | None = None,
                   shared: dict[str, str] | None = None) -> str:
    """A row per variable (name, type, default, limits, meaning) for ``fields`` of ``model`` (all by default); a field
    another variable sets (``shared``) is left out."""
    notes = comments(model)
    rows = ["| variable | type | default | limits | meaning |", "|---|---|---|---|---|"]
    for name in fields if fields is not None else list(model.model_fields):
        field = model.model_fields[name]
        if shared and name in shared:
            continue
        if isinstance(field.annotation, type) and issubclass(field.annotation, BaseModel):
            continue  # a nested section: its own table
        meaning = notes.get(name) or field.description or ""
        rows.append(f"| `{prefix}{name.upper()}` | {cell(type_name(field.annotation))} | {cell(default(field))} | "
                    f"{cell(limits(field))} | {cell(meaning)} |")
    return "\n".join(rows) if len(rows) > 2 else "No variables of its own: it takes the shared settings."


def settings_block(argument: str) -> str:
    """``settings pkg.Settings``: the variables the class itself declares (those of a base class are in its table)."""
    model = resolve(argument)
    if not (isinstance(model, type) and issubclass(model, BaseSettings)):
        raise BlockError(f"{argument} is not a pydantic-settings class")
    prefix = str(model.model_config.get("env_prefix", ""))
    own = [name for name in model.model_fields if name in inspect.get_annotations(model)]
    return settings_table(model, prefix, fields=own)


def section_block(argument: str) -> str:
    """``section pkg.Model PREFIX_``: a nested model's variables (``GREEN_POOL_*``)."""
    dotted, prefix = argument.split()
    return settings_table(resolve(dotted), prefix)


def backends_block(argument: str) -> str:
    """``backends``: a heading and a table per registered pool backend (``GREEN_UES_<KIND>_*``); the settings every
    backend shares (``SHARED_FROM``) are set once, under their own names."""
    from ues_pool.backends.registry import BACKENDS
    from ues_pool.settings import SHARED_FROM
    out = []
    for spec in BACKENDS:
        doc = " ".join((spec.config.__doc__ or "").split())
        out += [f"### `{spec.kind}`", *([doc] if doc else []),
                settings_table(spec.config, f"GREEN_UES_{spec.kind.upper()}_", shared=SHARED_FROM)]
    return "\n\n".join(out)
