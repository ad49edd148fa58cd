"""What an sms_coordination world draws: ``Params`` and ``draw_params(rng, seed)``, held to the task's promise by
``check``.

World 0 keeps the hand-written world (``WORLD_0``: Maya Chen, Tony Russo, 48 Alder Street, Friday 20th 1-3pm, no
twist). Every other seed draws, from the part's own stream, the people, the phone numbers, the address and the
building's codes, the user's office day, the partner's day, the dentist appointment and Tony's windows (seven to
thirteen), of which exactly one survives every constraint:

* some are outside the user's **hours** (a morning when the user is home only in the afternoons, an afternoon
  when only in the mornings),
* one or two are within the hours on the user's **office day**,
* one or two are within the hours on the day the **partner** needs the kitchen (their text arrives mid-morning),
* one **clashes with the dentist** appointment,
* one is the **valid** slot: within the hours on a free day, with no clash.

Which slot fits depends on context a fixed rule cannot read, and every drawn world has at least one **twist** that
breaks the obvious rule:

* ``morning`` — the user is out every afternoon this week: the user's hours are the morning (the work calendar
  moves to the afternoons), and the slot outside the hours is an afternoon;
* ``lifted`` — the partner asked on Sunday to keep one day free, and the mid-morning text lifts it (that plan
  moved) while naming another day; the freed day is any day but the one needed (the valid slot's in about a third);
* ``moved`` — the dentist emailed last week that the appointment moved; the calendar still shows the old time
  (over a window within the hours drawn evenly, the valid one at its share), while the new time clashes with another
  slot.

No structure stands in for reading (issue 34, round 3): in a drawn world without ``moved`` the dentist's mail offers
another time, worded like a move, that nobody took (the calendar is right); that other time sits over the valid
slot at its even share either way: over a window within the hours drawn evenly among all but the clash (version 7).
Every rule strikes windows within the hours (a wrong reading of any of them leaves one to three struck windows
standing beside the valid one), and the clash shares the valid day in half the worlds. The office day comes in one
colleague mail, or a first mail and a later one that corrects it, calls a move off, or is an aside about another day
(the first mail's day stands): the day a later mail names beside the first mail's is this week's about half the
time. Windows outside the hours are one more or one fewer than those within, half each, so most lie outside the
user's hours about as often as within them. The prompt states the hours in wordings that name both parts of the
day, one ruled out; "12:00 or later" and "end by 12:00" each sit in about half the wordings of either part.

How the partner's day is known, in a drawn world without ``lifted``: the mid-morning text names it by weekday
("text") or by an evening event in the shared calendar ("event"), points back at Sunday's text, which names it
("still"; it calls another evening's day fine), or calls Sunday's day off and names an evening event ("dropped"). In
"text" and "event" worlds a later text follows ten minutes on: it moves the need to the partner's day from the one
the mid-morning text named ("partner_moved") or restates that day and calls another fine ("partner_same"), half
each, so the day the first text or its evening points at is the partner's only half the time. A "lifted" world's
later text takes the lift back ("partner_undo") or repeats it ("partner_recap"), half each. Another evening at home
sits in the calendar in every "still" world and half the others.

The usual office day the colleague's mails name, the day the partner's postscript calls fine and the later text's
other day are any day but the one they stand beside (the valid slot's about a third of the time). The reminder of a
drawn world names no time.

In half the drawn worlds Tony mixes up the first booking (version 5, issue 34 session 21): his first confirmation,
in his usual words, names ``mix_a`` (a window within the hours that breaks a rule) whichever slot was asked for, so a
second decision must be right too: whether the confirmation is the booking asked for (a correction puts it right).

No two slots of a day touch (one's end is never another's start), so a text naming a window names one slot.
"""

from __future__ import annotations

import random
import string
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta
from typing import Any, Literal

from green_agent.scenario_kit.phrasing import Phrasing
from green_agent.scenario_kit.world import Person, fresh_people

