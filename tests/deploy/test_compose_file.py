"""docker-compose.yml and deploy/assess_client.py without an engine (tests/docker/test_compose.py runs the stack):
no registry pull for the images the stack builds itself, how to leave nothing behind, and a summary that points at
the saved report rather than at a green that is gone once the stack is down."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = ROOT / "docker-compose.yml"


def resolved(env: dict[str, str] | None = None) -> dict:
    """``docker compose config``: the file as compose reads it, variables substituted."""
    if shutil.which("docker") is None:
        pytest.skip("no docker CLI")
    done = subprocess.run(["docker", "compose", "-f", str(COMPOSE), "config", "--format", "json"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, env={"PATH": "/usr/bin:/bin", **(env or {})})
    if done.returncode != 0:
        pytest.skip(f"docker compose config does not run here: {done.stderr.strip()[:200]}")
    return json.loads(done.stdout)


def test_images_built_here_are_never_pulled():
    services = resolved()["services"]
    image = services["green"]["image"]
    for name in ("green", "purple", "assess"):
        assert services[name]["image"] == image, name  # the project image, by default
        assert services[name]["pull_policy"] == "never", name
    assert "build" in services["green"]
    # A purple from a registry may ask for a pull.
    custom = resolved({"PURPLE_IMAGE": "ghcr.io/you/purple:1.0", "PURPLE_PULL_POLICY": "missing"})["services"]
    assert custom["purple"]["image"] == "ghcr.io/you/purple:1.0" and custom["purple"]["pull_policy"] == "missing"


def test_the_file_says_how_to_leave_nothing_behind():
    text = COMPOSE.read_text()
    assert "docker compose down -v" in text
    spec = yaml.safe_load(text)
    # Named volumes outlive `down` without -v: these are the only ones, and both are in memory.
    assert set(spec["volumes"]) == {"oracle-plans", "no-plans"}
    assert all(v["driver_opts"]["type"] == "tmpfs" for v in spec["volumes"].values())
    page = (ROOT / "docs" / "operate" / "compose.md").read_text()
    assert "docker compose down -v" in page


def test_the_assess_service_names_the_results_folder_as_the_host_sees_it():
    assess = yaml.safe_load(COMPOSE.read_text())["services"]["assess"]
    command = assess["command"]
    assert command[command.index("--shown-out") + 1] == "${RESULTS_DIR:-./results}"
    assert "${RESULTS_DIR:-./results}:/results" in assess["volumes"]


def test_the_summary_points_at_the_saved_report(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("assess_client", ROOT / "deploy" / "assess_client.py")
    assert spec is not None and spec.loader is not None
    client = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(client)
    monkeypatch.setattr(client, "fetch_report", lambda summary: b"<html></html>")
    summary = "1 trial: 100%.\nReport: http://green:9009/reports/abc.html"
    rows_file = client.write(tmp_path, "email_triage_basic", "http://purple:9019/", [{"row_type": "summary"}],
                             summary, "completed", "./results")
    stored = json.loads(rows_file.read_text())
    assert stored["status"] == "completed" and stored["participants"] == {"personal_assistant": "http://purple:9019/"}
    report = rows_file.with_suffix(".html")
    assert report.read_bytes() == b"<html></html>"
    text = rows_file.with_suffix(".summary.txt").read_text()
    line = re.search(r"^Report: (\S+)", text, re.MULTILINE)
    assert line and line.group(1) == f"./results/{report.name}", text
    assert "http://green:9009/reports/abc.html" in text  # still said, as where it was served
