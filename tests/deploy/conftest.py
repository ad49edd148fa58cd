"""What the leaderboard tests share: results files produced by real assessments, stored as the leaderboard template's
workflow stores a submission, and the queries run as agentbeats.dev runs them (over a ``results`` table built from
those files, with the queries of ``deploy/agentbeats/leaderboard_queries.json``)."""

from __future__ import annotations

import importlib.util
import json
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import duckdb
import httpx
import pytest

from green_agent.assessment.runner import ScenarioRunner
from green_agent.config import GreenSettings
from green_agent.embedded import assess_once, local_pool
from green_agent.selftest import assess_via_green, practice_green
from tests.conftest import free_port, run_blocking

ROOT = Path(__file__).resolve().parents[2]
AGENTBEATS = ROOT / "deploy" / "agentbeats"
# A composed day of three parts, with and without its attacks: every board has something to rank.
PARTS = ["thread_decision", "receipts_total", "chase_reply"]
REQUESTS = ({"parts": PARTS, "attacks": "none", "seed": 2}, {"parts": PARTS, "attacks": "all", "seed": 2})
ROLES = ("oracle", "reckless", "noop")


def queries_module() -> ModuleType:
    """deploy/agentbeats/leaderboard_queries.py (a script beside the queries, not a package)."""
    spec = importlib.util.spec_from_file_location("leaderboard_queries", AGENTBEATS / "leaderboard_queries.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def site_queries() -> dict[str, str]:
    """The queries as a maintainer enters them on agentbeats.dev: name → query, from the shipped JSON."""
    return {q["name"]: q["query"] for q in json.loads((AGENTBEATS / "leaderboard_queries.json").read_text())}


@dataclass
class Board:
    columns: list[str]
    types: list[str]
    rows: list[tuple[Any, ...]]

    def by_id(self) -> dict[str, dict[str, Any]]:
        return {row[0]: dict(zip(self.columns, row, strict=True)) for row in self.rows}


def site_board(results_dir: Path, query: str) -> Board:
    """``query`` over the ``results`` table as the site builds it from a leaderboard repository's ``results/``
    folder (leaderboard_queries.SITE_TABLE), in a fresh DuckDB."""
    table = queries_module().SITE_TABLE
    assert "'results/*.json'" in table
    connection = duckdb.connect()
    try:
        connection.execute(table.replace("'results/*.json'", f"'{results_dir / '*.json'}'"))
        rows = connection.execute(query).fetchall()
        description = connection.description or []
    finally:
        connection.close()
    return Board([d[0] for d in description], [str(d[1]) for d in description], rows)


def store(folder: Path, name: str, participants: dict[str, str], rows: list[dict[str, Any]]) -> None:
    """One results file as the template's workflow writes it (its summary job's merge of the shards)."""
    (folder / f"{name}.json").write_text(json.dumps({"status": "completed", "participants": participants,
                                                     "results": rows}, indent=2))


@dataclass
class Submissions:
    """The results folder and what the tests compare it with."""

    folder: Path
    rows: dict[str, list[dict[str, Any]]]  # role → its rows through the green (both requests)
    errored: list[dict[str, Any]]  # the rows of an assessment whose purple could not be reached
    reports: dict[str, str]  # role → the HTML report of its attacked day


async def _assess(folder: Path, data: Path) -> Submissions:
    settings = GreenSettings(scenarios_dir=ROOT / "scenarios", data_dir=data / "green")
    rows: dict[str, list[dict[str, Any]]] = {}
    reports: dict[str, str] = {}
    async with practice_green(settings, ROLES) as (green, purples), httpx.AsyncClient(timeout=30) as http:
        for role, purple in purples.items():
            # The reckless purple's request names its AgentBeats id (config.agentbeats_ids): its rows carry it.
            extra = {"agentbeats_ids": {"personal_assistant": "agent-reckless"}} if role == "reckless" else {}
            rows[role] = [row for config in REQUESTS
                          for row in await assess_via_green(green, purple, ["workday"], {**config, **extra})]
            attacked = rows[role][-1]["assessment_id"]
            reports[role] = (await http.get(f"{green}/reports/{attacked}.html")).text
    # Errored trials: what the green's runner makes of an assessment whose purple cannot be reached at the start
    # (nothing listens at its URL). The A2A task of such an assessment ends failed and publishes none of it; a
    # results file holds errored rows beside scored ones when only some trials of a submission errored.
    local = settings.model_copy(update={"data_dir": data / "errored"})
    async with local_pool(local, min_idle=0) as pool:
        outcome = await assess_once(scenario_ids=["workday"], purple_url=f"http://127.0.0.1:{free_port()}",
                                    pool=pool, runner=ScenarioRunner(local), seed=2, trials=2,
                                    config={"parts": PARTS, "agentbeats_ids": {"personal_assistant": "agent-flaky"}})
    errored = [json.loads(json.dumps(row.wire())) for row in outcome.rows]  # as they would cross the wire

    store(folder, "oracle", {"green": "green-id", "personal_assistant": "agent-oracle"}, rows["oracle"])
    # The id only in the rows (the submitter left metadata's empty): the rows' participant_id decides.
    store(folder, "reckless", {"green": "green-id", "personal_assistant": ""}, rows["reckless"])
    # A submitter's own component name: any key but the green's holds the purple's id.
    store(folder, "noop", {"green": "green-id", "my_assistant": "agent-noop"}, rows["noop"])
    # No id anywhere: the oracle's very rows, which would top the board under a NULL id if the file were counted.
    store(folder, "anonymous", {"green": "green-id", "personal_assistant": ""}, rows["oracle"])
    # A submission whose second shard errored: the oracle's scored rows, then the errored ones.
    store(folder, "flaky", {"green": "green-id", "personal_assistant": "agent-flaky"}, rows["oracle"] + errored)
    return Submissions(folder, rows, errored, reports)


@pytest.fixture(scope="session")
def submissions() -> Iterator[Submissions]:
    """The results folder of a leaderboard repository after five submissions (oracle, reckless, noop, an anonymous
    one, and one with errored trials), built once from real assessments through a real green over A2A."""
    with tempfile.TemporaryDirectory(prefix="leaderboard-") as scratch:
        folder = Path(scratch) / "results"
        folder.mkdir()
        yield run_blocking(_assess(folder, Path(scratch)))
