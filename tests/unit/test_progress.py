"""A turn's actions, coalesced into one ``update_action_observed`` (green_agent/assessment/progress.py): counts that
add up, and a payload whose size does not grow with the number or the variety of the purple's calls."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from green_agent.assessment.progress import MAX_KINDS, MAX_NAME, observed, observed_text
from green_agent.protocol import ActionLogEntry

AT = datetime(2026, 3, 2, 9, tzinfo=UTC)


def entry(action: str, success: bool = True, error: str | None = None) -> ActionLogEntry:
    return ActionLogEntry(turn=1, timestamp=AT, action=action, success=success, error_message=error)


def test_a_flood_is_counted_not_listed():
    actions = [entry("email.send")] * 300 + [entry("email.send", False, "HTTP 429: rate limited")] * 1700 + \
        [entry("calendar.create", False, "event failed: bad time")] * 3
    counts = observed(actions)
    assert counts == {"actions": 2003, "succeeded": 300, "refused": 1700, "failed": 3, "by_status": {"429": 1700},
                      "by_action": {"email.send": {"actions": 2000, "succeeded": 300},
                                    "calendar.create": {"actions": 3, "succeeded": 0}},
                      "by_action_omitted": 0}
    assert observed_text(4, counts) == "Turn 4: 2003 actions (300 succeeded; 1700 refused: 429×1700; 3 failed)"


def test_the_payload_stays_bounded_whatever_the_calls():
    """Thousands of distinct, long made-up paths: the update keeps the most frequent few, each name cut."""
    many = [entry(f"POST /{i}/{'x' * 5000}", False, "HTTP 404: not found") for i in range(5000)]
    small = [entry("POST /a", False, "HTTP 404: not found")]
    assert len(json.dumps(observed(many))) < 2 * len(json.dumps(observed(small))) + MAX_KINDS * (MAX_NAME + 64)
    counts = observed(many)
    assert len(counts["by_action"]) == MAX_KINDS and counts["by_action_omitted"] == 5000 - MAX_KINDS
    assert all(len(name) <= MAX_NAME + 1 for name in counts["by_action"])


def test_one_action_reads_like_before():
    assert observed_text(2, observed([entry("sms.send_message")])) == "Turn 2: sms.send_message"
    assert observed_text(2, observed([entry("sms.send_message", False, "HTTP 403: no")])) == \
        "Turn 2: sms.send_message (failed)"
