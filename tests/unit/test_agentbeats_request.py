"""What the AgentBeats leaderboard template adds to a request: ``num_instances`` (a draw of that many trial
instances from the root seed, shared by every shard), ``agentbeats_ids`` (the participant's id into the rows), and
a participant under a role name other than ours (accepted, named in a warning)."""

from __future__ import annotations

from pathlib import Path

import pytest

from green_agent.assessment.runner import plan
from green_agent.protocol import PARTICIPANT_ROLE, RequestError, parse_request
from green_agent.scenarios import ScenarioLibrary

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
URL = "http://127.0.0.1:8080/personal_assistant"


def request(**config):
    return parse_request({"participants": {PARTICIPANT_ROLE: URL},
                          "config": {"scenarios": ["mini_day", "bench_long"], "trials": 5, **config}})


def instances(work):
    return [(w.scenario_id, w.trial, w.seed) for w in work]


@pytest.mark.parametrize("num_shards", [1, 2, 3, 7])
@pytest.mark.parametrize("num_instances", [1, 4, 9])
def test_num_instances_across_shards_is_one_draw_without_overlap(num_shards, num_instances):
    library = ScenarioLibrary(SCENARIOS)
    everything = instances(plan(request(), library))
    shards = [instances(plan(request(num_instances=num_instances, shard_index=i, num_shards=num_shards), library))
              for i in range(num_shards)]
    union = [item for shard in shards for item in shard]
    assert len(union) == len(set(union)) == num_instances  # at most num_instances in total, none twice
    assert set(union) <= set(everything)
    # in plan order, so a shard's slice is the same slice of the same list whoever computes it
    assert sorted(union, key=everything.index) == [i for i in everything if i in set(union)]
    again = [instances(plan(request(num_instances=num_instances, shard_index=i, num_shards=num_shards), library))
             for i in range(num_shards)]
    assert again == shards  # deterministic


def test_num_instances_follows_the_seed_and_caps_at_the_plan():
    library = ScenarioLibrary(SCENARIOS)
    draws = {tuple(instances(plan(request(num_instances=3, seed=seed), library))) for seed in range(8)}
    assert len(draws) > 1  # another seed, another draw
    assert instances(plan(request(num_instances=50), library)) == instances(plan(request(), library))
    assert plan(request(num_instances=2, shard_index=2, num_shards=3), library) == []  # a shard may be empty


def test_num_instances_is_a_positive_whole_number():
    assert request(num_instances=4.0).config.num_instances == 4  # a DataPart's float
    for bad in (0, -1, 2.5, True, "three"):
        with pytest.raises(RequestError, match="num_instances"):
            request(num_instances=bad)


def test_agentbeats_ids_name_the_participant():
    req = request(agentbeats_ids={PARTICIPANT_ROLE: "019a-purple", "green": 1234})
    assert req.participant_id == "019a-purple" and req.warnings == []
    assert request(agentbeats_ids={"green": 1234.0}).config.agentbeats_ids == {"green": "1234"}
    assert request().participant_id is None
    with pytest.raises(RequestError, match="agentbeats_ids"):
        request(agentbeats_ids={PARTICIPANT_ROLE: {"id": 1}})


def test_a_single_participant_under_another_role_is_played_and_named():
    req = parse_request({"participants": {"agent": URL}, "config": {"scenario_id": "mini_day",
                                                                     "agentbeats_ids": {"agent": "x1"}}})
    assert req.participant_role == "agent" and req.participant_id == "x1"
    [warning] = req.warnings
    assert "participants.agent" in warning and f"'{PARTICIPANT_ROLE}'" in warning
    with pytest.raises(RequestError, match=PARTICIPANT_ROLE):
        parse_request({"participants": {"a": URL, "b": URL}, "config": {"scenario_id": "mini_day"}})
