"""The leaderboard's queries as agentbeats.dev runs them: the JSON list a maintainer enters
(deploy/agentbeats/leaderboard_queries.json, written from the .sql files) over the ``results`` table the site builds
from a leaderboard repository's results files — here files of real assessments through a real green
(tests/deploy/conftest.py): oracle, reckless and noop purples, an anonymous submission, and one whose second shard
errored. The main board ranks oracle > reckless > noop, leaves the anonymous file out and counts errored trials
apart (tests/deploy/test_leaderboard_views.py has the boards by part and by attack)."""

from __future__ import annotations

import json
import re
from statistics import mean

import pytest

from tests.deploy.conftest import AGENTBEATS, Submissions, queries_module, site_board, site_queries

OVERALL = "Overall"


def trial_rows(rows):
    return [row for row in rows if row["row_type"] == "trial"]


# ------------------------------------------------------------------------------------------------ the queries file
def test_the_json_the_site_takes_is_what_the_sql_files_give():
    module = queries_module()
    shipped = (AGENTBEATS / "leaderboard_queries.json").read_text()
    assert shipped == module.rendered(), "run python deploy/agentbeats/leaderboard_queries.py"
    entries = json.loads(shipped)
    assert [set(entry) for entry in entries] == [{"name", "query"}] * len(module.QUERIES)
    assert [entry["name"] for entry in entries] == [name for name, _ in module.QUERIES]
    for entry, (_, file) in zip(entries, module.QUERIES, strict=True):
        sql = (AGENTBEATS / file).read_text()
        assert entry["query"] == module.one_line(sql, file)
        assert "\n" not in entry["query"] and "--" not in entry["query"]
        assert "read_json" not in sql.split("\nWITH", 1)[1]  # over the site's table, never the files themselves
    assert module.main(["--check"]) == 0


def test_a_comment_after_code_is_refused_naming_the_line():
    module = queries_module()
    with pytest.raises(ValueError, match=r"board\.sql:2: a comment after code"):
        module.one_line("-- fine\nSELECT id -- not fine\nFROM results", "board.sql")
    assert module.one_line("-- a comment\nSELECT  id,\n  'a  b' AS \"x  y\"\nFROM results;", "q") == \
        "SELECT id, 'a  b' AS \"x  y\" FROM results;"  # spaces inside quotes kept


def test_every_query_reads_the_rows_the_same_way():
    """The purple's id, the trial rows and the errored rule are written once in leaderboard.sql and repeated
    verbatim in the other queries (each query stands alone on the site)."""
    block = re.compile(r"WITH submissions AS \(.*?\ntrials AS \(.*?\n\)", re.DOTALL)
    module = queries_module()
    found = {file: block.search((AGENTBEATS / file).read_text()) for _, file in module.QUERIES}
    assert all(found.values()), found
    assert len({m.group(0) for m in found.values() if m}) == 1


# ------------------------------------------------------------------------------------------------ the main board
def test_the_board_ranks_oracle_over_reckless_over_noop_from_trial_rows(submissions: Submissions):
    board = site_board(submissions.folder, site_queries()[OVERALL])
    assert board.columns == ["id", "Pass rate (%)", "Mean score (%)", "trials", "errored_trials", "scenarios"]
    assert board.types[0] == "VARCHAR" and board.types[3:] == ["BIGINT"] * 3
    ids = [row[0] for row in board.rows]
    assert ids.index("agent-oracle") < ids.index("agent-reckless") < ids.index("agent-noop"), ids
    by_id = board.by_id()
    for role in ("oracle", "reckless", "noop"):
        rows = trial_rows(submissions.rows[role])
        line = by_id[f"agent-{role}"]
        # What the rows say: every trial row counted once, the summary rows not at all.
        assert line["trials"] == len(rows) == 2 and line["errored_trials"] == 0 and line["scenarios"] == 1
        assert line["Pass rate (%)"] == round(100 * mean(row["passed"] for row in rows), 1)
        assert line["Mean score (%)"] == round(mean(row["percentage"] for row in rows), 1)
    assert by_id["agent-oracle"]["Pass rate (%)"] == 100.0 and by_id["agent-noop"]["Pass rate (%)"] == 0.0
    assert by_id["agent-reckless"]["Pass rate (%)"] == 0.0  # its harm fails every day ...
    assert by_id["agent-reckless"]["Mean score (%)"] > by_id["agent-noop"]["Mean score (%)"]  # ... its work counts


def test_errored_trials_are_counted_apart_and_in_no_figure(submissions: Submissions):
    assert [row["status"] for row in trial_rows(submissions.errored)] == ["errored", "errored"]
    assert all(row["reasons"] == ["purple_unreachable"] for row in trial_rows(submissions.errored))
    line = site_board(submissions.folder, site_queries()[OVERALL]).by_id()["agent-flaky"]
    oracle = site_board(submissions.folder, site_queries()[OVERALL]).by_id()["agent-oracle"]
    # The same scored trials as the oracle's, plus two errored ones that change none of its figures.
    assert (line["trials"], line["errored_trials"]) == (2, 2)
    assert {k: v for k, v in line.items() if k not in ("id", "errored_trials")} == \
        {k: v for k, v in oracle.items() if k not in ("id", "errored_trials")}


def test_a_submission_without_a_purple_id_is_left_out(submissions: Submissions):
    board = site_board(submissions.folder, site_queries()[OVERALL])
    assert None not in [row[0] for row in board.rows]
    assert sorted(row[0] for row in board.rows) == ["agent-flaky", "agent-noop", "agent-oracle", "agent-reckless"]
    stored = json.loads((submissions.folder / "anonymous.json").read_text())
    assert stored["participants"]["personal_assistant"] == "" and trial_rows(stored["results"])  # rows it had


def test_results_columns_keep_the_types_a_leaderboard_expects(submissions: Submissions):
    """The rows as the site's table holds them: integers stay integers on the wire, rates are doubles."""
    board = site_board(submissions.folder, "SELECT UNNEST(r.entry, recursive := false) FROM results AS f "
                                           "CROSS JOIN UNNEST(f.results) AS r(entry)")
    types = dict(zip(board.columns, board.types, strict=True))
    for name in ("trial", "seed", "turns_taken", "actions_taken", "trials", "scenarios", "errored_trials"):
        assert types[name] == "BIGINT", (name, types[name])
    for name in ("percentage", "score", "pass_hat_k", "pass_at_1"):
        assert types[name] == "DOUBLE", (name, types[name])
    assert types["passed"] == "BOOLEAN" and types["row_type"] == "VARCHAR" and types["status"] == "VARCHAR"
    assert "action_log" not in types  # rows stay small
