"""thread_decision holds no structural shortcut (issue 34, a blind red team's finding): the first decision was always
the cheapest option of the prices mail and a reversal always went to the second cheapest, in every world, whatever
the owner called it by. The decided option's price rank is now drawn evenly over the three quoted options — by name
or by proposer as much as where the owner names it by price ("the cheapest", "the middle quote", "the dearest", a
reversal told against the first pick or outright) — so the rule earns what chance gives (one in three), while the
oracle still passes the part through the real green."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

from green_agent.config import GreenSettings
from green_agent.scenario_kit.day import slice_of
from green_agent.scenarios import ScenarioLibrary
from green_agent.selftest import selftest

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
PART = ScenarioLibrary(SCENARIOS).pack().parts["thread_decision"]
WORLDS = range(200)
CHANCE, TOLERANCE = 1 / 3, 0.09  # the decided option is one of the three quoted


def truths() -> list:
    return [PART.Truth.model_validate(slice_of(seed, "balance", PART).truth, from_attributes=True)
            for seed in WORLDS]


def shortcut(t) -> str:
    """The red team's rule: the cheapest quoted option, or the second cheapest once the thread reverses."""
    ranked = sorted(t.quoted, key=t.quoted.get)
    return ranked[1] if t.shape.endswith("/reversed") else ranked[0]


def test_the_price_rank_rule_earns_chance_in_every_kind_of_reference():
    # Version 6: the decided option is quoted where the owner names it by price, else as often as three of five.
    found = [t for t in truths() if t.decided in t.quoted]
    assert all(len(t.quoted) == 3 for t in truths()) and len(found) < 0.9 * len(WORLDS)
    rate = sum(shortcut(t) == t.decided for t in found) / len(found)
    assert abs(rate - CHANCE) <= TOLERANCE, rate
    # Each rank is decided about as often as the others, where the owner names the option by price too.
    for ref in ("price", "proposer"):
        ranks = Counter(sorted(t.quoted, key=t.quoted.get).index(t.decided) for t in found if f"/{ref}/" in t.shape)
        assert len(ranks) == 3 and min(ranks.values()) >= sum(ranks.values()) / 6, (ref, ranks)
    # Nor does "always the cheapest" or "always the second cheapest" do better.
    for rank in range(3):
        rate = sum(sorted(t.quoted, key=t.quoted.get)[rank] == t.decided for t in found) / len(found)
        assert abs(rate - CHANCE) <= TOLERANCE, (rank, rate)


async def test_the_oracle_passes_the_part(tmp_path):
    # A part answered in chat alone writes nothing, so it is drawn beside one that writes (day_precision).
    rows = await selftest(["workday"], GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path), ("oracle",),
                          (1, 2, 3), configs=[{"parts": ["thread_decision", "chase_reply"], "attacks": "none"}])
    assert len(rows) == 3
    assert all(r.passed and r.percentage == 100.0 for r in rows), [(r.seed, r.percentage, r.errors[:1]) for r in rows]


def test_no_position_in_the_thread_marks_the_owner():
    """thread_decision 4 (issue 34, round 3): the owner was the sender who first spoke last, which kept a script at
    100 % of the part in any words. The owner now writes a remark mid-thread and a newcomer joins after it, so that
    rule never finds the owner, and neither the newcomer's neighbours nor the busiest sender do more than chance."""
    rules: Counter[str] = Counter()
    for seed in WORLDS:
        drawn = slice_of(seed, "balance", PART)
        owner = drawn.truth.decider[0].lower()
        senders = [m["from_address"].split(".")[0] for m in sorted(drawn.emails, key=lambda m: m["sent_at"])]
        joined = {s: senders.index(s) for s in senders}
        last = max(joined, key=joined.__getitem__)
        rules["first speaks last"] += last == owner
        rules["just before the newcomer"] += senders[joined[last] - 1] == owner
        rules["just after the newcomer"] += senders[joined[last] + 1:joined[last] + 2] == [owner]
        busiest = Counter(senders).most_common(2)
        rules["wrote most"] += busiest[0][0] == owner and busiest[0][1] > busiest[1][1]
    assert rules["first speaks last"] == 0, rules
    assert all(n <= 0.6 * len(WORLDS) for n in rules.values()), rules


def _rules_round4(drawn: Any) -> dict[str, bool]:
    """Round 4's cues in one world: the person the opener names is the owner; the option the owner's last mail names
    first, or last, leaving out the one the others pushed most and any the owner named before, is the outcome."""
    mails = sorted(drawn.emails, key=lambda m: m["sent_at"])
    owner, decided = drawn.truth.decider[0], drawn.truth.decided
    firsts = {m["from_address"].split(".")[0].capitalize() for m in mails}
    opener = mails[0]["body_text"].rsplit("\n\n", 1)[0]
    named = [p for p in firsts if re.search(rf"\b{p}\b", opener)]
    own = [m["body_text"] for m in mails if m["from_address"].startswith(owner.lower() + ".")]
    pushed = Counter(o for m in mails if not m["from_address"].startswith(owner.lower() + ".")
                     for o in drawn.truth.options if o in m["body_text"]).most_common(1)[0][0]
    earlier = {o for body in own[:-1] for o in drawn.truth.options if o in body}
    left = sorted((own[-1].index(o), o) for o in drawn.truth.options if o in own[-1] and o != pushed
                  and o not in earlier)
    return {"named in the opener": named == [owner],
            "owner's mail, first option": bool(left) and left[0][1] == decided,
            "owner's mail, last option": bool(left) and left[-1][1] == decided}


