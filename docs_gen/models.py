"""Blocks of the protocol and scenario pages: a model's table and the tables of every model it is made of."""

from __future__ import annotations

import enum
import importlib
import typing
from typing import Any

from pydantic import BaseModel

from docs_gen.blocks import BlockError
from docs_gen.fields import anchor, cell, comments, enum_table, model_table, type_name


def resolve(dotted: str) -> Any:
    """``package.module.Name`` → the object, or BlockError naming what does not import."""
    module, _, name = dotted.rpartition(".")
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError, ValueError) as exc:
        raise BlockError(f"{dotted}: {exc}") from None


def nested(model: type[BaseModel]) -> list[type[BaseModel]]:
    """The models ``model``'s fields are made of, depth first, each once, ``model`` excluded."""
    seen: list[type[BaseModel]] = []

    def visit(annotation: Any) -> None:
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            if annotation is not model and annotation not in seen:
                seen.append(annotation)
                for field in annotation.model_fields.values():
                    visit(field.annotation)
        for arg in typing.get_args(annotation):
            visit(arg)

    for field in model.model_fields.values():
        visit(field.annotation)
    return seen


def _split(argument: str) -> tuple[str, tuple[str, ...]]:
    # "pkg.Model -field -Other.field": fields left out (what the published form leaves out)
    words = argument.split()
    return words[0], tuple(w[1:] for w in words[1:] if w.startswith("-"))


def models_block(argument: str) -> str:
    """``models pkg.Model [-field …]``: the model's table, then a heading and a table for every model it holds."""
    dotted, skipped = _split(argument)
    root = resolve(dotted)
    if not (isinstance(root, type) and issubclass(root, BaseModel)):
        raise BlockError(f"{dotted} is not a pydantic model")
    out = [model_table(root, skip=_own(root, skipped))]
    for part in nested(root):
        if part.__name__ in skipped:
            continue
        doc = " ".join((part.__doc__ or "").split())
        out += [f"#### `{part.__name__}` {{#{anchor(part)}}}", *([doc] if doc else []),
                model_table(part, skip=_own(part, skipped))]
    return "\n\n".join(out)


def _own(model: type[BaseModel], skipped: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(s.partition(".")[2] if "." in s else s for s in skipped
                 if ("." in s and s.partition(".")[0] == model.__name__) or ("." not in s and s in model.model_fields))


def enum_block(argument: str) -> str:
    """``enum pkg.Enum``: each value and the comment beside it."""
    kind = resolve(argument)
    if not (isinstance(kind, type) and issubclass(kind, enum.Enum)):
        raise BlockError(f"{argument} is not an enum")
    return enum_table(kind)


def constants_block(argument: str) -> str:
    """``constants pkg.module NAME …``: module constants with their values and the comment above each."""
    module_name, *names = argument.split()
    module = importlib.import_module(module_name)
    notes = comments_of_module(module)
    rows = ["| name | value | meaning |", "|---|---|---|"]
    for name in names:
        rows.append(f"| `{name}` | `{getattr(module, name)}` | {cell(notes.get(name, ''))} |")
    return "\n".join(rows)


def comments_of_module(module: Any) -> dict[str, str]:
    """Module-level name → the comment documenting it (as ``comments`` reads a class body)."""
    import inspect

    from docs_gen.fields import _body_comments
    source = "class _Module:\n" + "\n".join("    " + line for line in inspect.getsource(module).splitlines())
    return _body_comments(source)


def list_block(argument: str) -> str:
    """``list pkg.NAME``: a tuple of strings, one code span each."""
    return " ".join(f"`{item}`" for item in resolve(argument))


def mapping_block(argument: str) -> str:
    """``mapping pkg.NAME`` : a dict of strings, a row per item (key, value)."""
    table = resolve(argument)
    if not isinstance(table, dict):
        raise BlockError(f"{argument} is not a dict")
    rows = ["| key | value |", "|---|---|"]
    rows += [f"| `{cell(str(k))}` | `{cell(str(v))}` |" for k, v in table.items()]
    return "\n".join(rows)


def field_type(model: type[BaseModel], name: str) -> str:
    """One field's type, as the tables write it."""
    return type_name(model.model_fields[name].annotation)


__all__ = ["comments", "constants_block", "enum_block", "field_type", "list_block", "mapping_block", "models_block",
           "resolve"]
