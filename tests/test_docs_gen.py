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


def _ues_page() -> str:
    return (DOCS / "reference" / "ues-api.md").read_text()


def test_every_route_of_the_simulator_is_on_the_ues_api_page():
    from docs_gen.ues_api import operations
    page = _ues_page()
    missing = [f"{op.method} {op.path}" for ops in operations().values() for op in ops
               if f"| `{op.method}` | `{op.path}` |" not in page]
    assert missing == [], "add their route group to a ues-routes block of docs/reference/ues-api.md"


def test_the_ues_api_page_has_every_section_the_code_cites():
    import re

    from docs_gen.blocks import ROOT
    cited = set()
    for path in ROOT.glob("*/**/*.py"):
        if ".venv" not in path.parts:
            cited |= set(re.findall(r"ues-api\.md §(\d+(?:\.\d+)?)", path.read_text()))
    headings = set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", _ues_page(), re.MULTILINE))
    assert "1.3" in cited and sorted(cited - headings, key=lambda n: [int(p) for p in n.split(".")]) == []


def test_the_ues_api_pages_links_within_it_land_on_one_anchor_each():
    import collections
    import re

    from docs_gen.ues_api import body_models
    page = _ues_page()
    anchors = re.findall(r"\{#([\w-]+)\}", page) + re.findall(r"\{: #([\w-]+) \}", page)
    assert [a for a, n in collections.Counter(anchors).items() if n > 1] == []
    assert sorted(set(re.findall(r"\]\(#([\w-]+)\)", page)) - set(anchors)) == []
    # Every model a request body is made of has its table (a body's field links to it).
    assert {m.__name__.lower() for m in body_models()} <= set(anchors)


def test_a_send_body_lists_its_fields_and_an_unknown_route_group_is_refused():
    from docs_gen.ues_api import routes_block
    page = _ues_page()
    send = page.split("`POST /email/send` body:", 1)[1].split("\n\n", 2)[1]
    assert "| `to_addresses` | list[str] | required | length ≥ 1 |" in send
    assert "[Attachment](#attachment)" in send
    with pytest.raises(BlockError, match="unknown: \\['mail'\\]"):
        routes_block("mail")
