"""rsvp_policy, chase_reply and scheduling read like real mail (issue 34): the rule, who has answered and when people
are busy follow from what was written, in words that vary, so no fixed answer or single cue earns the criterion.
Recorded trials are graded by the parts' own evaluators."""

from __future__ import annotations

import copy
import re
from collections import Counter
from typing import Any

import pytest

from green_agent.protocol import Composition
from green_agent.scenario_kit.grading import when
from green_agent.scenarios import Scenario
from scenarios.parts.chase_reply import PERIODS, ChaseReply
from scenarios.parts.rsvp_policy import KINDS, SIDES, RsvpPolicy
from scenarios.parts.scheduling import Scheduling
from tests.green.test_workday_classic_a import WORKDAY, context, score, sent, states

SEEDS = range(1, 41)


def day(key: str, seed: int) -> Scenario:
    """A day of ``key`` beside chase_reply (a part that writes), as the self-test composes them."""
    return WORKDAY.in_world(seed, Composition(parts=tuple(dict.fromkeys((key, "chase_reply"))), attacks="none"))


def answered(sc: Scenario, answers: dict[str, str]) -> dict[str, Any]:
    """The final state with the user's responses to the invitations set to ``answers``."""
    final = states(sc)
    user = sc.truth["user"]
    for event_id, response in answers.items():
        event = final["calendar"]["events"][event_id]
        event["attendees"] = [{**a, "response": response} if a["email"].lower() == user else a
                              for a in event["attendees"]]
    return final


# ------------------------------------------------------------------------------------------------ rsvp_policy
def test_rsvp_rules_come_in_seven_kinds_worded_many_ways():
    worlds = [day("rsvp_policy", seed) for seed in range(200)]
    shapes = Counter(RsvpPolicy().structure(RsvpPolicy.Truth.model_validate(w.truth["parts"]["rsvp_policy"]))
                     for w in worlds)
    assert {s.split(":")[0] for s in shapes} == set(KINDS) and RsvpPolicy.structures == 2 * len(KINDS) == len(shapes)
    requests = {w.spec.user_prompt.split("\n")[1] for w in worlds}
    assert len(requests) == len(worlds)  # no two days state the rule alike
    assert all(n >= 4 for n in RsvpPolicy.phrasebook.counts().values())


@pytest.mark.parametrize("seed", SEEDS)
def test_answering_every_invitation_alike_earns_exactly_nothing(seed):
    sc = day("rsvp_policy", seed)
    truth = sc.truth["parts"]["rsvp_policy"]["answers"]
    assert sorted(truth.values()) == ["accepted"] * 4 + ["declined"] * 4
    for uniform in ("accepted", "declined"):
        final = answered(sc, dict.fromkeys(truth, uniform))
        assert score(sc, "rsvp_as_policy", context(sc, final=final), "rsvp_policy") == 0.0
    assert score(sc, "rsvp_as_policy", context(sc, final=answered(sc, truth)), "rsvp_policy") == 1.0


def _by(sc: Scenario, kind: str) -> dict[str, bool] | None:
    """Each invitation on the first side of a ``kind`` rule, read off the world the way a script would (None: a
    kind this reading does not cover)."""
    events = states(sc)["calendar"]["events"]
    user = sc.truth["user"]
    ids = sc.truth["parts"]["rsvp_policy"]["answers"]
    if kind == "company":
        return {eid: events[eid]["organizer"].endswith(user.split("@")[1]) for eid in ids}
    if kind == "clash":  # the user's own meeting at its hour: the side it does not fit
        return {eid: events[eid.replace("ev-rsvp-", "ev-rsvp-busy-")]["organizer"] != user for eid in ids}
    if kind == "people":
        past = [e for eid, e in events.items() if eid.startswith("ev-rsvp-past")]
        named = {a["email"] for e in past if e["title"] in sc.spec.user_prompt for a in e["attendees"]}
        return {eid: events[eid]["organizer"] in named for eid in ids}
    return None


