"""``purple-agent check --manifest FILE`` (green_agent/purple_manifest.py): a purple's Amber manifest against what the
leaderboard's scenario binds and runs. The shipped manifests pass; each broken variant of the template's is named by
its field, with what to write; the console script reports them, alone or beside a conformance run of a real purple."""

from __future__ import annotations

import asyncio
import copy
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import json5
import pytest

from green_agent.conformance import BUILTIN_SCENARIOS
from green_agent.embedded import purple_process
from green_agent.purple_manifest import WORLD_SLOT, check_manifest, manifest_problems

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "deploy" / "purple-template" / "purple.json5"
SHIPPED = [TEMPLATE, ROOT / "deploy" / "agentbeats" / "purple-oracle.json5"]
PURPLE_AGENT = Path(sys.executable).parent / "purple-agent"  # the installed console script, as `uv run` runs it


def template() -> dict[str, Any]:
    return json5.loads(TEMPLATE.read_text())


def lines(manifest: dict[str, Any]) -> list[str]:
    return [problem.line() for problem in manifest_problems(manifest)]


def cli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(PURPLE_AGENT), "check", *args], capture_output=True, text=True, timeout=timeout)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_the_shipped_purple_manifests_are_what_the_green_needs(path: Path):
    assert check_manifest(path) == []


def test_the_scenario_binds_what_the_check_asks_for():
    """The names the check asks for are the ones scenario.json5 binds: the purple's `a2a` export into the gateway,
    the green's world into the purple's `ues` slot."""
    scenario = json5.loads((ROOT / "deploy" / "agentbeats" / "scenario.json5").read_text())
    bindings = {(b["to"], b["from"]) for b in scenario["bindings"]}
    assert ("#gateway.purple1", "#personal_assistant.a2a") in bindings
    assert any(to == f"#personal_assistant.{WORLD_SLOT}" for to, _ in bindings), bindings


