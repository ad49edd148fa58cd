"""receipts_total, thread_decision and facts_answer after issue 34: no surface cue marks an item's category (a
receipt may be titled "order confirmation", a quote "receipt"; a decision is put indirectly and may be reversed),
each part draws every shape it declares, and credit comes from an answer about the item in one reply — a digest of
every name, or a receipt's figures all added up, earns nothing."""

from __future__ import annotations

import re
from collections import Counter
from datetime import datetime, timedelta
from decimal import Decimal

import pytest

from green_agent.scenario_kit.facts import amounts
from green_agent.scenarios import ScenarioLibrary
from scenarios.parts.facts_answer import RESTAURANTS
from tests.green.test_workday_new_parts import SCENARIOS, context, email, grade, states, world

PARTS = ("receipts_total", "thread_decision", "facts_answer")


def _part(key: str):  # the registered part, as the family loaded it
    return ScenarioLibrary(SCENARIOS).pack().parts[key]


def _mails(day, prefix: str) -> list[dict]:
    return [e for e in states(day)["email"]["emails"].values() if e["message_id"].startswith(prefix)]


@pytest.mark.parametrize("key", PARTS)
def test_each_part_draws_every_shape_it_declares(key):
    part = _part(key)
    seen = Counter(part.structure(part.Truth.model_validate(world(seed, key).truth["parts"][key]))
                   for seed in range(200))
    assert len(seen) == part.structures, seen
    assert min(part.phrasebook.counts().values()) >= 5


def test_receipt_subjects_say_nothing_of_what_the_mail_is():
    says_receipt = Counter()
    for seed in range(40):
        day = world(seed, "receipts_total", "chase_reply")
        truth = day.truth["parts"]["receipts_total"]
        for mail in _mails(day, "m-receipts-"):
            counted = any(Decimal(a) in amounts(mail["body_text"]) for a in truth["amounts"])
            says_receipt[(counted, "receipt" in mail["subject"].lower())] += 1
    # Receipts titled otherwise, and look-alikes titled "receipt", both occur.
    assert says_receipt[(True, False)] and says_receipt[(False, True)], says_receipt


async def test_receipts_total_refuses_a_sum_that_counts_a_lookalike():
    for seed in range(30):
        day = world(seed, "receipts_total", "chase_reply")
        truth = day.truth["parts"]["receipts_total"]
        if truth["decoy"]:
            break
    keeper = truth["keeper"]
    good = email(day, [keeper], f"Hi, this week's receipts add up to ${truth['total']}.")
    assert await grade(day, "receipts_total_sent", context(day, good)) == 1.0
    decoy = truth["decoy"].split(",")[0]
    wrong = Decimal(truth["total"]) + Decimal(decoy)
    summed = email(day, [keeper], f"Hi, this week's receipts add up to ${wrong:.2f}.")
    assert await grade(day, "receipts_total_sent", context(day, summed)) == 0.0
    hedged = email(day, [keeper], f"Total ${truth['total']} (not counting the ${decoy} one).")
    assert await grade(day, "receipts_total_sent", context(day, hedged)) == 0.0


async def test_receipts_total_refuses_every_candidate_sum_sent_one_email_each():
    """A script that cannot tell the receipts from the look-alikes emails the bookkeeper one total per guess; the
    right one among them earns nothing. One total with a receipt's own amount named beside it still earns."""
    day = world(3, "receipts_total", "chase_reply")
    truth = day.truth["parts"]["receipts_total"]
    keeper, total = truth["keeper"], Decimal(truth["total"])
    guesses = [email(day, [keeper], f"This week's receipts add up to ${t:.2f}.", subject=f"Receipts v{n}")
               for n, t in enumerate((total - Decimal(truth["amounts"][0]), total, total + Decimal("12.50")))]
    assert await grade(day, "receipts_total_sent", context(day, *guesses)) == 0.0
    assert await grade(day, "receipts_total_sent", context(day, guesses[1])) == 1.0
    itemised = email(day, [keeper], f"The biggest receipt was ${truth['amounts'][0]}.", subject="Detail")
    assert await grade(day, "receipts_total_sent", context(day, guesses[1], itemised)) == 1.0


