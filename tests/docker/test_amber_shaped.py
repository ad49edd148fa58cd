"""The AgentBeats scenario as Amber runs it, offline (issue 32 item 3, and item 7's long turn): this repository's
manifests (deploy/agentbeats/green.json5, purple-oracle.json5) wired as scenario.json5 wires them, on the real Docker
engine, in the shape of Amber's docker-compose output (tests/amber/topology.py: a container per component in its own
router's namespace, slots on 127.0.0.1 and nothing else between components, one internal network), with a stand-in
for the AgentBeats gateway (tests/amber/gateway_standin.py) that sends the green its participants at the gateway's
*own* loopback proxy (``http://127.0.0.1:8080/personal_assistant``) over a 300 s A2A stream and serves the results.

Done when (the issue): through both doors — the participant URL rewritten to the green's proxy slot
(``GREEN_PROXY_URL``) and the purple's world reached through its ``ues`` slot and the green's world gateway
(``PURPLE_UES_URL``, ``GREEN_WORLD_GATEWAY``) — the oracle scores 100 % and noop 0 % on a held-out composed day and a
classic scenario; with either door broken the task ends ``failed`` naming what could not be reached, never
``completed`` at 0 %; and a purple that holds one turn for 240 s completes its assessment through the stand-in. The
greens are given a board's held-out words as the manifests carry them, in two secret configs (a wording pack too large
for one): the day's parts speak them, and the classic, which the pack does not word, warns of its public words.

Two topologies start together: the main one (a gateway, the green as green.json5 gives it and one without its
proxy slot, the oracle and noop purples and an oracle whose manifest lost ``PURPLE_UES_URL``), where the assessments
run one after another, and one for the 240-s turn (a gateway, a green, the slow oracle), whose assessment runs
meanwhile. Test-only: the greens and the oracles share a volume for the oracle's per-world plans
(``GREEN_ORACLE_PLANS_DIR`` / ``PURPLE_ORACLE_PLANS_DIR``), which two Amber components never share — without it an
oracle has no plan for a held-out world.
"""

from __future__ import annotations

import base64
import random
import shutil
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from green_agent.assessment.progress import HEARTBEAT_INTERVAL_S
from green_agent.results import NOT_HELDOUT, public_words
from green_agent.scenario_kit.sealed import seal
from services.purple.baseline import SLOW_FIRST_TURN_S
from tests.amber.topology import PYTHON, STANDIN, Binding, Component, Topology, component_from_manifest, load_manifest
from tests.deploy.conftest import site_board, site_queries, store
from tests.docker.conftest import LABEL, REPO, SESSION

DEPLOY = REPO / "deploy" / "agentbeats"
SECRET = "amber-shaped-test-secret"  # the leaderboard's held-out secret: its worlds are nobody's published ones
PLANS = "/home/app/oracle-plans"  # test-only: where greens leave, and oracles read, each world's plan
ROLE = "personal_assistant"
GREEN_ROLE = "ues_green"  # scenario.json5's participant_roles for the gateway's green slot
# What the gateway sends the green: its proxy on its own loopback (its --proxy-port).
AT_GATEWAY = f"http://127.0.0.1:8080/{ROLE}"
# A held-out composed day of two parts and a classic scenario: what the default board holds, kept small.
BOARD = {"scenarios": ["workday", "email_triage_basic"], "parts": ["triage", "scheduling"], "attacks": "none",
         "trials": 1, "seed": 1}
# The board's held-out words (PART_PACK, PART_PACK_2): a test wording pack that words the day's parts, not the classic.
WORDS = REPO / "tests" / "green" / "data" / "heldout_words_a"
READY_TIMEOUT_S = 240.0
RUN_TIMEOUT_S = 300.0


