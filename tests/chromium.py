"""Headless Chromium for the tests that look at a page as a person would (the HTML report, the docs site):
Debian's ``chromium``, required in CI (``GREEN_REQUIRE_CHROMIUM=1``), skipped with the reason elsewhere."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

INSTALL = "apt-get install -y chromium"


def chromium() -> str:
    """The browser's path; fails under ``GREEN_REQUIRE_CHROMIUM=1`` when it is missing, else skips naming it."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found:
        return found
    reason = f"headless Chromium is not installed (Debian: {INSTALL})"
    if os.environ.get("GREEN_REQUIRE_CHROMIUM") == "1":
        pytest.fail(f"GREEN_REQUIRE_CHROMIUM=1 but {reason}", pytrace=False)
    pytest.skip(reason)


def browse(browser: str, url: str, profile: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    """Open ``url`` headless with a profile of its own and Chromium's log on stderr."""
    return subprocess.run([browser, "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run",
                           f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0", *flags, url],
                          capture_output=True, text=True, timeout=120, check=True)


def console(stderr: str) -> list[str]:
    """What the page logged to the console (script errors, refused scripts): Chromium's CONSOLE lines."""
    return [line for line in stderr.splitlines() if ":CONSOLE" in line]