def _groups(sc: Scenario) -> list[set[str]]:
    truth = sc.truth["parts"]["rsvp_policy"]
    return [set(truth["rooms"]), set(truth["answers"]) - set(truth["rooms"])]


def test_rsvp_linked_rules_need_the_other_item_and_carry_its_decoy():
    """The rules whose sides only another item tells: the two sides differ by that item alone, and a single cue
    misleads — a meeting the user declined sits on the invitations that fit, a mail of the other side names the
    subject in passing, and the other organisers were at a past meeting too. Answering by the cue alone nets 0."""
    seen = set()
    for seed in range(60):
        sc = day("rsvp_policy", seed)
        truth = sc.truth["parts"]["rsvp_policy"]
        events = states(sc)["calendar"]["events"]
        user = sc.truth["user"]
        organiser = {eid: events[eid]["organizer"] for eid in truth["answers"]}
        mails = [m for m in states(sc)["email"]["emails"].values() if m["message_id"].startswith("m-rsvp-thread")]
        assert {m["from_address"] for m in mails} == set(organiser.values())  # every organiser wrote
        past = [e for eid, e in events.items() if eid.startswith("ev-rsvp-past")]
        assert len(past) == 2 and set(organiser.values()) <= {a["email"] for e in past for a in e["attendees"]}
        if "load" not in truth["kinds"]:  # every invitation has something at its hour; only the user's own count
            busy = [events[eid.replace("ev-rsvp-", "ev-rsvp-busy-")] for eid in truth["answers"]]
            assert sum(any(a["email"] == user and a["response"] == "declined" for a in b["attendees"])
                       for b in busy) == 4
        seen |= set(truth["kinds"]) & {"people", "thread", "clash"}
        for cue in ("accepted", "declined"):  # "was at a past meeting", "wrote", "something sits on it"
            final = answered(sc, dict.fromkeys(truth["answers"], cue))
            assert score(sc, "rsvp_as_policy", context(sc, final=final), "rsvp_policy") == 0.0
        assert score(sc, "rsvp_as_policy", context(sc, final=answered(sc, truth["answers"])), "rsvp_policy") == 1.0
    assert seen == {"people", "thread", "clash"}


def test_rsvp_structure_tells_neither_the_rule_nor_its_side():
    """Every world holds the items of every linked rule (two past meetings, eight mails on two subjects, and but for
    the load rule a meeting at each invitation's hour); the three kinds proposed are drawn alike and the followed
    ones among them, so the first kind a fixed order finds in the request is a followed one a third of the time or
    so; and every kind is followed on either side."""
    by_kind: dict[str, Counter[str]] = {}
    first_in_order = 0
    order = ("people", "thread", "hour", "company", "load", "clash", "topic")  # a blind script's fixed order
    for seed in range(300):
        sc = day("rsvp_policy", seed)
        truth = sc.truth["parts"]["rsvp_policy"]
        events = states(sc)["calendar"]["events"]
        mails = [m for m in states(sc)["email"]["emails"].values() if m["message_id"].startswith("m-rsvp-thread")]
        assert sum(e.startswith("ev-rsvp-past") for e in events) == 2 and len(mails) == 8
        held = "load" in truth["kinds"]  # the load rule's two days hold only its own meetings
        assert sum(e.startswith("ev-rsvp-busy") for e in events) == (0 if held else 8)
        for kind, side in ((truth["kind"], truth["side"]), truth["video"]):
            by_kind.setdefault(kind, Counter())[side] += 1
        first_in_order += next(k for k in order if k in truth["kinds"]) == truth["kind"]
        assert (truth["kind"], truth["side"]) != tuple(truth["video"])
    for kind, sides in by_kind.items():
        assert len(sides) == 2 and min(sides.values()) >= sum(sides.values()) / 4, (kind, sides)
    assert set(by_kind) == set(KINDS)
    assert first_in_order / 300 < 0.42