def _decision_day(shape_part: str):
    for seed in range(60):
        day = world(seed, "thread_decision")
        if shape_part in day.truth["parts"]["thread_decision"]["shape"]:
            return day
    raise AssertionError(f"no world of shape {shape_part}")


def test_the_owners_decision_is_not_one_fixed_sentence():
    day = _decision_day("reversed")
    truth = day.truth["parts"]["thread_decision"]
    bodies = [m["body_text"] for m in _mails(day, "m-decision-")]
    # Reversed: the first decision is overturned; the option decided is not what the first decision named.
    assert not any("my decision is that we go with " + truth["decided"] in b for b in bodies)
    indirect = _decision_day("proposer")
    owner = indirect.truth["parts"]["thread_decision"]["decider"][0]
    mine = [m["body_text"] for m in _mails(indirect, "m-decision-") if m["body_text"].rstrip().endswith(owner)]
    assert not any(indirect.truth["parts"]["thread_decision"]["decided"] in b for b in mine[:1])


async def test_the_decider_counts_only_beside_the_decision_in_one_reply():
    day = _decision_day("kept")
    truth = day.truth["parts"]["thread_decision"]
    good = f"It was settled: {truth['decided']}, and {truth['decider'][0]} made the call."
    assert await grade(day, "decision_reported", context(day, chat=(good,))) == 1.0
    # The decision in one reply and the names of everyone in another, or a paragraph apart, tie no one to it.
    people = "People in the thread: " + ", ".join(m["from_address"].split("@")[0].split(".")[0].title()
                                                  for m in _mails(day, "m-decision-"))
    assert await grade(day, "decision_reported", context(day, chat=(f"Outcome: {truth['decided']}.", people))) == 0
    apart = f"Outcome: {truth['decided']}.\n\n{people}"
    assert await grade(day, "decision_reported", context(day, chat=(apart,))) == 0
    # A roll of everyone who wrote beside the decision names no decider (round 5's one-answer script), whole, one
    # name a paragraph or one name a reply; the decider beside one other person (whose idea it was) still counts.
    names, owner = truth["people"], truth["decider"][0]
    assert len(names) >= 4 and owner in names
    roll = f"They went with {truth['decided']}; the call was made by {', '.join(names)}."
    spread = [f"{truth['decided']}: {n} made the call." for n in names]
    other = next(n for n in names if n != owner)
    for chat in ((roll,), ("\n\n".join(spread),), tuple(spread)):
        assert await grade(day, "decision_reported", context(day, chat=chat)) == 0, chat
    pair = f"{owner} made the call on {other}'s suggestion: {truth['decided']}."
    assert await grade(day, "decision_reported", context(day, chat=(pair,))) == 1.0


async def test_dinner_facts_count_in_the_answer_not_in_a_digest_of_every_name():
    day = world(6, "facts_answer", "route_request")
    truth = day.truth["parts"]["facts_answer"]
    at = datetime.fromisoformat(truth["at"])
    guests = " and ".join(" ".join(g) for g in truth["guests"])
    good = f"It's on {at:%A} at {at:%H:%M}, at {truth['place']}, with {guests}."
    assert await grade(day, "dinner_facts", context(day, chat=(good,))) == 1.0
    # Every person who wrote about a dinner, listed: the one not coming and last month's guests cancel the guests.
    everyone = ", ".join(g[0] for g in (*truth["guests"], *truth["old_guests"], *truth["absent"]))
    digest = f"It's on {at:%A} at {at:%H:%M}, at {truth['place']}. People: {everyone}."
    assert await grade(day, "dinner_facts", context(day, chat=(digest,))) == 0.0
    # The guests named in another reply, or in an unrelated paragraph further down, are not the answer's.
    place = f"It's on {at:%A} at {at:%H:%M}, at {truth['place']}."
    elsewhere = f"By the way, I tidied your inbox.\n\nUnrelated: {guests} also emailed."
    assert await grade(day, "dinner_facts", context(day, chat=(place, f"Also: {guests}."))) == 0.0
    assert await grade(day, "dinner_facts", context(day, chat=(f"{place}\n\n{elsewhere}",))) == 0.0
    # The guests in the paragraph right under the answer are part of it.
    assert await grade(day, "dinner_facts", context(day, chat=(f"{place}\n\nComing too: {guests}.",))) == 1.0


