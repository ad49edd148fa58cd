"""The parameters of an sms_coordination world and their draw from the world seed.

``WORLD_0`` is the folder's own world (Maya Chen, Tony Russo, 48 Alder Street, Friday 20th 1-3pm). Every other seed
draws the people, the phone numbers, the address and the building's codes, the user's office day, the partner's
day, the dentist appointment and Tony's five slots, of which exactly one survives every constraint:

* one slot is outside the user's **hours** (a morning when the user is home only in the afternoons, an afternoon
  when only in the mornings),
* one is within the hours on the user's **office day**,
* one is within the hours on the day the **partner** needs the kitchen (their text arrives mid-morning),
* one **clashes with the dentist** appointment,
* one is the **valid** slot: within the hours on a free day, with no clash.

Which slot fits depends on context a fixed rule cannot read, and every world but world 0 draws at least one
**twist** that breaks the obvious rule:

* ``morning`` — the user is out every afternoon this week: the user's hours are the morning (the work calendar
  moves to the afternoons), and the slot outside the hours is an afternoon;
* ``lifted`` — the partner asked on Sunday to keep one day free, and the mid-morning text lifts it (that plan
  moved) while naming another day: the valid slot is on the day named first, so "drop every day the partner
  mentions" drops the answer;
* ``moved`` — the dentist emailed last week that the appointment moved; the calendar still shows the old time,
  which overlaps the valid slot (it looks busy and is free), while the new time clashes with another slot.

No two slots of a day touch (one's end is never another's start), so a text naming a window names one slot.
``generator.py`` turns the parameters into the world, the characters, the oracle's plan and the ground truth.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from green_agent.scenario_kit.world import Person, draw, fresh_people

SCENARIO_ID = "sms_coordination"
START = datetime(2026, 3, 16, 8, 0, tzinfo=UTC)  # Monday
WEEK = [date(2026, 3, 17) + timedelta(days=i) for i in range(4)]  # Tuesday .. Friday: the days Tony offers
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
WINDOW = timedelta(hours=2)  # Tony's arrival window
DENTIST_LENGTH = timedelta(minutes=45)

# What is wrong with a slot (None: nothing, the valid one).
HOURS, OFFICE_DAY, PARTNER_DAY, CLASH = "hours", "office_day", "partner_day", "clash"
# The user's hours: when Tony's whole arrival window must fall (hour from, hour until).
AFTERNOON, MORNING = "afternoon", "morning"
USER_HOURS = {AFTERNOON: (12, 18), MORNING: (8, 12)}
# How the prompt states the user's hours; each names the other part of the day as often as its own, so the word
# "morning" or "afternoon" alone does not tell them apart.
HOURS_WORDING = {
    AFTERNOON: ("It has to be an afternoon (12:00 or later)",
                "I'm out every morning this week, so the arrival window has to start at 12:00 or later -",
                "Mornings are no good (I'm at the studio until lunch) - it has to start at noon or later -"),
    MORNING: ("It has to be a morning - the arrival window has to end by 12:00, since I'm out every afternoon this "
              "week -",
              "I'm only home until lunch this week, so the arrival window has to end by 12:00 -",
              "The afternoons are out (I'm at the studio from lunch on), so it has to be done by noon - the arrival "
              "window ending by 12:00 -"),
}
# The twists a drawn world may have (see the module docstring); world 0 has none.
TWIST_MORNING, TWIST_LIFTED, TWIST_MOVED = "morning", "lifted", "moved"
TWISTS = (TWIST_MORNING, TWIST_LIFTED, TWIST_MOVED)


@dataclass(frozen=True)
class Slot:
    start: datetime
    problem: str | None  # HOURS, OFFICE_DAY, PARTNER_DAY, CLASH or None (the valid slot)

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
    hours: str = AFTERNOON  # the user's hours: AFTERNOON or MORNING
    lifted_day: date | None = None  # the day the partner first asked for and then freed (the "lifted" twist)
    dentist_shown: datetime | None = None  # the appointment's old time, still on the calendar (the "moved" twist)
    hours_wording: int = 0  # index into HOURS_WORDING[hours]: how the prompt states the user's hours

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


PARTNER_REASONS = (
    # (the partner's text, their personality note, their scripted reply); {day} is the weekday, {first} their name.
    # These three are for a user at home in the afternoons; MORNING_REASONS for one at home in the mornings.
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


MORNING_REASONS = (
    ("Morning! Reminder: the health inspector for my catering course is coming to check our kitchen on {day} "
     "morning, so it has to be spotless and empty all {day} morning. Please don't let the plumber come then! x",
     "warm, a bit frazzled this week because a health inspector checks their kitchen on {day} morning.",
     "Thank you!! One less thing to worry about x"),
    ("Morning! Don't forget the food photographer is shooting my recipes in our kitchen on {day}, all morning - "
     "so no plumber then, please! x",
     "warm, a bit frazzled this week because a food photographer is shooting their recipes in the kitchen on "
     "{day} morning.",
     "Thank you!! So glad the sink's getting fixed x"),
    ("Morning! Heads up: I'm hosting the cooking club brunch at ours on {day} and need the kitchen all {day} "
     "morning - please keep the plumber away then! x",
     "warm, a bit frazzled this week because they host the cooking club brunch at home on {day}.",
     "Amazing, thank you!! The club will be relieved x"),
)

# The "lifted" twist: the partner's Sunday text (in the thread from the start) and the mid-morning one. {old} is
# the day first asked for (now free), {day} the day now needed, {part} the user's part of the day.
LIFTED_SUNDAY = ("Also - my sister is coming to cook with me on {old}, so can we keep the kitchen free all {old} "
                 "{part}? Don't book anyone in then x")
LIFTED_TEXTS = (
    "Morning! Change of plan: my sister can't make {old} after all, so {old} is totally fine for the plumber now. "
    "But the landlord's inspection got moved to {day} {part} - no plumber then please! x",
    "Morning! Update: the cooking session with my sister moved from {old} to {day} {part}, so {old} is free again "
    "and it's {day} {part} I need the kitchen. x",
    "Morning! Scrap what I said about {old}, that's cancelled, any time that day is fine. I do need the kitchen "
    "all {day} {part} for the bake sale prep though x",
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
    slots=(Slot(at(WEEK[0], 9), HOURS), Slot(at(WEEK[0], 15), CLASH), Slot(at(WEEK[1], 14), OFFICE_DAY),
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


def _starts(hours: str) -> tuple[int, ...]:
    """Start hours of the windows that fall wholly within the user's hours."""
    lo, hi = USER_HOURS[hours]
    return tuple(h for h in range(lo, hi) if h + WINDOW.seconds // 3600 <= hi and h <= 15)


def _apart(a: datetime, b: datetime) -> bool:
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
        choices = [at(day, h) for h in outside if all(_apart(at(day, h), s.start) for s in slots)]
        if choices:
            slots.append(Slot(rng.choice(choices), HOURS))
            break
    return tuple(sorted(slots, key=lambda s: s.start)), dentist, shown


def _twists(rng: random.Random) -> set[str]:
    """The twists of a drawn world: each on its own chance, at least one."""
    chosen = {t for t, chance in ((TWIST_MORNING, 1 / 3), (TWIST_LIFTED, 1 / 2), (TWIST_MOVED, 1 / 2))
              if rng.random() < chance}
    return chosen or {rng.choice(TWISTS)}


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
        partner_reason=rng.randrange(len(LIFTED_TEXTS if lifted else reasons)), dentist_start=dentist, slots=slots,
        gendered=False, hours=hours, lifted_day=valid_day if lifted else None, dentist_shown=shown,
        hours_wording=rng.randrange(len(HOURS_WORDING[hours])))
    check(params)
    return params


# ------------------------------------------------------------------------------------------------ checks
def problems_of(params: Params, slot: Slot, busy: list[tuple[datetime, datetime]]) -> set[str]:
    """What is wrong with ``slot``, worked out from the constraints themselves (not from its label); ``busy`` is the
    user's real commitments (the dentist at its real time)."""
    found = set()
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
            if a is not b and not _apart(a.start, b.start):
                raise ValueError(f"slots {a.start.isoformat()} and {b.start.isoformat()} overlap or touch")
    valid = params.valid
    if params.lifted_day is not None and params.lifted_day != valid.start.date():
        raise ValueError("the day the partner freed must hold the valid slot")
    if params.dentist_shown is not None:
        old = params.dentist_shown
        if not (old < valid.end and valid.start < old + DENTIST_LENGTH) or old == params.dentist_start:
            raise ValueError("the appointment's old time must overlap the valid slot")
