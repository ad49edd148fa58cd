"""The docs site is checked like code (issue 36): ``mkdocs build --strict`` passes (no broken link, anchor or missing
page), every command a page shows names a subcommand and options the real command-line parsers have, and the built
site renders in headless Chromium without a console error."""

from __future__ import annotations

import argparse
import contextlib
import functools
import html as html_lib
import http.server
import io
import os
import re
import shlex
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

import green_agent.cli
import green_agent.conformance
import services.purple.cli
import services.ues.cli
from green_agent.report.render import CSP
from tests.chromium import browse, chromium, console

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def build(config: Path, site: Path) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` of ``config`` into ``site``, as CI runs it."""
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(config),
                           "--site-dir", str(site)], cwd=ROOT, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once for the module; its build time printed (the figure the docs quote)."""
    out = tmp_path_factory.mktemp("site")
    started = time.monotonic()
    result = build(ROOT / "mkdocs.yml", out)
    seconds = time.monotonic() - started
    print(f"\nmkdocs build --strict: {seconds:.1f} s, {len(pages(out))} pages", file=sys.__stderr__, flush=True)
    assert result.returncode == 0, f"mkdocs build --strict failed:\n{result.stderr[-4000:]}"
    return out


def pages(site: Path) -> list[Path]:
    """The HTML pages the build made from Markdown (one ``index.html`` per page), without the 404 page."""
    return [p for p in site.rglob("index.html") if "assets" not in p.parts and "search" not in p.parts]


# ---------------------------------------------------------------------------------------------------- the build
def test_the_site_builds_strict_with_every_page_of_the_nav(site):
    nav = yaml.safe_load((ROOT / "mkdocs.yml").read_text())["nav"]

    def files(entry: object) -> Iterator[str]:
        if isinstance(entry, str):
            yield entry
        elif isinstance(entry, list):
            for item in entry:
                yield from files(item)
        elif isinstance(entry, dict):
            for value in entry.values():
                yield from files(value)

    for page in files(nav):
        built = site / (page.removesuffix(".md").removesuffix("index") + "/index.html").lstrip("/")
        assert built.is_file(), f"{page} is in the nav but the build made no {built.relative_to(site)}"
    # Every Markdown file of docs/ is reachable from the nav: a page left out cannot be found by a reader.
    listed = set(files(nav))
    orphans = sorted(str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md") if str(p.relative_to(DOCS)) not in listed)
    assert orphans == [], f"pages not in mkdocs.yml's nav: {orphans}"


def test_the_readers_find_protocol_leaderboard_and_part_contract_in_one_click(site):
    """The issue's test of the navigation: from the first page, one link each."""
    html = (site / "index.html").read_text()
    for title, href in (("Write a purple", "purple/"), ("Protocol", "reference/protocol/"),
                        ("Run a leaderboard", "leaderboard/"), ("Write a part", "authoring-parts/")):
        assert re.search(rf'href="(\./)?{re.escape(href)}"[^>]*>\s*(<span[^>]*>)?\s*{re.escape(title)}', html), title


def test_the_changelog_page_is_the_scenarios_changelog(site):
    html = (site / "changelog" / "index.html").read_text()
    first_entry = re.search(r"^\* \*\*(version \d+)\*\* — (\S+)", (ROOT / "scenarios/CHANGELOG.md").read_text(), re.M)
    assert first_entry is not None
    assert f"<strong>{first_entry.group(1)}</strong> — {first_entry.group(2)}" in html


def test_the_leaderboard_page_shows_the_committed_queries(site):
    """The queries on the page are the files, included at build time: every line of each, in order."""
    text = html_lib.unescape(re.sub(r"<[^>]+>", "", (site / "leaderboard" / "index.html").read_text()))
    for name in ("leaderboard.sql", "leaderboard_parts.sql", "leaderboard_attacks.sql", "leaderboard_paired.sql"):
        lines = [line.strip() for line in (ROOT / "deploy" / "agentbeats" / name).read_text().splitlines()]
        at = 0
        for line in filter(None, lines):
            found = text.find(line, at)
            assert found >= 0, f"{name}: the page lacks {line!r}"
            at = found + len(line)


def embedded_reports() -> list[Path]:
    """The pages our commands write (reports, calibration, comparison) that the site carries as they are."""
    return sorted(DOCS.rglob("*.html"))


def test_an_embedded_report_is_carried_verbatim_with_its_csp(site):
    reports = embedded_reports()
    assert reports, "the site embeds no report page (How it scores links the calibration example)"
    for page in reports:
        built = site / page.relative_to(DOCS)
        assert built.read_bytes() == page.read_bytes(), f"the build changed {page.relative_to(ROOT)}"
        meta = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', built.read_text())
        assert meta is not None, f"{page.relative_to(ROOT)} lost its Content-Security-Policy"
        assert html_lib.unescape(meta.group(1)) == CSP


def test_a_broken_link_fails_the_build(tmp_path):
    """The strict build can fail: the same configuration over a copy of the pages with one link to a missing page."""
    docs = tmp_path / "docs"
    shutil.copytree(DOCS, docs)
    (docs / "index.md").write_text((docs / "index.md").read_text() + "\nSee [the missing page](missing.md).\n")
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text())
    config["docs_dir"] = str(docs)
    for extension in config["markdown_extensions"]:
        if isinstance(extension, dict) and "pymdownx.snippets" in extension:
            extension["pymdownx.snippets"]["base_path"] = [str(ROOT)]
    for plugin in config["plugins"]:
        if isinstance(plugin, dict) and "mkdocstrings" in plugin:
            plugin["mkdocstrings"]["handlers"]["python"]["paths"] = [str(ROOT)]
    (tmp_path / "mkdocs.yml").write_text(yaml.safe_dump(config))
    result = build(tmp_path / "mkdocs.yml", tmp_path / "site")
    assert result.returncode != 0
    assert "missing.md" in result.stderr, result.stderr[-2000:]


# ------------------------------------------------------------------------------------- the commands the pages show
PROGRAMS = ("green-agent", "purple-agent", "ues-server")
SEPARATORS = {"|", "||", "&", "&&", ";", "(", ")"}
# What a page writes for "fill in yours" or "one of these": not a value the parser is meant to see.
PLACEHOLDER = re.compile(r"[\[\]<>$…|]|\.\.\.|[A-Z]{2,}")


@dataclass(frozen=True)
class Command:
    where: str
    text: str
    words: tuple[str, ...]
    whole: bool  # a code block's command, meant to run as shown; an inline span may name just a part of one


def code_blocks(text: str) -> Iterator[tuple[int, str]]:
    """Each fenced code block's first line number and body (fences may be indented, as in a list)."""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        opening = re.match(r"^(\s*)(```|~~~)", lines[i])
        if opening:
            indent, fence = opening.groups()
            body: list[str] = []
            start = i + 1
            i += 1
            while i < len(lines) and not lines[i].strip().startswith(fence):
                body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i])
                i += 1
            yield start + 1, "\n".join(body)
        i += 1


