"""What a part draws from and what it puts into a world: ``Day`` (the part's stream, the day's user and clock, and
what the part holds) and ``Slice`` (its world fragment, request, characters, oracle steps and ``Truth``)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from pydantic import BaseModel, ConfigDict

from green_agent.scenario_kit.records import (
    CalendarEvent,
    CharacterRecord,
    Contact,
    Email,
    OneCall,
    Position,
    ReplyRule,
    ScheduledEvent,
    SmsThread,
    Step,
)
from green_agent.scenario_kit.world import LAST_NAMES, PEOPLE_FIRST_NAMES, Person
from green_agent.scenario_spec import Criterion

__all__ = ["ALONE", "DAY", "CompositionError", "Day", "Frame", "Record", "Slice", "Step", "Truth", "iso"]

Record = dict[str, Any]
# The shapes a part can take (``Part.shapes``): one task among others in a person's day, or a whole world of its own
# (a classic scenario: the part sets the world's frame, ``Slice.frame``).
DAY = "day"
ALONE = "alone"


class Truth(BaseModel):
    """A part's ground truth: what its graders grade against, drawn with the world (never written twice)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class CompositionError(ValueError):
    """Two parts of a day claim the same thing (a person, an id, calendar time), or a part does not fit the day."""


def iso(moment: datetime) -> str:
    """How the kit writes a moment into a world: ISO-8601 in UTC."""
    return moment.astimezone(UTC).isoformat()


@dataclass
class Day:
    """What a part draws from: the day's generator, its user and clock, and what the parts drawn before it hold."""

    rng: random.Random
    user: Person
    company: str  # the user's company domain: colleagues write from it
    start: datetime
    end: datetime
    _names: set[str] = field(default_factory=set)
    _phones: set[str] = field(default_factory=set)
    _busy: list[tuple[datetime, datetime, str]] = field(default_factory=list)
    shape: str = DAY  # which of its shapes the part is drawn in (Part.shapes)
    # The world's seed: a part drawn alone may keep a published world 0 (seed 0) as it was written by hand; anything
    # drawn comes from ``rng``, the part's own stream.
    seed: int = 0

    def absorb(self, other: Day) -> None:
        """Hold what ``other`` holds too (names, phones, time): the day the attacks are planted into."""
        self._names |= other._names
        self._phones |= other._phones
        self._busy += other._busy

    def hold(self, *names: str) -> None:
        """Hold names the part's criteria read (a product or a brand in a report, the title of a meeting that must not
        be created again): another part of the day naming one too would make a line or an event about one read as
        one about the other, so the day takes no such part (``day.clash``; a redraw that knows the day's names
        cannot take one)."""
        taken = self._names & set(names)
        if taken:
            raise CompositionError(f"{', '.join(sorted(taken))} already named in the day")
        self._names.update(names)

    def people(self, count: int, *, domain: str | None = None, role: str = "") -> list[Person]:
        """``count`` new people, first names unique in the whole day (a name in a text points at one person), each
        with an email at ``domain`` (the user's company by default) and a phone number."""
        firsts = [f for f in PEOPLE_FIRST_NAMES if f not in self._names]
        if count > len(firsts):
            raise CompositionError(f"the day has no {count} more distinct first names")
        out = []
        for first in self.rng.sample(firsts, count):
            last = self.rng.choice(LAST_NAMES)
            self._names.add(first)
            phone = self._phone()
            out.append(Person(first, last, phone=phone, email=f"{first}.{last}@{domain or self.company}".lower(),
                              role=role))
        return out

    def _phone(self) -> str:
        while True:
            phone = f"+1555{self.rng.randrange(10**6, 10**7)}"
            if phone not in self._phones:
                self._phones.add(phone)
                return phone

    def at(self, hours: float, *, days: int = 0) -> datetime:
        """The moment ``hours`` after midnight of the day's date, ``days`` later."""
        midnight = self.start.replace(hour=0, minute=0, second=0, microsecond=0)
        return midnight + timedelta(days=days, hours=hours)

    def free(self, start: datetime, end: datetime) -> bool:
        """Whether no part drawn so far holds time overlapping ``start``–``end`` (a part picks its times by it)."""
        return not any(start < other_end and other_start < end for other_start, other_end, _ in self._busy)

    def workdays(self, first: int, last: int) -> list[int]:
        """The day offsets in ``first..last`` (days after the day's date) that fall on Monday to Friday."""
        return [n for n in range(first, last + 1) if self.at(0, days=n).weekday() < 5]

    def whole_day(self, first: int, last: int, part: str) -> int:
        """Claim for ``part`` a whole working day (8:00–18:00) among days ``first..last`` after the day's date that
        no part holds any time of (drawn), and return its offset: a part whose every event that day matters."""
        week = self.workdays(first, last)
        offset = next((d for d in self.rng.sample(week, len(week))
                       if self.free(self.at(8, days=d), self.at(18, days=d))), None)
        if offset is None:
            raise CompositionError(f"{part}: no free working day left in days {first}–{last}")
        self.claim(self.at(8, days=offset), self.at(18, days=offset), part)
        return offset

    def claim(self, start: datetime, end: datetime, part: str) -> None:
        """Hold calendar time for ``part``; two parts never hold overlapping time (their tasks would interfere)."""
        for other_start, other_end, owner in self._busy:
            if start < other_end and other_start < end:
                raise CompositionError(f"{part}: {iso(start)}–{iso(end)} overlaps time held by {owner}")
        self._busy.append((start, end, part))


