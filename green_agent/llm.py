"""The only door to LLMs: litellm, bounded retries, timeouts, a concurrency limit per model, usage and cost per
role, structured output with one repair attempt, and a replay cache.

Every completion of the green goes through ``LLM.complete``. In ``record`` mode (``character_mode: llm``) each
completion is also written to the replay cache under a key of (model, messages, parameters, seed); in ``replay``
mode every call is answered from that cache and a miss is an error naming the call — never a silent live call — so
a rerun is byte-identical and costs nothing.

litellm is imported on first use: it takes seconds to import, and a green with no model configured never needs it.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import os
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import structlog
from pydantic import BaseModel, SecretStr, ValidationError

from green_agent.protocol import RoleUsage, Usage

if TYPE_CHECKING:
    from types import ModuleType

log = structlog.get_logger("green.llm")

# litellm fetches its price list from GitHub at import unless told otherwise; the bundled copy is as good offline.
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

M = TypeVar("M", bound=BaseModel)
Message = dict[str, str]


class LLMRole(StrEnum):
    """Who made a call; usage is summed per role into the row's ``usage`` block."""

    CHARACTERS = "characters"
    JUDGE = "judge"
    WORDING = "wording"  # drafting a wording pack (a maintainer's tool, never within a trial)


class CacheMode(StrEnum):
    RECORD = "record"  # call the provider, write every completion to the cache
    REPLAY = "replay"  # answer every call from the cache; a miss is an error


class LLMError(RuntimeError):
    """A completion could not be had: the provider failed after retries, timed out, or answered unusably."""


class ReplayMiss(LLMError):
    """Replay mode and no recorded completion for this exact call."""


@dataclass(frozen=True)
class Completion:
    text: str
    model: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float | None = None
    cached: bool = False


@dataclass
class UsageMeter:
    """LLM use of one trial, per role. Cost stays None for a role as long as any of its calls could not be priced:
    a partial sum would look like a real figure."""

    roles: dict[LLMRole, RoleUsage] = field(default_factory=lambda: {r: RoleUsage() for r in LLMRole})
    _unpriced: set[LLMRole] = field(default_factory=set)

    def add(self, role: LLMRole, completion: Completion) -> None:
        usage = self.roles[role]
        usage.calls += 1
        usage.prompt_tokens += completion.prompt_tokens
        usage.completion_tokens += completion.completion_tokens
        if completion.cost_usd is None:
            self._unpriced.add(role)
            usage.cost_usd = None
        elif role not in self._unpriced:
            usage.cost_usd = round((usage.cost_usd or 0.0) + completion.cost_usd, 8)

    def usage(self) -> Usage:
        return Usage(characters=self.roles[LLMRole.CHARACTERS].model_copy(),
                     judge=self.roles[LLMRole.JUDGE].model_copy())


