"""meeting_scheduling holds no structural shortcut (issue 34, a blind red team's finding): exactly two slots worked
for everybody, so "book the first, move to the other one on a decline" solved the whole move; the decline named one
customer, so pasting the decline into the invite earned the agenda item, the decliner's acceptance and with it the
report; and an invitation that ignored the rule kept for an older email still earned the availability credit.

Now three slots work before the decline, on three days, and the decline rules out the day of one of the later two
(either, as often): "the next valid slot" and "the last valid slot" are right no more often than chance, and so is
"avoid every weekday the decline names" (it also names the final slot's day, as left as it was). The decline names a
second customer, to be left off the agenda, once, as the customer whose call took the slot is (in the other order in
half the phrasings): "the customer named first (or last)" is right no more often than chance, and a pasted decline
carries the one to leave off - the decliner declines it again and the agenda credit is cancelled. The first valid
slot is no longer always on the first day with a free hour: a standing rule left unread (or the one kept for the older
email) changes the first invitation in many worlds, and a first invitation that breaks the older email's rule no
longer earns that invitee's availability credit. The oracle still passes the part through the real green."""

from __future__ import annotations

import random
import re
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from green_agent.config import GreenSettings
from green_agent.judging.context import EvalContext
from green_agent.protocol import ActionLogEntry
from green_agent.scenario_kit import facts
from green_agent.scenarios import Scenario, load_scenario
from green_agent.selftest import selftest
from scenarios.parts.meeting_scheduling.drawing import CUSTOMERS
from scenarios.parts.meeting_scheduling.slots import WEEKDAYS, Rule, valid_starts
from scenarios.parts.meeting_scheduling.texts import _hm

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
BASE = load_scenario(SCENARIOS / "meeting_scheduling")
PART = "meeting_scheduling"
WORLDS = range(1, 201)  # world 0 is the published one (two slots, no second customer)
CHANCE, TOLERANCE = 1 / 2, 0.1


def truth(w: Scenario) -> dict[str, Any]:
    return w.truth["parts"][PART]


def decline(w: Scenario) -> str:
    """The decliner's note with the first decline (their scripted rule ``decline``)."""
    rules = w.spec.characters[truth(w)["decliner"]].scripted_replies
    rule = next(r for r in rules if r.id == "decline")
    assert rule.reply is not None
    return rule.reply.body


def worlds() -> list[Scenario]:
    return [BASE.in_world(seed) for seed in WORLDS]


WORLD_LIST = worlds()


def _starts(w: Scenario) -> tuple[list[datetime], datetime]:
    t = truth(w)
    return [datetime.fromisoformat(s) for s in t["valid_starts"]], datetime.fromisoformat(t["final_start"])


def test_three_slots_work_before_the_decline_and_it_leaves_one():
    for w in WORLD_LIST:
        valid, final = _starts(w)
        assert len(valid) == 3 and valid[1].date() != valid[2].date()
        out = truth(w)["out_day"]
        assert out in {s.isoweekday() for s in valid[1:]}
        assert final in valid[1:] and final.isoweekday() != out


def test_the_slot_left_after_the_decline_is_the_next_valid_one_no_more_often_than_chance():
    pairs = [_starts(w) for w in WORLD_LIST]
    nxt = sum(final == valid[1] for valid, final in pairs) / len(pairs)
    last = sum(final == valid[-1] for valid, final in pairs) / len(pairs)
    assert abs(nxt - CHANCE) <= TOLERANCE and abs(last - CHANCE) <= TOLERANCE, (nxt, last)


def _first_without(w: Scenario, kinds: tuple[str, ...], who: str | None = None) -> datetime:
    """The first valid start with the rules of ``kinds`` left unread (of ``who`` only, or of everybody)."""
    t = truth(w)
    events = w.initial_state["environment"]["modality_states"]["calendar"]["events"].values()
    busy: dict[str, list[tuple[datetime, datetime]]] = {
        "user": [(datetime.fromisoformat(e["start"]), datetime.fromisoformat(e["end"])) for e in events]}
    busy |= {k: [(datetime.fromisoformat(a), datetime.fromisoformat(b)) for a, b in v] for k, v in t["busy"].items()}
    rules = {}
    for k, v in t["rules"].items():
        rule = Rule.model_validate(v)
        for kind in kinds if who in (None, k) else ():
            rule = rule.without(kind)
        rules[k] = rule
    return valid_starts(busy, rules)[0]


def test_a_rule_left_unread_changes_the_first_invitation_often():
    """Each standing rule (and the one kept for an older email) rules out an earlier free hour in many worlds: a
    script that cannot read one still books the right first slot in at most about two worlds in three, one that reads
    none in about one in four (they were 66-100 % and 51 % when no day before the first valid slot was ever free)."""
    n = len(WORLD_LIST)
    for kind in ("not_before", "end_by", "days_out"):
        rate = sum(_first_without(w, (kind,)) == _starts(w)[0][0] for w in WORLD_LIST) / n
        assert rate <= 0.65 + TOLERANCE, (kind, rate)
    hidden = sum(_first_without(w, (truth(w)["hidden_rule"]["kind"],), truth(w)["hidden_rule"]["who"])
                 == _starts(w)[0][0] for w in WORLD_LIST) / n
    none = sum(_first_without(w, ("not_before", "end_by", "days_out")) == _starts(w)[0][0] for w in WORLD_LIST) / n
    assert hidden <= CHANCE + TOLERANCE and none <= 0.3 + TOLERANCE, (hidden, none)


