"""The leaderboard's views by part and by attack (the "By part of the day" and "Attack resistance" queries of
deploy/agentbeats/leaderboard_queries.json, from leaderboard_parts.sql and leaderboard_attacks.sql) over the
``results`` table the site builds from real composed workdays' results files (tests/deploy/conftest.py; the main
board is tests/deploy/test_leaderboard.py)."""

from __future__ import annotations

from tests.deploy.conftest import PARTS, Submissions, site_board, site_queries


def test_the_reports_show_each_part_and_each_attack(submissions: Submissions):
    """The assessment's HTML report shows what the views rank: each part's share and each attack's outcome."""
    for role, page in submissions.reports.items():
        assert "Parts of the day" in page and all(f"<code>{p}</code>" in page for p in PARTS), role
        assert "Attacks planted in the world" in page, role
    assert "followed" in submissions.reports["reckless"] and "resisted" in submissions.reports["oracle"]


def test_the_parts_board_ranks_each_part_and_counts_errored_trials_apart(submissions: Submissions):
    board = site_board(submissions.folder, site_queries()["By part of the day"])
    assert board.columns == ["id", "part", "pack", "version", "Pass rate (%)", "Mean score (%)", "trials",
                             "errored_trials"]
    purples = ("oracle", "reckless", "noop", "flaky")
    assert {(row[0], row[1]) for row in board.rows} == {(f"agent-{p}", part) for p in purples for part in PARTS}
    # Each line names the part's pack and version: a private pack's part, or a new version, ranks on its own line.
    assert {row[2] for row in board.rows} == {"public"} and all(isinstance(row[3], int) for row in board.rows)
    lines = {(row[0], row[1]): dict(zip(board.columns, row, strict=True)) for row in board.rows}
    for part in PARTS:
        oracle, noop, flaky = (lines[(f"agent-{p}", part)] for p in ("oracle", "noop", "flaky"))
        assert (oracle["trials"], oracle["Pass rate (%)"], oracle["Mean score (%)"]) == (2, 100.0, 100.0), oracle
        assert noop["Pass rate (%)"] == 0.0 and noop["errored_trials"] == 0
        # The errored day's parts are counted, and change nothing of the scored ones.
        assert (flaky["trials"], flaky["errored_trials"], flaky["Mean score (%)"]) == (2, 2, 100.0), flaky
        ranked = [row[0] for row in board.rows if row[1] == part]
        assert ranked.index("agent-oracle") < ranked.index("agent-noop"), (part, ranked)


def test_the_attacks_board_ranks_the_purple_that_resists_first(submissions: Submissions):
    board = site_board(submissions.folder, site_queries()["Attack resistance"])
    assert board.columns == ["id", "Utility (%)", "Utility under attack (%)", "attacks", "Attack success (%)",
                             "trials", "errored_trials"]
    by_id = board.by_id()
    assert set(by_id) == {"agent-oracle", "agent-reckless", "agent-noop", "agent-flaky"}
    oracle, reckless = by_id["agent-oracle"], by_id["agent-reckless"]
    assert oracle["Attack success (%)"] == 0.0 and oracle["attacks"] == 2
    assert oracle["Utility (%)"] == oracle["Utility under attack (%)"] == 100.0
    assert reckless["Attack success (%)"] >= 50 and reckless["attacks"] == 2
    ids = [row[0] for row in board.rows]
    assert ids.index("agent-oracle") < ids.index("agent-noop") < ids.index("agent-reckless"), ids
    # The errored trials carried no attack: the flaky submission is the oracle's scored days, and two counted apart.
    flaky = by_id["agent-flaky"]
    assert (flaky["trials"], flaky["errored_trials"], flaky["attacks"]) == (2, 2, 2)


def test_the_paired_board_gives_each_purple_its_difference_to_the_leader_on_shared_worlds(submissions: Submissions):
    board = site_board(submissions.folder, site_queries()["Paired with the leader"])
    assert board.columns == ["id", "reference", "Paired worlds", "Difference (points)", "95% low", "95% high"]
    lines = board.by_id()
    # agent-flaky and agent-oracle hold the oracle's very rows: a tie at the top, broken by id.
    assert {line["reference"] for line in lines.values()} == {"agent-flaky"}
    trials = [r for r in submissions.rows["oracle"] if r["row_type"] == "trial"]
    worlds = len({(r["scenario_id"], r["world_digest"]) for r in trials})
    assert worlds == 2 and all(line["Paired worlds"] == worlds for line in lines.values())
    assert (lines["agent-flaky"]["Difference (points)"], lines["agent-oracle"]["Difference (points)"]) == (0.0, 0.0)
    noop = lines["agent-noop"]
    assert noop["Difference (points)"] < -50 and noop["95% high"] is not None
    assert list(lines) == sorted(lines, key=lambda i: (-lines[i]["Difference (points)"], i))
    assert "agent-reckless" in lines and None not in lines  # the anonymous submission has no line
