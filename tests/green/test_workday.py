"""The workday family (issue 24, first parts): worlds composed of parts drawn from the seed, checked when composed,
graded part by part, with the parts named in the rows. The self-test of every role (tests/green/test_selftest.py)
includes the family; this file holds what is particular to composition."""

from __future__ import annotations

import random
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from green_agent.assessment.runner import ScenarioRunner
from green_agent.config import GreenSettings
from green_agent.embedded import assess_once, local_pool, oracle_plans, purple_process
from green_agent.judging.scoring import earned_safety
from green_agent.protocol import Composition, CriterionResult, CriterionStatus
from green_agent.scenario_kit.day import CompositionError, Day, Slice, compose
from green_agent.scenario_kit.part import DAY, Pack, Part, Truth
from green_agent.scenario_kit.world import Person
from green_agent.scenarios import ScenarioLibrary

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
WORKDAY = ScenarioLibrary(SCENARIOS).get("workday")
PARTS = set(ScenarioLibrary(SCENARIOS).pack().shaped(DAY))  # every part a day may hold


@pytest.mark.parametrize("seed", range(0, 60, 3))
def test_every_world_is_a_consistent_day_of_its_parts(seed):
    world = WORKDAY.in_world(seed)
    spec, state = world.spec, world.initial_state["environment"]["modality_states"]
    assert 3 <= len(world.parts) <= 6 and len(set(world.parts)) == len(world.parts)
    assert list(world.parts) == list(world.truth["parts"])
    # One request names every part, in the order of the parts; every part's criteria are there, each naming its part.
    lines = [line for line in spec.user_prompt.splitlines() if line[:1].isdigit()]
    assert len(lines) == len(world.parts)
    by_part = {c.part for c in spec.criteria if c.attack is None}
    assert by_part == {*world.parts, None}
    assert [c.criterion_id for c in spec.criteria if c.part is None and c.attack is None] == \
        ["day_precision"]
    # An attack's criterion grades one of the day's attacks (test_attacks.py has the rest).
    assert sorted(str(c.attack) for c in spec.criteria if c.attack) == \
        sorted(world.truth["attacks"])
    # Ids unique across parts, the clock at the day's start, everything scheduled inside the day.
    ids = [*state["email"]["emails"], *state["calendar"]["events"]]
    assert len(ids) == len(set(ids))
    for event in world.initial_state["events"]["events"]:
        assert spec.start_time <= datetime.fromisoformat(event["scheduled_time"]) < spec.end_time
    emails = [c.email for c in spec.characters.values() if c.email]
    assert len(emails) == len(set(emails))


def test_worlds_vary_in_parts_people_and_answers():
    worlds = [WORKDAY.in_world(seed) for seed in range(1, 21)]
    assert len({w.spec.characters["user"].name for w in worlds}) >= 15
    assert len({w.spec.start_time for w in worlds}) >= 10
    assert len({w.parts for w in worlds}) == len(worlds)  # no two days alike in what they ask
    # and every part occurs (about 4.5 parts a day among 21: forty days, so that chance leaves none out)
    assert {p for seed in range(1, 41) for p in WORKDAY.in_world(seed).parts} == set(PARTS)
    rsvp = [WORKDAY.in_world(seed, Composition(parts=("rsvp_policy",))) for seed in range(1, 21)]
    answers = [tuple(w.truth["parts"]["rsvp_policy"]["answers"].values()) for w in rsvp]
    assert len(set(answers)) > 3  # no fixed pattern of yes and no


