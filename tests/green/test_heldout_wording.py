"""Held-out wording (issue 34): a pack outside ``scenarios/`` words a public part anew — its ``WORDING`` gives the
phrasings of the part's message kinds — and the green draws those kinds from it. The task, its truth and its graders
stay the public ones; rows and provenance name the pack that worded it. A rule script fitted to the public words then
meets words it never read: on days holding the reworded part, the scripted purple that earns everything with the
public words earns nothing, through the real green over A2A, while the oracle still passes. A wording the part cannot
draw stops the green at start, naming the pack, the part and the kind."""

from __future__ import annotations

import json
import shutil
import textwrap
from pathlib import Path

import pytest
from pydantic import SecretStr

from green_agent.cli import main
from green_agent.config import GreenSettings
from green_agent.protocol import Composition
from green_agent.results import public_words
from green_agent.scenario_spec import ScenarioError
from green_agent.scenarios import library_for
from green_agent.selftest import IMITATION_CEILING, assess_via_green, practice_green
from green_agent.server import create_app
from services.purple.cheats.scripted.brain import load_scripts

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"

HELD_OUT = ROOT / "tests" / "green" / "data" / "heldout_words_d"  # chase_reply and newsletter_sweep, worded anew
PACKS = sorted((ROOT / "tests" / "green" / "data").glob("heldout_words_*"))  # every part worded anew
REDTEAM = ROOT / "tests" / "redteam" / "round1"  # rule scripts blind red teams wrote for every part
ROUND2 = ROOT / "tests" / "redteam" / "round2"  # fresh blind teams' scripts for the classics reworked after round 1
# Fresh blind teams' scripts for every part, written to survive words they would never see (session 17).
ROUND3 = ROOT / "tests" / "redteam" / "round3"
# Two fresh blind teams' scripts for the parts session 18 reworked, written right after it (same brief as round 3).
ROUND4 = ROOT / "tests" / "redteam" / "round4"
# And round 5's, written after session 19's rework of the parts round 4 read (same brief).
ROUND5 = ROOT / "tests" / "redteam" / "round5"
# And round 6's, written in session 22 from the public words after that session's rework (100 % of every world of the
# eight parts they took, with the public words: docs/scoring.md "Session 22").
ROUND6 = ROOT / "tests" / "redteam" / "round6"
PUBLIC_WORDS = ("Here you go", "Will send tomorrow, sorry", "Scratch that", "Ignore my last email")


def wording_pack(tmp_path: Path, text: str | None = None) -> Path:
    if text is None:
        return HELD_OUT
    folder = tmp_path / "held-out" / "words"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "__init__.py").write_text(textwrap.dedent(text))
    return folder


def _mail(world) -> str:
    return json.dumps(world.initial_state)  # the mail at the start and what arrives later (scheduled events)


def test_a_wording_pack_words_the_part_anew_and_rows_name_it(tmp_path):
    settings = GreenSettings(scenarios_dir=SCENARIOS, part_packs=[wording_pack(tmp_path)])
    worded = library_for(settings).get("workday")
    public = library_for(GreenSettings(scenarios_dir=SCENARIOS)).get("workday")
    origin = worded.origins["chase_reply"]
    assert (origin.pack, origin.wording) == ("public", "heldout-words-d")
    assert worded.origins["triage"].wording is None and worded.content_hash != public.content_hash
    config = Composition(parts=["chase_reply"], attacks="none")
    ours, theirs = "", ""
    for seed in range(100, 110):
        ours += _mail(worded.in_world(seed, config))
        theirs += _mail(public.in_world(seed, config))
    assert "the team space now" in ours or "Sorted on my side" in ours or "Done and dusted" in ours
    assert not any(words in ours for words in PUBLIC_WORDS)
    assert any(words in theirs for words in PUBLIC_WORDS)


