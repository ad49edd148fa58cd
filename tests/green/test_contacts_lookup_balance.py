"""contacts_lookup holds no structural shortcut (issue 34, a blind red team's finding): the stand-in for the one away
tomorrow was always the one contact at their firm without a job title. Now every contact has a job title, drawn
alike for the stand-in and for three colleagues of theirs at the same firm who stand in for nobody (never the title
the request may name the person by); all four have notes naming a plain relation to the person (version 6: no cover
words; the person's own note names the stand-in only by that relation) and the same look-alikes; the address book
lists everyone in shuffled order. "The contact without a title" picks no one, and any rule on the entries' form
(listed first, shorter notes, title) or a cue list over the notes picks the stand-in no more often than chance (one in
four), while the oracle still passes the part through the real green."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from green_agent.config import GreenSettings
from green_agent.scenario_kit.day import slice_of
from green_agent.scenarios import ScenarioLibrary
from green_agent.selftest import selftest
from scenarios.parts.contacts_lookup import COMPANIES, COVER_NOTE, COVER_REFS, ROLES

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
PART = ScenarioLibrary(SCENARIOS).pack().parts["contacts_lookup"]
WORLDS = range(200)
CHANCE, TOLERANCE = 1 / 4, 0.1  # the stand-in is one of the four other contacts at the firm


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
        hits += CHANCE if chosen is None else chosen is deputy
    return hits / len(found)


def test_the_stand_in_is_told_by_what_is_said_not_by_the_entries_form():
    found = firms()
    assert all(len(others) == 4 for _, others in found)
    # Every contact at the firm has a job title (never the one the request may name the person by: firms()) and
    # notes; the stand-in has as many numbers and addresses as the colleague beside them.
    for _, others in found:
        assert len({len(e["identifiers"]) for e in others}) == 1 and all(e["notes"] for e in others)

    def untitled(others: list[dict[str, Any]]) -> Any:  # the red team's rule
        bare = [e for e in others if not e["job_title"]]
        return bare[0] if len(bare) == 1 else None

    def shorter(others: list[dict[str, Any]]) -> Any:
        least = min(len(e["notes"]) for e in others)
        short = [e for e in others if len(e["notes"]) == least]
        return short[0] if len(short) == 1 else None

    def cover_words(others: list[dict[str, Any]]) -> Any:  # version 5's red-team cue list on the notes
        cue = ("cover", "stand", "deputy", "leave", "away", "instead", "site")
        return max(others, key=lambda e: sum(w in e["notes"].lower() for w in cue))

    def role_title(others: list[dict[str, Any]]) -> Any:  # a title of the request's vocabulary
        named = [e for e in others if e["job_title"].lower() in ROLES]
        return named[0] if len(named) == 1 else None

    rules = {"untitled": untitled, "listed first": lambda o: o[0], "listed last": lambda o: o[-1],
             "shorter notes": shorter, "title in the request's roles": role_title,
             "title first alphabetically": lambda o: min(o, key=lambda e: e["job_title"]),
             "most cover words in the notes": cover_words}
    rates = {name: rate(found, rule) for name, rule in rules.items()}
    assert rates["untitled"] == CHANCE  # it never picks anyone
    assert all(abs(r - CHANCE) <= TOLERANCE for r in rates.values()), rates


async def test_the_oracle_passes_the_part(tmp_path):
    rows = await selftest(["workday"], GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path), ("oracle",),
                          (1, 2, 3), configs=[{"parts": ["contacts_lookup"], "attacks": "none"}])
    assert len(rows) == 3
    assert all(r.passed and r.percentage == 100.0 for r in rows), [(r.seed, r.percentage, r.errors[:1]) for r in rows]


def test_no_count_prior_and_no_single_statement_or_texting_number_tells_the_answer():
    """Version 6: how many decline is drawn alike (none to all three), so "exactly one cannot come" earns nothing;
    about half the people said the opposite in an earlier message that a later one corrects; the person's own
    messages name nobody of their firm; the person's note names the stand-in only by a relation, beside a colleague's
    relation, each named first about half the time; an out-of-use number has texted the user."""
    declines, corrected, firm_named, old_texted, stand_in_first, worlds = Counter(), 0, 0, 0, 0, 0
    for seed in WORLDS:
        piece = slice_of(seed, "balance", PART)
        t = PART.Truth.model_validate(piece.truth, from_attributes=True)
        declines[sum(not p["comes"] for p in t.people)] += 1
        said = f"{piece.emails} {piece.texts}"  # the messages' ids and words
        corrected += "lookup-leave-0-was" in said or "lookup-leave-1-was" in said or "lookup-leave-2-was" in said
        old_texted += "t-lookup-old-" in said
        away = next(e for e in piece.entries if e["first_name"] == t.away and e["company"] in COMPANIES)
        others = {e["first_name"] for e in piece.entries if e["company"] == away["company"] and e is not away}
        leave = " ".join(str(m) for m in [*piece.emails, *piece.texts] if "lookup-leave" in str(m))
        firm_named += any(f" {c}" in leave for c in others)
        told = {p["at"] for p in t.people}
        (deputy,) = [e for e in piece.entries if e["company"] == away["company"] and e is not away
                     and told & {i["value"] for i in e["identifiers"]}]
        # the person's note names the stand-in by their relation (the one the stand-in's own notes hold)
        stand_in_first += any(x in str(away["notes"]) for x in _relation_phrases(deputy, t.away))
        worlds += 1
    assert set(declines) == {0, 1, 2, 3} and max(declines.values()) < 0.4 * worlds, declines
    assert corrected > 0.6 * worlds and old_texted > 0.4 * worlds and firm_named < 0.05 * worlds
    assert stand_in_first == worlds
    # the stand-in's relation is named before the colleague's in half the person's notes, after it in the others
    assert 2 * sum(x.index("{ref}") < x.lower().index("{other}") for x in COVER_NOTE) == len(COVER_NOTE)


def _relation_phrases(entry: dict[str, Any], first: str) -> list[str]:
    """The COVER_REFS phrase for the relation a firm contact's notes hold (FIRM_NOTES and COVER_REFS pair by
    position)."""
    from scenarios.parts.contacts_lookup import FIRM_NOTES

    return [COVER_REFS[n].format(first=first) for n, x in enumerate(FIRM_NOTES)
            if str(entry["notes"]).startswith(x.format(first=first, company=entry["company"]))]