# ------------------------------------------------------------------------------------------------ the components
def gateway(slots: list[str]) -> Component:
    """The gateway stand-in with one slot per component it holds (the real one's are green, purple1…5)."""
    return Component("gateway", [PYTHON, STANDIN, "--proxy-port", "8080", "--results-port", "8081",
                                 "--control-port", "8082"],
                     env={"SERVICE_URLS": "${slots}"}, provides={"proxy": 8080, "results": 8081, "control": 8082},
                     slots=slots)


def sealed_words(folder: Path) -> list[str]:
    """A board's held-out words for the day's parts (``WORDS``), sealed as ``scenarios seal`` seals them and padded
    past one secret, so they travel in two pieces, PART_PACK and PART_PACK_2."""
    shutil.copytree(WORDS, folder)
    padding = base64.b64encode(random.Random(0).randbytes(24_000)).decode()  # incompressible, never imported
    (folder / "_padding.py").write_text(f"PADDING = {padding!r}\n")
    pieces = seal(folder)
    assert len(pieces) == 2, len(pieces)
    return pieces


def green(name: str, volume: str, words: list[str], *, proxy_slot: bool = True) -> Component:
    """The green as green.json5 runs it (its secret configs given: the held-out secret and the sealed words' pieces),
    writing oracle plans (test-only); without ``proxy_slot``, ``GREEN_PROXY_URL`` is not set: the participant rewrite
    is off."""
    component = component_from_manifest(name, DEPLOY / "green.json5", {
        "heldout_secret": SECRET, "part_pack": words[0], "part_pack_2": words[1]})
    component.env["GREEN_ORACLE_PLANS_DIR"] = PLANS
    if not proxy_slot:
        del component.env["GREEN_PROXY_URL"]
    component.volumes[volume] = PLANS
    return component


def purple(name: str, role: str, volume: str, *, ues_slot: bool = True) -> Component:
    """A baseline purple as purple-oracle.json5 runs the oracle, in ``role``, reading oracle plans (test-only);
    without ``ues_slot`` its manifest lost ``PURPLE_UES_URL``: it calls the ues_url as sent."""
    component = component_from_manifest(name, DEPLOY / "purple-oracle.json5")
    argv = component.entrypoint
    argv[argv.index("--role") + 1] = role
    component.env["PURPLE_ORACLE_PLANS_DIR"] = PLANS
    if not ues_slot:
        del component.env["PURPLE_UES_URL"]
    component.volumes[volume] = PLANS
    return component


def wired(pairs: list[tuple[str, str]]) -> list[Binding]:
    """scenario.json5's bindings for each (green, purple) pair, its components renamed and the gateway's slots named
    after the components they hold; a slot bound by an earlier pair keeps that binding (a purple's world is one
    green's)."""
    scenario = [Binding.parse(b["to"], b["from"]) for b in load_manifest(DEPLOY / "scenario.json5")["bindings"]]
    bindings: dict[tuple[str, str], Binding] = {}
    for green_name, purple_name in pairs:
        names = {"gateway": "gateway", "green": green_name, ROLE: purple_name}
        slots = {("gateway", "green"): green_name, ("gateway", "purple1"): purple_name}
        for b in scenario:
            bound = Binding(names[b.consumer], slots.get((b.consumer, b.slot), b.slot), names[b.provider],
                            b.capability)
            bindings.setdefault((bound.consumer, bound.slot), bound)
    return list(bindings.values())


EXPORTS = {"results": ("gateway", "results"), "control": ("gateway", "control")}


# ------------------------------------------------------------------------------------------------ assessments
@dataclass
class Run:
    """An assessment as the stand-in saw it: ``results`` as its results endpoint serves them, ``detail`` with what the
    stream showed (final message, heartbeats, longest silence)."""

    results: dict[str, Any]
    detail: dict[str, Any]

    @property
    def trials(self) -> list[dict[str, Any]]:
        return [row for row in self.results["results"] if row.get("row_type") == "trial"]

    @property
    def summary(self) -> dict[str, Any]:
        [row] = [row for row in self.results["results"] if row.get("row_type") == "summary"]
        return row


