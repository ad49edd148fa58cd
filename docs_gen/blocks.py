"""Generated blocks in a page: finding them, and rewriting each from its generator (the kinds in ``kinds.py``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
_BLOCK = re.compile(r"(<!-- generated: (?P<kind>[\w-]+)(?: (?P<arg>[^>]*?))? -->\n)(?P<body>.*?)(<!-- /generated -->)",
                    re.DOTALL)

Generator = Callable[[str], str]


class BlockError(ValueError):
    """A page names a generated block that cannot be made (an unknown kind, a name that does not import)."""


@dataclass(frozen=True)
class Stale:
    """A generated block whose text differs from what its generator makes now."""

    page: Path
    kind: str
    argument: str

    def __str__(self) -> str:
        where = self.page.relative_to(ROOT) if self.page.is_relative_to(ROOT) else self.page
        label = f"{self.kind} {self.argument}".strip()
        return f"{where}: block '{label}' is out of date"


def regenerate(text: str, page: Path, kinds: dict[str, Generator]) -> tuple[str, list[Stale]]:
    """``text`` with every generated block rewritten, and the blocks that changed."""
    stale: list[Stale] = []

    def fill(match: re.Match[str]) -> str:
        kind, argument = match["kind"], (match["arg"] or "").strip()
        if kind not in kinds:
            raise BlockError(f"{page.name}: unknown generated block {kind!r}; known: {sorted(kinds)}")
        body = kinds[kind](argument).rstrip("\n") + "\n"
        if body != match["body"]:
            stale.append(Stale(page, kind, argument))
        return match.group(1) + body + match.group(5)

    return _BLOCK.sub(fill, text), stale


def pages(folder: Path = DOCS) -> list[Path]:
    """Every Markdown page under ``folder`` that holds a generated block."""
    return sorted(p for p in folder.rglob("*.md") if "<!-- generated:" in p.read_text())
