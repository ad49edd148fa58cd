"""An offline stand-in for the model ``scenarios wording --draft`` asks: it answers from the words of one of the test
suite's wording packs (written by blind helpers), as a careful writer would — the kinds and positions asked for, none
already kept or refused — so a draft can be followed through the real green without a provider. It plays through
``tests.llm.test_llm_roles.FakeProvider`` (litellm's own custom-provider mechanism)."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from green_agent.config import GreenSettings
from green_agent.scenario_kit.wording_tools import as_template
from green_agent.scenarios import library_for
from tests.llm.test_llm_roles import Call

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
PARTS = sorted(library_for(GreenSettings(scenarios_dir=SCENARIOS)).pack().parts, key=len, reverse=True)


def pack_words(pack: Path) -> dict[tuple[str, str], list[str]]:
    """(part, kind) → the pack's phrasings of that kind that are templates (a function of its fields' values is not
    something a model writes)."""
    library = library_for(GreenSettings(scenarios_dir=SCENARIOS, part_packs=[pack])).pack()
    return {(key, kind): [t for t in map(as_template, phrasings) if t is not None]
            for key, wording in library.wordings.items() for kind, phrasings in wording.kinds.items()}


def asked(call: Call) -> dict[str, Any]:
    """What a drafting prompt asks: the part, the kind, how many, which positions, what is kept or refused, and for a
    kind written as code the lambda's parameters."""
    text = next(m["content"] for m in call.messages if m["role"] == "user")  # a repair's ask follows it
    part = re.search(r"benchmark \((\w+)\)", text)
    kind = re.search(r"Message kind: ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")", text)
    count = re.search(r"(?:Write|give exactly) (\d+)", text)
    positions = re.search(r"Rewrite only positions ([\d, ]+):", text)
    code = re.search(r"one Python lambda expression, `lambda ([\w, ]*):", text)
    assert part and kind and count, text[:300]

    def listed(heading: str) -> list[str]:
        """The phrasings listed under ``heading`` (a refusal of a whole answer names none)."""
        block = text.split(heading, 1)[1].split("\n\n", 1)[0] if heading in text else ""
        return [ast.literal_eval(m[1]) for line in block.splitlines()[1:]
                if (m := re.match(r"- ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")", line))]

    return {"part": part[1], "kind": ast.literal_eval(kind[1]), "count": int(count[1]),
            "positions": [int(p) for p in positions[1].split(",")] if positions else [],
            "kept": listed("Already kept"), "refused": listed("Refused before"),
            "params": code[1].split(", ") if code and code[1] else []}


def code_words(folder: Path) -> dict[tuple[str, str], list[str]]:
    """(part, kind) → lambdas a model wrote for kinds the public book writes by functions: every ``<part>*.json``
    of ``folder`` holds {kind: [source, ...]}."""
    out: dict[tuple[str, str], list[str]] = {}
    for path in sorted(folder.glob("*.json")):
        part = next(key for key in PARTS if path.stem == key or path.stem.startswith(f"{key}_"))
        for kind, sources in json.loads(path.read_text()).items():
            out.setdefault((part, kind), []).extend(sources)
    return out


def writer(words: Mapping[tuple[str, str], Sequence[str]],
           tamper: Callable[[dict[str, Any], list[str]], Any] | None = None) -> Callable[[Call], Any]:
    """A fake model's answer: the pack's phrasings for what the prompt asks (``tamper`` may change them: it gets the
    ask and the phrasings and returns the answer)."""

    def answer(call: Call) -> Any:
        ask = asked(call)
        mine = list(words.get((ask["part"], ask["kind"]), ()))
        if ask["params"]:  # a kind written by functions: each template as a lambda of the public functions' fields
            args = ", ".join(ask["params"])
            mine = [t if t.startswith("lambda ") else
                    f"lambda {args}: {t!r}.format({', '.join(f'{p}={p}' for p in ask['params'])})" for t in mine]
        if ask["positions"]:
            chosen = [mine[p - 1] for p in ask["positions"] if p <= len(mine)]
        else:
            chosen = [p for p in mine if p not in ask["kept"] and p not in ask["refused"]][:ask["count"]]
        return {"phrasings": chosen} if tamper is None else tamper(ask, chosen)

    return answer