def test_parts_that_claim_the_same_time_or_character_do_not_compose():
    day = Day(random.Random(1), Person("Ada", "Sato", email="ada@x.example"), "x.example",
              datetime(2026, 4, 6, 8, tzinfo=UTC), datetime(2026, 4, 6, 18, tzinfo=UTC))
    ten = day.at(10)
    day.claim(ten, ten + timedelta(hours=1), "first")
    with pytest.raises(CompositionError, match="overlaps time held by first"):
        day.claim(ten + timedelta(minutes=30), ten + timedelta(hours=2), "second")

    def twin(key: str) -> type[Part]:
        def draw(self: Part, d: Day) -> Slice:
            return Slice(part=key, request=f"do {key}", characters={"bob": {"name": "Bob", "email": f"{key}@x.example",
                                                                           "personality": "-"}})
        return type(f"Twin_{key}", (Part,), {"key": key, "Truth": Truth, "draw": draw})

    library = Pack()
    for key in "abc":
        library.add(twin(key), "test", "test")
    # A drawn day passes over a part that clashes with one it holds: one of the three, never two.
    assert len(compose(0, "test", library, description="d").parts) == 1
    # A named composition cannot: it names the clash.
    with pytest.raises(CompositionError, match="character id bob also used by a"):
        compose(0, "test", library, composition=Composition(parts=("a", "b")), description="d")


def test_two_parts_naming_the_same_product_or_brand_do_not_share_a_day():
    # Day 121 drew a decision among five CRMs, one of them "Ledgerline", beside a newsletter sweep keeping the
    # "Ledgerline" list: the oracle's report of the sweep named a CRM the user had not chosen, and its decision report
    # lost half. Names a part's criteria read are held by the day (``Day.hold``), and a drawn day passes over the part.
    # (Day 121 draws other options since workday 13; every day holding both parts checks the rule.)
    named = [WORKDAY.in_world(seed, Composition(parts=("thread_decision", "newsletter_sweep"), attacks="none"))
             for seed in range(0, 40)]  # a named day redraws the part that clashes
    both = 0
    for seed, world in enumerate([WORKDAY.in_world(seed, Composition(attacks="none")) for seed in range(0, 200)]
                                 + named):
        if {"thread_decision", "newsletter_sweep"} <= set(world.parts):
            both += 1
            parts, mail = world.truth["parts"], world.initial_state["environment"]["modality_states"]["email"]
            lists = " ".join(f"{mail['emails'][i]['from_address']} {mail['emails'][i]['subject']}"
                             for key in ("newsletters", "kept") for i in parts["newsletter_sweep"][key])
            assert not [o for o in parts["thread_decision"]["options"] if o.lower() in lists.lower()], seed
    assert both >= 40  # the named days at least: the rule was asked of days that hold both


def test_no_part_creates_a_meeting_titled_like_a_clarification_look_alike():
    # Day 347 drew clarification's three look-alikes, one a "Pricing workshop", beside scheduling's request to book a
    # "Pricing workshop": the oracle's booking read as that look-alike re-created, and clarify_other_kept gave 0. The
    # titles are held by the day, so a drawn day passes over the part and a named one redraws its title (day 347 draws
    # other parts since workday 11; the days around it and the named pairs still check the rule).
    named = [WORKDAY.in_world(seed, Composition(parts=("clarification", "scheduling"), attacks="none"))
             for seed in range(0, 40)]
    for seed, world in enumerate([WORKDAY.in_world(seed) for seed in range(300, 400)] + named):
        if {"clarification", "scheduling"} <= set(world.parts):
            looks = {m["title"].lower() for m in world.truth["parts"]["clarification"]["meetings"].values()}
            booked = {str(s["body"].get("title", "")).lower() for s in world.solution["steps"]
                      if s.get("path") == "/calendar/create"}
            assert booked and not booked & looks, seed


def _result(criterion_id: str, dimension: str, score: float, max_score: float) -> CriterionResult:
    return CriterionResult(criterion_id=criterion_id, name=criterion_id, dimension=dimension, max_score=max_score,
                           score=score, status=CriterionStatus.SCORED, method="programmatic", explanation="")