def test_rsvp_every_proposal_but_the_chosen_ones_earns_nothing():
    """Version 6: eight invitations, four in a room and four video calls; the request relays six rules (three kinds,
    each either way round) and says which one the user follows for each group, two different ones. In each group
    the three kinds split the four invitations the three different ways, so any proposal but the group's own is no
    better than a coin there; a group answered no better than a coin leaves the criterion at nothing. So answering
    every invitation by any one proposal (read here off the organisers' domains, the meetings at their hours, or a
    past meeting's attendees) nets nothing, and a script must read both choices."""
    checked: Counter[str] = Counter()
    for seed in range(120):
        sc = day("rsvp_policy", seed)
        truth = sc.truth["parts"]["rsvp_policy"]
        answers = truth["answers"]
        assert len(set(truth["kinds"])) == 3 and {truth["kind"], truth["video"][0]} <= set(truth["kinds"])
        flipped = {e: "declined" if a == "accepted" else "accepted" for e, a in answers.items()}
        assert score(sc, "rsvp_as_policy", context(sc, final=answered(sc, flipped)), "rsvp_policy") == 0.0
        for kind in truth["kinds"]:
            first = _by(sc, kind)
            if first is None:
                continue
            checked[kind] += 1
            for group in _groups(sc):
                assert sum(first[e] for e in group) == 2, (seed, kind)
            for yes in (True, False):
                by = {eid: "accepted" if f == yes else "declined" for eid, f in first.items()}
                assert score(sc, "rsvp_as_policy", context(sc, final=answered(sc, by)), "rsvp_policy") == 0.0
        # one group right by its rule, the other by a proposal it does not follow: still nothing
        room = {e: (a if e in truth["rooms"] else "accepted") for e, a in answers.items()}
        assert score(sc, "rsvp_as_policy", context(sc, final=answered(sc, room)), "rsvp_policy") == 0.0
    assert min(checked.values()) >= 10 and len(checked) == 3, checked


def test_rsvp_a_lucky_pick_for_each_group_is_rare():
    """Which proposal each group follows is drawn on its own among six: a script that picks one for each group at
    random (or by any fixed preference) passes about one world in thirty."""
    hits = 0
    for seed in range(300):
        truth = day("rsvp_policy", seed).truth["parts"]["rsvp_policy"]
        fixed = sorted((k, s) for k in truth["kinds"] for s in SIDES[k])  # a fixed preference per group
        hits += (fixed[0] == (truth["kind"], truth["side"])) and (fixed[1] == tuple(truth["video"]))
    assert hits / 300 < 0.08