def inline_code(text: str) -> Iterator[tuple[int, str]]:
    """Each inline code span outside the fenced blocks that starts with one of our programs, and its line number."""
    fenced = {n for start, block in code_blocks(text) for n in range(start - 1, start + block.count("\n") + 2)}
    for n, line in enumerate(text.splitlines(), 1):
        if n not in fenced:
            for span in re.findall(r"`([^`]+)`", line):
                if re.match(rf"^(uv run )?({'|'.join(PROGRAMS)})( |$)", span):
                    yield n, span


def commands_in(text: str, where: str) -> Iterator[Command]:
    """Every simple command of a code block or an inline code span that runs one of our programs (``uv run`` or
    not, after ``VAR=value`` assignments), as its words; continuation lines joined, comments dropped, pipelines and
    lists split."""
    spans = [(n, block, True) for n, block in code_blocks(text)] + [(n, span, False) for n, span in inline_code(text)]
    for line_no, block, whole in spans:
        for line in block.replace("\\\n", " ").splitlines():
            try:
                lexer = shlex.shlex(line, posix=True, punctuation_chars=";&|()")
                lexer.whitespace_split = True
                lexer.commenters = "#"
                tokens = list(lexer)
            except ValueError:
                continue  # not shell (JSON, Python, a results table)
            simple: list[str] = []
            for token in [*tokens, ";"]:
                if token not in SEPARATORS:
                    simple.append(token)
                    continue
                words = simple
                simple = []
                while words and re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", words[0]):
                    words = words[1:]
                if words[:2] == ["uv", "run"]:
                    words = words[2:]
                if words and words[0] in PROGRAMS:
                    yield Command(f"{where}:{line_no}", line.strip(), tuple(words), whole)


