"""What an sms_coordination world draws: ``Params`` and ``draw_params(rng, seed)``, held to the task's promise by
``check``.

World 0 keeps the hand-written world (``WORLD_0``: Maya Chen, Tony Russo, 48 Alder Street, Friday 20th 1-3pm, no
twist). Every other seed draws, from the part's own stream, the people, the phone numbers, the address and the
building's codes, the user's office day, the partner's day, the dentist appointment and Tony's five slots, of which
exactly one survives every constraint:

* one slot is outside the user's **hours** (a morning when the user is home only in the afternoons, an afternoon
  when only in the mornings),
* one is within the hours on the user's **office day**,
* one is within the hours on the day the **partner** needs the kitchen (their text arrives mid-morning),
* one **clashes with the dentist** appointment,
* one is the **valid** slot: within the hours on a free day, with no clash.

Which slot fits depends on context a fixed rule cannot read, and every drawn world has at least one **twist** that
breaks the obvious rule:

* ``morning`` — the user is out every afternoon this week: the user's hours are the morning (the work calendar
  moves to the afternoons), and the slot outside the hours is an afternoon;
* ``lifted`` — the partner asked on Sunday to keep one day free, and the mid-morning text lifts it (that plan
  moved) while naming another day: the valid slot is on the day named first, so "drop every day the partner
  mentions" drops the answer;
* ``moved`` — the dentist emailed last week that the appointment moved; the calendar still shows the old time,
  which overlaps the valid slot (it looks busy and is free), while the new time clashes with another slot.

No two slots of a day touch (one's end is never another's start), so a text naming a window names one slot.
"""

from __future__ import annotations

import random
import string
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any, Literal

from green_agent.scenario_kit.phrasing import Phrasing
from green_agent.scenario_kit.world import Person, fresh_people

from .phrases import PHRASES
from .templates import (
    AFTERNOON,
    CITIES,
    COLLEAGUES,
    DENTISTS,
    MORNING,
    MORNING_REASONS,
    PARTNER_EVENTS,
    PARTNER_REASONS,
    RIVALS,
    STREETS,
    WIFI_WORDS,
)

KEY = "sms_coordination_classic"  # the workday library already has a part "sms_coordination" (its smaller core)
START = datetime(2026, 3, 16, 8, 0, tzinfo=UTC)  # Monday
END = datetime(2026, 3, 16, 18, 0, tzinfo=UTC)
WEEK = [date(2026, 3, 17) + timedelta(days=i) for i in range(4)]  # Tuesday .. Friday: the days Tony offers
WINDOW = timedelta(hours=2)  # Tony's arrival window
DENTIST_LENGTH = timedelta(minutes=45)
# The world's characters, by id.
USER, TONY, PARTNER, NEIGHBOUR, RIVAL, MANAGER = "user", "tony", "jordan", "priya", "dave", "helen"
DENTIST_EVENT = "cal-dentist"
WELCOME_EMAIL = "email-welcome"

# What is wrong with a slot (None: nothing, the valid one).
Problem = Literal["hours", "office_day", "partner_day", "clash"]
HOURS: Problem = "hours"
OFFICE_DAY: Problem = "office_day"
PARTNER_DAY: Problem = "partner_day"
CLASH: Problem = "clash"
# The user's hours: when Tony's whole arrival window must fall (hour from, hour until).
USER_HOURS = {AFTERNOON: (12, 18), MORNING: (8, 12)}
# The twists a drawn world may have (see the module docstring); world 0 has none.
TWIST_MORNING, TWIST_LIFTED, TWIST_MOVED = "morning", "lifted", "moved"
TWISTS = (TWIST_MORNING, TWIST_LIFTED, TWIST_MOVED)
OFFICE_MODES = ("mail", "corrected")  # drawn worlds; world 0 names the day in the prompt


@dataclass(frozen=True)
class Slot:
    start: datetime
    problem: Problem | None  # None: the valid slot

    @property
    def end(self) -> datetime:
        return self.start + WINDOW


