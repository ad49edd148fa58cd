"""``green-agent assess`` run as a user runs it: a process of its own, the embedded default (process pool, scripted
characters, the baseline oracle started for it, no API key). It scores the oracle in full, writes its rows, and
never loads the LLM stack: with scripted characters and no judge model nothing calls a model, and litellm's import
alone costs seconds of CPU. What the process imported is its own ``-X importtime`` report."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.importtime import packages_loaded

ROOT = Path(__file__).resolve().parents[2]
LLM_STACK = {"litellm", "openai", "tiktoken", "tokenizers"}


def test_a_scripted_assessment_scores_the_oracle_and_never_imports_the_llm_stack(tmp_path):
    # The defaults: no GREEN_* setting (no character or judge model, the process backend) but a data directory.
    env = {k: v for k, v in os.environ.items() if not k.startswith("GREEN_")} | {"GREEN_DATA_DIR": str(tmp_path)}
    out = tmp_path / "rows.json"
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "green_agent.cli", "assess", "--scenario",
                           "email_triage_basic", "--out", str(out)], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]

    rows = json.loads(out.read_text())
    trial, summary = rows
    assert trial["row_type"] == "trial" and summary["row_type"] == "summary"
    assert trial["status"] == "completed" and trial["percentage"] == 100.0 and trial["passed"], trial
    assert json.loads(proc.stdout) == trial  # one trial: its row is printed as well
    assert f"results written to {out}" in proc.stderr

    loaded = packages_loaded(proc.stderr)
    # The report covers the runner's imports too (a2a's client), made in a thread while the world and purple start.
    assert {"green_agent", "a2a"} <= loaded
    assert not loaded & LLM_STACK, f"a scripted assessment with no judge model imported {sorted(loaded & LLM_STACK)}"