def _days_named(text: str) -> list[int]:
    """The weekdays ``text`` names, in order of first mention."""
    found = sorted((m.start(), d) for d, name in WEEKDAYS.items() for m in re.finditer(rf"\b{name}\b", text))
    out: list[int] = []
    for _, d in found:
        if d not in out:
            out.append(d)
    return out


def test_the_weekdays_the_decline_names_do_not_tell_the_slot_left():
    avoid = first = 0.0
    for w in WORLD_LIST:
        valid, final = _starts(w)
        named = _days_named(decline(w))
        later = {s.isoweekday() for s in valid[1:]}
        # Both later slots' days are named (the one ruled out, the one left as it was), and no other.
        assert set(named) == later, (named, later)
        left = [s for s in valid[1:] if s.isoweekday() not in named]
        avoid += 0.5 if len(left) != 1 else left[0] == final  # a rule that cannot tell guesses
        first += named[0] == final.isoweekday()
    n = len(WORLD_LIST)
    assert abs(avoid / n - CHANCE) <= TOLERANCE and abs(first / n - CHANCE) <= TOLERANCE, (avoid / n, first / n)


def _customers_named(text: str) -> list[str]:
    found = sorted((m.start(), c) for c in CUSTOMERS for m in re.finditer(rf"\b{c}\b", text))
    return [c for _, c in found]


def test_the_customer_asked_for_is_told_by_what_is_said_not_by_its_place():
    first = last = 0
    for w in WORLD_LIST:
        t = truth(w)
        named = _customers_named(decline(w))
        # Each customer once: counting names tells nothing.
        assert sorted(named) == sorted([t["agenda_keyword"], t["decoy"]]), named
        first += named[0] == t["agenda_keyword"]
        last += named[-1] == t["agenda_keyword"]
    n = len(WORLD_LIST)
    assert abs(first / n - CHANCE) <= TOLERANCE and abs(last / n - CHANCE) <= TOLERANCE, (first / n, last / n)


def test_a_pasted_decline_is_declined_again():
    for w in WORLD_LIST[:50]:
        t = truth(w)
        rules = {r.id: r for r in w.spec.characters[t["decliner"]].scripted_replies}
        accept = rules["accept"].match
        text = decline(w)
        assert facts.has_any(text, accept.any_of) and facts.has_any(text, accept.none_of)
        # What a careful assistant writes is accepted.
        assert facts.has_any(f"10 minutes: {t['agenda_keyword']} update", accept.any_of)
        assert not facts.has_any(f"10 minutes: {t['agenda_keyword']} update", accept.none_of)


def _context(w: Scenario, description: str) -> EvalContext:
    """The decline at +1.4 h, then the meeting moved to the slot left with ``description``."""
    from green_agent.assessment.record import CharacterEvent

    t = truth(w)
    start = w.spec.start_time
    valid, final = _starts(w)
    people = {p["id"]: p for p in t["invitees"]}
    attendees = [{"email": p["email"], "display_name": p["name"]} for p in t["invitees"]]

    def invite(hours: float, action: str, at: datetime, text: str) -> ActionLogEntry:
        return ActionLogEntry(turn=int(hours) + 1, timestamp=start + timedelta(hours=hours), action=action,
                              parameters={"event_id": "mtg-1", "title": t["title"], "start": at.isoformat(),
                                          "end": (at + timedelta(hours=1)).isoformat(), "description": text,
                                          "attendees": attendees})

    said = (CharacterEvent(t["decliner"], "email", start + timedelta(hours=1.4),
                           {"subject": "Declined", "body": decline(w)}, None, True),
            CharacterEvent(t["decliner"], "calendar", start + timedelta(hours=1.4),
                           {"operation": "respond", "event_id": "mtg-1", "response": "declined",
                            "attendee_email": people[t["decliner"]]["email"]}, None, True))
    actions = (invite(1, "calendar.create", valid[0], "Agenda"), invite(2, "calendar.update", final, description))
    initial = w.initial_state["environment"]["modality_states"]
    event = {"event_id": "mtg-1", "title": t["title"], "start": final.isoformat(),
             "end": (final + timedelta(hours=1)).isoformat(), "description": description, "status": "confirmed",
             "organizer": t["user"]["email"], "attendees": attendees,
             "updated_at": (start + timedelta(hours=2)).isoformat()}
    final_state = {**initial, "calendar": {**initial["calendar"],
                                           "events": {**initial["calendar"]["events"], "mtg-1": event}}}
    return EvalContext(scenario=w.spec, action_log=actions, initial_state=initial, final_state=final_state,
                       events=(), chat_transcript=(), start_time=start, end_time=w.spec.end_time,
                       final_time=start + timedelta(hours=4), turns_taken=4, user_email=t["user"]["email"],
                       user_phone=w.spec.characters["user"].phone or "", truth=w.truth, character_events=said)


