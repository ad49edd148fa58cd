"""The green agent's settings: one pydantic-settings object, environment prefix ``GREEN_``, ``.env`` read."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlsplit

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import NoDecode

from green_agent.assessment.participant_url import GatewayProxy
from green_agent.protocol import CharacterMode
from green_agent.scenario_kit.sealed import piece_names
from ues_pool.settings import PoolSettings

ROOT = Path(__file__).resolve().parents[1]


class GreenSettings(PoolSettings):
    """Everything configurable about the green agent. Model names are litellm model strings.

    The world pool's settings (``data_dir``, ``GREEN_UES_*``, ``GREEN_POOL_*``) are inherited from
    ``ues_pool.settings.PoolSettings``, which owns them, and so is its ``model_config`` (prefix, ``.env``, and the
    nesting of ``GREEN_POOL_<FIELD>`` and ``GREEN_UES_<BACKEND>_<FIELD>`` into each part's own model)."""

    # where things live
    scenarios_dir: Path = ROOT / "scenarios"
    # Folders of parts beside the public ones (os.pathsep-separated): a private pack of held-out tasks a leaderboard
    # mounts into the public image. Installed packs (entry points, scenario_kit.part) need no setting.
    part_packs: Annotated[list[Path], NoDecode] = []
    # One more pack carried as a secret (``green-agent scenarios seal FOLDER`` makes it): under Amber a leaderboard's
    # only configs are its repository's secrets, so a held-out pack travels there and the public image unpacks it.
    part_pack_archive: SecretStr | None = None
    # A second piece of a pack too large for one 48 KB secret, as ``scenarios seal`` cut it (pieces in any order).
    part_pack_archive_2: SecretStr | None = None
    # A third piece of a pack too large for one secret (wording every public part takes three).
    part_pack_archive_3: SecretStr | None = None
    # A fourth piece of a pack too large for one secret: the most the green reads.
    part_pack_archive_4: SecretStr | None = None
    task_db_url: str | None = None  # default: sqlite under data_dir
    # The last status messages a task keeps in its history (besides the request and the acceptance): a task write
    # then costs the same at update 10 and at update 10 000 (task_store.py). Streaming clients still see every update.
    task_history_limit: int = Field(default=64, ge=1)

    # who plays the characters: scripted rules, an LLM (recording every completion), or a replay of a recording
    character_mode: CharacterMode = CharacterMode.SCRIPTED

    # LLMs (litellm model names, e.g. "openai/gpt-4o-mini", "anthropic/claude-3-5-haiku-latest", "ollama/llama3")
    character_model: str | None = None
    judge_model: str | None = None
    # A jury: several judge models, each criterion scored by all and averaged (comma-separated or a JSON list).
    judge_models: Annotated[list[str], NoDecode] = []
    llm_api_base: str | None = None  # for OpenAI-compatible servers; litellm's own variables keep working
    llm_api_key: SecretStr | None = None
    llm_cache_dir: Path | None = None  # default: data_dir/llm-cache
    llm_timeout_s: float = Field(default=60.0, gt=0)
    llm_max_retries: int = Field(default=3, ge=0, le=10)
    llm_concurrency: int = Field(default=4, ge=1)  # calls in flight per model
    # Whether a request may name its own character_model / judge_model (it spends the operator's money).
    llm_allow_request_models: bool = False

    # Mixed into every world seed, so a leaderboard's worlds cannot be computed before the run (seeds.py).
    heldout_secret: SecretStr | None = None
    # Self-tests only: the green writes each trial's oracle plan here, named by a hash of the purple key it minted,
    # and the oracle purple reads it. Never set on a public green: whoever reads the folder has the answers.
    oracle_plans_dir: Path | None = None

    log_json: bool | None = None  # default: JSON when not on a TTY

    # On AgentBeats under Amber: the green's slot for the gateway's proxy (``${slots.proxy.url}``). A participant URL
    # on loopback at ``gateway_proxy_port`` (the gateway's own proxy, in the gateway's container) is called there, its
    # path kept (assessment/participant_url.py). Unset: participant URLs are called as given.
    proxy_url: str | None = None
    gateway_proxy_port: int = Field(default=8080, ge=1, le=65535)

    # The world gateway (world_gateway.py): one port in front of every live world; a purple is told
    # ``<world_gateway_url>/w/<token>`` as its ``ues_url`` instead of its world's own address. On under Amber
    # (green.json5), where a purple reaches the green only through a bound capability; off for local runs, whose
    # purples reach the worlds directly. Port 0 takes any free port.
    world_gateway: bool = False
    world_gateway_host: str = "127.0.0.1"
    world_gateway_port: int = Field(default=9010, ge=0, le=65535)
    # The base purples are told; default http://127.0.0.1:<port> (under Amber a purple puts its own slot's scheme,
    # host and port in its place: protocol.md §4).
    world_gateway_url: str | None = None

    @field_validator("judge_models", mode="before")
    @classmethod
    def _model_list(cls, value: Any) -> Any:
        if isinstance(value, str):
            text = value.strip()
            return json.loads(text) if text.startswith("[") else [m.strip() for m in text.split(",") if m.strip()]
        return value

    @field_validator("part_packs", mode="before")
    @classmethod
    def _pack_list(cls, value: Any) -> Any:
        if isinstance(value, str):
            return [p.strip() for p in value.split(os.pathsep) if p.strip()]
        return value

    @field_validator("part_pack_archive", "part_pack_archive_2", "part_pack_archive_3", "part_pack_archive_4",
                     mode="before")
    @classmethod
    def _blank_archive(cls, value: Any) -> Any:
        # Amber gives an optional secret the leaderboard repository lacks its default, "": no sealed pack then.
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("proxy_url", mode="before")
    @classmethod
    def _proxy_url(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = value.strip()
            if not value:
                return None  # an empty variable (an unbound slot) means none
            parts = urlsplit(value)
            if parts.scheme not in ("http", "https") or not parts.hostname:
                raise ValueError(f"GREEN_PROXY_URL must be an http(s) URL such as http://127.0.0.1:8081, got "
                                 f"{value[:80]!r}")
        return value

    @field_validator("world_gateway_url", mode="before")
    @classmethod
    def _world_gateway_url(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = value.strip().rstrip("/")
            if not value:
                return None
            parts = urlsplit(value)
            if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
                raise ValueError(f"GREEN_WORLD_GATEWAY_URL must be an http(s) URL such as http://127.0.0.1:9010, "
                                 f"got {value[:80]!r}")
        return value

    @property
    def jury(self) -> list[str]:
        """The judge models: the jury when one is set, else the one judge model (empty: no LLM judge)."""
        return self.judge_models or ([self.judge_model] if self.judge_model else [])

    @property
    def gateway_proxy(self) -> GatewayProxy:
        """Where participant URLs at the gateway's loopback proxy are called (nowhere else when ``proxy_url`` is
        unset)."""
        return GatewayProxy(self.proxy_url, self.gateway_proxy_port)

    @property
    def heldout(self) -> str | None:
        """The held-out secret in clear (None when unset or empty)."""
        return self.heldout_secret.get_secret_value() or None if self.heldout_secret else None

    @property
    def sealed_pack(self) -> dict[str, str]:
        """The sealed pack's pieces in clear, by the setting that carries each (empty: no sealed pack)."""
        fields = (self.part_pack_archive, self.part_pack_archive_2, self.part_pack_archive_3, self.part_pack_archive_4)
        return {name: field.get_secret_value() for name, field in zip(piece_names(), fields, strict=True) if field}

    @property
    def reports_dir(self) -> Path:
        """Where each assessment's HTML report is written (``<assessment id>.html``)."""
        return self.data_dir / "reports"

    @property
    def replay_dir(self) -> Path:
        return self.llm_cache_dir or self.data_dir / "llm-cache"

    @property
    def task_db(self) -> str:
        return self.task_db_url or f"sqlite+aiosqlite:///{(self.data_dir / 'tasks.db').resolve()}"
