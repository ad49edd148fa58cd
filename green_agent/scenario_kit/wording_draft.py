"""A wording pack drafted by an LLM (``green-agent scenarios wording --draft MODEL``): new phrasings for every kind of
the parts named, each checked before it is kept, so a leaderboard gets a held-out wording in minutes instead of
writing thousands of phrasings by hand.

A wording pack is what stops a rule script written from the public phrasings (docs/scoring.md, "Rule scripts"); the
blind helpers who wrote the test suite's seven packs were LLMs given the skeleton and the rule "say what every public
phrasing says, in structures of your own". This does the same through the green's LLM door (litellm), kind by kind:

* the model sees the part's task, the kind's public phrasings (a kind written by functions: their source and what
  they say in one world) and its fields with values drawn from real worlds, and writes as many phrasings as the
  public book has (a positional kind: position for position) — templates, or for a kind written by functions
  lambdas of the same fields (``wording_code``: parsed, checked, run with a few builtins);
* each phrasing is kept only if it fills with the field values of every recorded draw, states the numbers and day
  names the public phrasings state there (``wording_code.missing_or_invented``), is no longer than ``MAX_LENGTH``
  allows, is not a copy of another drafted one and does not repeat a public phrasing's word runs (``CLOSE``); a
  template must also use only the kind's fields and carry every field all public phrasings carry;
* what is refused goes back to the model with the reason, for up to ``rounds`` rounds; a kind that still falls short
  is left out (its public words stay) and named, with why;
* the drafted pack is then loaded as the green loads a pack (``part_library``), with the green's own checks.

What no check can see is whether a phrasing still *means* what the public ones mean (an answer that no longer
answers): the file is a draft for a person to read before it is sealed.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import re
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from green_agent.llm import LLM, LLMError, LLMRole, UsageMeter
from green_agent.scenario_kit.day import slice_of
from green_agent.scenario_kit.part import Part
from green_agent.scenario_kit.phrasing import Phrasebook, Phrasing, reworded
from green_agent.scenario_kit.slices import ALONE, DAY
from green_agent.scenario_kit.wording_code import SAFE_BUILTINS, Code, compile_phrasing, missing_or_invented
from green_agent.scenario_kit.wording_tools import (
    CHECK_WORLDS,
    KindEntry,
    as_template,
    pack_file,
    template_fields,
    underlying,
)

__all__ = ["CLOSE", "KindDraft", "draft_wording", "drafted_pack"]

# A drafted phrasing of at least this many words is refused when this share of its three-word runs appears in one
# public phrasing of its kind: a near copy that a regular expression fitted to the public words still matches. (Of the
# 4 477 template phrasings the test suite's seven packs hold, written by blind helpers, 8 are refused so; of the public
# templates against the others of their kind, 1.2 %.)
CLOSE = (6, 0.6)
# A phrasing filled is at most this many times the longest public one filled, plus this many characters.
MAX_LENGTH = (3, 200)
SAMPLES = 12  # field values recorded per kind, each drafted phrasing filled with all of them
SOURCE_CHARS = 6000  # of the public functions' source shown for a kind written by functions

_SYSTEM = ("You write the words of simulated messages for a benchmark of AI personal assistants. The benchmark's "
           "public phrasings are known to participants, whose scripts match them; you write new ones that people "
           "would really write, so that only reading them tells what they say. The meaning must stay exactly the "
           "same; only the words and their arrangement change.")


class _Drafted(BaseModel):
    phrasings: list[str]


@dataclass
class KindDraft:
    """One kind's draft: the phrasings kept, or why the kind was left out (``phrasings`` empty)."""

    part: str
    kind: str
    public: int  # phrasings in the public book: how many the draft must reach
    positional: bool
    code: bool = False  # the public book writes it by functions: its drafts are lambdas
    phrasings: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # every refusal, "phrasing: reason"
    left_out: str | None = None  # why the kind keeps its public words

    @property
    def drafted(self) -> bool:
        return self.left_out is None and len(self.phrasings) == self.public


