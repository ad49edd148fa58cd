"""The generated parts of the docs (settings tables, the CLI, the simulator's routes, the protocol's field tables, the
API's module list) are what ``python -m docs_gen`` makes from the code now: a setting, option, route or field changed
without its page fails here. The generator itself is live: a changed model makes its block stale, an unknown block
kind is refused, and the prose around the blocks is never touched."""

from __future__ import annotations

import shutil

import pytest

from docs_gen.__main__ import KINDS, main, run
from docs_gen.blocks import DOCS, BlockError, pages, regenerate


def test_the_committed_pages_are_what_the_code_generates():
    assert [str(s) for s in run(write=False)] == [], "run: uv run python -m docs_gen"
    assert main(["--check"]) == 0


def test_every_reference_page_with_tables_is_generated():
    generated = {p.relative_to(DOCS).as_posix() for p in pages()}
    assert {"operate/settings.md", "reference/cli.md", "reference/api.md", "reference/protocol.md",
            "reference/ues-api.md", "reference/scenarios.md"} <= generated


def test_a_changed_setting_makes_its_block_stale_and_a_rewrite_keeps_the_prose(tmp_path):
    folder = tmp_path / "docs"
    shutil.copytree(DOCS, folder, ignore=shutil.ignore_patterns("*.json"))
    page = folder / "operate" / "settings.md"
    text = page.read_text()
    assert "`GREEN_TASK_HISTORY_LIMIT` | int | `64`" in text
    page.write_text(text.replace("`GREEN_TASK_HISTORY_LIMIT` | int | `64`", "`GREEN_TASK_HISTORY_LIMIT` | int | `65`"))
    stale = run(folder, write=False)
    assert [f"{s.kind} {s.argument}" for s in stale] == ["settings green_agent.config.GreenSettings"]
    assert run(folder, write=True) and run(folder, write=False) == []
    assert page.read_text() == text  # the block is rewritten; the prose around it is the same


def test_an_option_added_to_a_parser_shows_on_the_cli_page():
    page = (DOCS / "reference" / "cli.md").read_text()
    assert "`--turn-timeout`" in page and "#### `green-agent assess`" in page
    assert "`--compat` (`native`, `real-0.3`)" in page


def test_the_purples_routes_are_marked_from_its_permissions():
    page = (DOCS / "reference" / "ues-api.md").read_text()
    assert "| `POST` | `/email/send` |" in page
    send = next(line for line in page.splitlines() if line.startswith("| `POST` | `/email/send` |"))
    receive = next(line for line in page.splitlines() if line.startswith("| `POST` | `/email/receive` |"))
    assert send.endswith("| ✓ |") and "`email:send`" in send
    assert receive.endswith("|  |") and "`email:receive`" in receive


def test_an_unknown_block_kind_is_refused_naming_it(tmp_path):
    page = tmp_path / "page.md"
    with pytest.raises(BlockError, match="unknown generated block 'tables'"):
        regenerate("<!-- generated: tables x -->\n<!-- /generated -->\n", page, KINDS)