async def test_one_candidate_answer_a_turn_is_no_answer():
    """Round 5's blind scripts posted one candidate answer a turn and were graded on the right one: another option, or
    a wrong fact about the dinner, in any reply now counts against the answer."""
    day = _decision_day("kept")
    truth = day.truth["parts"]["thread_decision"]
    owner = truth["decider"][0]
    turns = tuple(f"It was settled: {o}, and {owner} made the call." for o in truth["options"])
    right = next(t for t in turns if truth["decided"] in t)
    assert await grade(day, "decision_reported", context(day, chat=(right,))) == 1.0
    assert await grade(day, "decision_reported", context(day, chat=turns)) <= 0.25
    day = world(6, "facts_answer", "route_request")
    facts = day.truth["parts"]["facts_answer"]
    at = datetime.fromisoformat(facts["at"])
    guests = " and ".join(" ".join(g) for g in facts["guests"])
    good = f"It's on {at:%A} at {at:%H:%M}, at {facts['place']}, with {guests}."
    others = [f"It's on {at:%A} at {at:%H:%M}, at {p}, with {guests}." for p in (facts["old_place"],
                                                                                  *facts["wrong_places"]) if p]
    assert others
    assert await grade(day, "dinner_facts", context(day, chat=(good,))) == 1.0
    assert await grade(day, "dinner_facts", context(day, chat=(others[0], good))) == 0.0
    assert await grade(day, "dinner_facts", context(day, chat=(good, others[0]))) == 0.0


async def test_going_back_to_an_earlier_dinner_names_no_restaurant_and_either_may_be_meant():
    day = next(d for d in (world(s, "facts_answer") for s in range(60))
               if "/again/" in d.truth["parts"]["facts_answer"]["shape"])
    truth = day.truth["parts"]["facts_answer"]
    past = [e for e in states(day)["calendar"]["events"].values() if e.get("location")]
    assert len(past) == 2 and truth["place"] in [e["location"] for e in past]
    booking = [m["body_text"] for m in _mails(day, "m-facts-") if truth["guests"][0][0] in m["body_text"]]
    assert booking and not any(truth["place"] in b for b in booking)


def _dinner_worlds(count: int = 240) -> list[tuple[dict, object]]:
    from green_agent.scenario_kit.day import slice_of
    part = _part("facts_answer")
    out = []
    for seed in range(count):
        drawn = slice_of(seed, "balance", part)
        out.append((drawn, part.Truth.model_validate(drawn.truth, from_attributes=True)))
    return out


def test_no_structural_rule_finds_the_dinners_facts():
    """facts_answer 3 (issue 34, round 3's script kept 100 % of the part): each rule a script read from the public
    part's structure is right in about half the worlds, so the all-or-nothing answer built from them is right in
    few."""
    rates: dict[str, list[bool]] = {}

    def tally(rule: str, right: bool) -> None:
        rates.setdefault(rule, []).append(right)

    for drawn, truth in _dinner_worlds():
        host = truth.host.lower()
        this_week = next(e for e in drawn.calendar if e["event_id"] == "ev-facts-0")
        earlier = sorted((e for e in drawn.calendar if e.get("location")), key=lambda e: e["start"])
        tally("the calendar's time", this_week["start"] == truth.at)
        tally("not the calendar's time", this_week["start"] != truth.at)
        by_host = sorted((m for m in drawn.emails if m["from_address"].startswith(host)), key=lambda m: m["sent_at"])
        plan = next(m for m in by_host
                    if datetime.fromisoformat(truth.asked) - datetime.fromisoformat(m["sent_at"]) < timedelta(10))
        tally("the first plan's time", truth.at[11:16] in plan["body_text"])
        tally("the host's last mail names the place", truth.place in by_host[-1]["body_text"])
        if "/again/" in truth.shape:
            tally("last time is the latest earlier dinner", earlier[-1]["location"] == truth.place)
        senders = Counter(m["from_address"].split("@")[0].split(".")[0] for m in drawn.emails)
        absent, coming = truth.absent[0][0].lower(), truth.guests[1][0].lower()
        tally("who wrote twice is not coming", senders[absent] > senders[coming])
    found = {rule: round(sum(hits) / len(hits), 2) for rule, hits in rates.items()}
    assert all(rate <= 0.62 for rate in found.values()), found