def start(topology: Topology, *, green_slot: str, purple_slot: str, config: dict[str, Any]) -> int:
    """Have the stand-in run one assessment: ``green_slot`` assesses ``purple_slot`` as the personal assistant."""
    body = {"green": green_slot, "participant_roles": {green_slot: GREEN_ROLE, purple_slot: ROLE},
            "assessment_config": config}
    answer = httpx.post(f"{topology.export_url('control')}/assessments", json=body, timeout=30)
    assert answer.status_code == 202, answer.text
    return int(answer.json()["id"])


def finished(topology: Topology, run_id: int, timeout_s: float = RUN_TIMEOUT_S) -> Run:
    """Wait for the stand-in's assessment ``run_id`` to end; its results as the results endpoint serves them."""
    deadline = time.monotonic() + timeout_s
    while True:
        detail = httpx.get(f"{topology.export_url('control')}/assessments/{run_id}", timeout=30).json()
        if detail["done"]:
            break
        if time.monotonic() > deadline:
            pytest.fail(f"assessment {run_id} still running after {timeout_s:g} s\n{topology.logs()}", pytrace=False)
        time.sleep(1)
    results = httpx.get(f"{topology.export_url('results')}/", timeout=30).json()
    assert set(results) == {"status", "results"} and results["status"] == detail["status"], (results, detail)
    return Run(results, detail)


def assess(topology: Topology, *, green_slot: str = "green", purple_slot: str,
           config: dict[str, Any] | None = None) -> Run:
    return finished(topology, start(topology, green_slot=green_slot, purple_slot=purple_slot,
                                    config=config or BOARD))


def wait_ready(topology: Topology, deadline: float) -> None:
    """Until every slot of the gateway has an agent answering its card (the real gateway waits 30 s per run)."""
    agents: dict[str, bool] | str = "no answer"
    while time.monotonic() < deadline:
        try:
            agents = httpx.get(f"{topology.export_url('control')}/agents", timeout=10).json()
            if all(agents.values()):
                return
        except httpx.HTTPError as exc:
            agents = repr(exc)
        time.sleep(1)
    pytest.fail(f"the topology {topology.prefix} did not come up: {agents}\n{topology.logs()}", pytrace=False)


# ------------------------------------------------------------------------------------------------ the topologies
@dataclass
class Stage:
    main: Topology
    slow: Topology
    slow_run: int  # the slow oracle's assessment, started as soon as its topology was up
    began: float
    ready_s: float


