"""``python -m docs_gen`` rewrites the generated blocks of every page under docs/; ``--check`` names the stale ones."""

from __future__ import annotations

import sys
from pathlib import Path

from docs_gen.api import api_block
from docs_gen.blocks import DOCS, Generator, Stale, pages, regenerate
from docs_gen.cli import cli_block
from docs_gen.models import constants_block, enum_block, list_block, mapping_block, models_block
from docs_gen.settings import backends_block, section_block, settings_block
from docs_gen.ues_api import routes_block

# Block kind → what writes it (the argument follows the kind in the marker: <!-- generated: models pkg.Model -->).
KINDS: dict[str, Generator] = {
    "models": models_block,
    "enum": enum_block,
    "constants": constants_block,
    "list": list_block,
    "mapping": mapping_block,
    "settings": settings_block,
    "section": section_block,
    "backends": backends_block,
    "cli": cli_block,
    "ues-routes": routes_block,
    "api": api_block,
}


def run(folder: Path = DOCS, *, write: bool) -> list[Stale]:
    """Regenerate every page under ``folder``; write the changed ones when ``write``. The stale blocks found."""
    found: list[Stale] = []
    for page in pages(folder):
        text = page.read_text()
        new, stale = regenerate(text, page, KINDS)
        found += stale
        if write and new != text:
            page.write_text(new)
    return found


def main(argv: list[str] | None = None) -> int:
    """Write the generated blocks; with ``--check``, only say which are stale (exit 1)."""
    args = sys.argv[1:] if argv is None else argv
    check = "--check" in args
    stale = run(write=not check)
    for block in stale:
        print(f"{block} (python -m docs_gen)" if check else f"rewrote {block}", file=sys.stderr)
    return 1 if check and stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