def test_the_dinners_cues_point_at_a_wrong_fact_as_often_as_a_right_one():
    """facts_answer 4 (issue 34, round 4's script kept 80 % with held-out words): the booking was the one host mail
    with a PS and a full name, its full name was the guest, its named restaurant was new and "full" sat by the wrong
    one, and refusal words marked the one not coming. Each of these cues is now right in about half the worlds."""
    rates: dict[str, list[bool]] = {}
    full = re.compile(r"\b([A-Z][a-z]+) ([A-Z][a-z]+)\b")
    refusal = re.compile(r"can't|sorry|\bno\b|not\b|cancel|miss|skip|out\b|away|bad news", re.I)
    for drawn, truth in _dinner_worlds():
        host = truth.host.lower()
        by_host = [m for m in drawn.emails if m["from_address"].startswith(host)
                   and datetime.fromisoformat(truth.asked) - datetime.fromisoformat(m["sent_at"]) < timedelta(10)]
        booking = next(m["body_text"] for m in by_host if truth.guests[0][0] in m["body_text"])
        others = [m["body_text"] for m in by_host if m["body_text"] != booking]
        rates.setdefault("a host mail with a PS paragraph is the booking", []).append(
            "\n\nPS" in booking or not any("\n\nPS" in o for o in others))
        people = {g[0] for g in (*truth.guests, *truth.absent, *truth.old_guests)}
        names = [m for m in full.findall(booking) if m[0] in people]
        rates.setdefault("the booking's first full name is a guest", []).append(
            bool(names) and names[0][0] == truth.guests[0][0])
        if truth.place in booking:
            earlier = {e["location"] for e in drawn.calendar if e.get("location")}
            rates.setdefault("the named place is one not been to before", []).append(truth.place not in earlier)
        seconds = Counter(m["from_address"].split("@")[0].split(".")[0] for m in drawn.emails)
        for who in (truth.guests[1][0], truth.absent[0][0]):
            if seconds[who.lower()] > 1:
                last = max((m for m in drawn.emails if m["from_address"].startswith(who.lower())),
                           key=lambda m: m["sent_at"])
                rates.setdefault("a second mail with refusal words is a refusal", []).append(
                    bool(refusal.search(last["body_text"])) == (who == truth.absent[0][0]))
    found = {rule: round(sum(hits) / len(hits), 2) for rule, hits in rates.items()}
    assert len(found) == 4 and all(rate <= 0.7 for rate in found.values()), found


def test_the_bookings_clock_times_and_restaurant_mentions_say_nothing() -> None:
    """facts_answer 5 (issue 34, round 5's one-answer script kept 40 % with held-out words): a booking naming no clock
    time always meant the later time, one naming one time named the dinner's; the dinner's restaurant was named more
    often, and last. Now the booking names no time, the right one alone, the wrong one negated, or both, in every
    shape, and (named) the dinner's restaurant and a wrong one as many times, either first: each rule is a coin."""
    clock = re.compile(r"\b\d{2}:\d{2}\b")
    rates: dict[str, list[bool]] = {}
    for drawn, truth in _dinner_worlds():
        host = truth.host.lower()
        booking = next(m["body_text"] for m in drawn.emails if m["from_address"].startswith(host)
                       and truth.guests[0][0] in m["body_text"] and truth.guests[0][1] in m["body_text"])
        said = set(clock.findall(booking.split("PS")[0]))
        later = max(t[11:16] for t in (truth.at, *truth.wrong_times)) if truth.wrong_times else truth.at[11:16]
        rates.setdefault(f"{min(len(said), 2)} clock times: the later one", []).append(truth.at[11:16] == later)
        if len(said) == 1:
            rates.setdefault("the booking's one time is the dinner's", []).append(said == {truth.at[11:16]})
        places = {p for p in (truth.place, truth.old_place, *truth.wrong_places) if p in booking}
        if truth.place in booking:
            rates.setdefault("the restaurant named last", []).append(max(places, key=booking.find) == truth.place)
            rates.setdefault("the restaurant named most", []).append(
                max(places, key=lambda p: (booking.count(p), -booking.find(p))) == truth.place)
    found = {rule: round(sum(hits) / len(hits), 2) for rule, hits in rates.items()}
    assert len(found) >= 5 and all(rate <= 0.7 for rate in found.values()), found


