"""Where a trial's row came from, and how to run it again: the versions, the world it ran in, the models and seeds."""

from __future__ import annotations

from green_agent import green_version
from green_agent.assessment.llm_plan import LLMPlan
from green_agent.config import GreenSettings
from green_agent.protocol import AssessmentRequest, Composition, PartVersion, Provenance
from green_agent.scenarios import Scenario
from ues_pool.pool import Lease


def trial_provenance(*, settings: GreenSettings, request: AssessmentRequest, lease: Lease, plan: LLMPlan,
                     gateway: bool, scenario: Scenario, trial_seed: int, world_seed: int,
                     composition: Composition) -> Provenance:
    """The provenance of a trial of ``scenario`` (in world ``world_seed``, drawn with ``composition``: a family's)
    run in ``lease``'s world under ``plan``; ``gateway``: the purple reached its world through the world gateway. A
    green with a held-out secret never names the world seed."""
    return Provenance(
        green_version=green_version(), scenario_version=scenario.spec.version,
        scenario_hash=scenario.content_hash, ues_backend=lease.backend, ues_instance=lease.instance_id,
        ues_image=settings.ues_image if lease.backend == "docker" else None,
        character_mode=plan.mode, character_mode_requested=plan.requested, character_model=plan.character_model,
        judge_model=", ".join(plan.judges) or None, root_seed=request.config.seed, trial_seed=trial_seed,
        world_seed=None if settings.heldout else world_seed, heldout=bool(settings.heldout),
        composition=composition if scenario.spec.family is not None else None,
        participant_url_given=request.participant_url_given, world_gateway=gateway,
        parts=[PartVersion(part=key, pack=scenario.origins[key].pack, version=scenario.origins[key].version,
                           wording=scenario.origins[key].wording) for key in scenario.parts])
