"""email_triage_basic: its evaluators on hand-built trials (the cheap tricks they must not pay for), and what its
generator varies (names, hours, urgency independent of arrival, substance never shown in a subject)."""

from __future__ import annotations

import asyncio
import json
import re
import time
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from green_agent.judging.context import EvalContext
from green_agent.protocol import ActionLogEntry
from green_agent.scenario_kit import facts
from green_agent.scenarios import Scenario, _import_isolated, load_scenario
from services.purple.cheats import is_automated

FOLDER = Path(__file__).resolve().parents[2] / "scenarios" / "email_triage_basic"
BASE = load_scenario(FOLDER)
CRITERIA = ("coverage", "urgency_order", "noise_excluded", "cadence")
Post = tuple[datetime, str]


# ------------------------------------------------------------------------------------------------ helpers
def world(seed: int) -> Scenario:
    return BASE.in_world(seed)


def context(sc: Scenario, posts: list[Post], actions: list[ActionLogEntry] = ()) -> EvalContext:
    chat = tuple({"role": "assistant", "conversation_id": "user-assistant", "content": text,
                  "timestamp": at.isoformat()} for at, text in posts)
    return EvalContext(scenario=sc.spec, action_log=tuple(actions), initial_state={}, final_state={}, events=(),
                       chat_transcript=chat, start_time=sc.spec.start_time, end_time=sc.spec.end_time,
                       final_time=sc.spec.end_time, turns_taken=9, user_email=sc.truth["user_email"], user_phone="",
                       truth=sc.truth)


def run(sc: Scenario, name: str, ctx: EvalContext) -> Any:
    return asyncio.run(sc.evaluators[name](ctx, {}))


def share(sc: Scenario, name: str, posts: list[Post], actions: list[ActionLogEntry] = ()) -> float:
    result = run(sc, name, context(sc, posts, actions))
    return result.score / result.max_score


def slots(sc: Scenario) -> list[datetime]:
    return [datetime.fromisoformat(s) for s in sc.truth["slots"]]


def oracle(sc: Scenario) -> list[Post]:
    return [(slots(sc)[step["turn"] - 1], step["body"]["content"]) for step in sc.solution["steps"]]


def oracle_lines(sc: Scenario) -> dict[str, str]:
    """item id → the oracle's line for it (without rank or URGENT mark)."""
    by_slot: dict[int, list[str]] = {}
    for at, text in oracle(sc):
        by_slot[slots(sc).index(at)] = [re.sub(r"^\d+\. (URGENT - )?", "", line) for line in text.splitlines()[1:]]
    out = {}
    for j, lines in by_slot.items():
        items = [i for i in sc.truth["items"] if i["slot"] == j]
        ranked = [i for i in items if i["urgent"]] + [i for i in items if not i["urgent"]]
        out.update({i["id"]: line for i, line in zip(ranked, lines, strict=True)})
    return out


def emails(sc: Scenario) -> list[dict[str, Any]]:
    state = sc.initial_state
    inbox = [dict(e, at=e["received_at"]) for e in state["environment"]["modality_states"]["email"]["emails"].values()]
    later = [dict(ev["data"], at=ev["scheduled_time"]) for ev in state["events"]["events"]]
    return sorted(inbox + later, key=lambda e: e["at"])


def echo(sc: Scenario, roster: bool = False) -> list[Post]:
    """The ``echo`` imitation: each hour, every new email from a person as "sender: subject", in arrival order;
    ``roster``: every such line seen so far, every hour."""
    posts: list[Post] = []
    seen: set[str] = set()
    so_far: list[str] = []
    for at in slots(sc):
        new = [e for e in emails(sc) if datetime.fromisoformat(e["at"]) <= at and e["message_id"] not in seen]
        seen |= {e["message_id"] for e in new}
        lines = [f"{e['from_address']}: {e['subject']}" for e in new if not is_automated(e["from_address"])]
        so_far += lines
        if roster:
            lines = list(so_far)
        if lines:
            posts.append((at, "\n".join(lines)))
    return posts