def test_who_writes_where_the_place_is_and_the_ps_say_nothing_alone() -> None:
    """facts_answer 6 (issue 34, round 5's one-answer script kept 20 % with held-out words, 36 % offline): the one
    full name in the booking who also wrote was always the guest (the other one named, who is not coming, never
    wrote); "go back" with no earlier guest named always meant last month's dinner; the PS's mood words told who
    comes. Now the one not coming writes as often as the guest, the dinner before last is told in words as often, and
    the PS reads the other way half the time: each rule is a coin or worse."""
    rates: dict[str, list[bool]] = {}
    for drawn, truth in _dinner_worlds():
        senders = {m["from_address"].split(".")[0].capitalize() for m in drawn.emails}
        booking = next(m["body_text"] for m in drawn.emails if truth.guests[0][1] in m["body_text"]
                       and m["from_address"].startswith(truth.host.lower()))
        full = [g for g in (truth.guests[0], truth.absent[1]) if f"{g[0]} {g[1]}" in booking]
        wrote = [g[0] for g in full if g[0] in senders]
        if len(wrote) == 1:
            rates.setdefault("the booking's full name who wrote", []).append(wrote[0] == truth.guests[0][0])
        if "/again/" in truth.shape and not any(g[0] in booking for g in truth.old_guests):
            latest = max((e for e in drawn.calendar if e.get("location")), key=lambda e: e["start"])["location"]
            rates.setdefault("no earlier guest named: last month's", []).append(truth.place == latest)
    found = {rule: round(sum(hits) / len(hits), 2) for rule, hits in rates.items()}
    assert len(found) == 2 and all(rate <= 0.65 for rate in found.values()), found


def test_three_times_three_restaurants_three_full_names_each_rule_near_a_third() -> None:
    """facts_answer 7 (issue 34, round 5's one-answer script kept 20 % with held-out words, 2 passes): the dinner was
    one of two clock times, the restaurant the one with no "too"/"full" word beside it, the guest one of two full
    names. Now a third time the restaurant offered sits in the host's mails, three restaurants each carry one kind of
    note, and two who are not coming are named in full: each rule is right about a third of the time, so an answer
    built from them (all or nothing) is right in few worlds."""
    clock = re.compile(r"\b\d{2}:\d{2}\b")
    full = re.compile(r"\b([A-Z][a-z]+) ([A-Z][a-z]+)\b")
    words = re.compile(r"\b(full|fully|nothing|no luck|said no|packed|too|also|as well|still)\b", re.I)
    rates: dict[str, list[bool]] = {}
    for drawn, truth in _dinner_worlds():
        by_host = [m["body_text"] for m in drawn.emails if m["from_address"].startswith(truth.host.lower())
                   and datetime.fromisoformat(truth.asked) - datetime.fromisoformat(m["sent_at"]) < timedelta(10)]
        booking = next(b for b in by_host if f"{truth.guests[0][0]} {truth.guests[0][1]}" in b)
        this_week = next(e for e in drawn.calendar if e["event_id"] == "ev-facts-0")["start"][11:16]
        named = sorted({*clock.findall(" ".join(by_host)), this_week})
        for rule, pick in (("earliest time", named[0]), ("latest time", named[-1]),
                           ("middle time", named[len(named) // 2])):
            rates.setdefault(rule, []).append(pick == truth.at[11:16])
        people = {g[0] for g in (*truth.guests, *truth.absent)}
        names = [m[0] for m in full.findall(booking) if m[0] in people]
        rates.setdefault("the booking's first full name", []).append(names[0] == truth.guests[0][0])
        rates.setdefault("the booking's last full name", []).append(names[-1] == truth.guests[0][0])
        if truth.place in booking:
            places = [p for p in RESTAURANTS if p in booking]
            sentences = re.split(r"(?<=[.!?])\s+", booking)
            bare = [p for p in places if not any(p in s and words.search(s.replace(p, "")) for s in sentences)]
            rates.setdefault("the one restaurant with no note word", []).append(bare == [truth.place])
            rates.setdefault("the restaurant named first", []).append(min(places, key=booking.find) == truth.place)
    found = {rule: round(sum(hits) / len(hits), 2) for rule, hits in rates.items()}
    assert len(found) == 7 and all(rate <= 0.45 for rate in found.values()), found
