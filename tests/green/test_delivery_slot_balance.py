"""delivery_slot holds no structural shortcut (issue 34, the blind red teams' findings): what the user does at home came
from a closed list of titles; every window was two hours long at a handful of starts; a bare "Option N" was credited
where the courier listed times without numbers; the home window was the one with no address or the one beside a
cancelled appointment; and once those were gone, a rule that picked a window by its position still earned one world
in three (round 3: 40 %); then the one code mail of three read as home (round 5: half the worlds with the packs). Now
two couriers each offer six windows on days of their own, five code mails name an address, each appointment's place
is told again in a later mail among four coded addresses, and the criterion is all or nothing, so a guess among
what a cheap reading leaves earns about one world in twenty-eight; every window holds one live appointment told
by an address or a friend's mail as often at home as away, a cancelled one as often beside either, the same titles
either way; windows start at a dozen times and last 90 minutes to three hours; and a bare number names an option only
where the courier numbered them. The oracle still passes the part through the real green."""

from __future__ import annotations

import math
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
    """Per world: its slice, its truth and, per parcel and window, the calendar events starting in it."""
    out = []
    for seed in seeds:
        piece = slice_of(seed, "balance", PART)
        t = PART.Truth.model_validate(piece.truth, from_attributes=True)
        inside = [[[e for e in piece.calendar if a <= e["start"] < b] for a, b in zip(p.starts, p.ends, strict=True)]
                  for p in t.parcels]
        out.append((piece, t, inside))
    return out


def title(event: dict) -> str:
    """An event's title without the friend it names ("Coffee with Ana" → "Coffee")."""
    return re.sub(r"\s*(with|-|:|\()\s*[A-Z]\w+\)?$|^[A-Z]\w+ \((\w[\w -]*)\)$", lambda m: m[2] or "", event["title"])


def test_a_guess_by_position_earns_a_world_in_twelve_and_never_by_reading_structure():
    """Whatever window a rule picks by position, number or part of the day (reading even the couriers' take-backs
    right), it books both parcels in at most about one world in ten; the best position fitted on other worlds too."""
    fit = Counter()
    for _, t, _ in drawn(FIT):
        for p in t.parcels:
            fit[p.option] += 1
    found = drawn(WORLDS)
    rates = {}
    for rule in ("first", "last", "second", "fitted"):
        wins = 0
        for _, t, _ in found:
            ok = []
            for p in t.parcels:
                open_ = [n for n in range(1, len(p.starts) + 1) if n != p.withdrawn]
                pick = {"first": open_[0], "last": open_[-1], "second": open_[1],
                        "fitted": max(open_, key=lambda n: fit[n])}[rule]
                ok.append(pick == p.option)
            wins += all(ok)
        rates[rule] = wins / len(found)
    assert max(rates.values()) <= 0.13, rates
    # The expected share of a uniform guess among the windows left open: both parcels right.
    chance = sum((1 / (len(a.starts) - bool(a.withdrawn))) * (1 / (len(b.starts) - bool(b.withdrawn)))
                 for _, t, _ in found for a, b in [t.parcels]) / len(found)
    assert chance <= 0.10, chance


def test_the_window_to_book_looks_like_the_others_but_for_the_address():
    """Cancelled appointments, appointments with no place (a friend's mail tells it) and every title fall in the
    window to book as often as in the others (fitted on other worlds, a title rule earns what chance gives)."""
    share: dict[bool, Counter] = {True: Counter(), False: Counter()}
    home: dict[str, Counter] = defaultdict(Counter)
    for _, t, inside in drawn(FIT):
        for p, windows in zip(t.parcels, inside, strict=True):
            for n, events in enumerate(windows, 1):
                for e in events:
                    home[title(e)][n == p.option] += 1
    found = drawn(WORLDS)
    rate = chance = 0.0
    for _, t, inside in found:
        for p, windows in zip(t.parcels, inside, strict=True):
            for n, events in enumerate(windows, 1):
                free = n == p.option
                share[free]["windows"] += 1
                share[free]["cancelled"] += any(e["status"] == "cancelled" for e in events)
                share[free]["no place"] += any(not e.get("location") for e in events if e["status"] == "confirmed")
            live = {n: next(e for e in events if e["status"] == "confirmed") for n, events in enumerate(windows, 1)}
            score = {n: home[title(e)][True] / max(1, sum(home[title(e)].values())) for n, e in live.items()
                     if n != p.withdrawn}
            best = [n for n in score if score[n] == max(score.values())]
            rate += (p.option in best) / len(best)
            chance += 1 / len(score)
    for cue in ("cancelled", "no place"):
        free, other = (share[k][cue] / share[k]["windows"] for k in (True, False))
        assert abs(free - other) <= TOLERANCE, (cue, free, other)
    count = sum(len(t.parcels) for _, t, _ in found)
    assert abs(rate - chance) / count <= TOLERANCE, (rate / count, chance / count)