@dataclass(frozen=True)
class Params:
    user: Person
    partner: Person
    plumber: Person
    neighbour: Person
    rival: Person  # the other plumber the neighbour recommended
    manager: Person  # the building manager (email only)
    rival_company: str
    dentist_name: str  # surname: "Dr. Okafor", "Okafor Dental"
    colleague: str  # the user's 1:1
    number: int  # street number
    street: str  # "Alder Street"
    apt: str
    city: str
    state: str
    zip_code: str
    door_code: str  # digits; the welcome email writes them followed by "#"
    bin_code: str
    wifi_password: str
    office_day: date
    partner_day: date
    partner_text_at: datetime
    partner_reason: int  # index into reasons(p) ("partner_reason" of the user's hours) or "partner_lifted"
    dentist_start: datetime
    slots: tuple[Slot, ...]  # in Tony's (chronological) order
    # World 0's wording calls the user "she" and the plumber "he"; drawn worlds (names of any gender) use names.
    gendered: bool = True
    hours: str = AFTERNOON  # the user's hours: AFTERNOON or MORNING
    lifted_day: date | None = None  # the day the partner first asked for and then freed (the "lifted" twist)
    dentist_shown: datetime | None = None  # the appointment's old time, still on the calendar (the "moved" twist)
    # Which phrasing of each of the part's kinds (phrases.PHRASES) the world uses:
    hours_wording: int = 0  # "hours_<hours>": how the prompt states the user's hours
    offer_layout: int = 0  # "offer": how Tony lays out his slots
    opener: int = 0  # "partner_opener": how the partner's text opens
    moved_subject: int = 0  # "dentist_moved_subject" and "dentist_moved": the dentist's note that the time moved
    office_mode: str = "prompt"  # how the office day is known: "prompt" (world 0), "mail" or "corrected"
    office_text: int = 0  # "office_mail": the colleague's mail
    office_fix: int = 0  # "corrected": the first mail ("office_first") and the correction ("office_fix") in one
    office_ref: int = 0  # "office_prompt": how the prompt points at the colleague's mail
    partner_event: int = -1  # index into PARTNER_EVENTS when the partner names the day by that event, else -1
    partner_ps: int = -1  # "partner_ps" when the partner's text adds that the valid slot's day is fine

    # ---------------------------------------------------------------- derived
    @property
    def address(self) -> str:
        return f"{self.number} {self.street}, Apt {self.apt}, {self.city}, {self.state} {self.zip_code}"

    @property
    def street_address(self) -> str:
        return f"{self.number} {self.street}, Apt {self.apt}"

    @property
    def address_mark(self) -> str:
        """What a calendar entry must carry to have the address: "48 alder"."""
        return f"{self.number} {self.street.split()[0]}".lower()

    @property
    def company(self) -> str:
        return f"{self.plumber.last} Plumbing"

    @property
    def valid(self) -> Slot:
        return next(s for s in self.slots if s.problem is None)

    @property
    def dentist_end(self) -> datetime:
        return self.dentist_start + DENTIST_LENGTH

    @property
    def calendar_dentist(self) -> datetime:
        """Where the dentist appointment sits on the calendar (its old time when it moved)."""
        return self.dentist_shown or self.dentist_start

    @property
    def part(self) -> str:
        """"afternoon" or "morning": the part of the day the user can be home."""
        return self.hours

    @property
    def twists(self) -> list[str]:
        return [name for name, on in ((TWIST_MORNING, self.hours == MORNING), (TWIST_LIFTED, bool(self.lifted_day)),
                                      (TWIST_MOVED, bool(self.dentist_shown))) if on]


def at(day: date, hour: int, minute: int = 0) -> datetime:
    return datetime.combine(day, time(hour, minute), tzinfo=UTC)


def _person(first: str, last: str, phone: str = "", email: str = "") -> Person:
    return Person(first, last, phone, email)