@dataclass(frozen=True)
class _Kind:
    """What a kind's draft is checked against: its public phrasings, the field values real worlds filled them with,
    and what the public phrasings say in those worlds."""

    part: Part
    kind: str
    public: tuple[Phrasing, ...]
    samples: tuple[Mapping[str, Any], ...]
    positional: bool

    @functools.cached_property
    def templates(self) -> tuple[str, ...]:
        """The public phrasings as templates (empty for a kind written by functions: its drafts are code)."""
        templates = tuple(as_template(p) for p in self.public)
        return () if any(t is None for t in templates) else tuple(t for t in templates if t is not None)

    @property
    def code(self) -> bool:
        return not self.templates

    @functools.cached_property
    def said(self) -> tuple[tuple[str, ...], ...]:
        """Per sample, what every public phrasing says filled with it."""
        return tuple(tuple(Phrasebook.fill(p, s) for p in self.public) for s in self.samples)

    @property
    def params(self) -> tuple[str, ...]:
        return tuple(sorted(self.samples[0]))

    @property
    def allowed(self) -> set[str]:
        return set.union(*(template_fields(t) for t in self.templates))

    @property
    def carried(self) -> set[str]:
        return set.intersection(*(template_fields(t) for t in self.templates))


def _recorded(part: Part) -> dict[str, list[Mapping[str, Any]]]:
    """The fields each kind of ``part`` was filled with in the worlds the green's wording check draws (kind → up to
    ``SAMPLES`` field sets; a kind never drawn through the phrasebook is absent: a wording of it changes nothing)."""
    book = part.phrasebook
    seen: dict[str, list[Mapping[str, Any]]] = {}

    def recording(kind: str, phrasing: Phrasing) -> Phrasing:
        def fill(**fields: Any) -> str:
            if len(seen.setdefault(kind, [])) < SAMPLES:
                seen[kind].append(fields)
            return Phrasebook.fill(phrasing, fields)
        return fill

    # Same number of phrasings per kind as the public book: every world draws exactly what it draws in public.
    spies = {kind: tuple(recording(kind, p) for p in phrasings) for kind, phrasings in book.kinds.items()}
    shape = DAY if DAY in part.shapes else ALONE
    least, most = CHECK_WORLDS
    for seed in range(most):
        if seed >= least and set(seen) >= set(book.kinds):
            break
        with reworded(spies):
            slice_of(seed, "wording-draft", part, shape)
    return seen


def _words(text: str) -> list[str]:
    return re.findall(r"\{[^{}]*\}|[a-z0-9']+", text.lower())


def _trigrams(text: str) -> set[tuple[str, ...]]:
    words = _words(text)
    return {tuple(words[i:i + 3]) for i in range(len(words) - 2)}


def _masked(text: str, fields: Mapping[str, Any]) -> str:
    for name, value in sorted(fields.items(), key=lambda item: -len(str(item[1]))):
        if isinstance(value, str) and len(value) >= 3:
            text = text.replace(value, f"{{{name}}}")
    return text


def _template_problem(phrasing: str, kind: _Kind) -> tuple[str | None, Callable[..., str]]:
    """A template's fault against its kind's fields, and the template as a phrasing to fill."""
    try:
        used = template_fields(phrasing)
    except ValueError as exc:
        return f"not a template ({exc}): write literal braces as {{{{ and }}}}", phrasing.format
    if used - kind.allowed:
        return f"unknown field {', '.join(sorted(used - kind.allowed))}", phrasing.format
    if kind.carried - used:
        return (f"leaves out {', '.join('{' + f + '}' for f in sorted(kind.carried - used))}, which it must carry",
                phrasing.format)
    return None, phrasing.format


def _problem(phrasing: str, kind: _Kind, kept: Sequence[str]) -> str | None:
    """Why ``phrasing`` cannot be kept for ``kind`` (None: it can), ``kept`` being the phrasings kept so far: filled
    with every recorded world's fields it must say what the public phrasings say there (``wording_code``), at a
    length like theirs, in words other than theirs."""
    if kind.code:
        try:
            fn: Callable[..., str] = compile_phrasing(phrasing, kind.params)
        except ValueError as exc:
            return str(exc)
    else:
        fault, fn = _template_problem(phrasing, kind)
        if fault is not None:
            return fault
    longest = max(len(text) for said in kind.said for text in said)
    texts = []
    for sample, said in zip(kind.samples, kind.said, strict=True):
        try:
            text = fn(**sample)
        except Exception as exc:  # the model's phrasing meeting real values: whatever it raises refuses it
            return f"does not fill with a real world's fields ({type(exc).__name__}: {exc})"
        if not isinstance(text, str):
            return f"gives a {type(text).__name__}, not text"
        if not text.strip() and all(said_one.strip() for said_one in said):
            return "empty once filled (no public phrasing is)"
        if len(text) > MAX_LENGTH[0] * longest + MAX_LENGTH[1]:
            return f"far longer than any public phrasing ({len(text)} characters filled, the longest {longest})"
        if (wrong := missing_or_invented(text, said, computed=kind.code)) is not None:
            return wrong
        texts.append(text)
    if any(_words(phrasing) == _words(other) for other in kept):
        return "the same as another new phrasing"
    least, share = CLOSE
    # A template is compared as written; code by what it says in the first world beside what the public ones say,
    # the text fields put back as fields (a subject that is mostly its topic is not a copy of another).
    mine, theirs = ((_masked(texts[0], kind.samples[0]), [_masked(t, kind.samples[0]) for t in kind.said[0]])
                    if kind.code else (phrasing, kind.templates))
    grams = _trigrams(mine)
    if len(_words(mine)) >= least:
        for n, public in enumerate(theirs, 1):
            if len(grams & _trigrams(public)) >= share * len(grams):
                return f"repeats public phrasing {n}'s words"
    return None