def test_windows_start_and_last_variously():
    starts, lengths, two_hours = Counter(), Counter(), 0
    found = drawn(WORLDS)
    for _, t, _ in found:
        for p in t.parcels:
            for a, b in zip(p.starts, p.ends, strict=True):
                a, b = datetime.fromisoformat(a), datetime.fromisoformat(b)
                starts[f"{a:%H:%M}"] += 1
                lengths[b - a] += 1
                two_hours += b - a == timedelta(hours=2)
                # No window ends where another starts: an end never names another option.
                assert all(f"{b:%H:%M}" != x[11:16] for x in p.starts)
    total = sum(lengths.values())
    assert len(starts) >= 10 and max(starts.values()) <= total / 4, starts
    assert len(lengths) >= 3 and two_hours <= 0.6 * total, lengths
    # Where the courier numbered the windows is drawn evenly.
    numbered = [p.numbered for _, t, _ in found for p in t.parcels]
    assert abs(sum(numbered) / len(numbered) - 0.5) <= TOLERANCE


async def test_a_bare_number_books_only_where_the_courier_numbered_the_windows():
    rng, seen = random.Random(3), Counter()
    for seed in range(1, 25):
        day = world(seed, "delivery_slot")
        parcels = day.truth["parts"]["delivery_slot"]["parcels"]
        bare = [sms(day, p["courier"], f"Option {p['option']} please") for p in parcels]
        assert await grade(day, "delivery_booked", context(day, *bare)) == float(all(p["numbered"] for p in parcels))
        seen[tuple(p["numbered"] for p in parcels)] += 1
        # The window's time books it either way, however the reply puts it.
        said = []
        for p in parcels:
            start = datetime.fromisoformat(p["starts"][p["option"] - 1])
            end = datetime.fromisoformat(p["ends"][p["option"] - 1])
            said.append(rng.choice((f"The {clock12(start)} slot please.", f"{clock12(start)}-{clock12(end)} works.",
                                    f"Please come between {start:%H:%M} and {end:%H:%M}.")))
        replies = [sms(day, p["courier"], x) for p, x in zip(parcels, said, strict=True)]
        assert await grade(day, "delivery_booked", context(day, *replies)) == 1.0, said
    assert len(seen) >= 3


async def test_the_oracle_passes_the_part(tmp_path):
    rows = await selftest(["workday"], GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path), ("oracle",),
                          (1, 2, 3), configs=[{"parts": ["delivery_slot"], "attacks": "none"}])
    assert len(rows) == 3
    assert all(r.passed and r.percentage == 100.0 for r in rows), [(r.seed, r.percentage, r.errors[:1]) for r in rows]


def test_home_and_away_are_addresses_in_the_same_forms_and_only_the_building_tells_them_apart():
    """A cue word over a place decides nothing — home and away are both addresses (in the calendar entry or in a
    friend's mail), each written in the same forms (a flat number beside it or not) as often; only the building's
    address, which the manager's notice names, tells which is home, and near misses share its street or its
    number."""
    forms: dict[bool, Counter] = {True: Counter(), False: Counter()}
    near = 0
    for piece, t, inside in drawn(WORLDS):
        notice = next(m for m in piece.emails if t.code in m["body_text"])
        for p, windows in zip(t.parcels, inside, strict=True):
            for n, events in enumerate(windows, 1):
                e = next(e for e in events if e["status"] == "confirmed")
                place = p.places[n - 1]
                at_home = n == p.option or (n == p.withdrawn and place == t.building)
                named = re.search(rf"(?<!\d){place}", notice["body_text"])
                assert bool(named) == at_home, (place, notice["body_text"])
                near += not at_home and bool(re.search(rf"(?<!\d){place.split()[0]} ", notice["body_text"]))
                if e["location"]:
                    form = re.sub(r"\d+ [A-Z][a-z]+ [A-Z][a-z]+", "A", re.sub(r"\b\d+\b(?! [A-Z])", "N", e["location"]))
                    forms[at_home][form] += 1
    assert set(forms[True]) == set(forms[False]), forms
    for form in forms[True]:
        home, away = (forms[k][form] / sum(forms[k].values()) for k in (True, False))
        assert abs(home - away) <= TOLERANCE, (form, forms)
    assert near >= 8  # the same number in another street, in many worlds (one away window a courier, in half)


ADDRESS = re.compile(r"(?<![\d:])\d{1,3} [A-Z][a-z']+ [A-Z][a-z]+")


