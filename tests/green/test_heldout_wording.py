"""Held-out wording (issue 34): a pack outside ``scenarios/`` words a public part anew — its ``WORDING`` gives the
phrasings of the part's message kinds — and the green draws those kinds from it. The task, its truth and its graders
stay the public ones; rows and provenance name the pack that worded it. A rule script fitted to the public words then
meets words it never read: on days holding the reworded part, the scripted purple that earns everything with the
public words earns nothing, through the real green over A2A, while the oracle still passes. A wording the part cannot
draw stops the green at start, naming the pack, the part and the kind."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from pydantic import SecretStr

from green_agent.cli import main
from green_agent.config import GreenSettings
from green_agent.protocol import Composition
from green_agent.scenario_spec import ScenarioError
from green_agent.scenarios import library_for
from green_agent.selftest import IMITATION_CEILING, assess_via_green, practice_green
from green_agent.server import create_app

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"

# chase_reply's replies in words of the leaderboard's own: answers, answers sent for a teammate, replies that are no
# answer and answers taken back, each told apart by what it says (the public phrasings' words appear in none).
WORDING = '''
PACK = "heldout-words"

WORDING = {
    "chase_reply": {
        "answer": (
            "{detail} - that covers my part. Shout if the numbers look off.\\n\\n{me}",
            "Sorted on my side. The gist: {detail}.\\n\\n{me}",
            "My {what} is in the team space now; the short version is that {detail}.\\n\\n{me}",
            "Done and dusted: {detail}.\\n\\n{me}",
            "Re your note - {detail}. Nothing else to add from me.\\n\\n{me}",
        ),
        "answer for two": (
            "This one counts for {other} and me both: {detail}.\\n\\n{me}",
            "{other} and I pooled ours into one - {detail}.\\n\\n{me}",
            "On behalf of {other} too, one file between us: {detail}.\\n\\n{me}",
            "Me and {other} in a single go: {detail}.\\n\\n{me}",
        ),
        "not an answer": (
            "Can't get to it before the weekend, apologies.\\n\\n{me}",
            "Quick question before I start on my {what}: per project or in total?\\n\\n{me}",
            "Away until Monday with patchy signal; I'll deal with it when I'm back.\\n\\n{me}",
            "Still waiting on finance for two numbers, so mine isn't ready yet.\\n\\n{me}",
            "Noted - I'll get to it.\\n\\n{me}",
        ),
        "taken back": (
            "Please don't use what I sent earlier: wrong version. A fixed one is coming.\\n\\n{me}",
            "Oops - that was the old {what}. Treat mine as still outstanding.\\n\\n{me}",
            "That file was incomplete, sorry; I'm redoing mine.\\n\\n{me}",
        ),
    },
    "newsletter_sweep": {
        "keep": ("{b}: hang on to it.", "I'd be lost without {b}.", "{b} is one I open every Monday.",
                 "Leave {b} where it is, I use it.", "For me {b} is a must-read."),
        "drop": ("{b} goes straight past me unread.", "Feel free to get rid of {b}.", "{b} - not read it in months.",
                 "Clear out {b}, it's noise.", "I skip {b} every time."),
        "only": ("{keeps}: those are the ones I read, the others can be cleared.",
                 "Out of the whole pile I'd hang on to {keeps} and nothing more.",
                 "If it's not {keeps}, clear it out."),
        "except": ("Hang on to every one of them bar {drops}.", "Clear out {drops}; the rest I read.",
                   "{drops} can be cleared, everything else I read."),
        "agree": ("{other} has it right for the most part, just not on {b}. {verdict}",
                  "Mostly what {other} wrote, one difference: {verdict}",
                  "I'd go along with {other}'s list, save for {b}. {verdict}"),
        "change": ("On reflection, a change about {b}. {verdict}", "Changed my mind on one: {verdict}",
                   "Update to what I wrote: {verdict}"),
        "same": ("The same verdict for {b}.", "{b} gets the same treatment.", "Treat {b} the same way."),
        "other_way": ("For {b} my answer is the opposite.", "{b} gets the opposite verdict.",
                      "With {b}, the reverse."),
        "pair": ("Of {a} and {b}, I'd hang on to {a} and clear {b}.", "{b} can be cleared; {a} I read.",
                 "Hold on to {a}, lose {b}."),
    },
}
'''
PUBLIC_WORDS = ("Here you go", "Will send tomorrow, sorry", "Scratch that", "Ignore my last email")


def wording_pack(tmp_path: Path, text: str = WORDING) -> Path:
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
    assert (origin.pack, origin.wording) == ("public", "heldout-words")
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
])
def test_a_wording_the_part_cannot_draw_stops_the_green_naming_pack_part_and_kind(tmp_path, wording, problem):
    pack = wording_pack(tmp_path, f"PACK = 'bad-words'\n{wording}\n")
    with pytest.raises(ScenarioError, match=problem) as caught:
        create_app(GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path, part_packs=[pack]))
    assert str(pack) in str(caught.value)


# A part that declares a kind it never draws through its phrasebook (it writes that text some other way): a wording of
# the kind would change nothing, so the green refuses it. (Every public part draws each kind it declares.)
UNDRAWN = '''
from green_agent.scenario_kit.part import Part, Truth, register
from green_agent.scenario_kit.phrasing import Phrasebook
from green_agent.scenario_kit.slices import Day, Slice

GREETINGS = ("Hello {first}.", "Hi {first}!")


class GreetingTruth(Truth):
    text: str


@register
class Greeting(Part):
    """Read a greeting."""

    key = "undrawn_greeting"
    version = 1
    Truth = GreetingTruth
    phrasebook = Phrasebook({"greeting": GREETINGS})

    def draw(self, day: Day) -> Slice:
        text = day.rng.choice(GREETINGS).format(first=day.user.first)
        return Slice(part=self.key, request=text, done="Read.", steps=[], truth=GreetingTruth(text=text))
'''


def test_a_wording_of_a_kind_the_part_never_draws_through_its_phrasebook_stops_the_green(tmp_path):
    pack = wording_pack(tmp_path, "PACK = 'bad-words'\n"
                                  "WORDING = {'undrawn_greeting': {'greeting': ('Hey {first}.',)}}\n")
    (pack / "greeting.py").write_text(textwrap.dedent(UNDRAWN))
    with pytest.raises(ScenarioError, match="never draws greeting") as caught:
        create_app(GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path, part_packs=[pack]))
    assert str(pack) in str(caught.value)


async def test_the_script_fitted_to_public_words_earns_nothing_on_held_out_words(tmp_path):
    parts, seeds = ("chase_reply", "newsletter_sweep"), range(100, 105)

    async def scores(settings: GreenSettings) -> dict[tuple[str, str], list[dict]]:
        """(part, role) → the part's scores in days of its own."""
        async with practice_green(settings, ("oracle", "scripted")) as (green, purples):
            out = {}
            for part in parts:
                for role in ("oracle", "scripted"):
                    rows = [r for s in seeds for r in await assess_via_green(
                        green, purples[role], ["workday"], {"parts": [part], "attacks": "none", "seed": s})
                        if r["row_type"] == "trial"]
                    out[part, role] = [p for r in rows for p in r["part_scores"] if p["part"] == part]
            return out

    public = await scores(GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path / "a"))
    held = await scores(GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path / "b",
                                      part_packs=[wording_pack(tmp_path)]))

    def mean(scored: list[dict]) -> float:
        return sum(p["percentage"] for p in scored) / len(scored)

    print({f"{part} {role}": (round(mean(public[part, role]), 1), round(mean(held[part, role]), 1))
           for part, role in public})
    for part in parts:
        assert all(p["wording"] == "heldout-words" for p in held[part, "scripted"] + held[part, "oracle"])
        assert all(p["passed"] and p["percentage"] == 100.0 for p in held[part, "oracle"])
        # The script earns its points where it read the words, and none where it did not.
        assert mean(public[part, "scripted"]) > 50 and any(p["passed"] for p in public[part, "scripted"]), part
        assert mean(held[part, "scripted"]) <= IMITATION_CEILING, (part, held[part, "scripted"])
        assert not any(p["passed"] for p in held[part, "scripted"]), part


def test_a_wording_pack_seals_into_a_secret_and_words_the_part_from_there(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("GREEN_SCENARIOS_DIR", str(SCENARIOS))
    assert main(["scenarios", "seal", str(wording_pack(tmp_path))]) == 0
    out, err = capsys.readouterr()
    assert "wording for chase_reply" in err
    settings = GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path / "data", part_pack_archive=SecretStr(
        out.strip()))
    assert library_for(settings).get("workday").origins["chase_reply"].wording == "heldout-words"
    broken = wording_pack(tmp_path / "b", "WORDING = {'chase_reply': {'greeting': ('x',)}}\n")
    assert main(["scenarios", "seal", str(broken)]) == 2
    assert "has no kind 'greeting'" in capsys.readouterr().err
