"""Baseline purple settings: one pydantic-settings object, environment prefix ``PURPLE_`` (``.env`` supported).

Command-line options of ``purple-agent`` override these (``--scenarios-dir``).
"""

from __future__ import annotations

from pathlib import Path

from pydantic_settings import BaseSettings, SettingsConfigDict


class PurpleSettings(BaseSettings):
    """What the baseline purples read from the environment."""

    model_config = SettingsConfigDict(env_prefix="PURPLE_", env_file=".env", extra="ignore")

    # Where the oracle looks up the scenario a user's request comes from; it must be the folder the green assesses
    # with. The default is the repository's benchmark content: an installed package (the image) has no such folder
    # beside it, so there PURPLE_SCENARIOS_DIR or --scenarios-dir must say where the scenarios are.
    scenarios_dir: Path = Path(__file__).resolve().parents[2] / "scenarios"
    # How long the ``slow`` role holds every turn.
    slow_turn_s: float = 3.0