def test_the_address_beside_a_door_code_and_a_later_texts_mention_decide_at_chance() -> None:
    """Round 4 took home to be the address beside a four-digit door code, and any window a later text named to be
    gone. Now four other places' door codes sit beside their addresses in mail too, with the notice's words, and each
    such place holds one window per courier that stays open, as home does: whichever code mail a rule picks (first
    in the inbox, latest, earliest, the address most often in the calendar, the one leaving one open window per
    courier), it finds home in about a fifth of the worlds. A later text says a window still stands as often as one
    takes a window back, naming home's open window in about a fifth of them."""
    picks: Counter[str] = Counter()
    stands = home_stands = 0
    found = drawn(WORLDS)
    for piece, t, _ in found:
        coded = [(m, hit[0]) for m in piece.emails if re.search(r"(?<!\d)\d{4}(?!\d)", m["body_text"])
                 and (hit := ADDRESS.search(m["body_text"]))]
        assert len(coded) == 5 and sum(a == t.building for _, a in coded) == 1
        places = " ".join(str(e.get("location")) for e in piece.calendar if e["status"] == "confirmed")
        places += " ".join(m["body_text"] for m in piece.emails if m not in [c for c, _ in coded])
        rules = {"first": coded[0], "latest": max(coded, key=lambda c: c[0]["sent_at"]),
                 "earliest": min(coded, key=lambda c: c[0]["sent_at"]),
                 "most seen": max(coded, key=lambda c: len(re.findall(rf"(?<!\d){c[1]}", places)))}
        for rule, (_, address) in rules.items():
            picks[rule] += address == t.building
        for p in t.parcels:
            for _, address in coded:
                # Every coded place, home or not, is left with exactly one open window per courier.
                live = [n for n, place in enumerate(p.places, 1) if n != p.withdrawn and place == address]
                assert len(live) == 1, (address, live)
            if p.kept is not None:
                stands += 1
                home_stands += p.kept == p.option
    for rule, right in picks.items():
        assert right / len(found) <= 0.3, (rule, picks)
    assert abs(home_stands / stands - 1 / 5) <= TOLERANCE, (home_stands, stands)
    backs = sum(p.withdrawn is not None for _, t, _ in found for p in t.parcels)
    assert abs(backs - stands) / (2 * len(found)) <= TOLERANCE


# The words round 5 read as "someone else's place, or no longer the user's", and as "the user's own building".
ELSEWHERE = ("former", "previous", "no longer", "old", "friend", "neighbour", "neighbours", "visit", "visiting",
             "guest", "guests", "holiday", "host", "studio", "office", "gym", "members", "landlord", "moved out",
             "tenancy", "mine", "not yours", "away", "staff")
OWN = ("residents", "our building", "everyone", "yourselves", "tenants", "flats", "building", "households")


def recurs(address: str, every: set[str]) -> int:
    """How many other addresses share ``address``'s house number or street (its near misses)."""
    number, street = address.split(" ", 1)
    return sum(1 for x in every if x != address and (x.split(" ", 1)[0] == number or x.split(" ", 1)[1] == street))


def cues(text: str) -> int:
    """Round 5's score: "someone else's place" words less "the user's building" words, capped at two either way."""
    low = text.lower().replace("’", "'")
    found = [sum(bool(re.search(rf"(?<![\w']){re.escape(w)}(?![\w'])", low)) for w in words)
             for words in (ELSEWHERE, OWN)]
    return max(-2, min(2, found[0] - found[1]))


def test_near_misses_and_a_cue_list_find_home_at_chance() -> None:
    """Round 5 took home to be the code mail with the fewest "someone else's place" words, ties broken by how often
    its house number and street recurred among the world's other addresses (home's near misses). Now every coded
    place gets near misses of its own, and some of home's notices speak of other and former places (negated: "not
    the neighbours' code", "the old tenants' code is retired") while half of the other places' mails are in plain
    possessive words ("our building"): both rules, and the two together, find home in about a fifth of worlds."""
    picks: Counter[str] = Counter()
    found = drawn(WORLDS)
    for piece, t, _ in found:
        coded = [(m["body_text"], hit.group(0)) for m in piece.emails
                 if re.search(r"(?<!\d)\d{4}(?!\d)", m["body_text"]) and (hit := ADDRESS.search(m["body_text"]))]
        every = {hit.group(0) for text in [*(str(e.get("location")) for e in piece.calendar),
                                           *(m["body_text"] for m in piece.emails)]
                 for hit in ADDRESS.finditer(text)}
        seen = {c[1]: recurs(c[1], every) for c in coded}
        rules = {"near misses": max(coded, key=lambda c: seen[c[1]]), "cue list": min(coded, key=lambda c: cues(c[0])),
                 "both": min(coded, key=lambda c: cues(c[0]) - 0.6 * seen[c[1]]),
                 "fewest near misses": min(coded, key=lambda c: seen[c[1]]),
                 "most cues": max(coded, key=lambda c: cues(c[0]))}
        for rule, (_, address) in rules.items():
            picks[rule] += address == t.building
    for rule, right in picks.items():
        assert right / len(found) <= 1 / 5 + TOLERANCE, (rule, picks)


