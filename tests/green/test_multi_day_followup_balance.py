"""multi_day_followup holds no structural shortcut (issue 34, a blind red team's finding): every moment the assistant
acts at was stated in the request and one four-hour step from the start hit them all (the reminder was always 40
hours in); the bank's number to give was always on the line naming the adviser; the client's link was always Legal's
latest one not marked internal; the figures were always the table of finance's latest "final" email. Now the reminder
falls 37 to 40 hours in (the oracle steps a tenth of that; the clock's default stays four hours), an early reminder
cancels, and half the requests say "so long before the rate lock runs out" (the time is in the bank's email); the
adviser may be away, a colleague covering (whose number it then is); Legal's second email may be another client's
contract or the clean copy of one that carried internal notes; finance may correct one line of its final table
later. Each rule earns what chance gives, while the oracle passes through the real green, with the public words and
with a held-out wording."""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

from green_agent.config import GreenSettings
from green_agent.scenario_kit import facts
from green_agent.scenario_kit.day import slice_of
from green_agent.scenario_kit.part import ALONE
from green_agent.scenarios import ScenarioLibrary
from green_agent.selftest import selftest

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
PACK = ROOT / "tests" / "green" / "data" / "heldout_words_g"
PART = ScenarioLibrary(SCENARIOS).pack().parts["multi_day_followup"]
WORLDS = range(400)
TOLERANCE = 0.1
# The red team's words for Legal's internal copies, and its line of the adviser (public words).
INTERNAL = re.compile(r"internal|don't forward|in-house|inside the company|files only|annotated|redline|playbook", re.I)
ADVISER = re.compile(r"adviser|direct", re.I)
PHONE = re.compile(r"\+?\d[\d -]{7,}\d")
LINK = re.compile(r"https?://\S+/c/([A-Z0-9]+)")


@dataclass(frozen=True)
class World:
    truth: Any
    start: datetime
    request: str
    mail: list[dict[str, Any]]  # every email, waiting and arriving, oldest first


def worlds() -> list[World]:
    out = []
    for seed in WORLDS:
        piece = slice_of(seed, "balance", PART, shape=ALONE)
        assert piece is not None and piece.frame is not None, seed
        mail = sorted([*piece.emails, *(a["data"] | {"received_at": a["scheduled_time"]} for a in piece.arrivals)],
                      key=lambda e: str(e["received_at"]))
        out.append(World(PART.Truth.model_validate(piece.truth, from_attributes=True), piece.frame.start,
                         piece.request, mail))
    return out


FOUND = worlds()
DRAWN = FOUND[1:]  # world 0 is the published one, of one shape


def rate(hits: list[bool]) -> float:
    return sum(hits) / len(hits)


def _legal(w: World) -> list[tuple[str, str]]:
    """(link token, email body) of Legal's emails, oldest first."""
    return [(m[1], str(e["body_text"])) for e in w.mail for m in LINK.finditer(str(e["body_text"]))]


REPLACING = re.compile(r"ignore|withdrawn|re-issue|superseded|instead|revoked|clean|pulled|please use|should get|"
                       r"the one to send|corrected|replace", re.I)


def _ref_link(body: str, ref: str) -> str | None:
    """The first link after ``ref`` in ``body`` (a reader pairing a reference with the link that follows it)."""
    at = body.find(ref)
    found = LINK.search(body, at) if at >= 0 else None
    return found[1] if found else None


def test_legals_links_read_by_place_kind_or_nearest_reference_are_the_clients_at_most_a_third_of_the_time():
    """Version 7: Legal's first email carries the client's contract and another's, and its three later emails re-issue
    either one twice or send a copy for nobody, each naming both contracts; a third of the worlds keep the first link,
    a third take the first re-issue's, a third the second's. Read by place, by the replacing words or by the link that
    follows the client's reference, the client's link is right at most a third of the time."""
    rules: dict[str, list[bool]] = {}
    for w in DRAWN:
        links, ref, code = _legal(w), w.truth.contract.ref, w.truth.contract.code
        bodies = [body for _, body in links]
        first = _ref_link(bodies[0], ref)
        replacing = [t for t, body in links[2:] if REPLACING.search(body) and not INTERNAL.search(body)]
        guesses = {"latest": links[-1][0], "first": links[0][0], "client's in the first email": first,
                   "latest unmarked": [t for t, body in links if not INTERNAL.search(body)][-1],
                   "the last email's if it replaces": links[-1][0] if REPLACING.search(bodies[-1]) else first,
                   "the latest replacing": (replacing or [first])[-1],
                   "after the client's reference, latest": [_ref_link(b, ref) for b in bodies][-1]}
        for name, guess in guesses.items():
            rules.setdefault(name, []).append(guess == code)
    for name, hits in rules.items():
        assert rate(hits) <= 1 / 3 + TOLERANCE, (name, rate(hits))
    assert {w.truth.shape for w in DRAWN} == {"kept", "early", "late"}
    assert all(len(w.truth.contract.decoys) == 4 for w in DRAWN)


