"""A tiny HTML builder that escapes by construction.

Everything the report shows comes from outside (the purple writes mail, chat and event titles; scenarios write
names and explanations), so no text reaches the page unescaped: ``el`` escapes every child that is not already
``Html`` and every attribute value, and ``Html`` is only ever made here, from escaped text or from ``el``.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping

_NAME = re.compile(r"^[a-z][a-z0-9-]*$")

# Elements without content or closing tag.
_VOID = frozenset({"br", "col", "hr", "img", "meta", "wbr"})


class Html(str):
    """Markup that is safe to put on the page as it is (already escaped or built by ``el``)."""

    __slots__ = ()


Child = Html | str | int | float | None | Iterable["Child"]


def esc(value: object) -> Html:
    """``value`` as text on the page: escaped unless it already is ``Html``."""
    if isinstance(value, Html):
        return value
    return Html(html.escape(str(value), quote=True))


def join(children: Iterable[Child]) -> Html:
    """The children in order, each escaped unless it is ``Html``; None is left out, iterables are flattened."""
    parts: list[str] = []
    for child in children:
        if child is None:
            continue
        if isinstance(child, str | int | float):
            parts.append(esc(child))
        else:
            parts.append(join(child))
    return Html("".join(parts))


def el(tag: str, attrs: Mapping[str, object] | None = None, *children: Child) -> Html:
    """``<tag attrs>children</tag>``. Attribute values are escaped; an attribute whose value is None or False is
    left out and one whose value is True is written bare. Tag and attribute names are ours, never data."""
    if not _NAME.match(tag):
        raise ValueError(f"not a tag name: {tag!r}")
    out = [f"<{tag}"]
    for name, value in (attrs or {}).items():
        if not _NAME.match(name):
            raise ValueError(f"not an attribute name: {name!r}")
        if value is None or value is False:
            continue
        out.append(f" {name}" if value is True else f' {name}="{esc(value)}"')
    out.append(">")
    if tag in _VOID:
        return Html("".join(out))
    out.append(join(children))
    out.append(f"</{tag}>")
    return Html("".join(out))
