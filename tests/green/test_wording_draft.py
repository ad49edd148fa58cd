"""A wording pack drafted by a model (``green-agent scenarios wording --draft MODEL``, issue 34): what the model writes
is kept only when the green's checks would keep it, what it gets wrong goes back to it with the reason, a kind it never
gets right keeps its public words and is named, and the draft loads as a pack. Followed through the real green over
A2A: round 6's script for ``chase_reply`` — written by compiling the public phrasings — reads back every day with the
public words and loses them on the drafted words, while the oracle passes.

The model is litellm's offline custom provider (``FakeProvider``) answering from a wording pack blind helpers wrote
(``wording_writer``); the real model path is ``tests/llm/test_local_model.py``'s.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from green_agent.cli import main
from green_agent.config import GreenSettings
from green_agent.llm import LLM, CacheMode, LLMRole, UsageMeter
from green_agent.scenario_kit.wording_draft import draft_wording
from green_agent.scenario_kit.wording_tools import as_template
from green_agent.scenarios import library_for
from green_agent.selftest import IMITATION_CEILING, assess_via_green, practice_green
from tests.green.wording_writer import ROOT, SCENARIOS, pack_words, writer
from tests.llm.test_llm_roles import FakeProvider, _refuse, installed

WORDS_D = pack_words(ROOT / "tests" / "green" / "data" / "heldout_words_d")  # chase_reply, newsletter_sweep
ROUND6 = ROOT / "tests" / "redteam" / "round6"
PARTS = library_for(GreenSettings(scenarios_dir=SCENARIOS)).pack().parts
PUBLIC_ANSWER = as_template(PARTS["chase_reply"].phrasebook.kinds["answer"][0])  # a function of its fields


def drafted(tmp_path: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str, Path]:
    """``scenarios wording ARGS`` run as a user runs it: (exit code, stdout, stderr, the stdout kept as a pack)."""
    code = main(["scenarios", "wording", *args])
    out, err = capsys.readouterr()
    folder = tmp_path / "drafted"
    folder.mkdir(exist_ok=True)
    (folder / "__init__.py").write_text(out)
    return code, out, err, folder


def test_a_drafted_pack_loads_and_words_every_kind_the_model_wrote(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("GREEN_SCENARIOS_DIR", str(SCENARIOS))
    with installed(FakeProvider(answer=writer(WORDS_D))) as fake:
        code, out, err, pack = drafted(tmp_path, capsys, "chase_reply", "--draft", "fake/writer", "--pack", "ours-q1")
    assert code == 0, err
    worded = library_for(GreenSettings(scenarios_dir=SCENARIOS, part_packs=[pack])).pack()
    kinds = worded.wordings["chase_reply"].kinds
    # Every kind but the one written by functions (the subject, computed from its fields) is drafted, each with as
    # many phrasings as the public book, none of them a public one.
    assert set(kinds) == set(PARTS["chase_reply"].phrasebook.kinds) - {"subject"}
    for kind, phrasings in kinds.items():
        public = PARTS["chase_reply"].phrasebook.kinds[kind]
        assert len(phrasings) == len(public) and not set(phrasings) & set(public), kind
    assert worded.origins["chase_reply"].wording == "ours-q1"
    # What is left to word by hand says where the public functions are.
    assert "# 'subject': not drafted, keeps its public words: written by functions of its fields " \
           "(scenarios/parts/chase_reply.py: <lambda>): word it by hand" in out
    assert "fake/writer drafted 10 of 11 kinds" in err and "chase_reply / subject: written by functions" in err
    assert f"in {len(fake.calls)} calls" in err


def test_what_the_model_gets_wrong_is_refused_with_why_and_asked_again(tmp_path):
    """The first answer for ``answer`` holds one good phrasing and one of each fault; the second prompt lists every
    refusal with its reason and asks for the rest, and what comes back completes the kind."""
    bad = {
        "Sorted, see the file: {detail}.": "leaves out {me}",  # the one field every public phrasing carries
        "Here: {detail}, {whatever}.\n\n{me}": "unknown field whatever",
        "Done {detail.": "not a template",
        str(PUBLIC_ANSWER): "repeats public phrasing 1's words",
        "Attached, as promised: {detail}. " + "Really. " * 200 + "{me}": "far longer than any public phrasing",
    }

    def tamper(ask: dict[str, Any], chosen: list[str]) -> Any:
        if ask["kind"] == "answer" and not ask["refused"]:
            return {"phrasings": [chosen[0], *bad, chosen[0]]}  # the good one twice: the second is a copy
        return {"phrasings": chosen}

    fake = FakeProvider(answer=writer(WORDS_D, tamper))
    meter = UsageMeter()
    with installed(fake):
        drafts = asyncio.run(draft_wording({"chase_reply": PARTS["chase_reply"]}, LLM(mode=CacheMode.RECORD,
                             cache=None), "fake/writer", meter=meter))
    answer = next(d for d in drafts if d.kind == "answer")
    assert answer.drafted and len(answer.phrasings) == 12
    for phrasing, why in bad.items():
        assert any(r.startswith(f"{phrasing!r}: ") and why in r for r in answer.refused), (phrasing, answer.refused)
    assert any("the same as another new phrasing" in r for r in answer.refused)
    again = [c.messages[-1]["content"] for c in fake.calls if "Message kind: 'answer'" in c.messages[-1]["content"]][1]
    assert "Write 11 new phrasings" in again and "unknown field whatever" in again
    assert repr(answer.phrasings[0]) in again.split("Already kept")[1]
    assert meter.roles[LLMRole.WORDING].calls == len(fake.calls)


def test_a_kind_the_model_never_gets_right_keeps_its_public_words_and_is_named(tmp_path, monkeypatch, capsys):
    """newsletter_sweep's ``issue`` is positional (each position means what the public one does): an answer of the wrong
    length is refused whole and the positions asked again; ``pair`` is answered in prose every time and is left out,
    named with why, while the rest of the draft loads."""
    issues_asked = []

    def tamper(ask: dict[str, Any], chosen: list[str]) -> Any:
        if ask["kind"] == "pair":
            return "Here are some lovely new phrasings for you!"
        if ask["kind"] == "issue":
            issues_asked.append(ask)
            if len(issues_asked) == 1:
                return {"phrasings": chosen[:-1]}
        return {"phrasings": chosen}

    monkeypatch.setenv("GREEN_SCENARIOS_DIR", str(SCENARIOS))
    with installed(FakeProvider(answer=writer(WORDS_D, tamper))) as fake:
        code, out, err, pack = drafted(tmp_path, capsys, "newsletter_sweep", "--draft", "fake/writer", "--rounds", "2")
    assert code == 0, err
    kinds = library_for(GreenSettings(scenarios_dir=SCENARIOS, part_packs=[pack])).pack().wordings[
        "newsletter_sweep"].kinds
    assert "pair" not in kinds and kinds["issue"] == tuple(WORDS_D["newsletter_sweep", "issue"])
    asks = [c.messages[-1]["content"] for c in fake.calls]
    issue_calls = [text for text in asks if "Message kind: 'issue'" in text]
    assert len(issue_calls) == 2 and "Rewrite only positions 1, 2, 3, 4, 5, 6" in issue_calls[1]
    assert "5 phrasings for 6 positions" in issue_calls[1]
    assert "newsletter_sweep / pair: 0 of 5 phrasings kept after 2 round(s); last refused: (the model's answer)" in err
    assert "gave no usable JSON" in err and "# 'pair': not drafted, keeps its public words" in out


def test_a_model_that_cannot_be_reached_prints_no_pack_and_says_why_without_the_key(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("GREEN_SCENARIOS_DIR", str(SCENARIOS))
    monkeypatch.setenv("GREEN_LLM_API_KEY", "sk-do-not-print-me")
    monkeypatch.setenv("GREEN_LLM_MAX_RETRIES", "0")
    with installed(FakeProvider(answer=lambda call: _refuse("invalid api key", 401))):
        code, out, err, _ = drafted(tmp_path, capsys, "chase_reply", "--draft", "fake/writer", "--rounds", "1")
    assert code == 1 and out == ""
    assert "drafted 0 of 11 kinds" in err and "invalid api key" in err and "sk-do-not-print-me" not in err
    assert main(["scenarios", "wording"]) == 2
    assert "name parts or --all" in capsys.readouterr().err


async def test_round_6_reads_back_chase_reply_in_public_words_and_loses_it_in_drafted_ones(tmp_path, monkeypatch,
                                                                                          capsys):
    monkeypatch.setenv("GREEN_SCENARIOS_DIR", str(SCENARIOS))
    with installed(FakeProvider(answer=writer(WORDS_D))):
        code, _, err, pack = await asyncio.to_thread(drafted, tmp_path, capsys, "chase_reply", "--draft",
                                                     "fake/writer")
    assert code == 0, err
    monkeypatch.setenv("PURPLE_SCRIPTS_DIR", str(ROUND6))  # the purple process inherits it

    async def days(settings: GreenSettings) -> dict[str, list[dict[str, Any]]]:
        async with practice_green(settings, ("oracle", "scripted")) as (green, purples):
            return {role: [p for s in range(100, 104) for r in await assess_via_green(
                green, purples[role], ["workday"], {"parts": ["chase_reply"], "attacks": "none", "seed": s})
                if r["row_type"] == "trial" for p in r["part_scores"]] for role in ("oracle", "scripted")}

    public = await days(GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path / "public"))
    held = await days(GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path / "held", part_packs=[pack]))
    mean = {name: sum(p["percentage"] for p in rows["scripted"]) / 4 for name, rows in (("public", public),
                                                                                         ("drafted", held))}
    print(mean)
    assert all(p["passed"] for p in public["scripted"]) and mean["public"] == 100.0
    assert mean["drafted"] <= IMITATION_CEILING and not any(p["passed"] for p in held["scripted"])
    assert all(p["passed"] and p["wording"] == "heldout-words" for p in held["oracle"])
