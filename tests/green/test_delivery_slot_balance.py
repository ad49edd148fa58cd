"""delivery_slot holds no structural shortcut (issue 34, a blind red team's finding): what the user does at home came
from a closed list of five titles, so "the window whose appointment has an at-home title" was the free one without
reading where anything happens; every window was two hours long and started at 7, 12, 18 or 20, so its start was its
end less two hours; and a bare "Option N" was credited even where the courier listed times without numbers. Now the
same titles happen at home and away (only the place written down tells), so a rule fitted to titles earns what chance
gives among the windows holding something; windows start on the hour or half past at a dozen times and last 90
minutes to three hours; and a bare number names an option only where the courier's text numbered them (half the
worlds), the window's time always does. The oracle still passes the part through the real green."""

from __future__ import annotations

import random
import re
from collections import Counter, defaultdict
from datetime import datetime, timedelta
from pathlib import Path

from green_agent.config import GreenSettings
from green_agent.scenario_kit.day import slice_of
from green_agent.scenario_kit.facts import clock12
from green_agent.scenarios import ScenarioLibrary
from green_agent.selftest import selftest
from tests.green.test_workday_new_parts import context, grade, sms, world

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
PART = ScenarioLibrary(SCENARIOS).pack().parts["delivery_slot"]
WORLDS, FIT = range(200), range(200, 400)
TOLERANCE = 0.08


def drawn(seeds: range) -> list[tuple]:
    """Per world: its truth and, per window, the live (not cancelled) calendar events starting in it."""
    out = []
    for seed in seeds:
        piece = slice_of(seed, "balance", PART)
        t = PART.Truth.model_validate(piece.truth, from_attributes=True)
        spans = [(datetime.fromisoformat(a), datetime.fromisoformat(b)) for a, b in zip(t.starts, t.ends, strict=True)]
        inside = [[e for e in piece.calendar if e["status"] != "cancelled"
                   and a <= datetime.fromisoformat(e["start"]) < b] for a, b in spans]
        out.append((t, inside))
    return out


def title(event: dict) -> str:
    """An event's title without the friend it names ("Coffee with Ana" → "Coffee")."""
    return event["title"].split(" with ")[0]


def test_a_rule_fitted_to_titles_earns_chance_among_the_windows_holding_something():
    # How often each title is at home, fitted on other worlds (the free window's events are at home).
    home: dict[str, Counter] = defaultdict(Counter)
    for t, inside in drawn(FIT):
        for n, events in enumerate(inside):
            for e in events:
                home[title(e)][n + 1 == t.option] += 1
    share = {k: c[True] / (c[True] + c[False]) for k, c in home.items()}
    rate = chance = 0.0
    found = drawn(WORLDS)
    for t, inside in found:
        # A window with nothing in it is the one the courier took back; of the others, the most at-home titles.
        held = [n for n, events in enumerate(inside) if events]
        score = {n: min(share.get(title(e), 0.5) for e in inside[n]) for n in held}
        best = [n for n in held if score[n] == max(score.values())]
        rate += (t.option - 1 in best) / len(best)
        chance += 1 / len(held)
    rate, chance = rate / len(found), chance / len(found)
    assert abs(rate - chance) <= TOLERANCE, (rate, chance)
    # Every title that happens at home happens away too.
    assert all(0 < c[True] < c[True] + c[False] for c in home.values()), home


def test_windows_start_and_last_variously():
    starts, lengths, two_hours = Counter(), Counter(), 0
    found = drawn(WORLDS)
    for t, _ in found:
        for a, b in zip(t.starts, t.ends, strict=True):
            a, b = datetime.fromisoformat(a), datetime.fromisoformat(b)
            starts[f"{a:%H:%M}"] += 1
            lengths[b - a] += 1
            two_hours += b - a == timedelta(hours=2)
            # No window ends where another starts: an end never names another option.
            assert all(f"{b:%H:%M}" != x[11:16] for x in t.starts)
    total = sum(lengths.values())
    assert len(starts) >= 10 and max(starts.values()) <= total / 4, starts
    assert len(lengths) >= 3 and two_hours <= 0.6 * total, lengths
    # Where the courier numbered the windows is drawn evenly.
    numbered = sum(t.numbered for t, _ in found) / len(found)
    assert abs(numbered - 0.5) <= TOLERANCE


async def test_a_bare_number_books_only_where_the_courier_numbered_the_windows():
    rng, seen = random.Random(3), Counter()
    for seed in range(1, 30):
        day = world(seed, "delivery_slot")
        t = day.truth["parts"]["delivery_slot"]
        bare = await grade(day, "delivery_booked", context(day, sms(day, t["courier"], f"Option {t['option']} please")))
        assert bare == (1.0 if t["numbered"] else 0.0)
        seen[t["numbered"]] += 1
        # The window's time books it either way, however the reply puts it.
        start = datetime.fromisoformat(t["starts"][t["option"] - 1])
        end = datetime.fromisoformat(t["ends"][t["option"] - 1])
        said = rng.choice((f"The {clock12(start)} slot please.", f"{clock12(start)}-{clock12(end)} works for me.",
                           f"Please come between {start:%H:%M} and {end:%H:%M}."))
        assert await grade(day, "delivery_booked", context(day, sms(day, t["courier"], said))) == 1.0, said
    assert seen[True] and seen[False]


async def test_the_oracle_passes_the_part(tmp_path):
    rows = await selftest(["workday"], GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path), ("oracle",),
                          (1, 2, 3), configs=[{"parts": ["delivery_slot"], "attacks": "none"}])
    assert len(rows) == 3
    assert all(r.passed and r.percentage == 100.0 for r in rows), [(r.seed, r.percentage, r.errors[:1]) for r in rows]


def test_home_and_away_are_addresses_in_the_same_forms_and_only_the_building_tells_them_apart():
    """delivery_slot 5: a cue word over a place decides nothing — home and away are both addresses, each written
    in the same forms (a flat number beside it or not) as often; only the building's address, which the manager's
    notice names, tells which is home, and near misses share its street or its number."""
    forms: dict[bool, Counter] = {True: Counter(), False: Counter()}
    near = 0
    for seed in WORLDS:
        piece = slice_of(seed, "balance", PART)
        notice = next(m for m in piece.emails if m["message_id"] == "m-delivery-code")
        for e in piece.calendar:
            if not e.get("location"):
                continue
            at_home = e["event_id"] == "ev-delivery-home"
            address = re.search(r"\d+ [A-Z][a-z]+ [A-Z][a-z]+", e["location"])
            assert address is not None, e["location"]
            assert (address[0] in notice["body_text"]) == at_home, (e["location"], notice["body_text"])
            near += not at_home and address[0].split(" ", 1)[0] in notice["body_text"]
            form = re.sub(r"\d+ [A-Z][a-z]+ [A-Z][a-z]+", "A", re.sub(r"\b\d+\b(?! [A-Z])", "N", e["location"]))
            forms[at_home][form] += 1
    assert set(forms[True]) == set(forms[False]), forms
    for form in forms[True]:
        home, away = (forms[k][form] / sum(forms[k].values()) for k in (True, False))
        assert abs(home - away) <= TOLERANCE, (form, forms)
    assert near >= 20  # the same number in another street, in many worlds