from .doors import check_doors, draw_doors
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
Problem = Literal["hours", "office_day", "partner_day", "clash", "taken"]
HOURS: Problem = "hours"
OFFICE_DAY: Problem = "office_day"
PARTNER_DAY: Problem = "partner_day"
CLASH: Problem = "clash"
# Drawn worlds: a window that fits every rule of the user's but that Tony's offer says, in a postscript, has gone to
# another customer (version 6).
TAKEN: Problem = "taken"
# The user's hours: when Tony's whole arrival window must fall (hour from, hour until).
USER_HOURS = {AFTERNOON: (12, 18), MORNING: (7, 12)}
# The two windows of the user's hours that fit on one day without touching (the early one and the late one).
PAIRS = {AFTERNOON: (12, 15), MORNING: (7, 10)}
# Where windows outside the user's hours start (the other part of the day, early and late windows alike).
OUTSIDE = {AFTERNOON: (7, 8, 9, 10, 11), MORNING: (11, 12, 13, 14, 15, 16)}
# The twists a drawn world may have (see the module docstring); world 0 has none.
TWIST_MORNING, TWIST_LIFTED, TWIST_MOVED = "morning", "lifted", "moved"
TWISTS = (TWIST_MORNING, TWIST_LIFTED, TWIST_MOVED)
# Drawn worlds (world 0 names the day in the prompt): "mail", one mail moving the day off the usual one; "corrected",
# a first mail and a later correction; "kept", a mail moving it off the usual day and a later one calling the move
# off (the usual day stands), so neither "the usual day is never it" nor "the latest mail's new day" decides;
# "aside", a first mail naming the day and a later one about another matter on another day (the first mail's day
# stands), the twin of "corrected": two mails, the first naming one day, the later one naming another; "single", one
# mail only, the twin of "mail": a call-off ("office_kept") saying the usual day stands and the other day it names is
# not this week's, so a lone mail's non-usual day is the office day only half the time.
OFFICE_MODES = ("mail", "corrected", "kept", "aside", "single")


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
    # Drawn worlds without the "moved" twist: a time the dentist offered to move the appointment to, not taken.
    dentist_offer: datetime | None = None
    usual_day: date | None = None  # the office day of other weeks, which the colleague's mails name (any day)
    ps_day: date | None = None  # the day the partner's postscript says is fine (any day but the one needed)
    # Which phrasing of each of the part's kinds (phrases.PHRASES) the world uses:
    hours_wording: int = 0  # "hours_<hours>": how the prompt states the user's hours
    offer_layout: int = 0  # "offer": how Tony lays out his slots
    opener: int = 0  # "partner_opener": how the partner's text opens
    moved_subject: int = 0  # "dentist_moved_subject" and "dentist_moved": the dentist's note that the time moved
    office_mode: str = "prompt"  # how the office day is known: "prompt" (world 0), "mail", "corrected", "kept"
    office_text: int = 0  # "office_mail": the colleague's mail
    office_fix: int = 0  # "corrected": the first mail ("office_first") and the correction ("office_fix") in one
    office_ref: int = 0  # "office_prompt": how the prompt points at the colleague's mail
    partner_event: int = -1  # index into PARTNER_EVENTS when the partner names the day by that event, else -1
    partner_ps: int = -1  # "partner_ps" when the partner's text adds that a day (``ps_day``) is fine
    office_kept: int = 0  # "office_kept": the colleague's later mail calling the move off ("kept" worlds)
    office_aside: int = 0  # "office_aside": the colleague's later mail about another day ("aside" worlds)
    # Drawn worlds without the "lifted" twist: the partner asked for the day on Sunday and the mid-morning text
    # ("partner_still") points back at that text without naming the day (-1: not so).
    partner_still: int = -1
    # The twin of "still": Sunday's text asked for ``dropped_day``, the mid-morning one ("partner_dropped") calls it
    # off and names the day by the partner's evening event (``partner_event``) only (-1 / None: not so).
    partner_dropped: int = -1
    dropped_day: date | None = None
    # Another evening at home in the calendar, on ``decoy_day`` (not the partner's): an index into PARTNER_EVENTS other
    # than ``partner_event``, so "the day of the evening event at home" is no sign of the partner's day (-1: none).
    decoy_event: int = -1
    decoy_day: date | None = None
    # Half the "lifted" worlds: a later text ("partner_undo") takes the mid-morning one back. Sunday's text and the undo
    # name the partner's day; ``lifted_day`` is then the day the mid-morning text asked for and the undo frees (-1: no).
    partner_undo: int = -1
    partner_recap: int = -1  # the other half: the later text ("partner_recap") repeats the mid-morning one
    # Worlds whose mid-morning text names the day (by weekday or evening event): a later text either moves the need
    # ("partner_moved": the mid-morning text asked for ``later_day``, now free) or restates it ("partner_same": the
    # mid-morning text's day stands, ``later_day`` is another day it calls fine), half each (-1 / None: no such text).
    partner_moved: int = -1
    partner_same: int = -1
    later_day: date | None = None
    # Half the drawn worlds: Tony mixes up the first booking (``cast``): the first text naming one slot, whichever,
    # is confirmed as ``mix_a``, a window within the hours that breaks a rule (None: no mix-up).
    mix_a: datetime | None = None
    # Drawn worlds (version 6): the window Tony's postscript says has gone (its problem is TAKEN), the window the same
    # postscript calls still free (any other window within the hours, the valid one at its even share) and the
    # postscript's phrasing ("offer_gone").
    gone: datetime | None = None
    gone_kept: datetime | None = None
    gone_text: int = 0
    # Drawn worlds (version 8): the lobby works (doors.py: draw_doors says what each field holds; world 0: none).
    door_notice: tuple[int, ...] = ()
    door_shut: tuple[int, ...] = ()
    door_lines: tuple[int, ...] = ()
    door_text: int = 0
    door_later: tuple[tuple[int, str, int, int], ...] = ()
    door_prompt: int = 0
    door_update: int = 0

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
    def asked_day(self) -> date:
        """The day the partner's mid-morning text names (or whose evening event it names): the partner's day unless
        a later text moved the need away from it."""
        return self.later_day if self.partner_moved >= 0 and self.later_day is not None else self.partner_day

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
    return rng.choice([d for d in options if d.hour >= 7 and d.time() >= time(7, 30)
                       and not any(d < s + WINDOW and s < d + DENTIST_LENGTH for s in avoid)])