def _bank_lines(w: World) -> list[str]:
    bank = next(e for e in w.mail if str(e["from_address"]).startswith("no-reply@"))
    return str(bank["body_text"]).splitlines()


def _digits(text: str) -> str:
    return re.sub(r"\D", "", text)[-10:]


def test_the_adviser_line_gives_the_number_to_call_as_often_as_chance():
    hits = []
    for w in DRAWN:
        line = next(line for line in _bank_lines(w) if ADVISER.search(line) and PHONE.search(line))
        hits.append(_digits(PHONE.search(line)[0]) == w.truth.bank.phone_digits)  # type: ignore[index]
    # Version 6: the user's adviser is back (their direct line) one world in three.
    assert abs(rate(hits) - 1 / 3) <= TOLERANCE, rate(hits)


def test_finances_latest_table_is_what_to_send_as_often_as_chance():
    hits = []
    for w in DRAWN:
        f = w.truth.figures
        tables = [str(e["body_text"]) for e in w.mail if "Total:" in str(e["body_text"])]
        found = facts.amounts("\n".join(line for line in tables[-1].splitlines()
                                        if line.startswith(("- ", "Total:"))))
        right = {Decimal(x) for x in [*f.final, f.final_total]}
        hits.append(right <= found and not {Decimal(x) for x in f.stale} & found)
    # Version 6: two later emails, each a fix or a query turned down: the table stands a quarter of the time.
    assert abs(rate(hits) - 0.25) <= TOLERANCE, rate(hits)


def test_no_fixed_offset_from_the_start_finds_the_reminder_and_the_request_states_its_clock_half_the_time():
    for hours in (36, 37, 38, 39, 40, 41):
        for minutes in (0, 30):
            at = timedelta(hours=hours, minutes=minutes)
            hits = [w.truth.reminder <= w.start + at <= w.truth.reminder_until for w in DRAWN]
            assert rate(hits) <= 0.5 + TOLERANCE, (hours, minutes, rate(hits))
    stated = [any(t == w.truth.reminder for t in facts.times(w.request, w.start)) for w in DRAWN]
    assert abs(rate(stated) - 0.5) <= TOLERANCE, rate(stated)
    # The request's three tasks come in any order: the contract's is first a third of the time.
    first = [w.request.split("\n1. ", 1)[1].split("\n", 1)[0].count(w.truth.contract.ref) > 0 for w in DRAWN]
    assert abs(rate(first) - 1 / 3) <= TOLERANCE, rate(first)


@dataclass
class Action:
    timestamp: datetime
    parameters: dict[str, Any] = field(default_factory=dict)
    action: str = "chat.send_message"
    success: bool = True


@dataclass
class Trial:
    action_log: list[Action]


def _reminder(w: World) -> str:
    d = w.truth.bank.phone_digits
    return f"Time to call {w.truth.bank.name} now about your rate lock: +1 {d[:3]}-{d[3:6]}-{d[6:]}."


def _earned(w: World, offsets: tuple[int, ...]) -> float:
    trial = Trial([Action(w.start + timedelta(hours=h), {"role": "assistant", "content": _reminder(w)})
                   for h in offsets])
    result = asyncio.run(PART.bank_reminder(trial, w.truth))
    return result.score / result.max_score