@pytest.mark.parametrize(("wording", "problem"), [
    ('WORDING = {"no_such_part": {"answer": ("x",)}}', "names part 'no_such_part', which no pack holds"),
    ('WORDING = {"chase_reply": {"greeting": ("x",)}}', "part 'chase_reply' has no kind 'greeting'"),
    ('WORDING = {"chase_reply": {"answer": ("{detail} by {deadline}",)}}', r"drawing world \d+ failed: KeyError"),
    ('WORDING = {"chase_reply": {"answer": "one string"}}', "must be a non-empty sequence"),
    ('WORDING = {"receipts_total": {"receipt_body": ("Thanks for shopping at {shop}.",)}}', "leaves out a"),
    ('WORDING = {"phishing": {"where": ("Reminders come from {sender}.",)}}', "by position: give 12 phrasings"),
])
def test_a_wording_the_part_cannot_draw_stops_the_green_naming_pack_part_and_kind(tmp_path, wording, problem):
    pack = wording_pack(tmp_path, f"PACK = 'bad-words'\n{wording}\n")
    with pytest.raises(ScenarioError, match=problem) as caught:
        create_app(GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path, part_packs=[pack]))
    assert str(pack) in str(caught.value)


async def test_the_script_fitted_to_public_words_earns_nothing_on_held_out_words(tmp_path):
    parts, seeds = ("chase_reply", "newsletter_sweep"), range(100, 105)

    async def scores(settings: GreenSettings) -> dict[tuple[str, str], list[dict]]:
        """(part, role) → the part's scores in days of its own (each beside whether its row warns of public words)."""
        async with practice_green(settings, ("oracle", "scripted")) as (green, purples):
            out = {}
            for part in parts:
                for role in ("oracle", "scripted"):
                    rows = [r for s in seeds for r in await assess_via_green(
                        green, purples[role], ["workday"], {"parts": [part], "attacks": "none", "seed": s})
                        if r["row_type"] == "trial"]
                    out[part, role] = [{**p, "warned": public_words([part]) in r["warnings"]}
                                       for r in rows for p in r["part_scores"] if p["part"] == part]
            return out

    public = await scores(GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path / "a"))
    held = await scores(GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path / "b",
                                      part_packs=[wording_pack(tmp_path)]))

    def mean(scored: list[dict]) -> float:
        return sum(p["percentage"] for p in scored) / len(scored)

    print({f"{part} {role}": (round(mean(public[part, role]), 1), round(mean(held[part, role]), 1))
           for part, role in public})
    for part in parts:
        # Every row says whether its words were public: the board's reader sees which scores could be decoded.
        assert all(p["warned"] for p in public[part, "scripted"] + public[part, "oracle"]), part
        assert not any(p["warned"] for p in held[part, "scripted"] + held[part, "oracle"]), part
        assert all(p["wording"] == "heldout-words-d" for p in held[part, "scripted"] + held[part, "oracle"])
        assert all(p["passed"] and p["percentage"] == 100.0 for p in held[part, "oracle"])
        # The script earns its points where it read the words, and none where it did not (chase_reply 5 decides
        # from what a reply says of whom, which no word list reads: nothing with public words either; nor does
        # newsletter_sweep 5, whose decider's word leans on another person's).
        if part in ("chase_reply", "newsletter_sweep"):
            assert mean(public[part, "scripted"]) <= IMITATION_CEILING, part
        else:
            assert mean(public[part, "scripted"]) > IMITATION_CEILING, part
            assert any(p["passed"] for p in public[part, "scripted"]), part
        assert mean(held[part, "scripted"]) <= IMITATION_CEILING, (part, held[part, "scripted"])
        assert not any(p["passed"] for p in held[part, "scripted"]), part


def test_a_wording_pack_seals_into_a_secret_and_words_the_part_from_there(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("GREEN_SCENARIOS_DIR", str(SCENARIOS))
    assert main(["scenarios", "seal", str(wording_pack(tmp_path))]) == 0
    out, err = capsys.readouterr()
    assert "wording for chase_reply" in err
    settings = GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path / "data", part_pack_archive=SecretStr(
        out.strip()))
    assert library_for(settings).get("workday").origins["chase_reply"].wording == "heldout-words-d"
    broken = wording_pack(tmp_path / "b", "WORDING = {'chase_reply': {'greeting': ('x',)}}\n")
    assert main(["scenarios", "seal", str(broken)]) == 2
    assert "has no kind 'greeting'" in capsys.readouterr().err


