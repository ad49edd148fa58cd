"""The code base type-checks: mypy, configured by ``[tool.mypy]`` in pyproject.toml (``strict``), finds no error in the
packages and the part library, and none in a scenario folder in the reference format (the test scenarios), each checked
as its own root."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
# Folders in the reference format (their own evaluators.py): the test scenarios; the shipped ones are parts.
SCENARIO_FOLDERS = sorted(p.parent for root in ("scenarios", "tests/scenarios")
                          for p in (REPO_ROOT / root).glob("*/scenario.json") if any(p.parent.glob("*.py")))


def _mypy(*args: str) -> None:
    proc = subprocess.run([sys.executable, "-m", "mypy", *args], cwd=REPO_ROOT, capture_output=True, text=True,
                          timeout=900)
    output = (proc.stdout + proc.stderr).strip()
    assert proc.returncode == 0, f"mypy exited with {proc.returncode}:\n{output}"


def test_mypy_is_strict_and_clean() -> None:
    # No untyped function, no implicit Any return, no re-export a reader cannot see — in the assessor, the pool, the
    # simulator, the purple SDK and every part. The packages are pyproject's, so a package added there is checked.
    _mypy()


@pytest.mark.parametrize("folder", SCENARIO_FOLDERS, ids=[p.name for p in SCENARIO_FOLDERS])
def test_scenario_folder_is_clean(folder: Path) -> None:
    # Scenario folders share module names (generator, ground_truth, evaluators), so one mypy run cannot hold two of
    # them; each gets its own run and its own cache, which a shared one would thrash.
    _mypy("--cache-dir", str(REPO_ROOT / ".mypy_cache" / "scenarios" / folder.name), str(folder))
