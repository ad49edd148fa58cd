"""The leaderboard's queries as agentbeats.dev takes them: a JSON list of ``{"name", "query"}`` (the green agent's
page, *Edit Agent*, the leaderboard config), written to ``leaderboard_queries.json`` from the ``.sql`` files beside
this script, which stay the one place each query is written.

    python deploy/agentbeats/leaderboard_queries.py            # (re)write leaderboard_queries.json
    python deploy/agentbeats/leaderboard_queries.py --check    # exit 1 when the JSON and the .sql files disagree

A query in the JSON is its file without its comment lines, on one line: the site's form is a text field, and a
``--`` comment that lost its line break would swallow the rest of the query. tests/deploy/test_leaderboard.py runs
the JSON's queries over a ``results`` table built as the site builds it (``SITE_TABLE``) and fails when the JSON
is not what this script writes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "leaderboard_queries.json"
# Shown name → file: the site shows the queries in this order, the first as the leaderboard.
QUERIES = (
    ("Overall", "leaderboard.sql"),
    ("By part of the day", "leaderboard_parts.sql"),
    ("Attack resistance", "leaderboard_attacks.sql"),
    ("Paired with the leader", "leaderboard_paired.sql"),
)
# How the site builds the table its queries read (docs.agentbeats.dev, tutorial, "Appendix A: Writing Leaderboard
# Queries"): one row per results file, columns typed by DuckDB's JSON reader. Also for debugging a query locally, at
# the leaderboard repository's root: duckdb -cmd "<SITE_TABLE>;"
SITE_TABLE = "CREATE TABLE results AS SELECT * FROM read_json_auto('results/*.json')"


def one_line(sql: str, where: str) -> str:
    """``sql`` without its comment lines, its lines joined by single spaces. Comments go on lines of their own: a
    comment after code (``--`` outside the first column) is refused, naming the line."""
    kept = []
    for number, line in enumerate(sql.splitlines(), 1):
        text = line.strip()
        if not text or text.startswith("--"):
            continue
        if "--" in text:
            raise ValueError(f"{where}:{number}: a comment after code; put it on a line of its own")
        kept.append(text)
    if not kept:
        raise ValueError(f"{where}: no query in it")
    return _squeezed(" ".join(kept))


def _squeezed(text: str) -> str:
    """Runs of spaces outside quotes ('literal', "identifier") as one: alignment is for the .sql files' readers."""
    out: list[str] = []
    quote = ""
    for char in text:
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == " " and out and out[-1] == " ":
            continue
        out.append(char)
    return "".join(out)


def queries(folder: Path = HERE) -> list[dict[str, str]]:
    """The site's JSON list, from the ``.sql`` files of ``folder``."""
    return [{"name": name, "query": one_line((folder / file).read_text(), file)} for name, file in QUERIES]


def rendered(folder: Path = HERE) -> str:
    """The text of ``leaderboard_queries.json`` as this script writes it."""
    return json.dumps(queries(folder), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    """Write the JSON, or with ``--check`` say whether it is up to date (exit 0) or not (exit 1)."""
    text = rendered()
    if argv == ["--check"]:
        if OUT.is_file() and OUT.read_text() == text:
            return 0
        print(f"{OUT.name} is not what the .sql files give: run python {Path(__file__).name}", file=sys.stderr)
        return 1
    if argv:
        print(f"usage: python {Path(__file__).name} [--check]", file=sys.stderr)
        return 2
    OUT.write_text(text)
    print(f"wrote {OUT} ({len(QUERIES)} queries)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