def doc_commands() -> list[Command]:
    found: list[Command] = []
    for path in [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]:
        found += commands_in(path.read_text(), str(path.relative_to(ROOT)))
    return found


def command_parser(words: tuple[str, ...]) -> tuple[argparse.ArgumentParser, list[str]]:
    """The real parser of the program ``words`` runs, and the arguments it gets."""
    program, args = words[0], list(words[1:])
    if program == "green-agent":
        return green_agent.cli.parser(), args
    if program == "ues-server":
        return services.ues.cli.parser(), args
    if args[:1] == ["check"]:  # purple-agent's main hands `check …` to the conformance check's own parser
        return green_agent.conformance.parser(), args[1:]
    return services.purple.cli.parser(), args


def problems(command: Command) -> list[str]:
    """What of ``command`` its program's parser does not have: an unknown subcommand or option, a missing
    subcommand; and, for a code block's command without a placeholder, whatever the parser refuses."""
    root, args = command_parser(command.words)
    parser, found = root, []
    words = [w.strip("[]") for w in args if w.strip("[]") not in ("", "...", "…")]
    i = 0
    while i < len(words):
        word = words[i]
        subcommands = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if word.startswith("-") and not re.match(r"^-\d", word):
            name = word.split("=", 1)[0]
            action = parser._option_string_actions.get(name)
            if action is None:
                found.append(f"{parser.prog} has no option {name}")
            elif action.nargs != 0 and "=" not in word:
                i += 1  # its value
            if name in ("-h", "--help"):
                return found
        elif subcommands:
            choices = subcommands[0].choices
            if word not in choices:
                found.append(f"{parser.prog} has no subcommand {word!r} (it has: {', '.join(choices)})")
                return found
            parser = choices[word]
        i += 1
    missing = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction) and a.required]
    if missing and command.whole:  # an inline span may name a program or a group of its commands
        found.append(f"{parser.prog} needs a subcommand ({', '.join(missing[0].choices)})")
    if not found and command.whole and not any(PLACEHOLDER.search(w) for w in args):
        said = io.StringIO()
        try:
            with contextlib.redirect_stderr(said):  # argparse prints why before it exits
                root.parse_args(args)
        except SystemExit:
            found.append(f"{root.prog} refuses it: {said.getvalue().strip().splitlines()[-1]}")
    return found


def test_every_command_the_docs_show_exists_in_the_cli():
    commands = doc_commands()
    shown = {c.words[0] for c in commands}
    # The pages show each program, and many commands: the pattern that finds them is not finding nothing.
    assert shown == set(PROGRAMS) and len(commands) >= 40, (shown, len(commands))
    wrong = [f"{c.where}: {c.text}\n    {p}" for c in commands for p in problems(c)]
    assert wrong == [], "commands in the docs the CLI does not have:\n" + "\n".join(wrong)
    print(f"\n{len(commands)} commands checked", file=sys.__stderr__)