def _phantom(rng: random.Random, slots: list[Slot], valid: datetime, dentist: datetime) -> datetime:
    """The dentist's other time (the old one of a "moved" world, the one offered and not taken otherwise): over the
    window drawn evenly among those within the user's hours but the clash (the valid one among them), so that
    neither "the time a mail moves it to", "the time it moved from" nor "the window under the other time" tells which
    slot is free any better than a guess among those windows (version 7, issue 34 session 22: over the valid slot in
    half the worlds, "the window under the time that is not the appointment" booked it half the time)."""
    over = rng.choice([s.start for s in slots if s.problem not in (CLASH, HOURS)])
    return _around(rng, over, [dentist, *(s.start for s in slots if s.start != over)])


def _fit(rng: random.Random, slots: list[Slot], day: date, hours: tuple[int, ...], problem: Problem | None) -> None:
    """Add a window of ``problem`` on ``day`` at one of ``hours``, apart from every window there."""
    slots.append(Slot(rng.choice([at(day, h) for h in hours if all(apart(at(day, h), s.start) for s in slots)]),
                      problem))


def _free(slots: list[Slot], day: date, hours: tuple[int, ...]) -> bool:
    """Whether a window at one of ``hours`` still fits on ``day``."""
    return any(all(apart(at(day, h), s.start) for s in slots) for h in hours)