def _sources(kind: _Kind) -> str:
    """The public functions' source, each once (what a model rewrites a kind written by functions from)."""
    seen: dict[str, None] = {}
    for phrasing in kind.public:
        try:
            seen[inspect.getsource(underlying(phrasing)) if callable(phrasing) else repr(phrasing)] = None
        except (OSError, TypeError):
            continue
    return "\n".join(seen)[:SOURCE_CHARS]


def _fields_lines(kind: _Kind) -> list[str]:
    if kind.code:
        return [f"- {name} = {kind.samples[0][name]!r:.{SOURCE_CHARS // 4}}" for name in kind.params]
    out = []
    for name in sorted(kind.allowed):
        values = list(dict.fromkeys(str(s[name]) for s in kind.samples if name in s))[:3]
        need = "every phrasing must carry it" if name in kind.carried else "optional"
        out.append(f"- {{{name}}} ({need}), e.g. " + "; ".join(repr(v[:80]) for v in values))
    return out or ["- none"]


def _prompt(kind: _Kind, count: int, kept: Sequence[str], refused: Sequence[str],
            positions: Sequence[int] = ()) -> list[dict[str, str]]:
    task = (kind.part.__doc__ or kind.part.key).split("\n\n")[0].replace("\n", " ").replace("    ", " ")
    lines = [f"Task of this part of the benchmark ({kind.part.key}): {task}"]
    if kind.code:
        lines += [f"Message kind: {kind.kind!r}. The program writes it with Python functions of "
                  f"{', '.join(kind.params)}; their source:", _sources(kind),
                  "What they say in one world:", "\n".join(f"{n}. {t!r}" for n, t in enumerate(kind.said[0], 1)),
                  "The fields in that world:", *_fields_lines(kind),
                  f"Each phrasing you write is one Python lambda expression, `lambda {', '.join(kind.params)}: ...`, "
                  f"returning the text. It may use its parameters and these builtins only: "
                  f"{', '.join(SAFE_BUILTINS)}; no name or attribute that starts with an underscore, no import, no "
                  f"helper of the source above. State every number, weekday and month the public phrasings state, "
                  f"and no other."]
    else:
        lines += [f"Message kind: {kind.kind!r}. Its public phrasings, as Python str.format templates:",
                  "\n".join(f"{n}. {t!r}" for n, t in enumerate(kind.templates, 1)),
                  "Fields, filled in by the program (write each exactly as {name}; no other braces):",
                  *_fields_lines(kind)]
    if positions:
        lines.append(f"Each position means something of its own. Rewrite only positions "
                     f"{', '.join(map(str, positions))}: give exactly {count} phrasings, in that order, each "
                     f"saying what the public phrasing at its position says.")
    else:
        lines.append(f"Write {count} new phrasings. Each must say what every public phrasing says (the same facts "
                     f"and the same intent: an answer answers, a refusal refuses, a question asks, a subject stays a "
                     f"subject), in a structure of its own: where the fact sits, how it is put, what surrounds it, "
                     f"the greeting, the length. Do not reuse the public phrasings' sentences.")
    if kept:
        lines.append("Already kept (do not repeat them):\n" + "\n".join(f"- {k!r}" for k in kept))
    if refused:
        lines.append("Refused before, with the reason (do not write them again):\n"
                     + "\n".join(f"- {r}" for r in refused[-12:]))
    lines.append('Answer with only a JSON object: {"phrasings": ["...", ...]} (a newline inside a phrasing as \\n).')
    return [{"role": "system", "content": _SYSTEM}, {"role": "user", "content": "\n\n".join(lines)}]