@dataclass(frozen=True)
class Frame:
    """What a part drawn alone (``ALONE``) sets for its whole world, where a composed day sets its own: the user, the
    hours, the user's whole request, the turn budget and the clock's step."""

    user: Person
    start: datetime
    end: datetime
    prompt: str
    description: str
    max_turns: int | None = None
    time_step: str = "PT1H"
    finish_after_turn: int | None = None  # the oracle's last turn, when it stops before the world's end
    # The oracle's own step when it differs from the clock's default (``time_step``): a part whose moments fall on a
    # drawn grid keeps that grid out of the default step every purple is told.
    oracle_step: str | None = None
    personality: str = "Busy; delegates the day's chores to the assistant."


@dataclass
class Slice:
    """What one part puts into a day: its records in the kit's shapes (``scenario_kit.records``, built by
    ``scenario_kit.build``), its characters, and the scripted purples' steps."""

    part: str
    request: str  # the user's words for this task, one or two sentences
    done: str = ""  # how the oracle reports this task in its chat summary
    emails: list[Email] = field(default_factory=list)  # in the inbox when the day starts
    arrivals: list[ScheduledEvent] = field(default_factory=list)  # pending events: mail and texts that come later
    calendar: list[CalendarEvent] = field(default_factory=list)
    contacts: list[Person] = field(default_factory=list)  # the address book's entries this part needs
    entries: list[Contact] = field(default_factory=list)  # address-book entries in kit.contact's shape (notes, company)
    texts: list[SmsThread] = field(default_factory=list)  # SMS threads at the start: kit.sms_thread's pairs
    weather: list[OneCall] = field(default_factory=list)  # forecasts of the places the part concerns: kit.one_call's
    # The user's position (kit.location_state's ``current``) and earlier ones ((when, position), oldest first): one
    # person is in one place, so at most one part of a day may set it.
    location: tuple[Position, list[tuple[str, Position]]] | None = None
    characters: dict[str, CharacterRecord] = field(default_factory=dict)
    steps: list[Step] = field(default_factory=list)  # the oracle's, solution.json's step shape
    reckless: list[Step] = field(default_factory=list)  # the reckless purple's extra steps: this part's harm
    criteria: list[Criterion] = field(default_factory=list)  # a part's are its graders' (Part.criteria)
    truth: Truth | Record = field(default_factory=dict)  # a part's is its Truth; an attack's a record
    recipients: set[str] = field(default_factory=set)  # whom the task may have the assistant write to
    events: set[str] = field(default_factory=set)  # calendar events the task may have the assistant change
    last_turn: int = 1  # the oracle's last turn of this part
    # The user's scripted answers in chat (``scripted_replies`` rules, modality "chat"): a part that has the assistant
    # ask the user something. The day's user answers by the rules of every part, in the parts' order.
    user_replies: list[ReplyRule] = field(default_factory=list)
    attack: str = ""  # an attack's id (scenario_kit.attacks): content, gullible steps and a criterion; asks nothing
    frame: Frame | None = None  # set by a part drawn alone (``day.shape == ALONE``), and only then