def _slots(rng: random.Random, hours: str, office: date, partner: date, valid_day: date,
           spare: date) -> tuple[tuple[Slot, ...], datetime, datetime]:
    """Tony's slots (chronological), the dentist's (real) start and its other time (``_phantom``).

    Every rule a reader must apply strikes windows within the user's hours (issue 34, session 21: the office-day
    and partner-day windows used to move outside the hours in half the worlds, where a wrong reading of the
    colleague's mail or the partner's texts cost nothing). The office day and the partner's day each hold one or
    two windows within the hours (two: the early and the late one, ``PAIRS``), half each, and the clash shares the
    valid day in half the worlds, so a reading that misses one rule leaves two or three windows standing beside the
    valid one, and "a day with two windows is a struck one" is right only at chance. Windows outside the hours
    outnumber those within in half the worlds, so "the part of the day most windows are in" tells nothing."""
    starts, pair = _starts(hours), PAIRS[hours]
    first, second = rng.sample(pair, 2)
    # Version 6: a window fitting every rule of the user's that Tony has given away (TAKEN) stands beside the valid
    # one. Which of the valid, the taken and the clash share a day is drawn evenly among the three pairings, so "the
    # fitting window alone on its day" or "the one beside the clash" is right only at chance.
    shared = rng.choice(((None, CLASH), (None, TAKEN), (TAKEN, CLASH)))
    alone = next(x for x in (None, TAKEN, CLASH) if x not in shared)
    pair_day, alone_day = (valid_day, spare) if None in shared else (spare, valid_day)
    slots = [Slot(at(pair_day, first), shared[0]), Slot(at(pair_day, second), shared[1]),
             Slot(at(alone_day, rng.choice(starts)), alone)]
    for day, problem in ((office, OFFICE_DAY), (partner, PARTNER_DAY)):
        slots += [Slot(at(day, h), problem) for h in pair] if rng.random() < .5 else [
            Slot(at(day, rng.choice(starts)), problem)]
    within = len(slots)
    # Never a tie. More windows outside the hours often do not fit (the whole draw is made again), so that side is
    # drawn more often: most windows lie within the hours about half the time.
    for _ in range(within + rng.choices((-1, 1), weights=(1, 3))[0]):
        days = [d for d in WEEK if _free(slots, d, OUTSIDE[hours])]
        if not days:
            raise ValueError("no more windows outside the hours fit")
        _fit(rng, slots, rng.choice(days), OUTSIDE[hours], HOURS)
    clash = next(s.start for s in slots if s.problem == CLASH)
    dentist = _around(rng, clash, [s.start for s in slots if s.problem != CLASH])
    shown = _phantom(rng, slots, next(s.start for s in slots if s.problem is None), dentist)
    return tuple(sorted(slots, key=lambda s: s.start)), dentist, shown


def _drawn_slots(rng: random.Random, hours: str, office: date, partner: date, valid_day: date,
                 spare: date) -> tuple[tuple[Slot, ...], datetime, datetime]:
    """``_slots``, drawn again (from the same stream) when the windows outside the hours do not all fit."""
    for _ in range(50):
        try:
            return _slots(rng, hours, office, partner, valid_day, spare)
        except ValueError:
            continue
    raise ValueError("Tony's windows do not fit in the week")