async def _draft_kind(kind: _Kind, llm: LLM, model: str, rounds: int, meter: UsageMeter | None) -> KindDraft:
    out = KindDraft(kind.part.key, kind.kind, len(kind.public), kind.positional, kind.code)
    slots: list[str | None] = [None] * out.public
    for attempt in range(rounds):
        missing = [n for n, s in enumerate(slots) if s is None] if kind.positional else \
            list(range(out.public - len(out.phrasings)))
        if not missing:
            break
        kept = [s for s in slots if s is not None] if kind.positional else out.phrasings
        messages = _prompt(kind, len(missing), kept, out.refused,
                           [n + 1 for n in missing] if kind.positional else ())
        seed = zlib.crc32(f"{kind.part.key}/{kind.kind}/{attempt}".encode())
        try:
            answer = await llm.complete_json(LLMRole.WORDING, model, messages, _Drafted, seed=seed, meter=meter,
                                             max_tokens=min(4000, 200 + (320 if kind.code else 160) * len(missing)))
        except LLMError as exc:
            out.refused.append(f"(the model's answer) {exc}")
            continue
        if kind.positional and len(answer.phrasings) != len(missing):
            out.refused.append(f"(the whole answer) {len(answer.phrasings)} phrasings for {len(missing)} positions")
            continue
        # Past the number asked for, a phrasing is read only while refusals left room for it.
        for n, phrasing in zip(missing, answer.phrasings, strict=False) if kind.positional else \
                enumerate(answer.phrasings):
            if not kind.positional and len(out.phrasings) == out.public:
                break
            problem = _problem(phrasing, kind, [*out.phrasings, *(s for s in slots if s is not None)])
            if kind.code:
                phrasing = Code(phrasing.strip())
            if problem is not None:
                out.refused.append(f"{phrasing!r}: {problem}")
            elif kind.positional:
                slots[n] = phrasing
            else:
                out.phrasings.append(phrasing)
    if kind.positional and all(s is not None for s in slots):
        out.phrasings = [s for s in slots if s is not None]
    if not out.drafted:
        have = len(out.phrasings) if not kind.positional else sum(s is not None for s in slots)
        out.left_out = f"{have} of {out.public} phrasings kept after {rounds} round(s)"
        out.phrasings = []
    return out


async def draft_wording(parts: Mapping[str, Part], llm: LLM, model: str, *, rounds: int = 3,
                        progress: Callable[[KindDraft], None] | None = None,
                        meter: UsageMeter | None = None) -> list[KindDraft]:
    """Every kind of ``parts`` (key → part) drafted anew by ``model`` (see the module's docstring), in the parts' and
    their books' order; ``progress`` is told of each kind as it is done, ``meter`` counts the calls. Kinds written by
    functions, or never drawn through the phrasebook, come back left out with why; a failing model call is a refusal
    like any other."""
    kinds: list[_Kind | KindDraft] = []
    for key, part in parts.items():
        book = part.phrasebook
        recorded = await asyncio.to_thread(_recorded, part)
        for kind, phrasings in book.kinds.items():
            if kind in recorded:
                kinds.append(_Kind(part, kind, tuple(phrasings), tuple(recorded[kind]), kind in book.positional))
            else:
                kinds.append(KindDraft(key, kind, len(phrasings), kind in book.positional,
                                       left_out="never drawn through the phrasebook"))
    pending = [k for k in kinds if isinstance(k, _Kind)]

    async def one(kind: _Kind) -> KindDraft:
        draft = await _draft_kind(kind, llm, model, rounds, meter)
        if progress is not None:
            progress(draft)
        return draft

    drafted = iter(await asyncio.gather(*(one(k) for k in pending)))
    return [k if isinstance(k, KindDraft) else next(drafted) for k in kinds]


def drafted_pack(parts: Mapping[str, Part], drafts: Sequence[KindDraft], model: str,
                 pack: str = "heldout-words") -> str:
    """The wording pack's ``__init__.py`` holding ``drafts`` (a kind left out is a comment saying why)."""
    by_kind = {(d.part, d.kind): d for d in drafts}
    entries: dict[str, list[KindEntry]] = {}
    for key, part in parts.items():
        entries[key] = []
        for kind in part.phrasebook.kinds:
            d = by_kind[key, kind]
            if not d.drafted:
                entries[key].append(KindEntry(kind, f"not drafted, keeps its public words: {d.left_out}", None))
                continue
            note = f"drafted by {model} from {d.public} public phrasings" + \
                ("; code: each a lambda of the public functions' fields" if d.code else "")
            if d.positional:
                note += "; positional: each position means what the public one does"
            entries[key].append(KindEntry(kind, note, tuple(d.phrasings)))
    return pack_file(f"Held-out wording of {', '.join(parts)}, drafted by {model}: read every phrasing before sealing "
                     f"it (does it still say what the public ones say?), and keep this file out of every public "
                     f"repository (docs/authoring-parts.md, \"Held-out wording\").", pack, entries)