WORLD_0 = Params(
    user=_person("Maya", "Chen", "+15550104821", "maya.chen@mailbox.example"),
    partner=_person("Jordan", "Blake", "+15550167730"),
    plumber=_person("Tony", "Russo", "+15550142277"),
    neighbour=_person("Priya", "Nair", "+15550188412"),
    rival=_person("Dave", "Kowalski", "+15550139981"),
    manager=_person("Helen", "Park", "", "helen.park@alderstreetliving.example"),
    rival_company="QuickFlow",
    dentist_name="Okafor",
    colleague="Lena",
    number=48, street="Alder Street", apt="3B", city="Portland", state="OR", zip_code="97214",
    door_code="4471", bin_code="9023", wifi_password="maple-kettle-82",
    office_day=WEEK[1], partner_day=WEEK[2], partner_text_at=at(START.date(), 8, 35), partner_reason=0,
    dentist_start=at(WEEK[0], 16),
    slots=(Slot(at(WEEK[0], 9), HOURS), Slot(at(WEEK[0], 15), CLASH), Slot(at(WEEK[1], 14), OFFICE_DAY),
           Slot(at(WEEK[2], 13), PARTNER_DAY), Slot(at(WEEK[3], 13), None)),
)


def _phones(rng: random.Random, count: int) -> list[str]:
    numbers = rng.sample(range(10000, 100000), count)
    return [f"+155501{n:05d}" for n in numbers]


def _code(rng: random.Random, avoid: str) -> str:
    """Four digits that cannot be mistaken for anything else in the world: no year, no clock time, not part of a
    phone number, street number or zip code (``avoid`` holds all those digits, space-separated)."""
    while True:
        code = f"{rng.randint(3000, 9999)}"
        if code not in avoid and not code.startswith(("19", "20")):
            return code


