"""followup version 8 (issue 34, session 24): the scripts that beat the part at seeds 100-129 read the client's hour
off Legal's first mail once they had the negotiator. Legal's late note now moves one contract's hold-back — the
client's half the time, to the hour their link is really held until, from an earlier one — so the first mail's hour
and the late note's hour are each the client's only at chance: which contract the note names (by its negotiator)
decides. A promise or a link timed by the first mail's hour in a moved world earns nothing."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from green_agent.scenario_kit.day import slice_of
from green_agent.scenario_kit.facts import clock12
from green_agent.scenario_kit.grading import when
from scenarios.parts._followup_mail import draw_move
from tests.green.test_followup_balance import PART
from tests.green.test_workday_classic_b import context, email, score, truth, world

WORLDS = range(200)


def _late_note(piece: Any) -> dict[str, Any]:
    """Legal's late note: the one mail of Legal's that carries no link."""
    (note,) = [a["data"] for a in piece.arrivals if "https://" not in a["data"]["body_text"]]
    return note


def test_the_note_moves_the_client_s_hold_back_half_the_time_and_never_onto_its_hour_otherwise():
    drawn = [(hold, draw_move(hold, (a, b), f"probe-{hold}-{a}-{b}-{n}")) for hold in (12, 13)
             for a in (11, 12, 13, 14) for b in (11, 12, 13, 14) for n in range(12)]
    ours = [m for _, m in drawn if m.target == 0]
    assert 0.4 <= len(ours) / len(drawn) <= 0.6
    assert all(m.before < m.after for _, m in drawn) and all(m.after == hold for hold, m in drawn if m.target == 0)
    # "apply the note's hour to the client's link" is right exactly when the note is about the client's contract
    assert not any(m.target and m.after == hold for hold, m in drawn)


def test_every_world_has_the_late_note_before_the_promise_is_due_and_it_names_both_hours():
    moved = 0
    for seed in WORLDS:
        piece = slice_of(seed, "balance", PART)
        t = PART.Truth.model_validate(piece.truth, from_attributes=True)
        note = _late_note(piece)
        legal = sorted(when(a["data"]["timestamp"]) for a in piece.arrivals)
        assert when(note["timestamp"]) == legal[-1] and legal[-1].hour < 11
        if t.listed_hold:
            moved += 1
            hold, listed = when(t.hold), when(t.listed_hold)
            assert listed < hold
            assert clock12(listed) in note["body_text"] or f"{listed:%H:%M}" in note["body_text"]
    # the first mail's hour and the note's hour are each the client's in about half the worlds
    assert 0.4 <= moved / len(WORLDS) <= 0.6, moved


def test_a_fixed_guess_at_the_two_coin_decisions_is_right_in_about_a_quarter_of_the_worlds():
    """The client's hour (the first mail's, or the late note's) and the bank's number (the asked row's, or the note's
    new one) are independent coins: any fixed pair of guesses is right in both about a quarter of the time, before
    the link (one of Legal's three or four) and the promise rule are guessed too."""
    both = {("first", "row"): 0, ("first", "note"): 0, ("late", "row"): 0, ("late", "note"): 0}
    for seed in WORLDS:
        piece = slice_of(seed, "balance", PART)
        t = PART.Truth.model_validate(piece.truth, from_attributes=True)
        bank = next(e for e in piece.emails if e["message_id"] == "m-followup-bank")["body_text"]
        rows = {re.sub(r"\D", "", m)[1:] for line in bank.splitlines() if line.count("+1 555") == 1
                for m in re.findall(r"\+1 555-\d{3}-\d{4}", line)}
        hour = "late" if t.listed_hold else "first"
        number = "row" if t.digits in rows else "note"
        both[(hour, number)] += 1
    assert all(0.15 <= n / len(WORLDS) <= 0.35 for n in both.values()), both


def test_a_promise_or_a_link_timed_by_the_first_mail_s_hour_in_a_moved_world_earns_nothing():
    checked = 0
    for seed in range(1, 40):
        sc = world("followup", seed)
        t = truth(sc, "followup")
        if not t["listed_hold"]:
            continue
        hold, listed, promise = when(t["hold"]), when(t["listed_hold"]), when(t["promise"])
        morning = listed - timedelta(minutes=30)
        told = {at: context(sc, [email(sc, morning, [t["client"]], f"You'll have it by {clock12(at)} today.")])
                for at in (promise, promise - (hold - listed))}
        assert [score(sc, "followup_promise", ctx, "followup") for ctx in told.values()] == [1.0, 0.0]
        link = f"Here it is: https://x.example/c/{t['token']}"
        for sent, ok in ((listed + timedelta(minutes=5), 0.0), (promise - timedelta(minutes=55), 1.0)):
            ctx = context(sc, [email(sc, sent, [t["client"]], link)])
            assert (score(sc, "followup_delivered", ctx, "followup"),
                    score(sc, "followup_link_held", ctx, "followup")) == (ok, ok)
        checked += 1
    assert checked >= 10