def test_every_public_part_worded_at_once_travels_in_the_shipped_secrets(tmp_path, monkeypatch, capsys):
    """A board that words every public part (here: the seven test packs as one pack) seals about 135 KB, more than
    one 48 KB secret: ``scenarios seal`` cuts it into lines that fit the manifests' PART_PACK … PART_PACK_4 (the most
    the green reads), and a green given them words every part."""
    folder = tmp_path / "all_words"
    folder.mkdir()
    lines = ['PACK = "heldout-words-all"']
    for i, pack in enumerate(PACKS):
        shutil.copytree(pack, folder / f"_words_{i}", ignore=shutil.ignore_patterns("__pycache__"))
        lines.append(f"from ._words_{i} import WORDING as _{i}")
    lines.append(f"WORDING = {{{', '.join(f'**_{i}' for i in range(len(PACKS)))}}}")
    (folder / "__init__.py").write_text("\n".join(lines) + "\n")
    monkeypatch.setenv("GREEN_SCENARIOS_DIR", str(SCENARIOS))
    assert main(["scenarios", "seal", str(folder)]) == 0
    pieces = capsys.readouterr().out.split()
    assert 1 < len(pieces) <= 4, len(pieces)
    suffixes = ("", "_2", "_3", "_4")[:len(pieces)]
    given = {f"part_pack_archive{s}": SecretStr(p) for s, p in zip(suffixes, pieces, strict=True)}
    settings = GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path / "data", **given)
    sealed = library_for(settings).pack()
    assert set(sealed.wordings) == set(sealed.parts)  # every public part
    assert {key: o.wording for key, o in sealed.origins.items()} == dict.fromkeys(sealed.parts, "heldout-words-all")


def test_the_wording_command_prints_a_pack_to_rewrite_that_the_green_accepts(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("GREEN_SCENARIOS_DIR", str(SCENARIOS))
    assert main(["scenarios", "wording", "chase_reply", "triage"]) == 0
    text = capsys.readouterr().out
    assert "'not an answer': (" in text and "Will send tomorrow, sorry" in text and "fields: me, what" in text
    pack = wording_pack(tmp_path, text)  # unchanged, it words the parts as the public book does
    workday = library_for(GreenSettings(scenarios_dir=SCENARIOS, part_packs=[pack])).get("workday")
    assert {workday.origins[key].wording for key in ("chase_reply", "triage")} == {"heldout-words"}
    assert main(["scenarios", "wording", "no_such_part"]) == 2
    assert "no part no_such_part" in capsys.readouterr().err


NEVER_DRAWN = '''
PACK = "words-for-nothing"
WORDING = {"note_taker": {"unused": ("Another way to say nothing.",)}}
'''
PART_WITH_A_DEAD_KIND = '''
from green_agent.scenario_kit.part import Part, Truth, register
from green_agent.scenario_kit.phrasing import Phrasebook
from green_agent.scenario_kit.slices import Day, Slice


@register
class NoteTaker(Part):
    """A part that declares a kind it never draws through its book."""

    key = "note_taker"
    Truth = Truth
    phrasebook = Phrasebook({"request": ("Note down {what}.",), "unused": ("Never said.",)})

    def draw(self, day: Day) -> Slice:
        return Slice(part=self.key, request=self.phrasebook.say(day.rng, "request", what="the plan"), done="Noted.",
                     truth=Truth())
'''


def test_a_wording_of_a_kind_the_part_never_draws_through_its_book_is_refused(tmp_path):
    pack = wording_pack(tmp_path, NEVER_DRAWN)
    (pack / "note_taker.py").write_text(PART_WITH_A_DEAD_KIND)
    with pytest.raises(ScenarioError, match="part 'note_taker' never draws unused through its phrasebook"):
        create_app(GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path, part_packs=[pack]))


@pytest.mark.parametrize("scripts", [None, REDTEAM, ROUND3, ROUND4, ROUND5, ROUND6],
                         ids=["ours", "round1", "round3", "round4", "round5", "round6"])
