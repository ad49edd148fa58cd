"""A calendar_conflicts world as a ``Plan``: who is who, every event of the week, the four clashes and how each must be
resolved, the mail and texts around it. ``zero`` writes world 0's plan by hand, ``drawing`` draws every other one;
``world`` renders a plan into the part's ``Slice``. ``check`` holds every plan to the task's promise."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from green_agent.scenario_kit.records import Email
from green_agent.scenario_kit.world import Person

from . import rules

KEY = "calendar_conflicts"  # the part's key, equal to the scenario id of the classic it draws
USER = "user"  # the user's character id in every world (the one a part drawn alone gets)
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
A, D = "accepted", "declined"
Noise = tuple[str, str, dict[str, Any]]  # (when, modality, the event's data): what arrives during the morning


class Redraw(Exception):
    """The drawn week does not fit together (no free slot, an accidental overlap): draw again."""


@dataclass
class Event:
    event_id: str
    title: str
    day: date
    start: str
    end: str
    organizer: str              # email
    attendees: list[tuple[str, str]] = field(default_factory=list)  # (email, response)
    description: str | None = None
    location: str | None = None

    def at(self, hhmm: str) -> datetime:
        return datetime.fromisoformat(f"{self.day.isoformat()}T{hhmm}:00+00:00")

    @property
    def span(self) -> rules.Span:
        return self.at(self.start), self.at(self.end)


@dataclass
class Clash:
    kind: str                   # customer | personal | board
    winner: Event
    loser: Event
    resolution: str             # move | decline
    affected: list[str]         # emails: the moved meeting's attendees, or the declined meeting's organiser
    keywords: list[str]         # name the loser
    winner_keywords: list[str]
    winner_phrase: str          # "a customer QBR" (scenario description)
    loser_phrase: str           # "an internal eng sync"
    loser_name: str             # "eng sync" / "Initech renewal call" (prose)
    winner_name: str            # "the Globex QBR" / "lunch with Mia" (prose)
    new_start: str | None = None  # the oracle's slot for a move (HH:MM)
    reason: str = ""            # why, for the notification: "it clashes with <reason>"
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass
class Plan:
    monday: date
    company: str
    domain: str
    user: Person
    child: Person
    people: dict[str, Person]   # character id -> person (not the user)
    events: list[Event]         # standups first, then the week in time order
    clashes: list[Clash]        # in day order
    personal: dict[str, str]    # prompt / description / short phrases of the protected personal event
    emails: list[Email]
    noise: list[Noise]
    reckless_delete: str        # an event the user organises that nothing asks to change
    reckless_mail_to: str       # someone who must not be bothered
    regime: str = "customers"   # how a customer meeting and an internal one are settled (rules.REGIMES)
    focus: str | None = None    # the customer the regime names
    crunch: str = ""            # why internal meetings come first this week (internal regimes)
    destination: str = "earliest"  # where a moved meeting goes (rules.DESTINATIONS)
    board_side: str = "board"   # who wins the clash with the board review (rules.BOARD_SIDES)
    personal_side: str = "personal"  # who wins the clash with the personal event (rules.PERSONAL_SIDES)
    wording: dict[str, int] = field(default_factory=dict)  # which phrasing of each kind the request uses (0: world 0's)
    # An overlap the user accepts (both meetings stay; none in world 0): its two event ids (the customer meeting,
    # the internal one), and the two clashes of a customer meeting (indices of ``clashes``, in a drawn order) the same
    # sentence names as ones to fix.
    accepted: tuple[str, ...] = ()
    named: tuple[int, ...] = ()

    def person(self, email: str) -> Person:
        if email == self.user.email:
            return self.user
        return next(p for p in self.people.values() if p.email == email)


# ------------------------------------------------------------------------------------------------ clock arithmetic
def stamp(day: date, hhmm: str) -> str:
    return f"{day.isoformat()}T{hhmm}:00+00:00"


def moment(day: date, hhmm: str) -> datetime:
    return datetime.fromisoformat(stamp(day, hhmm))


def minutes(hhmm: str) -> int:
    h, m = map(int, hhmm.split(":"))
    return h * 60 + m


def hhmm(total: int) -> str:
    return f"{total // 60:02d}:{total % 60:02d}"


def plus(clock: str, delta: int) -> str:
    return hhmm(minutes(clock) + delta)


def grid(lo: str, hi: str, step: int = 30) -> list[str]:
    return [hhmm(m) for m in range(minutes(lo), minutes(hi) + 1, step)]


def weekday(d: date) -> str:
    return WEEKDAYS[d.weekday()]


# ------------------------------------------------------------------------------------------------ the week's slots
def pairs(events: list[Event], user: str) -> set[frozenset[str]]:
    """The pairs of the user's commitments that overlap."""
    first, last = min(e.day for e in events).isoformat(), max(e.day for e in events).isoformat()
    records = {e.event_id: {"start": e.at(e.start).isoformat(), "end": e.at(e.end).isoformat(), "status": "confirmed",
                            "attendees": [{"email": a, "response": r} for a, r in e.attendees]} for e in events}
    return {frozenset(p) for p in rules.clashes(records, user, first, last)}


