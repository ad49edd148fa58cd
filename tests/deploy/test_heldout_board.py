"""The default board (deploy/agentbeats/scenario.json5's ``assessment_config``) cannot be learnt: on a green with a
held-out secret (GREEN_HELDOUT_SECRET, wired from the leaderboard's secret config through green.json5), no published
``solution.json`` fits any of its worlds — the oracle, which replays them, finds none and scores nothing — and a
green without the secret says so in every row and in its agent card.

Real green (A2A server, process worlds, scripted characters, no oracle plans directory: as under Amber), real
``purple-agent --role oracle`` processes reading the image's scenario folders."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import json5

from green_agent.assessment.seeds import world_seed
from green_agent.config import GreenSettings
from green_agent.embedded import purple_process
from green_agent.judging.calibrated import Suite, paired_detectable_for, suite_of
from green_agent.protocol import AssessmentConfig, CharacterMode, WorldDraw
from green_agent.results import NOT_HELDOUT
from green_agent.scenarios import ScenarioLibrary
from green_agent.selftest import assess_via_green, green_server

ROOT = Path(__file__).resolve().parents[2]
BENCHMARK = ROOT / "scenarios"
SCENARIO = json5.loads((ROOT / "deploy" / "agentbeats" / "scenario.json5").read_text())
BOARD: dict[str, Any] = SCENARIO["components"]["gateway"]["config"]["assessment_config"]
CARD_PATH = "/.well-known/agent-card.json"
FIVE_POINTS = 5.0  # the difference the default board is sized to resolve (issue 35)


def settings(tmp_path: Path, secret: str | None) -> GreenSettings:
    """A green as green.json5 runs it: the image's scenarios, scripted characters, the secret (or none), and no
    oracle plans directory (two Amber components share no folder)."""
    return GreenSettings(scenarios_dir=BENCHMARK, data_dir=tmp_path, character_mode=CharacterMode.SCRIPTED,
                         heldout_secret=secret, oracle_plans_dir=None, pool_min_idle=0)


def scaled_down(board: dict[str, Any]) -> dict[str, Any]:
    """The board's config with one trial of every scenario it names and no draw: every world of the board, once."""
    config = {key: value for key, value in board.items() if key not in ("scenarios", "num_instances")}
    return {**config, "trials": 1}


def trials(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [row for row in rows if row["row_type"] == "trial"]


def test_the_default_board_is_the_smallest_board_of_held_out_worlds_that_resolves_five_points_paired():
    """The board's size follows from the green's calibration constants (judging/calibrated.py): every trial a world
    of its own, enough of them that a paired comparison of two purples resolves 5 points at power 0.8, and not one
    more (docs/scoring.md, "A board sized by power", verified there by resampling)."""
    config = AssessmentConfig.model_validate(BOARD)
    library = ScenarioLibrary(BENCHMARK)
    assert config.scenarios is not None and config.scenarios != "all"
    assert set(config.scenarios) <= set(library.ids())
    composed = [bool((family := library.spec(sid).family) and family.composable) for sid in config.scenarios]
    assert config.worlds == WorldDraw.EACH  # every trial counts as a world of the comparison
    worlds = len(config.scenarios) * config.trials
    if config.num_instances is not None:
        worlds = min(worlds, config.num_instances)
    suite = suite_of(composed)
    resolved = paired_detectable_for(suite, worlds)
    assert resolved is not None and resolved <= FIVE_POINTS, (suite, worlds, resolved)
    smaller = paired_detectable_for(suite, worlds - len(config.scenarios))
    assert smaller is not None and smaller > FIVE_POINTS, (suite, worlds, smaller)
    assert config.seed != 0  # not the published worlds, even on a green whose secret is missing


async def test_no_published_solution_scores_on_the_default_board(tmp_path):
    """Every scenario of the board, once, on a green with the secret: the oracle (which replays a published world's
    solution.json when the user's task is that world's) recognises no world, does nothing and passes nothing.
    The same oracle at seed 0 — the published worlds — on the same green finds none either: the secret alone hides
    them. Without the secret, seed 0 is the published world and the oracle passes it: the check can fail."""
    async with green_server(settings(tmp_path / "heldout", "a leaderboard's secret")) as green, \
            purple_process("oracle", BENCHMARK) as oracle:
        async with httpx.AsyncClient(timeout=10) as http:
            card = (await http.get(green + CARD_PATH)).json()
        assert NOT_HELDOUT not in card["description"] and "held out" in card["description"]
        board = trials(await assess_via_green(green, oracle, BOARD["scenarios"], scaled_down(BOARD)))
        published = trials(await assess_via_green(green, oracle, BOARD["scenarios"],
                                                  {**scaled_down(BOARD), "seed": 0}))
    for rows, seed in ((board, BOARD["seed"]), (published, 0)):
        assert sorted(row["scenario_id"] for row in rows) == sorted(BOARD["scenarios"]), seed
        for row in rows:
            where = (row["scenario_id"], seed)
            assert row["status"] == "completed" and not row["passed"], where
            assert row["actions_taken"] == 0 and row["percentage"] == 0.0, (where, row["percentage"])
            # The oracle says why it did nothing: no published world's task is this world's.
            assert any("no plan for this world" in w for w in row["warnings"]), (where, row["warnings"])
            assert row["provenance"]["heldout"] and row["provenance"]["world_seed"] is None, where
            assert NOT_HELDOUT not in " ".join(row["warnings"]), where

    async with green_server(settings(tmp_path / "public", None)) as green, \
            purple_process("oracle", BENCHMARK) as oracle:
        async with httpx.AsyncClient(timeout=10) as http:
            card = (await http.get(green + CARD_PATH)).json()
        [row] = trials(await assess_via_green(green, oracle, ["email_triage_basic"], {"seed": 0}))
    assert f"Warning: {NOT_HELDOUT}." in card["description"]
    assert row["passed"] and row["percentage"] >= 95  # the published world, replayed from its solution.json
    assert NOT_HELDOUT in row["warnings"] and not row["provenance"]["heldout"]


async def test_every_row_of_a_green_without_a_secret_says_so(tmp_path):
    """The default board on a green whose secret is missing: every trial row carries the warning, whatever it
    scored; the summary row stays a summary."""
    async with green_server(settings(tmp_path, None)) as green, purple_process("noop", BENCHMARK) as noop:
        rows = await assess_via_green(green, noop, ["workday", "phishing_guard"], scaled_down(BOARD))
    assert [row["row_type"] for row in rows] == ["trial", "trial", "summary"]
    # Two worlds, a composed day and a classic scenario: the summary says what they resolve paired (the mix's
    # calibrated spread).
    assert rows[-1]["paired_detectable_difference"] == paired_detectable_for(Suite.MIX, 2)
    for row in trials(rows):
        assert row["warnings"].count(NOT_HELDOUT) == 1, row["warnings"]
        # Without a secret the world follows from the seed alone (and, a world per trial, from the trial).
        trial = row["trial"] if BOARD.get("worlds") == "each" else None
        assert row["provenance"]["heldout"] is False
        assert row["provenance"]["world_seed"] == world_seed(BOARD["seed"], row["scenario_id"], None, trial)
