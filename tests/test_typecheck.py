"""The code base type-checks: mypy, configured by ``[tool.mypy]`` in pyproject.toml, finds no error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("green_agent", "ues_pool", "services")


def test_mypy_is_clean() -> None:
    args = [sys.executable, "-m", "mypy"]
    for package in PACKAGES:
        args += ["-p", package]
    proc = subprocess.run(args, cwd=REPO_ROOT, capture_output=True, text=True, timeout=900)
    output = (proc.stdout + proc.stderr).strip()
    assert proc.returncode == 0, f"mypy exited with {proc.returncode}:\n{output}"