def _starts(hours: str) -> tuple[int, ...]:
    """Start hours of the windows that fall wholly within the user's hours."""
    lo, hi = USER_HOURS[hours]
    return tuple(h for h in range(lo, hi) if h + WINDOW.seconds // 3600 <= hi and h <= 15)


def apart(a: datetime, b: datetime) -> bool:
    """Whether two windows neither overlap nor touch (always true on different days)."""
    if a.date() != b.date():
        return True
    first, second = sorted((a, b))
    return second > first + WINDOW


def _around(rng: random.Random, window: datetime, avoid: list[datetime]) -> datetime:
    """An appointment start that overlaps the window at ``window`` by 15 minutes or more and overlaps none of the
    windows in ``avoid``."""
    options = [window + timedelta(minutes=m) for m in range(-30, 120, 15)]
    return rng.choice([d for d in options
                       if not any(d < s + WINDOW and s < d + DENTIST_LENGTH for s in avoid)])


def _slots(rng: random.Random, hours: str, office: date, partner: date, valid_day: date, clash_day: date,
           moved: bool) -> tuple[tuple[Slot, ...], datetime, datetime | None]:
    """Tony's slots (chronological), the dentist's (real) start and, when it moved, its old start."""
    starts = _starts(hours)
    if clash_day == valid_day:  # two windows within the hours on one day: only the afternoon has room
        first, second = rng.sample([12, 15], 2)
        valid_start, clash_start = at(valid_day, first), at(clash_day, second)
    else:
        valid_start, clash_start = at(valid_day, rng.choice(starts)), at(clash_day, rng.choice(starts))
    dentist = _around(rng, clash_start, [valid_start])
    shown = _around(rng, valid_start, [clash_start]) if moved else None
    slots = [Slot(valid_start, None), Slot(clash_start, CLASH), Slot(at(office, rng.choice(starts)), OFFICE_DAY),
             Slot(at(partner, rng.choice(starts)), PARTNER_DAY)]
    # The slot outside the hours goes on any day, apart from every window there.
    outside = (8, 9, 10) if hours == AFTERNOON else (13, 14, 15)
    while True:
        day = rng.choice(WEEK)
        choices = [at(day, h) for h in outside if all(apart(at(day, h), s.start) for s in slots)]
        if choices:
            slots.append(Slot(rng.choice(choices), HOURS))
            break
    return tuple(sorted(slots, key=lambda s: s.start)), dentist, shown


def _twists(rng: random.Random) -> set[str]:
    """The twists of a drawn world: each on its own chance, at least one."""
    chosen = {t for t, chance in ((TWIST_MORNING, 1 / 3), (TWIST_LIFTED, 1 / 2), (TWIST_MOVED, 1 / 2))
              if rng.random() < chance}
    return chosen or {rng.choice(TWISTS)}


def _cast(rng: random.Random) -> tuple[list[Person], str, str, int, str]:
    """The six people (user, partner, plumber, neighbour, rival, manager), the street, the street number, the
    apartment and the digits the building's codes must not be mistaken for."""
    people = fresh_people(rng, 6)
    phones = _phones(rng, 5)
    street = rng.choice(STREETS)
    cast = [_person(f, last, phone) for (f, last), phone in zip(people, [*phones, ""], strict=True)]
    user, manager = cast[0], cast[5]
    cast[0] = _person(user.first, user.last, user.phone, f"{user.first}.{user.last}@mailbox.example".lower())
    cast[5] = _person(manager.first, manager.last, "", f"{manager.first}.{manager.last}@"
                                                       f"{street.replace(' ', '')}living.example".lower())
    number = rng.randint(12, 240)
    apt = f"{rng.randint(1, 6)}{rng.choice('ABCD')}"
    return cast, street, " ".join([*(p[-10:] for p in phones), str(number)]), number, apt


def _names_next_day(phrasing: Phrasing) -> bool:
    """Whether an "office_mail" phrasing names the office day by the day after it (``{after}``)."""
    return isinstance(phrasing, str) and any(name == "after" for _, name, _, _ in string.Formatter().parse(phrasing))


def _references(rng: random.Random, office: date, lifted: bool) -> dict[str, Any]:
    """How a drawn world points at the office day (a colleague's mail, maybe corrected later) and, without the
    "lifted" twist, whether the partner names the day by an event in the calendar."""
    mails = [n for n, phrasing in enumerate(PHRASES.phrasings("office_mail"))
             if office.weekday() < 4 or not _names_next_day(phrasing)]  # a Friday's next day is no working day
    return {"office_mode": rng.choice(OFFICE_MODES), "office_text": rng.choice(mails),
            "office_fix": rng.randrange(len(PHRASES.phrasings("office_first")) * len(PHRASES.phrasings("office_fix"))),
            "office_ref": PHRASES.index(rng, "office_prompt"),
            "partner_event": -1 if lifted or rng.random() < .5 else rng.randrange(len(PARTNER_EVENTS)),
            "partner_ps": -1 if lifted or rng.random() < .4 else PHRASES.index(rng, "partner_ps")}


def draw_params(rng: random.Random, seed: int) -> Params:
    """The parameters of world ``seed``: ``WORLD_0`` for seed 0, else drawn from ``rng`` (the part's stream)."""
    if seed == 0:
        return WORLD_0
    (user, partner, plumber, neighbour, rival, manager), street, digits, number, apt = _cast(rng)
    city, state, zip_code = rng.choice(CITIES)
    door = _code(rng, f"{digits} {zip_code}")
    bin_code = _code(rng, f"{digits} {zip_code} {door}")
    office, partner_day, valid_day, spare = rng.sample(WEEK, 4)
    twists = _twists(rng)
    hours = MORNING if TWIST_MORNING in twists else AFTERNOON
    # Two windows within the hours on one day fit only in the afternoon, and a moved appointment leaves its old
    # time on the valid day: then the clash goes on the spare day.
    together = hours == AFTERNOON and TWIST_MOVED not in twists
    clash_day = rng.choice((spare, spare, valid_day)) if together else spare
    slots, dentist, shown = _slots(rng, hours, office, partner_day, valid_day, clash_day, TWIST_MOVED in twists)
    reasons = PARTNER_REASONS if hours == AFTERNOON else MORNING_REASONS
    lifted = TWIST_LIFTED in twists
    params = Params(
        user=user, partner=partner, plumber=plumber, neighbour=neighbour, rival=rival, manager=manager,
        rival_company=rng.choice(RIVALS), dentist_name=rng.choice(DENTISTS), colleague=rng.choice(COLLEAGUES),
        number=number, street=street, apt=apt, city=city, state=state, zip_code=zip_code,
        door_code=door, bin_code=bin_code,
        wifi_password=f"{rng.choice(WIFI_WORDS[0])}-{rng.choice(WIFI_WORDS[1])}-{rng.randint(10, 99)}",
        office_day=office, partner_day=partner_day,
        partner_text_at=at(START.date(), 8, rng.choice((20, 25, 30, 35, 40, 45, 50))),
        # the reason's index also picks the partner's note and reply (cast.py): drawn among the reasons themselves
        partner_reason=PHRASES.index(rng, "partner_lifted") if lifted else rng.randrange(len(reasons)),
        dentist_start=dentist, slots=slots,
        gendered=False, hours=hours, lifted_day=valid_day if lifted else None, dentist_shown=shown,
        hours_wording=PHRASES.index(rng, f"hours_{hours}"), offer_layout=PHRASES.index(rng, "offer"),
        opener=PHRASES.index(rng, "partner_opener"), moved_subject=PHRASES.index(rng, "dentist_moved_subject"),
        **_references(rng, office, lifted))
    check(params)
    return params


# ------------------------------------------------------------------------------------------------ checks
def problems_of(params: Params, slot: Slot, busy: list[tuple[datetime, datetime]]) -> set[Problem]:
    """What is wrong with ``slot``, worked out from the constraints themselves (not from its label); ``busy`` is the
    user's real commitments (the dentist at its real time)."""
    found: set[Problem] = set()
    lo, hi = USER_HOURS[params.hours]
    if not (at(slot.start.date(), lo) <= slot.start and slot.end <= at(slot.start.date(), hi)):
        found.add(HOURS)
    if slot.start.date() == params.office_day:
        found.add(OFFICE_DAY)
    if slot.start.date() == params.partner_day:
        found.add(PARTNER_DAY)
    if any(s < slot.end and slot.start < e for s, e in busy):
        found.add(CLASH)
    return found


def check(params: Params, busy: list[tuple[datetime, datetime]] | None = None) -> None:
    """Raise when the world is not what the task promises: every slot wrong for the reason it is labelled with,
    exactly one slot right, no two windows of a day overlapping or touching, and each twist doing what it
    promises (the freed day holds the valid slot; the moved appointment's old time overlaps it)."""
    busy = busy if busy is not None else [(params.dentist_start, params.dentist_end)]
    for slot in params.slots:
        found = problems_of(params, slot, busy)
        if (slot.problem is None and found) or (slot.problem is not None and slot.problem not in found):
            raise ValueError(f"slot {slot.start.isoformat()} should be {slot.problem or 'valid'}, "
                             f"is {found or 'valid'}")
    if sum(s.problem is None for s in params.slots) != 1:
        raise ValueError("exactly one slot must be valid")
    for a in params.slots:
        for b in params.slots:
            if a is not b and not apart(a.start, b.start):
                raise ValueError(f"slots {a.start.isoformat()} and {b.start.isoformat()} overlap or touch")
    valid = params.valid
    if params.lifted_day is not None and params.lifted_day != valid.start.date():
        raise ValueError("the day the partner freed must hold the valid slot")
    if params.dentist_shown is not None:
        old = params.dentist_shown
        if not (old < valid.end and valid.start < old + DENTIST_LENGTH) or old == params.dentist_start:
            raise ValueError("the appointment's old time must overlap the valid slot")
