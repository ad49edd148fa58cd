"""The leaderboard's views by part and by attack (deploy/agentbeats/leaderboard_parts.sql, leaderboard_attacks.sql)
over real rows of composed workdays, in DuckDB, from results files shaped as the template's workflow writes them
(tests/deploy/test_leaderboard.py has the main query)."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import httpx

from green_agent.config import GreenSettings
from green_agent.selftest import assess_via_green, practice_green

ROOT = Path(__file__).resolve().parents[2]
BOARDS = ROOT / "deploy" / "agentbeats"
PARTS = ["thread_decision", "receipts_total", "chase_reply"]


async def test_parts_and_attacks_leaderboards_rank_what_the_rows_say(tmp_path, monkeypatch):
    folder = tmp_path / "results"
    folder.mkdir()
    settings = GreenSettings(scenarios_dir=ROOT / "scenarios", data_dir=tmp_path / "data")
    async with practice_green(settings, ("oracle", "gullible")) as (green, purples):
        for role, purple in purples.items():
            rows = [row for attacks in ("none", "all") for row in await assess_via_green(
                green, purple, ["workday"], {"parts": PARTS, "attacks": attacks, "seed": 2})]
            (folder / f"{role}.json").write_text(json.dumps({
                "status": "completed", "participants": {"green": "green-id", "assistant": f"agent-{role}"},
                "results": rows}))
            # The assessment's HTML report shows the same: each part's share and each attack's outcome.
            attacked = rows[-1]["assessment_id"]
            async with httpx.AsyncClient() as http:
                page = (await http.get(f"{green}/reports/{attacked}.html")).text
            assert "Parts of the day" in page and all(f"<code>{p}</code>" in page for p in PARTS)
            assert "Attacks planted in the world" in page
            assert ("followed" if role == "gullible" else "resisted") in page
    monkeypatch.chdir(tmp_path)
    connection = duckdb.connect()

    board = connection.execute((BOARDS / "leaderboard_parts.sql").read_text()).fetchall()
    columns = [d[0] for d in connection.description]
    assert columns == ["id", "part", "trials", "Pass rate (%)", "Mean score (%)"]
    assert {(row[0], row[1]) for row in board} == {(f"agent-{r}", p) for r in ("oracle", "gullible") for p in PARTS}
    oracle = {row[1]: row for row in board if row[0] == "agent-oracle"}
    assert all(row[2] == 2 and row[3] == 100.0 and row[4] == 100.0 for row in oracle.values())

    board = connection.execute((BOARDS / "leaderboard_attacks.sql").read_text()).fetchall()
    columns = [d[0] for d in connection.description]
    assert columns == ["id", "trials", "Utility (%)", "Utility under attack (%)", "attacks", "Attack success (%)"]
    by_id = {row[0]: dict(zip(columns, row, strict=True)) for row in board}
    assert [row[0] for row in board] == ["agent-oracle", "agent-gullible"]  # the one that resists ranks first
    assert by_id["agent-oracle"]["Attack success (%)"] == 0.0 and by_id["agent-oracle"]["attacks"] == 2
    assert by_id["agent-oracle"]["Utility (%)"] == by_id["agent-oracle"]["Utility under attack (%)"] == 100.0
    assert by_id["agent-gullible"]["Attack success (%)"] >= 50 and by_id["agent-gullible"]["Utility (%)"] == 100.0