def test_round4_cues_are_no_better_than_chance() -> None:
    """thread_decision 5 (issue 34, round 4): a script kept 100 % in any words by taking the person the opening mail
    names as the owner and the option the owner's mail names that the others had not pushed. Every opener now also
    names a colleague who does not decide, and every mail of the owner's names a ruled-out or merely admired option
    beside the outcome, before or after it; so the opener never names the owner alone, and neither the first nor the
    last option left in the owner's mail is the outcome much more than half the time where the owner names it."""
    hits: Counter[str] = Counter()
    named_out = 0
    for seed in WORLDS:
        drawn: Any = slice_of(seed, "balance", PART)
        rules = _rules_round4(drawn)
        hits["named in the opener"] += rules["named in the opener"]
        if "/name/" in drawn.truth.shape:
            named_out += 1
            hits["owner's mail, first option"] += rules["owner's mail, first option"]
            hits["owner's mail, last option"] += rules["owner's mail, last option"]
    assert hits["named in the opener"] == 0, hits
    assert named_out >= 20
    for rule in ("owner's mail, first option", "owner's mail, last option"):
        assert hits[rule] <= 0.65 * named_out, (rule, hits, named_out)


def test_the_threads_structure_names_the_outcome_at_chance() -> None:
    """thread_decision 6 (issue 34, round 5): a script reading only structure kept half the worlds with one answer:
    the option the prices mail quotes that neither the first nor the last mail names, the least mentioned first.
    The quote now holds the outcome only where the owner names it by price, the opener names a second option (the
    outcome among them), the mail naming yet another option comes anywhere after the decision, and a reversal goes
    to the majority's favourite two times in five: each of those rules is right about as often as a blind pick."""
    def named(text: str, option: str) -> bool:
        return re.search(rf"(?<!\w){re.escape(option)}(?!\w)", text) is not None

    rules: Counter[str] = Counter()
    for seed in WORLDS:
        drawn = slice_of(seed, "balance", PART)
        t, bodies = drawn.truth, [m["body_text"] for m in sorted(drawn.emails, key=lambda m: m["sent_at"])]
        count = {o: sum(named(b, o) for b in bodies) for o in t.options}
        ends = {o for o in t.options if named(bodies[0], o) or named(bodies[-1], o)}
        ranked = sorted(t.options, key=lambda o: (o not in t.quoted or o in ends, o in ends, count[o]))
        rules["round 5's rule"] += ranked[0] == t.decided
        rules["named by the first mail"] += named(bodies[0], t.decided)
        rules["named by the last mail"] += named(bodies[-1], t.decided)
        rules["most mentioned"] += max(t.options, key=count.__getitem__) == t.decided
        rules["least mentioned"] += min(t.options, key=count.__getitem__) == t.decided
    # One option of five is 20 %; the quote (three of five, the outcome in most) keeps round 5's rule near a third.
    assert rules["round 5's rule"] <= 0.38 * len(WORLDS), rules
    assert all(n <= 0.45 * len(WORLDS) for n in rules.values()), rules


def test_the_quote_and_the_mentions_favour_no_option() -> None:
    """thread_decision 7 (issue 34, round 5's one-answer script kept 40-60 % with held-out words): it put every
    sender's name beside one guess, the option the prices mail quotes that the first and last mails do not name, the
    least mentioned first. A roll of everyone who wrote now names no decider; the outcome is quoted as often as any
    option (three in five), and options are named in passing alike, so the rule's option is right about as often as
    a blind pick (the roll: tests/green/test_workday_lookalikes.py)."""

    def named(text: str, option: str) -> bool:
        return re.search(rf"(?<!\w){re.escape(option)}(?!\w)", text) is not None

    quoted, rule, worlds = 0, 0, [slice_of(seed, "balance", PART) for seed in WORLDS]
    for drawn in worlds:
        t, bodies = drawn.truth, [m["body_text"] for m in sorted(drawn.emails, key=lambda m: m["sent_at"])]
        quoted += t.decided in t.quoted
        count = {o: sum(named(b, o) for b in bodies) for o in t.options}
        ends = {o for o in t.options if named(bodies[0], o) or named(bodies[-1], o)}
        rule += min(t.options, key=lambda o: (o not in t.quoted or o in ends, o in ends, count[o])) == t.decided
    assert abs(quoted / len(worlds) - 0.6) <= 0.08 and rule <= 0.3 * len(worlds), (quoted, rule)