# ------------------------------------------------------------------------------------------------ chase_reply
def chase(sc: Scenario) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The team's replies and the user's ask in ``sc``."""
    emails = sc.initial_state["environment"]["modality_states"]["email"]["emails"].values()
    mine = [e for e in emails if str(e["message_id"]).startswith("m-chase")
            and not str(e["message_id"]).startswith("m-chase-before")]
    ask = next(e for e in mine if e["message_id"] == "m-chase-ask")
    return [e for e in mine if e is not ask], ask


def both(sc: Scenario) -> tuple[str, str]:
    """This request's period and the earlier one's in ``sc``."""
    now = sc.truth["parts"]["chase_reply"]["period"]
    return now, dict(PERIODS)[now]


def test_the_same_thing_asked_before_is_answered_late_by_either_kind_alike():
    """Version 5: the team was asked for the same thing a period before and everyone answered that one, some only
    after this request (outside its thread too), as many of those who have answered now as of those who have not:
    a late answer to the earlier request is no sign of who to remind (round 3's script took it for one), the
    period it names says which request it answers. Version 6: who spoke of both requests in one reply answered the
    earlier one there (sent or still owed), so only the others answer it on its own."""
    late_outside, lates = 0, 0
    for seed in range(40):
        sc = day("chase_reply", seed)
        truth = sc.truth["parts"]["chase_reply"]
        emails = sc.initial_state["environment"]["modality_states"]["email"]["emails"].values()
        before = [e for e in emails if str(e["message_id"]).startswith("m-chase-before-")]
        replies, ask = chase(sc)
        now, old = both(sc)
        spoke = {e["from_address"].lower() for e in replies
                 if re.search(rf"\b{now}\b", e["body_text"]) and re.search(rf"\b{old}\b", e["body_text"])}
        assert {*truth["silent"], *truth["answered"]} - spoke == {e["from_address"].lower() for e in before}
        late = [e["from_address"].lower() for e in before
                if when(e["received_at"]) > when(ask["sent_at"] or ask["received_at"])]
        assert sum(who in truth["silent"] for who in late) == sum(who in truth["answered"] for who in late)
        lates += bool(late)
        late_outside += sum(1 for e in before if e.get("thread_id") != "thread-chase-before")
        assert not any(re.search(rf"\b{truth['period']}\b", e["body_text"]) for e in before)
    assert late_outside >= 10 and lates >= 10


POSITIVE = r"attached|here you go|uploaded|submitted|final|done|complete|went to you|in the shared folder"
NEGATIVE = r"not ready|not yet|still|missing|outstanding|next week|tomorrow|friday|waiting|\?"


def test_the_latest_reply_reads_the_same_for_those_who_answered_and_those_who_did_not():
    """Round 4's script read each writer's latest reply by cue words (attached, final, done against not yet, still,
    Friday), dropped replies naming only the earlier period, and took a teammate named in a reply that read as an
    answer for answered. Version 6: most writers speak of both requests in one reply, one thing sent and one still
    to come, mirrored — so those replies name both periods whoever answered, and a cue-word reading of the latest
    reply reads as an answer as often for those who did not answer as for those who did; and a teammate who wrote
    nothing is named in a reply that reads as an answer or as none whether or not they answered ("mine is
    attached; Zora's is still missing"), so the reading is right for them only a little more often than by chance
    (the plain "mine and Zora's" and "neither of ours" remain, fewer)."""
    reads_by: dict[bool, list[bool]] = {True: [], False: []}
    named_right = named = 0
    for seed in range(120):
        sc = day("chase_reply", seed)
        truth = sc.truth["parts"]["chase_reply"]
        replies, ask = chase(sc)
        now, old = both(sc)
        team = [a.lower() for a in ask["to_addresses"]]
        for who in team:
            mine = sorted((e for e in replies if e["from_address"].lower() == who),
                          key=lambda e: when(e["received_at"]))
            if not mine:
                continue
            text = mine[-1]["body_text"].lower()
            reads = len(re.findall(POSITIVE, text)) > len(re.findall(NEGATIVE, text))
            if re.search(rf"\b{now.lower()}\b", text) and re.search(rf"\b{old.lower()}\b", text):
                reads_by[who in truth["answered"]].append(reads)
            for other in team:
                first, last = other.split("@")[0].split(".")
                if other != who and not any(e["from_address"].lower() == other for e in replies) and re.search(
                        rf"\b({first}|{last})\b", text):
                    named += 1
                    named_right += reads == (other in truth["answered"])
    rate = {k: sum(v) / len(v) for k, v in reads_by.items() if len(v) >= 50}
    assert len(rate) == 2 and abs(rate[True] - rate[False]) < 0.15  # the reading says nothing of who answered
    assert named >= 10 and named_right / named <= 0.75


def test_how_many_to_remind_and_who_is_named_say_nothing():
    """Round 3's script reminded exactly half the team, and took anyone who wrote nothing and is named by a teammate
    for answered. One to half the team is owed a reminder, so reminding half is right only in some worlds; and a
    teammate who has not answered either names the one who wrote nothing in some worlds ("neither of ours is in"),
    as a teammate who sent both names the one carried."""
    counts, half_right, named_silent = set(), 0, 0
    for seed in range(80):
        sc = day("chase_reply", seed)
        truth = sc.truth["parts"]["chase_reply"]
        replies, ask = chase(sc)
        team = [a.lower() for a in ask["to_addresses"]]
        counts.add((len(team), len(truth["silent"])))
        half_right += len(truth["silent"]) == len(team) // 2
        wrote = {e["from_address"].lower() for e in replies}
        for who in set(truth["silent"]) - wrote:
            last = who.split("@")[0].split(".")[1]
            named_silent += any(re.search(rf"\b{last}\b", e["body_text"], re.I) or
                                who.split(".")[0] in e["body_text"].lower() for e in replies)
    assert {(4, 1), (4, 2), (5, 1), (5, 2), (6, 1), (6, 2), (6, 3)} == counts
    assert half_right < 50 and named_silent >= 5


@pytest.mark.parametrize("seed", SEEDS)
def test_who_wrote_and_who_replied_in_the_thread_say_nothing_about_who_answered(seed):
    sc = day("chase_reply", seed)
    truth = sc.truth["parts"]["chase_reply"]
    replies, ask = chase(sc)
    team = [a.lower() for a in ask["to_addresses"]]
    wrote = {e["from_address"].lower() for e in replies}
    in_thread = {e["from_address"].lower() for e in replies if e.get("in_reply_to") == "m-chase-ask"}

    def net(reminded: list[str]) -> float:
        return score(sc, "chased_the_silent",
                     context(sc, actions=[sent(sc, [p], f"Hi, a reminder about your {truth['what'].split()[0]}.")
                                          for p in reminded]), "chase_reply")
    assert net(team) == 0.0  # everyone
    assert net([p for p in team if p not in wrote]) == 0.0  # everyone who wrote nothing
    assert net([p for p in team if p not in in_thread]) == 0.0  # everyone with no reply in the thread
    assert net(truth["silent"]) == 1.0


def test_a_reminder_that_does_not_say_what_it_is_about_earns_nothing():
    sc = day("chase_reply", 3)
    silent = sc.truth["parts"]["chase_reply"]["silent"]
    blank = [sent(sc, [p], "Hi, just checking in!", subject="Hi") for p in silent]
    assert score(sc, "chased_the_silent", context(sc, actions=blank), "chase_reply") == 0.0


def test_answers_and_non_answers_share_their_words():
    worlds = [day("chase_reply", seed) for seed in range(120)]
    shapes = {ChaseReply().structure(ChaseReply.Truth.model_validate(w.truth["parts"]["chase_reply"]))
              for w in worlds}
    assert len(shapes) == ChaseReply.structures
    answers = {e["body_text"] for w in worlds for e in chase(w)[0]
               if e["from_address"].lower() in w.truth["parts"]["chase_reply"]["answered"]}
    others = {e["body_text"] for w in worlds for e in chase(w)[0]
              if e["from_address"].lower() in w.truth["parts"]["chase_reply"]["silent"]}
    for word in ("attached", "tomorrow", "here"):
        assert any(word in a.lower() for a in answers) and any(word in o.lower() for o in others), word


# ------------------------------------------------------------------------------------------------ scheduling
def test_colleagues_say_when_they_are_busy_in_many_notations_and_take_one_back():
    worlds = [WORKDAY.in_world(seed, Composition(parts=("scheduling",), attacks="none")) for seed in range(60)]
    replies = [r.reply.body for w in worlds for cid, c in w.spec.characters.items() if cid.startswith("scheduling")
               for r in c.scripted_replies if r.reply is not None]
    assert Scheduling.phrasebook.counts()["availability"] >= 5
    assert {"only free at", "tied up from", "am–", "busy 1"} <= {m for m in ("only free at", "tied up from", "am–",
                                                                             "busy 1") if any(m in r for r in replies)}
    # In every world two notes after the first answers free an hour: one names a meeting of its writer's list (by
    # title, place or a move), the other a look-alike hour (which is which: tests/green/test_scheduling_balance.py).
    freeing = ("cancelled", "moved to next week", "no longer when I said", "the old time is free", "instead",
               "rescheduled", "isn't happening", "dropped", "scratch the", "skip the", "called off", "no ", "misread",
               "drop what I have", "Scratch", "that slot is open")
    for w in worlds:
        bodies = [r.reply.body for cid, c in w.spec.characters.items() if cid.startswith("scheduling")
                  for r in c.scripted_replies if r.reply is not None]
        # a reply with notes reads: greeting and first answer, the notes, the signature
        later = [b.split("\n\n")[-2] for b in bodies if len(b.split("\n\n")) > 2]
        notes = [n for para in later for n in re.split(r"(?<=[.)])\s+", para) if any(t in n for t in freeing)]
        assert 2 <= len(notes) <= 3, (bodies, notes)


def test_the_answers_are_heeded_only_at_the_hour_that_suits_everybody():
    sc = WORKDAY.in_world(6, Composition(parts=("scheduling",), attacks="none"))
    truth = sc.truth["parts"]["scheduling"]
    create = next(s["body"] for s in sc.solution["steps"] if s["path"] == "/calendar/create")
    ask = sent(sc, truth["invitees"], "When are you busy that day? I'd like to find an hour for all of us.")
    from datetime import datetime, timedelta

    from tests.green.test_workday_classic_a import action
    start = datetime.fromisoformat(truth["start"])
    for hours in range(-8, 9):
        moved = {"start": (start + timedelta(hours=hours)).isoformat(),
                 "end": (start + timedelta(hours=hours + 1)).isoformat()}
        final = copy.deepcopy(states(sc))
        final["calendar"]["events"]["ev-new"] = {**create, **moved, "event_id": "ev-new", "status": "confirmed"}
        invite = action(sc, "calendar.create", {**create, **moved, "event_id": "ev-new"}, turn=2)
        got = score(sc, "availability_asked", context(sc, actions=[ask, invite], final=final), "scheduling")
        assert got == (1.0 if hours == 0 else 0.0), hours


def test_a_second_message_can_turn_the_first_around():
    from scenarios.parts.chase_reply import NOT_YET, TAKEN_BACK
    worlds = [day("chase_reply", seed) for seed in range(80)]
    turned = kept = 0
    for w in worlds:
        truth = w.truth["parts"]["chase_reply"]
        replies, _ = chase(w)
        by = {}
        for e in sorted(replies, key=lambda e: e["received_at"]):
            by.setdefault(e["from_address"].lower(), []).append(e["body_text"])
        for who, bodies in by.items():
            if len(bodies) < 2:
                continue
            taken = [f(what="x", me="x").split(" ")[0] for f in TAKEN_BACK]
            if any(bodies[-1].startswith(t) for t in taken):
                assert who in truth["silent"]  # an answer taken back is no answer
                turned += 1
            else:
                assert who in truth["answered"]  # a promise kept is an answer
                kept += 1
    assert turned and kept and len(NOT_YET) >= 5


def test_every_world_twins_a_mirrored_reply_of_either_kind_and_keeps_the_earlier_request_out():
    """Version 7: round 4's script read each mirrored reply ("attached: my March one; still missing: my February
    one") by its cue words and took most for answers, right two times in three. Now every world has such a reply
    from one who has not answered, twinned in the same frame by one who has, so any reading of a frame is wrong
    for one of the two: a script reading mirrored replies alike passes no world. The request keeps the earlier
    period out, and a reminder about it alone (to one who answered this one and still owes that) is no stray."""
    for seed in range(60):
        sc = day("chase_reply", seed)
        truth = sc.truth["parts"]["chase_reply"]
        replies, _ = chase(sc)
        now, old = both(sc)
        frames: dict[str, set[bool]] = {}
        for e in replies:
            text = e["body_text"]
            if re.search(rf"\b{now}\b", text) and re.search(rf"\b{old}\b|\w's\b", text):  # or a teammate's
                frame = re.sub(rf"\b({now}|{old})\b|\b\w+'s\b|\b[A-Z]\w*|\bmy\b|\n\n[^\n]*$", "", text)
                frames.setdefault(" ".join(frame.split()), set()).add(e["from_address"].lower() in truth["answered"])
        assert any(sides == {True, False} for sides in frames.values()), seed
        assert old in sc.spec.user_prompt
        answered = truth["answered"][0]
        earlier = sent(sc, [answered], f"Hi, a reminder about your {truth['what'].split()[0]} for {old}.")
        reminders = [sent(sc, [p], f"Hi, a reminder about your {truth['what'].split()[0]}.") for p in truth["silent"]]
        assert score(sc, "chased_the_silent", context(sc, actions=[*reminders, earlier]), "chase_reply") == 1.0