class ReplayCache:
    """Completions on disk, one JSON file per call, under a key of everything that determines the answer."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)

    @staticmethod
    def key(model: str, messages: Sequence[Message], params: dict[str, Any], seed: int) -> str:
        canonical = json.dumps({"model": model, "messages": list(messages), "params": params, "seed": seed},
                               sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        return hashlib.sha256(canonical.encode()).hexdigest()

    def _path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.json"

    def get(self, key: str) -> Completion | None:
        try:
            stored = json.loads(self._path(key).read_text())
        except FileNotFoundError:
            return None
        except ValueError:
            log.warning("llm_cache_entry_unreadable", key=key)
            return None
        return Completion(**{**stored["response"], "cached": True})

    def put(self, key: str, request: dict[str, Any], completion: Completion) -> None:
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        response = {"text": completion.text, "model": completion.model, "prompt_tokens": completion.prompt_tokens,
                    "completion_tokens": completion.completion_tokens, "cost_usd": completion.cost_usd}
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"request": request, "response": response}, ensure_ascii=False, indent=1))
        tmp.replace(path)  # readers never see half a file


def preload() -> None:
    """Import litellm in a background thread now, so the first call of an assessment does not stall its turn for the
    seconds the import takes. Call it where a model is configured."""
    threading.Thread(target=_litellm, name="litellm-import", daemon=True).start()


@functools.cache
def _litellm() -> ModuleType:
    """litellm, configured once for the process."""
    import litellm

    litellm.suppress_debug_info = True
    litellm.drop_params = True  # a parameter a provider lacks (seed, response_format) is dropped, not an error
    return litellm


@functools.cache
def _transient() -> tuple[type[BaseException], ...]:
    """Errors worth another try: rate limits and the provider or network failing for now."""
    lm = _litellm()
    return (lm.RateLimitError, lm.Timeout, lm.APIConnectionError, lm.ServiceUnavailableError,
            lm.InternalServerError, TimeoutError)


def _first_json_object(text: str) -> str | None:
    """The first complete JSON object in ``text``, as written. (A greedy ``{.*}`` would run to the last brace in
    the text and swallow prose such as "fields {a, b}" after the object, turning a usable answer into a repair.)"""
    decoder = json.JSONDecoder()
    for start in (m.start() for m in re.finditer(r"\{", text)):
        try:
            _, end = decoder.raw_decode(text, start)  # from a "{", it decodes an object or fails
        except ValueError:
            continue
        return text[start:end]
    return None


def parse_json_object(text: str, schema: type[M]) -> M:
    """The first JSON object in ``text`` (models wrap JSON in prose and code fences), validated against
    ``schema``. Raises ValueError saying what was wrong."""
    found = _first_json_object(text)
    if found is None:
        raise ValueError("the answer holds no JSON object")
    try:
        return schema.model_validate_json(found)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc']) or '(root)'}: {e['msg']}"
                             for e in exc.errors()[:5])
        raise ValueError(f"the JSON does not fit: {problems}") from None


class LLM:
    """Completions for the green's LLM roles. One per green process (it holds the per-model concurrency limits)."""

    def __init__(self, *, mode: CacheMode, cache: ReplayCache | None, api_base: str | None = None,
                 api_key: SecretStr | None = None, timeout_s: float = 60.0, max_retries: int = 3,
                 retry_base_s: float = 1.0, concurrency: int = 4) -> None:
        if mode == CacheMode.REPLAY and cache is None:
            raise ValueError("replay mode needs a replay cache")
        self.mode = mode
        self.cache = cache
        self.api_base = api_base
        self._api_key = api_key
        self.timeout_s = timeout_s
        self.max_retries = max_retries
        self.retry_base_s = retry_base_s
        self.concurrency = concurrency
        self._slots: dict[str, asyncio.Semaphore] = {}

    async def complete(self, role: LLMRole, model: str, messages: Sequence[Message], *, seed: int,
                       meter: UsageMeter | None = None, json_mode: bool = False, temperature: float = 0.0,
                       max_tokens: int = 600) -> Completion:
        """One chat completion. Raises LLMError (ReplayMiss in replay mode when the call was never recorded)."""
        params: dict[str, Any] = {"temperature": temperature, "max_tokens": max_tokens, "json": json_mode}
        key = ReplayCache.key(model, messages, params, seed)
        if self.mode == CacheMode.REPLAY:
            assert self.cache is not None
            completion = self.cache.get(key)
            if completion is None:
                first = next((m["content"] for m in messages if m.get("role") != "system"), "")[:120]
                raise ReplayMiss(f"replay: no recorded {role} completion of {model} for this call (key {key[:12]}, "
                                 f"seed {seed}, first message {first!r}); record it with character_mode 'llm'")
        else:
            completion = await self._call(model, messages, params, seed)
            if self.cache is not None:
                self.cache.put(key, {"role": role.value, "model": model, "messages": list(messages),
                                     "params": params, "seed": seed}, completion)
        if meter is not None:
            meter.add(role, completion)
        return completion

    async def complete_json(self, role: LLMRole, model: str, messages: Sequence[Message], schema: type[M], *,
                            seed: int, meter: UsageMeter | None = None, max_tokens: int = 600) -> M:
        """A completion parsed into ``schema``: JSON mode where the provider has it, else a validated parse of the
        text; a malformed answer gets one repair attempt (the model sees its answer and the problem). Raises
        LLMError when the answer still does not fit."""
        completion = await self.complete(role, model, messages, seed=seed, meter=meter, json_mode=True,
                                         max_tokens=max_tokens)
        try:
            return parse_json_object(completion.text, schema)
        except ValueError as exc:
            problem = str(exc)
        repair = [*messages, {"role": "assistant", "content": completion.text},
                  {"role": "user", "content": f"That answer is not usable ({problem}). Reply with only the JSON "
                                              f"object, with exactly the fields asked for."}]
        repaired = await self.complete(role, model, repair, seed=seed, meter=meter, json_mode=True,
                                       max_tokens=max_tokens)
        try:
            return parse_json_object(repaired.text, schema)
        except ValueError as exc:
            raise LLMError(f"{model} gave no usable JSON after one repair attempt: {exc}; it answered "
                           f"{repaired.text[:200]!r}") from None

    # ------------------------------------------------------------------------------------------ the provider
    async def _call(self, model: str, messages: Sequence[Message], params: dict[str, Any], seed: int) -> Completion:
        lm = _litellm()
        transient = _transient()
        kwargs: dict[str, Any] = {"model": model, "messages": list(messages), "temperature": params["temperature"],
                                  "max_tokens": params["max_tokens"], "seed": seed, "timeout": self.timeout_s}
        if params["json"] and _supports(lm, model, "response_format"):
            kwargs["response_format"] = {"type": "json_object"}
        if self.api_base:
            kwargs["api_base"] = self.api_base
        if self._api_key is not None:
            kwargs["api_key"] = self._api_key.get_secret_value()
        slot = self._slots.setdefault(model, asyncio.Semaphore(self.concurrency))
        attempt = 0
        while True:
            try:
                async with slot:
                    response = await asyncio.wait_for(lm.acompletion(**kwargs), self.timeout_s)
                break
            except transient as exc:
                if attempt >= self.max_retries:
                    raise LLMError(f"{model}: {type(exc).__name__} after {attempt + 1} attempt(s): "
                                   f"{_brief(exc)}") from None
                delay = self.retry_base_s * 2 ** attempt
                log.info("llm_retry", model=model, attempt=attempt + 1, delay_s=delay, error=type(exc).__name__)
                attempt += 1
                await asyncio.sleep(delay)
            except Exception as exc:  # auth, bad request, unknown model: retrying cannot help
                raise LLMError(f"{model}: {type(exc).__name__}: {_brief(exc)}") from None
        return _completion(lm, model, response)


def _supports(lm: ModuleType, model: str, param: str) -> bool:
    try:
        return param in (lm.get_supported_openai_params(model=model) or [])
    except Exception:  # an unknown provider: assume the plain chat API
        return False


def _brief(exc: BaseException) -> str:
    return str(exc).replace("\n", " ")[:300]


def _completion(lm: ModuleType, model: str, response: Any) -> Completion:
    try:
        text = response.choices[0].message.content or ""
    except (AttributeError, IndexError) as exc:
        raise LLMError(f"{model}: the response holds no message ({exc})") from None
    usage = getattr(response, "usage", None)
    try:
        cost: float | None = float(lm.completion_cost(completion_response=response))
    except Exception:  # litellm cannot price this model
        cost = None
    return Completion(text=text, model=getattr(response, "model", None) or model,
                      prompt_tokens=int(getattr(usage, "prompt_tokens", 0) or 0),
                      completion_tokens=int(getattr(usage, "completion_tokens", 0) or 0), cost_usd=cost)
