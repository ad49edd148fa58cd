"""Baseline purple settings: one pydantic-settings object, environment prefix ``PURPLE_`` (``.env`` supported).

Command-line options of ``purple-agent`` override these (``--scenarios-dir``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from services.purple.world_url import check_slot_url


class PurpleSettings(BaseSettings):
    """What the baseline purples read from the environment."""

    model_config = SettingsConfigDict(env_prefix="PURPLE_", env_file=".env", extra="ignore")

    # Where this purple reaches the green's world gateway (under Amber: ``${slots.ues.url}``): the scheme, host and
    # port of every ues_url it is sent are replaced with these (services/purple/world_url.py, protocol.md §4).
    ues_url: str | None = None

    # Where the oracle looks up the scenario a user's request comes from; it must be the folder the green assesses
    # with. The default is the repository's benchmark content: an installed package (the image) has no such folder
    # beside it, so there PURPLE_SCENARIOS_DIR or --scenarios-dir must say where the scenarios are.
    scenarios_dir: Path = Path(__file__).resolve().parents[2] / "scenarios"
    # Self-tests only: where the green leaves each trial's oracle plan (GREEN_ORACLE_PLANS_DIR), named by the SHA-256
    # of the key it gives the purple. A generated world's plan exists nowhere else; without it the oracle replays
    # the folder's solution.json (world 0).
    oracle_plans_dir: Path | None = None
    # How long the slow roles hold a turn (services/purple/baseline.py): ``slow`` every turn, ``oracle-slow`` its
    # first. Unset: each role's own default (SLOW_TURN_S, SLOW_FIRST_TURN_S).
    slow_turn_s: float | None = Field(default=None, ge=0)
    # The ``scripted`` role's rule scripts: unset, its own (services/purple/cheats/scripted/); else every module under
    # this folder (e.g. tests/redteam/round1/: scripts other participants wrote blind, issue 34).
    scripts_dir: Path | None = None
    # The ``hostile`` roles (services/purple/hostile.py). ``hostile`` misbehaves in these modes (comma-separated);
    # ``hostile-<mode>`` in that one mode only. The base brain (``noop`` or ``oracle``) does each turn's real work.
    hostile_modes: str = "flood"
    hostile_base: str = "noop"
    hostile_flood_count: int = 2000  # email sends per turn
    hostile_flood_concurrency: int = 16  # of them in flight at once
    hostile_flood_max_s: float = 60.0  # a turn's flood stops after this long, whatever is left
    hostile_flood_to: str = "flood-sink@example.invalid"
    hostile_oversized_bytes: int = 2 * 1024 * 1024

    # The ``assistant`` role (services/purple/assistant.py): an LLM driving the simulator through tools, with
    # litellm's provider conventions (``PURPLE_MODEL=openai/gemma`` with ``PURPLE_API_BASE`` for an
    # OpenAI-compatible server; litellm's own variables such as OPENAI_API_KEY keep working).
    model: str = "openai/gpt-4o-mini"
    api_base: str | None = None
    api_key: SecretStr | None = None  # never logged
    temperature: float = Field(default=0.0, ge=0.0, le=2.0)
    max_tokens: int = Field(default=1024, ge=16)
    llm_timeout_s: float = Field(default=120.0, gt=0)
    llm_max_retries: int = Field(default=2, ge=0, le=10)
    # Tool calls the model may make in one turn; past it the turn ends with the default step.
    max_tool_calls_per_turn: int = Field(default=12, ge=1, le=200)
    # ``native``: OpenAI tool calling; ``text``: the tool list in the prompt and a JSON tool call in the answer
    # (for servers that ignore ``tools``, such as llama.cpp's chat formats); ``auto``: native, and a JSON tool
    # call found in a plain answer is honoured too.
    tool_mode: Literal["auto", "native", "text"] = "auto"
    # In ``text`` mode, ask the server for a JSON object answer (``response_format``; llama.cpp enforces it with a
    # grammar, which helps a small model and costs generation time).
    json_answers: bool = True
    # Conversation memory kept per assessment (messages after the system prompt), and how much of one tool result
    # the model sees.
    memory_messages: int = Field(default=60, ge=4)
    tool_result_chars: int = Field(default=6000, ge=200)

    @field_validator("ues_url", mode="before")
    @classmethod
    def _slot_url(cls, value: Any) -> Any:
        if isinstance(value, str):
            return check_slot_url(value) if value.strip() else None  # empty: an unbound slot, no rewrite
        return value