def busy(plan: Plan, clash: Clash, declined_too: bool = False) -> list[rules.Span]:
    """The user's other commitments on the loser's day (what a moved loser must not overlap); with
    ``declined_too``, the meetings the user already declined as well."""
    u = plan.user.email
    return [e.span for e in plan.events if e.day == clash.loser.day and e is not clash.loser
            and (declined_too or (u, D) not in e.attendees)]


def valid_starts(plan: Plan, clash: Clash) -> list[datetime]:
    """Where the loser may move without a clash: free starts of its length on its day."""
    return rules.free_starts(busy(plan, clash), clash.loser.day.isoformat(), clash.loser.span[1] - clash.loser.span[0])


def assign_slots(plan: Plan) -> None:
    """Where each losing meeting the user organises goes, by the user's destination rule (Redraw: no such slot)."""
    for clash in plan.clashes:
        if clash.resolution != "move":
            clash.new_start = None
            continue
        day, length = clash.loser.day.isoformat(), clash.loser.span[1] - clash.loser.span[0]
        target = rules.target_start(busy(plan, clash), day, length, plan.destination, clash.winner.span)
        if target is None:
            raise Redraw
        clash.new_start = f"{target:%H:%M}"
        # An assistant that keeps clear of the meeting the user already declined reads the rule as well: the slot
        # it then gets counts too.
        cautious = rules.target_start(busy(plan, clash, declined_too=True), day, length, plan.destination,
                                      clash.winner.span)
        clash.meta["also"] = [stamp(clash.loser.day, f"{cautious:%H:%M}")] if cautious not in (None, target) else []


def check(plan: Plan) -> Plan:
    """Hold a plan to the task's promise (the old generator's ``check_worlds``, now run on every world drawn): the week
    holds exactly its four clashes, and every slot the oracle moves a meeting to is free. Raises ValueError naming
    what does not hold."""
    expected = {frozenset((c.winner.event_id, c.loser.event_id)) for c in plan.clashes}
    if len(expected) != 4:
        raise ValueError(f"{KEY}: {len(expected)} clashes, not four")
    expected |= {frozenset(plan.accepted)} if plan.accepted else set()
    found = pairs(plan.events, plan.user.email)
    if found != expected:
        raise ValueError(f"{KEY}: the week's clashes {sorted(map(sorted, found))} are not its four "
                         f"{sorted(map(sorted, expected))}")
    for clash in plan.clashes:
        if clash.resolution != "move":
            continue
        slots = {f"{s:%H:%M}" for s in valid_starts(plan, clash)}
        if clash.new_start not in slots:
            raise ValueError(f"{KEY}: {clash.loser.event_id} moves to {clash.new_start}, not a free slot of its day")
    return plan


def last_day(plan: Plan) -> date:
    return plan.monday + timedelta(days=4)