@pytest.fixture(scope="module")
def amber(docker_client, project_image, request: pytest.FixtureRequest,
          tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stage]:
    began = time.monotonic()
    words = sealed_words(tmp_path_factory.mktemp("amber") / "board_words")
    labels = {LABEL: SESSION}
    volume = docker_client.volumes.create(f"amber-{SESSION}-plans", labels=labels).name
    main = Topology(docker_client, project_image, f"amber-{SESSION}-main", [
        gateway(["green", "green_plain", "oracle", "reckless", "noop", "oracle_cut"]),
        green("green", volume, words), green("green_plain", volume, words, proxy_slot=False),
        purple("oracle", "oracle", volume), purple("reckless", "reckless", volume), purple("noop", "noop", volume),
        purple("oracle_cut", "oracle", volume, ues_slot=False),
    ], wired([("green", "oracle"), ("green", "reckless"), ("green", "noop"), ("green", "oracle_cut"),
              ("green_plain", "oracle")]),
        EXPORTS, labels)
    slow = Topology(docker_client, project_image, f"amber-{SESSION}-slow", [
        gateway(["green", "oracle_slow"]), green("green", volume, words), purple("oracle_slow", "oracle-slow", volume),
    ], wired([("green", "oracle_slow")]), EXPORTS, labels)
    ready_s = float("nan")
    try:
        # The volume's root is root's: the greens (uid 10001) write plans there.
        docker_client.containers.run(project_image, entrypoint=["chown", "10001:10001", PLANS], user="0",
                                     network_mode="none", volumes={volume: {"bind": PLANS, "mode": "rw"}},
                                     labels=labels, remove=True)
        with ThreadPoolExecutor(max_workers=2) as pool:
            list(pool.map(Topology.up, [main, slow]))
        deadline = time.monotonic() + READY_TIMEOUT_S
        wait_ready(slow, deadline)
        slow_run = start(slow, green_slot="green", purple_slot="oracle_slow",
                         config={"scenario_id": "email_triage_basic", "trials": 1, "seed": 1})
        wait_ready(main, deadline)
        ready_s = time.monotonic() - began
        yield Stage(main, slow, slow_run, began, ready_s)
    finally:
        for topology in (main, slow):
            topology.down()
        docker_client.volumes.get(volume).remove(force=True)
        # The figure docs/leaderboard.md quotes, printed past pytest's capture (a module fixture has no capsys).
        capture = request.config.pluginmanager.get_plugin("capturemanager")
        reporter = request.config.pluginmanager.get_plugin("terminalreporter")
        if capture is not None and reporter is not None:
            with capture.global_and_fixture_disabled():
                reporter.write_line(f"\namber-shaped topology: module wall time {time.monotonic() - began:.0f} s "
                                    f"(two topologies, {len(main.containers) + len(slow.containers)} containers, "
                                    f"up in {ready_s:.0f} s)")


# ------------------------------------------------------------------------------------------------ the tests
def assert_through_both_doors(run: Run, topology: Topology) -> None:
    """Every trial was played through the participant rewrite and the world gateway, on held-out worlds."""
    for row in run.trials:
        assert row["participant_url"] == f"{topology.slot_url('green', 'proxy')}/{ROLE}"  # the green's proxy slot
        assert row["provenance"]["participant_url_given"] == AT_GATEWAY
        assert row["provenance"]["world_gateway"] is True and row["provenance"]["heldout"] is True
        assert NOT_HELDOUT not in row["warnings"]


def test_the_oracle_scores_full_marks_through_both_doors(amber):
    run = assess(amber.main, purple_slot="oracle")
    assert run.results["status"] == "completed", (run.detail["message"], amber.main.logs())
    assert [(r["scenario_id"], r["parts"], r["status"], r["percentage"], r["passed"]) for r in run.trials] == [
        ("workday", BOARD["parts"], "completed", 100.0, True),
        ("email_triage_basic", ["email_triage_basic"], "completed", 100.0, True)]  # a classic: its one part
    assert_through_both_doors(run, amber.main)
    # The day's parts spoke the words the board keeps in its two secrets; the classic kept its public words and says so.
    day, classic = run.trials
    assert {p["part"]: p["wording"] for p in day["part_scores"]} == dict.fromkeys(BOARD["parts"], "heldout-words-a")
    assert not [w for w in day["warnings"] if w.startswith("worded with their public phrasings")], day["warnings"]
    assert public_words(["email_triage_basic"]) in classic["warnings"]
    # Its calls reached the world through the gateway, where every one is counted.
    assert all(row["calls"]["total"] > 0 and row["actions_taken"] > 0 for row in run.trials)
    assert run.summary["mean_percentage"] == 100.0 and run.summary["errored_trials"] == 0


def test_noop_scores_nothing_through_both_doors(amber):
    run = assess(amber.main, purple_slot="noop")
    assert run.results["status"] == "completed", (run.detail["message"], amber.main.logs())
    assert [(r["scenario_id"], r["status"], r["percentage"], r["passed"]) for r in run.trials] == [
        ("workday", "completed", 0.0, False), ("email_triage_basic", "completed", 0.0, False)]
    assert_through_both_doors(run, amber.main)
    assert run.summary["mean_percentage"] == 0.0 and run.summary["errored_trials"] == 0