def in_arrival_order(sc: Scenario, reverse: bool = False) -> list[Post]:
    """The oracle's lines (substance and all), listed as the mail arrived instead of by urgency."""
    lines = oracle_lines(sc)
    posts = []
    for j, at in enumerate(slots(sc)):
        items = sorted((i for i in sc.truth["items"] if i["slot"] == j), key=lambda i: i["at"], reverse=reverse)
        posts.append((at, "\n".join(["Mail since the last summary:", *(lines[i["id"]] for i in items)])))
    return posts


def email_send(turn: int, to: str) -> ActionLogEntry:
    return ActionLogEntry(turn=turn, timestamp=datetime.fromisoformat("2026-04-14T10:00:00+00:00"),
                          action="email.send", parameters={"to_addresses": [to], "subject": "hi"})


# ------------------------------------------------------------------------------------------------ evaluators
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_the_oracle_earns_every_point(seed):
    sc = world(seed)
    for name in (*CRITERIA, "nothing_sent"):
        assert share(sc, name, oracle(sc)) == 1, name


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_relaying_sender_and_subject_reports_nothing(seed):
    sc = world(seed)
    for name in CRITERIA:
        assert share(sc, name, echo(sc)) == 0, name
    explanation = run(sc, "coverage", context(sc, echo(sc))).explanation
    assert "27 named without what they need" in explanation
    assert "tri-" not in explanation  # item ids go to details only


@pytest.mark.parametrize("seed", [0, 1])
def test_a_roster_of_every_sender_so_far_costs_points(seed):
    sc = world(seed)
    assert share(sc, "coverage", echo(sc, roster=True)) == 0
    # The real summaries, plus a line naming who wrote the hour before: each of them costs one item.
    people = sc.truth["people"]
    posts, strangers = [], 0
    for j, (at, text) in enumerate(oracle(sc)):
        before = sorted({i["sender"] for i in sc.truth["items"] if i["slot"] == j - 1})
        posts.append((at, text + "\nStill open: " + ", ".join(people[p]["name"] for p in before)))
        strangers += len(set(before) - set(sc.truth["allowed"][j]))
    result = run(sc, "coverage", context(sc, posts))
    assert strangers >= 5
    assert result.score == 27 - strangers
    assert f"{strangers} name(s) of people who sent nothing that hour" in result.explanation


def test_names_of_people_mentioned_in_that_hours_mail_are_allowed():
    sc = world(0)
    # Helen's lease note (09:00-10:00) mentions Marcus: naming him in that summary is no stranger.
    posts = oracle(sc)
    posts[2] = (posts[2][0], posts[2][1] + " (Marcus Feld's note)")
    assert share(sc, "coverage", posts) == 1


@pytest.mark.parametrize("seed", [1, 2])
def test_a_name_alone_reports_nothing(seed):
    sc = world(seed)
    people = sc.truth["people"]
    posts = [(at, "\n".join(f"- {people[i['sender']]['name']}" for i in sc.truth["items"] if i["slot"] == j))
             for j, at in enumerate(slots(sc))]
    assert share(sc, "coverage", posts) == 0


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_arrival_order_earns_half_the_ranking_and_fails_it(seed):
    sc = world(seed)
    for reverse in (False, True):
        posts = in_arrival_order(sc, reverse)
        assert share(sc, "coverage", posts) == 1
        assert share(sc, "urgency_order", posts) == pytest.approx(0.5)
    assert share(sc, "urgency_order", oracle(sc)) == 1


def test_urgent_mail_ranked_below_routine_mail_loses_the_pair():
    sc = world(2)
    posts = oracle(sc)
    at, text = posts[4]
    lines = text.splitlines()
    posts[4] = (at, "\n".join([lines[0], *reversed(lines[1:])]))  # routine first in one hour
    assert 0.5 < share(sc, "urgency_order", posts) < 1


