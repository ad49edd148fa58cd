"""The part library: every module here registers one part (``green_agent.scenario_kit.part``) — a task a composed
world may hold (the workday family draws its days from them). Adding a part is adding a module."""

from green_agent.scenario_kit.part import PUBLIC_PACK

PACK = PUBLIC_PACK  # the pack's name in rows and provenance
