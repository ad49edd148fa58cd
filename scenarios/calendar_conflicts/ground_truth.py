"""Ground truth of calendar_conflicts: the four double-bookings, who wins each, who must be told.

Priorities the user states in chat: (1) the board review is never moved or declined; (2) lunch with Mia
stays; (3) otherwise customer meetings beat internal ones. A losing meeting the user organises is moved to
a free slot the same day (09:00-17:00 UTC); one somebody else organises is declined. All times are UTC.
"""

from __future__ import annotations

USER = "alex.chen@lumen.example"

RAVI = "ravi.shah@lumen.example"
EMMA = "emma.wright@lumen.example"
OMAR = "omar.haddad@lumen.example"
RAJ = "raj.mehta@initech.example"
NINA = "nina.kowalski@lumen.example"

# One entry per conflicting pair. `affected` = who must be emailed about the change (the attendees of a
# moved meeting; the organiser of a declined one). `keywords`: an email or report mentions the event when
# its text contains one of them (case-insensitive).
CONFLICTS: list[dict[str, object]] = [
    {"day": "Tuesday", "winner": "ev-globex-qbr", "loser": "ev-eng-sync", "resolution": "move",
     "affected": [RAVI, EMMA], "keywords": ["eng sync", "engineering sync", "eng-sync"],
     "winner_keywords": ["globex"]},
    {"day": "Wednesday", "winner": "ev-lunch-mia", "loser": "ev-product-sync", "resolution": "decline",
     "affected": [OMAR], "keywords": ["product sync"], "winner_keywords": ["mia"]},
    {"day": "Thursday", "winner": "ev-board-review", "loser": "ev-initech-call", "resolution": "move",
     "affected": [RAJ], "keywords": ["initech", "renewal call"], "winner_keywords": ["board"]},
    {"day": "Friday", "winner": "ev-umbrella-kickoff", "loser": "ev-design-review", "resolution": "decline",
     "affected": [NINA], "keywords": ["design review", "onboarding flow"], "winner_keywords": ["umbrella"]},
]

PROTECTED = ("ev-board-review", "ev-lunch-mia")
LOSERS = tuple(str(c["loser"]) for c in CONFLICTS)
AFFECTED = tuple(sorted({a for c in CONFLICTS for a in c["affected"]}))  # type: ignore[attr-defined]

WEEK_FIRST_DAY = "2026-03-16"
WEEK_LAST_DAY = "2026-03-20"
WORK_START = "09:00"
WORK_END = "17:00"