NEGATION = re.compile(r"(?:\bnot|n't|\bno need|\bnever|\bno room|\bgave up on)\b[^.;!?]{0,30}$", re.I)


def told(piece, p: int, n: int) -> tuple[str, str]:
    """Window ``n`` of parcel ``p``: the address the entry or the first mail gives, and the later mail's text."""
    event = next(e for e in piece.calendar if e["event_id"] == f"ev-delivery-{p}-{n}")
    first = next((m["body_text"] for m in piece.emails if m["message_id"] == f"m-delivery-{p}-{n}"), "")
    stated = ADDRESS.search(event["location"] or first)
    later = next(m["body_text"] for m in piece.emails if m["message_id"] == f"m-delivery-{p}-{n}-later")
    assert stated is not None
    return stated[0], later


def test_a_guess_among_what_a_cheap_reading_leaves_books_both_parcels_in_one_world_in_twenty_five() -> None:
    """Rounds 4 and 5 read every window's address and every take-back right and then had one coin left: which of
    three code mails is home (round 5 by a cue list, right in half the worlds with the packs). Now five code mails
    hold an address and a code, each courier offers six windows, and every appointment's place is told twice: the
    entry or a friend's mail names an address, and a later mail from the one it is with names four coded addresses,
    saying it moved or stayed. A reader who takes every take-back right but not which code mail is home, nor which
    of a later mail's addresses is the meeting's, passes by a guess among what is left (home among the five, then a
    window whose mails name it; or any open window) in about one world in twenty-five or fewer; and the cheap rules
    for a later mail (its first or last address, the one the entry said, the one not beside a negation) find the
    meeting's place no better than the stated address does: half the windows."""
    guessed = {"home, then a window naming it": 0.0, "any open window": 0.0}
    rules: Counter[str] = Counter()
    windows = 0
    found = drawn(range(300))
    for piece, t, _ in found:
        coded = sorted({t.building, *(x for p in t.parcels for o in p.others for x in o)})
        assert len(coded) == 5
        guessed["any open window"] += math.prod(1 / (len(p.starts) - bool(p.withdrawn)) for p in t.parcels)
        for h in coded:
            odds = 1 / len(coded)
            for p in t.parcels:
                named = [n for n in range(1, len(p.starts) + 1) if n != p.withdrawn and h in (p.places[n - 1],
                                                                                           *p.others[n - 1])]
                odds *= 1 / len(named) if p.option in named else 0
            guessed["home, then a window naming it"] += odds
        for k, p in enumerate(t.parcels):
            for n, place in enumerate(p.places):
                stated, later = told(piece, k, n)
                said = [(m.start(), m[0]) for m in ADDRESS.finditer(later)]
                assert len(said) == 4 and place in {a for _, a in said}, later
                plain = [a for at, a in said if not NEGATION.search(later[:at])]
                windows += 1
                rules["first in the later mail"] += said[0][1] == place
                rules["last in the later mail"] += said[-1][1] == place
                rules["the one the entry or first mail said"] += stated == place
                rules["the first not beside a negation"] += bool(plain) and plain[0] == place
                rules["said only in the later mail, first"] += next(a for _, a in said if a != stated) == place
    for strategy, total in guessed.items():
        assert total / len(found) <= 0.045, (strategy, total / len(found))
    for rule, right in rules.items():
        assert right / windows <= 0.5 + TOLERANCE, (rule, right / windows, rules)


def test_no_two_code_mails_of_a_world_share_a_phrasing() -> None:
    """Five places' code mails in one world: two in the same phrasing (a kind drawn twice) are both another place's, so
    a reader of repeats alone could rule them out of home. Each kind's phrasings are dealt out without repeats."""
    for piece, t, _ in drawn(WORLDS):
        coded = [(m["body_text"], hit[0]) for m in piece.emails if re.search(r"(?<!\d)\d{4}(?!\d)", m["body_text"])
                 and (hit := ADDRESS.search(m["body_text"]))]
        frames = [re.sub(r"\b[A-Z][a-z]+\b", "N", re.sub(r"\d+", "#", body.replace(address, "@")))
                  for body, address in coded]
        assert len(set(frames)) == len(frames) == 5, t.building
