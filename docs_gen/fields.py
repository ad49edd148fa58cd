"""Field tables from pydantic models: each field's wire name, type, default, limits and meaning.

The meaning is the model's own documentation: the comment above the field (or at the end of its line) in the class
body, where this code base documents fields — so the page says what the code says, and one fact stays in one place.
"""

from __future__ import annotations

import ast
import enum
import inspect
import io
import json
import textwrap
import tokenize
import types
import typing
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import annotated_types
from pydantic import BaseModel, PlainSerializer, SecretStr
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

from docs_gen.blocks import ROOT


def comments(cls: type) -> dict[str, str]:
    """Name → the comment documenting it in ``cls``'s body (fields and enum members), for ``cls`` and its bases."""
    found: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if klass.__module__ in ("builtins", "enum") or klass.__module__.startswith(("pydantic", "typing")):
            continue
        try:
            source = textwrap.dedent(inspect.getsource(klass))
        except (OSError, TypeError):
            continue
        found.update(_body_comments(source))
    return found


def _body_comments(source: str) -> dict[str, str]:
    by_line: dict[int, str] = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            by_line[token.start[0]] = token.string.lstrip("#").strip()
    lines = source.splitlines()
    out: dict[str, str] = {}
    body = ast.parse(source).body[0]
    assert isinstance(body, ast.ClassDef)
    for node in body.body:
        target = node.target if isinstance(node, ast.AnnAssign) else (
            node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else None)
        if not isinstance(target, ast.Name):
            continue
        above: list[str] = []
        line = node.lineno - 1
        while line >= 1 and line in by_line and lines[line - 1].strip().startswith("#"):
            above.insert(0, by_line[line])
            line -= 1
        trailing = by_line.get(node.end_lineno or node.lineno) if not lines[node.lineno - 1].strip().startswith(
            "#") else None
        text = " ".join([*above, *([trailing] if trailing else [])]).strip()
        if text:
            out[target.id] = text
    return out


def type_name(annotation: Any, link: Callable[[type[BaseModel]], str] | None = None) -> str:
    """A reader's spelling of a type: ``int``, ``list[str]``, ``"all"``, ``scripted | llm | replay``, a model's name."""
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is typing.Annotated:
        # A value written as another type (``WireProblem``: a Problem published as its sentence) reads as that.
        written = [m.return_type for m in annotation.__metadata__ if isinstance(m, PlainSerializer)]
        return type_name(written[0] if written else args[0], link)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(type_name(a, link) for a in args)
    if origin is typing.Literal:
        return " or ".join(f'`"{a}"`' if isinstance(a, str) else f"`{a}`" for a in args)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return f"list[{type_name(args[0], link)}]"  # a JSON array either way
    if origin is not None:
        inner = ", ".join(type_name(a, link) for a in args)
        return f"{getattr(origin, '__name__', str(origin))}[{inner}]"
    if annotation is type(None):
        return "null"
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return "one of " + ", ".join(f"`{m.value}`" for m in annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return link(annotation) if link else annotation.__name__
    special = {timedelta: "ISO-8601 duration", datetime: "ISO-8601 time", SecretStr: "secret", Path: "path"}
    if annotation in special:
        return special[annotation]
    return getattr(annotation, "__name__", str(annotation))


def limits(field: FieldInfo) -> str:
    """The field's bounds as a reader writes them: ``≥ 1, ≤ 100``, ``1..12 items``."""
    signs = {annotated_types.Ge: ("≥", "ge"), annotated_types.Gt: (">", "gt"), annotated_types.Le: ("≤", "le"),
             annotated_types.Lt: ("<", "lt")}
    out = []
    for item in field.metadata:
        for kind, (sign, attribute) in signs.items():
            if isinstance(item, kind):
                out.append(f"{sign} {getattr(item, attribute)}")
        if isinstance(item, annotated_types.MinLen):
            out.append(f"length ≥ {item.min_length}")
        if isinstance(item, annotated_types.MaxLen):
            out.append(f"length ≤ {item.max_length}")
    return ", ".join(out)


def default(field: FieldInfo) -> str:
    """The default as it would be written in JSON or the environment; ``required`` when there is none."""
    if field.default_factory is not None:
        factory = field.default_factory
        if getattr(factory, "__name__", "") == "<lambda>":
            return "computed (see meaning)"
        value = factory()  # type: ignore[call-arg]
    elif field.default is PydanticUndefined:
        return "required"
    else:
        value = field.default
    return f"`{shown(value)}`"


def shown(value: Any) -> str:
    """A default value as text, free of this machine's paths."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, Path):
        return str(value.relative_to(ROOT)) if value.is_absolute() and value.is_relative_to(ROOT) else str(value)
    if isinstance(value, timedelta):
        from services.protocol.messages import iso_duration
        return iso_duration(value)
    if isinstance(value, BaseModel):
        return "{…}"
    if isinstance(value, tuple | list | dict):
        return json.dumps(value)
    return str(value) if not isinstance(value, str) else value or '""'


def cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


def anchor(model: type[BaseModel]) -> str:
    """The heading id mkdocs gives a model's table heading (``### `TrialRow` ``)."""
    return model.__name__.lower()


def model_table(model: type[BaseModel], *, skip: tuple[str, ...] = ()) -> str:
    """One row per field: its JSON name, type, default, limits and meaning."""
    notes = comments(model)
    rows = ["| field | type | default | limits | meaning |", "|---|---|---|---|---|"]
    for name, field in model.model_fields.items():
        if name in skip or field.exclude:
            continue
        wire = field.serialization_alias or field.alias or name
        kind = type_name(field.annotation, lambda m: f"[{m.__name__}](#{anchor(m)})")
        rows.append(f"| `{wire}` | {cell(kind)} | {cell(default(field))} | {cell(limits(field))} | "
                    f"{cell(notes.get(name, ''))} |")
    return "\n".join(rows)


def enum_table(kind: type[enum.Enum]) -> str:
    """One row per member: its value and the comment beside it."""
    notes = comments(kind)
    rows = ["| value | meaning |", "|---|---|"]
    rows += [f"| `{m.value}` | {cell(notes.get(m.name, ''))} |" for m in kind]
    return "\n".join(rows)
