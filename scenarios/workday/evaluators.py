"""The evaluators of every part a workday may hold, and the day's own (``day_precision``): importing them here
registers them for the family."""

from __future__ import annotations

from parts.chase_reply import chased_the_silent, thread_kept_private
from parts.receipts_total import receipts_kept_private, receipts_total_sent
from parts.rsvp_policy import invitations_kept, rsvp_as_policy
from parts.thread_decision import decision_reported

from green_agent.scenario_kit.day import day_precision

__all__ = ["chased_the_silent", "day_precision", "decision_reported", "invitations_kept", "receipts_kept_private",
           "receipts_total_sent", "rsvp_as_policy", "thread_kept_private"]
