"""A wording pack drafted for the whole library (``green-agent scenarios wording --all --draft``) with the test
suite's stand-in model — litellm's offline custom provider answering with the words of the seven test packs, which
blind helpers wrote — so the drafting pipeline's yield and cost can be measured offline: kinds drafted, phrasings,
refusals, calls and tokens, and why the rest keep their public words. Prints one JSON object; ``--out FOLDER`` keeps
the drafted pack, for ``bench_heldout_wording --packs FOLDER``.

    uv run python -m tests.bench.bench_wording_draft [--out /tmp/drafted] [--parts chase_reply,...] [--code DIR]
        [--verify N]

The figures are the pipeline's, not a real model's: a real model's words are its own, and its refusals differ."""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import time
from collections import Counter
from pathlib import Path

from green_agent.config import GreenSettings
from green_agent.llm import LLM, CacheMode, LLMRole, UsageMeter
from green_agent.logs import configure_logging
from green_agent.scenario_kit.wording_draft import draft_wording, drafted_pack
from green_agent.scenarios import library_for, part_library
from green_agent.wording_verify import verified
from tests.green.wording_writer import ROOT, SCENARIOS, code_words, pack_words, writer
from tests.llm.test_llm_roles import FakeProvider, installed

# The refusals' kinds, as wording_draft words them.
REASON = re.compile(r"leaves out|unknown field|not a template|does not fill|empty once filled|far longer|the same as "
                    r"another new phrasing|repeats public phrasing|phrasings for \d+ positions|no usable JSON|"
                    r"which no public phrasing states|not Python|not one lambda|parameters must be|touches|"
                    r"raises to a power|holds the constant|not text")
PACKS = tuple(sorted((ROOT / "tests" / "green" / "data").glob("heldout_words_*")))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench_wording_draft", description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--parts", type=lambda v: [p for p in v.split(",") if p], default=[],
                        help="only these parts (comma-separated; default every part)")
    parser.add_argument("--out", type=Path, default=None, help="write the drafted pack into this folder")
    parser.add_argument("--verify", type=int, default=0, metavar="N",
                        help="then the oracle plays worlds 1..N of each worded part (as the CLI's --verify)")
    parser.add_argument("--code", type=Path, default=None,
                        help="a folder of <part>*.json files, {kind: [lambda source, ...]}: what the stand-in model "
                             "answers for kinds the public book writes by functions")
    args = parser.parse_args(argv)
    configure_logging("WARNING")
    library = library_for(GreenSettings(scenarios_dir=SCENARIOS))
    parts = library.pack().parts
    chosen = {key: parts[key] for key in (args.parts or sorted(parts))}
    words = {k: v for pack in PACKS for k, v in pack_words(pack).items()}
    if args.code is not None:
        words.update(code_words(args.code))
    meter = UsageMeter()
    started = time.monotonic()
    with installed(FakeProvider(answer=writer(words))):
        drafts = asyncio.run(draft_wording(chosen, LLM(mode=CacheMode.RECORD, cache=None), "fake/writer",
                                           meter=meter))
    seconds = time.monotonic() - started
    verify_s = 0.0
    if args.verify:
        started = time.monotonic()
        drafts = asyncio.run(verified(GreenSettings(scenarios_dir=SCENARIOS), library, chosen, drafts, "fake/writer",
                                      "drafted-bench", range(1, args.verify + 1)))
        verify_s = time.monotonic() - started
    done = [d for d in drafts if d.drafted]
    why = Counter(("never drawn" if "never drawn" in (d.left_out or "") else
                   "the oracle fails with it" if "the oracle fails" in (d.left_out or "") else
                   "code, short of phrasings" if d.code else "templates, short of phrasings")
                  for d in drafts if not d.drafted)
    reasons = Counter(m[0] if (m := REASON.search(r)) else r[:60] for d in drafts for r in d.refused)
    text = drafted_pack(chosen, drafts, "fake/writer", "drafted-bench")
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "__init__.py").write_text(text)
        part_library(SCENARIOS, packs=[args.out])  # loads as the green loads it
    used = meter.roles[LLMRole.WORDING]
    print(json.dumps({
        "parts": len(chosen), "kinds": len(drafts), "drafted": len(done),
        "code_kinds": sum(d.code for d in drafts), "code_drafted": sum(d.code for d in done),
        "phrasings": sum(len(d.phrasings) for d in done), "left_out": dict(why),
        "left_out_by_part": dict(Counter(d.part for d in drafts if not d.drafted).most_common()),
        "refused": sum(len(d.refused) for d in drafts), "refusals": dict(reasons.most_common(8)),
        "calls": used.calls, "prompt_tokens": used.prompt_tokens, "completion_tokens": used.completion_tokens,
        "seconds": round(seconds, 1), "verify_seconds": round(verify_s, 1),
        "out": str(args.out) if args.out else None}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