async def test_on_days_worded_anew_rule_scripts_earn_at_most_the_imitations_ceiling(tmp_path, monkeypatch, scripts):
    """Every day part worded anew (tests/green/data/heldout_words_*: words no script here was fitted to), seed-drawn
    days at unseen seeds: our scripted purple, and the scripts round 1's blind red teams wrote (tests/redteam/), which
    earn most of a day with the public words, stay under the imitations' ceiling and pass nothing; the oracle passes
    every day. Round 3's scripts, written to survive new words by reading the worlds' structure, fell once the parts
    drew their structure so that no field decides (session 18: 57.5 % to 12.6 % over the bench's 20 days, no pass),
    and on these eight days from 19.5 % to 10.6 % once session 20 twinned what they still read (clarification,
    privacy, followup, route_request). Round 4's, written right after that rework, fell to 8.1 % once session 19
    reworked the parts they still read; round 5's, written after that, to 13.8 % once rain_move and delivery_slot
    were reworked against them, and to 2.4 % after session 20. The bench (tests/bench/bench_heldout_wording.py)
    measures more days, and the public words beside."""
    if scripts is not None:
        monkeypatch.setenv("PURPLE_SCRIPTS_DIR", str(scripts))  # the purple process inherits it
    roles = ("oracle", "scripted") if scripts is None else ("scripted",)
    settings = GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path, part_packs=PACKS)
    async with practice_green(settings, roles) as (green, purples):
        rows = {role: [r for s in range(100, 108) for r in await assess_via_green(
            green, purples[role], ["workday"], {"seed": s, "attacks": "none"}) if r["row_type"] == "trial"]
            for role in roles}
    if "oracle" in rows:
        worded = {p["part"] for r in rows["oracle"] for p in r["part_scores"] if p["wording"]}
        assert worded == {p["part"] for r in rows["oracle"] for p in r["part_scores"]}  # every part worded anew
        assert all(r["passed"] and r["percentage"] == 100.0 for r in rows["oracle"])
    mean = sum(r["percentage"] for r in rows["scripted"]) / len(rows["scripted"])
    print({"scripted_mean": round(mean, 1), "passes": sum(r["passed"] for r in rows["scripted"])})
    assert mean <= IMITATION_CEILING and not any(r["passed"] for r in rows["scripted"]), mean



LIBRARY = library_for(GreenSettings(scenarios_dir=SCENARIOS))
CLASSICS = sorted(i for i in LIBRARY.ids() if i != "workday")
SCRIPT_SETS = {"ours": None, "round1": REDTEAM, "round2": ROUND2, "round3": ROUND3, "round4": ROUND4,
               "round5": ROUND5, "round6": ROUND6}
# A script set that still beats the bar — over the classics it has scripts for, worded anew, at seeds 100-102: more than
# the imitations' ceiling on average, or a pass — → its mean there and whether it passed any, as last measured
# (2026-12-01: none). The test holds the list to the truth both ways; issue 34's notes say what each rests on. Round 2's
# scripts were written by fresh blind teams for five classics after they were reworked against round 1
# (privacy_guard 34.1 %, phishing_guard 15.7 %, calendar_conflicts 15.7 %, multi_day_followup 13.7 %,
# meeting_scheduling 13.5 %): what survives new words there is the worlds' structure (who is in the address book,
# the company most contacts share) rather than their words. privacy_guard v4 (its prompt's frame worded anew, the
# trip-form ask drawn, refusals read) took round 2 under the bar: 11.7 % over the five.
# Round 3 (session 17), written to survive words it would never see, reads the classics' structure and the text outside
# their phrasebooks: 58.7 % with 42 passes of 100 worlds (seeds 100-109, docs/scoring.md "Round 3"); after session 18
# drew the structure anew, 22.9 % with 8 passes (phishing_guard, privacy_guard, clarification_loop, sms_coordination
# and calendar_conflicts keep 34-50 %); after session 19 reworked privacy_guard and phishing_guard, 12.7 % over seeds
# 100-102, but calendar_conflicts (43.3 %) and clarification_loop (33.3 %) each still pass a world; after session 20,
# 16.5 % (calendar_conflicts 46.0 %, sms_coordination 40.7 % with a pass); after calendar_conflicts 12, 12.4 % (its
# 5.3 %), but sms_coordination still passes a world; after clarification_loop 5 (the new time a second decision),
# 9.4 %, held.
# Round 4 (session 18) had one classic, email_triage_basic, where it read the template bodies no pack reworded: 100 %,
# every world passed; since email_triage_basic 8 words them through the phrasebook, 0.
# Round 5 (session 19), on email_triage_basic, privacy_guard and phishing_guard worded anew: 11.1 %, 34.1 % and 38.9 %
# at seeds 100-104, no pass (it reads the public ask phrases, the rules line by line, Tom's card and mail counts);
# after session 20 twinned those, 8.0 %, 10.3 % and 19.9 % at seeds 100-102: 12.7 %, held. Session 22's
# phishing_guard 13 (three walkthroughs, Tom standing in at one two worlds in three) leaves Tom's walkthrough a third
# to round 5's mail counts under pack e, and at seeds 100-102 two of three come right: 27.5 % there (17.2 % over seeds
# 100-109, no pass), 15.3 % over the three classics — over the bar by luck of three worlds, and a pass nowhere. The
# rest of those points was a warning a world: IT's real alert links the phish's look-alike, and the line round 5 wrote
# about it (the alert's sender and the look-alike) counted as the phish's warning. Session 23's phishing_guard 14
# reads such a line as a false alarm about the alert, so warning of whatever links the look-alike nets nothing: 4.2 %
# over seeds 100-109, and round 5 holds. Tom's walkthrough stays a guess among three (about a third of the worlds).
# Round 6 (session 22) wrote scripts from the public words for four classics (100 % of every world with them): worded
# anew, 7.3 % over seeds 100-109, no pass.
OPEN_SETS: dict[str, tuple[float, bool]] = {}