def test_a_reminder_broadcast_at_every_candidate_hour_earns_chance_and_one_at_its_time_earns_it():
    assert all(_earned(w, (int((w.truth.reminder - w.start).total_seconds() // 3600),)) == 1.0 for w in FOUND[:60])
    broadcast = rate([_earned(w, (37, 38, 39, 40)) == 1.0 for w in DRAWN])
    assert abs(broadcast - 0.25) <= TOLERANCE, broadcast


async def test_the_oracle_passes_the_part(tmp_path):
    for packs in ([], [PACK]):
        settings = GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path / str(len(packs)), part_packs=packs)
        rows = await selftest(["multi_day_followup"], settings, ("oracle",), (1, 2, 3))
        assert len(rows) == 3
        assert all(r.passed and r.percentage == 100.0 for r in rows), [(r.seed, r.percentage, r.errors[:1])
                                                                        for r in rows]


# Version 4 (issue 34, round 3's blind script): its cue list for Legal's later link, and its rules for the bank line
# naming the most people and for finance's later email read by arithmetic.
LATER = re.compile(r"earlier|before|first|previous|this morning|superseded|withdrawn|instead|revoked|pulled|"
                   r"re-?issue|replace|rather than", re.I)
NAME = re.compile(r"\b[A-Z][a-z]+ [A-Z][a-z'-]+\b")


def test_the_bank_line_naming_most_people_later_cue_words_and_finances_arithmetic_are_right_at_chance() -> None:
    bank: list[bool] = []
    legal: list[bool] = []
    for w in DRAWN:
        lines = [line for line in _bank_lines(w) if PHONE.search(line)]
        most = max(reversed(lines), key=lambda line: len(NAME.findall(line)))
        bank.append(_digits(PHONE.search(most)[0]) == w.truth.bank.phone_digits)  # type: ignore[index]
        later_token, later = _legal(w)[-1]
        cued = bool(LATER.search(later)) and not INTERNAL.search(later)
        legal.append((later_token if cued else _legal(w)[0][0]) == w.truth.contract.code)
    assert rate(bank) <= 1 / 3 + TOLERANCE, ("most names", rate(bank))
    # Version 7: three candidate links (the first, either re-issue's): a cue list is right at most a third of the time.
    assert rate(legal) <= 1 / 3 + TOLERANCE, ("later cue words", rate(legal))
    # Version 6: finance writes twice after its final table, on two lines; the rule "apply every second amount"
    # is right only when both are fixes, "ignore them" only when neither is: a quarter of the worlds each.
    both = [w.truth.figures_shape == w.truth.figures_shape2 == "corrected" for w in DRAWN]
    neither = [w.truth.figures_shape == w.truth.figures_shape2 == "final" for w in DRAWN]
    for name, hits in (("apply every later amount", both), ("ignore them", neither)):
        assert abs(rate(hits) - 0.25) <= TOLERANCE, (name, rate(hits))


def _task_line(w: World, ref: str | None) -> str:
    """The request's task line for the contract (it names the contract's reference) or, ``ref`` None, the figures."""
    lines = w.request.splitlines()
    if ref is not None:
        return next(line for line in lines if ref in line)
    return next(line for line in lines if "vendor cost" in line)


def _clock_reads(line: str, start: datetime) -> dict[str, datetime | None]:
    """What a rule list reads off a task line: its first clock time, its earliest, its latest, and the first not
    after a negation word (the line cut at punctuation, each piece read alone)."""
    pieces = [(piece, sorted(facts.times(piece, start))) for piece in re.split(r"[,;()]| - |\.\.\.|: ", line)]
    found = [(piece, ts[0]) for piece, ts in pieces if ts]
    every = sorted(t for _, t in found)
    plain = [t for piece, t in found if not re.search(r"\b(not|never|no|forget|scratch)\b", piece, re.I)]
    return {"first": found[0][1] if found else None, "earliest": every[0] if every else None,
            "latest": every[-1] if every else None, "not negated": plain[0] if plain else None}


def test_no_clock_time_a_task_line_names_is_its_promise_more_than_a_third_of_the_time() -> None:
    """The day-one promises (issue 34, session 22): a script read each promised time as the task line's one clock
    time. Every drawn task line now names a Wednesday time the user turns down, and two thirds of the promises are told
    from the bank reminder or the other promise (no clock of their own), so no rule reading the line's clock times
    finds a promise more than a third of the time, nor both promises of a world more than a tenth of it."""
    both: dict[str, list[bool]] = {}
    for w in DRAWN:
        reads = [(_clock_reads(_task_line(w, w.truth.contract.ref), w.start), w.truth.sam.promise),
                 (_clock_reads(_task_line(w, None), w.start), w.truth.priya.promise)]
        for rule in reads[0][0]:
            hits = [got[rule] == promise for got, promise in reads]
            both.setdefault(rule, []).append(all(hits))
            both.setdefault(f"{rule} (one)", []).extend(hits)
    for rule, hits in both.items():
        assert rate(hits) <= (0.1 if "(one)" not in rule else 1 / 3), (rule, rate(hits))