def _mixup(rng: random.Random, slots: tuple[Slot, ...]) -> dict[str, Any]:
    """Tony's postscript (version 6: the window gone, and the one it calls still free: since version 7 any other
    window within the hours, the valid one at its even share, so "the window the postscript keeps" is no sign of the
    free one), and
    in half the worlds the window Tony's first confirmation names whatever else was asked for (issue 34, session
    21: a reader that booked whatever "booked in" followed passed on the slot alone, so a second decision, whether
    the confirmation is the booking asked for, must be right too). It is a window within the hours that breaks a
    rule (never the one gone), drawn among them all, so the mix-up says nothing of which slot was asked."""
    gone = next(s.start for s in slots if s.problem == TAKEN)
    valid = next(s.start for s in slots if s.problem is None)
    struck = [s.start for s in slots if s.problem not in (None, HOURS, TAKEN)]
    # Version 7: the window still free is drawn evenly among the fitting and struck windows within the hours (it was
    # the valid one half the time, so "book the window the postscript keeps" passed half the worlds).
    kept = {"gone": gone, "gone_kept": rng.choice([valid, *struck]),
            "gone_text": PHRASES.index(rng, "offer_gone")}
    if rng.random() < .5:
        return kept
    return {**kept, "mix_a": rng.choice([s.start for s in slots if s.problem not in (None, HOURS, TAKEN)])}