async def test_the_agenda_credit_reads_the_item():
    for w in WORLD_LIST[:10]:
        t = truth(w)
        grade = BASE.evaluators["agenda_updated"]
        own = await grade(_context(w, f"Agenda: roadmap; 10 min on the {t['agenda_keyword']} update."), {})
        pasted = await grade(_context(w, f"Agenda request: {decline(w)}"), {})
        both = await grade(_context(w, f"Agenda: {t['agenda_keyword']} update; {t['decoy']} dropped."), {})
        assert (own.score, pasted.score, both.score) == (1, 0, 0), (own, pasted, both)


async def test_the_decliner_holds_to_the_whole_decline():
    """After the decline: a re-invitation on the day it ruled out, or naming the customer to leave off, is declined;
    one at the slot left with the item asked for is accepted (the invitation as an invitee reads it: its
    description and when it is)."""
    from green_agent.characters.base import OutgoingMessage
    from green_agent.characters.scripted import ScriptedCharacters

    for w in WORLD_LIST[:6]:
        t = truth(w)
        valid, final = _starts(w)
        gone = next(s for s in valid[1:] if s.isoweekday() == t["out_day"])
        office = ScriptedCharacters(spec=w.spec, rng=random.Random(0), user_email=t["user"]["email"], user_phone="")

        async def invite(hours: float, text: str, at: datetime, office: Any = office, w: Scenario = w) -> list[str]:
            body = f"{text}\n\nWhen: {facts.time_phrases(at)[1]} (UTC)"
            planned = await office.plan([OutgoingMessage(
                "calendar", truth(w)["decliner"], w.spec.start_time + timedelta(hours=hours), body=body,
                subject=truth(w)["title"], message_id=f"mtg-1@{at.isoformat()}/{hours}", event_id="mtg-1")])
            return [p.data["response"] for p in planned if p.modality == "calendar"]

        item = f"Agenda: roadmap; 10 minutes on the {t['agenda_keyword']} update"
        assert await invite(1, "Agenda: roadmap", valid[0]) == ["declined"]
        assert await invite(2, item, gone) == ["declined"]
        assert await invite(3, f"{item}; {t['decoy']} left off", final) == ["declined"]
        assert await invite(4, item, final) == ["accepted"]


async def test_the_oracle_passes_the_part(tmp_path):
    rows = await selftest([PART], GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path), ("oracle",), (1, 2, 3))
    assert len(rows) == 3
    assert all(r.passed and r.percentage == 100.0 for r in rows), [(r.seed, r.percentage, r.errors[:1]) for r in rows]


def _answer(w: Scenario, who: str) -> str:
    """``who``'s answer to the availability question (their scripted rule ``availability``)."""
    rule = next(r for r in w.spec.characters[who].scripted_replies if r.id == "availability")
    assert rule.reply is not None
    return rule.reply.body


def _window(w: Scenario, who: str, start: datetime) -> tuple[datetime, datetime]:
    """The free window of ``who``'s day (09:00-17:00 less their busy times) that holds ``start``."""
    day = start.replace(hour=9, minute=0)
    spans = sorted((datetime.fromisoformat(a), datetime.fromisoformat(b)) for a, b in truth(w)["busy"][who]
                   if datetime.fromisoformat(a).date() == start.date())
    lo, hi = day, day.replace(hour=17)
    for a, b in spans:
        if b <= start:
            lo = max(lo, b)
        elif a > start:
            hi = min(hi, a)
    return lo, hi


def test_a_time_range_in_an_answer_is_busy_or_free_only_by_its_words():
    """One or two of the three answers in every world tell the week by its free windows, the others by its busy
    times: reading every range as busy rules out the first valid start in every world, reading every range as free
    books into someone's busy time. Clock times that are no rule (something past) sit in about half the answers."""
    tellers, asides = [], 0
    for w in WORLD_LIST:
        start = _starts(w)[0][0]
        told = 0
        for p in truth(w)["invitees"]:
            text = _answer(w, p["id"])
            lo, hi = _window(w, p["id"], start)
            told += any(f"{_hm(lo, twelve)}-{_hm(hi, twelve)}" in text for twelve in (False, True))
            asides += any(re.search(r"\b(last|Sunday|weekend)\b", sentence) and re.search(r"\d:\d\d", sentence)
                          for sentence in re.split(r"(?<=[.)])\s", text))
        tellers.append(told)
    assert set(tellers) == {1, 2}, tellers
    assert abs(tellers.count(1) / len(tellers) - CHANCE) <= TOLERANCE
    assert abs(asides / (3 * len(WORLD_LIST)) - CHANCE) <= TOLERANCE, asides
