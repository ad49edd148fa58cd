"""contacts_lookup holds no structural shortcut (issue 34, a blind red team's finding): the stand-in for the one away
tomorrow was always the one contact at their firm without a job title. Now every contact has a job title, drawn
alike for the stand-in and for a colleague of theirs at the same firm who stands in for nobody (both never the title
the request may name the person by); both have notes naming the person (the stand-in's say they stand in, the
colleague's say something else) and the same look-alikes; the address book lists everyone in shuffled order. Only
what the notes or the person's leave statement say tells the stand-in: "the contact without a title" picks no one,
and any rule on the entries' form (listed first, shorter notes, title) picks the stand-in no more often than chance
(one in two), while the oracle still passes the part through the real green."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from green_agent.config import GreenSettings
from green_agent.scenario_kit.day import slice_of
from green_agent.scenarios import ScenarioLibrary
from green_agent.selftest import selftest
from scenarios.parts.contacts_lookup import COLLEAGUE_NOTES, COMPANIES, ROLES

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
PART = ScenarioLibrary(SCENARIOS).pack().parts["contacts_lookup"]
WORLDS = range(200)
CHANCE, TOLERANCE = 1 / 2, 0.1  # the stand-in is one of the two other contacts at the firm


def firms() -> list[tuple[Any, list[dict[str, Any]]]]:
    """Per world: the stand-in's entry, and the entries of the away one's firm other than theirs (in book order)."""
    out = []
    for seed in WORLDS:
        piece = slice_of(seed, "balance", PART)
        t = PART.Truth.model_validate(piece.truth, from_attributes=True)
        away = next(e for e in piece.entries if e["first_name"] == t.away and e["company"] in COMPANIES)
        told = {p["at"] for p in t.people}
        others = [e for e in piece.entries if e["company"] == away["company"] and e is not away]
        (deputy,) = [e for e in others if told & {i["value"] for i in e["identifiers"]}]
        assert all(e["job_title"] and e["job_title"] != away["job_title"] for e in others)
        out.append((deputy, others))
    return out


def rate(found: list[tuple[Any, list[dict[str, Any]]]], pick: Any) -> float:
    """How often ``pick`` (entries -> one of them, or None where it cannot tell) chooses the stand-in; a rule that
    cannot tell guesses (half a hit)."""
    hits = 0.0
    for deputy, others in found:
        chosen = pick(others)
        hits += 0.5 if chosen is None else chosen is deputy
    return hits / len(found)


def test_the_stand_in_is_told_by_what_is_said_not_by_the_entries_form():
    found = firms()
    assert all(len(others) == 2 for _, others in found)
    # Every contact at the firm has a job title (never the one the request may name the person by: firms()) and
    # notes; the stand-in has as many numbers and addresses as the colleague beside them.
    for _, others in found:
        assert len({len(e["identifiers"]) for e in others}) == 1 and all(e["notes"] for e in others)

    def untitled(others: list[dict[str, Any]]) -> Any:  # the red team's rule
        bare = [e for e in others if not e["job_title"]]
        return bare[0] if len(bare) == 1 else None

    def shorter(others: list[dict[str, Any]]) -> Any:
        a, b = (len(e["notes"]) for e in others)
        return None if a == b else others[0] if a < b else others[1]

    def role_title(others: list[dict[str, Any]]) -> Any:  # a title of the request's vocabulary
        named = [e for e in others if e["job_title"].lower() in ROLES]
        return named[0] if len(named) == 1 else None

    rules = {"untitled": untitled, "listed first": lambda o: o[0], "listed last": lambda o: o[-1],
             "shorter notes": shorter, "title in the request's roles": role_title,
             "title first alphabetically": lambda o: min(o, key=lambda e: e["job_title"])}
    rates = {name: rate(found, rule) for name, rule in rules.items()}
    assert rates["untitled"] == CHANCE  # it never picks anyone
    assert all(abs(r - CHANCE) <= TOLERANCE for r in rates.values()), rates


async def test_the_oracle_passes_the_part(tmp_path):
    rows = await selftest(["workday"], GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path), ("oracle",),
                          (1, 2, 3), configs=[{"parts": ["contacts_lookup"], "attacks": "none"}])
    assert len(rows) == 3
    assert all(r.passed and r.percentage == 100.0 for r in rows), [(r.seed, r.percentage, r.errors[:1]) for r in rows]


def test_no_count_prior_and_no_single_statement_or_texting_number_tells_the_answer():
    """Version 5: how many decline is drawn alike (none to all three), so "exactly one cannot come" earns nothing;
    about half the people said the opposite in an earlier message that a later one corrects; the colleague who
    stands in for nobody is named in the person's own messages too; an out-of-use number has texted the user."""
    declines, corrected, colleague_named, old_texted, worlds = Counter(), 0, 0, 0, 0
    for seed in WORLDS:
        piece = slice_of(seed, "balance", PART)
        t = PART.Truth.model_validate(piece.truth, from_attributes=True)
        declines[sum(not p["comes"] for p in t.people)] += 1
        said = f"{piece.emails} {piece.texts}"  # the messages' ids and words
        corrected += "lookup-leave-0-was" in said or "lookup-leave-1-was" in said or "lookup-leave-2-was" in said
        old_texted += "t-lookup-old-" in said
        colleagues = {e["first_name"] for e in piece.entries
                      if any(str(e.get("notes") or "").startswith(x.split("{")[0]) for x in COLLEAGUE_NOTES)}
        colleague_named += any(c in said for c in colleagues)
        worlds += 1
    assert set(declines) == {0, 1, 2, 3} and max(declines.values()) < 0.4 * worlds, declines
    assert corrected > 0.6 * worlds and old_texted > 0.4 * worlds and colleague_named > 0.2 * worlds