def test_the_command_check_names_what_does_not_exist():
    page = """
```bash
uv run green-agent asess --scenario email_triage_basic      # a typo in the subcommand
GREEN_UES_BACKEND=swarm green-agent serve --hots 0.0.0.0    # a typo in an option
uv run purple-agent check http://127.0.0.1:9019 --manifets purple.json5
uv run green-agent scenarios                                # no action
uv run green-agent assess --scenario x --trials many        # concrete, and refused by the parser
uv run ues-server --port 8000 && uv run green-agent compare A B   # fine, both
```
"""
    found = {c.text: problems(c) for c in commands_in(page, "page")}
    assert len(found) == 6
    verdicts = list(found.values())
    assert "has no subcommand 'asess'" in verdicts[0][0]
    assert verdicts[1] == ["green-agent serve has no option --hots"]
    assert verdicts[2] == ["purple-agent check has no option --manifets"]
    assert "needs a subcommand" in verdicts[3][0]
    assert "refuses it" in verdicts[4][0] and "many" in verdicts[4][0]
    assert verdicts[5] == []


# ------------------------------------------------------------------------------------------------- in a browser


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    """The built site over HTTP on loopback, as a reader's browser gets it (search and its worker need http)."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    handler.log_message = lambda *args: None  # type: ignore[attr-defined]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def test_chromium_notices_a_script_error_on_the_served_site(site, served, tmp_path):
    """The console check below can see an error at all (a page of the site with one is reported)."""
    browser = chromium()
    (site / "broken-check.html").write_text("<!DOCTYPE html><html><body><h1>x</h1><script>nonexistent();</script>"
                                            "</body></html>")
    try:
        result = browse(browser, served + "broken-check.html", tmp_path / "profile", "--dump-dom")
    finally:
        (site / "broken-check.html").unlink()
    assert any("nonexistent" in line for line in console(result.stderr)), result.stderr[-2000:]


@pytest.mark.parametrize(("page", "heading"), [("", "UES green agent"),
                                               ("reference/protocol/", "The assessment protocol")])
def test_the_page_renders_in_chromium_without_console_errors(site, served, tmp_path, page, heading):
    browser = chromium()
    name = page.strip("/").replace("/", "-") or "index"
    shot = Path(os.environ.get("GREEN_DOCS_SCREENSHOT_DIR", tmp_path)) / f"docs-{name}.png"
    blank = tmp_path / "blank.png"
    browse(browser, "about:blank", tmp_path / "profile", f"--screenshot={blank}", "--window-size=1280,1600")
    result = browse(browser, served + page, tmp_path / "profile", f"--screenshot={shot}",
                     "--window-size=1280,1600", "--hide-scrollbars", "--virtual-time-budget=3000")
    assert console(result.stderr) == [], console(result.stderr)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # A blank page compresses to almost nothing; a rendered page with its navigation and text does not.
    assert shot.stat().st_size > 4 * blank.stat().st_size, (shot.stat().st_size, blank.stat().st_size)
    dom = browse(browser, served + page, tmp_path / "profile", "--dump-dom", "--virtual-time-budget=3000")
    assert console(dom.stderr) == [], console(dom.stderr)
    title = heading or re.search(r"^# (.+)$", (DOCS / (page.rstrip("/") + ".md")).read_text(), re.M).group(1)  # type: ignore[union-attr]
    assert re.search(rf"<h1[^>]*>{re.escape(title)}", dom.stdout), title
    for entry in ("Write a purple", "Run a leaderboard", "Write a part", "How it scores", "Reference"):
        assert entry in dom.stdout, f"the navigation lacks {entry!r}"


def test_the_embedded_calibration_page_renders_its_plots_under_its_csp(served, tmp_path):
    browser = chromium()
    dom = browse(browser, served + "examples/calibration.html", tmp_path / "profile", "--dump-dom")
    assert console(dom.stderr) == [], console(dom.stderr)  # nothing refused by its policy, no script error
    assert "<h1>Calibration</h1>" in dom.stdout and dom.stdout.count("<svg") >= 1