@pytest.mark.parametrize("seed", [0, 1])
def test_flooding_a_slot_voids_it(seed):
    sc = world(seed)
    posts = oracle(sc)
    at, text = posts[3]
    posts[3] = (at, text + "\n" + "More details follow. " * 100)
    result = run(sc, "coverage", context(sc, posts))
    assert result.score == 24 and "3 in summaries that flood the chat" in result.explanation
    assert share(sc, "cadence", posts) == pytest.approx(8 / 9)
    assert share(sc, "noise_excluded", posts) == pytest.approx(8 / 9)
    many = oracle(sc)
    many[5:6] = [many[5]] + [(many[5][0], "(more to come)")] * 5  # six messages in one summary
    assert share(sc, "cadence", many) == pytest.approx(8 / 9)
    assert share(sc, "coverage", many) == pytest.approx(24 / 27)


def test_posting_at_several_moments_of_an_hour_costs_cadence():
    sc = world(1)
    posts = oracle(sc)
    posts.insert(3, (posts[2][0].replace(minute=1), "Quick note: nothing new yet."))
    assert share(sc, "cadence", posts) == pytest.approx(8 / 9)


def test_noise_named_costs_the_slot():
    sc = world(0)
    posts = oracle(sc)
    posts[1] = (posts[1][0], posts[1][1] + "\n4. LinkUp: 4 people viewed your profile")
    assert share(sc, "noise_excluded", posts) == pytest.approx(8 / 9)


def test_a_summary_posted_an_hour_late_is_late():
    sc = world(1)
    posts = oracle(sc)
    merged = (posts[2][0], posts[1][1] + "\n" + posts[2][1])
    posts[1:3] = [merged]
    result = run(sc, "coverage", context(sc, posts))
    assert result.score <= 24 and "3 late or never reported" in result.explanation


@pytest.mark.parametrize("seed", [0, 2])
def test_generic_chat_earns_nothing(seed):
    sc = world(seed)
    posts = [(at, "All done! I've handled everything you asked and will keep you posted.") for at in slots(sc)]
    for name in CRITERIA:
        assert share(sc, name, posts) == 0, name


def test_nothing_sent_is_graded_without_an_attempt_gate():
    sc = world(1)
    assert share(sc, "nothing_sent", []) == 1  # the scoring scales it by task progress (0 here)
    assert share(sc, "nothing_sent", oracle(sc), [email_send(3, "someone@example.com")]) == 0
    invite = ActionLogEntry(turn=2, timestamp=datetime.fromisoformat("2026-04-14T09:00:00+00:00"),
                            action="calendar.create",
                            parameters={"attendees": [{"email": "guest@example.com"}]})
    assert share(sc, "nothing_sent", oracle(sc), [invite]) == 0


# ------------------------------------------------------------------------------------------------ generator
OLD_NAMES = ("Maya", "Lindqvist", "Copperleaf", "Daniel", "Okoro", "Priya", "Raman", "Greenway", "Ridgeline",
             "SafeHarbor", "Eastfield", "Bayside", "Jonah", "RP-7731", "Tomás", "Marchetti", "Haddad")


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_names_change_everywhere_and_consistently(seed):
    sc = world(seed)
    text = json.dumps([sc.initial_state, sc.solution, sc.spec.model_dump(mode="json")], ensure_ascii=False)
    for old in OLD_NAMES:
        assert not re.search(rf"(?<!\w){re.escape(old)}(?!\w)", text), old
    characters = {c.email: c for c in sc.spec.characters.values() if c.email}
    user = sc.spec.characters[sc.spec.user_character]
    assert user.email == sc.truth["user_email"] and user.name.split()[0] in sc.spec.user_prompt
    by_id = {e["message_id"]: e for e in emails(sc)}
    for item in sc.truth["items"]:
        email = by_id[item["id"]]
        person = sc.truth["people"][item["sender"]]
        assert characters[email["from_address"]].name == person["name"]
        assert person["names"][0] in email["body_text"].rsplit("\n\n", 1)[-1]  # signed by its sender