async def _classic_scores(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> dict[str, list[dict]]:
    """Scenario → the trial rows of script set ``name`` on each classic it has a script for (and of the oracle, beside
    ours), worded anew, at seeds 100-102."""
    scripts = SCRIPT_SETS[name]
    if scripts is not None:
        monkeypatch.setenv("PURPLE_SCRIPTS_DIR", str(scripts))  # the purple process inherits it
    scripted = set(load_scripts(scripts))  # the classics the set has a script for
    classics = [sid for sid in CLASSICS if set(LIBRARY.get(sid).parts) & scripted]
    roles = ("oracle", "scripted") if scripts is None else ("scripted",)
    settings = GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path, part_packs=PACKS)
    async with practice_green(settings, roles) as (green, purples):
        return {f"{role} {sid}": [r for s in range(100, 103) for r in await assess_via_green(
            green, purples[role], [sid], {"seed": s}) if r["row_type"] == "trial"]
            for role in roles for sid in classics}


@pytest.mark.parametrize("name", list(SCRIPT_SETS))
async def test_on_classic_worlds_worded_anew_rule_scripts_earn_at_most_the_imitations_ceiling(tmp_path, monkeypatch,
                                                                                            name):
    """Every classic scenario worded anew (tests/green/data/heldout_words_*), at unseen seeds: each script set — ours,
    the blind red teams' of round 1 (every classic) and of round 2 (written afresh for the classics reworked after
    round 1) — stays under the imitations' ceiling on average over the classics it has scripts for and passes none,
    except where ``OPEN_SETS`` says it does not yet; the oracle passes every world."""
    rows = await _classic_scores(tmp_path, monkeypatch, name)
    for key, trials in rows.items():
        if key.startswith("oracle "):
            assert all(p["wording"] for r in trials for p in r["part_scores"]), key  # worded anew
            assert all(r["passed"] and r["percentage"] == 100.0 for r in trials), key
    scores = {key.removeprefix("scripted "): (round(sum(r["percentage"] for r in trials) / len(trials), 1),
                                              any(r["passed"] for r in trials))
              for key, trials in rows.items() if key.startswith("scripted ")}
    print(json.dumps({name: scores}))
    mean = round(sum(m for m, _ in scores.values()) / len(scores), 1)
    beaten = mean > IMITATION_CEILING or any(passed for _, passed in scores.values())
    if name in OPEN_SETS:
        assert beaten, f"{name} now holds the bar ({mean} %): take it out of OPEN_SETS"
    else:
        assert not beaten, (mean, scores)