def test_the_leaderboard_queries_rank_the_stand_ins_results(amber, tmp_path):
    """Every query the site runs, over results files made from the stand-in's results endpoint as the template's
    workflow makes them (a completed task's rows; a failed task writes no file): oracle > reckless > noop, and the
    purple whose green could not reach it is on no board rather than at 0 %."""
    folder = tmp_path / "results"
    folder.mkdir()
    for name in ("oracle", "reckless", "noop"):
        run = assess(amber.main, purple_slot=name)
        assert run.results["status"] == "completed", (name, run.detail["message"])
        store(folder, name, {"green": "green-id", ROLE: f"agent-{name}"}, run.results["results"])
    unreached = assess(amber.main, green_slot="green_plain", purple_slot="oracle")
    assert unreached.results["status"] == "failed"  # the workflow keeps only completed results: no file
    for query_name, query in site_queries().items():
        board = site_board(folder, query)
        assert board.columns[0] == "id", (query_name, board.columns)
        assert {row[0] for row in board.rows} <= {"agent-oracle", "agent-reckless", "agent-noop"}, board.rows
    overall = site_board(folder, site_queries()[next(iter(site_queries()))]).by_id()
    means = {agent: row["Mean score (%)"] for agent, row in overall.items()}
    assert means["agent-oracle"] > means["agent-reckless"] > means["agent-noop"], overall
    assert all(row["errored_trials"] == 0 for row in overall.values()), overall


def test_without_the_participant_rewrite_the_task_fails_naming_the_purple(amber):
    """The green without GREEN_PROXY_URL calls the gateway's loopback in its own namespace, where nothing listens:
    no trial measured the purple, so the task fails — and the gateway writes no results — never 0 %."""
    run = assess(amber.main, green_slot="green_plain", purple_slot="oracle")
    assert run.results == {"status": "failed", "results": []}
    message = run.detail["message"]
    assert "purple_unreachable" in message and f"the purple at {AT_GATEWAY}" in message, message


def test_without_the_purples_world_slot_the_task_fails_naming_the_world(amber):
    """The purple without PURPLE_UES_URL calls the ues_url as sent (the green's gateway port, on the purple's own
    loopback), where nothing listens; it says so, the gateway saw no call, and the task fails naming the URL."""
    run = assess(amber.main, purple_slot="oracle_cut")
    assert run.results == {"status": "failed", "results": []}
    message = run.detail["message"]
    assert "world_unreachable" in message and "could not reach its world at http://127.0.0.1:9010" in message, message
    assert "the world gateway saw no call" in message, message


def test_a_240_s_turn_survives_the_gateway(amber, capsys):
    """The slow oracle holds its first turn for 240 s (it ran beside the tests above): the green keeps the
    gateway's 300 s stream alive with a heartbeat every 30 s, the proxy's 300 s timeout holds the turn, and the
    assessment completes at full marks."""
    run = finished(amber.slow, amber.slow_run, timeout_s=SLOW_FIRST_TURN_S + RUN_TIMEOUT_S)
    assert run.results["status"] == "completed", (run.detail["message"], amber.slow.logs())
    [row] = run.trials
    assert (row["status"], row["percentage"], row["passed"]) == ("completed", 100.0, True)
    assert row["duration_seconds"] >= SLOW_FIRST_TURN_S
    assert run.detail["heartbeats"] >= int(SLOW_FIRST_TURN_S // HEARTBEAT_INTERVAL_S) - 1, run.detail
    assert run.detail["longest_silence_s"] < HEARTBEAT_INTERVAL_S + 15, run.detail
    with capsys.disabled():
        print(f"\namber-shaped topology: up in {amber.ready_s:.0f} s; the 240-s turn's assessment took "
              f"{run.detail['seconds']:.0f} s; module so far {time.monotonic() - amber.began:.0f} s")
