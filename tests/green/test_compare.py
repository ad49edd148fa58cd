"""``green-agent compare`` (issue 35 items 1 and 2): rows of two purples on the same worlds pair up by their world
digest — on a held-out board too, where rows name no world seed — and the comparison reports, overall, per scenario
and per part, the mean difference with a paired interval and a sign-flip p-value beside the unpaired interval; rows
that share no world pair with nothing and say so. Real assessments through a real green over A2A."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from green_agent.cli import main
from green_agent.config import GreenSettings
from green_agent.judging.stats import sign_flip_p
from green_agent.protocol.schemas import SCHEMA_DIR
from green_agent.selftest import assess_via_green, practice_green
from tests.chromium import browse, chromium, console

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
BOARD = ["workday", "email_triage_basic"]
SEEDS = (1, 2, 3, 4, 5, 6)
HALF = "oracle-p50"  # the ladder's rung doing half its plan: a purple clearly behind the oracle


@pytest.fixture(scope="module")
def board(tmp_path_factory) -> dict[str, Path]:
    """The oracle and the half-oracle on a held-out board (seeds 1-6), and the half-oracle on other seeds; each
    side's rows written as ``assess`` (a folder of row lists) or a leaderboard (a results file) writes them."""
    import asyncio

    tmp = tmp_path_factory.mktemp("board")
    settings = GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp / "data", heldout_secret="paired-board-secret")

    async def run() -> dict[str, list[list[dict]]]:
        async with practice_green(settings, ("oracle", HALF)) as (green, purples):
            jobs = {(role, seed): assess_via_green(green, purples[role], BOARD, {"seed": seed})
                    for role in ("oracle", HALF) for seed in SEEDS}
            jobs |= {("other", seed): assess_via_green(green, purples[HALF], BOARD, {"seed": seed})
                     for seed in (41, 42)}
            done = dict(zip(jobs, await asyncio.gather(*jobs.values()), strict=True))
        out: dict[str, list[list[dict]]] = {}
        for (who, _), rows in done.items():
            out.setdefault(who, []).append(rows)
        return out

    runs = asyncio.run(run())
    sides = {"oracle": tmp / "oracle", "half": tmp / "half.json", "other": tmp / "other.json"}
    sides["oracle"].mkdir()
    for n, rows in enumerate(runs["oracle"]):
        (sides["oracle"] / f"assess-{n}.json").write_text(json.dumps(rows))
    for who in ("half", "other"):
        key = HALF if who == "half" else "other"
        sides[who].write_text(json.dumps({"participants": {"personal_assistant": who},
                                          "results": [r for rows in runs[key] for r in rows]}))
    return sides


def test_rows_of_one_world_pair_and_the_difference_is_resolved(board, tmp_path, capsys):
    out = tmp_path / "cmp.json"
    assert main(["compare", str(board["oracle"]), str(board["half"]), "--out", str(out)]) == 0
    (result,) = json.loads(out.read_text())
    rows = [r for f in board["oracle"].glob("*.json") for r in json.loads(f.read_text()) if r["row_type"] == "trial"]
    assert all(r["provenance"]["world_seed"] is None and r["world_digest"] for r in rows)  # held out, yet paired
    schema = json.loads((SCHEMA_DIR / "trial-row.schema.json").read_text())
    for row in rows:  # the published schema describes the rows a real green writes
        jsonschema.validate(row, schema)
    overall = result["overall"]
    assert overall["pairs"] == len(SEEDS) * len(BOARD)
    assert overall["difference"] > 20 and overall["paired_ci95"][0] > 0 and overall["p_value"] < 0.01
    # Every world paired: the same mean (two roundings to cents, so up to 0.01 apart), another interval.
    assert overall["unpaired_ci95"] is not None and overall["unpaired_difference"] == pytest.approx(
        overall["difference"], abs=0.0101)
    assert {s["name"] for s in result["scenarios"]} == set(BOARD)
    parts = {p["name"]: p for p in result["parts"]}
    assert parts and all(p["pairs"] >= 1 for p in parts.values())
    assert not result["warnings"]
    printed = capsys.readouterr().out
    assert "paired world(s)" in printed and "scenario: workday" in printed


def test_rows_of_other_worlds_pair_with_nothing_and_say_so(board, tmp_path, capsys):
    out = tmp_path / "none.json"
    assert main(["compare", str(board["oracle"]), str(board["other"]), "--out", str(out)]) == 1
    (result,) = json.loads(out.read_text())
    assert result["overall"]["pairs"] == 0 and result["overall"]["paired_ci95"] is None
    assert result["overall"]["unpaired_difference"] > 0  # the unpaired figure is still there, flagged
    assert any("only 0 world(s) pair up" in w for w in result["warnings"])


def test_baseline_compares_each_purple_with_the_reference(board, tmp_path):
    out = tmp_path / "base.json"
    assert main(["compare", "--baseline", str(board["oracle"]), str(board["half"]), str(board["other"]),
                 "--out", str(out)]) == 0
    results = json.loads(out.read_text())
    assert [(r["a"], r["b"]) for r in results] == [("half", "oracle"), ("other", "oracle")]
    assert results[0]["overall"]["difference"] < 0 and results[1]["overall"]["pairs"] == 0


def test_unreadable_input_is_named(tmp_path, capsys):
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    assert main(["compare", str(junk), str(junk)]) == 2
    assert f"{junk}: not a results file" in capsys.readouterr().err


def test_the_sign_flip_test_is_exact_on_few_pairs():
    assert sign_flip_p([5.0, 5.0, 5.0]) == 0.25  # all same sign: 2 of 8 arrangements are as extreme
    assert sign_flip_p([3.0, -3.0]) == 1.0
    assert sign_flip_p([]) is None


def test_the_page_in_chromium_shows_every_item_and_no_script_errors(board, tmp_path):
    out = tmp_path / "page.json"
    main(["compare", str(board["oracle"]), str(board["half"]), "--out", str(out)])
    page = out.with_suffix(".html")
    result = browse(chromium(), page.as_uri(), tmp_path / "profile", "--dump-dom")
    assert not console(result.stderr), console(result.stderr)
    dom = result.stdout
    assert "Paired comparison" in dom and dom.count("<svg") >= 1 + len(BOARD)
    assert "scenario: workday" in dom and "A ahead" in dom