def edit(change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    manifest = copy.deepcopy(template())
    change(manifest)
    return manifest


def program(key: str, value: Any) -> Callable[[dict[str, Any]], object]:
    return lambda m: m["program"].__setitem__(key, value)


def drop(*path: str) -> Callable[[dict[str, Any]], object]:
    def change(manifest: dict[str, Any]) -> None:
        where = manifest
        for key in path[:-1]:
            where = where[key]
        del where[path[-1]]
    return change


# Each broken variant: the change, and the one problem line it must give (its start, then a phrase of it).
BROKEN: dict[str, tuple[Callable[[dict[str, Any]], object], str, str]] = {
    "image latest": (program("image", "ghcr.io/me/purple:latest"), "program.image:", "is `latest`"),
    "image without a tag": (program("image", "ghcr.io/me/purple"), "program.image:", "names no tag"),
    "no entrypoint": (drop("program", "entrypoint"), "program.entrypoint:", "instead of the image's ENTRYPOINT"),
    "entrypoint of arguments only": (program("entrypoint", "--host 0.0.0.0 --port 9019"), "program.entrypoint:",
                                     "starts with an option ('--host')"),
    "entrypoint on loopback": (program("entrypoint", "python /app/agent.py --host 127.0.0.1 --port 9019"),
                               "program.entrypoint:", "--host 127.0.0.1 listens on the container's loopback"),
    "entrypoint on another port": (program("entrypoint", "python /app/agent.py --host 0.0.0.0 --port=9020"),
                                   "program.entrypoint:", "--port 9020 is no declared endpoint's port"),
    "no a2a provide": (drop("provides", "a2a"), "provides.a2a:", "missing"),
    "a2a provide of another kind": (lambda m: m["provides"]["a2a"].__setitem__("kind", "http"), "provides.a2a:",
                                    'kind must be "a2a"'),
    "a2a provide on no endpoint": (lambda m: m["provides"]["a2a"].__setitem__("endpoint", "http"), "provides.a2a:",
                                   '"http" is not a declared endpoint'),
    "no a2a export": (drop("exports", "a2a"), "exports.a2a:", "under the name the scenario binds"),
    "no world slot": (drop("slots", "ues"), "slots.ues:", "missing: the purple reaches its world only through"),
    "world slot of another kind": (lambda m: m["slots"]["ues"].__setitem__("kind", "a2a"), "slots.ues:",
                                   'kind must be "http"'),
    "world slot never read": (drop("program", "env"), "slots.ues:", "the program never reads it"),
    "an unknown field": (lambda m: m.__setitem__("identity", "me"), "identity:", "not a field of an Amber manifest"),
    "a version Amber does not read": (lambda m: m.__setitem__("manifest_version", "1.2.0"), "manifest_version:",
                                      "outside what Amber reads"),
}


@pytest.mark.parametrize("name", BROKEN)
def test_each_broken_manifest_names_its_problem(name: str):
    change, start, phrase = BROKEN[name]
    [line] = lines(edit(change))
    assert line.startswith(start) and phrase in line, line


def test_a_manifest_without_a_program_names_it_and_what_hangs_on_it():
    found = lines(edit(drop("program")))
    assert found[0].startswith("program: missing"), found
    assert any(line.startswith("provides.a2a: endpoint") for line in found), found
    assert any(line.startswith("slots.ues: the program never reads it") for line in found), found
    found = lines(edit(program("network", {"endpoints": []})))
    assert [line.split(":")[0] for line in found] == ["program.network.endpoints", "provides.a2a"], found
    assert "none declared" in found[0] and '"endpoint" is not a declared endpoint' in found[1], found


@pytest.mark.parametrize(("text", "problem"), [("{ program: ", "not JSON5"), ("[1, 2]", "one JSON5 object")])
def test_a_file_that_is_no_manifest_says_so(tmp_path: Path, text: str, problem: str):
    path = tmp_path / "purple.json5"
    path.write_text(text)
    [found] = check_manifest(path)
    assert found.where == "purple.json5" and problem in found.message, found


# ------------------------------------------------------------------------------------------------ the command
def test_the_cli_checks_a_manifest_alone(tmp_path: Path):
    done = cli("--manifest", str(TEMPLATE))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "what this green needs under AgentBeats" in done.stdout and done.stdout.splitlines()[-1].startswith(
        "CONFORMANT")

    broken = tmp_path / "purple.json5"
    broken.write_text(json.dumps(edit(lambda m: (program("image", "me/purple:latest")(m), drop("slots", "ues")(m)))))
    done = cli("--manifest", str(broken), "--json")
    assert done.returncode == 1, done.stdout + done.stderr
    report = json.loads(done.stdout)
    assert report["conformant"] is False and report["url"] is None and report["manifest"] == str(broken)
    assert [(f["kind"], f["message"].split(":")[0]) for f in report["findings"]] == [
        ("manifest", "program.image"), ("manifest", "slots.ues")]

    done = cli("--manifest", str(broken))
    assert done.returncode == 1
    assert [line.split(":")[:2] for line in done.stdout.splitlines() if "FAIL" in line] == [
        ["  FAIL manifest", " program.image"], ["  FAIL manifest", " slots.ues"]]


def test_the_cli_says_when_it_cannot_check(tmp_path: Path):
    done = cli("--manifest", str(tmp_path / "missing.json5"))
    assert done.returncode == 2 and "cannot read the manifest" in done.stderr and "missing.json5" in done.stderr
    done = cli()
    assert done.returncode == 2 and "give the purple's URL, --manifest FILE, or both" in done.stderr


async def test_a_manifest_problem_fails_a_conformant_purple(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """URL and manifest together: the oracle plays the conformance scenario cleanly, and its manifest's problem
    alone makes the verdict."""
    monkeypatch.setenv("GREEN_UES_BACKEND", "auto")
    monkeypatch.setenv("GREEN_DATA_DIR", str(tmp_path / "data"))
    broken = tmp_path / "purple.json5"
    broken.write_text(json.dumps(edit(program("entrypoint", "--host 0.0.0.0 --port 9019"))))
    async with purple_process("oracle", BUILTIN_SCENARIOS) as url:
        done = await asyncio.to_thread(cli, url, "--manifest", str(broken))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "run: scenario conformance" in done.stdout and "completed (early_completion)" in done.stdout
    [fail] = [line for line in done.stdout.splitlines() if "FAIL" in line]
    assert fail.startswith("  FAIL manifest: program.entrypoint: starts with an option"), fail
    assert done.stdout.splitlines()[-1].startswith("NOT CONFORMANT: 1 finding(s)")
