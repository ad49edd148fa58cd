"""scheduling holds no structural shortcut (issue 34, blind red teams' findings). v3's colleague wrote the hour they
took back ("my 14:00 was just cancelled"): a script read every reply's hours with busy/free word lists and booked
the hour nobody held, passing every world with the public words. Since v4 no first answer leaves the free hour open;
a note frees it by naming the meeting (its title or its place on the writer's list, or moving it to an hour that is
busy now), never by writing it, and a second note frees an hour someone else still holds. So the hours the notes
write are never the answer, reading the first answers alone finds no free hour or a wrong one, and booking a freed
hour without checking the others is right half the time — while the oracle passes the part through the real green."""

from __future__ import annotations

import random
import re
from collections import Counter
from datetime import datetime
from pathlib import Path

from green_agent.config import GreenSettings
from green_agent.scenario_kit.day import slice_of
from green_agent.scenarios import ScenarioLibrary
from green_agent.selftest import selftest
from scenarios.parts import scheduling as part

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
PART = ScenarioLibrary(SCENARIOS).pack().parts["scheduling"]
WORLDS = range(200)
HOURS = range(9, 17)
SPOKEN = {"nine": 9, "ten": 10, "eleven": 11, "noon": 12, "one": 13, "two": 14, "three": 15, "four": 16}
# An hour a note writes as a start (the end of a span written after a dash is the next hour, not one given).
CLOCK = re.compile(r"(?<![-–\d])\b(\d{1,2})(?::00|h\b|\s*(am|pm))"
                   r"|\b(nine|ten|eleven|one|two|three|four) o'clock|\b(noon)\b", re.I)


def _plans(draws: int = 2000) -> list[tuple[int, dict[int, set[int]], part._Plan]]:
    """Plans drawn as the part draws them: the free hour, who blocks each other hour (0 the user), what is said."""
    rng, out = random.Random(34), []
    for _ in range(draws):
        count, valid = rng.choice((2, 3)), rng.choice(HOURS[1:-1])
        while True:
            first = {h: rng.randrange(count + 1) for h in HOURS if h != valid}
            if set(first.values()) == set(range(count + 1)) and \
                    any(first[h] for h in HOURS if h < valid) and any(first[h] for h in HOURS if h > valid):
                break
        others = {who: [n for n in range(1, count + 1) if n != who] for who in range(count + 1)}
        blocker = {h: {who} if rng.random() >= 1 / 3 else {who, rng.choice(others[who])} for h, who in first.items()}
        out.append((valid, blocker, part._plan(rng, count, blocker, valid)))
    return out


def _held(blocker: dict[int, set[int]], plan: part._Plan) -> dict[int, int]:
    """How many parties each hour is held by in the first answers and the user's calendar (notes unread)."""
    return {h: sum(h in said for said in plan.stated.values()) + (0 in blocker.get(h, set())) for h in HOURS}


def test_only_the_notes_read_in_their_writers_lists_leave_the_free_hour():
    for valid, blocker, plan in _plans():
        held = _held(blocker, plan)
        assert held[valid] in (1, 2)  # a first answer or two hold it: no one reads it as free before the notes
        freed = Counter(f["freed"] for notes in plan.notes.values() for kind, f in notes if kind != "addition")
        assert set(freed) == {valid, plan.look_alike} and freed[plan.look_alike] == 1
        written = {f["hour"] for notes in plan.notes.values() for kind, f in notes if kind in ("moved", "correction",
                                                                                                 "addition")}
        assert valid not in written  # the free hour is never a number in a note
        # Read rightly (freed hours given back by their writer, moved-to and added hours taken), one hour is left.
        after = {h: held[h] - freed[h] + plan.moved_to.count(h) + (h == plan.added) for h in HOURS}
        assert [h for h in HOURS if after[h] == 0] == [valid]


def test_readings_without_the_notes_composed_earn_at_most_chance():
    found = _plans()
    rates = {"every first answer leaves it": 0, "earliest least held": 0, "earliest freed": 0, "latest freed": 0,
             "earliest held once": 0, "latest held once": 0, "held twice": 0.0}
    for valid, blocker, plan in found:
        held = _held(blocker, plan)
        rates["every first answer leaves it"] += [h for h in HOURS if held[h] == 0][:1] == [valid]
        rates["earliest least held"] += min(HOURS, key=lambda h: (held[h], h)) == valid
        rates["earliest freed"] += min(valid, plan.look_alike) == valid
        rates["latest freed"] += max(valid, plan.look_alike) == valid
        once, twice = [h for h in HOURS if held[h] == 1], [h for h in HOURS if held[h] == 2]
        rates["earliest held once"] += once[:1] == [valid]
        rates["latest held once"] += once[-1:] == [valid]
        rates["held twice"] += (valid in twice) / max(len(twice), 1)  # a guess among the hours held twice
    share = {k: v / len(found) for k, v in rates.items()}
    # The first answers leave some hour open (a moved meeting's new one, or one added later) in nearly every world,
    # and never the free one: a least-held reading lands there, and wrong.
    opened = sum(any(_held(b, plan)[h] == 0 for h in HOURS) for _, b, plan in found) / len(found)
    assert opened >= 0.8, opened
    assert share["every first answer leaves it"] == 0
    assert share["earliest least held"] <= 0.05, share
    # Read past the open hours: the free hour is held once or twice, among others held as often.
    assert max(share["earliest held once"], share["latest held once"], share["held twice"]) <= 0.2, share
    # A script that resolves both notes but checks no one else's hours guesses between two.
    assert 0.4 <= share["earliest freed"] <= 0.6 and 0.4 <= share["latest freed"] <= 0.6, share
    # The first or last start the user's calendar leaves (a tie-break when a script finds no free hour) is never it.
    for valid, blocker, _ in found:
        left = [h for h in HOURS if 0 not in blocker.get(h, set())]
        assert valid not in (left[0], left[-1])
    forms = [kind for _, _, plan in found for notes in plan.notes.values() for kind, _ in notes]
    assert {"dropped", "dropped nth", "moved", "correction", "addition"} <= set(forms)


def test_no_hour_a_reply_writes_after_its_first_answer_is_the_free_one():
    for seed in WORLDS:
        piece = slice_of(seed, "balance", PART)
        assert piece is not None, seed
        start = datetime.fromisoformat(piece.truth.start).hour
        for character in piece.characters.values():
            body = character["scripted_replies"][0]["reply"]["body"]
            notes = body.split("\n\n")[1:-1]  # the greeting's paragraph is the first answer, the last the name
            hours = set()
            for m in CLOCK.finditer(" ".join(notes)):
                if m[3] or m[4]:
                    hours.add(SPOKEN[(m[3] or m[4]).lower()])
                else:
                    hour = int(m[1])
                    hours.add(hour + 12 if (m[2] or "").lower() == "pm" and hour < 12 else hour)
            assert start not in hours, (seed, notes)


async def test_the_oracle_passes_the_part(tmp_path):
    rows = await selftest(["workday"], GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path), ("oracle",),
                          (1, 2, 3), configs=[{"parts": ["scheduling"], "attacks": "none"}])
    assert len(rows) == 3
    assert all(r.passed and r.percentage == 100.0 for r in rows), [(r.seed, r.percentage, r.errors[:1]) for r in rows]
