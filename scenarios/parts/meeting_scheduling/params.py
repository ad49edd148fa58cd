"""What a meeting_scheduling world is made of: ``Draw`` (everything that differs between two worlds) and the records of
the user's own calendar that every world shares (the standups, the budget check-in).

Every world is one week (Monday 9 March 2026 is the day of the trial) in which a user asks for a one-hour meeting with
three colleagues, Tuesday to Friday. ``world0`` holds the published world 0, written by hand; ``drawing`` draws every
other world from the part's own stream.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from green_agent.scenario_kit import build as kit
from green_agent.scenario_kit.records import CalendarEvent
from green_agent.scenario_kit.world import Person

from .slots import Rule

KEY = "meeting_scheduling"  # the part's key, equal to the scenario id of the classic it draws
IDS = ("priya", "marcus", "lena")  # character ids of the three invitees (prompt order); names are drawn
USER_ID, MANAGER_ID = "user", "sophie"  # the user's character id: the green posts its chat replies as this
CREATED = "2026-03-02T08:00:00+00:00"  # when the calendar's events were made
OLDER_EMAIL_AT = "2026-03-06T16:40:00+00:00"  # last Friday
AGENDA_MINUTES = 10
DAY_NAMES = {9: "mon", 10: "tue", 11: "wed", 12: "thu", 13: "fri"}  # day of March -> event id suffix
RuleKind = str  # "not_before", "days_out" or "end_by"


@dataclass(frozen=True)
class Draw:
    """Everything that differs between two worlds (world 0's values are the published world's)."""

    company: str
    domain: str
    user: Person  # with the user's phone
    manager: Person
    invitees: list[Person]
    title: str  # "Q3 roadmap review"
    short: str  # "roadmap review": how the decliner refers to it
    slug: str  # "roadmap": in the manager's message id
    agenda: str  # the invite's agenda before the decline
    customer: str  # the agenda keyword: the customer whose call lands on the first slot
    topic: str  # "renewal"
    blocker: str  # who made the slot impossible ("their CFO")
    decliner: str
    rules: dict[str, Rule]
    main: dict[RuleKind, str]  # rule kind -> who holds it (the description names these)
    hidden: str  # whose main rule is only in an older email
    place: str  # where the day-out person is (older email of a day-out rule)
    reasons: dict[str, dict[RuleKind, str]]  # who -> rule kind -> reason phrase
    busy: dict[str, list[tuple[datetime, datetime]]]  # each invitee's busy times
    events: list[CalendarEvent]  # the user's calendar, in file order
    roles: dict[str, str]  # personality of each invitee
    valid: list[datetime]  # the starts valid before the decline, chronological (world 0: two; any other: three)
    availability: dict[str, str] = field(default_factory=dict)  # literal availability replies (world 0)
    decoy: str = ""  # another customer the decline names, to be left off the agenda ("": world 0, none)
    decoy_topic: str = ""  # what the decline says about the decoy customer (another topic than ``topic``)
    out_day: int = 0  # ISO weekday of a later valid slot the decline rules out for the decliner (0: world 0, none)
    free_day: int = 0  # another weekday the decline names, left as it was (the final slot's)
    voice: int = 0  # how people word their mail (texts.py draws phrasings from it); 0: world 0's published words

    def person(self, cid: str) -> Person:
        """The invitee of character id ``cid``."""
        return next(p for p in self.invitees if p.key == cid)

    def others(self, cid: str) -> list[Person]:
        """The two invitees other than ``cid``."""
        return [p for p in self.invitees if p.key != cid]

    @property
    def final(self) -> datetime:
        """Where the meeting ends up: the first valid start after the first one that is not on the day the decline
        rules out."""
        return next(s for s in self.valid[1:] if s.isoweekday() != self.out_day)

    @property
    def hidden_kind(self) -> RuleKind:
        """Which of the hidden person's rules is only in the older email."""
        return next(k for k, w in self.main.items() if w == self.hidden)


def event(event_id: str, title: str, start: str, end: str, *, organizer: str,
          attendees: list[tuple[str, str, str]] | None = None, description: str | None = None,
          location: str | None = None) -> CalendarEvent:
    """One event of the user's calendar."""
    return kit.calendar_event(event_id, title, start, end, organizer=organizer, attendees=attendees or (),
                              description=description, location=location, created_at=CREATED, updated_at=CREATED)


def t(day: int, hhmm: str) -> str:
    """``hhmm`` UTC on ``day`` March 2026."""
    return f"2026-03-{day:02d}T{hhmm}:00+00:00"


def standups(user: str) -> list[CalendarEvent]:
    """The daily standup, Monday to Friday, 09:30-10:00."""
    return [event(f"ev-standup-{name}", "Team standup", t(day, "09:30"), t(day, "10:00"), organizer=user,
                  description="Daily product standup (Zoom).", location="Zoom") for day, name in DAY_NAMES.items()]


def budget(user: Person, manager: Person) -> CalendarEvent:
    """Monday's budget check-in with the manager (before the meeting week)."""
    return event("ev-budget-mon", "Budget check-in", t(9, "14:00"), t(9, "15:00"), organizer=manager.email,
                 attendees=[(manager.email, manager.name, "accepted"), (user.email, user.name, "accepted")])


def and_(items: list[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"
