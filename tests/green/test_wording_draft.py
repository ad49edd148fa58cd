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
from green_agent.selftest import IMITATION_CEILING, assess_via_green, practice_green, selftest
from tests.green.wording_writer import ROOT, SCENARIOS, code_words, pack_words, writer
from tests.llm.test_llm_roles import FakeProvider, _refuse, installed

WORDS_D = pack_words(ROOT / "tests" / "green" / "data" / "heldout_words_d")  # chase_reply, newsletter_sweep
WORDS_C = pack_words(ROOT / "tests" / "green" / "data" / "heldout_words_c")
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
        code, out, err, pack = drafted(tmp_path, capsys, "chase_reply", "--draft", "fake/writer", "--pack", "ours-q1",
                                       "--verify", "2")
    assert code == 0, err
    worded = library_for(GreenSettings(scenarios_dir=SCENARIOS, part_packs=[pack])).pack()
    kinds = worded.wordings["chase_reply"].kinds
    # Every kind is drafted, each with as many phrasings as the public book, none of them a public one; the subject,
    # which the public book computes from its fields, as lambdas of those fields (the pack file holds their source).
    assert set(kinds) == set(PARTS["chase_reply"].phrasebook.kinds)
    for kind, phrasings in kinds.items():
        public = PARTS["chase_reply"].phrasebook.kinds[kind]
        assert len(phrasings) == len(public) and not set(phrasings) & set(public), kind
    assert all(callable(p) for p in kinds["subject"]) and "(lambda what: " in out
    assert {p(what="the Q3 slides") for p in kinds["subject"]} == {
        t.format(what="the Q3 slides") for t in WORDS_D["chase_reply", "subject"]}
    assert worded.origins["chase_reply"].wording == "ours-q1"
    assert "# drafted by fake/writer from 5 public phrasings; code: each a lambda of the public functions' fields" \
        in out
    assert "fake/writer drafted 11 of 11 kinds" in err and f"in {len(fake.calls)} calls" in err
    assert "verify: the oracle passed 1 of 1 worded parts in seeds 1, 2" in err


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
        code, out, err, pack = drafted(tmp_path, capsys, "newsletter_sweep", "--draft", "fake/writer", "--rounds", "2",
                                       "--verify", "0")
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
                                                     "fake/writer", "--verify", "0")
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


NOTICE = "lambda building, e, s, what: "
H12 = "{s.hour % 12 or 12}{'am' if s.hour < 12 else 'pm'}"  # 4pm, as the public notices put the hour
GOOD_NOTICES = [NOTICE + 'f"' + frame + '"' for frame in (
    "{building} residents: no {what} on {s:%A} {s.day} {s:%B} between " + H12 + " and {e.hour % 12 or 12}"
    "{'am' if e.hour < 12 else 'pm'}. Please book no trades for those hours.",
    "Maintenance at {building}\\nWe are cutting the {what} on {s:%A} {s.day} {s:%B}, " + H12 + " until "
    "{e.hour % 12 or 12}{'am' if e.hour < 12 else 'pm'}. Tradespeople cannot work in the flats then.",
    "{s:%A} {s.day} {s:%B}: {what} off at {building}, " + H12 + "-{e.hour % 12 or 12}"
    "{'am' if e.hour < 12 else 'pm'}. Keep contractors away in that window, thank you.",
    "Dear all, essential works mean {building} will have no {what} from " + H12 + " to {e.hour % 12 or 12}"
    "{'am' if e.hour < 12 else 'pm'} on {s:%A} {s.day} {s:%B}. Do not book any trades then.",
    "Notice for {building}: the {what} goes off {s:%A} {s.day} {s:%B} (" + H12 + " to {e.hour % 12 or 12}"
    "{'am' if e.hour < 12 else 'pm'}); no work in the flats can be done meanwhile.",
)]