def _twists(rng: random.Random) -> set[str]:
    """The twists of a drawn world: each on its own chance, at least one."""
    chosen = {t for t, chance in ((TWIST_MORNING, 1 / 2), (TWIST_LIFTED, 1 / 2), (TWIST_MOVED, 1 / 2))
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


def _names_field(phrasing: Phrasing, field: str) -> bool:
    """Whether a phrasing fills ``field`` (a function phrasing: assumed not)."""
    return isinstance(phrasing, str) and any(name == field for _, name, _, _ in string.Formatter().parse(phrasing))


def _names_next_day(phrasing: Phrasing) -> bool:
    """Whether an "office_mail" phrasing names the office day by the day after it (``{after}``)."""
    return _names_field(phrasing, "after")


def _later(rng: random.Random, refs: dict[str, Any], partner_day: date, lifted: bool) -> dict[str, Any]:
    """The later text of a world whose mid-morning text names the day (by weekday or evening event): moving the need
    to the partner's day from another (``later_day``) or restating it and calling another day fine, half each."""
    if lifted or refs["partner_still"] >= 0 or refs["partner_dropped"] >= 0:
        return {}
    other = rng.choice([d for d in WEEK if d != partner_day])
    kind = "partner_moved" if rng.random() < .5 else "partner_same"
    return {kind: PHRASES.index(rng, kind), "later_day": other}


def _evenings(rng: random.Random, refs: dict[str, Any], partner_day: date, lifted: bool,
              later: date | None = None) -> dict[str, Any]:
    """The day Sunday's text asked for in a "dropped" world, another evening at home in the calendar (in every
    "still" world, where the partner's text names no event, and in half the others, so neither "the day of the
    evening at home" nor "the only evening at home" names the partner's day), and whether a "lifted" world's text is
    taken back (half of them)."""
    others = [d for d in WEEK if d != partner_day]
    homes = [d for d in others if d != later]  # the evening event of a "partner_moved" world sits on ``later``
    decoy = refs["partner_still"] >= 0 or rng.random() < .5
    return {"dropped_day": rng.choice(others) if refs["partner_dropped"] >= 0 else None,
            "decoy_event": rng.choice([n for n in range(len(PARTNER_EVENTS)) if n != refs["partner_event"]])
            if decoy else -1, "decoy_day": rng.choice(homes) if decoy else None,
            **({} if not lifted else {"partner_undo": PHRASES.index(rng, "partner_undo")} if rng.random() < .5 else
               {"partner_recap": PHRASES.index(rng, "partner_recap")})}


def _references(rng: random.Random, office: date, moved_to: date, lifted: bool) -> dict[str, Any]:
    """How a drawn world points at the office day (a colleague's mail, maybe corrected or called off later) and,
    without the "lifted" twist, how the partner names the day: in the text, by an event in the calendar, or in
    Sunday's text that the mid-morning one points back at."""
    mode = rng.choice(OFFICE_MODES)
    moved = moved_to if mode == "kept" else office  # the day the first mail names as this week's
    mails = [n for n, phrasing in enumerate(PHRASES.phrasings("office_mail"))
             if moved.weekday() < 4 or not _names_next_day(phrasing)]  # a Friday's next day is no working day
    named = "event" if lifted else rng.choice(("text", "event", "sunday", "dropped"))
    # The prompt never names this week's office day: a "kept", "aside" or "single" world's usual day is it, so no
    # phrasing naming it there.
    refs = [n for n, phrasing in enumerate(PHRASES.phrasings("office_prompt"))
            if mode in ("mail", "corrected") or not _names_field(phrasing, "usual")]
    return {"office_mode": mode, "office_text": rng.choice(mails),
            "office_fix": rng.randrange(len(PHRASES.phrasings("office_first")) * len(PHRASES.phrasings("office_fix"))),
            "office_ref": rng.choice(refs), "office_kept": PHRASES.index(rng, "office_kept"),
            "office_aside": PHRASES.index(rng, "office_aside"),
            "partner_event": -1 if lifted or named not in ("event", "dropped") else rng.randrange(len(PARTNER_EVENTS)),
            "partner_still": PHRASES.index(rng, "partner_still") if not lifted and named == "sunday" else -1,
            "partner_dropped": PHRASES.index(rng, "partner_dropped") if not lifted and named == "dropped" else -1,
            "partner_ps": -1 if lifted or rng.random() < .2 else PHRASES.index(rng, "partner_ps")}


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
    slots, dentist, other = _drawn_slots(rng, hours, office, partner_day, valid_day, spare)
    moved = TWIST_MOVED in twists
    # The days the colleague, the partner's "lifted" text and their postscript name beside the one that matters:
    # any other day, so a day named there is no sign of the free one.
    others = [d for d in WEEK if d != partner_day]
    reasons = PARTNER_REASONS if hours == AFTERNOON else MORNING_REASONS
    lifted = TWIST_LIFTED in twists
    usual = rng.choice([d for d in WEEK if d != office])  # the colleague's other day (see office_mails)
    refs = _references(rng, office, usual, lifted)
    later = _later(rng, refs, partner_day, lifted)
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
        gendered=False, hours=hours, lifted_day=rng.choice(others) if lifted else None,
        dentist_shown=other if moved else None, dentist_offer=None if moved else other,
        usual_day=usual, ps_day=rng.choice([d for d in others if d != later.get("later_day")]),
        hours_wording=PHRASES.index(rng, f"hours_{hours}"), offer_layout=PHRASES.index(rng, "offer"),
        opener=PHRASES.index(rng, "partner_opener"), moved_subject=PHRASES.index(rng, "dentist_moved_subject"),
        **refs, **later, **_evenings(rng, refs, partner_day, lifted, later.get("later_day")))
    params = replace(params, **_mixup(rng, slots))
    params = replace(params, **draw_doors(rng, len(WEEK)))  # drawn last: the rest of the world is drawn as in version 7
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
    if slot.start == params.gone:
        found.add(TAKEN)
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
    if params.lifted_day is not None and params.lifted_day == params.partner_day:
        raise ValueError("the day the partner freed cannot be the day they need")
    for other in (params.dentist_shown, params.dentist_offer):
        if other is not None and other == params.dentist_start:
            raise ValueError("the dentist's other time must differ from the real one")
    if params.partner_day in (params.dropped_day, params.decoy_day):
        raise ValueError("the day Sunday's text dropped and the other evening's are not the partner's")
    if params.partner_day in (params.later_day, params.ps_day) or (
            params.later_day is not None and params.later_day in (params.ps_day, params.decoy_day)):
        raise ValueError("the later text's other day, the postscript's and the partner's are three days")
    if params.mix_a is not None and params.mix_a not in {s.start for s in params.slots if s.problem is not None}:
        raise ValueError("Tony's mix-up names one of his windows other than the valid one")
    if params.gone is not None and params.gone_kept in (None, params.gone):
        raise ValueError("Tony's postscript calls another window than the one gone still free")
    check_doors(params)
    if params.usual_day is not None and params.usual_day == params.office_day:
        raise ValueError("the usual office day must differ from this week's")
