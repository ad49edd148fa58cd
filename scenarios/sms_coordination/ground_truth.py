"""The parameters of an sms_coordination world and their draw from the world seed.

``WORLD_0`` is the folder's own world (Maya Chen, Tony Russo, 48 Alder Street, Friday 20th 1-3pm). Every other seed
draws the people, the phone numbers, the address and the building's codes, the user's office day, the partner's
day, the dentist appointment and Tony's five slots, of which exactly one survives every constraint:

* one slot is a **morning** (the user wants afternoons),
* one is an afternoon on the user's **office day**,
* one is an afternoon on the day the **partner** needs the kitchen (their text arrives mid-morning),
* one is an afternoon that **clashes with the dentist** appointment on the calendar,
* one is the **valid** slot: an afternoon on a free day, with no clash.

No two slots of a day touch (one's end is never another's start), so a text naming a window names one slot.
``generator.py`` turns the parameters into the world, the characters, the oracle's plan and the ground truth.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from green_agent.scenario_kit.world import draw, fresh_people

SCENARIO_ID = "sms_coordination"
START = datetime(2026, 3, 16, 8, 0, tzinfo=UTC)  # Monday
WEEK = [date(2026, 3, 17) + timedelta(days=i) for i in range(4)]  # Tuesday .. Friday: the days Tony offers
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
WINDOW = timedelta(hours=2)  # Tony's arrival window
DENTIST_LENGTH = timedelta(minutes=45)

# What is wrong with a slot (None: nothing, the valid one).
MORNING, OFFICE_DAY, PARTNER_DAY, CLASH = "morning", "office_day", "partner_day", "clash"


@dataclass(frozen=True)
class Person:
    first: str
    last: str
    phone: str = ""

    @property
    def name(self) -> str:
        return f"{self.first} {self.last}"


@dataclass(frozen=True)
class Slot:
    start: datetime
    problem: str | None  # MORNING, OFFICE_DAY, PARTNER_DAY, CLASH or None (the valid slot)

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
    partner_reason: int  # index into PARTNER_REASONS
    dentist_start: datetime
    slots: tuple[Slot, ...]  # in Tony's (chronological) order
    # World 0's wording calls the user "she" and the plumber "he"; drawn worlds (names of any gender) use names.
    gendered: bool = True

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


PARTNER_REASONS = (
    # (the partner's text, their personality note, their scripted reply); {day} is the weekday, {first} their name
    ("Morning! Reminder: Mum's birthday dinner is {day} and I'm cooking from lunchtime, so I need the kitchen "
     "completely free all {day} afternoon. Please don't let the plumber come then! x",
     "warm, a bit frazzled this week because they are hosting {first}'s mum's birthday dinner on {day}.",
     "Thank you!! Mum will be thrilled the sink's getting fixed x"),
    ("Morning! Don't forget the food photographer is shooting my recipes in our kitchen on {day}, all afternoon - "
     "so no plumber then, please! x",
     "warm, a bit frazzled this week because a food photographer is shooting their recipes in the kitchen on "
     "{day} afternoon.",
     "Thank you!! So glad the sink's getting fixed x"),
    ("Morning! Heads up: I'm hosting the cooking club at ours on {day} and need the kitchen all {day} afternoon "
     "for prep - please keep the plumber away then! x",
     "warm, a bit frazzled this week because they host the cooking club at home on {day}.",
     "Amazing, thank you!! The club will be relieved x"),
)


def at(day: date, hour: int, minute: int = 0) -> datetime:
    return datetime.combine(day, time(hour, minute), tzinfo=UTC)


WORLD_0 = Params(
    user=Person("Maya", "Chen", "+15550104821"),
    partner=Person("Jordan", "Blake", "+15550167730"),
    plumber=Person("Tony", "Russo", "+15550142277"),
    neighbour=Person("Priya", "Nair", "+15550188412"),
    rival=Person("Dave", "Kowalski", "+15550139981"),
    manager=Person("Helen", "Park"),
    rival_company="QuickFlow",
    dentist_name="Okafor",
    colleague="Lena",
    number=48, street="Alder Street", apt="3B", city="Portland", state="OR", zip_code="97214",
    door_code="4471", bin_code="9023", wifi_password="maple-kettle-82",
    office_day=WEEK[1], partner_day=WEEK[2], partner_text_at=at(START.date(), 8, 35), partner_reason=0,
    dentist_start=at(WEEK[0], 16),
    slots=(Slot(at(WEEK[0], 9), MORNING), Slot(at(WEEK[0], 15), CLASH), Slot(at(WEEK[1], 14), OFFICE_DAY),
           Slot(at(WEEK[2], 13), PARTNER_DAY), Slot(at(WEEK[3], 13), None)),
)

STREETS = ("Alder Street", "Birch Avenue", "Cedar Lane", "Juniper Road", "Hazel Street", "Linden Avenue",
           "Willow Lane", "Rowan Road", "Aspen Street", "Poplar Avenue")
CITIES = (("Portland", "OR", "97214"), ("Seattle", "WA", "98122"), ("Denver", "CO", "80206"),
          ("Minneapolis", "MN", "55408"), ("Madison", "WI", "53703"), ("Boise", "ID", "83702"),
          ("Sacramento", "CA", "95816"), ("Tucson", "AZ", "85719"))
RIVALS = ("QuickFlow", "PipeRight", "FlowFix", "DrainPro", "ClearLine", "TapWise")
DENTISTS = ("Okafor", "Lindqvist", "Adeyemi", "Marchetti", "Haddad", "Novak")
COLLEAGUES = ("Lena", "Omar", "Ruth", "Kenji", "Aisha", "Piotr")
WIFI_WORDS = (("maple", "cedar", "amber", "cobalt", "willow", "copper", "velvet", "harbor"),
              ("kettle", "lantern", "meadow", "pebble", "teapot", "ribbon", "garden", "falcon"))


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


def _afternoons(rng: random.Random, count: int) -> list[int]:
    """Start hours of ``count`` afternoon windows on one day that neither overlap nor touch."""
    if count == 1:
        return [rng.choice((12, 13, 14, 15))]
    return [12, 15]  # two windows: 12-2pm and 3-5pm are the only pair that keeps apart


def _slots(rng: random.Random, office: date, partner: date, valid_day: date, dentist_day: date,
           ) -> tuple[tuple[Slot, ...], datetime]:
    """Tony's slots (chronological) and the dentist's start."""
    if dentist_day == valid_day:
        hours = rng.sample(_afternoons(rng, 2), 2)
        valid_start, clash_start = at(valid_day, hours[0]), at(dentist_day, hours[1])
    else:
        valid_start, clash_start = at(valid_day, _afternoons(rng, 1)[0]), at(dentist_day, _afternoons(rng, 1)[0])
    # The appointment overlaps the clashing window by 15 minutes at least, and never the valid one.
    options = [clash_start + timedelta(minutes=m) for m in range(-30, 120, 15)]
    dentist = rng.choice([d for d in options if not (d < valid_start + WINDOW and valid_start < d + DENTIST_LENGTH)])
    slots = [Slot(valid_start, None), Slot(clash_start, CLASH), Slot(at(office, _afternoons(rng, 1)[0]), OFFICE_DAY),
             Slot(at(partner, _afternoons(rng, 1)[0]), PARTNER_DAY)]
    # The morning goes on any day, ending before any afternoon window there starts (never touching it).
    morning_day = rng.choice(WEEK)
    taken = {s.start for s in slots if s.start.date() == morning_day}
    starts = [h for h in (8, 9, 10) if at(morning_day, h) + WINDOW not in taken]
    slots.append(Slot(at(morning_day, rng.choice(starts)), MORNING))
    return tuple(sorted(slots, key=lambda s: s.start)), dentist


def draw_params(seed: int) -> Params:
    """The parameters of world ``seed`` (``WORLD_0`` for seed 0)."""
    if seed == 0:
        return WORLD_0
    rng = draw(seed, SCENARIO_ID)
    people = fresh_people(rng, 6)
    phones = _phones(rng, 5)
    user, partner, plumber, neighbour, rival, manager = (
        Person(f, last, phone) for (f, last), phone in zip(people, [*phones, ""], strict=True))
    street = rng.choice(STREETS)
    city, state, zip_code = rng.choice(CITIES)
    number = rng.randint(12, 240)
    apt = f"{rng.randint(1, 6)}{rng.choice('ABCD')}"
    digits = " ".join([*(p[-10:] for p in phones), str(number), zip_code])
    door = _code(rng, digits)
    bin_code = _code(rng, f"{digits} {door}")
    office, partner_day, valid_day, spare = rng.sample(WEEK, 4)
    dentist_day = rng.choice((spare, spare, valid_day))
    slots, dentist = _slots(rng, office, partner_day, valid_day, dentist_day)
    params = Params(
        user=user, partner=partner, plumber=plumber, neighbour=neighbour, rival=rival, manager=manager,
        rival_company=rng.choice(RIVALS), dentist_name=rng.choice(DENTISTS), colleague=rng.choice(COLLEAGUES),
        number=number, street=street, apt=apt, city=city, state=state, zip_code=zip_code,
        door_code=door, bin_code=bin_code,
        wifi_password=f"{rng.choice(WIFI_WORDS[0])}-{rng.choice(WIFI_WORDS[1])}-{rng.randint(10, 99)}",
        office_day=office, partner_day=partner_day,
        partner_text_at=at(START.date(), 8, rng.choice((20, 25, 30, 35, 40, 45, 50))),
        partner_reason=rng.randrange(len(PARTNER_REASONS)), dentist_start=dentist, slots=slots, gendered=False)
    check(params)
    return params


# ------------------------------------------------------------------------------------------------ checks
def problems_of(params: Params, slot: Slot, busy: list[tuple[datetime, datetime]]) -> set[str]:
    """What is wrong with ``slot``, worked out from the constraints themselves (not from its label)."""
    found = set()
    if slot.start.hour < 12:
        found.add(MORNING)
    if slot.start.date() == params.office_day:
        found.add(OFFICE_DAY)
    if slot.start.date() == params.partner_day:
        found.add(PARTNER_DAY)
    if any(s < slot.end and slot.start < e for s, e in busy):
        found.add(CLASH)
    return found


def check(params: Params, busy: list[tuple[datetime, datetime]] | None = None) -> None:
    """Raise when the world is not what the task promises: every slot wrong for the reason it is labelled with,
    exactly one slot right, no two windows of a day overlapping or touching."""
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
            if a is not b and a.start.date() == b.start.date() and a.start <= b.start <= a.end:
                raise ValueError(f"slots {a.start.isoformat()} and {b.start.isoformat()} overlap or touch")