def test_phrasings_written_as_code_are_parsed_checked_and_held_to_the_facts():
    """sms_coordination's building notice is written by functions of the outage's start and end: the model writes
    lambdas, and what is unsafe, shaped wrong, calls what it is not given, or states the hours wrong is refused with
    why, while lambdas that say what the public notices say are kept and word the part."""
    bad = {
        NOTICE + "__import__('os').getcwd()": "touches __import__",
        "lambda s: f'Works on {s:%A}'": "its parameters must be exactly building, e, s, what",
        NOTICE + "clock12(s)": "NameError: name 'clock12' is not defined",
        NOTICE + "open('/etc/hostname').read()": "NameError: name 'open' is not defined",
        NOTICE + "'x' * 10 ** 9": "raises to a power",
        NOTICE + "f'{what} off at {building} on {s:%A}, all day'": "leaves out",
        NOTICE + "f'{building}: no {what} on {s:%A} {s.day} {s:%B} from {s.hour}:00 to {e.hour + 1}:00'":
            "which no public phrasing states in this world",  # an hour too late
        "print('hello')": "not one lambda expression",
    }
    asked_notice = []

    def tamper(ask: dict[str, Any], chosen: list[str]) -> Any:
        if ask["kind"] != "notice":
            return {"phrasings": chosen}
        asked_notice.append(ask)
        return {"phrasings": [*bad, GOOD_NOTICES[0]] if len(asked_notice) == 1 else GOOD_NOTICES[1:]}

    fake = FakeProvider(answer=writer(WORDS_C, tamper))
    with installed(fake):
        drafts = asyncio.run(draft_wording({"sms_coordination": PARTS["sms_coordination"]},
                                           LLM(mode=CacheMode.RECORD, cache=None), "fake/writer"))
    notice = next(d for d in drafts if d.kind == "notice")
    assert notice.code and asked_notice[0]["params"] == ["building", "e", "s", "what"]
    for source, why in bad.items():
        assert any(r.startswith(f"{source!r}: ") and why in r for r in notice.refused), (source, notice.refused)
    assert notice.drafted and notice.phrasings == GOOD_NOTICES[:5]
    first = next(c.messages[-1]["content"] for c in fake.calls if "Message kind: 'notice'" in c.messages[-1]["content"])
    # The model is shown the public functions' source and what they say.
    assert "lambda what, s, e, building: (f\"Planned works" in first and "What they say in one world" in first


def test_the_oracle_proves_a_draft_and_a_kind_that_breaks_its_task_keeps_its_public_words(tmp_path, monkeypatch,
                                                                                          capsys):
    """The travel offers a helper wrote as lambdas give departures forms the time reader does not parse; the graders
    read the offer from the operator's rule, so ``--verify`` passes the part whole. Tony's offers with the ask for
    the address taken out pass every check of the text (numbers and day names) yet drop a step of the task: the
    oracle, which gives the address once asked, never books, so ``--verify`` finds the kind by halves and leaves it
    in public words; the rest of the draft stays, and the oracle passes the pack printed."""
    words = {**{k: v for folder in sorted((ROOT / "tests" / "green" / "data").glob("heldout_words_*"))
                for k, v in pack_words(folder).items()},
             **code_words(ROOT / "tests" / "green" / "data" / "drafted_code")}
    monkeypatch.setenv("GREEN_SCENARIOS_DIR", str(SCENARIOS))
    with installed(FakeProvider(answer=writer(words))):
        code, _, err, pack = drafted(tmp_path, capsys, "travel_reschedule", "--draft", "fake/writer", "--verify", "1")
    assert code == 0 and "verify: the oracle passed 1 of 1 worded parts in seeds 1" in err, err
    assert "offer" in library_for(GreenSettings(scenarios_dir=SCENARIOS, part_packs=[pack])).pack().wordings[
        "travel_reschedule"].kinds
    part, offer = "sms_coordination_classic", ("sms_coordination_classic", "offer")
    words[offer] = [source.replace("address", "home") for source in words[offer]]
    with installed(FakeProvider(answer=writer(words))):
        code, _, err, pack = drafted(tmp_path, capsys, part, "--draft", "fake/writer", "--verify", "1")
    assert code == 0, err
    assert f"verify: the oracle passed 0 of 1 worded parts in seeds 1; {part}: the oracle scored 11.11 %" in err
    assert f"{part} / offer: the oracle fails with it: the oracle scored 11.11 % in sms_coordination at seed 1 " \
           "(valid_slot_booked: no plumber visit on the calendar" in err
    kinds = library_for(GreenSettings(scenarios_dir=SCENARIOS, part_packs=[pack])).pack().wordings[part].kinds
    assert "offer" not in kinds and len(kinds) == len(PARTS[part].phrasebook.kinds) - 1
    rows = asyncio.run(selftest(["sms_coordination"], GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path / "d",
                                                                    part_packs=[pack]), ("oracle",), (1,)))
    assert [(r.passed, r.percentage) for r in rows] == [(True, 100.0)]
