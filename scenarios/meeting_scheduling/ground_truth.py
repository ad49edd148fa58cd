"""Ground truth of meeting_scheduling: who is invited, what everybody told the assistant, which slots work.

The invitees' busy times and rules below are exactly what their scripted availability emails say
(scenario.json); the user's own busy times are read from the initial calendar state by the evaluators.
All times are UTC (the team is in London, which is on GMT this week).
"""

from __future__ import annotations

USER = "jordan.ellis@brightwave.example"
PRIYA = "priya.raman@brightwave.example"
MARCUS = "marcus.okafor@brightwave.example"
LENA = "lena.fischer@brightwave.example"
INVITEES = {"priya": PRIYA, "marcus": MARCUS, "lena": LENA}
NAMES = {PRIYA: "Priya", MARCUS: "Marcus", LENA: "Lena"}

# The invitee who declines the first invitation (a Northwind renewal call lands on that exact slot) and
# accepts a rescheduled one once the Northwind renewal is on the agenda.
DECLINER = PRIYA
AGENDA_KEYWORD = "northwind"

DURATION_MINUTES = 60
FIRST_DAY = "2026-03-10"  # Tuesday
LAST_DAY = "2026-03-13"  # Friday
WORK_START = "09:00"
WORK_END = "17:00"

# Busy blocks the invitees list in their availability replies: (start, end) ISO-8601 UTC.
BUSY: dict[str, list[tuple[str, str]]] = {
    PRIYA: [
        ("2026-03-10T10:00:00+00:00", "2026-03-10T11:00:00+00:00"),
        ("2026-03-10T12:30:00+00:00", "2026-03-10T14:00:00+00:00"),
        ("2026-03-11T12:00:00+00:00", "2026-03-11T13:00:00+00:00"),
        ("2026-03-11T14:00:00+00:00", "2026-03-11T15:30:00+00:00"),
        ("2026-03-12T10:00:00+00:00", "2026-03-12T12:00:00+00:00"),
    ],
    MARCUS: [
        ("2026-03-10T09:00:00+00:00", "2026-03-10T10:30:00+00:00"),
        ("2026-03-10T12:00:00+00:00", "2026-03-10T13:00:00+00:00"),
        ("2026-03-11T09:00:00+00:00", "2026-03-11T10:00:00+00:00"),
        ("2026-03-11T13:00:00+00:00", "2026-03-11T14:00:00+00:00"),
        ("2026-03-13T10:00:00+00:00", "2026-03-13T12:00:00+00:00"),
    ],
    LENA: [
        ("2026-03-10T12:00:00+00:00", "2026-03-10T14:00:00+00:00"),
        ("2026-03-11T12:00:00+00:00", "2026-03-11T13:00:00+00:00"),
        ("2026-03-11T15:30:00+00:00", "2026-03-11T16:00:00+00:00"),
        ("2026-03-12T14:00:00+00:00", "2026-03-12T15:00:00+00:00"),
        ("2026-03-13T14:00:00+00:00", "2026-03-13T16:00:00+00:00"),
    ],
}

# Standing rules: not_before / end_by are UTC wall-clock times, days_out are ISO weekdays (1 = Monday).
RULES: dict[str, dict[str, object]] = {
    PRIYA: {"not_before": "10:00", "days_out": [5], "text": "not before 10:00, off on Friday"},
    MARCUS: {"days_out": [4], "text": "Thursdays are out (Berlin site)"},
    LENA: {"end_by": "16:00", "text": "must finish by 16:00"},
}

# The only 60-minute starts that satisfy every rule and every calendar (checked by _build.py).
VALID_STARTS = ("2026-03-10T15:00:00+00:00", "2026-03-11T11:00:00+00:00")
