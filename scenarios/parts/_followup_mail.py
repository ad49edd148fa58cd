"""The followup part's mails that tell by linking (scenarios/parts/followup.py): the colleague's earlier mail saying who
negotiated which client's contract, and Legal's late note moving one contract's hold-back (version 8)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from green_agent.scenario_kit import build as kit
from green_agent.scenario_kit.facts import clock12
from green_agent.scenario_kit.records import Email, ScheduledEvent
from green_agent.scenario_kit.slices import Day, iso

from ._followup_phrases import PHRASES, _cap, _hour24, _spoken, clauses

# How that mail tells the client's negotiator: said outright, said past a wrong name, left over once the other two are
# said, or left once a name is ruled out.
TOLD = ("pos", "trap", "rest", "neg")
# The hours a hold-back may be given at before Legal's late note moves it.
HOURS = (11, 12, 13, 14)


@dataclass(frozen=True)
class Move:
    """Legal's late note: contract ``target`` (0 the client's, 1 and 2 the others, as ``_Drawn`` orders them) had its
    hold-back given at ``before`` in Legal's earlier mail(s); it is ``after`` now."""

    target: int
    before: int
    after: int
    seed: str  # the note's own draws (wording, arrival) come from here, never from the day's generator


def draw_move(ours_hold: int, holds: tuple[int, int], seed: str) -> Move:
    """The note's contract and hours, drawn from ``seed`` (values the world drew already), so every earlier draw of the
    day stays as it was. It moves the client's hold-back half the time — to the hour the client's link really is held
    until, from an earlier one — and another contract's the other half, from its listed hour to a later one: a
    script reading only the first mail's hour for the client's link, or applying every move it sees, is right at
    chance."""
    rng = random.Random(seed)
    if rng.random() < 0.5:
        return Move(0, rng.choice([h for h in HOURS if h < ours_hold]), ours_hold, seed)
    k = rng.choice((1, 2))
    before = holds[k - 1]
    # Never onto the client's hour: "the late note's hour is the client's" is then right exactly when it is theirs.
    return Move(k, before, rng.choice([h for h in (before + 1, before + 2) if h != ours_hold]), seed)


def move_mail(day: Day, d: Any, f: dict[str, Any], move: Move) -> ScheduledEvent:
    """Legal's note moving ``move.target``'s hold-back, arriving after Legal's other mail and before 11 o'clock (the
    contract named by its negotiator; another contract named beside it, first or last, half the time)."""
    rng = random.Random(f"{move.seed}:words")
    contracts = (d.ours, d.theirs, d.third)
    label = contracts[move.target].label(d.label)
    other = contracts[rng.choice([k for k in range(3) if k != move.target])].label(d.label)
    at, old = day.at(move.after), day.at(move.before)
    body = PHRASES.say(rng, "hold_moved", **f, which=label, Which=_cap(label), other=other, Other=_cap(other),
                       at=clock12(at), at24=_hour24(at), at_words=_spoken(at), old=clock12(old),
                       old24=_hour24(old))
    mid = "m-followup-legal-3"
    return kit.scheduled_event("ev-followup-legal-3", iso(d.second + timedelta(minutes=rng.randrange(3, 10))),
                               "email", {"operation": "receive", "message_id": mid, "thread_id": f"thread-{mid}",
                                         "from_address": d.legal.email, "to_addresses": [day.user.email],
                                         "subject": PHRASES.say(rng, "moved_subject", **f), "body_text": body},
                               created_at=iso(day.start))


def _body(rng: Any, f: dict[str, Any], told: list[str]) -> str:
    """The colleague's mail around its clauses: one sentence, a list, or sentences."""
    return PHRASES.say(rng, "teller", **f, body="; ".join(told), lines="\n".join(f"- {_cap(c)}" for c in told),
                       Sentences=" ".join(f"{_cap(c)}." for c in told))


def _teller(day: Day, d: Any, f: dict[str, Any]) -> list[Email]:
    """The colleague's earlier mail saying who negotiated which client's contract (and, in some worlds, a reply
    correcting two swapped names)."""
    rng = day.rng
    people = [(c.negotiator.first, c.mention(how)) for c, how in zip((d.ours, d.theirs, d.third), d.mention,
                                                                      strict=True)]
    titles: dict[str, list[str]] = {}
    for m in d.meetings:
        titles.setdefault(m.who.first, []).append(m.title)
    mode = rng.choice(TOLD)
    subject = PHRASES.say(rng, "teller_subject", **f)
    sent = day.start - timedelta(days=1, hours=rng.randrange(2, 6))
    if not d.corrected:
        return [kit.inbox_email("m-followup-teller", d.teller.email, day.user.email, subject,
                                _body(rng, f, clauses(rng, people, mode, titles)), iso(sent), read=True)]
    # The first mail swaps the client's negotiator with another's; the reply puts the client's right.
    j = rng.choice((1, 2))
    swapped = list(people)
    swapped[0], swapped[j] = (people[j][0], people[0][1]), (people[0][0], people[j][1])
    wrong = kit.inbox_email("m-followup-teller", d.teller.email, day.user.email, subject,
                            _body(rng, f, clauses(rng, swapped, mode, titles)), iso(sent), read=True)
    clause = PHRASES.say(rng, rng.choice(("trap", "pos")), N=people[0][0], Np=people[0][0], M=people[0][1],
                         X=people[j][0])
    fix = kit.inbox_email("m-followup-teller-2", d.teller.email, day.user.email, f"Re: {subject}",
                          PHRASES.say(rng, "teller_fix", **f, clause=clause, Clause=_cap(clause), M=people[0][1]),
                          iso(sent + timedelta(minutes=50)), read=True)
    fix["thread_id"] = wrong["thread_id"]
    fix["in_reply_to"] = wrong["message_id"]
    return [wrong, fix]
