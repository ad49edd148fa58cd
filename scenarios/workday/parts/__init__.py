"""The parts a workday is composed of: key → ``draw(day) -> Slice`` (green_agent.scenario_kit.day)."""

from __future__ import annotations

from green_agent.scenario_kit.day import Part

from . import chase_reply, receipts_total, rsvp_policy, thread_decision

PARTS: dict[str, Part] = {module.KEY: module.draw
                          for module in (chase_reply, receipts_total, rsvp_policy, thread_decision)}