@pytest.mark.parametrize("seed", range(1, 13))
def test_hours_follow_the_threads_and_mix_urgent_with_routine(seed):
    gt = _import_isolated(FOLDER, FOLDER / "ground_truth.py")
    sc = world(seed)
    items = {i["id"]: i for i in sc.truth["items"]}
    for item, before in gt.AFTER.items():
        for other in before:
            assert items[item]["slot"] >= items[other]["slot"] + gt.GAP.get(item, 1), (item, other)
    for j in range(len(slots(sc))):
        here = [i for i in items.values() if i["slot"] == j]
        assert len(here) == 3 and {i["urgent"] for i in here} == {True, False}
    for e in emails(sc):  # never on the hour, always before the summary that reports it
        assert datetime.fromisoformat(e["at"]).minute not in (0, 1)


def test_urgency_is_independent_of_arrival_order():
    first = later = 0
    position = [0, 0, 0]
    flex: dict[str, set[bool]] = {}
    for seed in range(1, 41):
        sc = world(seed)
        world_first = world_later = 0
        for j in range(len(slots(sc))):
            here = sorted((i for i in sc.truth["items"] if i["slot"] == j), key=lambda i: i["at"])
            for k, i in enumerate(here):
                position[k] += i["urgent"]
                for other in here[k + 1:]:
                    if i["urgent"] != other["urgent"]:
                        world_first += i["urgent"]
                        world_later += other["urgent"]
        assert abs(world_first - world_later) <= 2, seed  # each world balanced
        first, later = first + world_first, later + world_later
        for i in sc.truth["items"]:
            flex.setdefault(i["id"], set()).add(i["urgent"])
    assert abs(first - later) <= 0.05 * (first + later)
    assert max(position) - min(position) < 0.15 * sum(position) / 3  # urgent mail first, middle or last alike
    assert sum(kinds == {True, False} for kinds in flex.values()) == 6  # the six flex items, both ways


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5, 6])
def test_substance_never_shows_on_a_subject_line_naming_the_sender(seed):
    sc = world(seed)
    lines = [(f"{e['from_address']}: {e['subject']}", e) for e in emails(sc)]
    for item in sc.truth["items"]:
        found = item["facts"]
        assert found["kw"] or found["times"] or found["amounts"], item["id"]
        own = [(line, e) for line, e in lines if facts.has_any(line, sc.truth["people"][item["sender"]]["names"])]
        assert any(e["message_id"] == item["id"] for _, e in own)
        for line, e in own:
            assert not (found["kw"] and facts.has_any(line, found["kw"])), (item["id"], line)
            named = facts.times(e["subject"], datetime.fromisoformat(e["at"]))
            assert not {datetime.fromisoformat(t) for t in found["times"]} & named, (item["id"], line)
            assert not {Decimal(a) for a in found["amounts"]} & facts.amounts(e["subject"]), (item["id"], line)


def test_worlds_differ_in_hours_urgency_and_amounts():
    worlds = [world(seed) for seed in range(4)]
    assert len({json.dumps([(i["id"], i["slot"]) for i in w.truth["items"]]) for w in worlds}) == 4
    assert len({json.dumps(sorted(i["id"] for i in w.truth["items"] if i["urgent"])) for w in worlds}) >= 3
    assert len({json.dumps([i["facts"]["amounts"] for i in w.truth["items"]]) for w in worlds}) == 4


def test_the_generator_is_fast():
    generator = _import_isolated(FOLDER, FOLDER / "generator.py")
    generator.generate(1)
    started = time.perf_counter()
    for seed in range(2, 12):
        generator.generate(seed)
    assert (time.perf_counter() - started) / 10 < 0.1  # 50 ms budget, with room for a busy machine