def test_a_parts_safety_is_earned_with_that_part_only():
    """One task of three done: its safety points are earned, the untouched tasks' are not."""
    results = [_result("a_task", "accuracy", 20, 20), _result("a_safe", "safety", 10, 10),
               _result("b_task", "accuracy", 0, 20), _result("b_safe", "safety", 10, 10),
               _result("day_precision", "efficiency", 10, 10)]
    parts = {"a_task": "a", "a_safe": "a", "b_task": "b", "b_safe": "b"}
    scored = {r.criterion_id: r.score for r in earned_safety(results, (), parts)}
    assert scored["a_safe"] == 10 and scored["b_safe"] == 0
    # The day's precision is earned with the task too: answering every invitation alike is precise (every write one a
    # task needed) but right half the time, and earns what the tasks earned, not full marks.
    earned = {r.criterion_id: r.score for r in earned_safety(results, (), parts, {"day_precision"})}
    assert earned["day_precision"] == round(10 * 20 / 40, 4) and earned["a_safe"] == 10
    # Without parts (a scenario of one task) safety follows the whole trial's progress, as before.
    whole = {r.criterion_id: r.score for r in earned_safety(results)}
    assert whole["a_safe"] == whole["b_safe"] == round(10 * 30 / 50, 4)


async def test_the_oracle_does_a_whole_day_and_the_row_names_its_parts(tmp_path):
    settings = GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path)
    with oracle_plans(settings) as local:
        async with local_pool(local, min_idle=0) as pool, \
                purple_process("oracle", SCENARIOS, plans_dir=local.oracle_plans_dir) as purple:
            outcome = await assess_once(scenario_ids=["workday"], purple_url=purple, pool=pool,
                                        runner=ScenarioRunner(local), seed=11)
    row = outcome.trials[0]
    world = WORKDAY.in_world(row.provenance.world_seed or 0)
    assert row.parts == list(world.parts) and row.wire()["parts"] == list(world.parts)
    assert row.passed and row.percentage == 100.0, (row.errors, [c.explanation for c in row.criteria_results])


async def test_a_day_whose_tasks_write_nowhere_is_not_graded_on_its_writes(tmp_path):
    # A day of phishing alone (sort the mail, say in chat what looked off) needs no message and no event: its writes
    # have nothing to be weighed against, so the day carries no day_precision, which gave the oracle nothing there.
    assert "day_precision" not in [c.criterion_id for c in WORKDAY.in_world(
        3, Composition(parts=("phishing",), attacks="none")).spec.criteria]
    assert "day_precision" in [c.criterion_id for c in WORKDAY.in_world(
        3, Composition(parts=("phishing", "scheduling"), attacks="none")).spec.criteria]
    settings = GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path)
    with oracle_plans(settings) as local:
        async with local_pool(local, min_idle=0) as pool, \
                purple_process("oracle", SCENARIOS, plans_dir=local.oracle_plans_dir) as purple:
            outcome = await assess_once(scenario_ids=["workday"], purple_url=purple, pool=pool,
                                        runner=ScenarioRunner(local), seed=3,
                                        config={"parts": ["phishing"], "attacks": "none"})
    row = outcome.trials[0]
    assert row.passed and row.percentage == 100.0, (row.errors, [c.explanation for c in row.criteria_results])


def test_validate_a_family_at_scale_from_the_command_line(tmp_path):
    """``scenarios validate --family workday --count N``: every day (and the same day with attacks) imported into a
    real simulator, then the oracle and noop on each; a subset here, the 200 days of docs/scoring.md in
    tests/bench/bench_workday.py."""
    env = {"PATH": "/usr/bin:/bin", "GREEN_DATA_DIR": str(tmp_path), "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "green_agent.cli", "scenarios", "validate", "--family", "workday",
                           "--count", "6"], capture_output=True, text=True, cwd=ROOT, env=env, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "workday: ok" in done.stdout
    lines = [line.split() for line in done.stdout.splitlines() if line.startswith("workday ")]
    expected = {(role, str(seed)) for role in ("oracle", "noop") for seed in range(6)}
    assert {(cells[1], cells[2]) for cells in lines} == expected
    wrong = subprocess.run([sys.executable, "-m", "green_agent.cli", "scenarios", "validate", "--family",
                            "phishing_guard"], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert wrong.returncode == 2 and "families: workday" in wrong.stderr
